"""Room for a custom temple's new city made by drawing a board city near it a little
further off: the one the drawn map squeezes it against (the plain map has room), or a
neighbour whose roads or name it crowds. join.py rebuilds the board with each and keeps
one only where every board check still holds (the moved city's drift from the map and
its compass bearings among them)."""

from __future__ import annotations

import math

from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import City
from pnp.games.temple_trip.room import TOO_CLOSE, Room, home
from pnp.games.temple_trip.tracks import great_circle_km

SHOVE_MM = (4.0, 7.0)  # a board city a new one is squeezed against is drawn this far off
SHOVE_NEAR_MM = 32.0  # board cities this near a new city's place may be drawn further off
SHOVE_CITIES = 3  # of them, the nearest
SHOVE_TURN = math.radians(60)  # a shove turned this far where straight away is no place


def shoves(b: Board, city: City, moved: dict, new: frozenset[str]) -> list[dict]:
    """`moved` with one board city near the new one drawn SHOVE_MM further off it
    (straight away, or turned SHOVE_TURN either way where straight away is sea or
    another city): the one its place is squeezed against (on the drawn map only: the
    plain map has room), then its nearest neighbours, whose roads or names it crowds.
    Nearest first; the rebuilt board's checks (drift from the map, compass) judge."""
    p0 = home(b, city)
    what = Room(b, city).spot_problem(p0) or ""
    squeezed = b.cities.get(what.removeprefix("city ")) if what.startswith("city ") else None
    near = sorted((o for o in b.cities.values() if o.area == "mainland" and o is not city
                   and o.name not in new and o.name not in moved
                   and math.dist(o.pos, p0) < SHOVE_NEAR_MM),
                  key=lambda o: (o is not squeezed, math.dist(o.pos, p0)))[:SHOVE_CITIES]
    out = []
    for other in near:
        if great_circle_km(city.lat, city.lon, other.lat, other.lon) * b.base.mm_per_km() \
                < city.radius + other.radius + TOO_CLOSE:
            continue  # too close in truth, not only on the drawn map
        away = math.atan2(other.pos[1] - p0[1], other.pos[0] - p0[0])
        for turn in (0.0, SHOVE_TURN, -SHOVE_TURN):
            for shove in SHOVE_MM:
                q = (other.pos[0] + shove * math.cos(away + turn),
                     other.pos[1] + shove * math.sin(away + turn))
                if b.country_at(q) == other.country and all(
                        math.dist(q, o.pos) >= o.radius + other.radius + TOO_CLOSE
                        for o in b.cities.values() if o is not other and o is not city
                        and o.area == "mainland"):
                    out.append({**moved, other.name: q})
    return out
