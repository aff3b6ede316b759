"""Temple Trip board rules (playable.py asks them) about where pawns stand and what
they travel on: no two track squares share ground, a gathering city (board.yaml's
`gather`, where a red card sends every pawn) exists and is drawn whole inside its inset,
and a flight is the faster way between two airports that a road trip also joins."""

from __future__ import annotations

from collections.abc import Iterator

from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import Route, road_trip
from pnp.games.temple_trip.squares import close_pairs
from pnp.load.schema import did_you_mean


def flights_faster(b: Board) -> Iterator[tuple[str, str]]:
    """A flight is the faster way: fewer squares than a road trip between its airports
    passes (squares and cities), or it is not worth the ASSIGNMENT card that each change
    of travel mode costs (rule 10)."""
    for r in b.air:
        trip = road_trip(b.roads, r.a, r.b)
        if trip is not None and len(r.squares) >= sum(trip):
            yield _line(b, r), (f"flight {r.name} has {len(r.squares)} squares, yet a road "
                                f"trip passes only {trip[0]} squares and {trip[1]} "
                                f"{'city' if trip[1] == 1 else 'cities'}: a flight must be "
                                "shorter, as each change of travel mode costs an ASSIGNMENT "
                                "card (rule 10)")


def drawing(b: Board) -> Iterator[tuple[str, str]]:
    """No two squares overlap, whatever routes they lie on (a pawn or a cone stands on
    one square); every gathering city is on the board, and a city in an inset lies
    inside its frame."""
    for i, name in enumerate(b.spec.get("gather", [])):
        if name not in b.cities:
            yield f"gather.{i}", f"no city '{name}' on the board{did_you_mean(name, b.cities)}"
    for c in b.cities.values():
        if c.area != "mainland":
            x0, y0, x1, y1 = b.spec["insets"][c.area]["box"]
            (x, y), r = c.pos, c.radius
            if not (x0 + r <= x <= x1 - r and y0 + r <= y <= y1 - r):
                yield f"insets.{c.area}", (f"{c.name}'s circle ({2 * r:g} mm across) "
                                           f"reaches past the {c.area} inset's frame")
    routes = b.air + b.roads
    for i, m, j, n in close_pairs([r.squares for r in routes]):
        r, o = routes[i], routes[j]
        yield _line(b, r), (f"{'flight' if r.mode == 'air' else 'road'} {r.name}: square "
                            f"{m + 1} overlaps square {n + 1} of "
                            f"{'flight' if o.mode == 'air' else 'road'} {o.name}")


def _line(b: Board, r: Route) -> str:
    """Where a route is in board.yaml: 'air.N' or 'roads.N'."""
    key = "air" if r.mode == "air" else "roads"
    return next((f"{key}.{i}" for i, e in enumerate(b.spec.get(key, []))
                 if tuple(e[:2]) == (r.a, r.b)), key)
