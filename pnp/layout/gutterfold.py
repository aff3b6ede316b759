"""Gutter-fold imposition: fronts and their backs side by side on one page, to be folded
on the gutter line and glued, so that one-sided printing gives two-sided items.

Pure geometry, in points, like pnp.layout.impose. The fronts take one half of the page and
their backs the other, each back the mirror image of its front across the fold line, so
that folding lays it exactly behind its front. Fold direction:

- vertical fold (fronts left, backs right): the default whenever it fits as many items a
  page. Folding turns the back half over about a vertical line, as a book page turns, so
  the backs are printed upright.
- horizontal fold (fronts above, backs below): folding turns the back half over top to
  bottom, so each back is printed turned 180° to read upright when the item is turned
  over like a book page (as duplex backs mirrored top to bottom are, pnp.layout.impose).

Both are tried on the paper upright and turned (only turned when it is fed landscape);
the layout needing the fewest sheets wins, ties going to the vertical fold, the paper
upright, more items a page, then the gutter. Cut lines, crop marks and the info band
follow pnp.layout.impose: marks extend the cut lines into the outer margins, where folded
fronts and backs share them; the fold line is dashed and runs through the gutter, which
is cut away with the fold."""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.base.units import MM
from pnp.layout.backs import moved_marks
from pnp.layout.impose import (
    BAND_GAP,
    BAND_MARGIN,
    MARK_CLEARANCE,
    PRINT_MARGIN,
    SIDE_MARGIN,
    Band,
    Layout,
    Mark,
    Slot,
    info_band,
    mark_room,
    orientations,
    subset,
    too_small,
)

FOLD_CLEAR = 1.0 * MM  # each half's art stops this far from the fold line: a fold a
#                        little off still leaves the line outside the art, and the bleed
#                        covers the rest


@dataclass(frozen=True)
class FoldLayout:
    """Where the fronts go (`fronts`, a page-sized Layout of that half) and the fold."""

    fronts: Layout
    vertical: bool  # True: the fold runs top to bottom, fronts left of it
    fold: float  # the fold line's x (vertical) or y (horizontal), points

    @property
    def per_page(self) -> int:
        return self.fronts.per_page

    @property
    def upside_down(self) -> bool:
        """Backs printed turned 180° (a horizontal fold)."""
        return not self.vertical

    def back_slot(self, front: Slot, offset: tuple[float, float] = (0.0, 0.0)) -> Slot:
        """The mirror image of `front` across the fold line, its bleeds swapped with it,
        then shifted by `offset` (x right, y up, points) to correct a drift."""
        dx, dy = offset
        if self.vertical:
            return Slot(2 * self.fold - front.x - front.w + dx, front.y + dy, front.w,
                        front.h, front.bleed_right, front.bleed_bottom, front.bleed_left,
                        front.bleed_top)
        return Slot(front.x + dx, 2 * self.fold - front.y - front.h + dy, front.w, front.h,
                    front.bleed_left, front.bleed_top, front.bleed_right, front.bleed_bottom)

    def page(self, count: int) -> tuple[Layout, Layout]:
        """For a page of `count` items: the fronts' layout, and the whole page's (fronts
        and backs where they print, without any offset) for crop marks and the band."""
        fronts = subset(self.fronts, count)
        backs = tuple(self.back_slot(s) for s in fronts.slots)
        return fronts, replace(fronts, slots=fronts.slots + backs)

    def moved_marks(self, marks: list[Mark], whole: Layout, band: Band | None,
                    offset: tuple[float, float]) -> list[Mark]:
        """The page's crop marks, those of the backs half moved with the backs by `offset`
        (as on a duplex backs page, pnp.layout.backs.moved_marks: someone cutting the
        folded item from its back cuts on them); the fronts' marks stay."""
        def backs_side(m: Mark) -> bool:
            if self.vertical:  # backs right of the fold
                return m.x0 + m.x1 > 2 * self.fold
            return m.y0 + m.y1 < 2 * self.fold  # backs below it

        fronts = [m for m in marks if not backs_side(m)]
        return fronts + moved_marks([m for m in marks if backs_side(m)], whole, band, offset)

    def fold_line(self, whole: Layout, band: Band | None) -> Mark:
        """The fold line across the page, PRINT_MARGIN from the edges and clear of the
        info band where the band crosses it."""
        edge = PRINT_MARGIN + MARK_CLEARANCE
        if self.vertical:
            lo, hi = edge, whole.page_h - edge
            if band is not None and not band.rotated:
                if band.y < whole.page_h / 2:
                    lo = band.y + band.room + BAND_GAP
                else:
                    hi = band.y - BAND_GAP
            return Mark(self.fold, lo, self.fold, hi)
        lo, hi = edge, whole.page_w - edge
        if band is not None and band.rotated:
            if band.x > whole.page_w / 2:
                hi = band.x - band.room - BAND_GAP
            else:
                lo = band.x + BAND_GAP
        return Mark(lo, self.fold, hi, self.fold)


def plan(page_w: float, page_h: float, item_w: float, item_h: float, bleed: float,
         gutter_only: bool = False, count: int | None = None,
         landscape: bool = False, full_bleed: bool = False) -> FoldLayout:
    """The gutter-fold layout that needs the fewest sheets for `count` items (else holds
    the most), both halves' art SIDE_MARGIN from the paper edges and FOLD_CLEAR from
    the fold, with room for the info band and crop marks (impose.mark_room, which
    `full_bleed` forbids to cut back the bleed); ValueError when none fits."""
    gutters = [2 * bleed] if gutter_only or full_bleed else [2 * bleed, 0.0]
    candidates = [c for pw, ph in orientations(page_w, page_h, landscape)
                  for vertical in (True, False) for gutter in gutters
                  for c in _candidates(pw, ph, item_w, item_h, bleed, gutter, vertical,
                                       full_bleed)]
    if not candidates:
        raise ValueError(too_small(page_w, page_h, item_w, item_h, bleed,
                                   " twice (fronts and backs, to fold)"))

    def key(c: FoldLayout) -> tuple[int, bool, int, bool, float]:
        sheets = -(-count // c.per_page) if count else -c.per_page
        return (sheets, not c.vertical, c.fronts.landscape, -c.per_page, -c.fronts.gutter)

    return min(candidates, key=key)


def _fit(room: float, size: float, gutter: float) -> int:
    return int((room + gutter + 1e-6) // (size + gutter)) if room > 0 else 0


def _candidates(page_w: float, page_h: float, w: float, h: float, bleed: float,
                gutter: float, vertical: bool, full_bleed: bool) -> list[FoldLayout]:
    """The largest grid in a half, and those with a row or a column less (which may make
    room for the band)."""
    if vertical:
        cols = _fit(page_w / 2 - FOLD_CLEAR - 2 * bleed - SIDE_MARGIN, w, gutter)
        rows = _fit(page_h - 2 * SIDE_MARGIN - 2 * bleed, h, gutter)
    else:
        cols = _fit(page_w - 2 * SIDE_MARGIN - 2 * bleed, w, gutter)
        rows = _fit((page_h - SIDE_MARGIN - BAND_MARGIN) / 2 - FOLD_CLEAR - 2 * bleed, h,
                    gutter)
        rows = max(rows, _fit(page_h / 2 - FOLD_CLEAR - 2 * bleed - SIDE_MARGIN, h, gutter))
    out = []
    for c, r in ((cols, rows), (cols, rows - 1), (cols - 1, rows)):
        if c >= 1 and r >= 1:
            fold = _layout(page_w, page_h, w, h, bleed, gutter, c, r, vertical, full_bleed)
            if fold is not None:
                out.append(fold)
    return out


def _layout(page_w: float, page_h: float, w: float, h: float, bleed: float, gutter: float,
            cols: int, rows: int, vertical: bool, full_bleed: bool) -> FoldLayout | None:
    """`cols` x `rows` fronts hugging the fold, or None unless both halves keep their
    margins, the info band has a place and crop marks their room (the fronts' outer
    bleed cut back for them as the whole page needs, mirrored on the backs)."""
    grid_w, grid_h = cols * w + (cols - 1) * gutter, rows * h + (rows - 1) * gutter
    if vertical:
        fold = page_w / 2
        x0 = fold - FOLD_CLEAR - bleed - grid_w
        bottom = (page_h - grid_h) / 2
        if page_h - grid_h - 2 * bleed >= SIDE_MARGIN + BAND_MARGIN - 1e-6:
            bottom = max(bottom, BAND_MARGIN + bleed)  # up off centre: the band below
    else:
        half = grid_h + 2 * bleed + FOLD_CLEAR
        fold = page_h / 2
        if page_h - 2 * half >= SIDE_MARGIN + BAND_MARGIN - 1e-6:
            fold = max(fold, BAND_MARGIN + half)  # the band below the backs
        x0 = (page_w - grid_w) / 2
        bottom = fold + FOLD_CLEAR + bleed
    shared = gutter == 0
    slots = []
    for r in range(rows):
        for c in range(cols):
            x = x0 + c * (w + gutter)
            y = bottom + grid_h - (r + 1) * h - r * gutter
            if shared:
                slots.append(Slot(x, y, w, h, bleed if c == 0 else 0.0,
                                  bleed if r == rows - 1 else 0.0,
                                  bleed if c == cols - 1 else 0.0, bleed if r == 0 else 0.0))
            else:
                slots.append(Slot(x, y, w, h, bleed, bleed, bleed, bleed))
    fronts = Layout(page_w, page_h, w, h, bleed, cols, rows, gutter, tuple(slots))
    layout = FoldLayout(fronts, vertical, fold)
    _, whole = layout.page(fronts.per_page)
    bx0, by0, bx1, by1 = whole.bleed_box()
    if min(bx0, by0, page_w - bx1, page_h - by1) < SIDE_MARGIN - 1e-6 or \
            info_band(whole) is None:
        return None
    roomy = mark_room(whole, trim=not full_bleed)
    if roomy is None:
        return None
    fronts = replace(fronts, slots=roomy.slots[:fronts.per_page])
    return FoldLayout(fronts, vertical, fold)
