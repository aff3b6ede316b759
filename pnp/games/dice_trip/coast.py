"""Dice Trip maps: the country's outline as a coast the city circles keep to (a centre
pushed apart from its neighbours slides along it, never off the country). In mm, y down."""

from __future__ import annotations

import math

from pnp.base.geometry import Point, point_in_polygon


def land_gap(p: Point, land: list[list[Point]]) -> tuple[float, Point]:
    """How far a point lies off the country (0 on it) and the nearest point of its
    outline (the point itself when on it)."""
    if not land or any(point_in_polygon(p, ring) for ring in land):
        return 0.0, p
    best, q = math.inf, p
    for ring in land:
        for a, b in zip(ring, ring[1:] + ring[:1], strict=True):
            dx, dy = b[0] - a[0], b[1] - a[1]
            t = max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) /
                             (dx * dx + dy * dy or 1.0)))
            c = (a[0] + t * dx, a[1] + t * dy)
            if (d := math.dist(c, p)) < best:
                best, q = d, c
    return best, q


def back_on_land(p: list[float], land: list[list[Point]], allowed: float) -> None:
    """A centre pushed off the country further than it lies (`allowed`) goes back to the
    nearest point of its outline, a hair inside: it slides along the coast."""
    gap, q = land_gap((p[0], p[1]), land)
    if gap <= allowed + 1e-9:
        return
    for step in (0.02, 0.1, 0.3):
        r = (q[0] + (q[0] - p[0]) / gap * step, q[1] + (q[1] - p[1]) / gap * step)
        if land_gap(r, land)[0] == 0.0:
            p[0], p[1] = r
            return
    p[0], p[1] = q
