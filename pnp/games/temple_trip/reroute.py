"""A flight's lane makes room for a custom temple's new city. A lane is a curve through
one control point (layout.yaml's `lanes:`), drawn only to show which squares belong to
the flight: where it runs across a new city's place, another control point takes it round
that place, to either side, as little as needed. join.py lays the board again with the
new lane and keeps it only if every board check that held still holds."""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence

from pnp.base.geometry import Point, bounds, distance_to_segment, near_box
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import City, Route
from pnp.games.temple_trip.room import AIR_CLEARANCE, EDGE, home, key
from pnp.games.temple_trip.squares import SQUARE
from pnp.games.temple_trip.tracks import bezier

SPARE = (1.5, 4.0)  # mm beyond the lane's clearance: the city's roads and squares need room
NUDGE = (4.0, 8.0)  # mm a lane's control point moves to let a new road's squares be
RINGS = (8.0, 16.0, 25.0, 35.0, 50.0, 65.0, 80.0, 95.0)  # mm a control point moves
CITY_GAP = 2.0  # mm a lane keeps off the other cities' circles (playable's is 1)
STEPS = 4  # a lane's curve changes shape as its control point moves: settled in steps

Lanes = dict[tuple[str, str], Point]


def across(b: Board, city: City, p0: Point, spare: float = SPARE[-1]) -> list[Route]:
    """The lanes that pass within the city's clearance (and `spare`) of p0."""
    need = city.radius + AIR_CLEARANCE + spare
    return [r for r in b.air if r.path and r.curve and b.cities[r.a].area == "mainland"
            and b.cities[r.b].area == "mainland"
            and min(distance_to_segment(p0, u, v) for u, v in r.path.segments()) < need]


def lane_vias(b: Board, city: City) -> Iterator[Lanes]:
    """Control points for every lane across the city's place that take them round it,
    the least change first: each lane pushed off the place to either side, or (where
    that runs over another city) its control point moved further, up to FAR mm."""
    p0 = home(b, city)
    lanes = across(b, city, p0, 0.0)
    if not lanes:
        return
    need = city.radius + AIR_CLEARANCE
    ranked: list[list[Point]] = []
    for r in lanes:
        old = r.curve[1]
        found = [v for spare in SPARE for side in (1, -1)
                 if (v := _round(b, r, p0, need + spare, side)) is not None]
        found += [v for d in RINGS for k in range(16)
                  if _fits(b, r, v := (round(old[0] + d * math.cos(k * math.pi / 8), 2),
                                       round(old[1] + d * math.sin(k * math.pi / 8), 2)),
                           p0, need + SPARE[0])]
        # the least change first, then lanes further off: room for its roads, too
        kept: list[Point] = []
        for spare in (*SPARE, 10.0, 20.0):
            v = next((v for v in sorted(found, key=lambda v: math.dist(v, old))
                      if _gap(r, v, p0) >= need + spare and _clear(b, [r], {key(r): v})),
                     None)
            if v is not None and all(math.dist(v, k) > 2.0 for k in kept):
                kept.append(v)
        if not kept:
            return
        ranked.append(kept)
    for i in range(max(len(k) for k in ranked)):
        yield {key(r): k[min(i, len(k) - 1)] for r, k in zip(lanes, ranked, strict=True)}


def _round(b: Board, r: Route, p: Point, need: float, side: int) -> Point | None:
    """A control point for r's lane whose curve keeps `need` mm from p: `side` 1 on the
    side it passes now, -1 on the other (None: not without leaving the board)."""
    a, via, c = r.curve
    t, q = _nearest((a, via, c), p)
    n = (q[0] - p[0], q[1] - p[1])
    if math.hypot(*n) < 1e-6:  # right over it: the chord's normal picks a side
        n = (-(c[1] - a[1]), c[0] - a[0])
    size = math.hypot(*n)
    n = (side * n[0] / size, side * n[1] / size)
    for _ in range(STEPS):
        t, q = _nearest((a, via, c), p)
        short = need - ((q[0] - p[0]) * n[0] + (q[1] - p[1]) * n[1])
        if short <= 0.05:
            break
        w = max(2 * t * (1 - t), 0.08)  # how far the curve moves at t, per mm of via
        via = (via[0] + n[0] * short / w, via[1] + n[1] * short / w)
    via = (round(via[0], 2), round(via[1], 2))
    return via if _fits(b, r, via, p, need - 0.1) else None


def _gap(r: Route, via: Point, p: Point) -> float:
    return math.dist(_nearest((r.curve[0], via, r.curve[2]), p)[1], p)


def _fits(b: Board, r: Route, via: Point, p: Point, need: float) -> bool:
    """Whether r's lane through `via` keeps `need` mm from p, stays on the board and
    passes over no other city (the board check would refuse it)."""
    if _gap(r, via, p) < need:
        return False
    pts = [bezier((r.curve[0], via, r.curve[2]), k / 40) for k in range(41)]
    if any(not (EDGE <= x <= b.width - EDGE and EDGE <= y <= b.height - EDGE) for x, y in pts):
        return False
    xs, ys = [x for x, _ in pts], [y for _, y in pts]
    segs = list(zip(pts, pts[1:], strict=False))
    return not any(min(distance_to_segment(o.pos, u, v) for u, v in segs) < o.radius + CITY_GAP
                   for o in b.cities.values() if o.area == "mainland"
                   and o.name not in (r.a, r.b) and o.pos is not None
                   and min(xs) - 20 < o.pos[0] < max(xs) + 20
                   and min(ys) - 20 < o.pos[1] < max(ys) + 20)


def _near_lanes(b: Board, r: Route, lanes: list[Route]) -> bool:
    """Whether a lane runs within a square's reach of road r's line (boxes only)."""
    box = bounds(b.road_line(r).points)
    return any(near_box(q, box, SQUARE) for lane in lanes if lane.path
               for q in lane.path.points)


def _nearest(curve: tuple[Point, Point, Point], p: Point) -> tuple[float, Point]:
    """The curve's point nearest p, and its parameter t."""
    best = min((math.dist(bezier(curve, k / 80), p), k / 80) for k in range(81))
    lo, hi = max(0.0, best[1] - 1 / 80), min(1.0, best[1] + 1 / 80)
    for _ in range(20):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if math.dist(bezier(curve, m1), p) < math.dist(bezier(curve, m2), p):
            hi = m2
        else:
            lo = m1
    t = (lo + hi) / 2
    return t, bezier(curve, t)


def nudges(b: Board, names: set[str], cities: list[City]) -> Iterator[Lanes]:
    """Small moves of the lanes `names` on board b (new cities' ways laid on it, which
    broke a board check) that clear those cities and whose squares, laid again, touch
    no road and leave each of the cities' roads its squares."""
    lanes = [r for r in b.air if r.name in names and r.curve]
    if not lanes:
        return
    for d in NUDGE:
        for k in range(8):
            vias = {key(r): (round(r.curve[1][0] + d * math.cos(k * math.pi / 4), 2),
                             round(r.curve[1][1] + d * math.sin(k * math.pi / 4), 2))
                    for r in lanes}
            if all(_fits(b, r, vias[key(r)], c.pos, c.radius + AIR_CLEARANCE)
                   for r in lanes for c in cities) and _clear(b, lanes, vias, cities):
                yield vias


def _clear(b: Board, lanes: list[Route], vias: Lanes, cities: Sequence[City] = ()) -> bool:
    """Whether the lanes through `vias`, their squares laid again on b, keep clear of
    the roads and cities, and leave its squares to each of the cities' roads and to
    every road the lanes now run near (b is left as it was)."""
    old = [(r.curve, r.path, r.squares, r.problems) for r in lanes]
    for r in lanes:
        b.lay_lane(r, vias[key(r)])
    ok = not any(r.problems for r in lanes)
    mine = [r for r in b.roads if {c.name for c in cities} & {r.a, r.b}
            or _near_lanes(b, r, lanes)] if ok else []
    had = [r.squares for r in mine]
    for r in mine:
        b._road(r, [s for o in b.roads if o is not r for s in o.squares])
        ok = ok and len(r.squares) >= (2 if b.cities[r.a].country != b.cities[r.b].country
                                       else 1)
        if not ok:
            break
    for r, o in zip(lanes, old, strict=True):
        r.curve, r.path, r.squares, r.problems = o
    for r, sq in zip(mine, had, strict=True):
        r.squares = sq
    return ok
