"""The Temple Trip board: cities from the TEMPLE cards, roads and air routes from
board.yaml, drawn as chains of track squares; Border Posts where a road leaves the USA;
and the checks the rules ask of a board (reachability, border posts, airports, cones)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..geometry import (
    Point,
    clip_box,
    point_in_polygon,
    polygons_overlap,
    segments_cross,
    spread,
    square_corners,
)
from ..graph import adjacency, reachable

SQUARE = 7.6  # mm: a track square
PITCH = 10.0  # mm between square centres along a route
GAP = 1.6  # mm between a city marker and the first square
CITY_GAP = 27.0  # mm: cities closer than this are nudged apart
RADIUS = {"slc": 9.5, "airport": 7.5, "temple": 6.0}

ROAD_KINDS = ("open", "zone", "assign", "border")  # cones: only on open
AIR_KINDS = ("sky", "calm", "assign")  # cones: only on sky


@dataclass
class City:
    name: str
    country: str
    lat: float
    lon: float
    kind: str  # slc | airport | temple
    flight_only: bool
    area: str  # mainland | an inset's name
    pos: Point = (0.0, 0.0)
    card: str | None = None  # the TEMPLE card's id

    @property
    def radius(self) -> float:
        return RADIUS[self.kind]

    @property
    def airport(self) -> bool:
        return self.kind in ("slc", "airport")


@dataclass
class Square:
    x: float
    y: float
    angle: float  # degrees
    kind: str

    def corners(self) -> list[Point]:
        return square_corners(self.x, self.y, SQUARE, math.radians(self.angle))


@dataclass
class Route:
    mode: str  # road | air
    a: str
    b: str
    squares: list[Square] = field(default_factory=list)
    curve: tuple[Point, Point, Point] | None = None  # air: quadratic Bézier

    @property
    def border(self) -> bool:
        return any(s.kind == "border" for s in self.squares)


class Projection:
    """Equirectangular at the area's mean latitude, fitted into a box (mm)."""

    def __init__(self, lon: list[float], lat: list[float], box: list[float]) -> None:
        self.k = math.cos(math.radians(sum(lat) / 2))
        x0, y0, x1, y1 = box
        self.scale = min((x1 - x0) / ((lon[1] - lon[0]) * self.k), (y1 - y0) / (lat[1] - lat[0]))
        self.lon0, self.lat1 = lon[0], lat[1]
        self.x0 = x0 + ((x1 - x0) - (lon[1] - lon[0]) * self.k * self.scale) / 2
        self.y0 = y0 + ((y1 - y0) - (lat[1] - lat[0]) * self.scale) / 2

    def __call__(self, lon: float, lat: float) -> Point:
        return (self.x0 + (lon - self.lon0) * self.k * self.scale,
                self.y0 + (self.lat1 - lat) * self.scale)


class Board:
    """Everything drawn on the board, in mm from its top-left corner."""

    def __init__(self, spec: dict[str, Any], temples: list[dict[str, Any]],
                 outlines: dict[str, Any], fixed: dict[str, Point] | None = None) -> None:
        """`fixed`: cities already laid out (the shipped board), which stay where they
        are; only the others are nudged apart from them."""
        self.spec = spec
        self.width, self.height = spec["width"], spec["height"]
        main = spec["mainland"]
        self.project = Projection(main["lon"], main["lat"], main["box"])
        self.insets = {name: Projection(i["lon"], i["lat"], i["box"])
                       for name, i in spec["insets"].items()}
        self.outlines = outlines
        self.cities: dict[str, City] = {}
        slc = spec["salt_lake_city"]
        self._add(City(slc["name"], slc["country"], slc["lat"], slc["lon"], "slc", False,
                       "mainland"))
        for t in temples:
            inset = next((n for n, i in spec["insets"].items() if t["city"] in i["cities"]),
                         None) or self.inset_of(t["lon"], t["lat"])
            kind = "airport" if t["travel"] in ("both", "flight") else "temple"
            self._add(City(t["city"], t["country"], t["lat"], t["lon"], kind,
                           t["travel"] == "flight", inset or "mainland", card=t["id"]))
        raw = {n: (fixed or {}).get(n, c.pos) for n, c in self.cities.items()
               if c.area == "mainland"}
        still = [slc["name"], *(n for n in (fixed or {}) if n in raw)]
        for name, p in spread(raw, CITY_GAP, fixed=still).items():
            self.cities[name].pos = p
        self.roads = [Route("road", a, b) for a, b in spec["roads"]
                      if a in self.cities and b in self.cities]
        self.air = [Route("air", a, b) for a, b in spec["air"]
                    if a in self.cities and b in self.cities]
        for r in self.roads:
            self._road_squares(r)
        for r in self.air:
            self._air_squares(r)

    def inset_of(self, lon: float, lat: float) -> str | None:
        """The inset whose window holds a place (Alaska, Hawaii), if any."""
        for name, i in self.spec["insets"].items():
            if i["lon"][0] <= lon <= i["lon"][1] and i["lat"][0] <= lat <= i["lat"][1]:
                return name
        return None

    def area_of(self, lon: float, lat: float) -> str | None:
        """Where a place is drawn: an inset, the mainland frame, or nowhere (None)."""
        inset = self.inset_of(lon, lat)
        if inset:
            return inset
        m = self.spec["mainland"]
        if not (m["lon"][0] <= lon <= m["lon"][1] and m["lat"][0] <= lat <= m["lat"][1]):
            return None
        x, y = self.project(lon, lat)
        x0, y0, x1, y1 = m["clip"]
        return "mainland" if x0 <= x <= x1 and y0 <= y <= y1 else None

    def on_land(self, p: Point, q: Point, step: float = 2.0) -> bool:
        """Whether the straight line p-q (board mm) stays on the drawn land."""
        if "_land" not in self.__dict__:
            self._land = [ring for rings in self.outline_paths().values() for ring in rings]
        n = max(1, int(math.dist(p, q) // step))
        return all(any(point_in_polygon((p[0] + (q[0] - p[0]) * k / n,
                                         p[1] + (q[1] - p[1]) * k / n), ring)
                       for ring in self._land) for k in range(n + 1))

    def air_samples(self) -> list[tuple[Route, list[Point]]]:
        return [(r, [_bezier(r.curve, k / 60) for k in range(61)]) for r in self.air
                if r.curve]

    def _add(self, city: City) -> None:
        proj = self.insets.get(city.area, self.project)
        city.pos = proj(city.lon, city.lat)
        self.cities[city.name] = city

    def country_of(self, lon: float, lat: float) -> str | None:
        for country, rings in self.outlines.items():
            if any(point_in_polygon((lon, lat), [tuple(p) for p in ring]) for ring in rings):
                return country
        return None

    def _road_squares(self, r: Route) -> None:
        a, b = self.cities[r.a], self.cities[r.b]
        (ax, ay), (bx, by) = a.pos, b.pos
        length = math.hypot(bx - ax, by - ay)
        start, end = a.radius + GAP, length - b.radius - GAP
        usable = end - start
        n = max(0, int((usable + (PITCH - SQUARE)) // PITCH))
        angle = math.degrees(math.atan2(by - ay, bx - ax))
        step = usable / n if n else 0
        kinds = ["open"] * n
        if n:
            if a.airport:
                kinds[0] = "zone"
            if b.airport and n > 1:
                kinds[-1] = "zone"
            if a.country != b.country and "USA" in (a.country, b.country):
                kinds[self._border_index(a, b, n, start, step, length)] = "border"
            free = [i for i in range(n) if kinds[i] == "open"]
            if n >= 3 and len(free) >= 2:
                kinds[free[len(free) // 3]] = "assign"
        for i in range(n):
            t = (start + step * (i + 0.5)) / length
            r.squares.append(Square(round(ax + (bx - ax) * t, 3), round(ay + (by - ay) * t, 3),
                                    round(angle, 3), kinds[i]))

    def _border_index(self, a: City, b: City, n: int, start: float, step: float,
                      length: float) -> int:
        """The square nearest where the real road leaves the USA (found by bisection on
        the country outlines)."""
        lo, hi = 0.0, 1.0
        a_usa = a.country == "USA"
        for _ in range(30):
            mid = (lo + hi) / 2
            c = self.country_of(a.lon + (b.lon - a.lon) * mid, a.lat + (b.lat - a.lat) * mid)
            if (c == "USA") == a_usa:
                lo = mid
            else:
                hi = mid
        at = lo * length
        return min(range(n), key=lambda i: abs(start + step * (i + 0.5) - at))

    def _air_squares(self, r: Route) -> None:
        """Squares along a gentle arc, skipping places taken by road squares or cities."""
        a, b = self.cities[r.a], self.cities[r.b]
        (ax, ay), (bx, by) = a.pos, b.pos
        mx, my = (ax + bx) / 2, (ay + by) / 2
        dx, dy = bx - ax, by - ay
        bend = 0.14
        ctrl = (mx - dy * bend, my + dx * bend)
        r.curve = ((ax, ay), ctrl, (bx, by))
        samples = [_bezier(r.curve, i / 400) for i in range(401)]
        dist = [0.0]
        for p, q in zip(samples, samples[1:], strict=False):
            dist.append(dist[-1] + math.dist(p, q))
        total = dist[-1]
        s = a.radius + GAP + SQUARE / 2
        placed: list[Square] = []
        taken = [sq for road in self.roads for sq in road.squares] + \
            [sq for route in self.air for sq in route.squares]
        while s < total - b.radius - GAP - SQUARE / 2:
            i = min(range(len(dist)), key=lambda k: abs(dist[k] - s))
            (x, y) = samples[i]
            j = min(i + 1, len(samples) - 1)
            k = max(i - 1, 0)
            ang = math.degrees(math.atan2(samples[j][1] - samples[k][1],
                                          samples[j][0] - samples[k][0]))
            sq = Square(round(x, 3), round(y, 3), round(ang, 3), "sky")
            if self._free(sq, taken + placed):
                placed.append(sq)
                s += PITCH
            else:
                s += 1.0
        if placed:
            placed[0].kind = "calm"
            if len(placed) >= 3:
                placed[len(placed) // 2].kind = "assign"
        r.squares = placed

    def _free(self, sq: Square, others: list[Square]) -> bool:
        corners = sq.corners()
        for o in others:
            if abs(o.x - sq.x) < SQUARE * 1.5 and abs(o.y - sq.y) < SQUARE * 1.5 \
                    and polygons_overlap(corners, o.corners()):
                return False
        return all(math.dist((sq.x, sq.y), c.pos) >= c.radius + SQUARE * 0.72
                   for c in self.cities.values())

    # ------------------------------------------------------------- checks
    def overlaps(self) -> list[str]:
        """Squares that overlap each other or a city marker (there should be none)."""
        found = []
        squares = [(r, s) for r in self.roads + self.air for s in r.squares]
        cells: dict[tuple[int, int], list[int]] = {}
        for i, (_, s) in enumerate(squares):
            cells.setdefault((int(s.x // 20), int(s.y // 20)), []).append(i)
        for i, (r, s) in enumerate(squares):
            cx, cy = int(s.x // 20), int(s.y // 20)
            for nx in (cx - 1, cx, cx + 1):
                for ny in (cy - 1, cy, cy + 1):
                    for j in cells.get((nx, ny), []):
                        if j > i and polygons_overlap(s.corners(), squares[j][1].corners()):
                            o = squares[j][0]
                            found.append(f"a square of {r.a}–{r.b} overlaps one of {o.a}–{o.b}")
            for c in self.cities.values():
                if math.dist((s.x, s.y), c.pos) < c.radius + SQUARE * 0.5:
                    found.append(f"a square of {r.a}–{r.b} covers the city {c.name}")
        return found

    def road_crossings(self) -> list[tuple[Route, Route]]:
        out = []
        for i, r in enumerate(self.roads):
            for o in self.roads[i + 1:]:
                if {r.a, r.b} & {o.a, o.b}:
                    continue
                if segments_cross(self.cities[r.a].pos, self.cities[r.b].pos,
                                  self.cities[o.a].pos, self.cities[o.b].pos):
                    out.append((r, o))
        return out

    def reachable(self, start: str, modes: tuple[str, ...] = ("road", "air"),
                  through_border: bool = True) -> set[str]:
        routes = (self.roads if "road" in modes else []) + (self.air if "air" in modes else [])
        links = [(r.a, r.b) for r in routes
                 if through_border or not (r.mode == "road" and r.border)]
        return reachable(adjacency(self.cities, links), start)

    def outline_paths(self) -> dict[str, list[list[Point]]]:
        """Country outlines in board mm, cut to the mainland map's area."""
        box = tuple(self.spec["mainland"]["clip"])
        out: dict[str, list[list[Point]]] = {}
        for country, rings in self.outlines.items():
            out[country] = [p for p in (clip_box([self.project(x, y) for x, y in ring], box)
                                        for ring in rings) if len(p) >= 3]
        return out

    def inset_paths(self, rings_by_inset: dict[str, list[list[list[float]]]]
                    ) -> dict[str, list[list[Point]]]:
        return {name: [[self.insets[name](x, y) for x, y in ring] for ring in rings]
                for name, rings in rings_by_inset.items() if name in self.insets}


def _bezier(c: tuple[Point, Point, Point], t: float) -> Point:
    (x0, y0), (x1, y1), (x2, y2) = c
    u = 1 - t
    return (u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2)
