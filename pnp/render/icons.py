"""Icon files drawn in a face: `icon(path, x, y, w, h)` in a template.

An SVG icon is inlined as one transformed <g>, as a browser draws an <img> of it: its
width/height/viewBox read with px = 1/96 in, scaled to the box asked (or drawn at its
true size), aspect kept (preserveAspectRatio). What an editor adds is left out
(metadata, Inkscape and Sodipodi elements and attributes), its own stylesheet is applied
to its elements (an Illustrator `.st0` cannot colour another icon), its ids are made its
own, and `currentColor` is the colour asked. A PNG or JPEG icon is an <image> in its
box. A template that draws an icon at the same place on every card (a suit in the
corner) as its own top-level element makes one layer: the PDF stores it once.
"""

from __future__ import annotations

import copy
import hashlib
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from lxml import etree

from pnp.load import imagefiles
from pnp.load.imagefiles import SVG_NS, BadImage

XLINK = "http://www.w3.org/1999/xlink"
_KEEP_NS = {SVG_NS, XLINK, "http://www.w3.org/XML/1998/namespace", None}
_DROP = {"metadata", "title", "desc", "script"}  # a foreignObject is kept: refused, said
_ROOT_SKIP = {"width", "height", "viewBox", "x", "y", "id", "version", "preserveAspectRatio",
              "baseProfile", "enable-background", "class"}
_URL = re.compile(r"url\(\s*(['\"]?)#([^'\")]+)\1\s*\)")
_CURRENT = re.compile(r"currentcolor", re.I)
_ALIGN = re.compile(r"^(none|x(Min|Mid|Max)Y(Min|Mid|Max))(?:\s+(meet|slice))?$")


@dataclass(frozen=True)
class Icon:
    """An icon file as pnp draws it: its true size (mm) and what it draws."""

    kind: str  # svg | png | jpeg
    width: float
    height: float
    href: str = ""  # a raster icon: its path in the game folder
    view: tuple[float, ...] = (0.0, 0.0, 1.0, 1.0)  # an SVG icon's viewBox
    align: str = "xMidYMid meet"
    body: bytes = b""  # an SVG icon: <g> of its content and the root's presentation

    @property
    def aspect(self) -> float:
        """Width over height, the shape text makes room for."""
        return self.width / self.height


def load(folder: Path, relative: str) -> Icon:
    """The icon `relative` names in the game folder (BadImage: why it cannot be drawn);
    each file is read once a run, and again when it changes (pnp watch)."""
    path = imagefiles.resolve(folder, relative)
    st = path.stat()
    return _load(path.resolve(), relative, st.st_mtime_ns, st.st_size)


@lru_cache(maxsize=256)
def _load(path: Path, relative: str, _mtime: int, _size: int) -> Icon:
    kind = imagefiles.kind_of(relative) or ""
    data = imagefiles.read(path, kind)
    name = relative[:80]
    if kind != "svg":
        w, h = imagefiles.raster_size(data, name)
        return Icon(kind, w, h, href=relative)
    root = imagefiles.parse_svg(data, name)
    w, h, view = imagefiles.svg_box(root, name)
    align = " ".join((root.get("preserveAspectRatio") or "xMidYMid meet").split())
    if not _ALIGN.match(align) or align.endswith("slice"):
        raise BadImage(f"'{name}': preserveAspectRatio=\"{align[:40]}\" is not drawn (pnp "
                       "draws none and the x..Y.. alignments with meet)")
    tag = "i" + hashlib.sha1(data).hexdigest()[:8] + "-"
    return Icon("svg", w, h, view=view, align=align, body=_body(root, tag))


def _body(root: etree._Element, prefix: str) -> bytes:
    """The icon's content in one <g>: the root's presentation attributes on it, editor
    data left out, its stylesheet applied, ids prefixed (unique to this file)."""
    _apply_styles(root)
    g = etree.Element(f"{{{SVG_NS}}}g", nsmap={None: SVG_NS})
    for name, value in root.attrib.items():
        if etree.QName(name).namespace is None and name not in _ROOT_SKIP:
            g.set(name, value)
    for child in root:
        if _kept(child):
            g.append(copy.deepcopy(child))
    for el in list(g.iter()):
        if not isinstance(el.tag, str) or not _kept(el):
            if el.getparent() is not None:
                el.getparent().remove(el)
            continue
        for name in list(el.attrib):
            if etree.QName(name).namespace not in _KEEP_NS:
                del el.attrib[name]
        if el.get("id"):
            el.set("id", prefix + el.get("id", ""))
        for name, value in el.attrib.items():
            if "url(" in value:
                el.set(name, _URL.sub(lambda m: f"url(#{prefix}{m.group(2)})", value))
            if etree.QName(name).localname == "href" and value.startswith("#"):
                el.set(name, "#" + prefix + value[1:])
    etree.cleanup_namespaces(g)
    return etree.tostring(g)


def _kept(el: etree._Element) -> bool:
    if not isinstance(el.tag, str):
        return False
    q = etree.QName(el)
    return q.namespace in (SVG_NS, None) and q.localname not in _DROP and \
        q.localname != "style"


def _apply_styles(root: etree._Element) -> None:
    """The icon's <style> rules written into each element's style= (most specific last,
    its own style= after them), as a browser applies them; the <style> then goes."""
    sheets = [el.text or "" for el in root.iter(f"{{{SVG_NS}}}style", "style")]
    if not any(s.strip() for s in sheets):
        return
    import cssselect2
    import tinycss2

    matcher = cssselect2.Matcher()
    for rule in tinycss2.parse_stylesheet("\n".join(sheets), skip_whitespace=True,
                                          skip_comments=True):
        if rule.type != "qualified-rule":
            continue
        body = tinycss2.serialize(rule.content).strip().strip(";")
        try:
            selectors = cssselect2.compile_selector_list(rule.prelude)
        except cssselect2.SelectorError:
            continue
        for sel in selectors:
            matcher.add_selector(sel, body)
    for wrapped in cssselect2.ElementWrapper.from_xml_root(root).iter_subtree():
        found = matcher.match(wrapped)
        if found:
            el = wrapped.etree_element
            rules = [body for *_, body in sorted(found, key=lambda m: m[:2])]
            own = el.get("style")
            el.set("style", "; ".join(rules + ([own] if own else [])))


def markup(icon: Icon, x: float, y: float, w: float | None, h: float | None,
           colour: str = "#000000", tag: str | None = None) -> str:
    """The SVG that draws `icon` in the box (x, y, w, h), in the face's units (mm): one
    of w and h keeps the icon's aspect, neither draws it at its true size."""
    if w is None and h is None:
        w, h = icon.width, icon.height
    elif w is None:
        w = h * icon.aspect  # type: ignore[operator]
    elif h is None:
        h = w / icon.aspect
    assert w is not None and h is not None
    return _markup(icon, round(x, 4), round(y, 4), round(w, 4), round(h, 4), colour, tag)


@lru_cache(maxsize=4096)
def _markup(icon: Icon, x: float, y: float, w: float, h: float, colour: str,
            tag: str | None) -> str:
    tagged = f' data-pnp="{tag}"' if tag else ""
    if icon.kind != "svg":
        bx, by, bw, bh = _meet(x, y, w, h, icon.width, icon.height, "xMidYMid meet")
        return (f'<image{tagged} x="{_n(bx)}" y="{_n(by)}" width="{_n(bw)}" '
                f'height="{_n(bh)}" href="{_attr(icon.href)}"/>')
    vx, vy, vw, vh = icon.view
    if icon.align.startswith("none"):
        sx, sy, tx, ty = w / vw, h / vh, x, y
    else:
        bx, by, bw, _ = _meet(x, y, w, h, vw, vh, icon.align)
        sx = sy = bw / vw
        tx, ty = bx, by
    body = _CURRENT.sub(colour, icon.body.decode("utf-8"))
    transform = (f'transform="translate({_n(tx)} {_n(ty)}) scale({_n(sx, 6)} {_n(sy, 6)}) '
                 f'translate({_n(-vx)} {_n(-vy)})"')
    head = body.find(">")
    opened = body[:head].replace(f'<g xmlns="{SVG_NS}"', "<g", 1)
    return f"{opened}{tagged} data-pnp-icon=\"\" {transform}{body[head:]}"


def _meet(x: float, y: float, w: float, h: float, iw: float, ih: float,
          align: str) -> tuple[float, float, float, float]:
    """The box of aspect iw:ih that fits (x, y, w, h), placed as `align` says."""
    s = min(w / iw, h / ih)
    bw, bh = iw * s, ih * s
    fx = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}[align[1:4]]
    fy = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}[align[5:8]]
    return x + (w - bw) * fx, y + (h - bh) * fy, bw, bh


def _n(value: float, digits: int = 4) -> str:
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _attr(value: str) -> str:
    return value.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
