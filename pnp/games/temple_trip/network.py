"""What the Temple Trip board's network is made of: its cities (each sized to hold its
pawns) and the routes between them (a road or a flight, with its squares along its path).
The Board (board.py) places them; the checks and the layout tool read them."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.base.geometry import Point
from pnp.games.temple_trip.squares import Path, Square

RADIUS = {"slc": 17.5, "airport": 8.5, "temple": 7.5}  # mm: each holds its pawns


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

    @property
    def radius(self) -> float:
        return RADIUS[self.kind]

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
