"""A custom temple's new city joins the board's network: drawn at its place on the drawn
map (or up to MOVE_MM off it where that place is taken), and joined as a new stop on a
board road that passes its place, or by a new road to a city it can reach: straight, or
bent round water, cities and other roads. The ways are tried on the board as it is
(room.py) in the order a player would expect; the first that passes is laid out on a
rebuilt board and kept only if no board check that held before fails after. Several new
cities join one after another, each on the board the earlier ones left."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice

from pnp.base.geometry import Point
from pnp.games.temple_trip import playable
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import City
from pnp.games.temple_trip.reroute import lane_vias, nudges
from pnp.games.temple_trip.room import (
    MOVE_MM,
    Room,
    far_ring,
    home,
    key,
    ring,
    too_close,
)
from pnp.games.temple_trip.shove import shoves
from pnp.games.temple_trip.tracks import great_circle_km
from pnp.games.temple_trip.ways import Plan, line_gap, neighbours, plans, stop_allowed

LANE_TRIES = 4  # lanes taken round a new city's place (reroute.py), per city
NUDGES = 4  # lanes moved a little for a new city's roads (reroute.py), per city
FAST_NUDGES = 2  # lanes moved when every new city is planned at once
TRIES = 3  # ways laid out on a rebuilt board and checked whole, per city

Build = Callable[[dict, dict, dict, frozenset, bool], Board]


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
    A way is kept only if it breaks none of the shipped board's checks that held, with
    the cities not yet joined left off (drawn at their places, they would hide what a
    city's way breaks). The board says which could not join, and why."""
    moved: dict[str, Point] = {}
    bends: dict[tuple[str, str], list[Point]] = {}
    unjoined: dict[str, Failure] = {}
    conflicts: dict[str, str] = {}
    spec0, before = spec, _problems(build(spec, {}, {}, frozenset(names), True))
    fast = _planned(build, spec, names, b)
    if fast is not None:
        b2 = build(*fast, frozenset(), True)
        broken = _problems(b2) - before
        if not broken:
            return b2
        rerouted = {f"{a}–{c}" for a, c in fast[0].get("lane_vias", {})}
        hit = {n for n in _lanes_hit(broken, b2, b) if n not in rerouted
               or any(m.startswith(f"flight {n}:") for m in broken)}
        for vias in islice(nudges(b2, hit, [b2.cities[n] for n in names]), FAST_NUDGES):
            s2 = {**fast[0], "lane_vias": {**fast[0].get("lane_vias", {}), **vias}}
            b3 = build(s2, fast[1], fast[2], frozenset(), True)
            if not _problems(b3) - before:
                return b3
    skip: frozenset[str] = frozenset()  # cities that could not join: left off the board
    for i, name in enumerate(names):
        if name not in b.cities:  # the last way kept left the later cities off
            b = build(spec, moved, bends, skip, True)
        hold = skip | frozenset(names[i + 1:])
        found = _join(build, spec, moved, bends, b, name, hold, before, frozenset(names))
        for other_way in (_rerouted, _shoved):
            if not isinstance(found, tuple):
                found = other_way(build, spec, moved, bends, b, name, hold, before,
                                  frozenset(names)) or found
        if isinstance(found, tuple):
            spec, moved, bends, b, _ = found
            continue
        city = b.cities[name]
        unjoined[name] = why(b, city, found, frozenset(names))
        others = frozenset(n for n in names if n != name and n not in unjoined)
        if others:
            alone = build(spec0, {}, {}, others | skip, True)
            if isinstance(_join(build, spec0, {}, {}, alone, name, others | skip, before,
                                frozenset()), tuple):
                conflicts[name] = min(others, key=lambda n: math.dist(b.cities[n].pos,
                                                                      city.pos))
        skip |= {name}
        b = build(spec, moved, bends, skip, True)
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
        for vias in islice(lane_vias(b, b.cities[name]), 0 if plan else FAST_NUDGES):
            s2 = {**spec, "lane_vias": {**spec.get("lane_vias", {}), **vias}}
            b2 = _sketch(build(s2, moved, bends, frozenset(), False), b, None, vias)
            plan = next(plans(b2, b2.cities[name], frozenset(names)), None)
            if plan is not None:
                spec, b = s2, b2
                break
        for moved2 in shoves(b, b.cities[name], moved, frozenset(names)) if not plan else []:
            b2 = _sketch(build(spec, moved2, bends, frozenset(), False), b, None)
            plan = next(plans(b2, b2.cities[name], frozenset(names)), None)
            if plan is not None:
                moved, b = moved2, b2
                break
        if plan is None:
            return None
        spec, moved, bends = apply(spec, moved, bends, name, plan)
        b = _sketch(build(spec, moved, bends, frozenset(), False), b, plan)
    return spec, moved, bends


def _sketch(new: Board, old: Board, plan: Plan | None, vias: dict | None = None) -> Board:
    """A board built without laying its routes, given old's squares and lanes (those
    in `vias` laid again through their new control points) and the plan's roads'."""
    air = {key(r): r for r in old.air}
    for r in new.air:
        o = air[key(r)]
        r.path, r.curve, r.squares, r.km, r.problems = o.path, o.curve, o.squares, o.km, \
            o.problems
    roads = {key(r): r.squares for r in old.roads}
    if plan is not None:
        roads.update({(a, c): sq for (a, c, _), sq in zip(plan.roads, plan.squares,
                                                          strict=True)})
    for r in new.roads:
        r.squares = roads.get(key(r), [])
    for r in new.air:
        if key(r) in (vias or {}):
            new.lay_lane(r, vias[key(r)])
    return new


def _lanes_hit(broken: set[str] | list[str], b2: Board, b: Board) -> set[str]:
    """The flights a way broke (named in `broken`) or whose squares it moved (b2 the
    board with the way, b without)."""
    was = {r.name: r.squares for r in b.air}
    return {m.split(":")[0].removeprefix("flight ") for m in broken
            if m.startswith("flight ")} | {r.name for r in b2.air
                                           if r.squares != was.get(r.name)}


def _join(build: Build, spec: dict, moved: dict, bends: dict, b: Board, name: str,
          skip: frozenset, before: set[str], new: frozenset[str]
          ) -> tuple[dict, dict, dict, Board, set[str]] | str | None:
    """The first of the city's ways that keeps every board check that held (`before`:
    those that failed on b), else what the first way tried broke (None: no way)."""
    broke, budget, city = None, NUDGES, b.cities[name]
    for n, plan in enumerate(plans(b, city, new)):
        if n >= TRIES:
            break
        spec2, moved2, bends2 = apply(spec, moved, bends, name, plan)
        b2 = build(spec2, moved2, bends2, skip, True)
        after = _problems(b2)
        broken = sorted(after - before)
        if not broken:
            return spec2, moved2, bends2, b2, after
        broke = broke or broken[0]
        names = _lanes_hit(broken, b2, b)
        for vias in nudges(b2, names, [b2.cities[name]]):
            if budget <= 0:
                break  # a flight its roads leave no room for: its lane moves a little
            budget -= 1
            spec3 = {**spec2, "lane_vias": {**spec2.get("lane_vias", {}), **vias}}
            b3 = build(spec3, moved2, bends2, skip, True)
            after = _problems(b3)
            if not after - before:
                return spec3, moved2, bends2, b3, after
    return broke


def _rerouted(build: Build, spec: dict, moved: dict, bends: dict, b: Board, name: str,
              skip: frozenset, before: set[str], new: frozenset[str]
              ) -> tuple[dict, dict, dict, Board, set[str]] | None:
    """The city's ways on a board whose lanes across its place go round it (reroute.py),
    each lane kept only where every board check still holds."""
    for vias in islice(lane_vias(b, b.cities[name]), LANE_TRIES):
        spec2 = {**spec, "lane_vias": {**spec.get("lane_vias", {}), **vias}}
        b2 = build(spec2, moved, bends, skip, True)  # checked whole once the city joins
        found = _join(build, spec2, moved, bends, b2, name, skip, before, new)
        if isinstance(found, tuple):
            return found
    return None


def _shoved(build: Build, spec: dict, moved: dict, bends: dict, b: Board, name: str,
            skip: frozenset, before: set[str], new: frozenset[str]
            ) -> tuple[dict, dict, dict, Board, set[str]] | None:
    """Where the drawn map squeezes the new city against a board city (its place is too
    near that one's circle), that city is drawn a little further off: kept only where
    every board check still holds (its drift from the map, its compass bearings)."""
    for moved2 in shoves(b, b.cities[name], moved, new):
        b2 = build(spec, moved2, bends, skip, True)
        found = _join(build, spec, moved2, bends, b2, name, skip, before, new)
        if isinstance(found, tuple):
            return found
    return None


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


def why(b: Board, city: City, broke: str | None, new: frozenset[str]) -> Failure:
    """Why a new city could not join, from what is drawn where it would go."""
    p0 = home(b, city)
    close = too_close(b, city, new)  # the one rule (room.py); custom.py applies it to all
    if close is not None:
        return Failure("close", city, close[0].name, close[1], close[2])
    room = Room(b, city)
    stops = [r for r in b.roads if stop_allowed(b, r, city)
             and line_gap(b, r, p0) <= city.radius + MOVE_MM]
    if all(room.spot_problem(p, k) is not None for p in ring(p0) + far_ring(p0)
           for k in [None, *(key(r) for r in stops)]):
        what = room.spot_problem(p0) or ""
        other = b.cities.get(what.removeprefix("city "))
        km = great_circle_km(city.lat, city.lon, other.lat, other.lon) if other else 0.0
        gap = math.dist(p0, other.pos) if other else 0.0
        return Failure("room", city, what, km, gap)
    if broke:
        return Failure("broke", city, broke)
    return Failure("road", city, ", ".join(c.name for c in neighbours(b, city, p0)[:3]),
                   stop=", ".join(r.name for r in stops))

