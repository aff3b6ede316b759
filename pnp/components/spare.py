"""Small items in the spare space of another component's last sheet: the 8 archaeologist
tokens beside the 36th tile, so a game that fits on one sheet takes one sheet.

A component says `print_with: HOST`; the host's builder asks `place` where the guests
go on its last page. Guests that do not all fit there are printed on their own, as any
component (the build falls back to that)."""

from __future__ import annotations

import math

from pnp.base.units import MM
from pnp.layout import impose
from pnp.layout.impose import Layout, Slot

GUEST_BLEED = 1.0 * MM  # round tokens cut with scissors: a thin ring of bleed is enough
EDGE = 0.5 * MM  # a guest's art keeps this far inside the host's cut lines


def free_rects(layout: Layout, used: int) -> list[tuple[float, float, float, float]]:
    """The empty part of a page holding the first `used` items, as rectangles (x, y, w,
    h): the rest of the last, part-filled row, then all the empty rows below as one (so a
    guest may be larger than a host's slot). Each is kept one host bleed clear of the
    host's art and EDGE inside its own cut lines: a guest never crosses a line the
    host's items are cut along."""
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


def place(layout: Layout, used: int, count: int, w: float, h: float,
          bleed: float = GUEST_BLEED) -> list[Slot] | None:
    """Trim slots for `count` guests of w×h (with `bleed` each side) in the empty slots of
    a page holding `used` host items, a small grid centred in each; None if they do not
    all fit."""
    cell_w, cell_h = w + 2 * bleed, h + 2 * bleed
    slots: list[Slot] = []
    for x, y, rw, rh in free_rects(layout, used):
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
    return [impose.back_slot(s, layout, flip, offset) for s in slots]
