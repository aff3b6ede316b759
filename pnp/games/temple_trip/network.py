"""What the Temple Trip board's network is made of: its cities (each sized to hold its
pawns) and the routes between them (a road or a flight, with its squares along its path).
The Board (board.py) places them; the checks and the layout tool read them, and ask
how long a road trip is (road_trip)."""

from __future__ import annotations

import heapq
import math
from dataclasses import dataclass, field

from pnp.base.geometry import Point
from pnp.games.temple_trip.squares import Path, Square

RADIUS = {"slc": 17.5, "airport": 8.5, "temple": 7.5}  # mm: each holds its pawns
# A city a red ASSIGNMENT card sends every pawn to (board.yaml's `gather`) holds all ten:
# its circle's inside (less half its 0.8 mm ring) has room for the box HOLD, two pawn
# bases (8.5 x 4.2 mm) across and five down. game.yaml's fit `pawns-gather` measures it.
HOLD = (17.0, 21.0)  # mm
GATHER = 14.0  # mm: HOLD's half diagonal (13.5) and half the ring, rounded up


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
    placed: bool = False  # its place comes from layout.yaml (else from the warp)
    gather: bool = False  # every pawn may be sent here at once (HOLD)

    @property
    def radius(self) -> float:
        return max(RADIUS[self.kind], GATHER) if self.gather else RADIUS[self.kind]

    def hold(self) -> tuple[float, float] | None:
        """The box inside a gathering city's circle where the ten pawns stand: HOLD's
        shape, as large as the circle allows (the fit measures it as printed)."""
        if not self.gather:
            return None
        k = (self.radius - 0.4) / (math.hypot(*HOLD) / 2)
        return round(HOLD[0] * k, 2), round(HOLD[1] * k, 2)

    @property
    def airport(self) -> bool:
        return self.kind in ("slc", "airport")


@dataclass
class Route:
    mode: str  # road | air
    a: str
    b: str
    squares: list[Square] = field(default_factory=list)
    path: Path | None = None
    curve: tuple[Point, Point, Point] | None = None  # air: quadratic Bézier
    problems: list[str] = field(default_factory=list)
    km: float = 0.0
    via: list[Point] = field(default_factory=list)  # road: bends, as [lon, lat]

    @property
    def border(self) -> bool:
        return any(s.kind == "border" for s in self.squares)

    @property
    def name(self) -> str:
        return f"{self.a}–{self.b}"


def road_trip(roads: list[Route], a: str, b: str) -> tuple[int, int] | None:
    """The fewest moves from city a to city b by road, as (road squares, cities passed
    on the way): a pawn steps onto each square and each city it passes. None: no road
    trip joins them."""
    links: dict[str, list[tuple[str, int]]] = {}
    for r in roads:
        links.setdefault(r.a, []).append((r.b, len(r.squares)))
        links.setdefault(r.b, []).append((r.a, len(r.squares)))
    best = {a: (0, 0)}
    queue = [(0, 0, a)]
    while queue:
        moves, cities, here = heapq.heappop(queue)
        if here == b:
            return moves - cities, cities - 1
        if (moves, cities) > best[here]:
            continue
        for there, squares in links.get(here, []):
            step = (moves + squares + 1, cities + 1)
            if step < best.get(there, (math.inf, 0)):
                best[there] = step
                heapq.heappush(queue, (*step, there))
    return None
