"""Nested `<svg>` viewports and `<use>` (of a `<symbol>` or anything else) rewritten as the
plain groups svglib draws right.

svglib scales a nested <svg> by 0.75 (the px-to-pt factor it means for the outermost
one), ignores its clip, and draws a <use> of a <symbol viewBox> at the symbol's own
units. Here a viewport becomes `<g clip-path><g transform>...</g></g>`: the transform
maps its viewBox onto x, y, width, height by preserveAspectRatio (SVG 1.1 section 7.8),
the clip is the viewport (unless overflow is visible), lengths are CSS pixels at 96 an
inch. A <use> becomes a group holding a copy of what it points at."""

from __future__ import annotations

import copy
import itertools
from pathlib import Path

from lxml import etree

from pnp.base.errors import ContentError
from pnp.render import presentation as css
from pnp.render.refusals import refuse

MAX_COPIES = 20_000  # elements that <use> expansion may add to a face
_ALIGN = {"min": 0.0, "mid": 0.5, "max": 1.0}
_KEEP_ID = {"clipPath", "linearGradient", "radialGradient", "symbol", "defs"}
_VIEWPORT = {"x", "y", "width", "height", "viewBox", "preserveAspectRatio", "overflow",
             "href", css.XLINK_HREF, "id", "version", "baseProfile", "style",
             "{http://www.w3.org/XML/1998/namespace}space"}


class _Ids:
    """Fresh ids for the clips made here, never one the document already has."""

    def __init__(self, root: etree._Element) -> None:
        self.taken = {el.get("id") for el in root.iter() if isinstance(el.tag, str)}
        self.count = itertools.count(1)

    def new(self) -> str:
        while True:
            name = f"pnp-viewport-{next(self.count)}"
            if name not in self.taken:
                self.taken.add(name)
                return name


def rewrite(root: etree._Element, origin: str | None, reference_root: Path) -> None:
    """Expand every <use>, then turn every nested <svg> into groups, in place."""
    ids = _Ids(root)
    uses = [el for el in root.iter("{*}use", "use") if css.local(el) == "use"]
    if uses:
        _expand_uses(root, uses, ids, origin, reference_root)
    nested = [e for e in root.iter("{*}svg", "svg") if e is not root]
    for el in reversed(nested):  # the innermost first: its % lengths see its parent
        _viewport_group(el, ids)


def _expand_uses(root: etree._Element, uses: list[etree._Element], ids: _Ids,
                 origin: str | None, reference_root: Path) -> None:
    targets = {el.get("id"): el for el in root.iter() if isinstance(el.tag, str)
               and el.get("id")}
    added = 0
    pending = list(uses)
    depth = 0
    while pending:
        depth += 1
        if depth > 32:
            raise refuse("<use> nested more than 32 deep (or pointing at itself)",
                         ("<use",), origin, reference_root)
        found = []
        for use in pending:
            target = targets.get(css.href(use))
            if target is None or _contains(target, use):
                if target is not None:
                    raise refuse("a <use> that points at itself", ("<use",), origin,
                                 reference_root)
                parent = use.getparent()
                if parent is not None:  # a browser draws nothing for it either
                    parent.remove(use)
                continue
            group = _use_group(use, target, ids)
            added += sum(1 for _ in group.iter())
            if added > MAX_COPIES:
                raise ContentError(f"<use> copies more than {MAX_COPIES:,} elements into one "
                                   "face", origin)
            found += [el for el in group.iter("{*}use", "use") if css.local(el) == "use"]
        pending = found


def _contains(target: etree._Element, use: etree._Element) -> bool:
    node: etree._Element | None = use
    while node is not None:
        if node is target:
            return True
        node = node.getparent()
    return False


def _use_group(use: etree._Element, target: etree._Element, ids: _Ids) -> etree._Element:
    """Replace `use` by `<g transform="... translate(x y)">copy</g>` and return it."""
    group = etree.Element(_tag(use, "g"))
    for name, value in use.attrib.items():
        if name not in ("x", "y", "width", "height", "href", css.XLINK_HREF, "id"):
            group.set(name, value)
    x, y = css.length(use.get("x"), 0.0), css.length(use.get("y"), 0.0)
    if x or y:
        group.set("transform", f"{use.get('transform', '')} translate({_n(x)} {_n(y)})".strip())
    copied = copy.deepcopy(target)
    copied.tail = None
    for el in copied.iter():
        if isinstance(el.tag, str) and css.local(el) not in _KEEP_ID:
            el.attrib.pop("id", None)
    kind = css.local(target)
    if kind in ("symbol", "svg"):
        copied.tag = _tag(use, "svg")  # a symbol is drawn as a nested viewport
        for name in ("x", "y"):
            copied.attrib.pop(name, None)
        for name in ("width", "height"):
            if use.get(name) is not None:
                copied.set(name, use.get(name, ""))
    group.append(copied)
    group.tail = use.tail
    parent = use.getparent()
    if parent is not None:
        parent.replace(use, group)
    return group


def _tag(like: etree._Element, name: str) -> str:
    namespace = etree.QName(like).namespace
    return f"{{{namespace}}}{name}" if namespace else name


def _viewport_group(el: etree._Element, ids: _Ids) -> None:
    """Replace a nested <svg> by `<g clip-path><g transform>children</g></g>`."""
    box = _nearest_box(el)
    x = css.length(el.get("x"), 0.0, percent_of=box[0])
    y = css.length(el.get("y"), 0.0, percent_of=box[1])
    width = css.length(el.get("width"), box[0], percent_of=box[0])
    height = css.length(el.get("height"), box[1], percent_of=box[1])
    outer = etree.Element(_tag(el, "g"))
    for name, value in el.attrib.items():
        if name not in _VIEWPORT:
            outer.set(name, value)
    styles = {k: v for k, v in css.declarations(el).items() if k != "overflow"}
    if styles:
        outer.set("style", ";".join(f"{k}:{v}" for k, v in styles.items()))
    inner = etree.SubElement(outer, _tag(el, "g"))
    transform = _fit(el.get("viewBox"), el.get("preserveAspectRatio"), x, y, width, height)
    if transform:
        inner.set("transform", transform)
    for child in list(el):
        inner.append(child)
    overflow = (css.get(el, "overflow") or "hidden").strip()
    if overflow not in ("visible", "auto") and width > 0 and height > 0:
        clip = ids.new()
        defs = etree.Element(_tag(el, "defs"))
        path = etree.SubElement(etree.SubElement(defs, _tag(el, "clipPath"), id=clip),
                                _tag(el, "rect"))
        for name, value in (("x", x), ("y", y), ("width", width), ("height", height)):
            path.set(name, _n(value))
        outer.insert(0, defs)
        outer.set("clip-path", f"url(#{clip})")
    if width <= 0 or height <= 0:
        outer.set("display", "none")  # a viewport of no size draws nothing
    outer.tail = el.tail
    parent = el.getparent()
    if parent is not None:
        parent.replace(el, outer)


def _fit(view: str | None, aspect: str | None, x: float, y: float, width: float,
         height: float) -> str:
    """The transform that maps a viewBox onto the viewport (x, y, width, height)."""
    try:
        vx, vy, vw, vh = (float(v) for v in (view or "").replace(",", " ").split())
    except ValueError:
        return f"translate({_n(x)} {_n(y)})" if x or y else ""
    if vw <= 0 or vh <= 0:
        return f"translate({_n(x)} {_n(y)})" if x or y else ""
    parts = (aspect or "xMidYMid meet").split()
    align = parts[0] if parts else "xMidYMid"
    sx, sy = width / vw, height / vh
    tx, ty = x, y
    if align != "none":
        sx = sy = max(sx, sy) if len(parts) > 1 and parts[1] == "slice" else min(sx, sy)
        fx = _ALIGN.get(align[1:4].lower(), 0.5)
        fy = _ALIGN.get(align[5:8].lower(), 0.5)
        tx += (width - vw * sx) * fx
        ty += (height - vh * sy) * fy
    return f"matrix({_n(sx)} 0 0 {_n(sy)} {_n(tx - vx * sx)} {_n(ty - vy * sy)})"


def _n(value: float) -> str:
    """A number for an attribute, exact to ten digits (`:g` keeps only six)."""
    return format(value, ".10g")


def _nearest_box(el: etree._Element) -> tuple[float, float]:
    """The width and height of the viewport `el` sits in, for its % lengths."""
    node = el.getparent()
    while node is not None:
        if css.local(node) == "svg":
            view = (node.get("viewBox") or "").replace(",", " ").split()
            if len(view) == 4:
                try:
                    return float(view[2]), float(view[3])
                except ValueError:
                    pass
            return css.length(node.get("width"), 100.0), css.length(node.get("height"), 100.0)
        node = node.getparent()
    return 100.0, 100.0
