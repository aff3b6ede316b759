"""Small items in the spare space of another component's last sheet: the 8 archaeologist
tokens beside the 36th tile, so a game that fits on one sheet takes one sheet.

A component says `print_with: HOST`; the host's builder asks `place` where the guests
go on its last page. Guests that do not all fit there are printed on their own, as any
component (the build falls back to that).

The host is cut along straight lines through the whole sheet (every crop mark's line),
empty slots included, so a guest is placed between those lines (`cells`): cutting the
host's columns and rows never cuts a guest. Guests that do not fit those cells (one
wider than a host's slot) are not placed: they print on their own pages."""

from __future__ import annotations

import math

from pnp.base.units import MM
from pnp.layout import backs, impose
from pnp.layout.impose import Layout, Slot

GUEST_BLEED = 1.0 * MM  # round tokens cut with scissors: a thin ring of bleed is enough
EDGE = 0.5 * MM  # a guest's art keeps this far inside the host's cut lines


def free_rects(layout: Layout, used: int) -> list[tuple[float, float, float, float]]:
    """The empty part of a page holding the first `used` items, as rectangles (x, y, w,
    h): the rest of the last, part-filled row, then all the empty rows below as one (so a
    guest may be larger than a host's slot). Each is kept one host bleed clear of the
    host's art and EDGE inside the cut lines around it (`cells` splits it along the
    host's cut lines that cross it)."""
    cols, b = layout.cols, layout.bleed
    used = max(used, 0)
    row, col = divmod(used, cols)
    groups = []
    if col and row < layout.rows:
        groups.append(list(range(row * cols + col, (row + 1) * cols)))
        row += 1
    if row < layout.rows:
        groups.append(list(range(row * cols, layout.per_page)))
    out = []
    for group in groups:
        slots = [layout.slots[i] for i in group]
        x0 = min(s.x for s in slots)
        y0 = min(s.y for s in slots)
        x1 = max(s.x + s.w for s in slots)
        y1 = max(s.y + s.h for s in slots)
        first = group[0]
        top = b if first >= cols and first - cols < used else EDGE
        left = b if first % cols and first - 1 < used else EDGE
        out.append((x0 + left, y0 + EDGE, x1 - x0 - left - EDGE, y1 - y0 - top - EDGE))
    return out


def cells(layout: Layout, used: int) -> list[tuple[float, float, float, float]]:
    """`free_rects` split along every cut line of the host's page (the lines its crop
    marks extend across the sheet), each part kept EDGE clear of those lines."""
    xs, ys = impose.cut_lines(impose.subset(layout, used))
    out = []
    for x, y, w, h in free_rects(layout, used):
        xcuts = [x] + [v for v in xs if x + EDGE < v < x + w - EDGE] + [x + w]
        ycuts = [y] + [v for v in ys if y + EDGE < v < y + h - EDGE] + [y + h]
        for y0, y1 in reversed(list(zip(ycuts, ycuts[1:], strict=False))):  # top row first
            for x0, x1 in zip(xcuts, xcuts[1:], strict=False):
                left = EDGE if x0 > x else 0.0
                right = EDGE if x1 < x + w else 0.0
                low = EDGE if y0 > y else 0.0
                high = EDGE if y1 < y + h else 0.0
                out.append((x0 + left, y0 + low, x1 - x0 - left - right, y1 - y0 - low - high))
    return out


def place(layout: Layout, used: int, count: int, w: float, h: float,
          bleed: float = GUEST_BLEED) -> list[Slot] | None:
    """Trim slots for `count` guests of w×h (with `bleed` each side) in the empty slots of
    a page holding `used` host items, a small grid centred in each of the `cells` between
    the host's cut lines; None if they do not all fit there (then they are printed on
    their own: a guest across a cut line would be cut in two)."""
    return _fill(cells(layout, used), count, w, h, bleed)


def _fill(rects: list[tuple[float, float, float, float]], count: int, w: float, h: float,
          bleed: float) -> list[Slot] | None:
    """`count` guests in small grids, one centred in each rect in turn, or None."""
    cell_w, cell_h = w + 2 * bleed, h + 2 * bleed
    slots: list[Slot] = []
    for x, y, rw, rh in rects:
        cols = math.floor((rw + 1e-6) / cell_w)
        rows = math.floor((rh + 1e-6) / cell_h)
        if cols < 1 or rows < 1:
            continue
        need = count - len(slots)
        rows = min(rows, math.ceil(need / cols))
        cols = min(cols, need)
        left = x + (rw - cols * cell_w) / 2 + bleed
        top = y + rh - (rh - rows * cell_h) / 2 - bleed
        for i in range(min(need, cols * rows)):
            r, c = divmod(i, cols)
            slots.append(Slot(left + c * cell_w, top - h - r * cell_h, w, h,
                              bleed, bleed, bleed, bleed))
        if len(slots) == count:
            return slots
    return None


def back_slots(slots: list[Slot], layout: Layout, flip: str,
               offset: tuple[float, float]) -> list[Slot]:
    """Where each guest's back goes on the host's backs page."""
    return [backs.back_slot(s, layout, flip, offset) for s in slots]
