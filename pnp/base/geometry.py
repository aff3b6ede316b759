"""Plane geometry shared by generated maps and boards (mm, y down): spacing points,
clipping polygons, crossings, overlaps and label places."""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable

Point = tuple[float, float]
Box = tuple[float, float, float, float]  # x0, y0, x1, y1


def spread(points: dict[str, Point], gap: float, rounds: int = 300,
           fixed: Iterable[str] = ()) -> dict[str, Point]:
    """Push apart points closer than `gap`, moving each as little as needed; `fixed`
    points do not move."""
    pos = {k: [x, y] for k, (x, y) in points.items()}
    still = set(fixed)
    names = sorted(pos)
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                dx = pos[b][0] - pos[a][0]
                dy = pos[b][1] - pos[a][1]
                d = math.hypot(dx, dy)
                if d >= gap:
                    continue
                if d < 1e-9:
                    dx, dy, d = 1.0, 0.0, 1.0
                ux, uy = dx / d, dy / d
                share_a = 0.0 if a in still else (1.0 if b in still else 0.5)
                share_b = 0.0 if b in still else 1.0 - share_a
                push = gap - d + 2e-3
                pos[a][0] -= ux * push * share_a
                pos[a][1] -= uy * push * share_a
                pos[b][0] += ux * push * share_b
                pos[b][1] += uy * push * share_b
                moved = moved or share_a + share_b > 0
        if not moved:
            break
    return {k: (round(v[0], 3), round(v[1], 3)) for k, v in pos.items()}


def clip_half_plane(poly: list[Point], keep: Point, other: Point) -> list[Point]:
    """Sutherland–Hodgman: the part of `poly` nearer to `keep` than to `other`."""
    mx, my = (keep[0] + other[0]) / 2, (keep[1] + other[1]) / 2
    nx, ny = other[0] - keep[0], other[1] - keep[1]
    return _clip(poly, lambda p: (p[0] - mx) * nx + (p[1] - my) * ny)


def clip_box(poly: list[Point], box: Box) -> list[Point]:
    """The part of a polygon inside an axis-aligned box."""
    x0, y0, x1, y1 = box
    for side in (lambda p: x0 - p[0], lambda p: p[0] - x1, lambda p: y0 - p[1],
                 lambda p: p[1] - y1):
        if not poly:
            break
        poly = _clip(poly, side)
    return poly


def _clip(poly: list[Point], side: Callable[[Point], float]) -> list[Point]:
    """Keep where side(p) <= 0 (each point's side worked out once: Dice Trip's Voronoi
    cells make thousands of these)."""
    out: list[Point] = []
    sides = [side(p) for p in poly]
    for i, cur in enumerate(poly):
        prev = poly[i - 1]
        sc, sp = sides[i], sides[i - 1]
        if sc <= 0:
            if sp > 0:
                out.append(_cut(prev, cur, sp, sc))
            out.append(cur)
        elif sp <= 0:
            out.append(_cut(prev, cur, sp, sc))
    return out


def _cut(p: Point, q: Point, sp: float, sq: float) -> Point:
    t = sp / (sp - sq)
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def segments_cross(p1: Point, p2: Point, p3: Point, p4: Point) -> bool:
    """Proper intersection of two segments that share no end (each side's orientation
    written out: this runs in the boards' innermost loops)."""
    ax, ay = p3[0], p3[1]
    ex, ey = p4[0] - ax, p4[1] - ay
    if not (ex * (p1[1] - ay) - ey * (p1[0] - ax)) * (ex * (p2[1] - ay) - ey * (p2[0] - ax)) < 0:
        return False
    ax, ay = p1[0], p1[1]
    ex, ey = p2[0] - ax, p2[1] - ay
    return (ex * (p3[1] - ay) - ey * (p3[0] - ax)) * (ex * (p4[1] - ay) - ey * (p4[0] - ax)) < 0


def bounds(points: list[Point]) -> Box:
    """The box round the points."""
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def near_box(p: Point, box: Box, reach: float) -> bool:
    """Whether p is within `reach` of the box on each axis (a cheap test before an
    exact one)."""
    return box[0] - reach <= p[0] <= box[2] + reach and box[1] - reach <= p[1] <= box[3] + reach


def boxes_overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def segment_hits_box(p: Point, q: Point, box: Box) -> bool:
    x0, y0, x1, y1 = box
    if any(x0 <= px <= x1 and y0 <= py <= y1 for px, py in (p, q)):
        return True
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return any(segments_cross(p, q, corners[i], corners[(i + 1) % 4]) for i in range(4))


def segment_hits_polygon(p: Point, q: Point, poly: list[Point]) -> bool:
    """Whether a segment touches a polygon: an end inside it or a crossing of an edge.
    point_in_polygon and segments_cross are written out here, the same arithmetic on the
    same edges: this is the boards' innermost loop."""
    if not poly:
        return False
    px, py = p
    qx, qy = q
    in_p = in_q = False
    x0, y0 = poly[-1]
    for x1, y1 in poly:
        if (y0 > py) != (y1 > py) and px < x0 + (x1 - x0) * (py - y0) / (y1 - y0):
            in_p = not in_p
        if (y0 > qy) != (y1 > qy) and qx < x0 + (x1 - x0) * (qy - y0) / (y1 - y0):
            in_q = not in_q
        x0, y0 = x1, y1
    if in_p or in_q:
        return True
    ex, ey = qx - px, qy - py
    x0, y0 = poly[-1]
    for x1, y1 in poly:
        fx, fy = x1 - x0, y1 - y0
        if (fx * (py - y0) - fy * (px - x0)) * (fx * (qy - y0) - fy * (qx - x0)) < 0 and \
                (ex * (y0 - py) - ey * (x0 - px)) * (ex * (y1 - py) - ey * (x1 - px)) < 0:
            return True
        x0, y0 = x1, y1
    return False


def point_in_polygon(p: Point, poly: list[Point]) -> bool:
    """Even-odd rule."""
    if not poly:
        return False
    x, y = p
    inside = False
    x0, y0 = poly[-1]
    for x1, y1 in poly:
        if (y0 > y) != (y1 > y) and x < x0 + (x1 - x0) * (y - y0) / (y1 - y0):
            inside = not inside
        x0, y0 = x1, y1
    return inside


def distance_to_segment(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                              / length2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def on_segment_band(p: Point, a: Point, b: Point, half: float) -> bool:
    """Whether p lies on the band a line from a to b paints `half` to either side."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    if length2 == 0:
        return False
    t = ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2
    return 0 <= t <= 1 and abs((p[0] - a[0]) * dy - (p[1] - a[1]) * dx) <= half * length2 ** 0.5


def square_corners(cx: float, cy: float, side: float, angle: float) -> list[Point]:
    return turned_square(cx, cy, side / 2, math.cos(angle), math.sin(angle))


def turned_square(cx: float, cy: float, h: float, c: float, s: float) -> list[Point]:
    """square_corners from the half side and the angle's cosine and sine: a caller that
    turns many squares alike works those out once."""
    return [(cx + dx * c - dy * s, cy + dx * s + dy * c)
            for dx, dy in ((-h, -h), (h, -h), (h, h), (-h, h))]


def polygons_overlap(a: list[Point], b: list[Point]) -> bool:
    """Separating-axis test for two convex polygons (touching is not overlapping).
    Polygons whose boxes lie apart are apart: that is asked first (most pairs a board
    asks about end there), then each edge's normal in turn."""
    if len(a) == 4 and len(b) == 4:
        return _quads_overlap(a, b)
    ax, bx = [x for x, _ in a], [x for x, _ in b]
    if max(ax) < min(bx) or max(bx) < min(ax):
        return False
    ay, by = [y for _, y in a], [y for _, y in b]
    if max(ay) < min(by) or max(by) < min(ay):
        return False
    for poly in (a, b):
        x0, y0 = poly[-1]
        for x1, y1 in poly:
            nx, ny = y0 - y1, x1 - x0
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) + 1e-9 or max(pb) <= min(pa) + 1e-9:
                return False
            x0, y0 = x1, y1
    return True


def _quads_overlap(a: list[Point], b: list[Point]) -> bool:
    """polygons_overlap for two quadrilaterals (squares, boxes), written out: the same
    products and comparisons, without building lists."""
    (a0, a1), (a2, a3), (a4, a5), (a6, a7) = a
    (b0, b1), (b2, b3), (b4, b5), (b6, b7) = b
    xa, xb, ya, yb = (a0, a2, a4, a6), (b0, b2, b4, b6), (a1, a3, a5, a7), (b1, b3, b5, b7)
    if max(xa) < min(xb) or max(xb) < min(xa) or max(ya) < min(yb) or max(yb) < min(ya):
        return False
    for x0, y0, x1, y1 in ((a6, a7, a0, a1), (a0, a1, a2, a3), (a2, a3, a4, a5),
                           (a4, a5, a6, a7), (b6, b7, b0, b1), (b0, b1, b2, b3),
                           (b2, b3, b4, b5), (b4, b5, b6, b7)):
        nx, ny = y0 - y1, x1 - x0
        pa = (nx * a0 + ny * a1, nx * a2 + ny * a3, nx * a4 + ny * a5, nx * a6 + ny * a7)
        pb = (nx * b0 + ny * b1, nx * b2 + ny * b3, nx * b4 + ny * b5, nx * b6 + ny * b7)
        if max(pa) <= min(pb) + 1e-9 or max(pb) <= min(pa) + 1e-9:
            return False
    return True


def place_labels(points: dict[str, Point], texts: dict[str, str],
                 radius: Callable[[str], float], size: float,
                 width_of: Callable[[str], float], bounds: Box,
                 segments: list[tuple[Point, Point]], obstacles: Iterable[Box] = ()
                 ) -> dict[str, tuple[float, float, str, float]]:
    """(x, y, anchor, width) for each point's label: the first candidate place that
    overlaps no marker, obstacle or earlier label and crosses no segment, inside
    `bounds`; failing that, the first that overlaps nothing but a segment."""
    boxes: list[Box] = [(x - radius(k), y - radius(k), x + radius(k), y + radius(k))
                        for k, (x, y) in points.items()]
    boxes.extend(obstacles)
    out: dict[str, tuple[float, float, str, float]] = {}
    for name in sorted(points, key=lambda k: (points[k][1], k)):
        x, y = points[name]
        r = radius(name)
        w = width_of(texts[name])
        options = [(x, y + r + size, "middle"), (x, y - r - 0.6, "middle"),
                   (x + r + 0.8, y + size * 0.35, "start"), (x - r - 0.8, y + size * 0.35, "end"),
                   (x + r * 0.7, y + r + size, "start"), (x - r * 0.7, y + r + size, "end"),
                   (x + r * 0.7, y - r - 0.6, "start"), (x - r * 0.7, y - r - 0.6, "end")]
        fallback = chosen = None
        for lx, ly, anchor in options:
            left = lx - w / 2 if anchor == "middle" else (lx if anchor == "start" else lx - w)
            box = (left - 0.3, ly - size * 0.78, left + w + 0.3, ly + size * 0.22)
            inside = box[0] >= bounds[0] and box[2] <= bounds[2] and box[1] >= bounds[1] \
                and box[3] <= bounds[3]
            if not inside or any(boxes_overlap(box, b) for b in boxes):
                continue
            if fallback is None:
                fallback = (lx, ly, anchor, box)
            if not any(segment_hits_box(p, q, box) for p, q in segments):
                chosen = (lx, ly, anchor, box)
                break
        pick = chosen or fallback
        if pick is None:
            lx, ly, anchor = options[0]
            out[name] = (round(lx, 2), round(ly, 2), anchor, round(w, 2))
            continue
        boxes.append(pick[3])
        out[name] = (round(pick[0], 2), round(pick[1], 2), pick[2], round(w, 2))
    return out


def convex_hull(points: list[Point]) -> list[Point]:
    """The corners of the smallest convex polygon around `points`, anticlockwise
    (Andrew's monotone chain); fewer than 3 distinct points come back as they are."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return pts

    def turn(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    upper: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and turn(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and turn(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]
