"""Crop marks and bleed as they print: every mark at least 3 mm long, 5 mm from the paper's
edge and on no art, on every paper; --own-bleed gives every card side its own bleed; the
backs' marks move with --back-offset (a duplex backs page, the backs half of a fold page).

The deck is the probe deck with a colour of its own for each card (seven colours in turn,
so no two neighbours share one): rendered by pdftoppm, the colour beyond a card's trim
says whose art it is."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pdfplumber
import pytest
from conftest import FIXTURES, MM, run_pnp
from PIL import Image
from test_print_geometry import crop_marks, cut_positions

COLOURS = ["#e06666", "#6aa84f", "#3d85c6", "#f1c232", "#8e7cc3", "#e69138", "#45818e"]
DPI = 150
PX = 72 / DPI  # points a pixel
PAPERS = ["a3", "a4", "a5", "a6", "b5", "halfletter", "letter", "legal", "tabloid"]


def coloured_deck(tmp_path: Path, cards: int) -> Path:
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "probe", content / "probe")
    (content / "probe" / "cards.yaml").write_text("cards:\n" + "".join(
        f"  - {{id: p{i:02d}, label: F{i:02d}, colour: '{COLOURS[i % 7]}'}}\n"
        for i in range(cards)))
    game = content / "probe" / "game.yaml"
    game.write_text(game.read_text().replace("count: 12", f"count: {cards}").replace(
        "label: {type: text}", "label: {type: text}\n      colour: {type: text}"))
    front = content / "probe" / "templates" / "front.svg.j2"
    front.write_text(front.read_text().replace('fill="#dddddd"', 'fill="{{ item.colour }}"'))
    return content


def build(tmp_path: Path, cards: int, *options: str) -> Path:
    out = tmp_path / "out"
    result = run_pnp("build", "probe", "--content", coloured_deck(tmp_path, cards), "--out",
                     out, *options)
    assert result.returncode == 0, result.stderr
    return out / "probe" / "cards.pdf"


def render(pdf: Path, page: int) -> Image.Image:
    stem = pdf.parent / f"page-{page}"
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", "-f", str(page), "-l", str(page),
                    "-singlefile", str(pdf), str(stem)], check=True, capture_output=True)
    return Image.open(stem.with_suffix(".png")).convert("RGB")


def ink(image: Image.Image, x: float, y: float) -> bool:
    """Whether the page point (x, y up) is printed on (not white paper)."""
    px = image.getpixel((int(x / PX), int((image.height * PX - y) / PX)))
    return min(px) < 235


def colour_at(image: Image.Image, x: float, y: float) -> tuple[int, int, int]:
    return image.getpixel((int(x / PX), int((image.height * PX - y) / PX)))


needs_pdftoppm = pytest.mark.skipif(not shutil.which("pdftoppm"),
                                    reason="needs poppler's pdftoppm to see the page")


@needs_pdftoppm
@pytest.mark.parametrize("paper", PAPERS)
def test_marks_3mm_long_5mm_from_the_edge_and_on_no_art(tmp_path: Path, paper: str) -> None:
    """Fronts and backs page. A mark on art would be lost in it: beside each mark (0.4 mm
    either side) the paper is white all along it (but for the two pixels, 0.35 mm, where
    it meets the art's anti-aliased edge)."""
    pdf = build(tmp_path, 9, "--paper", paper)
    with pdfplumber.open(pdf) as doc:
        for number, page in enumerate(doc.pages[:2], 1):
            image = render(pdf, number)
            marks = crop_marks(page)
            assert marks, (paper, number)
            for ln in marks:
                x0, x1 = sorted((ln["x0"], ln["x1"]))
                y0, y1 = sorted((page.height - ln["top"], page.height - ln["bottom"]))
                length = max(x1 - x0, y1 - y0)
                assert length >= 3 * MM - 0.01, (paper, number, length / MM)
                assert min(x0, y0) >= 5 * MM - 0.01
                assert x1 <= page.width - 5 * MM + 0.01 and y1 <= page.height - 5 * MM + 0.01
                across = x1 - x0 > y1 - y0  # a horizontal mark
                # from the end nearer the page's middle (where the art stops) outward
                inner = (x0 if abs(x0 - page.width / 2) < abs(x1 - page.width / 2) else x1,
                         y0 if abs(y0 - page.height / 2) < abs(y1 - page.height / 2) else y1)
                out = ((1 if inner[0] == x0 else -1), 0) if across else (
                    0, (1 if inner[1] == y0 else -1))
                t = 0.35 * MM  # two pixels: the art's anti-aliased edge
                while t < length - 0.1 * MM:
                    for side in (-0.4 * MM, 0.4 * MM):
                        at = (inner[0] + out[0] * t + (0 if across else side),
                              inner[1] + out[1] * t + (side if across else 0))
                        assert not ink(image, *at), (paper, number, ln, t / MM)
                    t += 0.2 * MM


def side_bleeds(image: Image.Image, page, colour_of) -> list[float]:
    """The bleed each card side prints (mm): from the trim outward at the side's middle,
    how far the card's own colour goes (a neighbour's colour is not its bleed)."""
    xs, ys = cut_positions(page)
    out = []
    for x0, x1 in zip(xs, xs[1:], strict=False):
        for y0, y1 in zip(ys, ys[1:], strict=False):
            if x1 - x0 < 60 * MM or y1 - y0 < 80 * MM:
                continue  # a gutter between two cut lines, not a card
            mid_x, mid_y = (x0 + x1) / 2, (y0 + y1) / 2
            own = colour_of(colour_at(image, mid_x, y0 + 10 * MM))
            for start, step in (((x0, mid_y), (-PX, 0)), ((x1, mid_y), (PX, 0)),
                                ((mid_x, y0), (0, -PX)), ((mid_x, y1), (0, PX))):
                n = 1
                while colour_of(colour_at(image, start[0] + (n + 0.5) * step[0],
                                          start[1] + (n + 0.5) * step[1])) == own:
                    n += 1
                out.append(n * PX / MM)
    return out


def nearest_colour(px: tuple[int, int, int]) -> str | None:
    for hexa in COLOURS:
        rgb = tuple(int(hexa[i:i + 2], 16) for i in (1, 3, 5))
        if max(abs(a - b) for a, b in zip(px, rgb, strict=True)) < 12:
            return hexa
    return None


@needs_pdftoppm
def test_own_bleed_gives_every_card_side_its_bleed(tmp_path: Path) -> None:
    """By default 9 cards on A4 share their cuts: of 36 sides, 24 have no bleed of their
    own, and 6 (the sheet's left and right) 1.65 mm, as the info line says. With
    --own-bleed every side has 3 mm, and the line says 3 mm."""
    shared = build(tmp_path / "a", 9)
    with pdfplumber.open(shared) as doc:
        bleeds = side_bleeds(render(shared, 1), doc.pages[0], nearest_colour)
        assert "bleed 3 mm (left, right 1.65 mm)" in doc.pages[0].extract_text()
    assert len(bleeds) == 36
    assert sum(b < 0.5 for b in bleeds) == 24
    assert sorted(round(b) for b in bleeds if b >= 0.5) == [2] * 6 + [3] * 6
    own = build(tmp_path / "b", 9, "--own-bleed")
    with pdfplumber.open(own) as doc:
        for number, page in enumerate(doc.pages, 1):
            if number % 2 == 0:
                continue  # the backs: one colour
            bleeds = side_bleeds(render(own, number), page, nearest_colour)
            assert bleeds and min(bleeds) >= 3 - 2 * PX / MM, bleeds
            text = page.extract_text()
            assert "bleed 3 mm" in text and "bleed 3 mm (" not in text


def test_backs_page_marks_move_with_back_offset(tmp_path: Path) -> None:
    """Someone cutting from the back cuts on the backs page's marks: with --back-offset
    1,-0.5 every cut line they mark moves 1 mm right and 0.5 mm down, as the backs do."""
    plain = build(tmp_path / "a", 9)
    moved = build(tmp_path / "b", 9, "--back-offset", "1,-0.5")
    with pdfplumber.open(plain) as a, pdfplumber.open(moved) as b:
        xs, ys = cut_positions(a.pages[1])
        mx, my = cut_positions(b.pages[1])
        assert len(mx) == len(xs) == 4 and len(my) == len(ys) == 4
        for p, q in zip(xs, mx, strict=True):
            assert (q - p) / MM == pytest.approx(1.0, abs=0.01)
        for p, q in zip(ys, my, strict=True):
            assert (q - p) / MM == pytest.approx(-0.5, abs=0.01)
        assert cut_positions(a.pages[0]) == cut_positions(b.pages[0])  # fronts stay



def halves(page) -> tuple[tuple[list[float], list[float]], tuple[list[float], list[float]]]:
    """The cut lines (x, y up) the crop marks mark on each side of the fold, left then right
    (pnp folds 9 poker cards on A4 top to bottom, fronts left)."""
    sides: tuple[tuple[set, set], tuple[set, set]] = ((set(), set()), (set(), set()))
    for ln in crop_marks(page):
        side = sides[(ln["x0"] + ln["x1"]) / 2 > page.width / 2]
        if abs(ln["x0"] - ln["x1"]) < 0.01:
            side[0].add(round(ln["x0"], 2))
        else:
            side[1].add(round(page.height - ln["top"], 2))
        assert min(ln["x0"], ln["top"]) >= 5 * MM - 0.01  # out of the 5 mm margin
        assert ln["x1"] <= page.width - 5 * MM + 0.01
        assert ln["bottom"] <= page.height - 5 * MM + 0.01
    return ((sorted(sides[0][0]), sorted(sides[0][1])),
            (sorted(sides[1][0]), sorted(sides[1][1])))


def test_fold_page_backs_marks_move_with_back_offset(tmp_path: Path) -> None:
    """--layout gutter-fold: fronts and backs share the page, so with --back-offset 1,-0.5
    the backs half's marks move 1 mm right and 0.5 mm down with the backs, the fronts'
    stay, and none enters the 5 mm margin."""
    plain = build(tmp_path / "a", 9, "--layout", "gutter-fold")
    moved = build(tmp_path / "b", 9, "--layout", "gutter-fold", "--back-offset", "1,-0.5")
    with pdfplumber.open(plain) as a, pdfplumber.open(moved) as b:
        (fronts, backs), (mfronts, mbacks) = halves(a.pages[0]), halves(b.pages[0])
    assert mfronts == fronts
    assert len(backs[0]) == len(mbacks[0]) == 2 and len(backs[1]) == len(mbacks[1]) == 6
    for p, q in zip(backs[0], mbacks[0], strict=True):
        assert (q - p) / MM == pytest.approx(1.0, abs=0.01)
    for p, q in zip(backs[1], mbacks[1], strict=True):
        assert (q - p) / MM == pytest.approx(-0.5, abs=0.01)


@needs_pdftoppm
@pytest.mark.parametrize("game,file,edge,at", [
    # Temple Rush's die: the left edge of its row of four faces (0.5 mm inside the
    # trim), 22 to 39 mm down; Temple Trip's: the top edge of its top face, 5 mm down,
    # 19.5 to 35.5 mm across
    ("temple-rush", "dice.pdf", "left", (0.5 * MM, 30.5 * MM)),
    ("temple-trip", "die.pdf", "top", (27.5 * MM, 5 * MM))])
def test_fold_up_nets_carry_the_bleed_past_their_cut(tmp_path: Path, game: str, file: str,
                                                     edge: str, at: tuple[float, float]) -> None:
    """The info line says 'bleed 3 mm': 2.7 mm past the net's cut line the paper is
    printed, 3.3 mm past it is white (a net once carried 0.9 to 1.5 mm)."""
    result = run_pnp("build", game, "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    pdf = tmp_path / game / file
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        assert "bleed 3 mm" in page.extract_text()
        xs, ys = cut_positions(page)
    image = render(pdf, 1)
    left, top = xs[0], ys[-1]  # the first net's trim: its top-left corner
    x, y = left + at[0], top - at[1]
    for past, printed in ((2.7 * MM, True), (3.3 * MM, False)):
        point = (x - past, y) if edge == "left" else (x, y + past)
        assert ink(image, *point) == printed, (game, past / MM)
