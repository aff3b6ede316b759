"""The ways a custom temple's new city can join the board, best first: a stop on a board
road that passes its place, straight roads to its nearest cities, stops on roads nearby,
bent roads. Each is tried on the board as it is (room.py), cheaply; join.py lays the
ones that pass on a rebuilt board and keeps the first that breaks no board check."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

from pnp.base.geometry import Point, distance_to_segment
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import City, Route
from pnp.games.temple_trip.room import (
    FAR_MM,
    MOVE_MM,
    Room,
    along,
    bent_lines,
    far_ring,
    foot,
    home,
    key,
    ring,
)
from pnp.games.temple_trip.squares import Square
from pnp.games.temple_trip.tracks import great_circle_km

ON_ROAD_MM = 2.0  # a road this near a new city's circle passes its place: it stops there
NEIGHBOURS = 8  # the nearest cities (by real distance) a new road is tried to
REACH_MM = 150.0  # no new road is longer than this on the board
STOP_BENDS = 4  # spots nearest a new stop's place where its road's halves may bend


@dataclass
class Plan:
    """One way to join a new city: where it is drawn, the roads it gets (ends and bends
    in board mm), and the board road it becomes a stop on."""

    pos: Point
    roads: list[tuple[str, str, list[Point]]]
    stop_on: tuple[str, str] | None = None
    squares: list[list[Square]] = field(default_factory=list)  # each road's, as planned


def plans(b: Board, city: City, new: frozenset[str] = frozenset()) -> Iterator[Plan]:
    """The ways to join a city, best first: a stop on a road that passes its place,
    straight roads to its nearest cities, stops on roads nearby, bent roads. Roads go
    to the board's own cities before the `new` ones (each custom joins as it would
    alone). Where flights' squares take every spot near its place, the same ways with
    those squares laid again round it (the rebuilt board's checks judge them)."""
    room = Room(b, city)
    yield from _ways(b, room, city, new)
    p0 = home(b, city)
    near = ring(p0) + far_ring(p0)
    if not any(room.spot_problem(p) is None for p in near) and any(
            room.spot_problem(p) == "flight square" for p in near):
        yield from _ways(b, Room(b, city, movable_air=True), city, new)


def _ways(b: Board, room: Room, city: City, new: frozenset[str]) -> Iterator[Plan]:
    p0 = home(b, city)
    spots = [p for p in ring(p0) if room.spot_problem(p) is None] or [
        p for p in far_ring(p0) if room.spot_problem(p) is None]
    near = sorted(((line_gap(b, r, p0), r) for r in b.roads if stop_allowed(b, r, city)),
                  key=lambda t: t[0])
    near = [(d, r) for d, r in near if d <= city.radius + MOVE_MM]
    if near and near[0][0] <= city.radius + ON_ROAD_MM:
        yield from _stops(b, room, city, p0, near[0][1])
    ends = neighbours(b, city, p0, new)
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
    if not spots:  # every spot near its place is taken: a little further along the road
        further = [along(line, at, d) for d in (-10, -8, 8, 10)] + far_ring(p0)
        spots = sorted((p for p in further if math.dist(p, p0) <= FAR_MM + 1e-9
                        and room.spot_problem(p, key(r)) is None),
                       key=lambda p: math.dist(p, p0))
    for n, p in enumerate(spots):
        i = min(range(len(line) - 1), key=lambda i: distance_to_segment(p, line[i], line[i + 1]))
        first, second = line[1:i + 1][::-1], line[i + 1:-1]
        straight = (_piece(room, p, first, a, r, [[p, *second, c.pos]], False),
                    _piece(room, p, second, c, r, [[p, *first, a.pos]], False))
        bend = n < STOP_BENDS or straight != (None, None)  # a half with room: bend the other
        back = straight[0] or _piece(room, p, first, a, r, [[p, *second, c.pos]], bend)
        if back is None:
            continue
        on = _piece(room, p, second, c, r, [[p, *back[0], a.pos]], bend)
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


def stop_allowed(b: Board, r: Route, city: City) -> bool:
    """A new city stops on a road of its own country's (a border road: on its side)."""
    ends = {b.cities[r.a].country, b.cities[r.b].country}
    return city.country in ends and (city.country != "USA" or "USA" in ends) and \
        not (city.country != "USA" and ends == {"USA"})


def neighbours(b: Board, city: City, p0: Point,
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


def line_gap(b: Board, r: Route, p: Point) -> float:
    return min(distance_to_segment(p, u, v) for u, v in b.road_line(r).segments())
