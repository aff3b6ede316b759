"""The resource check reads inline images as a PDF parser does: their data (ASCII85 text
or binary) may hold "EI" and bytes that look like operators ("/DEE cs"), and a deck with
its own PNG art builds without pnp blaming itself ("a defect of pnp")."""

from __future__ import annotations

import io
import random
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import run_pnp
from test_shipped_pdfs import unresolved_names

from pnp.draw.resources import used_names

# -- hand-made streams: each hides "EI" and a name with its operator inside image data --

A85_IMAGE = (b"q 10 0 0 10 0 0 cm\nBI /W 4 /H 4 /BPC 8 /CS /RGB /F [/A85 /Fl] ID\n"
             b"Gb\"EI\"/DEE\ncs\n(x)<a1>/F9 12 Tf!EI%\n~>\nEI\nQ\n")


@pytest.mark.parametrize("stream,names", [
    # ASCII85 (reportlab's own form): the data ends at "~>"
    (b"/gs1 gs\n" + A85_IMAGE + b"/gs2 gs", {("ExtGState", "gs1"), ("ExtGState", "gs2")}),
    # reportlab's 60-character lines split the end marker: "~" and ">" on two lines
    (b"BI /W 1 /H 1 /CS /G /BPC 8 /F [/A85 /Fl] ID\n9 EI /DEE cs ~\n>\nEI\nQ\n"
     b"BI /W 1 /H 1 /CS /G /BPC 8 /F [/A85 /Fl] ID\nzz~>\nEI /gs6 gs",
     {("ExtGState", "gs6")}),
    # full filter names, an array, other keys first
    (b"BI /Width 2 /Height 2 /BitsPerComponent 8 /ColorSpace /DeviceGray /Decode [1 0]\n"
     b"/Filter [/ASCII85Decode /FlateDecode] ID 9 EI /DEE cs ~>EI /Fm1 Do",
     {("XObject", "Fm1")}),
    # ASCII hex: the data ends at ">"
    (b"BI /W 2 /H 1 /CS /G /BPC 8 /F /AHx ID\n0a EI /DEE cs 1b>\nEI /gs3 gs",
     {("ExtGState", "gs3")}),
    # binary with its length given
    (b"BI /W 4 /H 1 /CS /G /BPC 8 /L 12 ID\n\x01 EI /DEE cs\nEI Q /gs4 gs",
     {("ExtGState", "gs4")}),
    # binary, no length: an "EI" followed by more binary data is still data
    (b"BI /W 8 /H 2 /CS /RGB /BPC 8 ID \x93 EI /DEE cs \x00\x9c\xff EI\n/X1 sh\x01\x02\n"
     b"EI\nQ /Sh1 sh", {("Shading", "Sh1")}),
    # two binary images close together, the second's data right after the first's "EI"
    (b"BI /W 1 /H 1 /CS /G /BPC 8 ID \x05 EI Q q BI /W 1 /H 1 /CS /G /BPC 8 ID \x99 EI "
     b"/DEE cs \x98\n EI Q /gs5 gs", {("ExtGState", "gs5")}),
    # "BI" in a string or as a name is no image; a string's "(" in image data is data
    (b"BT /F1 9 Tf (BI ID EI) Tj ET /BI gs\n" + A85_IMAGE + b"BT (a) Tj ET",
     {("Font", "F1"), ("ExtGState", "BI")}),
])
def test_inline_image_data_is_data(stream: bytes, names: set[tuple[str, str]]) -> None:
    assert used_names(stream) == names


def test_a_name_after_an_image_is_still_checked() -> None:
    """Skipping the image's data does not skip what follows it: an undefined name there
    is still found."""
    from reportlab.pdfgen.canvas import Canvas

    from pnp.draw.resources import unresolved

    c = Canvas(io.BytesIO())
    c._code.append(A85_IMAGE.decode("latin-1"))
    c._code.append("/gNope gs")
    c.showPage()
    c.save()
    assert unresolved(c._doc) == ["page 1: graphics state /gNope is not in its resources"]


# -- a corpus of random images --------------------------------------------------------

SEED, COUNT = 1, 60  # before the fix: 1 of these images (c041) fails alone, and the deck
CHANNELS = {"RGB": 3, "RGBA": 4, "L": 1, "P": 1}


def random_pngs(folder: Path) -> list[Path]:
    """COUNT noisy PNGs of random sizes and modes (noise compresses least: the most data,
    with every byte value in it)."""
    from PIL import Image

    rng = random.Random(SEED)
    folder.mkdir(parents=True)
    paths = []
    for i in range(COUNT):
        w, h = rng.randint(64, 320), rng.randint(64, 320)
        mode = rng.choice(["RGB", "RGBA", "L", "P"])
        image = Image.frombytes(mode, (w, h), rng.randbytes(w * h * CHANNELS[mode]))
        if mode == "P":
            image.putpalette(rng.randbytes(768))
        paths.append(folder / f"c{i:03d}.png")
        image.save(paths[-1])
    return paths


def image_deck(content: Path, name: str, images: list[Path]) -> None:
    """A game made by `pnp new` whose front template draws one image per card, from the
    game's art/ folder."""
    assert run_pnp("new", name, "--content", content).returncode == 0
    game = content / name
    (game / "art").mkdir()
    for image in images:
        shutil.copy(image, game / "art")
    (game / "cards.yaml").write_text("cards:\n" + "".join(
        f"  - {{id: {image.stem}, title: Card {i}, text: Art., value: 1, "
        f"suit: {('sun', 'moon')[i % 2]}}}\n" for i, image in enumerate(images)))
    yaml = game / "game.yaml"
    text = yaml.read_text().replace("count: 6}", f"count: {len(images)}}}")
    if len(images) == 1:  # one card shows one suit: nothing to tell apart
        text = text.replace("preflight: {tell_apart: [suit]}", "")
    yaml.write_text(text)
    front = game / "templates" / "card-front.svg.j2"
    front.write_text(front.read_text().replace("{% endcall %}", (
        '<g><image x="6" y="16" width="{{ (w - 12)|num }}" height="24" '
        'href="art/{{ item.id }}.png"/></g>\n{% endcall %}')))


@pytest.fixture(scope="module")
def art_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The corpus as a deck (one card per image), and one card with c041 alone."""
    content = tmp_path_factory.mktemp("art") / "content"
    images = random_pngs(content.parent / "corpus")
    image_deck(content, "art-deck", images)
    image_deck(content, "one-card", [images[41]])
    return content


def test_each_random_image_alone_names_nothing(art_deck: Path, monkeypatch) -> None:
    """Each image as reportlab draws it (as svglib has it drawn: inline, ASCII85) names
    no resource. (pnp itself draws images as XObjects and writes no ASCII85: this holds
    for reportlab's own inline images, the ones the name check must not misread.)"""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    monkeypatch.setattr(rl_config, "useA85", 1)

    failing = []
    for path in sorted((art_deck / "art-deck" / "art").glob("*.png")):
        c = Canvas(io.BytesIO())
        c.drawInlineImage(str(path), 0, 0, 10, 10)
        if used_names("\n".join(c._code).encode("latin-1")):
            failing.append(path.name)
    assert failing == []


def test_a_deck_of_random_images_builds_and_every_name_resolves(art_deck: Path,
                                                                 tmp_path: Path) -> None:
    result = run_pnp("build", "art-deck", "--content", art_deck, "--out", tmp_path)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "defect of pnp" not in result.stderr + result.stdout
    pdf = tmp_path / "art-deck" / "cards.pdf"
    assert unresolved_names(pdf) == []
    if shutil.which("pdfimages"):  # poppler reads every card's art (pypdf 7.1 misses one
        listing = subprocess.run(["pdfimages", "-list", pdf],  # whose "~>" is split)
                                 capture_output=True, text=True, check=True)
        assert listing.stderr == ""
        kinds = [line.split()[2] for line in listing.stdout.splitlines()[2:] if line.split()]
        assert kinds.count("image") == COUNT  # each card's art, an image XObject


@pytest.mark.parametrize("command", [("build",), ("validate",), ("watch", "--once")])
def test_one_card_with_its_own_art_is_not_a_defect_of_pnp(art_deck: Path, tmp_path: Path,
                                                           command: tuple[str, ...]) -> None:
    out = () if command[0] == "validate" else ("--out", tmp_path)
    result = run_pnp(*command, "one-card", "--content", art_deck, *out)
    assert result.returncode == 0, result.stderr[-2000:]
    assert "defect of pnp" not in result.stderr + result.stdout
    assert out == () or (tmp_path / "one-card" / "cards.pdf").is_file()
