"""Dice Trip map geometry in mm (y down): the projection, the city circles pushed apart
until each can be written in, the zones (the country cut into the cities' Voronoi
cells) and the lines between zones, road crossings."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from pnp.base.geometry import Point, clip_half_plane, segments_cross
from pnp.games.dice_trip.coast import Coast, back_on_land

if TYPE_CHECKING:
    from pnp.games.dice_trip.spec import MapSpec

RADIUS = 4.3  # mm to the middle of a city circle's line
STROKE = 0.35  # the circle's line: 2 x 4.3 - 0.35 = 8.25 mm inside for two digits
RING = 0.9  # how far a coloured city's ring reaches beyond its circle
CLEAR = 1.8  # mm between the outer edges of two neighbouring circles
EDGE = 1.0  # mm from the map box to the country's outline
OFF_LAND = 1.0  # mm a circle's centre may lie off the outline (a coarse coast, a border town)
BADGE_R = 1.75  # mm: the disc carrying a coloured city's die letter (one or two letters)


def outer_radius(coloured: bool) -> float:
    """How far a city's ink reaches from its centre: the circle's line or its ring."""
    return RADIUS + RING if coloured else RADIUS + STROKE / 2


def _span(items: list[tuple[float, float]], scale: float) -> tuple[float, float]:
    """(lowest, highest) edge of items (coordinate, radius) at a scale, outline points
    keeping EDGE from the box and circles their radius."""
    lo = min(u * scale - (r or EDGE) for u, r in items)
    hi = max(u * scale + (r or EDGE) for u, r in items)
    return lo, hi


def _fit_scale(axes: list[tuple[list[tuple[float, float]], float]]) -> float:
    """The largest scale at which the outline and every circle fit the box on each axis
    (bisection: the span grows with the scale)."""
    lo, hi = 0.0, 1e6
    for _ in range(60):
        mid = (lo + hi) / 2
        if _fits(axes, mid):
            lo = mid
        else:
            hi = mid
    return lo


def _fits(axes: list[tuple[list[tuple[float, float]], float]], scale: float) -> bool:
    """Whether every axis's span at this scale fits its size (each span worked out once)."""
    for items, size in axes:
        lo, hi = _span(items, scale)
        if not hi - lo <= size:
            return False
    return True


def _offset(items: list[tuple[float, float]], scale: float, size: float) -> float:
    """Centre the drawing on an axis."""
    lo, hi = _span(items, scale)
    return (size - (hi - lo)) / 2 - lo


def spread(points: dict[str, Point], radius: dict[str, float], clear: float,
           box: tuple[float, float] | None = None, rounds: int = 400,
           land: list[list[Point]] | None = None) -> dict[str, Point]:
    """Push apart circles closer than `clear` edge to edge, each as little as needed
    (both move half the way), keeping each inside `box`, and each centre that lies on
    `land` (the outline's rings) on it; the result depends only on the input."""
    pos = {k: [x, y] for k, (x, y) in points.items()}
    names = sorted(pos)
    coast = Coast(land or [])  # asked for every centre each round: built once
    ashore = {k: g for k in names if land and (g := coast.gap(points[k])[0]) <= OFF_LAND}
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                gap = radius[a] + radius[b] + clear
                dx, dy = pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]
                d = math.hypot(dx, dy)
                if d >= gap:
                    continue
                if d < 1e-9:
                    dx, dy, d = 1.0, 0.0, 1.0
                push = (gap - d + 2e-3) / 2
                ux, uy = dx / d, dy / d
                pos[a][0] -= ux * push
                pos[a][1] -= uy * push
                pos[b][0] += ux * push
                pos[b][1] += uy * push
                moved = True
        if box is not None:
            for k, p in pos.items():
                p[0] = min(max(p[0], radius[k]), box[0] - radius[k])
                p[1] = min(max(p[1], radius[k]), box[1] - radius[k])
        for k, allowed in ashore.items() if moved and land else ():
            back_on_land(pos[k], coast, allowed)
        if not moved:
            break
    return {k: (round(v[0], 3), round(v[1], 3)) for k, v in pos.items()}


class Geometry:
    """Projected, spaced city positions in mm inside a box, and what is drawn from them.

    Projection: equirectangular at the map's mean latitude (x = lon·cos φ0, y = lat),
    fine for a country. Circles closer than CLEAR are pushed apart so every circle can be
    written in; roads are checked for crossings on these drawn positions."""

    def __init__(self, spec: MapSpec, width: float = 100.0, height: float = 132.0,
                 room: dict[str, float] | None = None) -> None:
        """`room`: mm more kept around some circles (names that found no place)."""
        self.spec = spec
        lats = [c.lat for c in spec.cities] + [p[1] for r in spec.outline for p in r]
        lons = [c.lon for c in spec.cities] + [p[0] for r in spec.outline for p in r]
        self.k = math.cos(math.radians((min(lats) + max(lats)) / 2))
        self.radius = {c.name: outer_radius(bool(c.colour)) for c in spec.cities}
        x0, y1 = min(lons) * self.k, max(lats)
        us = [(0.0, 0.0), (max(lons) * self.k - x0, 0.0)]  # the outline's extremes
        vs = [(0.0, 0.0), (y1 - min(lats), 0.0)]
        cu = [((c.lon * self.k - x0), self.radius[c.name]) for c in spec.cities]
        cv = [((y1 - c.lat), self.radius[c.name]) for c in spec.cities]
        self.scale = _fit_scale([(us + cu, width), (vs + cv, height)])
        self._x0, self._y1 = x0, y1
        self._dx = _offset(us + cu, self.scale, width)
        self._dy = _offset(vs + cv, self.scale, height)
        self.width, self.height = width, height
        self.raw = {c.name: self.project(c.lon, c.lat) for c in spec.cities}
        room = room or {}
        self.pos = spread(self.raw, {k: r + room.get(k, 0.0) for k, r in self.radius.items()},
                          CLEAR, (width, height), land=self.outline())
        self._cells: dict[str, list[tuple[str, list[Point]]]] = {}

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        return ((lon * self.k - self._x0) * self.scale + self._dx,
                (self._y1 - lat) * self.scale + self._dy)

    def outline(self) -> list[list[tuple[float, float]]]:
        return [[self.project(lon, lat) for lon, lat in ring] for ring in self.spec.outline]

    def road_segments(self) -> list[tuple[Point, Point]]:
        return [(self.pos[a], self.pos[b]) for a, b in (tuple(r) for r in self.spec.roads)
                if a in self.pos and b in self.pos]

    def crossings(self, roads: list[tuple[str, str]]
                  ) -> list[tuple[tuple[str, str], tuple[str, str]]]:
        found = []
        for i, (a, b) in enumerate(roads):
            for c, d in roads[i + 1:]:
                if {a, b} & {c, d}:
                    continue
                if segments_cross(self.pos[a], self.pos[b], self.pos[c], self.pos[d]):
                    found.append(((a, b), (c, d)))
        return found

    def cells(self, whole_box: bool = False) -> list[tuple[str, list[Point]]]:
        """Each city's part of the country (every point belongs to its nearest city), one
        polygon per outline ring it reaches; `whole_box`: its part of the whole map box,
        sea and neighbours included."""
        key = "box" if whole_box else "country"
        if key in self._cells:
            return self._cells[key]
        box = [(0.0, 0.0), (self.width, 0.0), (self.width, self.height), (0.0, self.height)]
        rings = [box] if whole_box else (self.outline() or [box])
        out: list[tuple[str, list[Point]]] = []
        for city in self.spec.cities:
            here = self.pos[city.name]
            for ring in rings:
                poly = ring
                for other in self.spec.cities:
                    if other is city or not poly:
                        continue
                    poly = clip_half_plane(poly, here, self.pos[other.name])
                if len(poly) >= 3:
                    out.append((city.name, poly))
        self._cells[key] = out
        return out

    def zone_areas(self) -> dict[str, list[list[Point]]]:
        zone_of = {c.name: c.zone for c in self.spec.cities}
        areas: dict[str, list[list[Point]]] = {z: [] for z in self.spec.zones}
        for name, poly in self.cells():
            areas.setdefault(zone_of[name], []).append(poly)
        return areas

    def zone_boundaries(self) -> list[list[Point]]:
        """The lines between zones, as polylines: the edges of a city's cell that lie
        halfway between it and a city of another zone (each edge once)."""
        zone_of = {c.name: c.zone for c in self.spec.cities}
        eps = 1e-6 * max(self.width, self.height)
        edges: list[tuple[Point, Point]] = []
        for name, poly in self.cells():
            here = self.pos[name]
            for i, p in enumerate(poly):
                q = poly[(i + 1) % len(poly)]
                if math.dist(p, q) < 1e-6:
                    continue
                for other in self.spec.cities:
                    if zone_of[other.name] <= zone_of[name]:
                        continue  # each edge from the side of the lower zone only
                    there = self.pos[other.name]
                    if all(abs(math.dist(v, here) - math.dist(v, there)) < eps
                           for v in (p, q)):
                        edges.append((p, q))
                        break
        return [line for line in chain(edges)  # not a stray tick where cells meet a coast
                if sum(math.dist(line[i], line[i + 1]) for i in range(len(line) - 1)) >= 1.0]


def chain(edges: list[tuple[Point, Point]]) -> list[list[Point]]:
    """Join segments that share ends into polylines (a dashed line then runs on evenly
    through the corners)."""
    def key(p: Point) -> tuple[int, int]:
        return round(p[0] * 1000), round(p[1] * 1000)

    ends: dict[tuple[int, int], list[int]] = {}
    for i, (p, q) in enumerate(edges):
        ends.setdefault(key(p), []).append(i)
        ends.setdefault(key(q), []).append(i)
    used = [False] * len(edges)
    lines: list[list[Point]] = []
    # start at loose ends first, so open lines come out whole
    order = sorted(range(len(edges)), key=lambda i: (min(len(ends[key(edges[i][0])]),
                                                         len(ends[key(edges[i][1])])), i))
    for start in order:
        if used[start]:
            continue
        used[start] = True
        p, q = edges[start]
        if len(ends[key(q)]) == 1 and len(ends[key(p)]) != 1:
            p, q = q, p
        line = [p, q]
        for forward in (True, False):
            while True:
                tip = line[-1] if forward else line[0]
                nxt = next((j for j in ends[key(tip)] if not used[j]), None)
                if nxt is None:
                    break
                used[nxt] = True
                a, b = edges[nxt]
                far = b if key(a) == key(tip) else a
                if forward:
                    line.append(far)
                else:
                    line.insert(0, far)
        lines.append(line)
    return lines


def badges(geo: Geometry) -> dict[str, Point]:
    """Where each coloured city's letter disc sits on its ring: the diagonal that lies
    farthest from the roads leaving the city."""
    out: dict[str, Point] = {}
    for c in geo.spec.cities:
        if not c.colour:
            continue
        x, y = geo.pos[c.name]
        angles = [math.atan2(b[1] - y, b[0] - x) for a, b in _ends(geo, c.name)]

        def clearance(t: float, angles: list[float] = angles) -> float:
            return min((abs(math.remainder(t - a, math.tau)) for a in angles), default=math.pi)

        best = max((-math.pi / 4, -3 * math.pi / 4, math.pi / 4, 3 * math.pi / 4),
                   key=lambda t: (round(clearance(t), 6), -abs(t + math.pi / 4)))
        d = RADIUS + RING / 2 + 0.6  # off the writing space, which it bites by 0.5 mm
        out[c.name] = (round(x + d * math.cos(best), 3), round(y + d * math.sin(best), 3))
    return out


def _ends(geo: Geometry, name: str) -> list[tuple[Point, Point]]:
    return [(geo.pos[a], geo.pos[b]) if a == name else (geo.pos[b], geo.pos[a])
            for a, b in (tuple(r) for r in geo.spec.roads) if name in (a, b)
            and a in geo.pos and b in geo.pos]
