"""The Temple Trip board: cities from the TEMPLE cards (and Salt Lake City), each at its
place on the drawn map; roads and flights from board.yaml as chains of track squares;
Border Posts where a road crosses the drawn border; the map drawn through the same
warp (projection.py) so coasts, borders and lakes sit where the cities say."""

from __future__ import annotations

import math
from typing import Any

from pnp.base.geometry import Point, clip_box, segments_cross
from pnp.base.graph import adjacency, reachable
from pnp.games.temple_trip.land import Land, drawn
from pnp.games.temple_trip.network import City, Route
from pnp.games.temple_trip.projection import MapView, Projection, Warp
from pnp.games.temple_trip.squares import Edges, Path, Square
from pnp.games.temple_trip.tracks import (
    GAP,
    air_count,
    air_kinds,
    great_circle_km,
    lane_squares,
    road_kinds,
    road_squares,
    sample,
    settle,
)

ANCHOR_STEP = 60.0  # mm between the frame's fixed points (the warp keeps the frame)


class Board:
    """Everything drawn on the board, in mm from its top-left corner."""

    def __init__(self, spec: dict[str, Any], layout: dict[str, Any],
                 temples: list[dict[str, Any]], outlines: dict[str, Any],
                 lay: bool = True, moved: dict[str, Point] | None = None,
                 bends: dict[tuple[str, str], list[Point]] | None = None,
                 like: Board | None = None) -> None:
        """`lay`: place every route's squares (the layout tool places lanes itself).
        `moved`: where a custom temple's new city is drawn (join.py), a little off its
        place on the drawn map (or a board city squeezed against it); `bends`: a road's
        bends in board mm (join.py's roads);
        `like`: a board of the same files whose map and land this one shares (join.py
        builds a board for each way it tries: new cities never move the map)."""
        self.spec = spec
        self.bends = bends or {}
        self.unjoined: dict[str, Any] = {}  # new cities join.py could not join: why (Failure)
        self.conflicts: dict[str, str] = {}  # ... though alone they could: the other city
        self.width, self.height = spec["width"], spec["height"]
        main = spec["mainland"]
        self.base = Projection(main["lon"], main["lat"], main["box"])
        self.insets = {name: Projection(i["lon"], i["lat"], i["box"])
                       for name, i in spec["insets"].items()}
        self.outlines = outlines.get("outlines", {})
        self.inset_outlines = outlines.get("insets", {})
        self.lakes = outlines.get("lakes", {})
        self.cities: dict[str, City] = {}
        slc = spec["salt_lake_city"]
        self._add(City(slc["name"], slc["country"], slc["lat"], slc["lon"], "slc", False,
                       "mainland"))
        for t in temples:
            if t["city"] in self.cities:
                continue
            inset = next((n for n, i in spec["insets"].items() if t["city"] in i.get("cities", ())),
                         None) or self.inset_of(t["lon"], t["lat"])
            kind = "airport" if t["travel"] in ("both", "flight") else "temple"
            self._add(City(t["city"], t["country"], t["lat"], t["lon"], kind,
                           t["travel"] == "flight", inset or "mainland", card=t["id"],
                           gather=t["city"] in spec.get("gather", ())))
        places = layout.get("places", {})
        if like is not None:
            self.map = like.map
            for shared in ("_geo", "_drawn", "_lakes", "_land"):
                if shared in like.__dict__:
                    self.__dict__[shared] = like.__dict__[shared]
        else:
            sources, targets = self.control_points(layout)
            self.map = MapView(self.base, Warp(sources, targets, layout.get("triangles") or []))
        for c in self.cities.values():
            if c.area == "mainland":
                c.placed = c.name in places
                c.pos = tuple((moved or {}).get(c.name)
                              or (places[c.name] if c.placed else self.map(c.lon, c.lat)))
            else:
                c.pos = self.insets[c.area](c.lon, c.lat)
        self.vias = {(v["a"], v["b"]): tuple(v["via"]) for v in layout.get("lanes") or []}
        self.roads = [Route("road", r[0], r[1], via=[tuple(v) for v in r[2]] if len(r) > 2
                            else []) for r in spec["roads"]
                      if r[0] in self.cities and r[1] in self.cities]
        self.air = [Route("air", a, b) for a, b in spec["air"]
                    if a in self.cities and b in self.cities]
        if lay:
            for r in self.air:
                self.lay_lane(r, self.vias.get((r.a, r.b)))
            rerouted = spec.get("lane_vias") or {}  # round new cities (reroute.py), laid
            for r in self.air:  # again last: the other lanes keep their squares
                if (r.a, r.b) in rerouted:
                    self.lay_lane(r, rerouted[(r.a, r.b)])
            settle(self.roads, self._road)

    # ---------------------------------------------------------------- places
    def _add(self, city: City) -> None:
        self.cities[city.name] = city

    def inset_of(self, lon: float, lat: float) -> str | None:
        """The inset whose window holds a place (Alaska, Hawaii), if any."""
        for name, i in self.spec["insets"].items():
            if i["lon"][0] <= lon <= i["lon"][1] and i["lat"][0] <= lat <= i["lat"][1]:
                return name
        return None

    def area_of(self, lon: float, lat: float) -> str | None:
        """Where a place is drawn: an inset, the mainland (anywhere on the board: a new
        city near its edge is slid inward, room.home), or nowhere (None)."""
        inset = self.inset_of(lon, lat)
        if inset:
            return inset
        m = self.spec["mainland"]
        if not (m["lon"][0] <= lon <= m["lon"][1] and m["lat"][0] <= lat <= m["lat"][1]):
            return None
        x, y = self.map(lon, lat)
        return "mainland" if 0 <= x <= self.width and 0 <= y <= self.height else None

    def geo(self) -> Land:
        """The countries in longitude and latitude (the insets' land is the USA's)."""
        if "_geo" not in self.__dict__:
            rings = {c: [[tuple(p) for p in ring] for ring in rs]
                     for c, rs in self.outlines.items()}
            rings.setdefault("USA", []).extend(
                [tuple(p) for p in r] for rs in self.inset_outlines.values() for r in rs)
            self._geo = Land(rings, list(self.lakes.values()), list(self.lakes))
        return self._geo

    def country_of(self, lon: float, lat: float) -> str | None:
        return self.geo().country((lon, lat))

    # ---------------------------------------------------------------- routes
    def road_line(self, r: Route) -> Path:
        if r.path is None:
            a, b = self.cities[r.a], self.cities[r.b]
            r.path = Path([a.pos, *(self.map(lon, lat) for lon, lat in r.via),
                           *self.bends.get((r.a, r.b), []), b.pos])
        return r.path

    def lay_lane(self, r: Route, via: Point | None) -> None:
        """A flight's lane: a quadratic curve through the layout's control point (or a
        gentle default bend), squares evenly along it."""
        a, b = self.cities[r.a], self.cities[r.b]
        (ax, ay), (bx, by) = a.pos, b.pos
        if via is None:
            via = ((ax + bx) / 2 - (by - ay) * 0.12, (ay + by) / 2 + (bx - ax) * 0.12)
        r.curve = ((ax, ay), via, (bx, by))
        r.path = Path(sample(r.curve))
        r.km = great_circle_km(a.lat, a.lon, b.lat, b.lon)
        n = air_count(r.km)
        start = _leave(r.path, a.pos, a.radius + GAP)
        end = r.path.length - _leave(Path(r.path.points[::-1]), b.pos, b.radius + GAP)
        roads = [seg for o in self.roads for seg in self.road_line(o).segments()]
        cities = [(c.pos, c.radius) for c in self.cities.values() if c.name not in (r.a, r.b)]
        taken = [s for o in self.air if o is not r for s in o.squares]
        r.squares, r.problems = lane_squares(r.path, start, end, n, roads, cities, taken)
        for sq, kind in zip(r.squares, air_kinds(len(r.squares)), strict=True):
            sq.kind = kind

    def _road(self, r: Route, taken: list[Square]) -> None:
        """The road's squares, clear of the flights' and of `taken` (other roads')."""
        a, b = self.cities[r.a], self.cities[r.b]
        r.path = self.road_line(r)
        r.km = great_circle_km(a.lat, a.lon, b.lat, b.lon)
        lanes = [o.path.points for o in self.air if o.path]
        air = [s for o in self.air for s in o.squares] + taken
        others = [self.road_line(o).points for o in self.roads
                  if o is not r and {o.a, o.b} & {r.a, r.b}]
        r.squares = road_squares(r.path, a.radius, b.radius, lanes, air, others)
        border = None
        if a.country != b.country and "USA" in (a.country, b.country) and r.squares:
            at = self._border_crossing(r)
            border = min(range(len(r.squares)),
                         key=lambda i: math.dist((r.squares[i].x, r.squares[i].y), at))
        for sq, kind in zip(r.squares, road_kinds(len(r.squares), a.airport, b.airport, border),
                            strict=True):
            sq.kind = kind

    def _border_crossing(self, r: Route) -> Point:
        """Where the road crosses the drawn USA border (its middle if nowhere)."""
        if "_border" not in self.__dict__:  # (the outline's edges, indexed once)
            self._border = Edges(self.drawn_outlines().get("USA", []))
        at = self._border.first_crossing(self.road_line(r))
        return at if at is not None else self.road_line(r).point(self.road_line(r).length / 2)[0]

    # ---------------------------------------------------------------- drawing
    def drawn_outlines(self) -> dict[str, list[list[Point]]]:
        """Country outlines through the warp, cut to the board and its bleed."""
        if "_drawn" not in self.__dict__:
            box = (-6.0, -6.0, self.width + 6.0, self.height + 6.0)
            self._drawn = {country: [p for p in (clip_box(self.map.ring(drawn(ring)), box)
                                                 for ring in rings) if len(p) >= 3]
                           for country, rings in self.outlines.items()}
        return self._drawn

    def drawn_lakes(self) -> dict[str, list[Point]]:
        if "_lakes" not in self.__dict__:
            self._lakes = {name: self.map.ring(ring) for name, ring in self.lakes.items()}
        return self._lakes

    def inset_paths(self) -> dict[str, list[list[Point]]]:
        return {name: [[self.insets[name](x, y) for x, y in ring] for ring in rings]
                for name, rings in self.inset_outlines.items() if name in self.insets}

    def land(self) -> Land:
        """The drawn countries and lakes, indexed for point lookups."""
        if "_land" not in self.__dict__:
            self._land = Land(self.drawn_outlines(), list(self.drawn_lakes().values()))
        return self._land

    def on_land(self, p: Point, q: Point, step: float = 2.0) -> bool:
        """Whether the straight line p-q stays on the drawn land, off the lakes."""
        return self.land().on_land(p, q, step)

    def water_mm(self, points: list[Point], step: float = 1.0) -> float:
        """How much of a line (mm) runs over the sea or a lake: a bridge's worth is fine."""
        return self.land().water_mm(points, step)

    def country_at(self, p: Point) -> str | None:
        """The country drawn at a board point (None: the sea or a lake)."""
        return self.land().country_at(p)

    # ---------------------------------------------------------------- network
    def road_crossings(self) -> list[tuple[Route, Route]]:
        out = []
        for i, r in enumerate(self.roads):
            for o in self.roads[i + 1:]:
                if {r.a, r.b} & {o.a, o.b}:
                    continue
                if any(segments_cross(p, q, u, v) for p, q in self.road_line(r).segments()
                       for u, v in self.road_line(o).segments()):
                    out.append((r, o))
        return out

    def reachable(self, start: str, modes: tuple[str, ...] = ("road", "air"),
                  through_border: bool = True, countries: set[str] | None = None) -> set[str]:
        routes = (self.roads if "road" in modes else []) + (self.air if "air" in modes else [])
        links = [(r.a, r.b) for r in routes
                 if (through_border or not (r.mode == "road" and r.border))
                 and (countries is None or {self.cities[r.a].country,
                                            self.cities[r.b].country} <= countries)]
        return reachable(adjacency(self.cities, links), start)

    def control_points(self, layout: dict) -> tuple[dict[str, Point], dict[str, Point]]:
        """The warp's points, by label: each placed city (its name), each coast point
        (`shore N`) and the fixed frame (`frame N`), as plain-map source and board target."""
        places = layout.get("places", {})
        sources: dict[str, Point] = {}
        targets: dict[str, Point] = {}
        for c in self.cities.values():
            if c.area == "mainland" and c.name in places:
                sources[c.name] = self.base(c.lon, c.lat)
                targets[c.name] = tuple(places[c.name])
        for i, (lon, lat, x, y) in enumerate(layout.get("shore") or []):
            sources[f"shore {i}"] = self.base(lon, lat)
            targets[f"shore {i}"] = (x, y)
        for i, p in enumerate(_frame(self.width, self.height)):
            sources[f"frame {i}"] = targets[f"frame {i}"] = p
        return sources, targets

    def squares(self) -> list[tuple[Route, Square]]:
        return [(r, s) for r in self.air + self.roads for s in r.squares]


def _frame(w: float, h: float) -> list[Point]:
    """Fixed points along the board's edge: the warp leaves the frame where it is."""
    nx, ny = max(2, round(w / ANCHOR_STEP)), max(2, round(h / ANCHOR_STEP))
    pts = [(w * i / nx, 0.0) for i in range(nx)] + [(w, h * j / ny) for j in range(ny)]
    pts += [(w - w * i / nx, h) for i in range(nx)] + [(0.0, h - h * j / ny) for j in range(ny)]
    return pts


def _leave(path: Path, centre: Point, radius: float) -> float:
    """Arc length at which a path starting inside a circle leaves it."""
    for s, p in zip(path.at, path.points, strict=True):
        if math.dist(p, centre) >= radius:
            return s
    return path.length

