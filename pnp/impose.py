"""Pure print geometry: where items sit on a page, where cuts and crop marks go, and
where each back lands for duplex printing. No drawing here; everything in points."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from .units import MM

MIN_MARGIN = 3.5 * MM  # paper edge to the outer bleed edge: most printers reach this
MARK_LENGTH = 5 * MM
MARK_GAP = 0.0  # crop marks start at the outer bleed edge, never inside any art


@dataclass(frozen=True)
class Slot:
    """One item's trim box on a page, and how far its art may bleed on each side."""

    x: float
    y: float
    w: float
    h: float
    bleed_left: float
    bleed_bottom: float
    bleed_right: float
    bleed_top: float

    def art_box(self) -> tuple[float, float, float, float]:
        """(x, y, w, h) of the visible art: trim plus this slot's bleed."""
        return (self.x - self.bleed_left, self.y - self.bleed_bottom,
                self.w + self.bleed_left + self.bleed_right,
                self.h + self.bleed_bottom + self.bleed_top)


@dataclass(frozen=True)
class Mark:
    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class Layout:
    page_w: float
    page_h: float
    item_w: float
    item_h: float
    bleed: float
    cols: int
    rows: int
    gutter: float  # 0 = neighbours share a cut
    slots: tuple[Slot, ...]  # reading order: top row first, left to right

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def bleed_box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) around all art on the page."""
        boxes = [s.art_box() for s in self.slots]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes))


def _grid(page_w: float, page_h: float, w: float, h: float, bleed: float,
          gutter: float, margin: float) -> Layout | None:
    avail_w = page_w - 2 * margin - 2 * bleed
    avail_h = page_h - 2 * margin - 2 * bleed
    cols = int(math.floor((avail_w + gutter + 1e-6) / (w + gutter)))
    rows = int(math.floor((avail_h + gutter + 1e-6) / (h + gutter)))
    if cols < 1 or rows < 1:
        return None
    grid_w = cols * w + (cols - 1) * gutter
    grid_h = rows * h + (rows - 1) * gutter
    x0 = (page_w - grid_w) / 2
    y_top = (page_h + grid_h) / 2
    shared = gutter == 0
    slots = []
    for r in range(rows):
        for c in range(cols):
            x = x0 + c * (w + gutter)
            y = y_top - (r + 1) * h - r * gutter
            if shared:
                bl = bleed if c == 0 else 0.0
                br = bleed if c == cols - 1 else 0.0
                bt = bleed if r == 0 else 0.0
                bb = bleed if r == rows - 1 else 0.0
            else:
                bl = br = bt = bb = bleed
            slots.append(Slot(x, y, w, h, bl, bb, br, bt))
    return Layout(page_w, page_h, w, h, bleed, cols, rows, gutter, tuple(slots))


def plan(page_w: float, page_h: float, item_w: float, item_h: float, bleed: float,
         margin: float = MIN_MARGIN, gutter_only: bool = False) -> Layout:
    """The layout that fits the most items: shared cuts, or a gutter of 2×bleed so every
    item keeps its full bleed. On a tie the gutter wins (more forgiving to cut). Round
    items always get the gutter: a circle cannot share a straight cut."""
    options = [2 * bleed] if gutter_only else [2 * bleed, 0.0]
    candidates = [g for g in (_grid(page_w, page_h, item_w, item_h, bleed, gutter, margin)
                              for gutter in options) if g]
    if not candidates:
        raise ValueError(
            f"a {item_w / MM:.1f}x{item_h / MM:.1f} mm item with {bleed / MM:.1f} mm bleed "
            f"does not fit on a {page_w / MM:.0f}x{page_h / MM:.0f} mm page")
    return max(candidates, key=lambda lay: (lay.per_page, lay.gutter))


def subset(layout: Layout, count: int) -> Layout:
    """The layout of a page holding only the first `count` items: an item whose
    neighbour is missing gets its bleed on that side back, and crop marks follow the
    items that are really there."""
    if count >= layout.per_page:
        return layout
    used = layout.slots[:count]
    if layout.gutter:
        return replace(layout, slots=used)
    cols = layout.cols
    b = layout.bleed
    out = []
    for i, s in enumerate(used):
        r, c = divmod(i, cols)
        right = c + 1 < cols and i + 1 < count
        below = i + cols < count
        out.append(Slot(s.x, s.y, s.w, s.h, b if c == 0 else 0.0, 0.0 if below else b,
                        0.0 if right else b, b if r == 0 else 0.0))
    return replace(layout, slots=tuple(out))


def cut_lines(layout: Layout) -> tuple[list[float], list[float]]:
    """Distinct x and y positions of every trim edge."""
    xs = sorted({round(v, 4) for s in layout.slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 4) for s in layout.slots for v in (s.y, s.y + s.h)})
    return xs, ys


def crop_marks(layout: Layout, length: float = MARK_LENGTH) -> list[Mark]:
    """Marks extending every cut line into the margin, starting at the outer bleed edge
    so they never touch any item's art."""
    bx0, by0, bx1, by1 = layout.bleed_box()
    edge = 1.0 * MM  # keep a hair off the paper edge
    xs, ys = cut_lines(layout)
    marks: list[Mark] = []
    top_len = min(length, layout.page_h - edge - (by1 + MARK_GAP))
    bot_len = min(length, by0 - MARK_GAP - edge)
    left_len = min(length, bx0 - MARK_GAP - edge)
    right_len = min(length, layout.page_w - edge - (bx1 + MARK_GAP))
    for x in xs:
        if top_len > 0:
            marks.append(Mark(x, by1 + MARK_GAP, x, by1 + MARK_GAP + top_len))
        if bot_len > 0:
            marks.append(Mark(x, by0 - MARK_GAP - bot_len, x, by0 - MARK_GAP))
    for y in ys:
        if left_len > 0:
            marks.append(Mark(bx0 - MARK_GAP - left_len, y, bx0 - MARK_GAP, y))
        if right_len > 0:
            marks.append(Mark(bx1 + MARK_GAP, y, bx1 + MARK_GAP + right_len, y))
    return marks


def back_slot(front: Slot, layout: Layout, flip: str, offset: tuple[float, float]) -> Slot:
    """Where the back of `front` goes on the backs page so that, printed double-sided
    and flipped on the given edge, it lies behind its front; then shifted by `offset`
    (x to the right, y up, in points) to correct a printer's misregistration."""
    dx, dy = offset
    if flip == "long":  # turned over left↔right: mirror x
        return Slot(layout.page_w - front.x - front.w + dx, front.y + dy, front.w, front.h,
                    front.bleed_right, front.bleed_bottom, front.bleed_left, front.bleed_top)
    # short edge: turned over top↔bottom: mirror y
    return Slot(front.x + dx, layout.page_h - front.y - front.h + dy, front.w, front.h,
                front.bleed_left, front.bleed_top, front.bleed_right, front.bleed_bottom)


@dataclass(frozen=True)
class Band:
    """Free strip for the page's info line and scale bar: origin, direction, room."""

    x: float
    y: float
    rotated: bool  # True: runs upward along the right margin
    length: float
    room: float


def info_band(layout: Layout, mark_length: float = MARK_LENGTH) -> Band | None:
    """Bottom margin if it has room beyond the crop marks, else the right margin."""
    bx0, by0, bx1, by1 = layout.bleed_box()
    need, gap = 3.0 * MM, 0.8 * MM
    bottom_marks = min(mark_length, by0 - MM)
    right_marks = min(mark_length, layout.page_w - bx1 - MM)
    if by0 - bottom_marks - gap >= need:
        top = by0 - bottom_marks - gap
        x0, x1 = max(bx0, 10 * MM), min(bx1, layout.page_w - 10 * MM)
        return Band(x0, top - need, False, x1 - x0, need)
    if layout.page_w - bx1 - right_marks - gap >= need:
        y0, y1 = max(by0, 10 * MM), min(by1, layout.page_h - 10 * MM)
        return Band(bx1 + right_marks + gap + need, y0, True, y1 - y0, need)
    return None


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
               overlap: float, margin: float = 8 * MM, band: float = 9 * MM) -> TilePlan:
    """Cut a board into page-sized regions: neighbours share exactly `overlap`, the last
    row and column are as large as what is left, and together they cover the board.
    Portrait or landscape, whichever needs fewer pages."""
    best: TilePlan | None = None
    for pw, ph in ((paper_w, paper_h), (paper_h, paper_w)):
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
