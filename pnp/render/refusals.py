"""The SVG pnp will not print, refused with one line at the template (or icon file) line
that wrote it, never drawn differently from a browser without a word (docs/svg.md).

A face's SVG is the output of its template, so an element's own line is a line of that
output; the line shown is the first line of the template, then of the game's other
templates and SVG files, that holds the offending text (`<mask`, `letter-spacing`...)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from lxml import etree

from pnp.base.errors import ContentError
from pnp.render import presentation as css

DOCS = "see docs/svg.md"
PATTERN = "a pattern fill: draw the repeated shapes, or <use> them"
# element → why it is refused (what to do instead); a mask, a filter, a marker or a
# pattern is refused where it is used (an unused definition prints nothing anyway)
ELEMENTS = {
    "foreignObject": "foreignObject (HTML inside SVG)",
    "textPath": "text along a path (textPath): place and turn each word with x, y and "
                "transform",
    "tref": "tref", "altGlyph": "altGlyph",
    "animate": "animation", "animateTransform": "animation",
    "animateMotion": "animation", "set": "animation",
}
_OFF = {"", "none", "normal", "auto", "initial", "unset"}
# property → (values that are fine, why the others are refused)
PROPERTIES: dict[str, tuple[set[str], str]] = {
    "mask": (_OFF, "a mask: use a clipPath, or draw the faded shapes with fill-opacity"),
    "filter": (_OFF, "a filter (blur, shadow...): export the effect as a PNG image"),
    "mix-blend-mode": (_OFF, "a blend mode"),
    "marker-start": (_OFF, "markers: draw the arrow heads as paths"),
    "marker-mid": (_OFF, "markers: draw the arrow heads as paths"),
    "marker-end": (_OFF, "markers: draw the arrow heads as paths"),
    "marker": (_OFF, "markers: draw the arrow heads as paths"),
    "vector-effect": (_OFF, "vector-effect (a stroke that does not scale): set the "
                            "stroke-width it prints at"),
    "text-decoration": (_OFF, "text decoration: draw the underline as a line"),
    "paint-order": (_OFF | {"fill", "fill stroke", "fill stroke markers",
                            "fill markers stroke"}, "paint-order other than fill first"),
    "writing-mode": (_OFF | {"lr", "lr-tb", "horizontal-tb"}, "vertical text"),
    "direction": (_OFF | {"ltr"}, "right-to-left text"),
    "font-variant": (_OFF, "font-variant (small capitals): type the capitals"),
    "font-stretch": (_OFF, "font-stretch: pnp embeds Fira Sans at its normal width"),
    "baseline-shift": (_OFF | {"0", "baseline"}, "baseline-shift: move the text with dy"),
    "textLength": (set(), "textLength: set the font size or letter-spacing instead"),
    "lengthAdjust": (_OFF | {"spacing"}, "lengthAdjust"),
    "rotate": (_OFF | {"0"}, "rotated glyphs (rotate on text): use transform"),
    "stroke-linejoin": (_OFF | {"miter", "round", "bevel", "inherit"},
                        "a stroke-linejoin other than miter, round or bevel"),
    "shape-inside": (_OFF, "text wrapped in a shape: wrap it with pnp's fit_text"),
    "inline-size": (_OFF | {"0"}, "text wrapped by inline-size: wrap it with pnp's fit_text"),
}
_DEFINITIONS = {"defs", "clipPath", "linearGradient", "radialGradient", "symbol", "style"}


def refuse(what: str, needles: tuple[str, ...], origin: str | None,
           reference_root: Path, key: str | None = None) -> ContentError:
    """The error for one refused feature, at the first line that holds a needle. `what`
    may end with what to do instead, after a colon; `key` names the element or property
    (the first needle's name when not given)."""
    path, line = locate(origin, reference_root, needles)
    feature, _, instead = what.partition(": ")
    name = key or re.sub(r"[^\w:@-].*", "", needles[0].lstrip("<"))
    advice = f"; {instead}" if instead else ""
    return ContentError(f"pnp cannot print {feature} as a browser does{advice} ({DOCS})",
                        path, line, name)


def check(root: etree._Element, origin: str | None, reference_root: Path) -> None:
    """Raise for the first element or property of `root` outside what pnp draws. Only
    the names an element writes are looked at (a board has tens of thousands)."""
    ids: dict[str | None, etree._Element] | None = None
    for el in root.iter():
        if not isinstance(el.tag, str):
            continue
        name = el.tag.rpartition("}")[2]
        if name in ELEMENTS:
            raise refuse(ELEMENTS[name], (f"<{name}",), origin, reference_root)
        attrs = el.attrib
        styles = css.declarations(el) if "style" in attrs else {}
        for prop in _NAMES.intersection(attrs.keys()) | _NAMES.intersection(styles):
            value = styles.get(prop, attrs.get(prop)) or ""
            fine, why = PROPERTIES[prop]
            if value.strip().lower() not in fine and (prop != "rotate"
                                                       or name in ("text", "tspan")):
                raise refuse(why, (f"{prop}=", f"{prop}:", prop), origin, reference_root)
        if any("url(" in (styles.get(p) or attrs.get(p) or "") for p in _PAINTS) or (
                "clip-path" in attrs or "clip-path" in styles):
            if ids is None:
                ids = {e.get("id"): e for e in root.iter() if isinstance(e.tag, str)
                       and e.get("id")}
            _paint(el, ids, origin, reference_root)


_NAMES = frozenset(PROPERTIES)
_PAINTS = ("fill", "stroke")
# words one of which a document holds (in lower case) if anything here may refuse it
NEEDLES = ("style", "url(", *(f"<{n.lower()}" for n in ELEMENTS),
           *(n.lower() for n in PROPERTIES))


def _paint(el: etree._Element, ids: dict[str | None, etree._Element],
           origin: str | None, reference_root: Path) -> None:
    """url(#id) paints and clips that pnp draws: gradients in fills, clipPaths."""
    for prop in ("fill", "stroke", "clip-path"):
        value = (css.get(el, prop) or "").strip()
        if not value or value in ("none", "inherit") or prop != "clip-path" and \
                not value.startswith("url("):
            continue
        if not value.startswith("url(#"):
            if value.startswith("url("):
                continue  # a reference outside the SVG: drawable refuses it, saying so
            raise refuse(f"a {prop} of {value[:30]!r} (only url(#id) of a clipPath)",
                         (f"{prop}=", f"{prop}:"), origin, reference_root)
        ref = value[5:].split(")")[0].strip("'\" ")
        target = ids.get(ref)
        kind = css.local(target) if target is not None else ""
        if kind == "pattern":
            raise refuse(PATTERN, (f"url(#{ref})", "<pattern"), origin, reference_root, prop)
        if prop == "stroke" and kind.endswith("Gradient"):
            raise refuse("a gradient on a stroke: outline the stroke as a filled path",
                         ("stroke=\"url(", "stroke:url(", "url(#"), origin, reference_root,
                         "stroke")
        if prop == "clip-path" and target is not None and kind != "clipPath":
            raise refuse(f"clip-path pointing at a <{kind}>", ("clip-path",), origin,
                         reference_root)
        if kind.endswith("Gradient"):
            _gradient(target, ids, origin, reference_root)
        if kind == "radialGradient" and not _square(el) and _units(target, ids) != \
                "userSpaceOnUse":
            raise refuse("a radial gradient stretched to a shape that is not square: give "
                         "it gradientUnits=\"userSpaceOnUse\" and its cx, cy, r",
                         (f"url(#{ref})", "radialGradient"), origin, reference_root, prop)


def _gradient(grad: etree._Element, ids: dict[str | None, etree._Element],
              origin: str | None, reference_root: Path) -> None:
    """What reportlab's gradients cannot do: repeat, turn, fade, or move their focus."""
    seen = 0
    node: etree._Element | None = grad
    while node is not None and seen < 16:
        spread = (node.get("spreadMethod") or "pad").strip()
        if spread != "pad":
            raise refuse(f"a gradient with spreadMethod=\"{spread}\"", ("spreadMethod",),
                         origin, reference_root)
        turn = (node.get("gradientTransform") or "").strip()
        if turn and turn not in ("matrix(1 0 0 1 0 0)", "matrix(1,0,0,1,0,0)"):
            raise refuse("a gradientTransform: give the gradient's own x1, y1, x2, y2",
                         ("gradientTransform",), origin, reference_root)
        for focus, centre in (("fx", "cx"), ("fy", "cy")):
            if node.get(focus) is not None and node.get(focus) != node.get(centre, "50%"):
                raise refuse("a radial gradient with its focus off its centre",
                             (f"{focus}=",), origin, reference_root)
        for stop in node:
            if css.local(stop) == "stop" and css.number(css.get(stop, "stop-opacity"),
                                                        1.0) < 1.0:
                raise refuse("a gradient stop with stop-opacity: reportlab's gradients are "
                             "opaque, so mix the faded colour into the stop",
                             ("stop-opacity",), origin, reference_root)
        node, seen = ids.get(css.href(node)), seen + 1


def _units(grad: etree._Element, ids: dict[str | None, etree._Element]) -> str:
    node: etree._Element | None = grad
    for _ in range(16):
        if node is None:
            break
        if node.get("gradientUnits"):
            return node.get("gradientUnits", "").strip()
        node = ids.get(css.href(node))
    return "objectBoundingBox"


def _square(el: etree._Element) -> bool:
    """Whether the shape's box is square (a radial gradient in its box stays round)."""
    name = css.local(el)
    if name == "circle":
        return True
    sides = {"rect": ("width", "height"), "ellipse": ("rx", "ry"), "image": ("width", "height")}
    if name in sides:
        a, b = (css.length(el.get(k), -1.0) for k in sides[name])
        return a == b and a > 0
    return False


def locate(origin: str | None, reference_root: Path,
           needles: tuple[str, ...]) -> tuple[str | None, int | None]:
    """(file, line) of the first line holding a needle: the face's template first, then
    the game's other templates and SVG files; (origin, None) when none holds one."""
    for path in _candidates(origin, reference_root):
        try:
            if path.stat().st_size > 2_000_000:
                continue
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
        except OSError:
            continue
        for needle in needles:
            for number, text in enumerate(lines, 1):
                if needle in text:
                    return str(path), number
    return origin, None


def _candidates(origin: str | None, reference_root: Path) -> Iterator[Path]:
    seen: set[Path] = set()
    first = [Path(origin)] if origin and Path(origin).is_absolute() else []
    if origin:
        first.append(reference_root / "templates" / origin)
    others = sorted((reference_root / "templates").rglob("*.j2")) if (
        reference_root / "templates").is_dir() else []
    svgs = sorted(reference_root.rglob("*.svg"))[:500] if reference_root.is_dir() else []
    for path in [*first, *others, *svgs]:
        if path not in seen and path.is_file():
            seen.add(path)
            yield path


def is_definition(el: etree._Element) -> bool:
    """Whether an element only defines (never draws where it stands)."""
    return css.local(el) in _DEFINITIONS
