"""Spatial prefilters for Dice Trip's label and zone-letter searches, which test
thousands of candidate boxes against every circle, name and line of a map. An index only
narrows down which items the exact test looks at (a superset of those that can pass:
two closed boxes that meet share a grid square), so every answer is the one a plain scan
gives, with the same floating-point test, on far fewer items. All in mm."""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.base.geometry import Box, Point, boxes_overlap, segment_hits_box
from pnp.base.spatial import Grid
from pnp.games.dice_trip.geometry import Geometry
from pnp.games.dice_trip.labels import CLEAR, circle_gap, nearest_circles

CELL = 16.0  # mm: grid square (spatial.Grid: the answers never depend on the order)

Segment = tuple[Point, Point]


class Boxes:
    """Boxes that a candidate box may not overlap (geometry.boxes_overlap)."""

    def __init__(self, boxes: Sequence[Box]) -> None:
        self.boxes = list(boxes)
        self.index = Grid(self.boxes, CELL)

    def overlap(self, box: Box) -> bool:
        return any(boxes_overlap(box, self.boxes[n]) for n in self.index.near(box))


class Segments:
    """Line segments, each with its bounding box: how many touch a box."""

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.items = [((p, q), (min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]),
                                max(p[1], q[1]))) for p, q in segments]
        self.index = Grid([sb for _, sb in self.items], CELL)

    def hits(self, box: Box) -> int:
        """Exactly labels.segment_hits(box, <these segments>)."""
        count = 0
        for n in self.index.near(box):
            (p, q), sb = self.items[n]
            if sb[0] <= box[2] and box[0] <= sb[2] and sb[1] <= box[3] and box[1] <= sb[3] \
                    and segment_hits_box(p, q, box):
                count += 1
        return count


REACH = 1.0  # mm: the most a name keeps from any circle or badge (CLEAR, or its own's)


class Circles:
    """The circles and badges of a drawn map, for the tests a name's place must pass."""

    def __init__(self, geo: Geometry, discs: list[tuple[Point, float]]) -> None:
        self.geo = geo
        self.discs = discs
        self.index = Grid([(c[0] - r - REACH, c[1] - r - REACH, c[0] + r + REACH,
                            c[1] + r + REACH) for c, r in discs], CELL)
        self.finite = all(math.isfinite(v) for p in geo.pos.values() for v in p)
        # for each city, the other circles by how near they can come to it
        self._others: dict[str, list[tuple[float, Point, float]]] = {}

    def clear(self, box: Box, city: str, own_clear: float) -> bool:
        """Clear of every circle and badge (its own circle by `own_clear`)."""
        own = self.geo.pos[city]
        discs = self.discs
        near = range(len(discs)) if own_clear > REACH else self.index.near(box)
        for n in near:
            centre, r = discs[n]
            need = own_clear if centre == own else CLEAR
            reach = r + need
            if centre[0] + reach < box[0] or centre[0] - reach > box[2] or \
                    centre[1] + reach < box[1] or centre[1] - reach > box[3]:
                continue  # too far to matter
            if circle_gap(box, centre, r) < need - 1e-6:
                return False
        return True

    def nearest(self, box: Box, city: str) -> tuple[float, float]:
        """The gaps from the box to its own circle and to the nearest other: exactly
        nearest_circles' (a circle whose centre is farther from the city's than the box
        reaches, by more than the nearest gap found, cannot be nearer)."""
        if not self.finite or not all(math.isfinite(v) for v in box):
            own, other, _ = nearest_circles(box, city, self.geo)
            return own, other
        (cx, cy), pos, radius = self.geo.pos[city], self.geo.pos, self.geo.radius
        own = circle_gap(box, (cx, cy), radius[city])
        others = self._others.get(city)
        if others is None:
            others = self._others[city] = sorted(
                (math.dist((cx, cy), pos[n]) - radius[n], pos[n], radius[n])
                for n in pos if n != city)
        reach = math.hypot(max(abs(box[0] - cx), abs(box[2] - cx)),
                           max(abs(box[1] - cy), abs(box[3] - cy)))
        other = math.inf
        for bound, centre, r in others:
            if bound - reach > other + 1e-6:
                break
            d = circle_gap(box, centre, r)
            if d < other:
                other = d
        return own, other
