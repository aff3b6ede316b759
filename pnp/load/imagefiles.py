"""Image and icon files a game names (an `image` field, `data.icons`): checked when the
game is loaded, so a missing or unreadable icon is a problem at the line that names it,
not a failure while a card is drawn. Also the one reading of an SVG icon's size (px =
1/96 in, as browsers draw it), shared with render.icons."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from lxml import etree

from pnp.load.paths import is_within

SUFFIXES = {".svg": "svg", ".png": "png", ".jpg": "jpeg", ".jpeg": "jpeg"}
MAX_SVG_BYTES = 2 * 1024 * 1024  # an icon; a drawing this large belongs in a template
MAX_RASTER_BYTES = 40 * 1024 * 1024  # as render.drawable's images
MAX_PIXELS = 40_000_000
MAX_ICON_MM = 2_000.0  # an icon's true size, each side
NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_-]*$")  # a name `:name:` can use in text

SVG_NS = "http://www.w3.org/2000/svg"
_UNIT_MM = {"": 25.4 / 96, "px": 25.4 / 96, "pt": 25.4 / 72, "pc": 25.4 / 6, "mm": 1.0,
            "cm": 10.0, "in": 25.4, "q": 0.25}
_LENGTH = re.compile(r"^\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)\s*([a-zA-Z%]*)\s*$")
PARSER_OPTIONS: dict[str, Any] = {
    "resolve_entities": "internal",  # Illustrator declares its namespaces as entities;
    "no_network": True,  # an external entity is refused (not defined), amplification too
    "remove_comments": True, "remove_pis": True, "huge_tree": False, "load_dtd": False}


class BadImage(ValueError):
    """Why a named image file cannot be used (the message a user reads)."""


def kind_of(relative: str) -> str | None:
    """'svg', 'png' or 'jpeg' by the file's suffix; None for any other."""
    return SUFFIXES.get(Path(relative).suffix.lower())


def resolve(folder: Path, relative: object) -> Path:
    """The file `relative` names inside `folder`: a regular file, every link followed,
    with a suffix pnp draws. BadImage says what is wrong."""
    if not isinstance(relative, str) or not relative.strip():
        raise BadImage(f"must be the path of an image file in the game folder (got "
                       f"{relative!r})"[:160])
    shown = relative[:80]
    if kind_of(relative) is None:
        raise BadImage(f"'{shown}' is not an icon pnp draws: use an .svg, .png or .jpg file")
    path = folder / relative
    if Path(relative).is_absolute() or "://" in relative or not is_within(path, folder):
        raise BadImage(f"'{shown}' leads outside the game folder: a game reads only its "
                       "own files")
    if not path.exists():
        raise BadImage(f"'{shown}' not found in the game folder")
    if not path.resolve().is_file():
        raise BadImage(f"'{shown}' is not a regular file")
    return path


def read(path: Path, kind: str) -> bytes:
    """The file's bytes, within its kind's limit (safeio: a FIFO is refused)."""
    from pnp.base.errors import InputError
    from pnp.load.safeio import read_bytes

    limit = MAX_SVG_BYTES if kind == "svg" else MAX_RASTER_BYTES
    try:
        return read_bytes(path, limit, "icon")
    except InputError as exc:
        raise BadImage(f"'{path.name}': {exc.message}") from exc


def parse_svg(data: bytes, name: str) -> etree._Element:
    """The root <svg> of an icon file (XML declaration, DOCTYPE and comments are fine)."""
    try:
        root = etree.fromstring(data, etree.XMLParser(**PARSER_OPTIONS))
    except etree.XMLSyntaxError as exc:
        raise BadImage(f"'{name}' is not SVG pnp can read: {exc.msg}") from exc
    if not isinstance(root.tag, str) or etree.QName(root).localname != "svg" or \
            etree.QName(root).namespace not in (SVG_NS, None):
        raise BadImage(f"'{name}' is not an SVG file (its root is not <svg>)")
    return root


def length_mm(value: str | None) -> float | None:
    """An SVG root's width or height in mm (a bare number is px, 1/96 in); None when
    missing or relative (%, em): the viewBox gives the size then."""
    if value is None:
        return None
    m = _LENGTH.match(value)
    unit = m.group(2).lower() if m else "%"
    if not m or unit not in _UNIT_MM:
        return None
    return float(m.group(1)) * _UNIT_MM[unit]


def svg_box(root: etree._Element, name: str) -> tuple[float, float, tuple[float, ...]]:
    """(width mm, height mm, viewBox) of an icon's root, as a browser sizes it."""
    view: tuple[float, ...] | None = None
    if root.get("viewBox"):
        try:
            view = tuple(float(v) for v in root.get("viewBox", "").replace(",", " ").split())
        except ValueError:
            view = None
        if view is None or len(view) != 4 or not all(abs(v) < 1e6 for v in view) or \
                view[2] <= 0 or view[3] <= 0:
            raise BadImage(f"'{name}': viewBox must be four numbers with a positive size "
                           f"(got {root.get('viewBox', '')[:40]!r})")
    w, h = length_mm(root.get("width")), length_mm(root.get("height"))
    px = _UNIT_MM["px"]
    if view is not None:
        if w is None and h is None:
            w, h = view[2] * px, view[3] * px
        elif w is None:
            w = h * view[2] / view[3]  # type: ignore[operator]
        elif h is None:
            h = w * view[3] / view[2]
    elif w is None or h is None:
        raise BadImage(f"'{name}' has no size: give its <svg> a viewBox, or width and height")
    else:
        view = (0.0, 0.0, w / px, h / px)
    assert w is not None and h is not None
    if not (0 < w <= MAX_ICON_MM and 0 < h <= MAX_ICON_MM):
        raise BadImage(f"'{name}' is {w:g} x {h:g} mm; an icon's sides are 0 to "
                       f"{MAX_ICON_MM:,.0f} mm")
    return w, h, view


def raster_size(data: bytes, name: str) -> tuple[float, float]:
    """A PNG or JPEG's true size in mm: its pixels at its own dpi, else 96 dpi."""
    import io

    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as im:
            (pw, ph), fmt, dpi = im.size, im.format, im.info.get("dpi")
    except BadImage:
        raise
    except Exception as exc:  # noqa: BLE001 - PIL raises many kinds for a broken header
        raise BadImage(f"'{name}' is not a PNG or JPEG image pnp can read") from exc
    if fmt not in ("PNG", "JPEG"):
        raise BadImage(f"'{name}' is {fmt}; use PNG or JPEG")
    if pw * ph > MAX_PIXELS:
        raise BadImage(f"'{name}' has {pw} x {ph} pixels; an image may have {MAX_PIXELS:,}")
    intact(data, f"'{name}'")
    try:
        dx, dy = (float(v) for v in dpi) if dpi else (96.0, 96.0)
    except (TypeError, ValueError):
        dx = dy = 96.0
    dx, dy = (dx if dx >= 1 else 96.0), (dy if dy >= 1 else 96.0)
    return pw * 25.4 / dx, ph * 25.4 / dy


def intact(data: bytes, what: str) -> None:
    """BadImage when the image's data is cut short or damaged (a PNG's chunk checksums),
    which drawing it would meet: found here, at the line that names the file, by validate
    as by build. Nothing is decoded."""
    import io

    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as im:
            im.verify()
    except Exception as exc:  # noqa: BLE001 - PIL raises many kinds for damaged data
        raise BadImage(f"{what} is damaged ({exc}); save it again from your image "
                       "editor") from exc


def check(folder: Path, relative: object) -> str | None:
    """What is wrong with the icon file `relative` names (None: it can be drawn)."""
    try:
        path = resolve(folder, relative)
        kind = kind_of(str(relative)) or ""
        data = read(path, kind)
        if kind == "svg":
            svg_box(parse_svg(data, str(relative)[:80]), str(relative)[:80])
        else:
            raster_size(data, str(relative)[:80])
    except BadImage as exc:
        return str(exc)
    return None
