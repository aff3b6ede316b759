"""letter-spacing, word-spacing and dominant-baseline / alignment-baseline, done as a
browser does them, with the embedded font's own metrics.

svglib ignores all four. Spacing becomes per-glyph placement: each character a <tspan>
at the x the font's advance widths plus the spacing give it, the text-anchor applied to
each chunk's whole width. A baseline becomes a shift of y by the font's metrics (its
ascent, descent and x-height, from Fira Sans' own tables), as resvg and browsers place
it: `middle` puts the middle of the x-height on y, `central` the middle of the em box,
`hanging` 0.8 of the ascent, `text-before-edge` the ascent, `text-after-edge` the
descent."""

from __future__ import annotations

import functools
import re
from pathlib import Path

from lxml import etree

from pnp.base import fonts
from pnp.render import presentation as css
from pnp.render.refusals import refuse

_POSITION = ("x", "y", "dx", "dy")
_DROP = ("letter-spacing", "word-spacing", "dominant-baseline", "alignment-baseline",
         "text-anchor")
_NO_SHIFT = {"auto", "baseline", "alphabetic", "use-script", "no-change", "reset-size",
             "inherit", "initial", "unset", ""}
_KNOWN = _NO_SHIFT | {"middle", "central", "hanging", "mathematical", "text-before-edge",
                      "before-edge", "text-top", "text-after-edge", "after-edge",
                      "ideographic", "text-bottom"}
_SPACES = re.compile(r"[ \t\r\n]+")


def rewrite(root: etree._Element, origin: str | None, reference_root: Path) -> None:
    """Every <text> that spaces its letters or moves its baseline, rewritten in place.
    All are measured before any is changed: a group's baseline serves all its texts."""
    found = []
    for text in [el for el in root.iter("{*}text", "text") if css.local(el) == "text"]:
        spaced = _spacing(text)
        shift = _baseline(text, origin, reference_root)
        if spaced or shift is not None:
            found.append((text, spaced, shift))
    for text, spaced, shift in found:
        if spaced:
            _place_glyphs(text, shift, origin, reference_root)
        else:
            _shift_y(text, shift or 0.0)
        for el in text.iter():
            if isinstance(el.tag, str):
                css.drop(el, *_DROP[:-1])
    for text, _, _ in found:
        for ancestor in text.iterancestors():  # applied to the texts inside
            css.drop(ancestor, *_DROP[:-1])


def _spacing(text: etree._Element) -> bool:
    for el in text.iter():
        if not isinstance(el.tag, str):
            continue
        for name in ("letter-spacing", "word-spacing"):
            value = css.inherited(el, name)
            if value and value.strip() not in ("normal", "0", "0px", "inherit"):
                return True
    return False


@functools.cache
def _metrics() -> tuple[float, float, float]:
    """(ascent, descent, x-height) of the embedded font in ems, from its hhea and OS/2
    tables (regular and bold share them but for the x-height, 527 and 531 units)."""
    from struct import unpack_from

    face = fonts._face(False).face  # type: ignore[attr-defined]
    data, tables, em = face._ttf_data, face.table, face.unitsPerEm
    ascent, descent = unpack_from(">hh", data, tables["hhea"]["offset"] + 4)
    os2 = tables["OS/2"]["offset"]
    x_height = unpack_from(">h", data, os2 + 86)[0] if unpack_from(">H", data, os2)[0] >= 2 \
        else 0.5 * em
    return ascent / em, descent / em, x_height / em


def baseline_shift(value: str, size: float) -> float:
    """How far down (user units) a baseline keyword moves text of font size `size`."""
    ascent, descent, x_height = _metrics()
    return size * {
        "middle": x_height / 2, "central": (ascent + descent) / 2, "hanging": 0.8 * ascent,
        "mathematical": 0.5 * ascent, "text-before-edge": ascent, "before-edge": ascent,
        "text-top": ascent, "text-after-edge": descent, "after-edge": descent,
        "ideographic": descent, "text-bottom": descent,
    }.get(value, 0.0)


def _baseline(text: etree._Element, origin: str | None, reference_root: Path) -> float | None:
    """The text's baseline shift, or None when it keeps the alphabetic baseline."""
    align = (css.get(text, "alignment-baseline") or "").strip()
    dominant = (css.inherited(text, "dominant-baseline") or "").strip()
    for el in text.iterdescendants():
        if isinstance(el.tag, str) and (css.get(el, "alignment-baseline") or css.get(
                el, "dominant-baseline")):
            raise refuse("a baseline set on a <tspan> (set it on its <text>)",
                         ("alignment-baseline", "dominant-baseline"), origin, reference_root)
    value = align if align not in _NO_SHIFT else dominant
    if value not in _KNOWN:
        raise refuse(f"the baseline {value!r}", ("baseline",), origin, reference_root)
    if value in _NO_SHIFT:
        return None
    return baseline_shift(value, css.font_size(text))


def _numbers(value: str | None) -> list[float]:
    out = []
    for part in (value or "").replace(",", " ").split():
        try:
            out.append(float(part))
        except ValueError:
            out.append(css.length(part, 0.0))
    return out


def _shift_y(text: etree._Element, shift: float) -> None:
    """Move the text's baseline down by `shift`: its y, and every absolute y inside."""
    for el in text.iter():
        if not isinstance(el.tag, str):
            continue
        if el is text or el.get("y") is not None:
            ys = _numbers(el.get("y")) or [0.0]
            el.set("y", " ".join(_n(y + shift) for y in ys))


def _n(value: float) -> str:
    return format(value, ".10g")


def _place_glyphs(text: etree._Element, shift: float | None, origin: str | None,
                  reference_root: Path) -> None:
    """Each character as a <tspan x y> with the font's advances plus the spacing."""
    pieces: list[tuple[str, etree._Element, etree._Element]] = []  # char, style, positions
    for child in text:
        if isinstance(child.tag, str) and len(child):
            raise refuse("letter-spacing on a <tspan> inside a <tspan>",
                         ("letter-spacing", "word-spacing"), origin, reference_root)
    pieces += [(ch, text, text) for ch in text.text or ""]
    for child in text:
        if isinstance(child.tag, str) and css.local(child) == "tspan":
            pieces += [(ch, child, child) for ch in child.text or ""]
        pieces += [(ch, text, text) for ch in child.tail or ""]
    chars = _collapse(pieces, text)
    pen_x, pen_y = 0.0, 0.0
    placed: list[tuple[float, float, str, etree._Element, float, bool, float]] = []
    counts: dict[int, int] = {}
    for ch, style, owner in chars:
        k = counts.get(id(owner), 0)
        counts[id(owner)] = k + 1
        xs, ys = _numbers(owner.get("x")), _numbers(owner.get("y"))
        dxs, dys = _numbers(owner.get("dx")), _numbers(owner.get("dy"))
        new_chunk = k < len(xs) or not placed
        if k < len(xs):
            pen_x = xs[k]
        if k < len(ys):
            pen_y = ys[k]
        pen_x += dxs[k] if k < len(dxs) else 0.0
        pen_y += dys[k] if k < len(dys) else 0.0
        size = css.font_size(style)
        weight = (css.inherited(style, "font-weight") or "normal").strip()
        bold = weight in ("bold", "bolder") or weight.isdigit() and int(weight) >= 600
        italic = (css.inherited(style, "font-style") or "").strip() == "italic"
        advance = fonts.string_width(ch, size, bold, italic)
        spacing = css.length(css.inherited(style, "letter-spacing"), 0.0, em=size)
        if ch == " ":
            spacing += css.length(css.inherited(style, "word-spacing"), 0.0, em=size)
        placed.append((pen_x, pen_y, ch, style, advance + spacing, new_chunk, advance))
        pen_x += advance + spacing
    _anchor(placed, text)
    _replace(text, placed, shift or 0.0)


def _collapse(pieces: list[tuple[str, etree._Element, etree._Element]],
              text: etree._Element) -> list[tuple[str, etree._Element, etree._Element]]:
    """SVG's default white space: no newlines, tabs as spaces, runs as one, none at the
    ends (xml:space="preserve" keeps every space)."""
    preserve = text.get("{http://www.w3.org/XML/1998/namespace}space") == "preserve"
    out: list[tuple[str, etree._Element, etree._Element]] = []
    for ch, style, owner in pieces:
        if ch in "\r\n" and not preserve:
            continue
        if ch in " \t\r\n":
            if not preserve and (not out or out[-1][0] == " "):
                continue
            ch = " "
        out.append((ch, style, owner))
    while out and out[-1][0] == " " and not preserve:
        out.pop()
    return out


def _anchor(placed: list, text: etree._Element) -> None:
    """Move each chunk (a run from an absolute x) by its anchor and whole advance."""
    start = 0
    for end in range(1, len(placed) + 1):
        if end < len(placed) and not placed[end][5]:
            continue
        chunk = placed[start:end]
        anchor = (css.inherited(chunk[0][3], "text-anchor") or "start").strip()
        width = chunk[-1][0] + chunk[-1][6] - chunk[0][0]  # without the last spacing
        move = -width / 2 if anchor == "middle" else -width if anchor == "end" else 0.0
        for i in range(start, end):
            x, y, *rest = placed[i]
            placed[i] = (x + move, y, *rest)
        start = end


def _replace(text: etree._Element, placed: list, shift: float) -> None:
    tag = text.tag.replace("text", "tspan") if isinstance(text.tag, str) else "tspan"
    spans = []
    for x, y, ch, style, *_ in placed:
        if ch == " ":
            continue  # a space prints nothing
        span = etree.Element(tag)
        if style is not text:
            for name, value in style.attrib.items():
                if name not in _POSITION and name not in _DROP and name != "id":
                    span.set(name, value)
            css.drop(span, *_DROP)
        span.set("x", _n(x))
        span.set("y", _n(y + shift))
        span.text = ch
        spans.append(span)
    for child in list(text):
        text.remove(child)
    text.text = None
    for name in _POSITION:
        text.attrib.pop(name, None)
    css.put(text, "text-anchor", "start")
    for span in spans:
        text.append(span)
