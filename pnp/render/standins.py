"""Stand-ins for the reportlab shapes svglib makes of a plain layer (fastshapes), drawn
with the canvas calls renderPDF makes for them, in its order and with its numbers, and
mapped by drawing_map's own walk (they carry reportlab's attribute names): the same
PDF bytes and the same ink map as svglib's drawing, without importing svglib or
reportlab.graphics (~15 ms a command)."""

from __future__ import annotations

import functools
from typing import Any

from reportlab.lib import colors
from reportlab.pdfbase.pdfmetrics import stringWidth

from pnp.base import fonts
from pnp.render.drawing_map import IDENTITY, _Walker
from pnp.render.inkmap import LayerMap


class _Plain:
    """Values in slots, compared and pickled by value (a dataclass costs ~0.3 ms of
    each command to make; these classes are made on every build)."""

    __slots__ = ()
    __hash__ = None  # type: ignore[assignment]

    def __init__(self, *values: Any) -> None:
        for name, value in zip(_fields(type(self)), values, strict=True):
            setattr(self, name, value)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and all(
            getattr(self, k) == getattr(other, k) for k in _fields(type(self)))

    def __reduce__(self) -> tuple:
        return type(self), tuple(getattr(self, k) for k in _fields(type(self)))

    def __repr__(self) -> str:
        values = ", ".join(repr(getattr(self, k)) for k in _fields(type(self)))
        return f"{type(self).__name__}({values})"


@functools.cache
def _fields(cls: type) -> tuple[str, ...]:
    """The slots of `cls`, its bases' first: the order __init__ takes them in."""
    return tuple(s for c in reversed(cls.__mro__) for s in c.__dict__.get("__slots__", ()))


class Paint(_Plain):
    """A shape's fill and stroke as svglib sets them (colours with their alpha, the dash
    array or None, the fill rule as reportlab's fill mode)."""

    __slots__ = ("fillColor", "fillOpacity", "strokeColor", "strokeWidth", "strokeOpacity",
                 "cap", "join", "dash", "mode")


class Shape(_Plain):
    """A stand-in for one of reportlab's shapes: drawing_map reads reportlab's names."""

    __slots__ = ("paint", "svgid")
    fills = True  # has reportlab's fill attributes (a Line and a PolyLine have none)

    @property
    def fillColor(self) -> Any:  # noqa: N802
        return self.paint.fillColor if self.fills else None

    @property
    def fillOpacity(self) -> float | None:  # noqa: N802
        return self.paint.fillOpacity if self.fills else None

    @property
    def strokeColor(self) -> Any:  # noqa: N802
        return self.paint.strokeColor

    @property
    def strokeWidth(self) -> float:  # noqa: N802
        return self.paint.strokeWidth

    @property
    def strokeOpacity(self) -> float:  # noqa: N802
        return self.paint.strokeOpacity


def _shape(name: str, fields: str, fills: bool = True) -> type:
    return type(name, (Shape,), {"__slots__": tuple(fields.split()), "fills": fills,
                                 "autoclose": None, "isClipPath": 0})


Rect = _shape("Rect", "x y width height rx ry")  # each made (paint, svgid, *its fields)
Circle = _shape("Circle", "cx cy r")
Ellipse = _shape("Ellipse", "cx cy rx ry")
Line = _shape("Line", "x1 y1 x2 y2", fills=False)
Polygon = _shape("Polygon", "points")
PolyLine = _shape("PolyLine", "points", fills=False)
Path = _shape("Path", "points operators")  # svglib's path: points, reportlab's operators
NoStrokePath = _shape("NoStrokePath", "points operators")  # its fill, open subpaths closed


class String(_Plain):
    __slots__ = ("x", "y", "text", "fontName", "fontSize", "textAnchor", "fillColor", "svgid")


class Group(_Plain):
    __slots__ = ("transform", "contents", "svgid")


class ShapeLayer(_Plain):
    """A layer drawn straight: svglib's drawing of it, as stand-ins."""

    __slots__ = ("drawing",)

    def draw(self, c: Any) -> None:
        """What renderPDF.draw does, inside the saveState the painter wraps it in."""
        c.transform(1, 0, 0, 1, 0, 0)  # renderPDF's initial state
        c.setStrokeColor(colors.black)
        c.setLineWidth(1)
        c.setLineCap(0)
        c.setLineJoin(0)
        c.setDash()
        c.setFillOverprint(False)
        c.setStrokeOverprint(False)
        c.setOverprintMask(0)
        c.setFillColor(colors.black)
        c._fillMode = 0
        c.setFont(fonts.REGULAR, 10)
        c.setFont(fonts.REGULAR, 10)
        _draw(c, self.drawing)

    def layer_map(self) -> LayerMap:
        walker = _Walk()
        walker.walk(self.drawing, IDENTITY, frozenset())
        return walker.out


def _draw(c: Any, node: Any) -> None:
    """renderPDF's drawNode for the stand-ins: state changes in its order, then the shape."""
    kind = type(node)
    c.saveState()
    if kind is Group:
        c.transform(*node.transform)
        for child in node.contents:
            _draw(c, child)
    elif kind is String:
        fonts.need(node.fontName)  # an italic met in a worker: parsed here too
        c.setFont(node.fontName, node.fontSize)
        c.setFont(node.fontName, node.fontSize)
        if node.fillColor is not None:
            c.setFillColor(node.fillColor)
            x = node.x
            if node.textAnchor != "start":
                width = stringWidth(node.text, node.fontName, node.fontSize, "utf8")
                x -= width if node.textAnchor == "end" else width * 0.5
            c.drawString(x, node.y, node.text, mode=None)
    else:
        p = node.paint
        fill = node.fills and p.fillColor is not None
        if fill:
            c.setFillColor(p.fillColor)
        if node.fills:
            c.setFillAlpha(p.fillOpacity)
        if p.strokeColor is not None:
            c.setStrokeColor(p.strokeColor)
        c.setLineWidth(p.strokeWidth)
        c.setLineCap(p.cap)
        c.setLineJoin(p.join)
        if p.dash:
            c.setDash(p.dash, 0)
        else:
            c.setDash()
        c.setStrokeAlpha(p.strokeOpacity)
        if node.fills:
            c._fillMode = p.mode
        _shape_op(c, node, int(fill), int(p.strokeColor is not None))
    c.restoreState()


def _shape_op(c: Any, node: Any, fill: int, stroke: int) -> None:
    kind = type(node)
    if kind is Rect:
        if node.rx == node.ry == 0:
            c.rect(node.x, node.y, node.width, node.height, stroke=stroke, fill=fill)
        else:
            c.roundRect(node.x, node.y, node.width, node.height, node.rx, fill=fill,
                        stroke=stroke)
    elif kind is Circle:
        c.circle(node.cx, node.cy, node.r, fill=fill, stroke=stroke)
    elif kind is Ellipse:
        c.ellipse(node.cx - node.rx, node.cy - node.ry, node.cx + node.rx, node.cy + node.ry,
                  fill=fill, stroke=stroke)
    elif kind is Path or kind is NoStrokePath:
        _path_op(c, node, fill, stroke)
    elif kind is Line:
        if stroke:
            c.line(node.x1, node.y1, node.x2, node.y2)
    elif stroke or kind is Polygon:
        p = node.points
        path = c.beginPath()
        path.moveTo(p[0], p[1])
        for i in range(2, len(p), 2):
            path.lineTo(p[i], p[i + 1])
        if kind is Polygon:
            path.close()
            c.drawPath(path, stroke=stroke, fill=fill)
        else:
            c.drawPath(path)


def _path_op(c: Any, node: Any, fill: int, stroke: int) -> None:
    """renderPDF's drawPath for a path without autoclose: left unfilled unless every
    subpath is closed (reportlab's _renderPath counts moves and closes)."""
    pdf = c.beginPath()
    p, i, moves, closes = node.points, 0, 0, 0
    for op in node.operators:
        if op == 0:
            pdf.moveTo(p[i], p[i + 1])
            i, moves = i + 2, moves + 1
        elif op == 1:
            pdf.lineTo(p[i], p[i + 1])
            i += 2
        elif op == 2:
            pdf.curveTo(p[i], p[i + 1], p[i + 2], p[i + 3], p[i + 4], p[i + 5])
            i += 6
        else:
            pdf.close()
            closes += 1
    c.drawPath(pdf, fill=fill if moves == closes else 0, stroke=stroke,
               fillMode=node.paint.mode)


class _Walk(_Walker):
    """drawing_map's walk over the stand-ins: their group and string, not reportlab's."""

    def kinds(self) -> tuple[type, type]:
        return Group, String
