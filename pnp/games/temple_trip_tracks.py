"""Track squares of the Temple Trip board: where they go along roads and flights, and
what each one is.

One physical scale for everything a pawn stands on: a square is SQUARE mm wide, roads
step PITCH mm a square. Flights are laid first, evenly along their whole lane, a number
of squares that grows with the real distance flown; a square that would touch a road's
line slides along its lane (never more than a quarter step). Roads then fill what is
left: their squares keep clear of every air lane and air square, so where a flight
crosses a road the road leaves a gap and nothing is drawn over anything else."""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..geometry import Point, polygons_overlap, square_corners

SQUARE = 10.0  # mm: a track square (two pawn bases side by side, or a cone)
PITCH = 11.5  # mm between road square centres
GAP = 1.5  # mm between a city's edge and the nearest square
CLEAR = 1.0  # mm kept between a square and a line or a square of another route
AIR_MIN_PITCH = SQUARE + 3.0  # mm: air squares never closer than this
AIR_SLIDE = 0.25  # an air square slides at most this share of its step
KM_AIR_BASE = 700.0  # km: flights up to about this long have four squares

ROAD_KINDS = ("open", "zone", "assign", "border")  # cones: only on open
AIR_KINDS = ("sky", "calm", "assign")  # cones: only on sky


@dataclass
class Square:
    x: float
    y: float
    angle: float  # degrees: the route's direction (glyphs are drawn upright regardless)
    kind: str

    def corners(self, grow: float = 0.0) -> list[Point]:
        return square_corners(self.x, self.y, SQUARE + 2 * grow, math.radians(self.angle))


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


class Path:
    """A polyline measured by arc length."""

    def __init__(self, points: list[Point]) -> None:
        self.points = points
        self.at = [0.0]
        for p, q in zip(points, points[1:], strict=False):
            self.at.append(self.at[-1] + math.dist(p, q))
        self.length = self.at[-1]

    def point(self, s: float) -> tuple[Point, float]:
        """The point at arc length s and the direction there (degrees)."""
        s = max(0.0, min(self.length, s))
        lo, hi = 0, len(self.at) - 1
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.at[mid] <= s:
                lo = mid
            else:
                hi = mid
        p, q = self.points[lo], self.points[hi]
        span = self.at[hi] - self.at[lo] or 1.0
        t = (s - self.at[lo]) / span
        angle = math.degrees(math.atan2(q[1] - p[1], q[0] - p[0]))
        return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t), angle

    def segments(self) -> list[tuple[Point, Point]]:
        return list(zip(self.points, self.points[1:], strict=False))


def _hits_line(corners: list[Point], segments: list[tuple[Point, Point]]) -> bool:
    from ..geometry import segment_hits_polygon

    return any(segment_hits_polygon(p, q, corners) for p, q in segments)


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
    slide = AIR_SLIDE * step if n > 1 else 0.0
    near_roads = roads
    placed: list[Square] = []
    for i in range(n):
        base = c0 + step * i if n > 1 else (c0 + c1) / 2
        chosen = None
        for off in _offsets(slide):
            s = base + off
            if placed and s - _arc(placed[-1]) < SQUARE + CLEAR:
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


def _clear(sq: Square, roads: list[tuple[Point, Point]], cities: list[tuple[Point, float]],
           others: list[Square]) -> bool:
    grown = sq.corners(CLEAR)
    for (cx, cy), r in cities:
        if math.hypot(cx - sq.x, cy - sq.y) < r + SQUARE * 0.7072 + CLEAR:
            return False
    for o in others:
        if abs(o.x - sq.x) < 2 * SQUARE and abs(o.y - sq.y) < 2 * SQUARE \
                and polygons_overlap(grown, o.corners()):
            return False
    return not _hits_line(grown, [s for s in roads if _near(s, sq)])


def _near(seg: tuple[Point, Point], sq: Square) -> bool:
    (x0, y0), (x1, y1) = seg
    pad = SQUARE * 1.5
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
    blocked = _blocked(path, lanes, air, roads or [])
    out: list[Square] = []
    for f0, f1 in _free(lo, hi, blocked):
        k = int((f1 - f0) // PITCH) + 1
        first = (f0 + f1) / 2 - (k - 1) * PITCH / 2
        for i in range(k):
            (x, y), angle = path.point(first + i * PITCH)
            out.append(Square(round(x, 3), round(y, 3), round(angle, 3), "open"))
    return out


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


def _blocked(path: Path, lanes: list[list[Point]], air: list[Square],
             roads: list[list[Point]]) -> list[tuple[float, float]]:
    """Stretches of square centres (arc length along the road) where a square would
    touch a lane, an air square, another road, or overlap the road's next stretch at a
    bend: found by testing the square itself, every 0.25 mm, near each place where that
    can happen."""
    near: list[float] = []
    x0, y0, x1, y1 = _bounds(path.points, 3 * SQUARE)

    def inside(p: Point, q: Point) -> bool:
        return x0 <= max(p[0], q[0]) and min(p[0], q[0]) <= x1 \
            and y0 <= max(p[1], q[1]) and min(p[1], q[1]) <= y1

    segs = [(p, q) for lane in lanes for p, q in zip(lane, lane[1:], strict=False)
            if inside(p, q)]
    beside = [(p, q) for road in roads for p, q in zip(road, road[1:], strict=False)
              if inside(p, q)]
    segs += beside
    air = [sq for sq in air if x0 <= sq.x <= x1 and y0 <= sq.y <= y1]
    for (a, b), s0 in zip(path.segments(), path.at, strict=False):
        length = math.dist(a, b)
        if length == 0:
            continue
        u = ((b[0] - a[0]) / length, (b[1] - a[1]) / length)
        for p, q in segs:
            hit = _cross_at(a, u, length, p, q)
            if hit is not None:
                near.append(s0 + hit)
        for p, q in beside:  # a road alongside: wherever it comes near
            n = max(1, int(math.dist(p, q) // 2.0))
            for k in range(n + 1):
                px, py = p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n
                along = (px - a[0]) * u[0] + (py - a[1]) * u[1]
                side = abs((px - a[0]) * u[1] - (py - a[1]) * u[0])
                if side < SQUARE + CLEAR and 0 <= along <= length:
                    near.append(s0 + along)
        for sq in air:
            along = (sq.x - a[0]) * u[0] + (sq.y - a[1]) * u[1]
            side = abs((sq.x - a[0]) * u[1] - (sq.y - a[1]) * u[0])
            if side < SQUARE * 1.5 + CLEAR and -SQUARE < along < length + SQUARE:
                near.append(s0 + along)
    out: list[tuple[float, float]] = []
    for w0, w1 in _merge([(c - 3 * SQUARE, c + 3 * SQUARE) for c in near]):
        steps = []
        s = w0
        while s <= w1:
            steps.append((s, path.point(s)))
            s += 0.25
        # only what is near this stretch can touch its squares: filter once, not per step
        wx0, wy0, wx1, wy1 = _bounds([pt for _, (pt, _) in steps] or [path.point(w0)[0]], 0)
        window_segs = [g for g in segs if _seg_overlaps(g, wx0, wy0, wx1, wy1, SQUARE)]
        window_air = [o for o in air if wx0 - 2 * SQUARE < o.x < wx1 + 2 * SQUARE
                      and wy0 - 2 * SQUARE < o.y < wy1 + 2 * SQUARE]
        start = None
        for s, (at, angle) in steps:
            bad = _square_blocked(at, angle, window_segs, window_air)
            if bad and start is None:
                start = s
            elif not bad and start is not None:
                out.append((start, s))
                start = None
        if start is not None:
            out.append((start, s + 0.25 if steps else s))
    for i in range(1, len(path.points) - 1):  # a bend: squares stay on their own leg
        p, q, r = path.points[i - 1], path.points[i], path.points[i + 1]
        turn = abs(math.atan2(q[1] - p[1], q[0] - p[0]) - math.atan2(r[1] - q[1], r[0] - q[0]))
        turn = min(turn, 2 * math.pi - turn)
        half = SQUARE / 2 * (1 + math.tan(min(turn, 2.6) / 2)) + CLEAR
        out.append((path.at[i] - half, path.at[i] + half))
    return sorted(out)


def _bounds(points: list[Point], pad: float) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def _merge(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Overlapping spans joined, so each stretch of road is scanned once."""
    out: list[tuple[float, float]] = []
    for a, b in sorted(spans):
        if out and a <= out[-1][1]:
            out[-1] = (out[-1][0], max(out[-1][1], b))
        else:
            out.append((a, b))
    return out


def _seg_overlaps(seg: tuple[Point, Point], x0: float, y0: float, x1: float, y1: float,
                  pad: float) -> bool:
    """Whether a segment's box, grown by `pad`, meets the box x0..x1, y0..y1: a segment
    near any point of the box's stretch passes."""
    (a0, b0), (a1, b1) = seg
    return min(a0, a1) - pad <= x1 and x0 <= max(a0, a1) + pad and \
        min(b0, b1) - pad <= y1 and y0 <= max(b0, b1) + pad


def _square_blocked(at: Point, angle: float, segs: list[tuple[Point, Point]],
                    air: list[Square]) -> bool:
    x, y = at
    corners = square_corners(x, y, SQUARE + 2 * CLEAR, math.radians(angle))
    if any(abs(o.x - x) < 2 * SQUARE and abs(o.y - y) < 2 * SQUARE
           and polygons_overlap(corners, o.corners()) for o in air):
        return True
    return _hits_line(corners, [g for g in segs if _seg_near(g, (x, y))])


def _seg_near(seg: tuple[Point, Point], at: Point) -> bool:
    x, y = at
    (x0, y0), (x1, y1) = seg
    pad = SQUARE
    return min(x0, x1) - pad <= x <= max(x0, x1) + pad and \
        min(y0, y1) - pad <= y <= max(y0, y1) + pad


def _cross_at(a: Point, u: Point, length: float, p: Point, q: Point) -> float | None:
    """Arc length along the road where segment p-q crosses it (within reach of its
    squares), if it does."""
    b = (a[0] + u[0] * length, a[1] + u[1] * length)
    d1 = (p[0] - a[0]) * u[1] - (p[1] - a[1]) * u[0]
    d2 = (q[0] - a[0]) * u[1] - (q[1] - a[1]) * u[0]
    reach = SQUARE * 0.75 + CLEAR
    if (d1 > reach and d2 > reach) or (d1 < -reach and d2 < -reach):
        return None
    along = [(p[0] - a[0]) * u[0] + (p[1] - a[1]) * u[1], (q[0] - a[0]) * u[0]
             + (q[1] - a[1]) * u[1]]
    if max(along) < -SQUARE or min(along) > math.dist(a, b) + SQUARE:
        return None
    if d1 == d2:
        return sum(along) / 2
    t = d1 / (d1 - d2)
    return along[0] + (along[1] - along[0]) * max(0.0, min(1.0, t))


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
