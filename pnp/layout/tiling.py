"""A board larger than the paper cut into page-sized regions that overlap: pure
geometry, in points (pnp.components.tiles draws them)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.base.units import MM


@dataclass(frozen=True)
class Tile:
    """One page of a tiled board: the board region it shows (mm of board → points)."""

    row: int
    col: int
    x: float  # region's left edge on the board, points
    y: float  # region's top edge on the board, points (board y grows downward)
    w: float
    h: float

    @property
    def name(self) -> str:
        return f"{chr(ord('A') + self.row)}{self.col + 1}"


@dataclass(frozen=True)
class TilePlan:
    page_w: float
    page_h: float
    area_x: float  # where a tile's region sits on its page (lower-left of the full area)
    area_y: float
    area_w: float
    area_h: float
    overlap: float
    rows: int
    cols: int
    tiles: tuple[Tile, ...]


def tile_board(board_w: float, board_h: float, paper_w: float, paper_h: float,
               overlap: float, margin: float = 8 * MM, band: float = 9 * MM,
               landscape: bool = False) -> TilePlan:
    """Cut a board into page-sized regions: neighbours share exactly `overlap`, the last
    row and column are as large as what is left, and together they cover the board.
    Portrait or landscape, whichever needs fewer pages (only landscape when the paper
    is fed landscape)."""
    best: TilePlan | None = None
    short, long_ = min(paper_w, paper_h), max(paper_w, paper_h)
    turns = [(long_, short)] if landscape else [(paper_w, paper_h), (paper_h, paper_w)]
    for pw, ph in turns:
        aw, ah = pw - 2 * margin, ph - 2 * margin - band
        step_x, step_y = aw - overlap, ah - overlap
        if step_x <= 0 or step_y <= 0:
            continue
        cols = max(1, math.ceil((board_w - overlap) / step_x - 1e-9))
        rows = max(1, math.ceil((board_h - overlap) / step_y - 1e-9))
        tiles = tuple(Tile(r, c, c * step_x, r * step_y, min(aw, board_w - c * step_x),
                           min(ah, board_h - r * step_y))
                      for r in range(rows) for c in range(cols))
        plan = TilePlan(pw, ph, margin, margin + band, aw, ah, overlap, rows, cols, tiles)
        if best is None or len(tiles) < len(best.tiles):
            best = plan
    if best is None:
        raise ValueError("the overlap is larger than the page")
    return best
