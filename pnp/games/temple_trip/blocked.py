"""Where a road's squares cannot go: the stretches of a Temple Trip road where a square
would touch an air lane, an air square or another road (tracks.py lays the squares in
what is left). Each stretch near such a thing is scanned every 0.25 mm with the square
itself; the scan asks a grid (spatial.Grid) for the lines near each square and skips
those whose box lies clear of the square's, so each answer comes from the same exact
tests as a scan of every line, only on far fewer of them. A step is not tested where the
answer is certain: within a clear square's room (every line and air square farther from
it than its corners reach) or a blocked square's hold (an end of the line that blocked it
inside its inner circle); the margins are far beyond rounding, so the stretches are the
scan's of every step."""

from __future__ import annotations

import math

from pnp.base.geometry import (
    Point,
    polygons_overlap,
    segment_hits_polygon,
    square_corners,
    turned_square,
)
from pnp.base.spatial import Grid
from pnp.games.temple_trip.squares import CLEAR, SQUARE, Path, Square

SLACK = 1e-3  # mm: far more than rounding moves any coordinate here (~1e-12 mm)
HALF = (SQUARE + 2 * CLEAR) / 2  # a road square's half side, with its clearance
CHUNK = 16  # segments of a lane whose joint box is tested first
STEP = 0.25  # mm between the squares tested along a stretch
# A clear square's neighbours within its room (_Window.room) are clear without a test: every
# line and air square is farther from them than their corners reach. MARGIN is far more
# than rounding moves a distance or a step (~1e-12 mm), far less than the step.
FAR = 3 * SQUARE  # mm: how far room() looks (a step skips at most ~80 steps)
CORNER_REACH = HALF * math.sqrt(2)  # a road square's corners (with clearance) from its centre
AIR_REACH = SQUARE / 2 * math.sqrt(2)  # an air square's corners from its centre
MARGIN = 1e-3
APART = CORNER_REACH + AIR_REACH + MARGIN  # centres farther apart: the squares cannot meet
ACROSS = HALF + SQUARE / 2 - MARGIN  # nearer: their inner circles overlap, so do they


def blocked(path: Path, lanes: list[list[Point]], air: list[Square],
            roads: list[list[Point]], lo: float = -math.inf,
            hi: float = math.inf) -> list[tuple[float, float]]:
    """Stretches of square centres (arc length along the road) where a square would
    touch a lane, an air square, another road, or overlap the road's next stretch at a
    bend: found by testing the square itself, every 0.25 mm, near each place where that
    can happen. Only steps whose 0.25 mm reaches between lo and hi (where the road has
    room for squares) are tested: the rest cannot change which stretches there are
    free, so they count as clear."""
    near: list[float] = []
    x0, y0, x1, y1 = _bounds(path.points, 3 * SQUARE)

    segs = [g for lane in lanes for g in _inside(lane, x0, y0, x1, y1)]
    beside = [g for road in roads for g in _inside(road, x0, y0, x1, y1)]
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
        values = []
        s = w0
        while s <= w1:
            values.append(s)
            s += STEP
        ends = values[1:] + [s]  # where each step's STEP mm ends
        live = [k for k, (v, e) in enumerate(zip(values, ends, strict=True)) if v < hi and e > lo]
        if not live:
            continue
        # only what is near this stretch can touch its squares: filter once, not per step
        # (its box holds every step's centre: a larger box only lets more through)
        wx0, wy0, wx1, wy1 = _stretch_box(path, values[live[0]], values[live[-1]])
        window = _Window([g for g in segs if _seg_overlaps(g, wx0, wy0, wx1, wy1, SQUARE)],
                         [o for o in air if wx0 - 2 * SQUARE < o.x < wx1 + 2 * SQUARE
                          and wy0 - 2 * SQUARE < o.y < wy1 + 2 * SQUARE])
        start = None
        n, i = len(live), 0
        while i < n:
            k = live[i]
            at, angle = path.point(values[k])
            bad = window.blocked(at, angle)
            if bad and start is None:
                start = values[k]
            elif not bad and start is not None:
                out.append((start, values[k]))
                start = None
            # the next steps as near as its room (or hold) are clear (blocked) too: untested
            i += 1 + max(0, int((window.held(at) if bad else window.room(at)) / STEP))
        if start is not None:
            out.append((start, ends[live[-1]]))
    for i in range(1, len(path.points) - 1):  # a bend: squares stay on their own leg
        p, q, r = path.points[i - 1], path.points[i], path.points[i + 1]
        turn = abs(math.atan2(q[1] - p[1], q[0] - p[0]) - math.atan2(r[1] - q[1], r[0] - q[0]))
        turn = min(turn, 2 * math.pi - turn)
        half = SQUARE / 2 * (1 + math.tan(min(turn, 2.6) / 2)) + CLEAR
        out.append((path.at[i] - half, path.at[i] + half))
    return sorted(out)


def _stretch_box(path: Path, s0: float, s1: float) -> tuple[float, float, float, float]:
    """A box around the road from arc length s0 to s1: its ends and the bends between."""
    pts = [path.point(s0)[0], path.point(s1)[0]]
    pts += [p for p, at in zip(path.points, path.at, strict=True) if s0 < at < s1]
    return _bounds(pts, 0)


def _bounds(points: list[Point], pad: float) -> tuple[float, float, float, float]:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad


def _inside(line: list[Point], x0: float, y0: float, x1: float,
            y1: float) -> list[tuple[Point, Point]]:
    """A polyline's segments whose boxes meet the box x0..x1, y0..y1 (edges included),
    in order. A run of CHUNK segments whose joint box misses it is skipped whole: none
    of its segments can meet it."""
    xs, ys = [p[0] for p in line], [p[1] for p in line]
    out = []
    for k in range(0, len(line) - 1, CHUNK):
        cx, cy = xs[k:k + CHUNK + 1], ys[k:k + CHUNK + 1]
        if not (x0 <= max(cx) and min(cx) <= x1 and y0 <= max(cy) and min(cy) <= y1):
            continue
        run = line[k:k + CHUNK + 1]
        out += [(p, q) for p, q in zip(run, run[1:], strict=False)
                if x0 <= max(p[0], q[0]) and min(p[0], q[0]) <= x1
                and y0 <= max(p[1], q[1]) and min(p[1], q[1]) <= y1]
    return out


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


class _Window:
    """The lines and air squares near one stretch of road, ready for its many square
    tests: lines bucketed by the box around them where a square's centre counts as near
    (_seg_near), air squares with their corners worked out once."""

    CELL = 8.0  # mm

    def __init__(self, segs: list[tuple[Point, Point]], air: list[Square]) -> None:
        self.segs = segs
        self.bounds = [(min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1]))
                       for p, q in segs]
        self.near = [(a - SQUARE, b - SQUARE, c + SQUARE, d + SQUARE)
                     for a, b, c, d in self.bounds]
        self.grid = Grid(self.near, self.CELL)
        self.air = [(o, o.corners()) for o in air]
        # the last angle: its cosine, sine, and how far the square's corners reach
        self.angle, self.turn = math.nan, (1.0, 0.0, HALF + SLACK)
        self.last = -1  # the line that blocked the last square blocked by a line
        self.by = ("line", -1)  # what blocked the last blocked square: a line or air square

    def room(self, at: Point) -> float:
        """How far (mm) a square's centre may move from `at` with every square there clear
        of the lines and air squares: their distance, less the reach of a turned square's
        corners (any angle) and MARGIN. Lines beyond FAR are not measured: at most that."""
        x, y = at
        far = FAR
        for (x0, y0, x1, y1), ((ax, ay), (bx, by)) in zip(self.bounds, self.segs, strict=True):
            if x0 - x > far or x - x1 > far or y0 - y > far or y - y1 > far:
                continue
            dx, dy = bx - ax, by - ay
            length2 = dx * dx + dy * dy
            t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((x - ax) * dx + (y - ay) * dy)
                                                      / length2))
            far = min(far, math.hypot(x - ax - t * dx, y - ay - t * dy))
        for o, _ in self.air:
            far = min(far, math.hypot(o.x - x, o.y - y) - AIR_REACH)
        return far - CORNER_REACH - MARGIN

    def held(self, at: Point) -> float:
        """How far (mm) a square's centre may move from `at` with every square there still
        blocked by what blocked the square at `at` (self.by): an end of that line inside
        the circle within its sides, or that air square's inner circle overlapping it, by
        more than MARGIN (0 or less: no farther)."""
        x, y = at
        kind, i = self.by
        if kind == "air":
            o = self.air[i][0]
            return HALF + SQUARE / 2 - math.hypot(o.x - x, o.y - y) - MARGIN
        p, q = self.segs[i]
        return HALF - min(math.hypot(p[0] - x, p[1] - y), math.hypot(q[0] - x, q[1] - y)) \
            - MARGIN

    def blocked(self, at: Point, angle: float) -> bool:
        """_square_blocked, asked of fewer lines: those near the square (the grid's
        candidates, then _seg_near) less those whose box lies clear of a box around the
        square (such a line cannot touch it: the exact test errs by far less than SLACK).
        The line that blocked the last square goes first, as a square 0.25 mm on is mostly
        blocked by the same line (whether any line touches does not depend on the order);
        then the air squares."""
        x, y = at
        if angle != self.angle:  # a stretch keeps its angle from step to step
            self.angle = angle
            rad = math.radians(angle)
            c, s = math.cos(rad), math.sin(rad)
            self.turn = (c, s, HALF * (abs(c) + abs(s)) + SLACK)
        c, s, reach = self.turn
        corners = turned_square(x, y, HALF, c, s)
        cx0, cy0, cx1, cy1 = x - reach, y - reach, x + reach, y + reach
        segs, near, bounds = self.segs, self.near, self.bounds
        last = self.last
        for i in ([last] if last >= 0 else []) + self.grid.at(x, y):
            x0, y0, x1, y1 = near[i]  # _seg_near, its box worked out once
            if not (x0 <= x <= x1 and y0 <= y <= y1):
                continue
            x0, y0, x1, y1 = bounds[i]
            if x1 < cx0 or x0 > cx1 or y1 < cy0 or y0 > cy1:
                continue
            if segment_hits_polygon(*segs[i], corners):
                self.last = i
                self.by = ("line", i)
                return True
        for k, (o, oc) in enumerate(self.air):  # centres apart or near settle most as the
            if abs(o.x - x) < 2 * SQUARE and abs(o.y - y) < 2 * SQUARE:  # exact test would
                d = math.hypot(o.x - x, o.y - y)
                if d < ACROSS or d <= APART and polygons_overlap(corners, oc):
                    self.by = ("air", k)
                    return True
        return False


def _square_blocked(at: Point, angle: float, segs: list[tuple[Point, Point]],
                    air: list[Square]) -> bool:
    """Whether a road square centred at `at` would touch an air square or a line (the
    plain scan that _Window.blocked narrows down)."""
    x, y = at
    corners = square_corners(x, y, SQUARE + 2 * CLEAR, math.radians(angle))
    if any(abs(o.x - x) < 2 * SQUARE and abs(o.y - y) < 2 * SQUARE
           and polygons_overlap(corners, o.corners()) for o in air):
        return True
    return any(segment_hits_polygon(p, q, corners) for p, q in segs if _seg_near((p, q), (x, y)))


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
