"""PDF validity: every name a page or form uses is defined in that object's resources.

Read from reportlab's document objects once the file is written: the names each content
stream uses (a page's, noted before pdf.py compressed it as it was finished) and the
resource dictionaries as they were formatted. Reading them there costs a few
milliseconds; parsing the finished file back with a PDF library would cost more than the
build of a deck.
"""

from __future__ import annotations

import re
from typing import Any

# literal strings (reportlab escapes parentheses inside them) and hex strings
_STRINGS = re.compile(rb"\((?:\\.|[^\\()])*\)|<[0-9A-Fa-f\s]*>(?!>)")
_INLINE_IMAGES = re.compile(rb"\bBI\b.*?\bID\b.*?\bEI\b", re.S)
_NAME = rb"/([^\s/\[\]()<>{}%]+)"
_USES = re.compile(_NAME + rb"\s+(?:[-+\d.]+\s+)?(gs|Do|Tf|cs|CS|sh|scn|SCN)(?![^\s/\[\]()<>{}%])")
_CATEGORY = {b"gs": "ExtGState", b"Do": "XObject", b"Tf": "Font", b"cs": "ColorSpace",
             b"CS": "ColorSpace", b"sh": "Shading", b"scn": "Pattern", b"SCN": "Pattern"}
_DEVICE_SPACES = {"DeviceRGB", "DeviceGray", "DeviceCMYK", "Pattern"}
_WHAT = {"ExtGState": "graphics state", "XObject": "form or image", "Font": "font",
         "ColorSpace": "colour space", "Shading": "shading", "Pattern": "pattern"}


def used_names(content: bytes) -> set[tuple[str, str]]:
    """(resource category, name) for every resource a content stream names."""
    text = _STRINGS.sub(b" ", content)
    if b"BI" in text:  # (no inline image without it: the search is skipped, ~30 µs a page)
        text = _INLINE_IMAGES.sub(b" ", text)
    found = set()
    for name, op in _USES.findall(text):
        category = _CATEGORY[op]
        value = name.decode("latin-1")
        if category == "ColorSpace" and value in _DEVICE_SPACES:
            continue
        found.add((category, value))
    return found


def _entries(value: Any, doc: Any) -> set[str]:
    """Names defined by one resource category (a dictionary, or a reference to one)."""
    from reportlab.pdfbase import pdfdoc

    if value is None:
        return set()
    if isinstance(value, pdfdoc.PDFObjectReference):
        value = doc.idToObject.get(value.name)
    if isinstance(value, pdfdoc.PDFDictionary):
        value = value.dict
    if isinstance(value, dict):
        return {str(k).lstrip("/") for k in value}
    return set()


NAMES_ATTR = "_pnp_names"  # a page packed as it was finished keeps the names it uses


def page_names(stream: str | bytes) -> frozenset[tuple[str, str]]:
    """The names a page's content uses, worked out before it is compressed (pdf.py), one
    set for all pages that use the same (every fronts page of a deck)."""
    data = stream.encode("latin-1") if isinstance(stream, str) else stream
    names = frozenset(used_names(data))
    return _SETS.setdefault(names, names)


_SETS: dict[frozenset[tuple[str, str]], frozenset[tuple[str, str]]] = {}


def _names(obj: Any) -> set[tuple[str, str]] | frozenset[tuple[str, str]]:
    known = vars(obj).get(NAMES_ATTR)
    if known is not None:
        return known
    data = obj.stream if obj.stream is not None else getattr(obj.Contents, "content", b"")
    return used_names(data.encode("latin-1") if isinstance(data, str) else bytes(data or b""))


def unresolved(doc: Any) -> list[str]:
    """One line per name that a page or form of a saved reportlab document uses but does
    not define, e.g. "page 3: graphics state /gRLs0 is not in its resources"."""
    from reportlab.pdfbase import pdfdoc

    problems = []
    page_no = 0
    for key, obj in doc.idToObject.items():
        if isinstance(obj, pdfdoc.PDFPage):
            page_no += 1
            where = f"page {page_no}"
        elif isinstance(obj, pdfdoc.PDFFormXObject):
            where = f"form {str(key).removeprefix('FormXob.')}"
        else:
            continue
        res = obj.Resources
        defined = {cat: _entries(getattr(res, cat, None), doc) for cat in _WHAT}
        for category, name in sorted(_names(obj)):
            if name not in defined[category]:
                problems.append(f"{where}: {_WHAT[category]} /{name} is not in its resources")
    return problems


def embedded_fonts(doc: Any) -> list[str]:
    """The base names of the fonts a saved reportlab document embeds or names."""
    names = []
    for obj in doc.idToObject.values():
        base = getattr(obj, "BaseFont", None)
        if base is not None:
            names.append(str(base).lstrip("/"))
    return sorted(set(names))
