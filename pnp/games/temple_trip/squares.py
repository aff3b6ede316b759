"""What both track layers build on: the track square a pawn stands on (its size, the
clearance kept around it) and the path squares are laid along, measured by arc length.
Kept apart so tracks.py (which lays the squares), blocked.py (where a road's squares
cannot go) and the board's rules (playable.py: no two squares share ground) share them
without importing each other."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.base.geometry import Point, polygons_overlap, square_corners
from pnp.base.spatial import Grid

SQUARE = 10.0  # mm: a track square (two pawn bases side by side, or a cone)
CLEAR = 1.0  # mm kept between a square and a line or a square of another route


@dataclass
class Square:
    x: float
    y: float
    angle: float  # degrees: the route's direction (glyphs are drawn upright regardless)
    kind: str

    def corners(self, grow: float = 0.0) -> list[Point]:
        return square_corners(self.x, self.y, SQUARE + 2 * grow, math.radians(self.angle))


class Path:
    """A polyline measured by arc length."""

    def __init__(self, points: list[Point]) -> None:
        self.points = points
        self.at = [0.0]
        for p, q in zip(points, points[1:], strict=False):
            self.at.append(self.at[-1] + math.dist(p, q))
        self.length = self.at[-1]

    def point(self, s: float) -> tuple[Point, float]:
        """The point at arc length s and the direction there (degrees)."""
        s = max(0.0, min(self.length, s))
        lo, hi = 0, len(self.at) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.at[mid] <= s:
                lo = mid
            else:
                hi = mid
        p, q = self.points[lo], self.points[hi]
        span = self.at[hi] - self.at[lo] or 1.0
        t = (s - self.at[lo]) / span
        angle = math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))
        return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t), angle

    def segments(self) -> list[tuple[Point, Point]]:
        return list(zip(self.points, self.points[1:], strict=False))


def close_pairs(routes: list[list[Square]], gap: float = 0.0) -> list[tuple[int, int, int, int]]:
    """Every two squares nearer each other than `gap` mm (at 0: that overlap), as (route,
    square, route, square) indices, each pair once: a pawn or a cone stands on one square,
    so no two squares may share ground, whichever routes they lie on."""
    flat = [(i, j) for i, squares in enumerate(routes) for j in range(len(squares))]
    polys = [routes[i][j].corners(gap / 2) for i, j in flat]
    boxes = [(min(x for x, _ in p), min(y for _, y in p), max(x for x, _ in p),
              max(y for _, y in p)) for p in polys]
    grid = Grid(boxes, 2 * SQUARE)
    return [(*flat[k], *flat[m]) for k, box in enumerate(boxes) for m in grid.near(box)
            if m > k and polygons_overlap(polys[k], polys[m])]


def first_crossed_pair(routes: list[list[Square]], memo: dict[int, tuple]
                       ) -> tuple[int, int] | None:
    """The routes of the first pair close_pairs finds on two different routes (None:
    none), looked for only until it is found; `memo` keeps each square's corners and box
    (by id, with the square, so an id is never reused) across the calls settle makes."""
    flat: list[tuple[int, Square]] = [(i, sq) for i, squares in enumerate(routes)
                                      for sq in squares]
    polys, boxes = [], []
    for _, sq in flat:
        got = memo.get(id(sq))
        if got is None:
            poly = sq.corners()
            got = memo[id(sq)] = (sq, poly, (min(x for x, _ in poly), min(y for _, y in poly),
                                             max(x for x, _ in poly), max(y for _, y in poly)))
        polys.append(got[1])
        boxes.append(got[2])
    grid = Grid(boxes, 2 * SQUARE)
    for k, box in enumerate(boxes):
        i = flat[k][0]
        for m in grid.near(box):
            if m > k and flat[m][0] != i and polygons_overlap(polys[k], polys[m]):
                return i, flat[m][0]
    return None


class Edges:
    """The edges of closed rings (a country's drawn border), bucketed by their boxes so
    that a path's crossings are looked for among the edges near each of its segments:
    the same exact test (intersection) on the same edges in the same order as a scan of
    every edge, less those whose box lies clear of the segment's (they cannot cross it)."""

    CELL = 20.0  # mm

    def __init__(self, rings: list[list[Point]]) -> None:
        self.edges = [(p, q) for ring in rings
                      for p, q in zip(ring, ring[1:] + ring[:1], strict=True)]
        self.grid = Grid([(min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1]))
                          for p, q in self.edges], self.CELL)

    def first_crossing(self, path: Path) -> Point | None:
        """Along the first segment of `path` that crosses an edge, the crossing nearest
        its start (None: the path crosses none)."""
        edges, pad = self.edges, 1e-3  # far more than rounding moves a coordinate
        for u, v in path.segments():
            box = (min(u[0], v[0]) - pad, min(u[1], v[1]) - pad,
                   max(u[0], v[0]) + pad, max(u[1], v[1]) + pad)
            hits = [h for i in self.grid.near(box) if (h := intersection(u, v, *edges[i]))]
            if hits:
                return min(hits, key=lambda h: math.dist(h, u))
        return None


def intersection(p1: Point, p2: Point, p3: Point, p4: Point) -> Point | None:
    """Where segments p1-p2 and p3-p4 cross (None: they do not, or are parallel)."""
    d = (p2[0] - p1[0]) * (p4[1] - p3[1]) - (p2[1] - p1[1]) * (p4[0] - p3[0])
    if abs(d) < 1e-12:
        return None
    t = ((p3[0] - p1[0]) * (p4[1] - p3[1]) - (p3[1] - p1[1]) * (p4[0] - p3[0])) / d
    u = ((p3[0] - p1[0]) * (p2[1] - p1[1]) - (p3[1] - p1[1]) * (p2[0] - p1[0])) / d
    if 0 <= t <= 1 and 0 <= u <= 1:
        return (p1[0] + t * (p2[0] - p1[0]), p1[1] + t * (p2[1] - p1[1]))
    return None
