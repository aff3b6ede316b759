"""Open the built PDFs and measure them as a printer would: page, cut lines, backs."""

from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, build_probe, markers, word_centres

RED, BLUE = (1.0, 0.0, 0.0), (0.0, 0.0, 1.0)
A4 = (210 * MM, 297 * MM)
LETTER = (8.5 * 72, 11 * 72)


def crop_marks(page) -> list[dict]:
    """Crop marks: black hairlines (the scale bar is grey and thicker)."""
    return [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01
            and tuple(ln["stroking_color"] or ()) in ((0.0, 0.0, 0.0), (0,), (0.0,))]


def cut_positions(page) -> tuple[list[float], list[float]]:
    """x of vertical crop marks and y (up) of horizontal ones: the cut lines."""
    xs, ys = set(), set()
    for ln in crop_marks(page):
        if abs(ln["x0"] - ln["x1"]) < 0.01:
            xs.add(round(ln["x0"], 2))
        elif abs(ln["y0"] - ln["y1"]) < 0.01:
            ys.add(round(ln["y0"], 2))
    return sorted(xs), sorted(ys)


@pytest.mark.parametrize("paper,cards,size,grid", [
    ("a4", 12, A4, (3, 3)), ("letter", 12, LETTER, (3, 2)), ("letter", 16, LETTER[::-1], (4, 2))])
def test_page_size_and_card_trim(tmp_path: Path, paper: str, cards: int,
                                 size: tuple[float, float], grid: tuple[int, int]) -> None:
    """A4: 3 x 3 upright. Letter: a third row would put the crop marks 4.7 mm from the
    paper edge, so 3 x 2 upright, or 4 x 2 on the page turned landscape when that saves
    a sheet (16 cards: 2 sheets, not 3)."""
    pdf = pdfplumber.open(build_probe(tmp_path, "--paper", paper, cards=cards))
    page = pdf.pages[0]
    assert page.width == pytest.approx(size[0], abs=0.01)
    assert page.height == pytest.approx(size[1], abs=0.01)
    xs, ys = cut_positions(page)
    assert (len(xs), len(ys)) == (grid[0] + 1, grid[1] + 1)  # cards sharing cuts
    for a, b in zip(xs, xs[1:], strict=False):
        assert (b - a) / MM == pytest.approx(63.5, abs=0.05)
    for a, b in zip(ys, ys[1:], strict=False):
        assert (b - a) / MM == pytest.approx(88, abs=0.05)
    assert len(markers(page, RED)) == grid[0] * grid[1]
    for ln in crop_marks(page):  # nothing closer than 5 mm to the paper edge
        assert min(ln["x0"], ln["x1"], ln["top"], ln["bottom"]) >= 5 * MM - 0.01
        assert max(ln["x0"], ln["x1"]) <= page.width - 5 * MM + 0.01
        assert max(ln["top"], ln["bottom"]) <= page.height - 5 * MM + 0.01


def test_crop_marks_lie_outside_every_trim(tmp_path: Path) -> None:
    pdf = pdfplumber.open(build_probe(tmp_path))
    page = pdf.pages[0]
    xs, ys = cut_positions(page)
    left, right, bottom, top = xs[0], xs[-1], ys[0], ys[-1]
    assert len(crop_marks(page)) == 16  # 4 cut lines each way, a mark at both ends
    for ln in crop_marks(page):
        lx0, lx1 = sorted((ln["x0"], ln["x1"]))
        ly0, ly1 = sorted((ln["y0"], ln["y1"]))
        inside_x = lx1 > left + 0.01 and lx0 < right - 0.01
        inside_y = ly1 > bottom + 0.01 and ly0 < top - 0.01
        assert not (inside_x and inside_y), ln
        # and beyond the bleed: marks start at least 3 mm from the trim, 1.65 mm at the
        # sheet's left and right, where 9 cards on A4 leave room for 3 mm marks only if
        # the bleed there gives way (the info line says so); every mark is 3 mm long
        if abs(lx0 - lx1) < 0.01:
            assert ly0 >= top + 3 * MM - 0.01 or ly1 <= bottom - 3 * MM + 0.01
            assert ly1 - ly0 >= 3 * MM - 0.01
        else:
            assert lx0 >= right + 1.65 * MM - 0.01 or lx1 <= left - 1.65 * MM + 0.01
            assert lx1 - lx0 >= 3 * MM - 0.01
    assert "bleed 3 mm (left, right 1.65 mm)" in page.extract_text()


def test_no_crop_marks_option(tmp_path: Path) -> None:
    pdf = pdfplumber.open(build_probe(tmp_path, "--no-crop-marks"))
    assert cut_positions(pdf.pages[0]) == ([], [])


def _pairs(pdf, flip_x: bool) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """(front centre, back centre) for every card, matched by label (F07 ↔ Bp07)."""
    pairs = []
    for i in range(0, len(pdf.pages), 2):
        fronts, backs = word_centres(pdf.pages[i]), word_centres(pdf.pages[i + 1])
        for label, centre in fronts.items():
            if label.startswith("F"):
                pairs.append((centre, backs[f"Bp{label[1:]}"]))
    return pairs


def test_backs_mirror_fronts_on_the_long_edge(tmp_path: Path) -> None:
    pdf = pdfplumber.open(build_probe(tmp_path))
    assert len(pdf.pages) == 4  # 12 cards: fronts, backs, fronts, backs
    width = pdf.pages[0].width
    for page_no in (0, 2):
        fronts = markers(pdf.pages[page_no], RED)
        backs = markers(pdf.pages[page_no + 1], BLUE)
        assert len(fronts) == len(backs)
        for fx, fy in fronts:  # every front has a back exactly behind it
            assert min(abs(width - fx - bx) + abs(fy - by) for bx, by in backs) < 0.1 * MM
    pairs = _pairs(pdf, True)
    assert len(pairs) == 12
    for (fx, fy), (bx, by) in pairs:  # ... and it is that card's own back
        assert width - bx == pytest.approx(fx, abs=0.1 * MM)
        assert by == pytest.approx(fy, abs=0.1 * MM)


def test_back_offset_moves_backs_exactly(tmp_path: Path) -> None:
    plain = pdfplumber.open(build_probe(tmp_path / "a"))
    moved = pdfplumber.open(build_probe(tmp_path / "b", "--back-offset", "1,-0.5"))
    before = markers(plain.pages[1], BLUE)
    after = markers(moved.pages[1], BLUE)
    assert len(before) == len(after) == 9
    for (x0, y0), (x1, y1) in zip(before, after, strict=False):
        assert (x1 - x0) / MM == pytest.approx(1.0, abs=0.01)
        assert (y1 - y0) / MM == pytest.approx(-0.5, abs=0.01)
    # fronts do not move
    assert markers(plain.pages[0], RED) == markers(moved.pages[0], RED)


def test_letter_landscape_backs_mirror_top_to_bottom(tmp_path: Path) -> None:
    """On Letter the cards lie on a landscape page; flipped on the paper's long edge,
    the back of a card is the mirror image across the page's horizontal axis."""
    pdf = pdfplumber.open(build_probe(tmp_path, "--paper", "letter", cards=16))
    height = pdf.pages[0].height
    assert pdf.pages[0].width > height
    for page_no in (0, 2):
        fronts = markers(pdf.pages[page_no], RED)
        backs = markers(pdf.pages[page_no + 1], BLUE)
        assert len(fronts) == len(backs) and fronts
        for fx, fy in fronts:
            assert min(abs(fx - bx) + abs(height - fy - by) for bx, by in backs) < 0.1 * MM
    # turned about the horizontal axis, each back is printed upside down, so that a card
    # turned over like a book shows its back upright
    back_chars = [c for c in pdf.pages[1].chars if c["text"] == "B"]
    assert back_chars and all(c["matrix"][0] < 0 and c["matrix"][3] < 0 for c in back_chars)


def test_short_edge_flip_mirrors_vertically(tmp_path: Path) -> None:
    pdf = pdfplumber.open(build_probe(tmp_path, "--flip", "short"))
    height = pdf.pages[0].height
    fronts = markers(pdf.pages[0], RED)
    backs = markers(pdf.pages[1], BLUE)
    for fx, fy in fronts:
        assert min(abs(fx - bx) + abs(height - fy - by) for bx, by in backs) < 0.1 * MM


def test_no_duplex_puts_backs_after_all_fronts(tmp_path: Path) -> None:
    pdf = pdfplumber.open(build_probe(tmp_path, "--no-duplex"))
    kinds = ["front" if markers(p, RED) else "back" for p in pdf.pages]
    assert kinds == ["front", "front", "back", "back"]


def test_bleed_option_changes_art_beyond_trim(tmp_path: Path) -> None:
    """With no bleed the outer art stops at the trim; with 3 mm it runs 3 mm beyond."""
    def art_extent(path: Path) -> float:
        page = pdfplumber.open(path).pages[0]
        xs, _ = cut_positions(page)
        grey = [r for r in page.rects if tuple(r["non_stroking_color"] or ()) == (0.866667,) * 3
                or r["width"] > 60 * MM]
        return (xs[0] - min(r["x0"] for r in grey)) / MM
    assert art_extent(build_probe(tmp_path / "a")) == pytest.approx(3, abs=0.05)
    assert art_extent(build_probe(tmp_path / "b", "--bleed", "0")) == pytest.approx(0, abs=0.05)


def test_every_page_has_info_line_and_scale_bar(tmp_path: Path) -> None:
    pdf = pdfplumber.open(build_probe(tmp_path, "--paper", "letter"))
    for n, page in enumerate(pdf.pages, 1):
        text = "".join(c["text"] for c in page.chars)  # the line may run up the margin
        assert f"page {n}/4" in text
        assert "50 mm" in text
        bars = [ln for ln in page.lines if abs(abs(ln["x1"] - ln["x0"]) + abs(ln["y1"] - ln["y0"]) - 50 * MM) < 0.05]
        assert bars, "a 50 mm scale bar"


def test_partial_last_page_marks_only_its_cards(tmp_path: Path) -> None:
    """12 cards: the last page holds one row of 3; its marks cut that row, and that row
    keeps its bleed at the bottom where no neighbour follows."""
    pdf = pdfplumber.open(build_probe(tmp_path))
    page = pdf.pages[2]
    xs, ys = cut_positions(page)
    assert len(xs) == 4 and len(ys) == 2
    assert (ys[1] - ys[0]) / MM == pytest.approx(88, abs=0.05)
    grey = [r for r in page.rects if r["width"] > 60 * MM]
    assert (ys[0] - min(r["y0"] for r in grey)) / MM == pytest.approx(3, abs=0.05)


def test_every_caption_in_inches_is_the_size_printed() -> None:
    """A description that names a size in inches ('a 3.5 x 5 inch card') names the
    component's size (the Temple reference once said 5 x 7 in and printed 3.5 x 5)."""
    import re

    import yaml
    from conftest import ROOT

    found = 0
    for game in (ROOT / "content").glob("*/game.yaml"):
        for cid, comp in yaml.safe_load(game.read_text())["components"].items():
            said = re.search(r"(\d+(?:\.\d+)?) x (\d+(?:\.\d+)?) inch", comp.get("description", ""))
            if not said:
                continue
            found += 1
            size = re.fullmatch(r"(\d+(?:\.\d+)?)mm x (\d+(?:\.\d+)?)mm", comp["size"])
            assert size, (game, cid)
            for inch, mm in zip(said.groups(), size.groups(), strict=True):
                assert float(inch) * 25.4 == pytest.approx(float(mm), abs=1.0), (game.parent.name, cid)
    assert found  # the Temple reference card
