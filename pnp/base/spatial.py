"""Spatial indexes for the board's geometry: they only narrow down which items an exact
test must look at (a superset of the ones that can pass), so every answer is still
decided by the same floating-point test as a plain scan, just on far fewer items."""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.base.geometry import Box, Point


class Grid:
    """Items bucketed by the cells of a uniform grid that their boxes touch. An item (or
    a question) whose box is not finite or spans more than LIMIT cells counts as being
    everywhere: the answer is then a superset all the same, never a hang or an error."""

    LIMIT = 4096

    def __init__(self, boxes: Sequence[Box], cell: float) -> None:
        self.cell = cell
        self.count = len(boxes)
        self.cells: dict[tuple[int, int], list[int]] = {}
        self.everywhere: list[int] = []
        cells, floor, limit = self.cells, math.floor, self.LIMIT
        for n, box in enumerate(boxes):
            try:  # _span, written out: a grid is built for every stretch of every road
                i0, i1 = floor(box[0] / cell), floor(box[2] / cell)
                j0, j1 = floor(box[1] / cell), floor(box[3] / cell)
            except (OverflowError, ValueError):
                self.everywhere.append(n)
                continue
            if (i1 - i0 + 1) * (j1 - j0 + 1) > limit and i1 >= i0 and j1 >= j0:
                self.everywhere.append(n)
                continue
            for i in range(i0, i1 + 1):
                for j in range(j0, j1 + 1):
                    cells.setdefault((i, j), []).append(n)

    def _span(self, box: Box) -> tuple[int, int, int, int] | None:
        """The cells a box covers (None: not finite, or too many)."""
        c = self.cell
        try:
            i0, i1 = math.floor(box[0] / c), math.floor(box[2] / c)
            j0, j1 = math.floor(box[1] / c), math.floor(box[3] / c)
        except (OverflowError, ValueError):
            return None
        if (i1 - i0 + 1) * (j1 - j0 + 1) > self.LIMIT and i1 >= i0 and j1 >= j0:
            return None
        return i0, j0, i1, j1

    def near(self, box: Box) -> list[int]:
        """Indices, ascending, of every item whose box may meet `box` (edges included)."""
        span = self._span(box)
        if span is None:
            return list(range(self.count))
        i0, j0, i1, j1 = span
        cells = self.cells
        lists = [got for i in range(i0, i1 + 1) for j in range(j0, j1 + 1)
                 if (got := cells.get((i, j)))]
        if self.everywhere:
            lists.append(self.everywhere)
        if len(lists) == 1:
            return lists[0]
        return sorted(set().union(*lists))

    def at(self, x: float, y: float) -> list[int]:
        """Indices, ascending, of every item whose box may hold the point."""
        if self.everywhere:
            return self.near((x, y, x, y))
        try:
            key = (math.floor(x / self.cell), math.floor(y / self.cell))
        except (OverflowError, ValueError):
            return list(range(self.count))
        return self.cells.get(key, [])


class Ring:
    """A polygon ring ready for many even-odd point tests: its box, and its edges
    bucketed by horizontal band, so a test only visits edges that span the point's y.
    `contains` gives exactly `geometry.point_in_polygon`: the same edges, each with the
    same arithmetic, toggle the answer (their order cannot change a parity)."""

    BANDS = 64

    def __init__(self, ring: Sequence[Point]) -> None:
        self.points = list(ring)
        if not self.points:
            self.box: Box = (0.0, 0.0, -1.0, -1.0)
            self.bands: list[list[tuple[float, float, float, float]]] = []
            return
        xs, ys = [p[0] for p in self.points], [p[1] for p in self.points]
        self.box = (min(xs), min(ys), max(xs), max(ys))
        self.y0 = self.box[1]
        self.h = (self.box[3] - self.box[1]) / self.BANDS or 1.0
        self.bands = [[] for _ in range(self.BANDS + 1)]
        pts, bands, top, base, h = self.points, self.bands, self.BANDS, self.y0, self.h
        x0, y0 = pts[-1]
        for x1, y1 in pts:  # each edge in the bands it spans (_band, written out)
            lo, hi = (y0, y1) if y0 <= y1 else (y1, y0)
            lo, hi = min(top, max(0, int((lo - base) / h))), min(top, max(0, int((hi - base) / h)))
            edge = (x0, y0, x1, y1)
            if lo == hi:
                bands[lo].append(edge)
            else:
                for k in range(lo, hi + 1):
                    bands[k].append(edge)
            x0, y0 = x1, y1

    def reach(self) -> Box:
        """A box outside which `contains` is False: the ring's box, widened a hair (far
        more than rounding) left and right, where its answer comes from arithmetic."""
        x0, y0, x1, y1 = self.box
        m = 1e-9 * (1.0 + max(abs(x0), abs(x1)))
        return (x0 - m, y0, x1 + m, y1)

    def _band(self, y: float) -> int:
        return min(self.BANDS, max(0, int((y - self.y0) / self.h)))

    def contains(self, p: Point) -> bool:
        """Even-odd rule, as point_in_polygon."""
        x, y = p
        x0b, y0b, x1b, y1b = self.box
        if not y0b <= y < y1b:  # no edge has one end above y and one not
            return False
        inside = False
        for x0, y0, x1, y1 in self.bands[self._band(y)]:
            if (y0 > y) != (y1 > y) and x < x0 + (x1 - x0) * (y - y0) / (y1 - y0):
                inside = not inside
        return inside
