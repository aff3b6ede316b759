"""An SVG element's presentation properties, wherever they are written: a `style="a: b"`
declaration wins over the attribute of the same name, as in a browser. The normaliser
reads and rewrites properties through these, so a value written either way is found."""

from __future__ import annotations

import re

from lxml import etree

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_UNITS = {"px": 1.0, "": 1.0, "pt": 96 / 72, "pc": 16.0, "in": 96.0, "cm": 96 / 2.54,
          "mm": 96 / 25.4, "q": 96 / 101.6}
_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([a-zA-Z%]*)\s*$")


def local(el: etree._Element) -> str:
    """The element's name without its namespace ('' for comments and the like)."""
    return etree.QName(el).localname if isinstance(el.tag, str) else ""


def declarations(el: etree._Element) -> dict[str, str]:
    """The element's `style` attribute as property → value, in written order."""
    style = el.get("style")
    if not style:
        return {}
    found: dict[str, str] = {}
    for part in style.split(";"):
        name, colon, value = part.partition(":")
        if colon and name.strip():
            found[name.strip().lower()] = value.replace("!important", "").strip()
    return found


def get(el: etree._Element, name: str) -> str | None:
    """The property as the element itself writes it (style first), or None."""
    if "style" in el.attrib:
        value = declarations(el).get(name)
        if value is not None:
            return value
    return el.get(name)


def put(el: etree._Element, name: str, value: str) -> None:
    """Set a property where it is written (style or attribute), else as an attribute."""
    styles = declarations(el)
    if name in styles:
        styles[name] = value
        _write(el, styles)
    else:
        el.set(name, value)


def drop(el: etree._Element, *names: str) -> None:
    """Remove properties from the element, in its style and its attributes."""
    styles = declarations(el)
    if any(n in styles for n in names):
        _write(el, {k: v for k, v in styles.items() if k not in names})
    for name in names:
        el.attrib.pop(name, None)


def _write(el: etree._Element, styles: dict[str, str]) -> None:
    if styles:
        el.set("style", ";".join(f"{k}:{v}" for k, v in styles.items()))
    else:
        el.attrib.pop("style", None)


def inherited(el: etree._Element, name: str) -> str | None:
    """The property's value on the element or its nearest ancestor that writes it."""
    node: etree._Element | None = el
    while node is not None:
        value = get(node, name)
        if value is not None and value != "inherit":
            return value
        node = node.getparent()
    return None


def number(value: str | None, default: float) -> float:
    """A plain number (an opacity, a scale); the default when absent or unreadable."""
    if value is None:
        return default
    try:
        text = value.strip()
        return float(text[:-1]) / 100 if text.endswith("%") else float(text)
    except ValueError:
        return default


def length(value: str | None, default: float, em: float = 16.0,
           percent_of: float | None = None) -> float:
    """A length in user units, CSS pixels at 96 an inch as browsers count them (1mm is
    3.78 user units); `em` is the font size the `em` unit stands for."""
    if value is None:
        return default
    m = _LENGTH.match(value)
    if not m:
        return default
    amount, unit = float(m.group(1)), m.group(2).lower()
    if unit == "%":
        return amount / 100 * percent_of if percent_of is not None else default
    if unit == "em":
        return amount * em
    if unit == "ex":
        return amount * em / 2
    scale = _UNITS.get(unit)
    return amount * scale if scale is not None else default


def font_size(el: etree._Element) -> float:
    """The element's font size in user units (16 when nothing sets it, as in browsers)."""
    chain = []
    node: etree._Element | None = el
    while node is not None:
        chain.append(node)
        node = node.getparent()
    size = 16.0
    for node in reversed(chain):
        value = get(node, "font-size")
        if value is not None:
            size = length(value, size, em=size, percent_of=size)
    return size


def href(el: etree._Element) -> str | None:
    """The target id of an `href` or `xlink:href="#id"`, without its '#'."""
    ref = el.get("href") or el.get(XLINK_HREF)
    return ref[1:].strip() if ref and ref.startswith("#") else None
