"""What a face prints: every text with its ink box, every stroke and fill, and the parts a
template tags with `data-pnp`, read from the very drawings pnp puts in the PDF.

Coordinates are the layer's own points at print size: origin at the lower-left corner of
the face's art box (trim plus bleed), y up. Preflight reads these maps; nothing here draws.

Tags: a template marks what preflight must find, e.g.
`<g data-pnp="colour:border=red cue:border=red">` (the colour that tells a border apart,
and the printed cue that tells it apart without colour) or `data-pnp="part:base"` (a part
whose size a fit relation measures).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from typing import Any

from pnp.base import fonts

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Point = tuple[float, float]
Affine = tuple[float, float, float, float, float, float]
RGB = tuple[float, float, float]
IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
TAG_ATTR = "data-pnp"
TAG_ID_PREFIX = "pnp:"  # svglib keeps an element's id: tags travel through it
CURVE_STEPS = 6
CIRCLE_STEPS = 24


def compose(outer: Affine, inner: Affine) -> Affine:
    """The transform applying `inner` first, then `outer`."""
    a, b, c, d, e, f = outer
    a2, b2, c2, d2, e2, f2 = inner
    return (a * a2 + c * b2, b * a2 + d * b2, a * c2 + c * d2, b * c2 + d * d2,
            a * e2 + c * f2 + e, b * e2 + d * f2 + f)


def apply(m: Affine, x: float, y: float) -> Point:
    return m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]


def scale_of(m: Affine) -> float:
    """How much `m` enlarges lengths (the geometric mean of its two axes)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def box_of(points: list[Point] | tuple[Point, ...]) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return min(xs), min(ys), max(xs), max(ys)


def union(a: Box | None, b: Box) -> Box:
    if a is None:
        return b
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def parse_tags(value: str) -> frozenset[str]:
    return frozenset(t for t in value.split() if t)


@dataclass(frozen=True, slots=True)
class Text:
    order: int
    text: str
    font: str
    size: float  # pt at print size
    raw_size: float  # the font-size as the template wrote it (finds the template line)
    box: Box  # the ink: advance width × the glyphs' real heights
    colour: RGB | None
    opacity: float
    tags: frozenset[str]


@dataclass(frozen=True, slots=True)
class Stroke:
    order: int
    segments: tuple[tuple[float, float, float, float], ...]
    width: float  # pt
    colour: RGB | None
    opacity: float
    box: Box
    tags: frozenset[str]


@dataclass(frozen=True, slots=True)
class Fill:
    order: int
    outline: tuple[Point, ...]  # a polygon in layer points
    box: Box
    colour: RGB | None  # None: an image
    opacity: float
    tags: frozenset[str]


@dataclass
class Part:
    """Everything printed under one tagged element: its box, colours and a signature
    of its shapes and texts without their colours (what is left in black and white)."""

    tag: str
    first: int = 0  # paint order of its first shape or text
    box: Box | None = None
    colours: list[RGB] = field(default_factory=list)
    signature: list[tuple[Any, ...]] = field(default_factory=list)
    elements: list[tuple[int, Box, RGB | None]] = field(default_factory=list)  # order,
    #   box and colour of each shape or text in it: what a reader sees against its ground


@dataclass
class LayerMap:
    texts: list[Text] = field(default_factory=list)
    strokes: list[Stroke] = field(default_factory=list)
    fills: list[Fill] = field(default_factory=list)
    parts: list[Part] = field(default_factory=list)

    def ink_box(self) -> Box | None:
        found: Box | None = None
        for item in (*self.texts, *self.strokes, *self.fills):
            found = union(found, item.box)
        return found


def text_box(text: str, font: str, size: float, x: float, y: float, anchor: str,
             width: float | None = None) -> Box | None:
    """Ink box of one line of text drawn at (x, y) with the given anchor, unit space;
    `width`: its advance width at `size`, when already known."""
    extent = fonts.ink_extent(text, font)
    if extent is None:
        return None
    if width is None:
        width = fonts.string_width(text, size, font == fonts.BOLD)
    x0 = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    return x0, y + extent[0] * size, x0 + width, y + extent[1] * size


def _rgb(colour: Any) -> RGB | None:
    if colour is None:
        return None
    return float(colour.red), float(colour.green), float(colour.blue)


def _alpha(colour: Any, opacity: Any) -> float:
    """svglib puts an element's opacity both in its colour's alpha and in the shape's
    opacity attribute: it is one opacity, not two."""
    alpha = getattr(colour, "alpha", 1.0)
    return min(float(alpha if alpha is not None else 1.0),
               float(opacity if opacity is not None else 1.0))


class _Walker:
    """Depth-first over a reportlab drawing, in paint order, tracking transforms."""

    def __init__(self) -> None:
        self.out = LayerMap()
        self.order = 0
        self.open_parts: list[Part] = []

    def walk(self, node: Any, ctm: Affine, tags: frozenset[str]) -> None:
        from reportlab.graphics import shapes

        if getattr(node, "isClipPath", 0):
            return
        svgid = getattr(node, "svgid", None) or ""
        opened: list[Part] = []
        if svgid.startswith(TAG_ID_PREFIX):  # a tagged element: a part opens here
            new = parse_tags(svgid[len(TAG_ID_PREFIX):])
            tags = tags | new
            opened = [Part(t) for t in sorted(new)]
            self.open_parts.extend(opened)
        if isinstance(node, shapes.Group):
            m = compose(ctm, tuple(node.transform))  # type: ignore[arg-type]
            for child in node.contents:
                self.walk(child, m, tags)
        else:
            self.order += 1
            if isinstance(node, shapes.String):
                self._text(node, ctm, tags)
            else:
                self._shape(node, ctm, tags)
        for part in opened:
            self.open_parts.remove(part)
            self.out.parts.append(part)

    def _note(self, box: Box, colour: RGB | None, signature: tuple[Any, ...]) -> None:
        for part in self.open_parts:
            if part.box is None:
                part.first = self.order
            part.box = union(part.box, box)
            part.elements.append((self.order, box, colour))
            if colour is not None:
                part.colours.append(colour)
            if part.box is not None:
                part.signature.append(signature)

    def _text(self, node: Any, ctm: Affine, tags: frozenset[str]) -> None:
        text = str(node.text or "")
        raw = text_box(text, node.fontName, node.fontSize, node.x, node.y, node.textAnchor)
        if raw is None:
            return
        corners = [apply(ctm, x, y) for x in (raw[0], raw[2]) for y in (raw[1], raw[3])]
        box = box_of(corners)
        colour = _rgb(node.fillColor)
        opacity = _alpha(node.fillColor, getattr(node, "fillOpacity", 1.0))
        item = Text(self.order, text, node.fontName, node.fontSize * scale_of(ctm),
                    node.fontSize, box, colour, opacity, tags)
        self.out.texts.append(item)
        self._note(box, colour, ("text", text))

    def _shape(self, node: Any, ctm: Affine, tags: frozenset[str]) -> None:
        outlines = _outlines(node)
        if not outlines:
            return
        a, b, c, d, e, f = ctm
        pts = [[(a * x + c * y + e, b * x + d * y + f) for x, y in line]
               for line, _ in outlines]
        boxes = [box_of(line) for line in pts]
        box = boxes[0] if len(boxes) == 1 else (
            min(b[0] for b in boxes), min(b[1] for b in boxes),
            max(b[2] for b in boxes), max(b[3] for b in boxes))
        fill = getattr(node, "fillColor", None)
        is_image = type(node).__name__ == "Image"
        if fill is not None or is_image:
            for line, line_box, (_, closed) in zip(pts, boxes, outlines, strict=True):
                if closed and len(line) > 2:
                    self.out.fills.append(Fill(
                        self.order, tuple(line), line_box, _rgb(fill),
                        1.0 if is_image else _alpha(fill, getattr(node, "fillOpacity", 1.0)),
                        tags))
        stroke = getattr(node, "strokeColor", None)
        width = float(getattr(node, "strokeWidth", 0) or 0) * scale_of(ctm)
        if stroke is not None and width > 0 and _rgb(stroke) != _rgb(fill):  # an outline
            #  in the fill's own colour closes hairline gaps; it draws no line
            segments = tuple((a[0], a[1], b[0], b[1])
                             for line, (_, closed) in zip(pts, outlines, strict=True)
                             for a, b in _pairs(line, closed))
            if segments:
                half = width / 2
                self.out.strokes.append(Stroke(
                    self.order, segments, width, _rgb(stroke),
                    _alpha(stroke, getattr(node, "strokeOpacity", 1.0)),
                    (box[0] - half, box[1] - half, box[2] + half, box[3] + half), tags))
        if self.open_parts:  # a signature only matters inside a tagged part
            local = box_of([p for line, _ in outlines for p in line])
            w, h = local[2] - local[0], local[3] - local[1]
        else:
            w = h = 0.0
        self._note(box, _rgb(fill) or _rgb(stroke),
                   (type(node).__name__, round(w * 10), round(h * 10),
                    sum(len(line) for line, _ in outlines)))


def _pairs(line: list[Point], closed: bool) -> list[tuple[Point, Point]]:
    pairs = list(zip(line, line[1:], strict=False))
    if closed and len(line) > 2:
        pairs.append((line[-1], line[0]))
    return pairs


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[Point]:
    return [(cx + rx * math.cos(2 * math.pi * i / CIRCLE_STEPS),
             cy + ry * math.sin(2 * math.pi * i / CIRCLE_STEPS)) for i in range(CIRCLE_STEPS)]


def _outlines(node: Any) -> list[tuple[list[Point], bool]]:
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


def map_drawing(drawing: Any) -> LayerMap:
    """The map of one layer drawn by svglib."""
    walker = _Walker()
    walker.walk(drawing, IDENTITY, frozenset())
    return walker.out


def map_runs(runs: list[Any]) -> LayerMap:
    """The map of a layer pnp draws as plain text runs (pdf.TextRun)."""
    out = LayerMap()
    for n, run in enumerate(runs, 1):
        box = text_box(run.text, run.font, run.size, run.x, run.y, run.anchor, run.width)
        if box is None:
            continue
        colour = _hex_rgb(run.fill)
        out.texts.append(Text(n, run.text, run.font, run.size, run.raw_size, box, colour,
                              run.opacity, run.tags))
        for tag in sorted(run.tags):
            out.parts.append(Part(tag, n, box, [colour] if colour else [],
                                  [("text", run.text)], [(n, box, colour)]))
    return out


@functools.cache
def _hex_rgb(value: str) -> RGB | None:
    from reportlab.lib.colors import toColor

    try:
        return _rgb(toColor(value))
    except (ValueError, TypeError):
        return None
