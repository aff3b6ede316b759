"""The ink map of a layer svglib drew: a walk over its reportlab drawing in paint order,
tracking transforms, noting each text, stroke and fill and the tagged parts they fall in."""

from __future__ import annotations

import math
from typing import Any

from pnp.render.inkmap import (
    RGB,
    TAG_ID_PREFIX,
    Box,
    Fill,
    LayerMap,
    Part,
    Point,
    Stroke,
    Text,
    box_of,
    opacity_of,
    parse_tags,
    rgb_of,
    text_box,
    union,
)
from pnp.render.shape_outlines import segment_pairs, shape_outlines

Affine = tuple[float, float, float, float, float, float]
IDENTITY: Affine = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


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


class _Walker:
    """Depth-first over a reportlab drawing, in paint order, tracking transforms."""

    def __init__(self) -> None:
        self.out = LayerMap()
        self.order = 0
        self.open_parts: list[Part] = []

    def kinds(self) -> tuple[type, type]:
        """The drawing's group and string types: reportlab's, imported when first walked
        (standins.py walks its stand-ins with their own)."""
        from reportlab.graphics import shapes

        return shapes.Group, shapes.String

    def walk(self, node: Any, ctm: Affine, tags: frozenset[str]) -> None:
        group, string = self.kinds()
        if getattr(node, "isClipPath", 0):
            return
        svgid = getattr(node, "svgid", None) or ""
        opened: list[Part] = []
        if svgid.startswith(TAG_ID_PREFIX):  # a tagged element: a part opens here
            new = parse_tags(svgid[len(TAG_ID_PREFIX):])
            tags = tags | new
            opened = [Part(t) for t in sorted(new)]
            self.open_parts.extend(opened)
        if isinstance(node, group):
            m = compose(ctm, tuple(node.transform))  # type: ignore[arg-type]
            for child in node.contents:
                self.walk(child, m, tags)
        else:
            self.order += 1
            if isinstance(node, string):
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
        colour = rgb_of(node.fillColor)
        opacity = opacity_of(node.fillColor, getattr(node, "fillOpacity", 1.0))
        item = Text(self.order, text, node.fontName, node.fontSize * scale_of(ctm),
                    node.fontSize, box, colour, opacity, tags)
        self.out.texts.append(item)
        self._note(box, colour, ("text", text))

    def _shape(self, node: Any, ctm: Affine, tags: frozenset[str]) -> None:
        outlines = shape_outlines(node)
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
                        self.order, tuple(line), line_box, rgb_of(fill),
                        1.0 if is_image
                        else opacity_of(fill, getattr(node, "fillOpacity", 1.0)),
                        tags))
        stroke = getattr(node, "strokeColor", None)
        width = float(getattr(node, "strokeWidth", 0) or 0) * scale_of(ctm)
        if stroke is not None and width > 0 and rgb_of(stroke) != rgb_of(fill):  # an outline
            #  in the fill's own colour closes hairline gaps; it draws no line
            segments = tuple((a[0], a[1], b[0], b[1])
                             for line, (_, closed) in zip(pts, outlines, strict=True)
                             for a, b in segment_pairs(line, closed))
            if segments:
                half = width / 2
                self.out.strokes.append(Stroke(
                    self.order, segments, width, rgb_of(stroke),
                    opacity_of(stroke, getattr(node, "strokeOpacity", 1.0)),
                    (box[0] - half, box[1] - half, box[2] + half, box[3] + half), tags))
        if self.open_parts:  # a signature only matters inside a tagged part
            local = box_of([p for line, _ in outlines for p in line])
            w, h = local[2] - local[0], local[3] - local[1]
        else:
            w = h = 0.0
        self._note(box, rgb_of(fill) or rgb_of(stroke),
                   (type(node).__name__, round(w * 10), round(h * 10),
                    sum(len(line) for line, _ in outlines)))


def map_drawing(drawing: Any) -> LayerMap:
    """The map of one layer drawn by svglib."""
    walker = _Walker()
    walker.walk(drawing, IDENTITY, frozenset())
    return walker.out
