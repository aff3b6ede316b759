"""The fast path for text: a layer made only of plain positioned <text> is drawn straight
with reportlab and the embedded font, not through svglib (10x cheaper, and text is what
differs between cards)."""

from __future__ import annotations

import math
import re
import sys
from dataclasses import dataclass
from functools import lru_cache

from lxml import etree
from reportlab.lib.colors import Color, toColor
from reportlab.pdfgen.canvas import Canvas

from pnp.base import fonts
from pnp.render.inkmap import TAG_ATTR, parse_tags


@dataclass(frozen=True, slots=True)
class TextRun:
    """One line of plain text, already in points in the face's PDF coordinates."""

    x: float
    y: float
    font: str
    size: float
    anchor: str
    fill: str
    opacity: float
    text: str
    tags: frozenset[str] = frozenset()
    raw_size: float = 0.0  # font-size as written in the SVG
    width: float = 0.0  # the advance width at `size`, worked out where the run is made


_TEXT_ATTRS = {"x", "y", "font-family", "font-size", "font-weight", "font-style",
               "text-anchor", "fill", "fill-opacity", TAG_ATTR}
_SPACES = re.compile(r"\s+")
_PARSED_FIRST = (fonts.REGULAR, fonts.BOLD)  # registered with the PDF (fonts.register)
_TAG_SETS: dict[frozenset[str], frozenset[str]] = {}


def plain_text_runs(layer: etree._Element, view: tuple[float, float, float, float, float],
                     ) -> list[TextRun] | None:
    """Runs for a layer made only of simple <text> elements, else None (svglib draws it).

    Per-item layers are mostly text (titles, numbers); drawing those directly with the
    font's own metrics is 10x cheaper than svglib's general path, and text is the only
    thing that differs between cards. Anything beyond plain positioned text (transforms,
    styles, classes, letter-spacing) goes to svglib."""
    group_tags: frozenset[str] = frozenset()
    if etree.QName(layer).localname == "g":
        if set(layer.attrib) - {TAG_ATTR} or layer.text and layer.text.strip():
            return None
        group_tags = parse_tags(layer.get(TAG_ATTR, ""))
        texts = list(layer)
    else:
        texts = [layer]
    runs: list[TextRun] = []
    for el in texts:
        if not isinstance(el.tag, str) or etree.QName(el).localname != "text":
            return None
        if (el.tail and el.tail.strip()) or set(el.attrib) - _TEXT_ATTRS:
            return None
        family = el.get("font-family", "").strip("'\" ")
        if family not in (fonts.FAMILY, fonts.REGULAR):
            return None
        weight = el.get("font-weight", "normal")
        style = el.get("font-style", "normal")
        if weight not in ("normal", "bold") or style not in ("normal", "italic"):
            return None  # svglib takes it (an oblique is a `fonts` problem there)
        bold, italic = weight == "bold", style == "italic"
        font = fonts.face_name(bold, italic)
        anchor = el.get("text-anchor", "start")
        try:
            size = float(el.get("font-size", "16"))
            opacity = float(el.get("fill-opacity", "1"))
            parts: list[tuple[float, float, str]] = []
            if el.text and el.text.strip():
                parts.append((float(el.get("x", "0")), float(el.get("y", "0")), el.text))
            for span in el:
                if (not isinstance(span.tag, str) or etree.QName(span).localname != "tspan"
                        or set(span.attrib) - {"x", "y"} or len(span)
                        or (span.tail and span.tail.strip())):
                    return None
                parts.append((float(span.get("x", el.get("x", "0"))),
                              float(span.get("y", el.get("y", "0"))), span.text or ""))
        except ValueError:
            return None
        if anchor not in ("start", "middle", "end") or not (
                math.isfinite(size) and size > 0 and 0 <= opacity <= 1) or not _colour_ok(
                el.get("fill", "#000000")):
            return None  # svglib takes it, and reports what it cannot draw
        min_x, min_y, sx, sy, height = view
        # one object for each of the few fills, anchors and tag sets a deck uses, not one
        # a card (an empty frozenset alone is 216 bytes)
        fill = sys.intern(el.get("fill", "#000000"))
        tags = group_tags | parse_tags(el.get(TAG_ATTR, ""))
        tags = _TAG_SETS.setdefault(tags, tags)
        for x, y, raw in parts:
            text = _SPACES.sub(" ", raw).strip()
            if text:
                runs.append(TextRun((x - min_x) * sx, height - (y - min_y) * sy, font,
                                    size * sy, sys.intern(anchor), fill, opacity, text, tags,
                                    size, fonts.string_width(text, size * sy, bold,
                                                             italic)))
    return runs


def draw_runs(c: Canvas, runs: list[TextRun]) -> None:
    """Draw a fast layer: its text runs, or the one ShapeLayer (fastshapes) it holds."""
    for run in runs:
        if type(run) is not TextRun:  # a standins.ShapeLayer
            run.draw(c)
            continue
        if run.font not in _PARSED_FIRST:  # an italic, made by a worker: parsed here too
            fonts.need(run.font)
        # what c.setFillColor(run.fill, alpha=run.opacity) does, the colour parsed once
        c.setFillColor(_colour(run.fill))
        c.setFillAlpha(run.opacity)  # always: an alpha would carry over
        c.setFont(run.font, run.size)
        # what drawString, drawCentredString and drawRightString do, with the width the
        # run already knows instead of measuring the text again
        x = (run.x - 0.5 * run.width if run.anchor == "middle" else
             run.x - run.width if run.anchor == "end" else run.x)
        text = c.beginText(x, run.y)
        text.textLine(run.text)
        c.drawText(text)


@lru_cache(maxsize=256)
def _colour(value: str) -> Color:
    """reportlab's colour for an SVG colour text: parsed once per run, not once a card."""
    return toColor(value)


def _colour_ok(value: str) -> bool:
    """A colour the fast path draws as SVG means it: #rgb, #rrggbb or a colour name."""
    from pnp.base.colour import is_colour

    return is_colour(value)
