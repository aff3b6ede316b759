"""Dice Trip maps: the country's outline as a coast the city circles keep to (a centre
pushed apart from its neighbours slides along it, never off the country). In mm, y down.
A Coast is built once per drawing: spreading the circles asks it thousands of times."""

from __future__ import annotations

import math

from pnp.base.geometry import Point
from pnp.base.spatial import Grid, Ring


class Coast:
    """The outline's rings ready for many questions: each ring's even-odd test by bands
    (spatial.Ring), and each edge with the terms the nearest point needs, worked out
    once and found by a grid (the same arithmetic on every edge that can be nearest, in
    the same order, as a plain scan: the same answers)."""

    CELL = 4.0  # mm: the grid of edges

    def __init__(self, land: list[list[Point]]) -> None:
        self.empty = not land
        self.rings = [Ring(ring) for ring in land]
        self.edges: list[tuple[float, float, float, float, float]] = []
        boxes = []
        for ring in land:
            for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
                dx, dy = b[0] - a[0], b[1] - a[1]
                self.edges.append((a[0], a[1], dx, dy, dx * dx + dy * dy or 1.0))
                boxes.append((min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]),
                              max(a[1], b[1])))
        self.grid = Grid(boxes, self.CELL)

    def gap(self, p: Point) -> tuple[float, Point]:
        """How far a point lies off the country (0 on it) and the nearest point of its
        outline (the point itself when on it)."""
        if self.empty or any(ring.contains(p) for ring in self.rings):
            return 0.0, p
        px, py = p
        reach, near = self.CELL, []
        while not near and reach < 1e6:  # some edge first: how far the nearest can be
            near = self.grid.near((px - reach, py - reach, px + reach, py + reach))
            reach *= 2
        best, _ = self._nearest(p, near)
        # every edge whose box comes within that distance, in order, as a plain scan
        reach = best + 1e-6
        return self._nearest(p, self.grid.near((px - reach, py - reach, px + reach,
                                                py + reach)))

    def _nearest(self, p: Point, indices: list[int]) -> tuple[float, Point]:
        best, q = math.inf, p
        px, py = p
        edges = self.edges
        for n in indices:
            ax, ay, dx, dy, den = edges[n]
            t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / den))
            c = (ax + t * dx, ay + t * dy)
            if (d := math.dist(c, p)) < best:
                best, q = d, c
        return best, q


def land_gap(p: Point, land: list[list[Point]] | Coast) -> tuple[float, Point]:
    """How far a point lies off the country (0 on it) and the nearest point of its
    outline (the point itself when on it)."""
    return (land if isinstance(land, Coast) else Coast(land)).gap(p)


def back_on_land(p: list[float], land: list[list[Point]] | Coast, allowed: float) -> None:
    """A centre pushed off the country further than it lies (`allowed`) goes back to the
    nearest point of its outline, a hair inside: it slides along the coast."""
    coast = land if isinstance(land, Coast) else Coast(land)
    gap, q = coast.gap((p[0], p[1]))
    if gap <= allowed + 1e-9:
        return
    for step in (0.02, 0.1, 0.3):
        r = (q[0] + (q[0] - p[0]) / gap * step, q[1] + (q[1] - p[1]) / gap * step)
        if coast.gap(r)[0] == 0.0:
            p[0], p[1] = r
            return
    p[0], p[1] = q
