"""Pure print geometry: where items sit on a page, where cuts and crop marks go (where
each back lands: pnp.layout.backs). No drawing here; everything in points."""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from pnp.base.units import MM

PRINT_MARGIN = 5 * MM  # nothing pnp prints comes closer to the paper edge: most home
#                         printers print nothing in the outer 3-5 mm
MIN_MARK = 3.0 * MM  # the shortest crop mark printed: a shorter one is lost in the bleed
MARK_LENGTH = 5 * MM
MARK_GAP = 0.0  # crop marks start at the outer bleed edge, never inside any art
MARK_CLEARANCE = 0.1 * MM  # a mark's end cap and width stay clear of PRINT_MARGIN too
BAND = 3.0 * MM  # the info line and the scale bar
BAND_GAP = 0.8 * MM  # between the band and the crop marks
# paper edge to outer bleed edge, at least, before the sheet's outer bleed gives way to
# MIN_MARK (`mark_room`): 1.5 mm are left for the marks, the bleed gives up the rest
SIDE_MARGIN = PRINT_MARGIN + MARK_CLEARANCE + 1.5 * MM
BAND_MARGIN = PRINT_MARGIN + BAND + BAND_GAP + 1.5 * MM  # the same, on the band's side


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
    """One crop mark: a line from (x0, y0) to (x1, y1), in points."""

    x0: float
    y0: float
    x1: float
    y1: float


@dataclass(frozen=True)
class Layout:
    """Where a page's items go: the paper, the item's size and bleed, and each slot."""

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

    @property
    def landscape(self) -> bool:
        return self.page_w > self.page_h

    def bleed_box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) around all art on the page."""
        boxes = [s.art_box() for s in self.slots]
        return (min(b[0] for b in boxes), min(b[1] for b in boxes),
                max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes))


def _fit(room: float, size: float, gutter: float) -> int:
    return int(math.floor((room + gutter + 1e-6) / (size + gutter)))


def _grid(page_w: float, page_h: float, w: float, h: float, bleed: float, gutter: float,
          cols: int, rows: int, full_bleed: bool = False) -> Layout | None:
    """`cols` x `rows` items centred on the page, or None unless their art keeps
    SIDE_MARGIN on every side and BAND_MARGIN on one side for the info band (the grid
    moves up off centre when that makes room below it, unless a side margin holds the
    band with no bleed given up for crop marks and below it would not)."""
    if cols < 1 or rows < 1:
        return None
    grid_w, grid_h = cols * w + (cols - 1) * gutter, rows * h + (rows - 1) * gutter
    free_w, free_h = page_w - grid_w - 2 * bleed, page_h - grid_h - 2 * bleed
    if free_w < 2 * SIDE_MARGIN - 1e-6 or free_h < 2 * SIDE_MARGIN - 1e-6:
        return None
    more = MIN_MARK - 1.5 * MM - 1e-6  # a margin's more room for marks of MIN_MARK
    band_below = free_h >= SIDE_MARGIN + BAND_MARGIN - 1e-6 and (  # the grid centred:
        free_h >= SIDE_MARGIN + BAND_MARGIN + 2 * more or not (  # the band at a side
            free_w >= 2 * (BAND_MARGIN + more) and free_h >= 2 * (SIDE_MARGIN + more)))
    if not band_below and free_w < SIDE_MARGIN + BAND_MARGIN - 1e-6:
        return None
    x0 = (page_w - grid_w) / 2
    bottom = (page_h - grid_h) / 2  # the trim's bottom edge
    if band_below:
        bottom = max(bottom, BAND_MARGIN + bleed)
    y_top = bottom + grid_h
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
    return mark_room(Layout(page_w, page_h, w, h, bleed, cols, rows, gutter, tuple(slots)),
                     trim=not full_bleed)


def _grids(page_w: float, page_h: float, w: float, h: float, bleed: float,
           gutter: float, full_bleed: bool = False) -> list[Layout]:
    """The largest grid that fits, and those with a row or a column less (which may be
    what makes room for the info band)."""
    cols = _fit(page_w - 2 * SIDE_MARGIN - 2 * bleed, w, gutter)
    rows = _fit(page_h - 2 * SIDE_MARGIN - 2 * bleed, h, gutter)
    shapes = [(cols, rows), (cols, rows - 1), (cols - 1, rows)]
    return [g for c, r in shapes
            if (g := _grid(page_w, page_h, w, h, bleed, gutter, c, r, full_bleed))]


def orientations(page_w: float, page_h: float,
                 landscape: bool = False) -> list[tuple[float, float]]:
    """The page sizes to try: the paper upright and turned, or only turned when it is
    fed landscape (`--paper a3-landscape`)."""
    portrait = (min(page_w, page_h), max(page_w, page_h))
    return [portrait[::-1]] if landscape else [portrait, portrait[::-1]]


def plan(page_w: float, page_h: float, item_w: float, item_h: float, bleed: float,
         gutter_only: bool = False, count: int | None = None,
         landscape: bool = False, full_bleed: bool = False) -> Layout:
    """The layout that needs the fewest sheets for `count` items (else: fits the most)
    while crop marks, info line and scale bar stay PRINT_MARGIN from every paper edge:
    shared cuts or a gutter of 2×bleed (so every item keeps its full bleed), on the
    paper portrait or turned landscape. Ties go to portrait, then to more items a page,
    then to the gutter (more forgiving to cut). Round items always get the gutter: a
    circle cannot share a straight cut. `landscape`: the paper is fed landscape.
    `full_bleed` (--own-bleed): the gutter, and no outer bleed given up for crop marks."""
    gutters = [2 * bleed] if gutter_only or full_bleed else [2 * bleed, 0.0]
    candidates = [g for pw, ph in orientations(page_w, page_h, landscape) for gutter in gutters
                  for g in _grids(pw, ph, item_w, item_h, bleed, gutter, full_bleed)]
    if not candidates:
        raise ValueError(too_small(page_w, page_h, item_w, item_h, bleed))

    def sheets(lay: Layout) -> int:
        return -(-count // lay.per_page) if count else -lay.per_page

    return min(candidates, key=lambda lay: (sheets(lay), lay.landscape, -lay.per_page,
                                            -lay.gutter))


def too_small(page_w: float, page_h: float, item_w: float, item_h: float,
              bleed: float, how: str = "") -> str:
    """Why an item has no layout on this paper (the component's size is to blame)."""
    return (f"a {item_w / MM:.1f}x{item_h / MM:.1f} mm item with {bleed / MM:.1f} mm bleed "
            f"does not fit{how} on a {min(page_w, page_h) / MM:.0f}x"
            f"{max(page_w, page_h) / MM:.0f} mm page with {SIDE_MARGIN / MM:g} mm margins")


def subset(layout: Layout, count: int) -> Layout:
    """The layout of a page holding only the first `count` items: an item whose
    neighbour is missing gets its bleed on that side back, and crop marks follow the
    items that are really there."""
    if count >= layout.per_page:
        return layout
    used = layout.slots[:count]
    if layout.gutter:
        return replace(layout, slots=used)
    cols, b, out = layout.cols, layout.bleed, []
    for i, s in enumerate(used):
        r, c = divmod(i, cols)
        right = c + 1 < cols and i + 1 < count
        below = i + cols < count
        out.append(Slot(s.x, s.y, s.w, s.h, b if c == 0 else 0.0, 0.0 if below else b,
                        0.0 if right else b, b if r == 0 else 0.0))
    return mark_room(page := replace(layout, slots=tuple(out))) or page


def rooms(layout: Layout, band: Band | None) -> dict[str, float]:
    """Each margin's room for crop marks: outer bleed edge to PRINT_MARGIN (and the band)."""
    bx0, by0, bx1, by1 = layout.bleed_box()
    edge = PRINT_MARGIN + MARK_CLEARANCE
    room = {"bottom": by0 - edge, "top": layout.page_h - edge - by1,
            "left": bx0 - edge, "right": layout.page_w - edge - bx1}
    if band is not None:
        side = ("bottom" if band.y < by0 else "top") if not band.rotated else (
            "right" if band.x > bx1 else "left")
        room[side] -= BAND + BAND_GAP
    return room


def mark_room(layout: Layout, trim: bool = True) -> Layout | None:
    """`layout` with the bleed at the sheet's outer edges cut back where a margin is too
    narrow for MIN_MARK crop marks (9 poker cards on A4: 1.65 mm at the left and right,
    not 3), or None when even no bleed leaves that room. Only the sheet's outermost
    sides give way; an item keeps its bleed where it meets another's. `trim` False:
    None rather than less bleed."""
    if not layout.slots:
        return layout
    room = rooms(layout, info_band(layout))
    short = {k: MIN_MARK - v for k, v in room.items() if v < MIN_MARK - 1e-6}
    if not short:
        return layout
    if not trim:
        return None
    bx0, by0, bx1, by1 = layout.bleed_box()
    lim = {"left": bx0 + short.get("left", 0.0), "bottom": by0 + short.get("bottom", 0.0),
           "right": bx1 - short.get("right", 0.0), "top": by1 - short.get("top", 0.0)}
    out = []
    for s in layout.slots:
        if s.x < lim["left"] - 1e-6 or s.y < lim["bottom"] - 1e-6 or \
                s.x + s.w > lim["right"] + 1e-6 or s.y + s.h > lim["top"] + 1e-6:
            return None  # the trim itself is too close to the paper's edge
        out.append(replace(s, bleed_left=min(s.bleed_left, s.x - lim["left"]),
                           bleed_bottom=min(s.bleed_bottom, s.y - lim["bottom"]),
                           bleed_right=min(s.bleed_right, lim["right"] - s.x - s.w),
                           bleed_top=min(s.bleed_top, lim["top"] - s.y - s.h)))
    return replace(layout, slots=tuple(out))


def cut_lines(layout: Layout) -> tuple[list[float], list[float]]:
    """Distinct x and y positions of every trim edge."""
    xs = sorted({round(v, 4) for s in layout.slots for v in (s.x, s.x + s.w)})
    ys = sorted({round(v, 4) for s in layout.slots for v in (s.y, s.y + s.h)})
    return xs, ys


@dataclass(frozen=True)
class Band:
    """Free strip for the page's info line and scale bar: origin, direction, room."""

    x: float
    y: float
    rotated: bool  # True: runs upward along a side margin
    length: float
    room: float


def info_band(layout: Layout) -> Band | None:
    """Where the info line and scale bar go: the bottom margin if it has room below the
    crop marks, else the top, else the right or left margin (running upward). Always
    PRINT_MARGIN from the paper edge."""
    bx0, by0, bx1, by1 = layout.bleed_box()
    x0, x1 = 10 * MM, layout.page_w - 10 * MM
    y0, y1 = 10 * MM, layout.page_h - 10 * MM
    if by0 >= BAND_MARGIN - 1e-6:
        return Band(x0, PRINT_MARGIN, False, x1 - x0, BAND)
    if layout.page_h - by1 >= BAND_MARGIN - 1e-6:
        return Band(x0, layout.page_h - PRINT_MARGIN - BAND, False, x1 - x0, BAND)
    if layout.page_w - bx1 >= BAND_MARGIN - 1e-6:
        return Band(layout.page_w - PRINT_MARGIN, y0, True, y1 - y0, BAND)
    if bx0 >= BAND_MARGIN - 1e-6:
        return Band(PRINT_MARGIN + BAND, y0, True, y1 - y0, BAND)
    return None


def crop_marks(layout: Layout, band: Band | None = None,
               length: float = MARK_LENGTH) -> list[Mark]:
    """Marks extending every cut line into the margin, starting at the outer bleed edge
    so they never touch any item's art, and ending PRINT_MARGIN from the paper edge or
    before the info band; none shorter than MIN_MARK (`mark_room` makes the room)."""
    bx0, by0, bx1, by1 = layout.bleed_box()
    lengths = {k: min(length, v - MARK_GAP) for k, v in rooms(layout, band).items()}
    xs, ys = cut_lines(layout)
    marks: list[Mark] = []
    for x in xs:
        if lengths["top"] >= MIN_MARK - 1e-6:
            marks.append(Mark(x, by1 + MARK_GAP, x, by1 + MARK_GAP + lengths["top"]))
        if lengths["bottom"] >= MIN_MARK - 1e-6:
            marks.append(Mark(x, by0 - MARK_GAP - lengths["bottom"], x, by0 - MARK_GAP))
    for y in ys:
        if lengths["left"] >= MIN_MARK - 1e-6:
            marks.append(Mark(bx0 - MARK_GAP - lengths["left"], y, bx0 - MARK_GAP, y))
        if lengths["right"] >= MIN_MARK - 1e-6:
            marks.append(Mark(bx1 + MARK_GAP, y, bx1 + MARK_GAP + lengths["right"], y))
    return marks
