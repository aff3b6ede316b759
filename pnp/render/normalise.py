"""A face's SVG rewritten, before svglib draws it, into SVG that svglib draws as a browser
does (docs/svg.md), or refused with one line at the template that wrote it.

The steps, in order: <style> sheets inlined (stylesheet); what pnp does not draw refused
(refusals); <use> and nested <svg> viewports made plain groups (viewports); letter and
word spacing and baselines placed with the font's metrics (lettering); `opacity` pushed
down into fill-opacity and stroke-opacity (here); definitions written outside <defs>
moved into it, so every layer of the face finds them.

A document that uses none of these is not changed at all: the shipped games' PDFs stay
the same to the byte, and a quick look at the text finds most such documents."""

from __future__ import annotations

import re
from pathlib import Path

from lxml import etree

# what makes a document need more than the refusal check, as written in lower case (its
# root is always one <svg>)
_NEEDS = ("<use", "<style", "<symbol", "gradient", "clippath", "opacity", "spacing",
          "baseline", "currentcolor", "dashoffset", ":svg")
_PAINTED = {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path", "text",
            "tspan", "image"}
_NOT_DRAWN = {"defs", "clipPath", "symbol", "linearGradient", "radialGradient", "mask",
              "pattern", "marker", "filter", "title", "desc", "metadata"}
_OPACITY = re.compile(r"(?<![\w-])opacity")
_MOVED = {"linearGradient", "radialGradient", "clipPath", "symbol"}


def normalise(root: etree._Element, origin: str | None, reference_root: Path,
              text: str | None = None) -> None:
    """Rewrite `root` in place into what svglib draws right, or raise a ContentError at
    the template line of the first thing pnp cannot draw. `text`: the document as
    written, to skip the work when it holds none of the features."""
    from pnp.render import refusals

    written = text.lower() if text is not None else None
    if written is not None and written.count("<svg") < 2 and not any(
            word in written for word in _NEEDS):
        if any(word in written for word in refusals.NEEDLES):
            refusals.check(root, origin, reference_root)
        return
    from pnp.render import lettering, paints, stylesheet, viewports  # (~5 ms: not for a
    #   document that needs none of them)
    if written is not None and "<style" in written:
        written = None  # a sheet may write any property

    def has(*words: str) -> bool:  # each step only where its feature may be written
        return written is None or any(w in written for w in words)

    stylesheet.inline(root, origin, reference_root)
    refusals.check(root, origin, reference_root)
    viewports.rewrite(root, origin, reference_root)
    if has("spacing", "baseline"):
        lettering.rewrite(root, origin, reference_root)
    if written is None or _OPACITY.search(written):
        push_opacity(root, origin, reference_root)
    if has("currentcolor"):
        paints.current_colour(root)
    if has("fill-opacity", "opacity") and has("<text"):
        paints.text_alpha(root)
    if has("dashoffset"):
        paints.dash_offsets(root, origin, reference_root)
    gather_definitions(root)


def push_opacity(root: etree._Element, origin: str | None, reference_root: Path) -> None:
    """`opacity` on shapes and groups as fill-opacity and stroke-opacity of each shape.

    Exact for a shape drawn with a fill or a stroke, and for a group whose shapes do not
    overlap (bounds.overlapping); a group whose shapes may overlap is refused, since a
    browser fades it as one picture. One difference is kept: a faded shape with both a
    fill and a stroke shows its fill through the inner half of its stroke, by opacity x
    (1 - opacity) of their difference in colour (docs/svg.md; the corpus measures it)."""
    if not any("opacity" in el.attrib or "opacity:" in (el.get("style") or "")
               for el in root.iter() if isinstance(el.tag, str)):
        return
    ids = {el.get("id"): el for el in root.iter() if isinstance(el.tag, str) and el.get("id")}
    _walk(root, 1.0, 1.0, 1.0, ids, origin, reference_root)


def _walk(el: etree._Element, acc: float, fill_in: float, stroke_in: float,
          ids: dict, origin: str | None, reference_root: Path) -> None:
    from pnp.render import bounds
    from pnp.render import presentation as css
    from pnp.render.refusals import refuse

    name = css.local(el)
    own = css.get(el, "opacity")
    if own is not None:
        css.drop(el, "opacity")
        if name in _NOT_DRAWN:
            return
        fade = _clamp(css.number(own, 1.0))
        if fade < 1.0 and name not in _PAINTED and bounds.overlapping(el):
            raise refuse("opacity on a group whose shapes overlap: a browser fades the group "
                         "as one picture, the lower shape hidden under the upper; fade each "
                         "shape with fill-opacity, or merge the shapes",
                         ("opacity",), origin, reference_root)
        acc *= fade
    if name in _NOT_DRAWN:
        return
    own_fill, own_stroke = css.get(el, "fill-opacity"), css.get(el, "stroke-opacity")
    fill = _clamp(css.number(own_fill, fill_in)) if own_fill not in (None, "inherit") \
        else fill_in
    stroke = _clamp(css.number(own_stroke, stroke_in)) if own_stroke not in (
        None, "inherit") else stroke_in
    if acc < 1.0:
        if name == "image":
            raise refuse("opacity on an <image>: fade the picture itself",
                         ("opacity",), origin, reference_root)
        if name in _PAINTED or own_fill is not None:
            css.put(el, "fill-opacity", _n(fill * acc))
            _fade_gradient(el, acc, ids, origin, reference_root)
        if name in _PAINTED or own_stroke is not None:
            css.put(el, "stroke-opacity", _n(stroke * acc))
    for child in el:
        if isinstance(child.tag, str):
            _walk(child, acc, fill, stroke, ids, origin, reference_root)


def _clamp(value: float) -> float:
    return min(1.0, max(0.0, value))


def _n(value: float) -> str:
    return format(value, ".6g")


def _fade_gradient(el: etree._Element, factor: float, ids: dict, origin: str | None,
                   reference_root: Path) -> None:
    """reportlab's gradients are opaque: a faded gradient fill is refused."""
    from pnp.render import presentation as css
    from pnp.render.refusals import refuse

    fill = (css.get(el, "fill") or "").strip()
    if fill.startswith("url(#"):
        raise refuse("opacity on a shape filled with a gradient: reportlab's gradients are "
                     "opaque, so mix the faded colours into the stops",
                      ("opacity", "url(#"), origin, reference_root)


def gather_definitions(root: etree._Element) -> None:
    """Gradients, clips and symbols written as the root's own children (Illustrator does)
    into a <defs>: a face's layers are drawn apart, and each sees only the <defs>."""
    loose = [c for c in root if isinstance(c.tag, str)
             and etree.QName(c).localname in _MOVED]
    if not loose:
        return
    namespace = etree.QName(root).namespace
    defs = etree.Element(f"{{{namespace}}}defs" if namespace else "defs")
    root.insert(0, defs)
    for el in loose:
        tail = el.tail
        defs.append(el)
        el.tail = tail
