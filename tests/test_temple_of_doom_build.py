"""The shipped Temple of Doom, built as a user would, opened and counted."""

import json
import re
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, run_pnp
from pypdf import PdfReader


def test_manifest_lists_every_file_with_its_hash(tod_a4: Path) -> None:
    import hashlib

    manifest = json.loads((tod_a4 / "manifest.json").read_text())
    assert manifest["game"] == "temple-of-doom" and manifest["paper"] == "a4"
    files = {f["component"]: f for f in manifest["files"]}
    assert set(files) == {"cards", "tiles", "reference", "layout"}
    assert (files["cards"]["items"], files["cards"]["pages"], files["cards"]["duplex"]) == (54, 12, True)
    assert (files["tiles"]["items"], files["tiles"]["duplex"]) == (36, True)
    assert files["tiles"]["with"] == [{"component": "cubes", "items": 8}]  # its spare space
    assert files["layout"]["pages"] == 1
    for f in manifest["files"]:
        data = (tod_a4 / f["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == f["sha256"]
        assert len(PdfReader(tod_a4 / f["path"]).pages) == f["pages"]


def test_cards_pdf_has_54_cards_nine_per_page(tod_a4: Path) -> None:
    pdf = pdfplumber.open(tod_a4 / "cards.pdf")
    assert len(pdf.pages) == 12
    per_page = []
    symbols: Counter[str] = Counter()
    for page in pdf.pages[0::2]:  # fronts; each is followed by its backs page
        text = page.extract_text()
        labels = re.findall(r"(Drop|Hammers|Circles|Bricks|Wheel|Arrow) · (\d)", text)
        per_page.append(len(labels))
        symbols.update(name for name, _ in labels)
        assert page.width == pytest.approx(210 * MM, abs=0.01)
    assert per_page == [9] * 6
    assert set(symbols.values()) == {9}  # 9 cards of each of the 6 symbols
    backs = pdf.pages[1].extract_text()
    assert backs.count("TEMPLE OF DOOM") == 9


def test_border_colour_is_never_the_only_cue(tod_a4: Path) -> None:
    text = " ".join(p.extract_text() for p in pdfplumber.open(tod_a4 / "cards.pdf").pages[0::2])
    for name in ("YELLOW", "GREEN", "RED", "BLUE", "WHITE · ANY", "BLACK · NONE"):
        assert text.count(name) == 9, name


def test_tiles_and_tokens(tod_a4: Path) -> None:
    tiles = pdfplumber.open(tod_a4 / "tiles.pdf")
    backs_text = " ".join(p.extract_text() for p in tiles.pages[1::2])
    assert backs_text.count("COLLAPSED") == 36
    assert len(tiles.pages) == 2


def test_layout_guide_shows_rows_variant_and_decks(tod_a4: Path) -> None:
    pdf = pdfplumber.open(tod_a4 / "layout.pdf")
    assert len(pdf.pages) == 1
    page = pdf.pages[0]
    assert page.width > page.height  # landscape
    text = page.extract_text()
    assert "6 + 5 + 4 + 5 + 4 + 3 + 4 + 3 + 2 = 36" in text
    assert "Easier: 6 + 5 + 4 + 5 + 4 + 5 + 4 + 3" in text
    for deck in ("Relic", "Temple", "Movement"):
        assert deck in text
    assert text.count("18 cards, 3 swapped in") == 2  # Relic and Temple; Movement has none
    for row in range(1, 10):
        assert f"row {row}:" in text
    assert "Setup guide · page 1/1" in text and "50 mm" in text  # info line and scale bar


def test_fonts_embedded_subset_once(tod_a4: Path) -> None:
    for name in ("cards.pdf", "tiles.pdf", "reference.pdf", "layout.pdf"):
        reader = PdfReader(tod_a4 / name)
        fonts = {}
        for page in reader.pages:
            for xobj_fonts in _fonts(page):
                for ref, font in xobj_fonts:
                    fonts[ref] = font
        base = [str(f["/BaseFont"]) for f in fonts.values()]
        assert base, name
        assert all(re.match(r"/?[A-Z]{6}\+FiraSans", b) for b in base), base  # subset
        assert len(base) == len(set(base)), f"{name}: a font is stored more than once: {base}"
        for f in fonts.values():
            descendant = f["/DescendantFonts"][0].get_object() if "/DescendantFonts" in f else f
            descriptor = descendant["/FontDescriptor"].get_object()
            assert "/FontFile2" in descriptor, "font must be embedded"


def _fonts(page):
    """(indirect ref, font) for the page's fonts and those of its form XObjects."""
    out = []
    stack = [page.get("/Resources")]
    seen = set()
    while stack:
        res = stack.pop()
        if res is None:
            continue
        res = res.get_object()
        fonts = res.get("/Font")
        if fonts:
            fonts = fonts.get_object()
            out.append([(fonts.raw_get(k).idnum, fonts[k].get_object()) for k in fonts])
        xobjs = res.get("/XObject")
        if xobjs:
            xobjs = xobjs.get_object()
            for k in xobjs:
                ref = xobjs.raw_get(k)
                if ref.idnum not in seen:
                    seen.add(ref.idnum)
                    stack.append(xobjs[k].get_object().get("/Resources"))
    return out


def test_same_input_gives_byte_identical_output(tmp_path: Path, tod_a4: Path) -> None:
    result = run_pnp("build", "temple-of-doom", "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    for f in ("cards.pdf", "tiles.pdf", "reference.pdf", "layout.pdf", "manifest.json"):
        assert (tmp_path / "temple-of-doom" / f).read_bytes() == (tod_a4 / f).read_bytes(), f


def test_shared_back_is_stored_once(tod_a4: Path) -> None:
    """Three card backs (one per background) however many cards: the PDF stays small."""
    size = (tod_a4 / "cards.pdf").stat().st_size
    assert size < 250_000, size
    tiles = (tod_a4 / "tiles.pdf").stat().st_size
    assert tiles < 120_000, tiles


def test_letter_paper_holds_eight_cards_landscape(tmp_path: Path) -> None:
    """Nine cards on Letter leave no room for crop marks 5 mm from the edge: eight,
    on the page turned landscape, and the same 54 cards in all."""
    result = run_pnp("build", "temple-of-doom", "--paper", "letter", "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    pdf = pdfplumber.open(tmp_path / "temple-of-doom" / "cards.pdf")
    assert pdf.pages[0].width == pytest.approx(792) and pdf.pages[0].height == pytest.approx(612)
    card = r"(?:Drop|Hammers|Circles|Bricks|Wheel|Arrow) · \d"
    assert len(re.findall(card, pdf.pages[0].extract_text())) == 8
    assert sum(len(re.findall(card, p.extract_text())) for p in pdf.pages[::2]) == 54
    assert json.loads((tmp_path / "temple-of-doom" / "manifest.json").read_text())["paper"] == "letter"


def test_list_shows_games_components_and_counts(tmp_path: Path) -> None:
    result = run_pnp("list", cwd=tmp_path)  # from anywhere: the shipped content
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "temple-of-doom" in out
    assert re.search(r"cards\s+deck\s+54 items", out)
    assert re.search(r"tiles\s+tiles\s+36 items", out)
    assert re.search(r"cubes\s+tokens\s+8 items", out)
