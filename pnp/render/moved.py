"""An icon drawn at many places, stored once: a top-level layer that `icon()` marks (its
<g data-pnp-icon> opens with translate(x y)) is keyed by what it draws at the origin,
and each use keeps only its offset. The painter draws every use as the one form of that
drawing, moved; preflight reads the drawing's ink map, moved the same way."""

from __future__ import annotations

import re
from dataclasses import replace

from lxml import etree

from pnp.render.inkmap import Box, LayerMap

MARK = "data-pnp-icon"  # icons.markup sets it on the icon's outer <g>
_LEAD = re.compile(r"^\s*translate\(\s*([-+0-9.eE]+)(?:[\s,]+([-+0-9.eE]+))?\s*\)\s*(.*)$",
                   re.S)


def split(child: etree._Element) -> tuple[float, float, etree._Element] | None:
    """(x, y, the icon at the origin) for an icon layer that opens with a translation;
    None for any other layer (drawn as it is)."""
    if MARK not in child.attrib:
        return None
    found = _LEAD.match(child.get("transform") or "")
    if found is None:
        return None
    try:
        x, y = float(found[1]), float(found[2] or 0.0)
    except ValueError:
        return None
    at_origin = etree.Element(child.tag, dict(child.attrib), nsmap=child.nsmap)
    at_origin.text = child.text
    at_origin.extend(list(child))  # moves the children: the face's copy is let go
    del at_origin.attrib[MARK]
    if found[3].strip():
        at_origin.set("transform", found[3].strip())
    else:
        del at_origin.attrib["transform"]
    return x, y, at_origin


def strip(child: etree._Element) -> None:
    """An icon layer drawn as it is: without pnp's mark (svglib would keep it)."""
    child.attrib.pop(MARK, None)


def shifted(layer: LayerMap, dx: float, dy: float) -> LayerMap:
    """`layer`'s ink map moved by (dx, dy) points."""
    def box(b: Box) -> Box:
        return b[0] + dx, b[1] + dy, b[2] + dx, b[3] + dy

    return LayerMap(
        [replace(t, box=box(t.box)) for t in layer.texts],
        [replace(s, box=box(s.box), segments=tuple((a + dx, b + dy, c + dx, d + dy)
                                                   for a, b, c, d in s.segments))
         for s in layer.strokes],
        [replace(f, box=box(f.box), outline=tuple((x + dx, y + dy) for x, y in f.outline))
         for f in layer.fills],
        [replace(p, box=None if p.box is None else box(p.box)) for p in layer.parts])
