"""What a face's SVG may hold before it is drawn: a bounded number of elements and
layers, finite numbers of sane size, references only to its own definitions, and images
only from inside the game folder (or inline), of a bounded size and pixel count."""

from __future__ import annotations

import base64
import binascii
import functools
import io
import re
from pathlib import Path

from lxml import etree

from pnp.base.errors import ContentError, InputError
from pnp.load.paths import is_within

MAX_ELEMENTS = 50_000  # in one face
MAX_LAYERS = 5_000  # top-level elements of one face (each can become a PDF form)
MAX_NUMBER = 1_000_000.0  # any coordinate, length or size, in the SVG's own units
MAX_IMAGE_PIXELS = 40_000_000  # one image: width x height
MAX_IMAGE_BYTES = 40 * 1024 * 1024

XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_NUMERIC = {"x", "y", "width", "height", "cx", "cy", "r", "rx", "ry", "x1", "y1", "x2", "y2",
            "points", "d", "transform", "viewBox", "font-size", "stroke-width", "opacity",
            "fill-opacity", "stroke-opacity", "stroke-dasharray", "dx", "dy", "offset"}
_NUMBER = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_NOT_FINITE = re.compile(r"(?i)\b(?:nan|inf|infinity)\b")
_URL = re.compile(r"url\(\s*(['\"]?)(.*?)\1\s*\)", re.I)
_DATA = re.compile(r"^data:image/(png|jpe?g);base64,(.*)$", re.S | re.I)


def check_root(root: etree._Element, origin: str) -> None:
    """The face's own element: its layer count and attributes (attributes found right
    once are right on every face that has them: a deck's faces share their root's)."""
    if len(root) > MAX_LAYERS:
        raise ContentError(f"the SVG has {len(root):,} top-level layers; one face may have "
                           f"{MAX_LAYERS:,} (group them)", origin)
    attributes = tuple(root.attrib.items())
    if attributes not in _ROOTS_RIGHT:
        _attributes(root, origin)
        if len(_ROOTS_RIGHT) < MAX_ROOTS_KEPT:
            _ROOTS_RIGHT.add(attributes)


MAX_ROOTS_KEPT = 256
_ROOTS_RIGHT: set[tuple[tuple[str, str], ...]] = set()  # root attributes that passed


def check_count(count: int, origin: str) -> None:
    if count > MAX_ELEMENTS:
        raise ContentError(f"the SVG has {count:,} elements; one face may have "
                           f"{MAX_ELEMENTS:,}", origin)


def check_layer(layer: etree._Element, origin: str, reference_root: Path) -> int:
    """Raise a ContentError (naming the template) for anything in one layer pnp will not
    draw; make its image references what svglib takes. Returns its element count."""
    for el in list(layer.iter("{*}image", "image")):
        for attr in ("href", XLINK_HREF):
            ref = el.get(attr)
            if ref is None:
                continue
            try:
                if _svg_file(ref):  # an SVG icon: drawn inline, as a browser draws it
                    _inline_svg(el, ref, reference_root.resolve())
                    break
                el.set(attr, _image(ref, reference_root.resolve(), origin))
            except ContentError as exc:
                raise _at_line(exc, ref, origin, reference_root) from exc
    count = 0
    for el in layer.iter():
        count += 1
        if isinstance(el.tag, str):
            _attributes(el, origin)
        if count > MAX_ELEMENTS:
            check_count(count, origin)
    return count


def _svg_file(ref: str) -> bool:
    return not ref.startswith(("data:", "#")) and ref.split("#")[0].lower().endswith(".svg")


def _inline_svg(el: etree._Element, ref: str, base: Path) -> None:
    """An <image> of an SVG file becomes a <g> holding the file's drawing in the image's
    box (render.icons: px = 1/96 in, viewBox and aspect kept); without width and height
    the icon takes its true size, in the face's millimetres."""
    from pnp.load.imagefiles import BadImage
    from pnp.render.icons import load, markup

    try:
        icon = load(base, ref)
    except BadImage as exc:
        raise ContentError(f"image {exc}") from exc
    box = []
    for name in ("x", "y", "width", "height"):
        value = el.get(name)
        try:
            box.append(None if value is None else float(value.strip().removesuffix("mm")))
        except ValueError as exc:
            raise ContentError(f"<image> {name}=\"{value[:20]}\": give a number (the "
                               "face's millimetres)") from exc
    x, y, w, h = box
    drawn = etree.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink='
                             f'"http://www.w3.org/1999/xlink">'
                             f'{markup(icon, x or 0.0, y or 0.0, w, h)}</svg>')[0]
    for name in list(el.attrib):
        if etree.QName(name).localname in ("href", "x", "y", "width", "height",
                                           "preserveAspectRatio"):
            del el.attrib[name]
    el.tag = "{http://www.w3.org/2000/svg}g"
    el.append(drawn)


def _at_line(exc: ContentError, ref: str, origin: str,
             reference_root: Path) -> ContentError:
    """An image's refusal at the template line that wrote it (its path, else <image)."""
    if exc.line is not None:
        return exc
    from pnp.render.refusals import locate

    path, line = locate(exc.path or origin, reference_root, (ref[:60], "<image", "href="))
    return ContentError(exc.message, path, line, exc.key)


def _attributes(el: etree._Element, origin: str) -> None:
    for attr, value in el.attrib.items():
        local = attr.rsplit("}", 1)[-1]
        if local in _NUMERIC:
            _numbers(local, value, origin)
        if "url(" in value:
            for _, ref in _URL.findall(value):
                if not ref.startswith("#"):
                    raise ContentError(f"{local}: url({ref[:40]}) points outside the SVG; "
                                       "only url(#id) is allowed", origin)


def _numbers(name: str, value: str, origin: str) -> None:
    try:  # most values are one plain number: checked without the regexes
        if abs(float(value)) <= MAX_NUMBER:  # (NaN compares false: it takes the long way)
            return
    except ValueError:
        pass
    if _NOT_FINITE.search(value):
        raise ContentError(f"{name}=\"{value[:40]}\" is not a finite number", origin)
    for token in _NUMBER.findall(value):
        if abs(float(token)) > MAX_NUMBER:
            raise ContentError(f"{name}=\"{value[:40]}\": {token} is out of range (at most "
                               f"{MAX_NUMBER:,.0f})", origin)


def _image(ref: str, base: Path, origin: str) -> str:
    """The reference svglib gets: inline data, or a path relative to the game folder."""
    if ref.startswith("data:"):
        m = _DATA.match(ref)
        if not m:
            raise ContentError("an inline image must be data:image/png or image/jpeg, "
                               "base64", origin)
        try:
            data = base64.b64decode("".join(m.group(2).split()), validate=True)
        except (binascii.Error, ValueError) as exc:
            raise ContentError("an inline image's base64 data is broken", origin) from exc
        _pixels(data, "the inline image", origin)
        return ref
    target = (base / ref).resolve()
    if ref.startswith(("/", "\\")) or "://" in ref or not is_within(target, base):
        raise ContentError(f"image '{ref[:60]}' is outside the game folder {base}", origin)
    if not target.exists():  # a folder or a FIFO is there: read_bytes names it
        raise ContentError(f"image '{ref[:60]}' not found in {base}", origin)
    from pnp.load.safeio import read_bytes

    try:
        data = read_bytes(target, MAX_IMAGE_BYTES, "image")
    except InputError as exc:
        raise ContentError(f"image '{ref[:60]}': {exc.message}", origin) from exc
    _pixels(data, f"image '{ref[:60]}'", origin)
    return target.relative_to(base).as_posix()  # svglib refuses absolute paths


def _pixels(data: bytes, what: str, origin: str) -> None:
    """Read only the image's header: refuse what is not an image, or too many pixels
    (a decompression bomb), before anything decodes it."""
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data)) as im:
            w, h = im.size
            fmt = im.format
    except Exception as exc:  # noqa: BLE001 - PIL raises many kinds for a broken header
        raise ContentError(f"{what} is not a PNG or JPEG image pnp can read", origin) from exc
    if fmt not in ("PNG", "JPEG"):
        raise ContentError(f"{what} is {fmt}; use PNG or JPEG", origin)
    if w * h > MAX_IMAGE_PIXELS:
        raise ContentError(f"{what} has {w} x {h} pixels; an image may have "
                           f"{MAX_IMAGE_PIXELS:,}", origin)
    from pnp.load.imagefiles import BadImage, intact

    try:
        intact(data, what)
    except BadImage as exc:
        raise ContentError(str(exc), origin) from exc


ROOT_TOLERANCE_MM = 0.01  # a root's size may differ from its item's by rounding only


def root_mismatch(svg: str, want_w: float, want_h: float, what: str) -> str | None:
    """Why a face's root <svg> does not fit its item of `want_w` x `want_h` mm (trim and
    bleed), or None when it does. A root of another size is not scaled: its art prints
    off its piece, or blank. Only the root's start tag is read (a deck's faces share
    it); text that is not an <svg> document is left to the full parse, which says why."""
    from pnp.base.units import MM, parse_length

    attrs = root_attrs(svg)
    if attrs is None:
        return None
    width, height = attrs
    expected = f"{want_w:g} x {want_h:g} mm"
    if width is None or height is None:
        return f"the <svg> root needs width and height in mm ({what} is {expected})"
    try:
        got_w, got_h = parse_length(width) / MM, parse_length(height) / MM
    except ValueError as exc:
        return f"<svg> width/height: {exc}"
    if abs(got_w - want_w) <= ROOT_TOLERANCE_MM and abs(got_h - want_h) <= ROOT_TOLERANCE_MM:
        return None
    return (f"the <svg> root is {got_w:.6g} x {got_h:.6g} mm but {what} is {expected}: its "
            "art would print at another size or not at all (pnp.face(face) makes the root)")


def root_attrs(svg: str) -> tuple[str | None, str | None] | None:
    """The root element's width and height, or None when it is not an <svg> element."""
    start = svg.find("<svg")
    end = svg.find(">", start)
    if start < 0 or end < 0:
        return None
    found = _head(svg[:end + 1])
    if found is False:  # a '>' inside an attribute, or a comment first: read on
        found = _start_tag(svg)
    return found or None


def _start_tag(text: str) -> tuple[str | None, str | None] | None | bool:
    """(width, height) of the first element in `text` if it is an <svg>; None if it is
    another element or no XML; False if `text` ends before the element's start tag."""
    parser = etree.XMLPullParser(events=("start",), resolve_entities=False, no_network=True,
                                 huge_tree=False)
    try:
        parser.feed(text)
        for _, el in parser.read_events():
            if etree.QName(el).localname != "svg":
                return None
            return el.get("width"), el.get("height")
    except etree.XMLSyntaxError:
        return None
    return False


_head = functools.lru_cache(maxsize=64)(_start_tag)  # the few start tags of a game's faces
