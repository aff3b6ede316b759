"""PDF validity: every name a page or form uses is defined in that object's resources.

Read from reportlab's document objects once the file is written: the names each content
stream uses (a page's, noted before pdf.py compressed it as it was finished) and the
resource dictionaries as they were formatted. Reading them there costs a few
milliseconds; parsing the finished file back with a PDF library would cost more than the
build of a deck.

An inline image (BI dictionary ID data EI) is read as a PDF parser reads it: its data,
ASCII85 text or binary, may hold any bytes ("EI", "/DEE cs"), and is skipped whole.
"""

from __future__ import annotations

import re
from typing import Any

# literal strings (reportlab escapes parentheses inside them) and hex strings
_STRINGS = re.compile(rb"\((?:\\.|[^\\()])*\)|<[0-9A-Fa-f\s]*>(?!>)")
_NAME = rb"/([^\s/\[\]()<>{}%]+)"
_USES = re.compile(_NAME + rb"\s+(?:[-+\d.]+\s+)?(gs|Do|Tf|cs|CS|sh|scn|SCN)(?![^\s/\[\]()<>{}%])")
_CATEGORY = {b"gs": "ExtGState", b"Do": "XObject", b"Tf": "Font", b"cs": "ColorSpace",
             b"CS": "ColorSpace", b"sh": "Shading", b"scn": "Pattern", b"SCN": "Pattern"}
_DEVICE_SPACES = {"DeviceRGB", "DeviceGray", "DeviceCMYK", "Pattern"}
_WHAT = {"ExtGState": "graphics state", "XObject": "form or image", "Font": "font",
         "ColorSpace": "colour space", "Shading": "shading", "Pattern": "pattern"}


def used_names(content: bytes) -> set[tuple[str, str]]:
    """(resource category, name) for every resource a content stream names."""
    if b"BI" in content:  # (no inline image without it: a plain page costs nothing more)
        text = _without_inline_images(content)
    else:
        text = _STRINGS.sub(b" ", content)
    found = set()
    for name, op in _USES.findall(text):
        category = _CATEGORY[op]
        value = name.decode("latin-1")
        if category == "ColorSpace" and value in _DEVICE_SPACES:
            continue
        found.add((category, value))
    return found


# a PDF token boundary: white space or a delimiter (a name's "/" starts a name: /BI is none)
_OPEN = rb"(?<![^\s\[\]()<>{}%])"
_CLOSE = rb"(?![^\s/\[\]()<>{}%])"
_STRING_OR_BI = re.compile(rb"(" + _STRINGS.pattern + rb")|" + _OPEN + rb"BI" + _CLOSE)
_TOKEN = re.compile(rb"/[^\s/\[\]()<>{}%]*|<<|>>|[\[\]{}]|\((?:\\.|[^\\()])*\)"
                    rb"|<[0-9A-Fa-f\s]*>|[^\s/\[\]()<>{}%]+")
_WHITE = b"\x00\t\n\x0c\r "
_EI = re.compile(rb"(?<=[\x00\t\n\x0c\r ])EI(?=[\x00\t\n\x0c\r ]|\Z)")
_EI_AFTER_DATA = re.compile(rb"EI" + _CLOSE)  # "~>EI": the marker ends the data
_BINARY = re.compile(rb"[^\x00\t\n\x0c\r\x20-\x7e]")
_OPERATORS = frozenset(
    b"w J j M d ri i gs q Q cm m l c v y h re S s f F f* B B* b b* n W W* BT ET Tc Tw Tz TL "
    b"Tf Tr Ts Td TD Tm T* Tj TJ ' \" d0 d1 CS cs SC SCN sc scn G g RG rg K k sh BI Do MP "
    b"DP BMP BDC BMC EMC BX EX".split())
_LOOK_AHEAD = 64  # bytes after a binary image's "EI" that must read as a content stream
# where ASCII data ends; reportlab's 60-character lines may split "~>" ("~\n>")
_A85_END = re.compile(rb"~[\x00\t\n\x0c\r ]*>")
_AHX_END = re.compile(rb">")
_ASCII_END = {b"A85": _A85_END, b"ASCII85Decode": _A85_END, b"AHx": _AHX_END,
              b"ASCIIHexDecode": _AHX_END}


def _without_inline_images(content: bytes) -> bytes:
    """The content with its strings and inline images (dictionary and data) blanked,
    read in order as a parser does: "BI" inside a string is text, "(" inside image
    data is data."""
    parts = []
    pos = 0
    while (m := _STRING_OR_BI.search(content, pos)) is not None:
        parts += (content[pos:m.start()], b" ")
        pos = m.end() if m.group(1) is not None else _image_end(content, m.end())
    parts.append(content[pos:])
    return b"".join(parts)


def _image_end(content: bytes, pos: int) -> int:
    """Where the inline image whose dictionary starts at `pos` ends (after its "EI")."""
    entries: dict[bytes, list[bytes]] = {}
    key, depth = None, 0
    for m in _TOKEN.finditer(content, pos):
        token = m.group()
        if token == b"ID" and depth == 0:
            start = m.end() + 1  # "ID" and one white-space byte, then the data
            break
        if token in (b"[", b"<<"):
            depth += 1
        elif token in (b"]", b">>"):
            depth -= 1
        if key is None and depth == 0:
            key = token[1:] if token.startswith(b"/") else None
        elif key is not None:
            entries.setdefault(key, []).append(token)
            key = key if depth else None
    else:
        return len(content)  # no data: nothing after BI is read as operators
    length = entries.get(b"L") or entries.get(b"Length")
    if length and length[0].isdigit():
        end = _ei_after(content, start + int(length[0]))
        if end is not None:
            return end
    names = [t[1:] for t in entries.get(b"F") or entries.get(b"Filter") or [] if t[:1] == b"/"]
    marker = _ASCII_END.get(names[0]) if names else None  # the first filter decodes first
    if marker is not None:
        close = marker.search(content, start)
        if close is None:
            return len(content)
        end = _ei_after(content, close.end())
        if end is not None:
            return end
        start = close.end()
    return _binary_end(content, start)


def _ei_after(content: bytes, pos: int) -> int | None:
    """The end of an "EI" at `pos` (after white space), if one is there: where data of
    a known length or with an end marker is followed by its "EI"."""
    while pos < len(content) and content[pos] in _WHITE:
        pos += 1
    return pos + 2 if _EI_AFTER_DATA.match(content, pos) else None


def _binary_end(content: bytes, pos: int) -> int:
    """The end of binary image data: the first "EI" between white space followed by
    text (up to the next image's data) whose first word after any operands is an
    operator, as pdf.js and pdfminer find it."""
    for m in _EI.finditer(content, pos):
        window = content[m.end():m.end() + _LOOK_AHEAD]
        next_data = window.find(b"ID")
        if _BINARY.search(window, 0, len(window) if next_data < 0 else next_data):
            continue
        for t in _TOKEN.finditer(window):
            if not _operand(t.group()):
                if t.group() in _OPERATORS:
                    return m.end()
                break  # a word that is no operator: still image data
        else:
            return m.end()  # operands only, up to the end of the content or of the window
    return len(content)


def _operand(token: bytes) -> bool:
    """Whether a token is a name, number, array, string or dictionary: what comes
    before an operator, not one."""
    return (token[:1] in b"/[]()<>{}" or token in (b"true", b"false", b"null")
            or token.lstrip(b"+-").replace(b".", b"", 1).isdigit())


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
        if isinstance(res, pdfdoc.PDFObjectReference):  # shared by pages (draw.pdf)
            res = doc.idToObject[res.name]
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
