"""Whether the shapes inside a faded group overlap, from boxes that hold each shape
(never smaller: a curve's box holds its control points, an arc's its radius twice, a
text's its whole advance on either side of every x it names), in the group's units.

Fading each shape of a group (what svglib can draw) prints exactly what fading the
group as one picture prints only where the shapes do not overlap: the normaliser asks
this before it pushes a group's opacity down, and refuses the group where they do."""

from __future__ import annotations

import math
import re

from lxml import etree

from pnp.base import fonts
from pnp.render import presentation as css

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
_SHAPES = {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text",
           "image"}
_SKIP = {"defs", "clipPath", "symbol", "linearGradient", "radialGradient", "title", "desc",
         "metadata", "style"}
_STEP = re.compile(r"([a-zA-Z]+)\s*\(([^()]*)\)")
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_TOKEN = re.compile(r"[a-zA-Z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_ARGS = {"m": 2, "l": 2, "h": 1, "v": 1, "c": 6, "s": 4, "q": 4, "t": 2, "a": 7, "z": 0}


def overlapping(group: etree._Element) -> bool:
    """Whether two shapes drawn inside `group` may overlap (unknown shapes do)."""
    boxes: list[Box] = []
    for el, matrix in _leaves(group, IDENTITY):
        box = _box(el)
        if box is None:
            return True
        boxes.append(_transform_box(box, matrix))
    boxes.sort()
    for i, (_, y0, x1, y1) in enumerate(boxes):
        for a0, b0, _, b1 in boxes[i + 1:]:
            if a0 >= x1:
                break
            if b0 < y1 and y0 < b1:
                return True
    return False


def _leaves(el: etree._Element, matrix: Matrix):
    for child in el:
        name = css.local(child)
        if not name or name in _SKIP or (css.get(child, "display") or "") == "none":
            continue
        inner = _multiply(matrix, parse_transform(child.get("transform")))
        if name in _SHAPES:
            yield child, inner
        else:
            yield from _leaves(child, inner)


def parse_transform(value: str | None) -> Matrix:
    """An SVG transform list as one matrix (a, b, c, d, e, f)."""
    result = IDENTITY
    for name, args in _STEP.findall(value or ""):
        n = [float(v) for v in _NUMBER.findall(args)] or [0.0]
        if name == "matrix" and len(n) == 6:
            step: Matrix = (n[0], n[1], n[2], n[3], n[4], n[5])
        elif name == "translate":
            step = (1, 0, 0, 1, n[0], n[1] if len(n) > 1 else 0.0)
        elif name == "scale":
            step = (n[0], 0, 0, n[1] if len(n) > 1 else n[0], 0, 0)
        elif name == "rotate":
            a = math.radians(n[0])
            cx, cy = (n[1], n[2]) if len(n) > 2 else (0.0, 0.0)
            cos, sin = math.cos(a), math.sin(a)
            step = (cos, sin, -sin, cos, cx - cos * cx + sin * cy, cy - sin * cx - cos * cy)
        elif name == "skewX":
            step = (1, 0, math.tan(math.radians(n[0])), 1, 0, 0)
        elif name == "skewY":
            step = (1, math.tan(math.radians(n[0])), 0, 1, 0, 0)
        else:
            continue
        result = _multiply(result, step)
    return result


def _multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    return (a * n[0] + c * n[1], b * n[0] + d * n[1], a * n[2] + c * n[3],
            b * n[2] + d * n[3], a * n[4] + c * n[5] + e, b * n[4] + d * n[5] + f)


def _transform_box(box: Box, m: Matrix) -> Box:
    x0, y0, x1, y1 = box
    xs, ys = [], []
    for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)):
        xs.append(m[0] * x + m[2] * y + m[4])
        ys.append(m[1] * x + m[3] * y + m[5])
    return min(xs), min(ys), max(xs), max(ys)


def _box(el: etree._Element) -> Box | None:
    """A box holding everything `el` paints, its stroke included; None when unknown."""
    name = css.local(el)
    g = lambda key: css.length(el.get(key), 0.0)  # noqa: E731
    if name in ("rect", "image"):
        box: Box | None = (g("x"), g("y"), g("x") + g("width"), g("y") + g("height"))
    elif name in ("circle", "ellipse"):
        rx = g("r") if name == "circle" else g("rx")
        ry = g("r") if name == "circle" else g("ry")
        box = (g("cx") - rx, g("cy") - ry, g("cx") + rx, g("cy") + ry)
    elif name == "line":
        box = (min(g("x1"), g("x2")), min(g("y1"), g("y2")), max(g("x1"), g("x2")),
               max(g("y1"), g("y2")))
    elif name in ("polyline", "polygon"):
        n = [float(v) for v in _NUMBER.findall(el.get("points", ""))]
        box = _points(list(zip(n[0::2], n[1::2], strict=False)))
    elif name == "path":
        box = _points(_path_points(el.get("d", "")))
    elif name == "text":
        box = _text(el)
    else:
        box = None
    if box is None:
        return None
    stroke = (css.inherited(el, "stroke") or "none").strip()
    half = 0.0 if stroke == "none" else css.length(css.inherited(el, "stroke-width"), 1.0)
    half *= 2.0 if (css.inherited(el, "stroke-linejoin") or "miter") == "miter" else 0.5
    return box[0] - half, box[1] - half, box[2] + half, box[3] + half


def _points(points: list[tuple[float, float]]) -> Box | None:
    if not points:
        return None
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def _path_points(d: str) -> list[tuple[float, float]]:
    """Every point a path names, its control points and arcs' reach included."""
    tokens = _TOKEN.findall(d)
    points: list[tuple[float, float]] = []
    x = y = sx = sy = 0.0
    i, command = 0, ""
    while i < len(tokens):
        if tokens[i][0].isalpha() and tokens[i][0] not in "eE":
            command, i = tokens[i], i + 1
            if command in "zZ":
                x, y = sx, sy
                continue
        lower = command.lower()
        need = _ARGS.get(lower)
        if need is None or i + need > len(tokens):
            break
        n = [float(t) for t in tokens[i:i + need]]
        i += need
        rel = command.islower()
        if lower == "h":
            x = n[0] + (x if rel else 0.0)
        elif lower == "v":
            y = n[0] + (y if rel else 0.0)
        elif lower == "a":
            reach = 2 * max(abs(n[0]), abs(n[1]))
            start = (x, y)
            x, y = n[5] + (x if rel else 0.0), n[6] + (y if rel else 0.0)
            for px, py in (start, (x, y)):
                points += [(px - reach, py - reach), (px + reach, py + reach)]
        else:
            for k in range(0, need, 2):
                points.append((n[k] + (x if rel else 0.0), n[k + 1] + (y if rel else 0.0)))
            x, y = points[-1]
        points.append((x, y))
        if lower == "m":
            sx, sy = x, y
            command = "l" if rel else "L"
    return points


def _text(text: etree._Element) -> Box | None:
    size = css.font_size(text)
    chars = "".join(text.itertext())
    width = fonts.string_width(chars, size, True) + size * len(chars)  # any spacing
    xs, ys = [], []
    for el in text.iter():
        if isinstance(el.tag, str):
            xs += [css.length(v, 0.0) for v in (el.get("x") or "").replace(",", " ").split()]
            ys += [css.length(v, 0.0) for v in (el.get("y") or "").replace(",", " ").split()]
    xs, ys = xs or [0.0], ys or [0.0]
    shift = sum(css.length(el.get("dy"), 0.0) for el in text.iter() if isinstance(el.tag, str))
    return (min(xs) - width, min(ys) - 2 * size - abs(shift), max(xs) + width,
            max(ys) + 2 * size + abs(shift))
