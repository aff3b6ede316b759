"""What a face prints: every text with its ink box, every stroke and fill, and the parts a
template tags with `data-pnp`. The maps are read from the very drawings pnp puts in the
PDF (drawing_map.map_drawing) or from the text runs it draws itself (map_runs).

Coordinates are the layer's own points at print size: origin at the lower-left corner of
the face's art box (trim plus bleed), y up. Preflight reads these maps; nothing here draws.

Tags: a template marks what preflight must find, e.g.
`<g data-pnp="colour:border=red cue:border=red">` (the colour that tells a border apart,
and the printed cue that tells it apart without colour) or `data-pnp="part:base"` (a part
whose size a fit relation measures).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Any

from pnp.base import fonts

Box = tuple[float, float, float, float]  # x0, y0, x1, y1
Point = tuple[float, float]
RGB = tuple[float, float, float]
TAG_ATTR = "data-pnp"
TAG_ID_PREFIX = "pnp:"  # svglib keeps an element's id: tags travel through it


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
    """A run of text as printed: what preflight measures (size, box, colours under it)."""

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
    """A stroked outline as printed: its segments, width and colour."""

    order: int
    segments: tuple[tuple[float, float, float, float], ...]
    width: float  # pt
    colour: RGB | None
    opacity: float
    box: Box
    tags: frozenset[str]


@dataclass(frozen=True, slots=True)
class Fill:
    """A filled area as printed (an image too): its outline and colour."""

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
    """Everything a layer prints, in drawing order, for preflight."""

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
        width = fonts.string_width(text, size, *fonts.style_of(font))
    x0 = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
    left, right = fonts.slant_overhang(text, font)  # an italic leans past its advance
    return (x0 - left * size, y + extent[0] * size, x0 + width + right * size,
            y + extent[1] * size)


def rgb_of(colour: Any) -> RGB | None:
    """A reportlab colour as (r, g, b), each 0..1; None stays None (no paint)."""
    if colour is None:
        return None
    return float(colour.red), float(colour.green), float(colour.blue)


def opacity_of(colour: Any, opacity: Any) -> float:
    """svglib puts an element's opacity both in its colour's alpha and in the shape's
    opacity attribute: it is one opacity, not two."""
    alpha = getattr(colour, "alpha", 1.0)
    return min(float(alpha if alpha is not None else 1.0),
               float(opacity if opacity is not None else 1.0))


def map_runs(runs: list[Any]) -> LayerMap:
    """The map of a layer pnp draws as plain text runs (fasttext.TextRun), or of the one
    plain-shapes layer (standins.ShapeLayer) it holds."""
    if len(runs) == 1 and hasattr(runs[0], "layer_map"):
        return runs[0].layer_map()
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
        return rgb_of(toColor(value))
    except (ValueError, TypeError):
        return None
