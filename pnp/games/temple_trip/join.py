"""A custom temple's new city joins the board's network: drawn at its place on the drawn
map (or up to MOVE_MM off it where that place is taken), and joined as a new stop on a
board road that passes its place, or by a new road to a city it can reach: straight, or
bent round water, cities and other roads. The ways are tried on the board as it is
(room.py) in the order a player would expect; the first that passes is laid out on a
rebuilt board and kept only if no board check that held before fails after. Several new
cities join one after another, each on the board the earlier ones left."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

from pnp.base.geometry import Point, distance_to_segment
from pnp.games.temple_trip import playable
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import City, Route
from pnp.games.temple_trip.room import MOVE_MM, TOO_CLOSE, Room, along, bent_lines, foot, key, ring
from pnp.games.temple_trip.squares import Square
from pnp.games.temple_trip.tracks import great_circle_km

ON_ROAD_MM = 2.0  # a road this near a new city's circle passes its place: it stops there
NEIGHBOURS = 8  # the nearest cities (by real distance) a new road is tried to
REACH_MM = 150.0  # no new road is longer than this on the board
STOP_BENDS = 4  # spots nearest a new stop's place where its road's halves may bend
TRIES = 3  # ways laid out on a rebuilt board and checked whole, per city

Build = Callable[[dict, dict, dict, frozenset, bool], Board]


@dataclass
class Plan:
    """One way to join a new city: where it is drawn, the roads it gets (ends and bends
    in board mm), and the board road it becomes a stop on."""

    pos: Point
    roads: list[tuple[str, str, list[Point]]]
    stop_on: tuple[str, str] | None = None
    squares: list[list[Square]] = field(default_factory=list)  # each road's, as planned


@dataclass
class Failure:
    """Why a new city could not join: `kind` close (a board city is too near in truth),
    room (its place and every spot near it are taken: `what` by what), road (no road
    from there has room), broke (every way broke a board check: `what` which)."""

    kind: str
    city: City
    what: str = ""
    km: float = 0.0
    mm: float = 0.0
    stop: str = ""  # road: the board roads it could not become a stop on


def join_all(build: Build, spec: dict, names: list[str], b: Board) -> Board:
    """Each new city in turn, on the board the earlier ones left (`b`: none joined yet).
    The board says which could not join, and why (unjoined, conflicts)."""
    moved: dict[str, Point] = {}
    bends: dict[tuple[str, str], list[Point]] = {}
    unjoined: dict[str, Failure] = {}
    conflicts: dict[str, str] = {}
    spec0, before = spec, _problems(b)
    fast = _planned(build, spec, names, b)
    if fast is not None:
        b2 = build(*fast, frozenset(), True)
        if not _problems(b2) - before:
            return b2
    skip: frozenset[str] = frozenset()  # cities that could not join: left off the board
    for name in names:
        found = _join(build, spec, moved, bends, b, name, skip, before, frozenset(names))
        if isinstance(found, tuple):
            spec, moved, bends, b, before = found
            continue
        city = b.cities[name]
        unjoined[name] = why(b, city, found, frozenset(names))
        others = frozenset(n for n in names if n != name and n not in unjoined)
        if others:
            alone = build(spec0, {}, {}, others | skip, True)
            if isinstance(_join(build, spec0, {}, {}, alone, name, others | skip,
                                _problems(alone), frozenset()), tuple):
                conflicts[name] = min(others, key=lambda n: math.dist(b.cities[n].pos,
                                                                      city.pos))
        skip |= {name}
        b = build(spec, moved, bends, skip, True)
        before = _problems(b)
    b.unjoined, b.conflicts = unjoined, conflicts
    return b


def _planned(build: Build, spec: dict, names: list[str], b: Board
             ) -> tuple[dict, dict, dict] | None:
    """Every new city's first way, each planned on a sketch of the board the earlier
    ones leave (their roads and squares as planned, nothing else laid again): the board
    files' roads, moved cities and bends for one build (None: a city found no way)."""
    moved: dict[str, Point] = {}
    bends: dict[tuple[str, str], list[Point]] = {}
    for name in names:
        plan = next(plans(b, b.cities[name], frozenset(names)), None)
        if plan is None:
            return None
        spec, moved, bends = apply(spec, moved, bends, name, plan)
        b = _sketch(build(spec, moved, bends, frozenset(), False), b, plan)
    return spec, moved, bends


def _sketch(new: Board, old: Board, plan: Plan) -> Board:
    """A board built without laying its routes, given old's squares and lanes and the
    plan's roads' squares."""
    air = {key(r): r for r in old.air}
    for r in new.air:
        o = air[key(r)]
        r.path, r.curve, r.squares, r.km, r.problems = o.path, o.curve, o.squares, o.km, \
            o.problems
    roads = {key(r): r.squares for r in old.roads}
    roads.update({(a, c): sq for (a, c, _), sq in zip(plan.roads, plan.squares, strict=True)})
    for r in new.roads:
        r.squares = roads.get(key(r), [])
    return new


def _join(build: Build, spec: dict, moved: dict, bends: dict, b: Board, name: str,
          skip: frozenset, before: set[str], new: frozenset[str]
          ) -> tuple[dict, dict, dict, Board, set[str]] | str | None:
    """The first of the city's ways that keeps every board check that held (`before`:
    those that failed on b), else what the first way tried broke (None: no way)."""
    broke = None
    for n, plan in enumerate(plans(b, b.cities[name], new)):
        if n >= TRIES:
            break
        spec2, moved2, bends2 = apply(spec, moved, bends, name, plan)
        b2 = build(spec2, moved2, bends2, skip, True)
        after = _problems(b2)
        broken = sorted(after - before)
        if not broken:
            return spec2, moved2, bends2, b2, after
        broke = broke or broken[0]
    return broke


def _problems(b: Board) -> set[str]:
    """The board checks' messages (who is unreached changes as cities join: left out)."""
    start = b.spec["salt_lake_city"]["name"]
    found = [*playable.network(b, start), *playable.geography(b, start), *playable.drawing(b)]
    return {m for _, m in found if not m.startswith("not reachable from")}


def apply(spec: dict, moved: dict, bends: dict, name: str,
          plan: Plan) -> tuple[dict, dict, dict]:
    """The board files' roads with the plan's: a split road leaves, its halves and the
    new roads come last (laid after every board road, clear of their squares)."""
    roads = [r for r in spec["roads"] if plan.stop_on is None or tuple(r[:2]) != plan.stop_on]
    bends2 = dict(bends)
    for a, c, bent in plan.roads:
        roads.append([a, c])
        if bent:
            bends2[(a, c)] = bent
    return {**spec, "roads": roads}, {**moved, name: plan.pos}, bends2


def plans(b: Board, city: City, new: frozenset[str] = frozenset()) -> Iterator[Plan]:
    """The ways to join a city, best first: a stop on a road that passes its place,
    straight roads to its nearest cities, stops on roads nearby, bent roads. Roads go
    to the board's own cities before the `new` ones (each custom joins as it would
    alone)."""
    room = Room(b, city)
    p0 = b.map(city.lon, city.lat)
    spots = [p for p in ring(p0) if room.spot_problem(p) is None]
    near = sorted(((_line_gap(b, r, p0), r) for r in b.roads if _stop_allowed(b, r, city)),
                  key=lambda t: t[0])
    near = [(d, r) for d, r in near if d <= city.radius + MOVE_MM]
    if near and near[0][0] <= city.radius + ON_ROAD_MM:
        yield from _stops(b, room, city, p0, near[0][1])
    ends = _neighbours(b, city, p0, new)
    for end in ends:
        for p in spots:
            squares = room.road([p, end.pos], end)
            if squares is not None:
                yield Plan(p, [(city.name, end.name, [])], None, [squares])
                break
    for _, r in near[1:] if near and near[0][0] <= city.radius + ON_ROAD_MM else near:
        yield from _stops(b, room, city, p0, r)
    for end in ends:
        for p in spots[:3]:
            bent = next(((mid, sq) for mid in bent_lines(p, end.pos)
                         if (sq := room.road([p, *mid, end.pos], end)) is not None), None)
            if bent is not None:
                yield Plan(p, [(city.name, end.name, bent[0])], None, [bent[1]])
                break


def _stops(b: Board, room: Room, city: City, p0: Point, r: Route) -> Iterator[Plan]:
    """The city as a stop on road r: drawn on or near its line, the road bent through it."""
    line = b.road_line(r).points
    a, c = b.cities[r.a], b.cities[r.b]
    at = min((foot(p0, u, v) for u, v in zip(line, line[1:], strict=False)),
             key=lambda f: math.dist(f, p0))
    slid = [along(line, at, d) for d in (-6, -4, -2, 2, 4, 6)]
    spots = sorted({p for p in [p0, at, *slid, *ring(p0)]
                    if math.dist(p, p0) <= MOVE_MM + 1e-9}, key=lambda p: math.dist(p, p0))
    spots = [p for p in spots if room.spot_problem(p, key(r)) is None]
    for n, p in enumerate(spots):
        i = min(range(len(line) - 1), key=lambda i: distance_to_segment(p, line[i], line[i + 1]))
        first, second = line[1:i + 1][::-1], line[i + 1:-1]
        back = _piece(room, p, first, a, r, [[p, *second, c.pos]], n < STOP_BENDS)
        if back is None:
            continue
        on = _piece(room, p, second, c, r, [[p, *back[0], a.pos]], n < STOP_BENDS)
        if on is not None:
            yield Plan(p, [(r.a, city.name, back[0][::-1]), (city.name, r.b, on[0])], key(r),
                       [back[1], on[1]])
            return


def _piece(room: Room, p: Point, via: list[Point], end: City, r: Route,
           siblings: list[list[Point]], bend: bool) -> tuple[list[Point], list[Square]] | None:
    """The bends (and squares) of one half of a split road from the new city at p to
    `end`: the old road's own bends, or (`bend`) new ones where that half has no room."""
    squares = room.road([p, *via, end.pos], end, key(r), siblings)
    if squares is not None:
        return via, squares
    if not bend or via or room.why not in ("short", "room", "square", "sea"):
        return None
    return next(((mid, sq) for mid in bent_lines(p, end.pos)
                 if (sq := room.road([p, *mid, end.pos], end, key(r), siblings)) is not None),
                None)


def _stop_allowed(b: Board, r: Route, city: City) -> bool:
    """A new city stops on a road of its own country's (a border road: on its side)."""
    ends = {b.cities[r.a].country, b.cities[r.b].country}
    return city.country in ends and (city.country != "USA" or "USA" in ends) and \
        not (city.country != "USA" and ends == {"USA"})


def _neighbours(b: Board, city: City, p0: Point,
                new: frozenset[str] = frozenset()) -> list[City]:
    """Road cities a new road may go to, nearest first by real distance: a USA city's
    road stays in the USA (every USA city is reached on USA roads)."""
    joined = {n for r in b.roads for n in (r.a, r.b)}
    ok = [c for c in b.cities.values() if c.name in joined and c is not city
          and c.area == "mainland" and not c.flight_only and math.dist(c.pos, p0) <= REACH_MM
          and (c.country == "USA" if city.country == "USA" else
               c.country in (city.country, "USA"))]
    ok.sort(key=lambda c: (c.name in new, great_circle_km(city.lat, city.lon, c.lat, c.lon)))
    return ok[:NEIGHBOURS]


def _line_gap(b: Board, r: Route, p: Point) -> float:
    return min(distance_to_segment(p, u, v) for u, v in b.road_line(r).segments())


def why(b: Board, city: City, broke: str | None, new: frozenset[str]) -> Failure:
    """Why a new city could not join, from what is drawn where it would go."""
    p0 = b.map(city.lon, city.lat)
    mm_km = b.base.mm_per_km()
    for o in sorted(b.cities.values(), key=lambda o: math.dist(o.pos, p0)):
        if o is city or o.area != "mainland" or o.name in new:
            continue
        km = great_circle_km(city.lat, city.lon, o.lat, o.lon)
        need = city.radius + o.radius + TOO_CLOSE
        if km * mm_km < need and math.dist(p0, o.pos) < need + MOVE_MM:  # and drawn so
            return Failure("close", city, o.name, km, need / mm_km)
    room = Room(b, city)
    stops = [r for r in b.roads if _stop_allowed(b, r, city)
             and _line_gap(b, r, p0) <= city.radius + MOVE_MM]
    if all(room.spot_problem(p, k) is not None for p in ring(p0)
           for k in [None, *(key(r) for r in stops)]):
        what = room.spot_problem(p0) or ""
        other = b.cities.get(what.removeprefix("city "))
        km = great_circle_km(city.lat, city.lon, other.lat, other.lon) if other else 0.0
        gap = math.dist(p0, other.pos) if other else 0.0
        return Failure("room", city, what, km, gap)
    if broke:
        return Failure("broke", city, broke)
    return Failure("road", city, ", ".join(c.name for c in _neighbours(b, city, p0)[:3]),
                   stop=", ".join(r.name for r in stops))
