"""Land and water of the drawn Temple Trip map, for the many point lookups the board and
its checks make (a road's water, a flag's land, a new city's country). Each ring is
indexed once (spatial.Ring: a test visits only the edges at the point's height) and the
rings sit in a grid by their boxes, so a lookup tests only the rings whose box holds the
point; the answers are those of a plain point_in_polygon scan of every ring, in order."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from pnp.base.geometry import Point
from pnp.base.spatial import Grid, Ring


class Land:
    """Countries (each a list of rings, in drawing order) and lakes."""

    def __init__(self, countries: Mapping[str, Sequence[Sequence[Point]]],
                 lakes: Sequence[Sequence[Point]] = ()) -> None:
        # lakes first, then each country's rings: a scan in this order meets any lake
        # before it names a country
        self.rings: list[tuple[str | None, Ring]] = \
            [(None, Ring(r)) for r in lakes] + \
            [(name, Ring(r)) for name, rings in countries.items() for r in rings]
        boxes = [ring.reach() for _, ring in self.rings]
        spans = [b[2] - b[0] for b in boxes if b[2] >= b[0]] + \
            [b[3] - b[1] for b in boxes if b[3] >= b[1]]
        self.grid = Grid(boxes, max(spans, default=0.0) / 16 or 1.0)

    def _near(self, p: Point) -> list[tuple[str | None, Ring]]:
        """The rings that may hold p, in order."""
        rings = self.rings
        return [rings[i] for i in self.grid.at(p[0], p[1])]

    def wet(self, p: Point) -> bool:
        """In a lake."""
        return any(name is None and ring.contains(p) for name, ring in self._near(p))

    def country(self, p: Point) -> str | None:
        """The first country with a ring around p, lakes aside."""
        return next((name for name, ring in self._near(p)
                     if name is not None and ring.contains(p)), None)

    def country_at(self, p: Point) -> str | None:
        """The country drawn at p (None: the sea or a lake)."""
        for name, ring in self._near(p):
            if ring.contains(p):
                return name  # a lake's name is None: every lake comes before any land
        return None

    def on_land(self, p: Point, q: Point, step: float = 2.0) -> bool:
        """Whether the straight line p-q stays on land, off the lakes (tested every
        `step` mm)."""
        n = max(1, int(math.dist(p, q) // step))
        for k in range(n + 1):
            pt = (p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n)
            if self.country(pt) is None or self.wet(pt):
                return False
        return True

    def water_mm(self, points: Sequence[Point], step: float = 1.0) -> float:
        """How much of a line (mm) runs over the sea or a lake."""
        wet = 0.0
        for p, q in zip(points, points[1:], strict=False):
            n = max(1, int(math.dist(p, q) // step))
            for k in range(n):
                t = (k + 0.5) / n
                if self.country_at((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)) is None:
                    wet += math.dist(p, q) / n
        return wet
