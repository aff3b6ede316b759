"""`pnp export`: PNGs per face, Tabletop Simulator decks, print-shop PDFs, each opened
and measured (Pillow, pypdf, pdfplumber), run as a user runs pnp."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from urllib.parse import unquote, urlparse

import pdfplumber
import pytest
from conftest import FIXTURES, MM, assert_clean_failure, run_pnp
from PIL import Image
from pypdf import PdfReader

from pnp.export.collect import safe_names, shop_size
from pnp.export.draw import half_up

INCH = 72.0


def probe_content(tmp: Path, cards: int = 12, copies: dict[int, int] | None = None) -> Path:
    """The probe deck (front: its label F00 ..., back: B<id>, a 4 mm marker at the centre
    of both) with `cards` cards, some printed `copies` times."""
    content = tmp / "content"
    shutil.copytree(FIXTURES / "probe", content / "probe")
    copies = copies or {}
    (content / "probe" / "cards.yaml").write_text("cards:\n" + "".join(
        f"  - {{id: p{i:02d}, label: F{i:02d}, copies: {copies.get(i, 1)}}}\n"
        for i in range(cards)))
    game = content / "probe" / "game.yaml"
    total = cards + sum(n - 1 for n in copies.values())
    game.write_text(game.read_text().replace("count: 12", f"count: {total}"))
    return content


def export(*args: str | Path) -> None:
    result = run_pnp("export", *args)
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr


def pngs(folder: Path) -> dict[str, Image.Image]:
    return {str(p.relative_to(folder)): Image.open(p) for p in sorted(folder.rglob("*.png"))}


def test_sizes_snap_to_the_shops_inches_and_round_half_up() -> None:
    assert shop_size(63.5 * MM, 88 * MM) == (2.5 * INCH, 3.5 * INCH)  # poker
    assert shop_size(88 * MM, 63.5 * MM) == (3.5 * INCH, 2.5 * INCH)  # landscape
    assert shop_size(32 * MM, 32 * MM) == (32 * MM, 32 * MM)  # no shop size near
    assert [half_up(v) for v in (412.5, 412.49, 825.0000001, 1124.9999999)] == \
        [413, 412, 825, 1125]


def test_file_names_are_safe_and_unique() -> None:
    names = safe_names(["../../etc/x", "a/b", "CON", "card", "Card", ".hidden", "", "ü ß"])
    assert all("/" not in n and "\\" not in n and not n.startswith(".") and n for n in names)
    assert len({n.lower() for n in names}) == len(names)
    assert names[2] == "_CON" and names[4] == "Card-2"


@pytest.mark.parametrize(("dpi", "bleed", "size"), [
    (300, "--bleed", (825, 1125)),  # 2.75 x 3.75 in: The Game Crafter's poker card
    (300, "--no-bleed", (750, 1050)),
    (150, "--bleed", (413, 563)),  # 412.5 x 562.5 rounded half up
    (150, "--no-bleed", (375, 525)),
])
def test_png_one_per_face_at_the_dpi(tmp_path: Path, dpi: int, bleed: str,
                                     size: tuple[int, int]) -> None:
    content = probe_content(tmp_path, copies={3: 2})
    export("probe", "--format", "png", "--dpi", dpi, bleed, "--content", content,
           "--out", tmp_path / "out")
    folder = tmp_path / "out" / "probe" / "png"
    images = pngs(folder)
    assert len(images) == 24  # 12 fronts and 12 backs (they differ); copies once
    assert sorted(images)[:2] == ["cards/p00-back.png", "cards/p00-front.png"]
    assert {im.size for im in images.values()} == {size}
    assert round(images["cards/p00-front.png"].info["dpi"][0]) == dpi
    manifest = json.loads((folder / "manifest.json").read_text())
    assert sorted(f["path"] for f in manifest["files"]) == sorted(images)
    assert {f["item"]: f["copies"] for f in manifest["files"]}["p03"] == 2
    # the trim is centred: the red 4 mm marker at the card's centre is the image's centre
    front = images["cards/p00-front.png"].convert("RGB")
    red = [(x, y) for x in range(front.width) for y in range(0, front.height, 2)
           if front.getpixel((x, y)) == (255, 0, 0)]
    cx = (min(x for x, _ in red) + max(x for x, _ in red) + 1) / 2
    assert cx == pytest.approx(front.width / 2, abs=1)
    assert max(x for x, _ in red) - min(x for x, _ in red) + 1 == \
        pytest.approx(4 / 25.4 * dpi, abs=1.5)


def test_png_of_a_whole_game_counts_every_face(tmp_path: Path) -> None:
    export("temple-of-doom", "--format", "png", "--dpi", "150", "--out", tmp_path)
    folder = tmp_path / "temple-of-doom" / "png"
    images = pngs(folder)
    cards = {k: v for k, v in images.items() if k.startswith("cards/")}
    assert len(cards) == 108 and {im.size for im in cards.values()} == {(413, 563)}
    tiles = {k: v for k, v in images.items() if k.startswith("tiles/")}
    assert "tiles/back.png" in tiles and len(tiles) == 7  # 6 fronts, one shared back
    side = half_up((32 + 2 * 25.4 / 8) / 25.4 * 150)  # 32 mm tiles, 1/8 in bleed
    assert {im.size for im in tiles.values()} == {(side, side)}
    assert images["layout/layout.png"].size == (half_up(297 / 25.4 * 150),
                                                half_up(210 / 25.4 * 150))  # A4 landscape
    manifest = json.loads((folder / "manifest.json").read_text())
    assert len(manifest["files"]) == len(images)


def test_same_input_same_bytes(tmp_path: Path) -> None:
    content = probe_content(tmp_path)
    for out in ("a", "b"):
        export("probe", "--format", "png", "--dpi", "100", "--content", content,
               "--out", tmp_path / out)
    a, b = (tmp_path / out / "probe" / "png" for out in ("a", "b"))
    files = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files and files == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    assert all((a / f).read_bytes() == (b / f).read_bytes() for f in files)
    json_a = []
    for _ in range(2):  # the TTS JSON names absolute paths: the same --out both times
        export("probe", "--format", "tts", "--dpi", "100", "--content", content,
               "--out", tmp_path / "t")
        json_a.append((tmp_path / "t" / "probe" / "tts" / "probe.json").read_bytes())
    assert json_a[0] == json_a[1]


def _local(url: str) -> Path:
    parsed = urlparse(url)
    assert parsed.scheme == "file"
    return Path(unquote(parsed.path))


def _deck_checks(deck: dict, folder: Path) -> dict[str, tuple[int, int]]:
    """Every sheet: its grid at most 10 x 7, its image at most 4096 px a side and exactly
    grid x card pixels, both files inside the export. Returns the card size per sheet."""
    cards = {}
    for key, sheet in deck["CustomDeck"].items():
        assert 1 <= sheet["NumWidth"] <= 10 and 1 <= sheet["NumHeight"] <= 7
        assert sheet["BackIsHidden"] is True
        face = Image.open(_local(sheet["FaceURL"]))
        assert max(face.size) <= 4096
        assert face.width % sheet["NumWidth"] == 0 and face.height % sheet["NumHeight"] == 0
        card = (face.width // sheet["NumWidth"], face.height // sheet["NumHeight"])
        back = Image.open(_local(sheet["BackURL"]))
        assert back.size == (face.size if sheet["UniqueBack"] else card)
        for url in (sheet["FaceURL"], sheet["BackURL"]):
            assert _local(url).is_relative_to(folder.resolve())
        cards[key] = card
    return cards


def test_tts_deck_of_two_sheets_with_copies(tmp_path: Path) -> None:
    content = probe_content(tmp_path, cards=75, copies={0: 3, 74: 2})
    export("probe", "--format", "tts", "--content", content, "--out", tmp_path / "out")
    folder = tmp_path / "out" / "probe" / "tts"
    save = json.loads((folder / "probe.json").read_text())
    (deck,) = save["ObjectStates"]
    assert deck["Name"] == "DeckCustom"
    assert len(deck["DeckIDs"]) == 75 + 2 + 1 == len(deck["ContainedObjects"])
    assert {k: (v["NumWidth"], v["NumHeight"]) for k, v in deck["CustomDeck"].items()} == \
        {"1": (10, 7), "2": (5, 1)}
    assert deck["DeckIDs"][:4] == [100, 100, 100, 101]
    assert deck["DeckIDs"][-3:] == [203, 204, 204]  # card 74: sheet 2, index 4
    assert [c["CardID"] for c in deck["ContainedObjects"]] == deck["DeckIDs"]
    first = deck["ContainedObjects"][0]  # no title or name: its first text field, `label`
    assert (first["Nickname"], first["GMNotes"]) == ("F00", "p00")
    assert all(c["Name"] == "Card" and list(c["CustomDeck"]) == [str(c["CardID"] // 100)]
               for c in deck["ContainedObjects"])
    cards = _deck_checks(deck, folder)
    assert cards["1"] == cards["2"]
    w, h = cards["1"]
    assert w == 4096 // 10 and h <= 4096 // 7  # scaled down from 750 x 1050 at 300 dpi
    assert h / w == pytest.approx(3.5 / 2.5, abs=0.01)


def test_tts_whole_game(tmp_path: Path) -> None:
    export("temple-of-doom", "--format", "tts", "--dpi", "100", "--out", tmp_path)
    folder = tmp_path / "temple-of-doom" / "tts"
    save = json.loads((folder / "temple-of-doom.json").read_text())
    objects = save["ObjectStates"]
    decks = {o["Nickname"]: o for o in objects if o["Name"] == "DeckCustom"}
    assert len(decks["Cards"]["DeckIDs"]) == 54 and len(decks["Play reference"]["DeckIDs"]) == 2
    sheet = decks["Cards"]["CustomDeck"]["1"]
    assert (sheet["NumWidth"], sheet["NumHeight"], sheet["UniqueBack"]) == (10, 6, True)
    assert _deck_checks(decks["Cards"], folder)["1"] == (250, 350)  # 2.5 x 3.5 in at 100 dpi
    keys = [k for d in decks.values() for k in d["CustomDeck"]]
    assert len(keys) == len(set(keys))  # sheet numbers unique in the file
    tiles = [o for o in objects if o["Name"] == "Custom_Tile"]
    assert len(tiles) == 36 + 8 + 1  # tiles, archaeologists, the setup guide
    round_ones = [t for t in tiles if t["CustomImage"]["CustomTile"]["Type"] == 2]
    assert len(round_ones) == 8
    for tile in tiles:
        for key in ("ImageURL", "ImageSecondaryURL"):
            if tile["CustomImage"][key]:
                assert _local(tile["CustomImage"][key]).is_file()
    assert len({o["GUID"] for o in objects}) == len(objects)


def test_print_shop_deck_front_and_back_in_turn(tmp_path: Path) -> None:
    content = probe_content(tmp_path, copies={1: 2})
    export("probe", "--format", "print-shop", "--content", content, "--out", tmp_path)
    pdf = tmp_path / "probe" / "print-shop" / "cards.pdf"
    reader = PdfReader(pdf)
    assert len(reader.pages) == 2 * 13  # 12 cards, one of them twice
    for page in reader.pages:
        media = [float(v) for v in page.mediabox]
        assert media == pytest.approx([0, 0, 2.75 * INCH, 3.75 * INCH], abs=0.01)
        assert [float(v) for v in page.bleedbox] == pytest.approx(media, abs=0.01)
        assert [float(v) for v in page.trimbox] == pytest.approx(
            [9, 9, 9 + 2.5 * INCH, 9 + 3.5 * INCH], abs=0.01)  # 1/8 in = 9 pt
    order = ["p00", "p01", "p01"] + [f"p{i:02d}" for i in range(2, 12)]
    with pdfplumber.open(pdf) as doc:
        for k, item in enumerate(order):
            assert f"F{item[1:]}" in doc.pages[2 * k].extract_text()  # front: its label
            assert f"B{item}" in doc.pages[2 * k + 1].extract_text()  # then its back


def test_print_shop_items_without_backs_and_tokens(tmp_path: Path) -> None:
    export("temple-rush", "--format", "print-shop", "--out", tmp_path)
    folder = tmp_path / "temple-rush" / "print-shop"
    manifest = {f["path"]: f for f in json.loads((folder / "manifest.json").read_text())["files"]}
    temples = PdfReader(folder / "temples.pdf")
    assert len(temples.pages) == 2 * 32 == manifest["temples.pdf"]["pages"]
    boards = PdfReader(folder / "boards.pdf")  # player boards: one side each
    assert len(boards.pages) == 4
    trim = [float(v) for v in boards.pages[0].trimbox]
    assert (trim[2] - trim[0]) / MM == pytest.approx(190, abs=0.01)
    assert (trim[3] - trim[1]) / MM == pytest.approx(128, abs=0.01)
    assert float(boards.pages[0].mediabox[2]) / MM == pytest.approx(190 + 2 * 3.175, abs=0.01)
    powers = PdfReader(folder / "powers.pdf")
    assert len(powers.pages) == 2 * 12


def test_print_shop_board_with_3_mm_bleed(tmp_path: Path) -> None:
    export("temple-trip", "--format", "print-shop", "--out", tmp_path)
    page = PdfReader(tmp_path / "temple-trip" / "print-shop" / "board.pdf").pages[0]
    trim = [float(v) / MM for v in page.trimbox]
    bleed = [float(v) / MM for v in page.bleedbox]
    assert trim[2] - trim[0] == pytest.approx(34 * 25.4, abs=0.01)
    assert trim[3] - trim[1] == pytest.approx(17 * 25.4, abs=0.01)
    assert bleed == pytest.approx([0, 0, trim[2] + 3, trim[3] + 3], abs=0.01)
    assert [float(v) for v in page.mediabox] == pytest.approx([float(v) for v in page.bleedbox])


def test_wrong_usage_and_bad_content_keep_the_last_export(tmp_path: Path) -> None:
    content = probe_content(tmp_path)
    out = tmp_path / "out"
    export("probe", "--format", "print-shop", "--content", content, "--out", out)
    before = (out / "probe" / "print-shop" / "cards.pdf").read_bytes()
    for args, code in ((["--format", "png", "--dpi", "0"], 2), (["--format", "jpeg"], 2),
                       ([], 2), (["--format", "png", "--dpi", "abc"], 2)):
        assert_clean_failure(run_pnp("export", "probe", *args, "--content", content,
                                     "--out", out), code)
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards:\n  - {id: mine, labl: X}\n")
    lines = assert_clean_failure(run_pnp("export", "probe", "--format", "print-shop",
                                         "--custom", bad, "--content", content,
                                         "--out", out), 1)
    assert any("bad.yaml:2" in line and "labl" in line for line in lines)
    assert (out / "probe" / "print-shop" / "cards.pdf").read_bytes() == before
    (tmp_path / "elsewhere").mkdir()
    shutil.rmtree(out / "probe")
    (out / "probe").symlink_to(tmp_path / "elsewhere")  # would lead out of --out
    assert_clean_failure(run_pnp("export", "probe", "--format", "print-shop", "--content",
                                 content, "--out", out), 2)
    assert not any((tmp_path / "elsewhere").iterdir())


def test_a_booklet_exports_every_page(tmp_path: Path) -> None:
    """Temple Trip's Rules Booklet prints on several sheet sides: PNG draws each one, TTS
    gets the printed PDF to page through; a one-page sheet stays one image."""
    export("temple-trip", "--format", "png", "--dpi", "36", "--out", tmp_path)
    export("temple-trip", "--format", "tts", "--dpi", "36", "--out", tmp_path)
    folder = tmp_path / "temple-trip"
    save = json.loads((folder / "tts" / "temple-trip.json").read_text())
    (book,) = [o for o in save["ObjectStates"] if o["Name"] == "Custom_PDF"]
    assert book["Nickname"] == "Rules Booklet"
    pdf = _local(book["CustomPDF"]["PDFUrl"])
    assert pdf.is_relative_to((folder / "tts").resolve())
    printed = pdfplumber.open(pdf).pages
    assert len(printed) >= 2
    assert "Before the first roll" in " ".join(p.extract_text() or "" for p in printed[1:])
    images = pngs(folder / "png")
    pages = sorted(k for k in images if k.startswith("booklet/"))
    assert pages == [f"booklet/booklet-{n}.png" for n in range(1, len(printed) + 1)]
    size = (half_up(297 / 25.4 * 36), half_up(210 / 25.4 * 36))  # A4 landscape
    assert {images[k].size for k in pages} == {size}
    assert len({images[k].tobytes() for k in pages}) == len(pages)  # each its own page
    assert [k for k in images if k.startswith("quickstart/")] == ["quickstart/quickstart.png"]
    manifest = json.loads((folder / "png" / "manifest.json").read_text())
    assert [f["side"] for f in manifest["files"] if f["component"] == "booklet"] == \
        [f"page {n}" for n in range(1, len(printed) + 1)]


def test_tts_cards_are_named_by_their_title(tmp_path: Path) -> None:
    """In Tabletop Simulator a card shows its Nickname when hovered and searched: the
    card's title ("First Light"), not its id ("c01"), which stays in its GM notes."""
    assert run_pnp("new", "moon-sun", "--content", tmp_path / "c").returncode == 0
    export("moon-sun", "--format", "tts", "--dpi", "50", "--content", tmp_path / "c",
           "--out", tmp_path / "out")
    save = json.loads((tmp_path / "out" / "moon-sun" / "tts" / "moon-sun.json").read_text())
    (deck,) = save["ObjectStates"]
    assert deck["Nickname"] == "Cards"
    assert [(c["Nickname"], c["GMNotes"]) for c in deck["ContainedObjects"]] == [
        ("First Light", "c01"), ("High Noon", "c02"), ("Long Shadow", "c03"),
        ("New Moon", "c04"), ("Tide", "c05"), ("Eclipse", "c06")]
    assert len({c["GUID"] for c in deck["ContainedObjects"]}) == 6
