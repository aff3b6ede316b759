"""Room on the Temple Trip board for a custom temple's new city: whether a spot is free
for its circle, and whether a road drawn from that spot (straight, or bent) has room for
its squares. These are the board's own rules (playable.py), tested on the board as it
is, so join.py can try many ways cheaply before it lays one out and checks it whole."""

from __future__ import annotations

import math
from collections.abc import Iterator

from pnp.base.geometry import (
    Box,
    Point,
    bounds,
    distance_to_segment,
    near_box,
    segment_hits_box,
    segment_hits_polygon,
    segments_cross,
)
from pnp.games.temple_trip import labels, playable
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import City, Route
from pnp.games.temple_trip.squares import CLEAR, SQUARE, Path, Square
from pnp.games.temple_trip.tracks import GAP, great_circle_km, road_squares

TOO_CLOSE = 3.0  # mm of board between a new city's circle and another city's
AIR_CLEARANCE = 3.0  # mm between a new city's circle and a flight's lane
LINE_CLEAR = 1.5  # mm between a city's circle and a road that does not stop there
EDGE = 8.0  # mm: a city's circle keeps inside the board's trim
MOVE_MM = 7.0  # a new city is drawn at most this far from its place on the drawn map
FAR_MM = 11.0  # ... or this far, where every spot within MOVE_MM is taken
EDGE_SLIDE_MM = 12.0  # a place too near the board's edge for a circle slides this far in

Seg = tuple[Point, Point]


def key(r: Route) -> tuple[str, str]:
    return (r.a, r.b)


class Room:
    """What a new city and its roads must keep clear of on board `b`."""

    def __init__(self, b: Board, city: City, movable_air: bool = False) -> None:
        """`movable_air`: a flight's squares do not take a spot (they are laid again
        round the new city when the board is rebuilt with it; join.py checks them)."""
        self.b, self.city = b, city
        self.others = [c for c in b.cities.values() if c is not city and c.area == "mainland"]
        self.lines = {key(r): b.road_line(r).segments() for r in b.roads}
        self.road_squares = {key(r): r.squares for r in b.roads}
        self.lanes = [r for r in b.air if r.path]
        # each road's and lane's box (its line and squares): a spot beyond a box's reach
        # is not tested against what is in it
        self.road_boxes = {k: bounds([q for seg in segs for q in seg]
                                   + [(s.x, s.y) for s in self.road_squares[k]])
                           for k, segs in self.lines.items()}
        self.lane_boxes = [bounds(lane.path.points) for lane in self.lanes]
        self.air_squares = [] if movable_air else [s for r in b.air for s in r.squares]
        self.furniture: list[Box] = labels.furniture_boxes(b)
        self.why = ""  # why the last road was refused

    # ------------------------------------------------------------ the circle
    def spot_problem(self, p: Point, ignore: tuple[str, str] | None = None) -> str | None:
        """Why the new city's circle cannot be drawn at p (None: it can). `ignore`: the
        road it becomes a stop on (that road runs through it)."""
        c, b, r = self.city, self.b, self.city.radius
        if not (EDGE + r <= p[0] <= b.width - EDGE - r and EDGE + r <= p[1] <= b.height - EDGE - r):
            return "edge"
        for o in self.others:
            if math.dist(p, o.pos) - r - o.radius < TOO_CLOSE:
                return f"city {o.name}"
        if b.country_at(p) != c.country:
            return "land"
        grown = (p[0] - r - 1, p[1] - r - 1, p[0] + r + 1, p[1] + r + 1)
        if any(labels.disc_hits_box(p, r + 1, box) for box in self.furniture
               if box[0] < grown[2] and grown[0] < box[2] and box[1] < grown[3]
               and grown[1] < box[3]):
            return "panel"
        for lane, box in zip(self.lanes, self.lane_boxes, strict=True):
            if near_box(p, box, r + AIR_CLEARANCE) and min(
                    distance_to_segment(p, u, v) for u, v in lane.path.segments()) \
                    < r + AIR_CLEARANCE:
                return f"flight {lane.name}"
        for s in self.air_squares:
            if math.dist(p, (s.x, s.y)) < r + SQUARE * 0.72:
                return "flight square"
        reach = r + max(LINE_CLEAR, SQUARE * 0.72)
        for k, segs in self.lines.items():
            if k == ignore or not near_box(p, self.road_boxes[k], reach):
                continue
            if any(distance_to_segment(p, u, v) < r + LINE_CLEAR for u, v in segs) or any(
                    math.dist(p, (s.x, s.y)) < r + SQUARE * 0.72 for s in self.road_squares[k]):
                return f"road {k[0]}–{k[1]}"
        return None

    # ------------------------------------------------------------ a road
    def road(self, pts: list[Point], end: City, ignore: tuple[str, str] | None = None,
             siblings: list[list[Point]] | None = None) -> list[Square] | None:
        """The squares of a new road from the new city (pts[0]) to `end` (pts[-1]) along
        pts, or None when the board's rules refuse it (`why` then says which).
        `siblings`: the other new roads at the new city (a stop's other half)."""
        self.why = self._refused(pts, end, ignore)
        if self.why:
            return None
        c, b = self.city, self.b
        kept = [s for k, sq in self.road_squares.items() if k != ignore for s in sq]
        at_end = [self.b.road_line(r).points for r in b.roads
                  if end.name in (r.a, r.b) and key(r) != ignore]
        squares = road_squares(Path(pts), c.radius, end.radius,
                               [lane.path.points for lane in self.lanes],
                               self.air_squares + kept, at_end + (siblings or []))
        border = c.country != end.country and "USA" in (c.country, end.country)
        if len(squares) < (2 if border else 1):
            self.why = "room"
            return None
        if not all(self._square_clear(s, end, ignore) for s in squares):
            self.why = "square"
            return None
        return squares

    def _refused(self, pts: list[Point], end: City, ignore: tuple[str, str] | None) -> str:
        """What a road along pts breaks before its squares are laid ('' nothing)."""
        c = self.city
        if not compass_ok(c, pts[0], end, pts[-1]):
            return "compass"
        if Path(pts).length < c.radius + end.radius + 2 * GAP + SQUARE:
            return "short"
        segs = list(zip(pts, pts[1:], strict=False))
        if any(self._crosses(u, v, k) for u, v in segs for k in self.lines if k != ignore):
            return "road"
        if any(o is not end and distance_to_segment(o.pos, u, v) < o.radius + 1
               for o in self.others for u, v in segs):
            return "city"
        if any(segment_hits_box(u, v, box) for u, v in segs for box in self.furniture):
            return "panel"
        if self.b.water_mm(_legs(pts, c.radius, end.radius)) > playable.BRIDGE_MM:
            return "sea"
        box = bounds(pts)
        kept = [s for k, sq in self.road_squares.items() if k != ignore for s in sq
                if near_box((s.x, s.y), box, SQUARE)]
        air = [s for s in self.air_squares if near_box((s.x, s.y), box, SQUARE)]
        if any(segment_hits_polygon(u, v, s.corners()) for u, v in segs for s in kept) or any(
                segment_hits_polygon(u, v, s.corners(CLEAR)) for u, v in segs
                for s in air):  # a flight's square would have to slide off
            return "square"
        return ""

    def _crosses(self, u: Point, v: Point, k: tuple[str, str]) -> bool:
        return any(segments_cross(u, v, p, q) for p, q in self.lines[k])

    def _square_clear(self, s: Square, end: City, ignore: tuple[str, str] | None) -> bool:
        corners = s.corners(CLEAR)
        for o in self.others:
            if o is not end and math.dist((s.x, s.y), o.pos) < o.radius + SQUARE * 0.7072 + CLEAR:
                return False
        for k, segs in self.lines.items():
            if k == ignore or end.name in k:
                continue  # roads at its end: road_squares keeps clear of them
            if any(segment_hits_polygon(p, q, corners) for p, q in segs if _near(p, q, s)):
                return False
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        box = (min(xs), min(ys), max(xs), max(ys))
        return not any(box[0] < f[2] and f[0] < box[2] and box[1] < f[3] and f[1] < box[3]
                       for f in self.furniture)


def compass_ok(a: City, pa: Point, c: City, pc: Point) -> bool:
    """Whether c is drawn from a in its true compass direction (playable's measure)."""
    true = playable.true_bearing(a.lon, a.lat, c.lon, c.lat)
    drawn = math.degrees(math.atan2(pc[0] - pa[0], pa[1] - pc[1])) % 360
    return abs((drawn - true + 180) % 360 - 180) <= playable.COMPASS_DEG


def home(b: Board, city: City) -> Point:
    """Where a new city is drawn to begin with: its place on the drawn map, slid straight
    inward (at most EDGE_SLIDE_MM) where that place is too near the board's edge for its
    circle: the map's window reaches the trim, a circle keeps EDGE mm inside it."""
    x, y = b.map(city.lon, city.lat)
    keep = EDGE + city.radius
    inside = (min(max(x, keep), b.width - keep), min(max(y, keep), b.height - keep))
    return inside if math.dist((x, y), inside) <= EDGE_SLIDE_MM else (x, y)


def ring(p0: Point) -> list[Point]:
    """p0 and spots around it up to MOVE_MM, nearest first."""
    out = [p0]
    for radius, n in ((2.0, 8), (4.0, 12), (5.5, 16), (MOVE_MM, 20)):
        out += [(p0[0] + radius * math.cos(2 * math.pi * k / n),
                 p0[1] + radius * math.sin(2 * math.pi * k / n)) for k in range(n)]
    return out


def far_ring(p0: Point) -> list[Point]:
    """Spots further round p0 (up to FAR_MM), for a place where a flight, a road or
    a city takes every spot within MOVE_MM: drawn a little further off, not refused."""
    out = []
    for radius, n in ((9.0, 24), (FAR_MM, 28)):
        out += [(p0[0] + radius * math.cos(2 * math.pi * k / n),
                 p0[1] + radius * math.sin(2 * math.pi * k / n)) for k in range(n)]
    return out


def bent_lines(p: Point, q: Point) -> Iterator[list[Point]]:
    """Bent lines from p to q: one bend to a side (a V), or two (round a corner, a U)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy, nx, ny = dx / length, dy / length, -dy / length, dx / length
    for h in (0.3, -0.3, 0.6, -0.6):
        for t in (0.5, 0.3, 0.7):
            yield [(p[0] + dx * t + nx * h * length, p[1] + dy * t + ny * h * length)]
    for h in (12.0, -12.0, 18.0, -18.0, 25.0, -25.0):
        for s in (0.0, 5.0):
            yield [(p[0] + nx * h + ux * s, p[1] + ny * h + uy * s),
                   (q[0] + nx * h - ux * s, q[1] + ny * h - uy * s)]


def foot(p: Point, u: Point, v: Point) -> Point:
    dx, dy = v[0] - u[0], v[1] - u[1]
    t = ((p[0] - u[0]) * dx + (p[1] - u[1]) * dy) / ((dx * dx + dy * dy) or 1.0)
    t = max(0.0, min(1.0, t))
    return (u[0] + t * dx, u[1] + t * dy)


def along(line: list[Point], p: Point, d: float) -> Point:
    """The point d mm further along the line than p (p on it)."""
    i = min(range(len(line) - 1), key=lambda i: distance_to_segment(p, line[i], line[i + 1]))
    u, v = line[i], line[i + 1]
    length = math.dist(u, v) or 1.0
    return (p[0] + (v[0] - u[0]) * d / length, p[1] + (v[1] - u[1]) * d / length)


def _near(p: Point, q: Point, s: Square) -> bool:
    pad = SQUARE
    return min(p[0], q[0]) - pad <= s.x <= max(p[0], q[0]) + pad and \
        min(p[1], q[1]) - pad <= s.y <= max(p[1], q[1]) + pad


def _legs(pts: list[Point], ra: float, rb: float) -> list[Point]:
    """The road's line from circle edge to circle edge (as playable measures water)."""
    out = list(pts)
    out[0] = _toward(out[0], out[1], ra)
    out[-1] = _toward(out[-1], out[-2], rb)
    return out


def _toward(p: Point, q: Point, d: float) -> Point:
    length = math.dist(p, q) or 1.0
    return (p[0] + (q[0] - p[0]) * d / length, p[1] + (q[1] - p[1]) * d / length)


def too_close(b: Board, city: City, new: frozenset[str] = frozenset()
              ) -> tuple[City, float, float] | None:
    """The one too-close rule (the board city, km, km needed): a new city is refused
    beside a board city only when neither map draws their circles apart: the plain map
    (real km at the board's scale) puts them on each other, and so does the drawn map
    with the new city moved the MOVE_MM it may be. Where the plain map has room, the
    stretch is pnp's and the board must make room; where the drawn map has, it does."""
    p0 = b.map(city.lon, city.lat)
    mm_km = b.base.mm_per_km()
    for o in sorted(b.cities.values(), key=lambda o: math.dist(o.pos, p0)):
        if o is city or o.area != "mainland" or o.name in new:
            continue
        km = great_circle_km(city.lat, city.lon, o.lat, o.lon)
        need = city.radius + o.radius + TOO_CLOSE
        if km * mm_km < need and math.dist(p0, o.pos) + MOVE_MM < need:
            return o, km, need / mm_km
    return None
