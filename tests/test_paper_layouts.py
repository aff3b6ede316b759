"""Every paper reportlab names, landscape and WxH, and the gutter-fold layout: the PDFs
opened and measured (page size, item boxes, crop marks 5 mm from the edge, each back
exactly behind its front when the page is folded)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import FIXTURES, MM, assert_clean_failure, build_probe, run_pnp

from pnp.layout import gutterfold, impose, tiling
from pnp.layout.paper import parse_paper

BLEED = 3 * MM
CARD = (63.5 * MM, 88 * MM)
FRONT_ART, BACK_ART = (0.866667, 0.866667, 0.866667), (0.733333, 0.733333, 1.0)
INCH = 72.0


@pytest.mark.parametrize("text,name,size_mm,landscape", [
    ("A3", "a3", (297, 420), False),
    ("a5", "a5", (148, 210), False),
    ("Legal", "legal", (215.9, 355.6), False),
    ("TABLOID", "tabloid", (279.4, 431.8), False),
    ("ledger", "ledger", (279.4, 431.8), True),  # reportlab: 17 x 11 in, tabloid turned
    ("elevenSeventeen", "elevenseventeen", (279.4, 431.8), False),
    ("Junior_Legal", "juniorlegal", (127, 203.2), False),
    ("halfletter", "halfletter", (139.7, 215.9), False),  # 5.5 x 8.5 in (ANSI)
    ("b5", "b5", (176, 250), False),
    ("C4", "c4", (229, 324), False),
    ("a3-landscape", "a3-landscape", (297, 420), True),
    ("A4 Landscape", "a4-landscape", (210, 297), True),
    ("210x297mm", "210x297mm", (210, 297), False),
    ("8.5x11in", "8.5x11in", (215.9, 279.4), False),
    ("200mmx150mm", "200mmx150mm", (150, 200), True),  # wider than high: as written
    ("21cm x 29.7cm", "21cmx29.7cm", (210, 297), False),
    ("612x792pt", "612x792pt", (215.9, 279.4), False),
])
def test_paper_names_are_reportlabs_case_insensitive_and_wxh_in_any_unit(
        text: str, name: str, size_mm: tuple[float, float], landscape: bool) -> None:
    paper = parse_paper(text)
    assert paper.name == name and paper.landscape == landscape
    assert (paper.short / MM, paper.long / MM) == pytest.approx(size_mm, abs=0.01)
    assert parse_paper(paper.name) == paper  # the manifest's name reads back the same


@pytest.mark.parametrize("paper,why", [
    ("0x297mm", "longer than 0"), ("-210x297mm", "longer than 0"),
    ("8x200mm", "too small to print on"), ("6000x300mm", "larger than pnp prints on"),
    ("a11", "unknown paper"), ("210x297", "give a unit"), ("a4-sideways", "unknown paper"),
])
def test_impossible_papers_are_usage_errors(tmp_path: Path, paper: str, why: str) -> None:
    lines = assert_clean_failure(run_pnp("build", "probe", "--content", FIXTURES, "--out",
                                         tmp_path, "--paper", paper), 2)
    assert lines[0].startswith("error: --paper:") and why in lines[0], lines
    assert not (tmp_path / "probe").exists()


def test_validate_and_sheets_take_the_same_papers(tmp_path: Path) -> None:
    assert_clean_failure(run_pnp("validate", "probe", "--content", FIXTURES, "--paper",
                                 "0x0mm"), 2)
    assert_clean_failure(run_pnp("sheets", "dice-trip", "--paper", "a11", "--out",
                                 tmp_path / "x.pdf"), 2)
    result = run_pnp("validate", "probe", "--content", FIXTURES, "--paper", "A3",
                     "--paper", "legal-landscape", "--paper", "180x240mm", "--format", "json")
    assert result.returncode == 0, result.stderr
    checked = json.loads(result.stdout)["games"][0]["checked"]
    assert checked["papers"] == ["a3", "legal-landscape", "180x240mm"]
    out = tmp_path / "pad.pdf"
    result = run_pnp("sheets", "dice-trip", "--count", "2", "--paper", "a3", "--out", out)
    assert result.returncode == 0, result.stderr
    page = pdfplumber.open(out).pages[0]  # two sheets side by side: A3 turned
    assert (page.width / MM, page.height / MM) == pytest.approx((420, 297), abs=0.01)


@pytest.mark.parametrize("layout", ["duplex", "gutter-fold"])
def test_a_paper_too_small_for_the_cards_is_an_error_at_their_size(tmp_path: Path,
                                                                   layout: str) -> None:
    lines = assert_clean_failure(run_pnp("build", "probe", "--content", FIXTURES, "--out",
                                         tmp_path, "--paper", "a7", "--layout", layout), 1)
    need = "A6 (--paper a6)" if layout == "duplex" else "A5 (--paper a5)"  # a fold: twice
    assert f"game.yaml:11: components.cards.size: Probe cards: needs {need} or half-letter " \
           "(--paper halfletter) or larger, not built on A7 (a 63.5x88.0 mm item" in lines[0]
    assert "does not fit" in lines[0] and "74x105 mm page" in lines[0]
    assert lines[1:] == ["1 component(s) do not fit on A7 and were not built"], lines


def crop_marks(page) -> list[dict]:
    return [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01
            and tuple(ln["stroking_color"] or ()) in ((0.0, 0.0, 0.0), (0,), (0.0,))]


def fold_lines(page) -> list[dict]:
    return [ln for ln in page.lines if ln.get("dash") and
            tuple(ln["stroking_color"] or ()) == (0.45, 0.45, 0.45)]


def trims(page, colour: tuple[float, float, float]) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1), y up, of each item's trim: its full art rectangle less the
    bleed (the probe draws its background from -bleed to w + bleed)."""
    return sorted((r["x0"] + BLEED, r["y0"] + BLEED, r["x1"] - BLEED, r["y1"] - BLEED)
                  for r in page.rects
                  if tuple(r["non_stroking_color"] or ()) == pytest.approx(colour, abs=1e-3)
                  and r["width"] > 40 * MM)


def assert_inside_printable_area(page) -> None:
    """Crop marks, fold line, info line and scale bar: at least 5 mm from every edge."""
    edge = impose.PRINT_MARGIN - 0.01
    things = crop_marks(page) + fold_lines(page) + page.chars
    things += [ln for ln in page.lines if ln["linewidth"] == pytest.approx(0.4)]
    assert crop_marks(page) and page.chars
    for t in things:
        assert min(t["x0"], t["top"]) >= edge, t
        assert t["x1"] <= page.width - edge and t["bottom"] <= page.height - edge, t


@pytest.mark.parametrize("paper,size_mm,per_page", [
    ("a3", (297, 420), 16), ("a5", (148, 210), 2), ("legal", (215.9, 355.6), 9),
    ("tabloid", (279.4, 431.8), 16), ("230x300mm", (230, 300), 9),
    ("a4-landscape", (297, 210), 8), ("letter-landscape", (279.4, 215.9), 8),
])
def test_every_paper_holds_the_cards_with_marks_5mm_from_the_edge(
        tmp_path: Path, paper: str, size_mm: tuple[float, float], per_page: int) -> None:
    """Measured on the fronts page: its size (landscape ones turned), every card's trim
    63.5 x 88 mm with its edges on cut lines the crop marks continue, every mark and all
    page text at least 5 mm from the edge and outside every card's art."""
    pdf = pdfplumber.open(build_probe(tmp_path, "--paper", paper, cards=per_page))
    assert len(pdf.pages) == 2  # all the cards on one sheet: fronts, then backs
    page = pdf.pages[0]
    got = (page.width / MM, page.height / MM)
    assert got == pytest.approx(size_mm, abs=0.01) or (
        got == pytest.approx(size_mm[::-1], abs=0.01) and "landscape" not in paper)
    boxes = trims(page, FRONT_ART)
    assert len(boxes) == per_page
    xs = {round(ln["x0"], 2) for ln in crop_marks(page) if ln["x0"] == ln["x1"]}
    ys = {round(page.height - ln["top"], 2) for ln in crop_marks(page) if ln["top"] == ln["bottom"]}
    for x0, y0, x1, y1 in boxes:
        assert ((x1 - x0) / MM, (y1 - y0) / MM) == pytest.approx((63.5, 88), abs=0.01)
        assert min(abs(x - x0) for x in xs) < 0.01 and min(abs(x - x1) for x in xs) < 0.01
        assert min(abs(y - y0) for y in ys) < 0.01 and min(abs(y - y1) for y in ys) < 0.01
        art = (x0 - BLEED, y0 - BLEED, x1 + BLEED, y1 + BLEED)
        assert min(art[0], art[1], page.width - art[2], page.height - art[3]) >= \
            impose.SIDE_MARGIN - 0.01
        # no mark on any card's art: 3 mm of bleed, or at least 1.4 mm at a sheet's edge
        # that gives up bleed for 3 mm marks (impose.mark_room; the info line says so)
        near = (x0 - 1.4 * MM, y0 - 1.4 * MM, x1 + 1.4 * MM, y1 + 1.4 * MM)
        for ln in crop_marks(page):
            assert (ln["x1"] <= near[0] + 0.01 or ln["x0"] >= near[2] - 0.01 or
                    page.height - ln["top"] <= near[1] + 0.01 or
                    page.height - ln["bottom"] >= near[3] - 0.01)
            assert max(ln["x1"] - ln["x0"], ln["bottom"] - ln["top"]) >= 3 * MM - 0.01
    assert_inside_printable_area(page)
    assert_inside_printable_area(pdf.pages[1])


def _labelled(page, boxes, prefix: str) -> dict[str, tuple[float, float, float, float]]:
    """Card id → its box, found by the label printed inside it (upside down, a word
    reads backwards)."""
    out = {}
    for w in page.extract_words():
        w["text"] = w["text"] if w["text"].startswith(prefix) else w["text"][::-1]
        if w["text"].startswith(prefix):
            cx, cy = (w["x0"] + w["x1"]) / 2, page.height - (w["top"] + w["bottom"]) / 2
            (box,) = [b for b in boxes if b[0] < cx < b[2] and b[1] < cy < b[3]]
            out[w["text"][len(prefix):]] = box
    return out


@pytest.mark.parametrize("paper,vertical,per_page", [
    ("a4", True, 4), ("a3", True, 9), ("letter", False, 4), ("legal", True, 4),
])
def test_gutter_fold_lays_each_back_behind_its_front(tmp_path: Path, paper: str,
                                                     vertical: bool, per_page: int) -> None:
    """Fronts in one half, backs in the other: mirrored across the printed fold line,
    each back box is its front's box within 0.1 mm, the backs read upright after the
    fold (turned 180 degrees for a horizontal fold, as a book page turns), one page per
    sheet, and the crop marks of both halves fold onto each other."""
    pdf = pdfplumber.open(build_probe(tmp_path, "--paper", paper, "--layout", "gutter-fold"))
    assert len(pdf.pages) == -(-12 // per_page)
    seen = set()
    for page in pdf.pages:
        (fold,) = fold_lines(page)
        if vertical:
            assert fold["x0"] == fold["x1"]
            f = fold["x0"]
        else:
            assert fold["top"] == fold["bottom"]
            f = page.height - fold["top"]
        fronts = _labelled(page, trims(page, FRONT_ART), "F")
        backs = _labelled(page, trims(page, BACK_ART), "Bp")
        assert fronts.keys() == backs.keys() and len(fronts) <= per_page
        seen |= fronts.keys()
        for card, (x0, y0, x1, y1) in fronts.items():
            mirrored = (2 * f - x1, y0, 2 * f - x0, y1) if vertical else \
                (x0, 2 * f - y1, x1, 2 * f - y0)
            assert backs[card] == pytest.approx(mirrored, abs=0.1 * MM)
            # the fold runs in the gutter, clear of both cards' art
            lo, hi = (x0, x1) if vertical else (y0, y1)
            assert min(abs(f - lo), abs(f - hi)) >= BLEED + gutterfold.FOLD_CLEAR - 0.01
        back_letters = [c for c in page.chars if c["text"] == "B"]
        assert back_letters
        for c in back_letters:
            a, _, _, d = c["matrix"][:4]
            assert (a > 0 and d > 0) if vertical else (a < 0 and d < 0)
        xs = sorted({round(ln["x0"], 1) for ln in crop_marks(page) if ln["x0"] == ln["x1"]})
        ys = sorted({round(page.height - ln["top"], 1) for ln in crop_marks(page)
                     if ln["top"] == ln["bottom"]})
        cuts = xs if vertical else ys
        assert cuts == pytest.approx(sorted(2 * f - v for v in cuts), abs=0.1)
        assert_inside_printable_area(page)
    assert seen == {f"{i:02d}" for i in range(12)}


def test_gutter_fold_manifest_and_items_without_backs(tmp_path: Path) -> None:
    """The manifest says gutter-fold and no duplex; items without backs are laid out as
    they are for duplex printing, byte for byte."""
    build_probe(tmp_path / "f", "--layout", "gutter-fold")
    manifest = json.loads((tmp_path / "f" / "out" / "probe" / "manifest.json").read_text())
    assert manifest["layout"] == "gutter-fold" and manifest["files"][0]["duplex"] is False
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "probe", content / "probe")
    game = content / "probe" / "game.yaml"
    game.write_text(game.read_text().replace("    back: back.svg.j2\n", ""))
    built = {}
    for layout in ("duplex", "gutter-fold"):
        out = tmp_path / layout
        result = run_pnp("build", "probe", "--content", content, "--out", out,
                         "--layout", layout)
        assert result.returncode == 0, result.stderr
        built[layout] = (out / "probe" / "cards.pdf").read_bytes()
    assert built["duplex"] == built["gutter-fold"]


def test_gutter_fold_geometry_is_pure_and_exact() -> None:
    """Both fold directions mirror exactly; ties go to the vertical fold; fed landscape
    the page is always landscape."""
    a4 = parse_paper("a4").portrait_size
    lay = gutterfold.plan(*a4, *CARD, BLEED)
    assert lay.vertical and lay.per_page == 4 and lay.fronts.landscape
    letter = gutterfold.plan(*parse_paper("letter").portrait_size, *CARD, BLEED)
    assert not letter.vertical and letter.upside_down
    for plan in (lay, letter):
        _, whole = plan.page(plan.per_page)
        for front in plan.fronts.slots:
            back = plan.back_slot(front)
            if plan.vertical:
                assert back.x + back.w - plan.fold == pytest.approx(plan.fold - front.x)
                assert (back.y, back.bleed_left) == (front.y, front.bleed_right)
            else:
                assert back.y + back.h - plan.fold == pytest.approx(plan.fold - front.y)
                assert (back.x, back.bleed_top) == (front.x, front.bleed_bottom)
        assert impose.info_band(whole) is not None
    few = gutterfold.plan(*a4, *CARD, BLEED, count=3)  # one sheet either way: upright
    assert few.per_page == 3 and not few.fronts.landscape
    fed = impose.plan(*a4, *CARD, BLEED, landscape=True)
    assert fed.landscape and fed.per_page == 8
    board = tiling.tile_board(864 * MM, 432 * MM, *a4, 10 * MM, landscape=True)
    assert board.page_w > board.page_h
