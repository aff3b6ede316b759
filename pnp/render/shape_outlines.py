"""Reportlab shapes as polylines in their own coordinates: what a stroke or fill covers,
curves flattened to a few straight pieces (enough for preflight's boxes and gaps)."""

from __future__ import annotations

import math
from typing import Any

from pnp.render.inkmap import Point

CURVE_STEPS = 6
CIRCLE_STEPS = 24


def segment_pairs(line: list[Point], closed: bool) -> list[tuple[Point, Point]]:
    """The segments of a polyline, the closing one too when it is closed."""
    pairs = list(zip(line, line[1:], strict=False))
    if closed and len(line) > 2:
        pairs.append((line[-1], line[0]))
    return pairs


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[Point]:
    return [(cx + rx * math.cos(2 * math.pi * i / CIRCLE_STEPS),
             cy + ry * math.sin(2 * math.pi * i / CIRCLE_STEPS)) for i in range(CIRCLE_STEPS)]


def shape_outlines(node: Any) -> list[tuple[list[Point], bool]]:
    """A shape as polylines in its own coordinates: (points, closed)."""
    name = type(node).__name__
    if name in ("Rect", "Image"):
        x, y, w, h = node.x, node.y, node.width, node.height
        return [([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True)]
    if name == "Circle":
        return [(_ellipse(node.cx, node.cy, node.r, node.r), True)]
    if name == "Ellipse":
        return [(_ellipse(node.cx, node.cy, node.rx, node.ry), True)]
    if name == "Line":
        return [([(node.x1, node.y1), (node.x2, node.y2)], False)]
    if name in ("Polygon", "PolyLine"):
        p = list(node.points)
        return [([(p[i], p[i + 1]) for i in range(0, len(p) - 1, 2)], name == "Polygon")]
    if name in ("Path", "ArcPath", "Wedge"):
        if name == "Wedge":
            node = node.asPolygon()
            p = list(node.points)
            return [([(p[i], p[i + 1]) for i in range(0, len(p) - 1, 2)], True)]
        return _path_outlines(node)
    return []


def _path_outlines(path: Any) -> list[tuple[list[Point], bool]]:
    """Subpaths of a reportlab Path; curves flattened to a few straight pieces."""
    pts, ops = list(path.points), list(path.operators)
    out: list[tuple[list[Point], bool]] = []
    current: list[Point] = []
    i = 0
    for op in ops:
        if op == 0:  # moveTo
            if len(current) > 1:
                out.append((current, False))
            current = [(pts[i], pts[i + 1])]
            i += 2
        elif op == 1:  # lineTo
            current.append((pts[i], pts[i + 1]))
            i += 2
        elif op == 2:  # curveTo
            x0, y0 = current[-1] if current else (pts[i], pts[i + 1])
            x1, y1, x2, y2, x3, y3 = pts[i:i + 6]
            for k in range(1, CURVE_STEPS + 1):
                t = k / CURVE_STEPS
                a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t * t, t ** 3
                current.append((a * x0 + b * x1 + c * x2 + d * x3,
                                a * y0 + b * y1 + c * y2 + d * y3))
            i += 6
        elif op == 3:  # closePath
            if len(current) > 1:
                out.append((current, True))
            current = [current[0]] if current else []
    if len(current) > 1:
        out.append((current, bool(getattr(path, "autoclose", None))))
    return out
