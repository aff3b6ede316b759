"""`--ink-saver`: the same components with their large fills printed as light tints.

Applied to each face's SVG before it is drawn, so every game and template gets it and
preflight checks the result like any other page. A fill covering at least LARGE of a
face (a card's background, a board's frame, a zone) keeps its hue at a tenth of its
ink; light text that stood on such a fill turns dark (the fill's own colour, darkened),
so it stays readable. Small shapes keep their colours: symbols, marks, bricks, the
printed cues that tell items apart. A fill that tells items apart by colour
(`data-pnp="colour:ATTR=..."`) is tinted only where the face also prints a cue for ATTR
(`cue:ATTR=...`: a name, a mark): a distinction made by colour alone keeps its colour,
so preflight's colour cues hold in ink-saver mode too."""

from __future__ import annotations

import math
import re
from contextvars import ContextVar

from lxml import etree

from pnp.base.colour import is_colour, lightness, parse

ACTIVE: ContextVar[bool] = ContextVar("ink_saver", default=False)
LARGE = 0.12  # of the face's area
TINT = 0.85  # how far a large fill moves towards white
LIGHT_TEXT = 75.0  # L*: text this light stood on a dark fill

_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_STEP = re.compile(r"([a-zA-Z]+)\s*\(([^()]*)\)")


def _local(el: etree._Element) -> str:
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def _number(value: str | None) -> float | None:
    match = _NUMBER.match(value or "")
    return float(match.group()) if match else None


def _own_area(el: etree._Element) -> float:
    """The shape's area in its own units (rect, circle, ellipse; 0 for others)."""
    kind = _local(el)
    if kind == "rect":
        w, h = _number(el.get("width")), _number(el.get("height"))
        return (w or 0.0) * (h or 0.0)
    if kind == "circle":
        r = _number(el.get("r")) or 0.0
        return math.pi * r * r
    if kind == "ellipse":
        return math.pi * (_number(el.get("rx")) or 0.0) * (_number(el.get("ry")) or 0.0)
    return 0.0


def _area_scale(el: etree._Element) -> float:
    """How much the element's own `transform` (or a nested <svg>'s viewBox) enlarges areas:
    the determinant of each step; translate, rotate and skew keep areas."""
    scale = 1.0
    for name, args in _STEP.findall(el.get("transform") or ""):
        values = [float(v) for v in _NUMBER.findall(args)]
        if name == "scale" and values:
            scale *= values[0] * (values[1] if len(values) > 1 else values[0])
        elif name == "matrix" and len(values) == 6:
            scale *= values[0] * values[3] - values[1] * values[2]
    if _local(el) == "svg" and el.getparent() is not None:  # a nested viewport
        view = [_number(v) for v in (el.get("viewBox") or "").replace(",", " ").split()]
        w, h = _number(el.get("width")), _number(el.get("height"))
        if len(view) == 4 and w and h and view[2] and view[3] and "%" not in \
                (el.get("width", "") + el.get("height", "")):
            sx, sy = w / view[2], h / view[3]  # type: ignore[operator]
            aspect = (el.get("preserveAspectRatio") or "").split()
            scale *= sx * sy if aspect[:1] == ["none"] else min(sx, sy) ** 2
    return abs(scale)


def _page_areas(root: etree._Element) -> dict[etree._Element, float]:
    """Each shape's area in the face's units: its own area times every enclosing transform's
    (an icon drawn at 100 units and scaled to 5 mm is a 5 mm shape, not a face-sized one)."""
    areas: dict[etree._Element, float] = {}

    def walk(el: etree._Element, outer: float) -> None:
        scale = outer * _area_scale(el)
        area = _own_area(el)
        if area:
            areas[el] = area * scale
        for child in el:
            if isinstance(child.tag, str):
                walk(child, scale)

    walk(root, 1.0)
    return areas


def _tagged(el: etree._Element, kind: str) -> set[str]:
    """The attributes an element's `data-pnp` tags of this kind name (colour:ATTR=v)."""
    return {tag.split(":", 1)[1].split("=", 1)[0] for tag in (el.get("data-pnp") or "").split()
            if tag.startswith(f"{kind}:")}


def _hex(rgb: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{round(max(0.0, min(1.0, c)) * 255):02x}" for c in rgb)


def _towards_white(rgb: tuple[float, float, float], amount: float) -> str:
    return _hex(tuple(c + (1 - c) * amount for c in rgb))  # type: ignore[arg-type]


def _darkened(rgb: tuple[float, float, float]) -> str:
    """The colour at most L* 35: dark enough for text on its own tint."""
    scale = 1.0
    while lightness(tuple(c * scale for c in rgb)) > 35 and scale > 0.05:  # type: ignore[arg-type]
        scale -= 0.05
    return _hex(tuple(c * scale for c in rgb))  # type: ignore[arg-type]


def lighten(root: etree._Element) -> None:
    """Tint the large fills of one face's SVG in place, and darken the light text."""
    view = [float(v) for v in (root.get("viewBox") or "0 0 0 0").split()[2:4]] or [0, 0]
    face = view[0] * view[1] if len(view) == 2 else 0.0
    if face <= 0:
        return
    cues = {attr for el in root.iter() for attr in _tagged(el, "cue")}
    areas = _page_areas(root)
    large = [el for el in root.iter() if areas.get(el, 0.0) >= LARGE * face
             and is_colour(el.get("fill")) and el.get("fill", "").lower() != "none"
             and _tagged(el, "colour") <= cues]
    if not large:
        return
    for el in large:
        el.set("fill", _towards_white(parse(el.get("fill")), TINT))
    darkest = min((parse(el.get("fill")) for el in large), key=lightness)
    dark_ink = _darkened(tuple(c * 0.5 for c in darkest))  # type: ignore[arg-type]
    # elements, not id()s: lxml makes a new proxy (and may reuse an id) per visit; a
    # proxy held in a set stays the element's one proxy
    cues = {el for cue in root.iter() if _tagged(cue, "cue") for el in cue.iter()}
    after = set()  # what a group draws after its background stands on it
    for tinted in large:
        for sibling in tinted.itersiblings():
            after.update(sibling.iter())
    for el in root.iter():
        if areas.get(el, 0.0) >= LARGE * face:
            continue
        text = _local(el) in ("text", "tspan")
        # a light shape with something drawn on it is a badge or a label's ground: it
        # stays light; a light shape drawn last is a glyph, and turns dark
        drawn_on = next(el.itersiblings(), None) is not None
        for attr in ("fill", "stroke"):
            value = el.get(attr)
            if not (is_colour(value) and value.lower() != "none"
                    and lightness(parse(value)) >= LIGHT_TEXT):
                continue
            if text or (attr == "stroke" and el in cues) or \
                    (attr == "fill" and (el in cues or el in after) and not drawn_on):
                el.set(attr, dark_ink)  # light ink on what is now light
