"""What the Temple Trip board must be for a family to play on it: the network the rules
need (every city reached, borders posted, airports flown), geography kept (cities on
their own country's land, compass order, Salt Lake City's neighbours by road), tracks a
piece can use (an Open Road square on every road, Clear Skies and calm zones on every
flight, lanes clear of roads and cities), and a drawing that reads (names clear, flags
on land). Each check returns plain messages; checks.py locates them."""

from __future__ import annotations

import math
from collections.abc import Iterator

from pnp.base.geometry import (
    Point,
    boxes_overlap,
    clip_box,
    distance_to_segment,
    point_in_polygon,
    polygons_overlap,
    segment_hits_box,
    segments_cross,
)
from pnp.base.spatial import Grid
from pnp.games.temple_trip import labels, trips
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.land import SHORE_MM
from pnp.games.temple_trip.network import Route

# A city is drawn at most DRIFT_MM from its place on the plain map (projection.py's
# Projection, before the stretch): 60 mm, about 480 km at the board's 0.125 mm a km.
# Utah crowds most: six temples within 300 km, each road with room for its squares (at
# least 42 mm between two temples, 52 mm from Salt Lake City's circle) in its true compass
# direction, and Edmonton already at the board's top edge, so the column of cities from
# Edmonton to St. George must stretch that far (tools/temple_trip_layout.py measures it).
DRIFT_MM = 60.0
COMPASS_DEG = 45.0  # a road neighbour is drawn at most this far off its true bearing
POINTS = ("north", "north-north-east", "north-east", "east-north-east", "east",
          "east-south-east", "south-east", "south-south-east", "south", "south-south-west",
          "south-west", "west-south-west", "west", "west-north-west", "north-west",
          "north-north-west")
MOST = 2 / 3  # "most" roads and flights carry an Assignment square
BRIDGE_MM = 6.0  # a road may cross this much water (a bridge, a narrows)
LAND_UNDER_MM2 = 1.0  # land under a panel, bank or inset: none (a rounding's worth)


def network(b: Board, start: str) -> Iterator[tuple[str, str]]:
    """(where, message): where is 'roads', 'air' or '' (the board as a whole)."""
    yield from trips.flights_faster(b)
    for r in b.roads:
        ends = (b.cities[r.a], b.cities[r.b])
        if any(c.flight_only for c in ends):
            yield "roads", f"{r.name}: a flight-only city has no roads (rule 10)"
        if not r.squares:
            yield "roads", f"road {r.name} is too short for a single square"
        elif "open" not in {s.kind for s in r.squares}:
            yield "roads", f"road {r.name} has no Open Road square: no red cone fits on it"
        if ends[0].country != ends[1].country and "USA" in (ends[0].country, ends[1].country) \
                and not r.border:
            yield "roads", f"road {r.name} crosses a border without a Border Post"
    for r in b.air:
        for end in (r.a, r.b):
            if not b.cities[end].airport:
                yield "air", f"flight {r.name}: {end} has no airport"
        for p in r.problems:
            yield "air", f"flight {r.name}: {p}"
        kinds = [s.kind for s in r.squares]
        if not kinds or kinds[0] != "calm" or kinds[-1] != "calm":
            yield "air", f"flight {r.name} needs a turbulence-free zone at both ends"
        if "sky" not in kinds:
            yield "air", f"flight {r.name} has no Clear Skies square: no blue cone fits on it"
    for r, o in b.road_crossings():
        yield "roads", f"road {r.name} crosses road {o.name}"
    unreached = sorted(set(b.cities) - b.reachable(start))
    if unreached:
        yield "", f"not reachable from {start}: {', '.join(unreached)}"
    for c in b.cities.values():
        if c.flight_only and c.name in b.reachable(start, ("road",)):
            yield "", f"{c.name} is reachable only by air, yet a road leads there (rule 10)"
    inland = b.reachable(start, ("road",), countries={"USA"})
    for c in sorted(b.cities.values(), key=lambda c: c.name):
        if c.country == "USA" and not c.flight_only and c.name not in inland:
            yield "roads", (f"{c.name} cannot be reached from {start} on USA roads: "
                            "every trip there pays Border Posts")
    sneaked = sorted(n for n in b.reachable(start, ("road",), through_border=False)
                     if b.cities[n].country != "USA")
    if sneaked:
        yield "roads", f"reached from the USA without a Border Post: {', '.join(sneaked)}"
    kinds = {s.kind for _, s in b.squares()}
    for kind in ("open", "zone", "assign", "border", "sky", "calm"):
        if kind not in kinds:
            yield "", f"the board has no '{kind}' square"
    for mode, routes in (("roads", b.roads), ("air", b.air)):
        carrying = sum(1 for r in routes if any(s.kind == "assign" for s in r.squares))
        if routes and carrying < MOST * len(routes):
            yield mode, (f"only {carrying} of {len(routes)} {mode} carry an Assignment "
                         "square: the rules find them on most routes")


def geography(b: Board, start: str) -> Iterator[tuple[str, str]]:
    """Cities near their place on the plain map, in their own country, each road
    neighbour in its true compass direction, and Salt Lake City joined by road to its
    nearest temple cities."""
    for c in b.cities.values():
        if c.area != "mainland":
            continue
        drift = math.dist(c.pos, b.base(c.lon, c.lat))
        if drift > DRIFT_MM:
            yield "", (f"{c.name} is drawn {drift:.0f} mm from its place on the plain map "
                       f"(at most {DRIFT_MM:g} mm)")
        found = b.country_at(c.pos)
        if found != c.country and not b.land().reaches(c.pos, c.country, SHORE_MM):
            where = found or ("a lake" if b.land().wet(c.pos) else "the sea")
            yield "", f"{c.name} is drawn in {where}, not in {c.country}"
    for r in b.roads:
        a, c = b.cities[r.a], b.cities[r.b]
        if a.area != "mainland" or c.area != "mainland":
            continue
        true = true_bearing(a.lon, a.lat, c.lon, c.lat)
        drawn = math.degrees(math.atan2(c.pos[0] - a.pos[0], a.pos[1] - c.pos[1])) % 360
        off = abs((drawn - true + 180) % 360 - 180)
        if off > COMPASS_DEG:
            yield "roads", (f"road {r.name}: {c.name} is drawn {compass(drawn)} of {a.name}, "
                            f"though it lies {compass(true)} ({off:.0f}° off its true bearing, "
                            f"at most {COMPASS_DEG:g}°)")
        wet = b.water_mm(_legs(b, r))
        if wet > BRIDGE_MM:
            yield "roads", (f"road {r.name} runs {wet:.0f} mm over the sea or a lake (a "
                            f"bridge's {BRIDGE_MM:g} mm at most): bend it round the water")
    folds = _folds(b)
    if folds:
        x, y = folds[0]
        yield "", f"the map's stretch folds over itself near {x:.0f}, {y:.0f} mm"
    home = b.cities[start]
    near = sorted((c for c in b.cities.values() if c is not home and c.area == "mainland"),
                  key=lambda c: math.dist((c.lon * math.cos(math.radians(c.lat)), c.lat),
                                          (home.lon * math.cos(math.radians(home.lat)),
                                           home.lat)))[:2]
    joined = {r.b if r.a == start else r.a for r in b.roads if start in (r.a, r.b)}
    for c in near:
        if c.name not in joined:
            yield "roads", f"{start} has no road to {c.name}, one of its two nearest cities"


def true_bearing(lon0: float, lat0: float, lon1: float, lat1: float) -> float:
    """Degrees clockwise from north from one place to another, as a compass on the ground
    reads it (east-west distances shrink with the cosine of the latitude)."""
    east = (lon1 - lon0) * math.cos(math.radians((lat0 + lat1) / 2))
    return math.degrees(math.atan2(east, lat1 - lat0)) % 360


def compass(bearing: float) -> str:
    """The nearest of the 16 compass points."""
    return POINTS[round(bearing / 22.5) % 16]


def drawing(b: Board) -> Iterator[tuple[str, str]]:
    """Squares apart, lanes clear of cities, names clear of everything, flags on their
    own land."""
    yield from trips.drawing(b)
    for r in b.air:
        if r.path is None:
            continue
        segs = r.path.segments()
        xs, ys = [p[0] for p in r.path.points], [p[1] for p in r.path.points]
        box = (min(xs), min(ys), max(xs), max(ys))
        for c in b.cities.values():
            # past 2 mm beyond its radius a lane is clear of a city: measured no further
            if c.name not in (r.a, r.b) and \
                    _lane_gap(c.pos, segs, box, c.radius + 2.0) - c.radius < 1.0:
                yield "air", f"flight {r.name} passes over {c.name}"
    for message in labels.collisions(b):
        yield "", message
    lines = [(o, p, q) for o in b.roads for p, q in b.road_line(o).segments()]
    # a line whose box (grown by 1 mm) misses a square's box cannot touch the square
    grid = Grid([(min(p[0], q[0]) - 1, min(p[1], q[1]) - 1, max(p[0], q[0]) + 1,
                  max(p[1], q[1]) + 1) for _, p, q in lines], 16.0)
    for r in b.roads:
        for n, sq in enumerate(r.squares, 1):
            corners = sq.corners()
            box = (min(x for x, _ in corners), min(y for _, y in corners),
                   max(x for x, _ in corners), max(y for _, y in corners))
            if any(lines[i][0] is not r and segment_hits_box(lines[i][1], lines[i][2], box)
                   and _crosses(corners, lines[i][1], lines[i][2]) for i in grid.near(box)):
                yield "roads", f"road {r.name}: square {n} lies on another road"
    squares = [s.corners() for _, s in b.squares()]
    for i, (flag, box) in enumerate(zip(b.spec.get("flags", []), labels.flag_boxes(b),
                                        strict=True)):
        x0, y0, x1, y1 = box
        corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        if any(b.country_at(p) != flag["country"] for p in corners + [((x0 + x1) / 2,
                                                                         (y0 + y1) / 2)]):
            yield f"flags.{i}", f"the {flag['country']} flag is not wholly on its own land"
        if any(polygons_overlap(corners, s) for s in squares) or any(
                labels.disc_hits_box(c.pos, c.radius, box) for c in b.cities.values()):
            yield f"flags.{i}", f"the {flag['country']} flag covers a square or a city"
    for where, what, box in furniture(b.spec):
        covered = land_under(b, box)
        if sum(covered.values()) > LAND_UNDER_MM2:
            lands = ", ".join(f"{area:,.0f} mm² of {name}" for name, area in covered.items())
            yield where, (f"the {what} covers land a city could stand on ({lands}): "
                          "place it over the sea or off the map's land")


def furniture(spec: dict) -> list[tuple[str, str, tuple[float, float, float, float]]]:
    """(where, what, box) of each panel, bank and inset drawn over the map."""
    out = [(f"panels.{k}", f"{k} panel", tuple(v)) for k, v in spec.get("panels", {}).items()]
    out += [(f"banks.{i}", f"{v.get('name', 'cone')} bank", tuple(v["box"]))
            for i, v in enumerate(spec.get("banks", []))]
    return out + [(f"insets.{k}.box", f"{k} inset", tuple(v["box"]))
                  for k, v in spec.get("insets", {}).items()]


def land_under(b: Board, box: tuple[float, float, float, float]) -> dict[str, float]:
    """mm² of each country's drawn land (its lakes left out) inside a box: each ring of
    the board's Land cut to the box, exactly."""
    out: dict[str, float] = {}
    lakes = 0.0
    for name, ring in b.land().rings:
        area = abs(_area(clip_box(ring.points, box))) if boxes_overlap(ring.box, box) else 0.0
        if name is None:
            lakes += area
        elif area:
            out[name] = out.get(name, 0.0) + area
    if lakes and out:  # a lake lies inside the land around it
        top = max(out, key=out.__getitem__)
        out[top] = max(0.0, out[top] - lakes)
    return {k: v for k, v in out.items() if v > 0}


def _area(poly: list[Point]) -> float:
    return sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1],
                                                         strict=True)) / 2 if poly else 0.0


def _lane_gap(c: Point, segs: list[tuple[Point, Point]], box: tuple[float, ...],
              reach: float) -> float:
    """The least distance_to_segment from c to a lane's segments where that is under
    `reach` (else some distance over it): a segment whose box, grown by reach, misses c
    is further off than that, so only the others are measured; `box` is the lane's."""
    near = []
    if box[0] - reach <= c[0] <= box[2] + reach and box[1] - reach <= c[1] <= box[3] + reach:
        near = [(p, q) for p, q in segs
                if min(p[0], q[0]) - reach <= c[0] <= max(p[0], q[0]) + reach
                and min(p[1], q[1]) - reach <= c[1] <= max(p[1], q[1]) + reach]
    return min(distance_to_segment(c, p, q) for p, q in near or segs[:1])


def _crosses(poly: list, p: tuple, q: tuple) -> bool:
    """Whether the segment p-q runs through the polygon (a square's face)."""
    return any(segments_cross(p, q, a, c) for a, c in zip(poly, poly[1:] + poly[:1],
                                                             strict=True)) or \
        point_in_polygon(p, poly)


def _legs(b: Board, r: Route) -> list:
    """The road's line from city edge to city edge (a coastal city's disc may reach
    over the water; its road starts on land)."""
    pts = list(b.road_line(r).points)
    pts[0] = _toward(pts[0], pts[1], b.cities[r.a].radius)
    pts[-1] = _toward(pts[-1], pts[-2], b.cities[r.b].radius)
    return pts


def _toward(p: tuple, q: tuple, d: float) -> tuple:
    length = math.dist(p, q) or 1.0
    return (p[0] + (q[0] - p[0]) * d / length, p[1] + (q[1] - p[1]) * d / length)


def _folds(b: Board) -> list[tuple[float, float]]:
    """Board points where the stretch turns the map inside out (a triangle flips)."""
    return b.map.warp.folds()
