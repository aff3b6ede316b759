"""The fast path for plain shapes: a layer of rectangles (rounded too), circles, ellipses,
lines, polygons, polylines, paths (pathdata) and plain <text>, with plain fills and
strokes, dashes, fill rules and translate/scale/rotate/matrix transforms (transforms), read
into what svglib would make of it (standins) and drawn straight on the canvas: svglib,
cssselect2 and reportlab.graphics are not imported for a deck whose layers are all like
that (~15 ms a command), and each layer costs a tenth.

Every value is read as svglib reads it (inherited presentation attributes, its default
colours and widths, its rounded-corner rule, a fill's alpha). Anything else (a class or
style, a clip path, a skew, an arc, a gradient, a unit, a colour or a font svglib would
complain about) is left to svglib: `plain_shapes` returns None."""

from __future__ import annotations

import re
from typing import Any

from lxml import etree
from reportlab.lib import colors

from pnp.base import fonts
from pnp.render.fasttext import plain_text_runs
from pnp.render.inkmap import TAG_ATTR, TAG_ID_PREFIX
from pnp.render.standins import (
    Circle,
    Ellipse,
    Group,
    Line,
    Paint,
    Polygon,
    PolyLine,
    Rect,
    ShapeLayer,
    String,
)
from pnp.render.transforms import ONE as _ONE
from pnp.render.transforms import apply, mmult, viewport

_SVG = "http://www.w3.org/2000/svg"
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_INHERITED = ("fill", "fill-opacity", "fill-rule", "stroke", "stroke-width", "stroke-opacity",
              "stroke-linejoin", "stroke-linecap", "stroke-dasharray", "font-family",
              "font-size", "font-weight", "font-style", "text-anchor")
_OWN = {"rect": ("x", "y", "width", "height", "rx", "ry"), "circle": ("cx", "cy", "r"),
        "ellipse": ("cx", "cy", "rx", "ry"), "line": ("x1", "y1", "x2", "y2"),
        "polygon": ("points",), "polyline": ("points",), "text": ("x", "y"), "g": (),
        "path": ("d",)}
_ALLOWED = {name: {*_INHERITED, "id", "transform", TAG_ATTR, *own}
            for name, own in _OWN.items()}
_ROOT = {"width", "height", "viewBox", "version"}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
_CAPS = {"butt": 0, "round": 1, "square": 2}
_RULES = {"nonzero": 1, "evenodd": 0}  # svglib's fill-rule as reportlab's fill mode
_FAMILIES = {fonts.FAMILY, f"'{fonts.FAMILY}'", f'"{fonts.FAMILY}"'}
_WEIGHTS = {"normal": False, "bold": True}
_STYLES = {"normal": False, "italic": True}
_last_root: list[Any] = [None, None]  # the document last asked about, its drawing's transform


class _Bail(Exception):
    """Not a layer this path draws exactly as svglib does."""


def fast_runs(layer: etree._Element, view: tuple[float, float, float, float, float],
              root: etree._Element) -> list[Any] | None:
    """What LayerStore keeps to draw a layer without svglib: its text runs (fasttext),
    or a list of one ShapeLayer; None: svglib draws it."""
    runs = plain_text_runs(layer, view)
    if runs is not None:
        return runs
    shapes = plain_shapes(layer, root)
    return None if shapes is None else [shapes]


def plain_shapes(layer: etree._Element, root: etree._Element) -> ShapeLayer | None:
    """svglib's drawing of `layer` (a child of the face's `root`) as stand-ins, or None
    when anything in it is beyond this path."""
    try:
        if _last_root[0] is not root:
            _last_root[:] = [root, _drawing_transform(root)]
        if _last_root[1] is None:
            return None
        node = _node(layer, {})
    except (_Bail, ValueError, KeyError):
        return None
    return ShapeLayer(Group(_ONE, [Group(_last_root[1], [node], "")], ""))


def _drawing_transform(root: etree._Element) -> tuple | None:
    """The transform svglib gives a face's main group (viewBox, size, y flipped), or
    None for a root this path does not read (a style sheet, another attribute)."""
    if set(root.attrib) - _ROOT or any(
            isinstance(c.tag, str) and etree.QName(c).localname == "defs"
            and any(isinstance(e.tag, str) and etree.QName(e).localname == "style"
                    for e in c.iter()) for c in root):
        return None
    try:
        return viewport(root.get("width", ""), root.get("height", ""),
                        root.get("viewBox", ""))
    except ValueError:
        return None


def _node(el: Any, inherited: dict[str, str]) -> Any:
    """svglib's shape or group for `el`; a transform as svglib places it (a group's own,
    a shape's on a group made around it, which then carries the id)."""
    node = _element(el, inherited)
    moved = el.get("transform")
    if moved is None:
        return node
    if type(node) is not Group:
        node = Group(_ONE, [node], node.svgid)
        node.contents[0].svgid = ""
    node.transform = t = mmult(apply(moved), node.transform)
    if not t[0] * t[3] - t[1] * t[2]:
        raise _Bail  # renderPDF cannot undo it (a ZeroDivisionError): svglib's to report
    return node


def _element(el: Any, inherited: dict[str, str]) -> Any:
    if not isinstance(el.tag, str):
        raise _Bail
    qname = etree.QName(el)
    name = qname.localname
    if qname.namespace not in (_SVG, None) or name not in _OWN or set(el.attrib) - _ALLOWED[
            name]:
        raise _Bail
    attrs = dict(inherited)
    for key in _INHERITED:
        value = el.get(key)
        if value is not None and value.strip() not in ("", "inherit"):
            attrs[key] = value.strip()
    svgid = (TAG_ID_PREFIX + el.get(TAG_ATTR)) if TAG_ATTR in el.attrib else el.get("id", "")
    if name == "g":
        return Group(_ONE, [_node(child, attrs) for child in el], svgid)
    if len(el):
        raise _Bail  # a tspan, a title
    if name == "text":
        return _text(el, attrs, svgid)
    if name == "path":
        from pnp.render.pathdata import path_shapes  # (at the first path)

        return path_shapes(el.get("d", ""), _paint(attrs), svgid)
    values = [_length(el.get(key, "")) for key in _OWN[name]] if name not in (
        "polygon", "polyline") else _points(el.get("points", ""))
    paint = _paint(attrs)
    if name == "rect":
        x, y, w, h, rx, ry = values
        rx = w / 2 if rx > w / 2 else rx
        ry = h / 2 if ry > h / 2 else ry
        if rx and not ry:
            ry = rx
        elif ry and not rx:
            rx = ry
        if min(w, h, rx, ry) < 0 or rx != ry:  # svglib would round both corners by rx
            raise _Bail
        return Rect(paint, svgid, x, y, w, h, rx, ry)
    if name in ("circle", "ellipse"):
        if min(values[2:]) < 0:
            raise _Bail
        return (Circle if name == "circle" else Ellipse)(paint, svgid, *values)
    _nudge(values)
    if name == "line":
        return Line(paint, svgid, *values)
    if name == "polygon":
        return Polygon(paint, svgid, tuple(values))
    line = PolyLine(paint, svgid, tuple(values))
    if attrs.get("fill", "") in ("", "none"):  # svglib fills a polyline only if told
        return line
    unstroked = Paint(paint.fillColor, paint.fillOpacity, None, paint.strokeWidth,
                      paint.strokeOpacity, paint.cap, paint.join, paint.dash, paint.mode)
    return Group(_ONE, [Polygon(unstroked, "", tuple(values)),
                        PolyLine(paint, "", tuple(values))], svgid)


def _text(el: Any, attrs: dict[str, str], svgid: str) -> Group:
    """svglib's group of one String (flipped upright), for a <text> of plain characters."""
    family = attrs.get("font-family", "")
    weight, style = attrs.get("font-weight", "normal"), attrs.get("font-style", "normal")
    anchor = attrs.get("text-anchor", "start")
    if family not in _FAMILIES or weight not in _WEIGHTS or style not in _STYLES or (
            anchor not in ("start", "middle", "end")) or "font-size" not in attrs:
        raise _Bail
    size = _length(attrs["font-size"])
    if not size > 0:
        raise _Bail
    font = fonts.face_name(_WEIGHTS[weight], _STYLES[style])
    fonts.need(font)
    x, y = _length(el.get("x", "")), _length(el.get("y", ""))
    text = (el.text or "").replace("\r\n", " ").replace("\n", " ").replace("\t", " ")
    text = text.strip(" ")
    while "  " in text:
        text = text.replace("  ", " ")
    if text != text.strip():
        raise _Bail  # another kind of space: svglib's lstrip takes it, this one not
    fill = attrs.get("fill", "black")
    strings = [String(x + 0.0, -((y + 0.0) - 0.0), text, font, size, anchor,
                      None if fill == "none" else _colour(fill), "")] if text else []
    return Group((1, 0, 0, -1, 0, 0), strings, svgid)


def _paint(attrs: dict[str, str]) -> Paint:
    fill = attrs.get("fill", "black")
    stroke = attrs.get("stroke", "none")
    fill_colour = None if fill == "none" else _colour(fill)
    stroke_colour = None if stroke == "none" else _colour(stroke)
    fill_opacity = _opacity(attrs.get("fill-opacity"), fill_colour)
    width = _length(attrs.get("stroke-width", "1"))
    if width < 0:
        raise _Bail
    if fill_colour is not None:
        fill_colour.alpha = fill_opacity
    dash = [_length(v) for v in attrs.get("stroke-dasharray", "none").replace(
        ",", " ").split()] if attrs.get("stroke-dasharray", "none") != "none" else None
    if dash is not None and (not dash or min(dash) < 0 or not sum(dash)):
        raise _Bail  # svglib's reading of these is its own
    return Paint(fill_colour, fill_opacity, None if width == 0 else stroke_colour, width,
                 _opacity(attrs.get("stroke-opacity"), stroke_colour),
                 _CAPS[attrs.get("stroke-linecap", "butt")],
                 _JOINS[attrs.get("stroke-linejoin", "miter")], dash,
                 _RULES[attrs.get("fill-rule", "nonzero")])


def _opacity(value: str | None, colour: Any) -> float:
    """svglib's: the attribute, else the colour's own alpha."""
    if value is None:
        alpha = getattr(colour, "alpha", 1)
        return float(alpha if alpha != 1 else 1)
    opacity = _length(value)
    if not 0 <= opacity <= 1:
        raise _Bail
    return opacity


def _colour(text: str) -> Any:
    """A new colour object as svglib's convertColor makes it; anything it would warn
    about, or does not take as a colour, is svglib's."""
    if text.startswith("#"):
        if not _HEX.fullmatch(text):
            raise _Bail
        if len(text) == 4:
            text = "#" + 2 * text[1] + 2 * text[2] + 2 * text[3]
        return colors.HexColor(text)
    if text.startswith(("url(", "currentColor")):
        raise _Bail
    colour = colors.cssParse(text)
    if colour is not None:
        colour = colour.clone()
    else:
        named = getattr(colors, text, None)
        if not isinstance(named, colors.Color):
            raise _Bail
        colour = named.clone()
    return colour


def _length(text: str) -> float:
    """A plain number in user units (svglib's default, 0.0, when missing)."""
    text = text.strip()
    if not text:
        return 0.0
    if not _NUMBER.fullmatch(text):
        raise _Bail
    return float(text)


def _points(text: str) -> list[float]:
    values = [_length(v) for v in text.replace(",", " ").split()]
    if not values or len(values) % 2:
        raise _Bail
    return values


def _nudge(points: list[float]) -> None:
    """svglib's nudge_points: a shape whose points are all one is moved a hair."""
    if len(points) >= 4 and all(points[i] == points[0] and points[i + 1] == points[1]
                                for i in range(2, len(points) - 1, 2)):
        points[0] *= 1.0000001
