"""Paints svglib gets wrong, written the way it draws them right: `currentColor` (svglib
takes a missing `color` as no paint at all, a browser as black), text whose
fill-opacity is below 1 (svglib drops it from text: the alpha goes into the colour) and
stroke-dashoffset (svglib drops it: the dash array starts where the offset says)."""

from __future__ import annotations

from pathlib import Path

from lxml import etree

from pnp.render import presentation as css
from pnp.render.refusals import refuse

_PAINTS = ("fill", "stroke", "stop-color", "flood-color", "lighting-color")
_TEXTS = {"text", "tspan"}


def current_colour(root: etree._Element) -> None:
    """Each `currentColor` replaced by the `color` it inherits (black when none)."""
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        for name in _PAINTS:
            value = css.get(el, name)
            if value is not None and value.strip().lower() == "currentcolor":
                colour = _colour_of(el)
                css.put(el, name, colour)


def _colour_of(el: etree._Element) -> str:
    node: etree._Element | None = el
    while node is not None:
        value = css.get(node, "color")
        if value and value.strip().lower() not in ("inherit", "currentcolor"):
            return value.strip()
        node = node.getparent()
    return "black"


def text_alpha(root: etree._Element) -> None:
    """A text's fill-opacity below 1 written into its fill as rgba(), which svglib draws.
    Every value is read before any is written: a <tspan> inherits what its text had."""
    found = []
    for text in root.iter("{*}text", "text"):
        for el in text.iter():
            if not isinstance(el.tag, str) or css.local(el) not in _TEXTS:
                continue
            if el is not text and css.get(el, "fill") is None and css.get(
                    el, "fill-opacity") is None:
                continue  # takes its text's fill, made rgba there
            opacity = css.number(css.inherited(el, "fill-opacity"), 1.0)
            fill = (css.inherited(el, "fill") or "black").strip()
            if opacity < 1.0 and not fill.startswith(("url(", "none", "rgba")):
                found.append((el, _rgba(fill, opacity)))
    for el, rgba in found:
        if rgba is not None:
            css.put(el, "fill", rgba)
            css.put(el, "fill-opacity", "1")


def _rgba(fill: str, opacity: float) -> str | None:
    from reportlab.lib.colors import toColor

    try:
        colour = toColor(fill)
    except ValueError:
        return None  # svglib reports a colour it cannot read
    r, g, b = (round(c * 255, 3) for c in (colour.red, colour.green, colour.blue))
    return f"rgba({r:g},{g:g},{b:g},{max(0.0, opacity) * colour.alpha:.6g})"


def dash_offsets(root: etree._Element, origin: str | None, reference_root: Path) -> None:
    """stroke-dashoffset (which svglib ignores) folded into the dash array: the pattern
    rotated to start where the offset says, a dash cut in two joined by a gap of 0. An
    offset in a gap would start with a dash of 0 (a dot, or a hairline): refused."""
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        offset = css.get(el, "stroke-dashoffset")
        if offset is None:
            continue
        css.drop(el, "stroke-dashoffset")
        dashes = [css.length(v, -1.0) for v in
                  (css.inherited(el, "stroke-dasharray") or "").replace(",", " ").split()]
        if not dashes or any(d < 0 for d in dashes) or sum(dashes) <= 0:
            continue  # no dashes (or a broken array svglib reports): nothing to move
        if len(dashes) % 2:
            dashes *= 2
        shift = css.length(offset, 0.0) % sum(dashes)
        if not shift:
            continue
        rotated = _rotate(dashes, shift)
        if rotated[0] == 0.0:
            raise refuse("a stroke-dashoffset that starts in a gap (its first dash would be "
                         "of length 0, a dot or a hairline): start the path where its first "
                         "dash begins", ("stroke-dashoffset",), origin, reference_root)
        css.put(el, "stroke-dasharray", " ".join(f"{d:.6g}" for d in rotated))


def _rotate(dashes: list[float], shift: float) -> list[float]:
    """The dash array as seen from `shift` along it (an even-length array)."""
    i, start = 0, 0.0
    while start + dashes[i] <= shift:
        start += dashes[i]
        i += 1
    inside = shift - start
    rest = dashes[i + 1:] + dashes[:i]
    if i % 2 == 0:  # the offset falls in a dash: its end, the rest, then its start
        return [dashes[i] - inside, *rest, inside, 0.0] if inside else [*dashes[i:],
                                                                        *dashes[:i]]
    return [0.0, dashes[i] - inside, *rest, inside]  # in a gap: a dash of 0 first
