"""Temple Trip's board as printed: pieces on the track, lanes, labels, the poster's bleed,
and tiled sheets that assemble into the poster."""

from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, assert_clean_failure, run_pnp
from PIL import Image, ImageChops, ImageFilter, ImageStat
from pypdf import PdfReader

from pnp.components import tiles as board_tiles
from pnp.games.temple_trip import labels as temple_trip_labels
from pnp.games.temple_trip import tracks as temple_trip_tracks
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.squares import SQUARE
from pnp.layout import tiling

GAME = "temple-trip"


@pytest.fixture(scope="module")
def board(tt_board: Board) -> Board:
    return tt_board


def test_the_shipped_board_validates_with_no_problem() -> None:
    result = run_pnp("validate", GAME, "--paper", "letter")
    assert result.returncode == 0, result.stderr


def test_track_squares_are_10_mm_and_hold_the_pieces(board: Board, tt_a4: Path) -> None:
    assert SQUARE == 10.0
    for _, sq in board.squares():  # every square drawn 10 mm a side
        c = sq.corners()
        sides = {round(((c[i][0] - c[i - 1][0]) ** 2 + (c[i][1] - c[i - 1][1]) ** 2) ** 0.5, 3)
                 for i in range(4)}
        assert sides == {10.0}
    slc = board.cities["Salt Lake City"]
    # ten 8.5 x 4.2 mm pawn bases in a 2 x 5 grid inside the start circle's square
    side = (slc.radius - 0.6) * 2 ** 0.5
    assert int(side // 8.5) * int(side // 4.2) >= 10
    pawns = pdfplumber.open(tt_a4 / "pawns.pdf").pages[0]
    cut = sorted({round(ln["x0"] / MM, 1) for ln in pawns.lines if ln["x0"] == ln["x1"]})
    widths = {round(b - a, 1) for a, b in zip(cut, cut[1:], strict=False)}
    assert 8.5 in widths  # a pawn strip is 8.5 mm wide: its base is the footprint


def test_a_piece_too_big_for_its_square_fails_the_build(content_copy: Path,
                                                        tmp_path: Path) -> None:
    game = content_copy / GAME / "game.yaml"
    game.write_text(game.read_text().replace("size: 8.5mm x 36.4mm", "size: 12mm x 36.4mm"))
    lines = assert_clean_failure(run_pnp("build", GAME, "--content", content_copy,
                                         "--out", tmp_path / "out"), 1)
    assert any("two pieces share a track square" in ln for ln in lines), lines


def test_flights_fly_their_own_lanes(board: Board) -> None:
    for r in board.air:
        assert not r.problems, (r.name, r.problems)
        kinds = [s.kind for s in r.squares]
        assert kinds[0] == kinds[-1] == "calm", (r.name, kinds)  # turbulence-free at both ends
        assert "sky" in kinds, r.name
        km = temple_trip_tracks.great_circle_km(board.cities[r.a].lat, board.cities[r.a].lon,
                                                board.cities[r.b].lat, board.cities[r.b].lon)
        assert len(kinds) == temple_trip_tracks.air_count(km)


def test_every_road_has_an_open_road_square_and_most_an_assignment(board: Board) -> None:
    assert all(any(s.kind == "open" for s in r.squares) for r in board.roads)
    with_card = sum(1 for r in board.roads if any(s.kind == "assign" for s in r.squares))
    assert with_card > len(board.roads) / 2
    usa = {n for n, c in board.cities.items() if c.country == "USA" and c.area == "mainland"}
    assert usa <= board.reachable("Salt Lake City", ("road",), countries={"USA"})


def test_labels_clear_and_flags_on_land(board: Board, tt_a4: Path) -> None:
    assert temple_trip_labels.collisions(board) == []
    for name, box in zip(("USA", "Canada", "Mexico"), temple_trip_labels.flag_boxes(board),
                         strict=False):
        corners = [(box[0], box[1]), (box[2], box[1]), (box[0], box[3]), (box[2], box[3])]
        assert all(board.country_at(p) for p in corners), name
    assert {f"Lake {n}" for n in ("Superior", "Michigan", "Huron", "Erie", "Ontario")} \
        <= set(board.drawn_lakes())
    page = pdfplumber.open(tt_a4 / "board-poster.pdf").pages[0]
    words = page.extract_words(extra_attrs=["size"])
    names = [w for w in words if w["text"] in ("Denver", "Chicago", "Boston", "Provo")]
    assert names and min(w["size"] for w in names) >= 10
    marks = [c for c in page.chars if c["text"] in ("A", "?") and c["size"] > 4]
    assert len(marks) > 40 and all(c["upright"] for c in marks)  # glyphs never turned


def test_poster_has_3_mm_bleed_and_its_boxes(tt_a4: Path) -> None:
    page = PdfReader(tt_a4 / "board-poster.pdf").pages[0]
    trim = [float(v) / MM for v in page.trimbox]
    bleed = [float(v) / MM for v in page.bleedbox]
    assert trim[2] - trim[0] == pytest.approx(34 * 25.4, abs=0.01)
    gaps = [t - b for t, b in zip(trim[:2], bleed[:2], strict=True)] + \
        [b - t for t, b in zip(trim[2:], bleed[2:], strict=True)]
    assert gaps == pytest.approx([3, 3, 3, 3], abs=0.01)


def _render(pdf: Path, index: int, scale: float) -> Image.Image:
    pdfium = pytest.importorskip("pypdfium2")
    doc = pdfium.PdfDocument(str(pdf))
    return doc[index].render(scale=scale).to_pil().convert("RGB")


def _differs(got: Image.Image, want: Image.Image) -> tuple[float, float]:
    """How far `got` strays from `want`, forgiving a one-pixel shift (two renderings put
    edges on different pixels): per pixel, how far it lies outside the range of want's
    3 x 3 neighbourhood. Returns the mean (0-255) and the share of pixels off by more
    than 60, leaving out a 2-pixel frame."""
    high, low = want.filter(ImageFilter.MaxFilter(3)), want.filter(ImageFilter.MinFilter(3))
    off = ImageChops.add(ImageChops.subtract(got, high), ImageChops.subtract(low, got))
    off = off.convert("L").crop((2, 2, got.width - 2, got.height - 2))
    loud = off.point(lambda v: 255 if v > 60 else 0).histogram()[255]
    return ImageStat.Stat(off).mean[0], loud / (off.width * off.height)


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_tiled_sheets_assemble_into_the_poster(tt_a4: Path, tmp_path: Path,
                                               paper: str) -> None:
    """Cut each sheet as its marks say, lay it over its neighbours' strips, and the
    finished board is the poster: no strip, guide line or mark left in the art."""
    folder = tt_a4
    if paper != "a4":
        result = run_pnp("build", GAME, "--paper", paper, "--out", tmp_path)
        assert result.returncode == 0, result.stderr
        folder = tmp_path / GAME
    scale = 30 / 72  # 30 dpi
    page = PdfReader(folder / "board-poster.pdf").pages[0]
    x0, y0, x1, y1 = (float(v) for v in page.trimbox)
    board_w, board_h = x1 - x0, y1 - y0
    poster = _render(folder / "board-poster.pdf", 0, scale)
    top = float(page.mediabox[3]) - y1
    want = poster.crop((round(x0 * scale), round(top * scale),
                        round(x0 * scale) + round(board_w * scale),
                        round(top * scale) + round(board_h * scale)))
    paper_size = (210 * MM, 297 * MM) if paper == "a4" else (612.0, 792.0)
    plan = tiling.tile_board(board_w, board_h, *paper_size, 10 * MM, margin=board_tiles.MARGIN)
    assert len(PdfReader(folder / "board.pdf").pages) == len(plan.tiles) + 1
    stitched = Image.new("RGB", want.size, "white")
    for n, tile in enumerate(plan.tiles, 1):
        sheet = _render(folder / "board.pdf", n, scale)
        vx0, vy0, vx1, vy1 = board_tiles.visible_region(plan, tile)
        page_top = plan.page_h - (plan.area_y + plan.area_h)
        sx = round((plan.area_x + vx0 - tile.x) * scale)  # where it is on the sheet
        sy = round((page_top + vy0 - tile.y) * scale)
        bx, by = round(vx0 * scale), round(vy0 * scale)  # where it goes on the board
        w, h = min(round(vx1 * scale), want.width) - bx, min(round(vy1 * scale), want.height) - by
        piece = sheet.crop((sx, sy, sx + w, sy + h))
        stitched.paste(piece, (bx, by))
        mean, loud = _differs(piece, want.crop((bx, by, bx + w, by + h)))
        # mean: anti-aliasing at the cut (the 1:10m coasts draw many short edges); loud: a
        # real difference (a piece out of place) on more than 0.2 % of the pixels
        assert mean < 1.0 and loud < 0.002, (tile.name, mean, loud)
    assert _differs(stitched, want)[0] < 1


def test_index_page_says_how_to_join(tt_a4: Path) -> None:
    index = pdfplumber.open(tt_a4 / "board.pdf").pages[0].extract_text()
    assert "faded" in index and "dashed" in index and "crop marks" in index
