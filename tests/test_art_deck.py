"""A deck with its own art (issue 35): each card's picture is in the PDF once, as its file
holds it where PDF can take it (a PNG's IDAT data, a JPEG's bytes), prints in its own
colours (see-through pixels show what is under them), and the same build gives the same
bytes. A PDF pnp ships has no ASCII85 text in it."""

from __future__ import annotations

import io
import json
import shutil
import struct
import subprocess
from pathlib import Path

import pikepdf
import pytest
from conftest import MM, run_pnp
from PIL import Image

GAME_YAML = """\
id: art
name: Art Deck
rules: none
languages: [en]
components:
  cards:
    kind: deck
    title: Cards
    file: cards.yaml
    size: poker
    front: card-front.svg.j2
    back: card-back.svg.j2
    fields:
      title: {type: text}
      art: {type: image}
"""

FRONT = """\
{% import "pnp.svg.j2" as pnp %}
{% set b = face.bleed %}
{% call pnp.face(face) %}
<g><rect x="{{ (-b)|num }}" y="{{ (-b)|num }}" width="{{ face.full_w|num }}" \
height="{{ face.full_h|num }}" fill="#336699"/>
<image href="{{ item.art }}" x="{{ (-b)|num }}" y="{{ (-b)|num }}" \
width="{{ face.full_w|num }}" height="{{ face.full_h|num }}" preserveAspectRatio="none"/></g>
<g><rect x="5" y="5" width="{{ (face.w - 10)|num }}" height="9" rx="2" fill="#fbf7ef"/>
<text x="{{ (face.w / 2)|num }}" y="11.5" font-family="Fira Sans" font-weight="bold" \
font-size="5" text-anchor="middle" fill="#222222">{{ item.title }}</text></g>
{% endcall %}
"""

UNDER = (0x33, 0x66, 0x99)  # what the template draws under the art
# each image: four quarters (top left, top right, bottom left, bottom right), RGBA
QUARTERS = {
    "photo.png": [(200, 30, 30, 255), (30, 160, 60, 255), (40, 40, 200, 255),
                  (230, 200, 40, 255)],
    "palette.png": [(250, 250, 250, 255), (10, 10, 10, 255), (180, 60, 140, 255),
                    (60, 180, 170, 255)],
    "alpha.png": [(200, 30, 30, 255), (200, 30, 30, 0), (200, 30, 30, 128),
                  (240, 240, 240, 255)],
    "photo.jpg": [(220, 120, 40, 255), (40, 120, 220, 255), (120, 220, 40, 255),
                  (90, 90, 90, 255)],
    "shared.png": [(20, 20, 20, 255), (240, 240, 240, 255), (240, 240, 240, 255),
                   (20, 20, 20, 255)],
}
CARDS = [("photo", "photo.png"), ("palette", "palette.png"), ("alpha", "alpha.png"),
         ("jpeg", "photo.jpg"), ("shared-1", "shared.png"), ("shared-2", "shared.png"),
         ("shared-3", "shared.png"), ("large", "large.png")]


def quarters(colours: list[tuple[int, int, int, int]]) -> Image.Image:
    im = Image.new("RGBA", (120, 168))
    for i, colour in enumerate(colours):
        x, y = (i % 2) * 60, (i // 2) * 84
        im.paste(colour, (x, y, x + 60, y + 84))
    return im


def large_png() -> bytes:
    """A PNG of noise (~4.3 MB): a deck holding it reads its file as the PDF is written."""
    import numpy as np

    rng = np.random.default_rng(35)
    out = io.BytesIO()
    Image.fromarray(rng.integers(0, 256, (1200, 1200, 3), dtype=np.uint8), "RGB").save(
        out, "PNG", compress_level=1)
    return out.getvalue()


def idat(png: bytes) -> bytes:
    """A PNG's IDAT data, joined: what its image stream must be."""
    pos, found = 8, []
    while pos < len(png):
        (length,), kind = struct.unpack(">I", png[pos:pos + 4]), png[pos + 4:pos + 8]
        if kind == b"IDAT":
            found.append(png[pos + 8:pos + 8 + length])
        pos += 12 + length
    return b"".join(found)


@pytest.fixture(scope="module")
def art(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The art deck's game folder, as `pnp new` starts one."""
    import yaml

    content = tmp_path_factory.mktemp("art") / "content"
    made = run_pnp("new", "art", "--content", content)
    assert made.returncode == 0, made.stderr
    game = content / "art"
    (game / "game.yaml").write_text(GAME_YAML)
    (game / "templates" / "card-front.svg.j2").write_text(FRONT)
    folder = game / "pictures"
    folder.mkdir()
    for name, colours in QUARTERS.items():
        im = quarters(colours)
        if name == "alpha.png":
            im.save(folder / name)
        elif name == "palette.png":
            im.convert("RGB").quantize(4).save(folder / name)
        elif name == "photo.jpg":
            im.convert("RGB").save(folder / name, quality=95)
        else:
            im.convert("RGB").save(folder / name)
    (folder / "large.png").write_bytes(large_png())
    cards = [{"id": card, "title": card.title(), "art": f"pictures/{file}"}
             for card, file in CARDS]
    (game / "cards.yaml").write_text(yaml.safe_dump({"cards": cards}, sort_keys=False))
    return content


def build(content: Path, out: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PNP_CACHE", "0")  # cold, every time
    result = run_pnp("build", "art", "--content", content, "--out", out)
    assert result.returncode == 0, result.stderr[-2000:]
    return out / "art" / "cards.pdf"


def images(pdf: pikepdf.Pdf) -> list[pikepdf.Stream]:
    """Every image XObject but soft masks."""
    masks = {o.SMask.objgen for o in pdf.objects if isinstance(o, pikepdf.Stream)
             and o.get("/Subtype") == "/Image" and "/SMask" in o}
    return [o for o in pdf.objects if isinstance(o, pikepdf.Stream)
            and o.get("/Subtype") == "/Image" and o.objgen not in masks]


def test_each_picture_is_one_xobject_its_file_data_passed_through(
        art: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pdf_path = build(art, tmp_path, monkeypatch)
    folder = art / "art" / "pictures"
    with pikepdf.open(pdf_path) as pdf:
        found = images(pdf)
        assert len(found) == len({file for _, file in CARDS})  # shared.png: once
        for page in pdf.pages:  # never inline
            ops = [str(op) for _, op in pikepdf.parse_content_stream(page)]
            assert "INLINE IMAGE" not in ops and "BI" not in ops
        raw = {bytes(o.read_raw_bytes()): o for o in found}
        for name in ("photo.png", "shared.png", "large.png"):
            stream = raw.get(idat((folder / name).read_bytes()))
            assert stream is not None, f"{name}: its IDAT data is not an image stream"
            assert stream.Filter == "/FlateDecode" and stream.DecodeParms.Predictor == 15
            assert stream.DecodeParms.Columns == stream.Width
        jpeg = raw.get((folder / "photo.jpg").read_bytes())
        assert jpeg is not None and jpeg.Filter == "/DCTDecode"
        palette = raw.get(idat((folder / "palette.png").read_bytes()))
        assert palette is not None and palette.ColorSpace[0] == "/Indexed"
        see_through = [o for o in found if "/SMask" in o]
        assert len(see_through) == 1 and see_through[0].Width == 120
        for o in pdf.objects:
            if isinstance(o, pikepdf.Stream):
                assert "/ASCII85Decode" not in str(o.get("/Filter", ""))


def test_the_same_build_gives_the_same_bytes_and_the_manifest_says_them(
        art: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import hashlib

    first = build(art, tmp_path / "a", monkeypatch).read_bytes()
    second = build(art, tmp_path / "b", monkeypatch).read_bytes()
    assert first == second
    manifest = json.loads((tmp_path / "a" / "art" / "manifest.json").read_text())
    assert manifest["files"][0]["sha256"] == hashlib.sha256(first).hexdigest()
    # the PDF is about the size of its pictures, not three times it
    pictures = sum(p.stat().st_size for p in (art / "art" / "pictures").iterdir())
    assert len(first) < pictures * 1.1


@pytest.mark.skipif(shutil.which("pdftoppm") is None,
                    reason="pdftoppm (poppler-utils) is not installed: cannot print the page")
def test_every_picture_prints_in_its_own_colours(art: Path, tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Each quarter of each card's picture, as poppler prints the page, is the colour of
    the file: a see-through quarter shows the blue under it, a half-clear one a blend."""
    import pdfplumber

    pdf_path = build(art, tmp_path, monkeypatch)
    dpi = 50
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-f", "1", "-l", "1", pdf_path,
                    tmp_path / "page"], check=True, capture_output=True)
    page_png = Image.open(next(tmp_path.glob("page*.png"))).convert("RGB")
    with pdfplumber.open(pdf_path) as pdf:
        placed = sorted(pdf.pages[0].images, key=lambda im: (round(im["top"]), im["x0"]))
    assert len(placed) == 8  # 8 cards on the first page (9-up)
    wrong = []
    for (card, file), im in zip(CARDS, placed, strict=True):
        if file == "large.png":
            continue  # noise
        for i, (r, g, b, a) in enumerate(QUARTERS[file]):
            x = im["x0"] + (0.25 + 0.5 * (i % 2)) * (im["x1"] - im["x0"])
            y = im["top"] + (0.25 + 0.5 * (i // 2)) * (im["bottom"] - im["top"])
            want = [round((c * a + u * (255 - a)) / 255) for c, u in zip((r, g, b), UNDER, strict=True)]
            got = page_png.getpixel((round(x * dpi / 72), round(y * dpi / 72)))
            if max(abs(p - q) for p, q in zip(got, want, strict=True)) > 12:
                wrong.append((card, i, got, tuple(want)))
    assert wrong == []
    assert abs((placed[0]["x1"] - placed[0]["x0"]) / MM - 69.5) < 0.1  # full bleed


def test_a_shipped_game_pdf_has_no_ascii85(tod_a4: Path) -> None:
    """A PDF is a binary file: ASCII85 made every stream a quarter larger."""
    pdfs = sorted(tod_a4.glob("*.pdf"))
    assert pdfs
    for path in pdfs:
        data = path.read_bytes()
        assert b"ASCII85Decode" not in data and b"/A85" not in data, path.name


def test_a_damaged_picture_is_refused_at_its_card_by_validate_and_build(
        art: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A PNG whose data is damaged (one byte changed in its image data: its checksum no
    longer matches) is one error at the card that names it, from validate as from build,
    and the earlier output stays as it was."""
    from conftest import assert_clean_failure

    content = tmp_path / "content"
    shutil.copytree(art, content)
    out = tmp_path / "out"
    before = build(content, out, monkeypatch).read_bytes()
    picture = content / "art" / "pictures" / "large.png"
    data = bytearray(picture.read_bytes())
    data[len(data) // 2] ^= 0xFF
    picture.write_bytes(bytes(data))
    cards = (content / "art" / "cards.yaml").read_text().splitlines()
    line = next(i for i, text in enumerate(cards, 1) if "pictures/large.png" in text)
    for args in (["validate", "art"], ["build", "art", "--out", out]):
        lines = assert_clean_failure(run_pnp(*args, "--content", content), 1)
        assert any(f"cards.yaml:{line}: " in ln and "'pictures/large.png' is damaged" in ln
                   for ln in lines), lines
    assert (out / "art" / "cards.pdf").read_bytes() == before
