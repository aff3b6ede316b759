"""Land and water of the drawn Temple Trip map, for the many point lookups the board and
its checks make (a road's water, a flag's land, a new city's country). Each ring is
indexed once (spatial.Ring), so a lookup tests only the edges at the point's height; the
answers are those of a plain point_in_polygon scan, in the same order of rings."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from ..geometry import Point
from ..spatial import Ring


class Land:
    """Countries (each a list of rings, in drawing order) and lakes."""

    def __init__(self, countries: Mapping[str, Sequence[Sequence[Point]]],
                 lakes: Sequence[Sequence[Point]] = ()) -> None:
        self.countries = [(name, [Ring(r) for r in rings]) for name, rings in countries.items()]
        self.land = [r for _, rings in self.countries for r in rings]
        self.lakes = [Ring(r) for r in lakes]

    def wet(self, p: Point) -> bool:
        """In a lake."""
        return any(r.contains(p) for r in self.lakes)

    def country(self, p: Point) -> str | None:
        """The first country with a ring around p, lakes aside."""
        for name, rings in self.countries:
            if any(r.contains(p) for r in rings):
                return name
        return None

    def country_at(self, p: Point) -> str | None:
        """The country drawn at p (None: the sea or a lake)."""
        return None if self.wet(p) else self.country(p)

    def on_land(self, p: Point, q: Point, step: float = 2.0) -> bool:
        """Whether the straight line p-q stays on land, off the lakes (tested every
        `step` mm)."""
        n = max(1, int(math.dist(p, q) // step))
        for k in range(n + 1):
            pt = (p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n)
            if not any(r.contains(pt) for r in self.land) or self.wet(pt):
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
