"""Track squares of the Temple Trip board: where they go along roads and flights, and
what each one is.

One physical scale for everything a pawn stands on: a square is SQUARE mm wide, roads
step PITCH mm a square. Flights are laid first, evenly along their whole lane, a number
of squares that grows with the real distance flown; a square that would touch a road's
line slides along its lane (never more than a quarter step). Roads then fill what is
left: their squares keep clear of every air lane and air square, so where a flight
crosses a road the road leaves a gap and nothing is drawn over anything else. Where two
roads leave a city side by side, one of them is laid again around the other's squares
(settle), so no two squares share ground."""

from __future__ import annotations

import math
from collections.abc import Callable

from pnp.base.geometry import Point, polygons_overlap, segment_hits_polygon
from pnp.base.spatial import Grid
from pnp.games.temple_trip.blocked import blocked as stretches
from pnp.games.temple_trip.network import Route
from pnp.games.temple_trip.squares import CLEAR, SQUARE, Path, Square, first_crossed_pair

PITCH = 11.5  # mm between road square centres
GAP = 1.5  # mm between a city's edge and the nearest square
AIR_MIN_PITCH = SQUARE + 2.0  # mm: air squares never closer (road squares: PITCH, 1.5 mm apart)
AIR_SLIDE = 0.25  # an air square slides at most this share of its step
AIR_SLIDES = (AIR_SLIDE, 0.5, 0.9)  # more, only where the least leaves a square on a road
KM_AIR_BASE = 700.0  # km: flights up to about this long have four squares
NEAR = SQUARE * 1.5  # mm: a road this near an air square's centre (box to box) is tested

ROAD_KINDS = ("open", "zone", "assign", "border")  # cones: only on open
AIR_KINDS = ("sky", "calm", "assign")  # cones: only on sky


def air_count(km: float) -> int:
    """Squares on a flight: four up to about 1,000 km, one more each time the distance
    doubles (Salt Lake City–Denver 4, –Chicago 6, Los Angeles–Laie 7). Flying is the fast
    way: a flight never needs more squares than the roads a family would drive instead."""
    return max(4, 4 + round(math.log2(km / KM_AIR_BASE)))


def great_circle_km(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dl = math.radians(lon2 - lon1)
    c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
    return 6371.0 * math.acos(max(-1.0, min(1.0, c)))


def bezier(c: tuple[Point, Point, Point], t: float) -> Point:
    (x0, y0), (x1, y1), (x2, y2) = c
    u = 1 - t
    return (u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2)


def sample(c: tuple[Point, Point, Point], steps: int = 160) -> list[Point]:
    return [bezier(c, k / steps) for k in range(steps + 1)]


def _hits_line(corners: list[Point], segments: list[tuple[Point, Point]]) -> bool:
    for p, q in segments:
        if segment_hits_polygon(p, q, corners):
            return True
    return False


def lane_squares(path: Path, start: float, end: float, n: int,
                 roads: list[tuple[Point, Point]], cities: list[tuple[Point, float]],
                 taken: list[Square]) -> tuple[list[Square], list[str]]:
    """n squares evenly between arc lengths start and end (their outer edges), each slid
    along the lane as little as needed to keep clear of road lines, cities and squares
    already placed. Returns the squares and what could not be kept clear."""
    problems: list[str] = []
    if n < 1:
        return [], problems
    c0, c1 = start + SQUARE / 2, end - SQUARE / 2
    step = (c1 - c0) / (n - 1) if n > 1 else 0.0
    if n > 1 and step < AIR_MIN_PITCH:
        problems.append(f"room for {n} squares needs {(n - 1) * AIR_MIN_PITCH + SQUARE:.0f} mm "
                        f"of lane, it has {end - start:.0f} mm")
    near_roads = _Roads(roads)
    for share in AIR_SLIDES:  # the least slide that keeps every square clear
        placed, missed = _spaced(path, c0, c1, n, share * step if n > 1 else 0.0,
                                 near_roads, cities, taken)
        if not missed:
            break
    return placed, problems + missed


def _spaced(path: Path, c0: float, c1: float, n: int, slide: float, near_roads: _Roads,
            cities: list[tuple[Point, float]], taken: list[Square]
            ) -> tuple[list[Square], list[str]]:
    """n squares evenly from arc c0 to c1 (centres), each slid up to `slide` mm."""
    problems: list[str] = []
    step = (c1 - c0) / (n - 1) if n > 1 else 0.0
    placed: list[Square] = []
    for i in range(n):
        base = c0 + step * i if n > 1 else (c0 + c1) / 2
        chosen = None
        for off in _offsets(slide):
            s = base + off
            if placed and s - _arc(placed[-1]) < SQUARE + CLEAR or not \
                    c0 - AIR_SLIDE * step <= s <= c1 + AIR_SLIDE * step:
                continue
            (x, y), ang = path.point(s)
            sq = Square(round(x, 3), round(y, 3), round(ang, 3), "sky")
            sq._s = s  # type: ignore[attr-defined]
            if _clear(sq, near_roads, cities, taken + placed):
                chosen = sq
                break
        if chosen is None:
            (x, y), ang = path.point(base)
            chosen = Square(round(x, 3), round(y, 3), round(ang, 3), "sky")
            chosen._s = base  # type: ignore[attr-defined]
            problems.append(f"square {i + 1} of {n} touches a road, a city or another square")
        placed.append(chosen)
    return placed, problems


def _arc(sq: Square) -> float:
    return getattr(sq, "_s", 0.0)


def _offsets(limit: float, step: float = 0.25) -> list[float]:
    out = [0.0]
    k = 1
    while k * step <= limit + 1e-9:
        out += [k * step, -k * step]
        k += 1
    return out


def _clear(sq: Square, roads: _Roads, cities: list[tuple[Point, float]],
           others: list[Square]) -> bool:
    grown = sq.corners(CLEAR)
    x, y = sq.x, sq.y
    for (cx, cy), r in cities:  # (a distance is at least each of its sides: those first)
        reach = r + SQUARE * 0.7072 + CLEAR
        if abs(cx - x) < reach and abs(cy - y) < reach and math.hypot(cx - x, cy - y) < reach:
            return False
    for o in others:
        if abs(o.x - sq.x) < 2 * SQUARE and abs(o.y - sq.y) < 2 * SQUARE \
                and polygons_overlap(grown, o.corners()):
            return False
    return not _hits_line(grown, roads.near(sq))


class _Roads:
    """Road segments in a grid by the box around each where a square counts as near
    (_near): a square's near segments, in their order, without testing them all."""

    def __init__(self, segs: list[tuple[Point, Point]]) -> None:
        self.segs = segs
        self.grid = Grid([(min(p[0], q[0]) - NEAR, min(p[1], q[1]) - NEAR,
                           max(p[0], q[0]) + NEAR, max(p[1], q[1]) + NEAR) for p, q in segs],
                         4 * SQUARE)

    def near(self, sq: Square) -> list[tuple[Point, Point]]:
        segs = self.segs
        return [segs[i] for i in self.grid.at(sq.x, sq.y) if _near(segs[i], sq)]


def _near(seg: tuple[Point, Point], sq: Square) -> bool:
    (x0, y0), (x1, y1) = seg
    pad = NEAR
    return min(x0, x1) - pad <= sq.x <= max(x0, x1) + pad and \
        min(y0, y1) - pad <= sq.y <= max(y0, y1) + pad


def road_squares(path: Path, ra: float, rb: float, lanes: list[list[Point]],
                 air: list[Square], roads: list[list[Point]] | None = None) -> list[Square]:
    """Squares along a road (a polyline from city to city) between the two cities'
    edges, at PITCH, leaving out every stretch where a square would touch an air lane,
    an air square, another road (two roads leaving a city side by side) or the road's
    own bend; each free stretch holds as many squares as fit, centred in it. Each square
    turns with its stretch of road."""
    if path.length == 0:
        return []
    lo = _leave_circle(path, path.points[0], ra + GAP) + SQUARE / 2
    hi = path.length - _leave_circle(Path(path.points[::-1]), path.points[-1], rb + GAP) \
        - SQUARE / 2
    if hi < lo:
        return []
    blocked = stretches(path, lanes, air, roads or [], lo, hi)
    out: list[Square] = []
    for f0, f1 in _free(lo, hi, blocked):
        k = int((f1 - f0) // PITCH) + 1
        first = (f0 + f1) / 2 - (k - 1) * PITCH / 2
        for i in range(k):
            (x, y), angle = path.point(first + i * PITCH)
            out.append(Square(round(x, 3), round(y, 3), round(angle, 3), "open"))
    return out


def settle(roads: list[Route], lay: Callable[[Route, list[Square]], None]) -> None:
    """Lay every road (`lay(road, squares to keep clear of)` sets its squares), then part
    each two roads whose squares overlap: one of the two is laid again CLEAR of every
    other road's squares. It is the one that still has what the rules need (its Border
    Post with an Open Road square, its Assignment square) and loses the fewest squares; a
    road laid again overlaps no square, so this ends."""
    for r in roads:
        lay(r, [])
    memo: dict[int, tuple] = {}
    for _ in range(len(roads)):
        pair = first_crossed_pair([r.squares for r in roads], memo)
        if pair is None:
            return
        best: tuple[tuple[bool, bool, int, int], Route, list[Square]] | None = None
        for r in (roads[pair[0]], roads[pair[1]]):
            old = r.squares
            lay(r, [s for o in roads if o is not r for s in o.squares])
            new, r.squares = r.squares, old
            kinds = {s.kind for s in old}
            score = (len(new) < (2 if "border" in kinds else 1),
                     "assign" in kinds and not any(s.kind == "assign" for s in new),
                     len(old) - len(new), -len(new))
            if best is None or score < best[0]:
                best = (score, r, new)
        assert best is not None
        best[1].squares = best[2]


def _leave_circle(path: Path, centre: Point, radius: float) -> float:
    """Arc length where a path that starts inside a circle leaves it."""
    for (p, q), s0 in zip(path.segments(), path.at, strict=False):
        if math.dist(q, centre) >= radius:
            lo, hi = 0.0, 1.0
            for _ in range(30):
                mid = (lo + hi) / 2
                pt = (p[0] + (q[0] - p[0]) * mid, p[1] + (q[1] - p[1]) * mid)
                lo, hi = (mid, hi) if math.dist(pt, centre) < radius else (lo, mid)
            return s0 + math.dist(p, q) * hi
    return path.length


def _free(lo: float, hi: float, blocked: list[tuple[float, float]]) -> list[tuple[float, float]]:
    out = []
    cur = lo
    for b0, b1 in sorted(blocked):
        if b1 <= cur:
            continue
        if b0 > cur:
            out.append((cur, min(b0, hi)))
        cur = max(cur, b1)
        if cur >= hi:
            break
    if cur < hi:
        out.append((cur, hi))
    return [(f0, f1) for f0, f1 in out if f1 >= f0]


def road_kinds(n: int, a_airport: bool, b_airport: bool, border: int | None) -> list[str]:
    """What each square of a road is: a Border Post where it leaves the USA, a
    roadworks-free zone beside an airport, one Assignment square (two on long roads),
    and Open Road for the rest: always at least one, so a red cone fits every road."""
    kinds = ["open"] * n
    if n == 0:
        return kinds
    if border is not None:
        kinds[border] = "border"
    free = [i for i in range(n) if kinds[i] == "open"]
    if n >= 4:
        for end, airport in ((0, a_airport), (n - 1, b_airport)):
            if airport and kinds[end] == "open":
                kinds[end] = "zone"
    free = [i for i in range(n) if kinds[i] == "open"]
    wanted = 2 if n >= 9 else (1 if len(free) >= 2 else 0)
    for k in range(wanted):
        pick = free[(len(free) * (2 * k + 1)) // (2 * wanted)]
        if border is not None and abs(pick - border) == 1:
            alt = [i for i in free if abs(i - border) > 1 and kinds[i] == "open"]
            if alt:
                pick = min(alt, key=lambda i: abs(i - pick))
        kinds[pick] = "assign"
    return kinds


def air_kinds(n: int) -> list[str]:
    """A turbulence-free zone at each airport, Clear Skies between, and an Assignment
    square in the middle (four squares: calm, sky, assign, calm)."""
    if n < 4:
        return ["calm", "sky", "calm"][:n]
    kinds = ["sky"] * n
    kinds[0] = kinds[-1] = "calm"
    kinds[n // 2] = "assign"
    return kinds
