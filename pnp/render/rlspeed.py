"""Faster stand-ins for three of reportlab's pure-Python helpers, giving the same bytes,
a lighter start for svglib and reportlab.graphics (deferred.py), and an svglib renderer
that works out each inherited attribute once (remembering_attributes).

reportlab writes every number of a PDF through `fp_str` and ASCII85-encodes every stream
in Python (its optional C accelerator rounds differently, which would change the output).
A build formats the same few thousand numbers (slot positions, font sizes, colours) again
and again, so `fp_str` keeps what it has formatted; ASCII85 comes from the standard
library's `base64.a85encode`, which encodes alike (`z` for four zero bytes, never for the
short last group); `escapePDF` (every string drawn) is one `str.translate` over
reportlab's own escape table instead of a loop over the characters. tests/test_rlspeed.py
holds each to reportlab's own function.

Each stand-in is exact only for the upstream code it was checked against: UPSTREAM records
the sha256 of the source of every function one replaces or relies on, and a function whose
installed source differs is not patched (`unchanged`): pnp then runs the library's own code,
slower, with the same output, and tests/test_rlspeed.py fails until someone reads the new
source and records it."""

from __future__ import annotations

import base64
import functools
import hashlib
import importlib
import inspect
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from pnp.render import deferred
from pnp.render.ttfspeed import READERS, splitting_once

MAX_REMEMBERED = 200_000  # formatted numbers kept; past it the memory starts afresh

_installed = False
_CONVERTER = "svglib.svglib:Svg2RlgAttributeConverter"

# "module:attribute" -> sha256 of the source lines (source_hash) of each version checked (reportlab
# 4.4.3-5.1.0, svglib 2.3.0-2.3.2 all have these sources)
UPSTREAM: dict[str, frozenset[str]] = {
    # remembered (_remembering): a function of its arguments only
    "reportlab.lib.rl_accel:fp_str": frozenset({
        "43ebc7c82d2551858fe94896814be23444ad2870629906279e1e7ce17764b744"}),
    # replaced by base64.a85encode (_stdlib_a85): the same 'z' and last-group rules
    "reportlab.lib.rl_accel:asciiBase85Encode": frozenset({
        "d6760e49cabf1c74328fb9f49cab1155254cc6a378f09ec808d4b0025db81ced"}),
    # replaced by str.translate over its _ESCAPEDICT (_translating): one lookup a code
    "reportlab.lib.rl_accel:escapePDF": frozenset({
        "5e05ce7c172385d64fcd0a16d0030d57105ba47d0e5aaf2c555d414abdcb8826"}),
    # remembered (remembering_attributes): styles applied on the first look, never again,
    # and the climb to the parent asks self.findAttr
    "svglib.svglib:Svg2RlgAttributeConverter.findAttr": frozenset({
        "33deb05deb23e2189295435dacb9e5344903b61de6aa11c26680134c12eda6be"}),
    # remembered (remembering_attributes): a function of its text only
    "svglib.svglib:Svg2RlgAttributeConverter.split_attr_list": frozenset({
        "0809a6667f57d38bffed0fcca9b4540eca198a724890f874ebdb21d764cc45b4"}),
    # skipped without a clip-path attribute (_clip_when_asked): it returns None then
    "svglib.svglib:SvgRenderer.get_clippath": frozenset({
        "d209af13286b2b0f3d804a0ba1104b0cdfc8fe035a8422b4616121bffbdbed8c"}),
    # checks a raster file with `PDFImage(path, 0, 0)` only for its OSError, and keeps the
    # path: a header's read answers alike (svglib_draw.images_checked_by_header)
    "svglib.svglib:SvgRenderer.xlink_href_target": frozenset({
        "6c8184bf9575e90ce42132f0d13d8035b50d8442ac761811b6c7e98bedfd99eb"}),
    # remembered per document (ttfspeed.splitting_once): a text's chunks depend only on the codes
    # its characters were given, which never change once given
    "reportlab.pdfbase.ttfonts:TTFont.splitString": frozenset({
        "95205a99dcbbf1ed5a93866d6fcd13f4973a505dc23f891103c10e409359bf91"}),
    # replaced by struct's unpack_from (ttfspeed.READERS): the same number from the same offset,
    # the same struct.error past the end, without slicing the font's bytes each time
    "reportlab.pdfbase.ttfonts:TTFontParser.read_ushort": frozenset({
        "5ba1878e05407eda7c1658c70aabfb3d0d86b65eb9329f8d6b93267a9bf9e21c"}),
    "reportlab.pdfbase.ttfonts:TTFontParser.read_ulong": frozenset({
        "a65f6037a3218106a67fa3dbe81a2ae2cc43e213fbb3d1093f2846089f09c24b"}),
    "reportlab.pdfbase.ttfonts:TTFontParser.get_ushort": frozenset({
        "d70890baff68ccb9b86a527e77b718898b5bce2ba37ce0df33ab7da7cb1a06b4"}),
    "reportlab.pdfbase.ttfonts:TTFontParser.get_ulong": frozenset({
        "df4e0bcd419c061faea9b525260e58289ae4ed3a64f56c03981ea18367133738"}),
}


def source_hash(target: str) -> str | None:
    """sha256 of the installed source of `target` ("module:attribute.attribute"), seen
    through pnp's stand-ins (their __wrapped__); None when it is missing or has no Python
    source (reportlab's optional C accelerator)."""
    module, _, path = target.partition(":")
    try:
        found: Any = importlib.import_module(module)
        for name in path.split("."):
            found = getattr(found, name)
        source = _source_lines(inspect.unwrap(found).__code__)
    except (ImportError, AttributeError, OSError, TypeError):
        return None
    if not source:
        return None
    return hashlib.sha256(source.encode("utf-8")).hexdigest()


def _source_lines(code: Any) -> str:
    """A function's source lines, from its first (decorator) line to its last line of
    code, as its file has them. inspect.getsource says much the same but first scans every
    loaded module for the file (5 ms a process, on every build)."""
    import linecache

    last = max((line for _, _, line in code.co_lines() if line is not None), default=0)
    lines = linecache.getlines(code.co_filename)
    return "".join(lines[code.co_firstlineno - 1:last])


@functools.cache  # ~1 ms each, once a process, the first time it is patched
def unchanged(target: str) -> bool:
    """Whether `target`'s installed source is one its stand-in was checked against."""
    return source_hash(target) in UPSTREAM[target]


def _remembering(fp_str: Callable[..., str]) -> Callable[..., str]:
    known: dict[tuple[Any, ...], str] = {}

    @functools.wraps(fp_str)  # __wrapped__: source_hash reads reportlab's own
    def remembered_fp_str(*args: Any) -> str:
        try:
            return known[args]
        except KeyError:
            if len(known) >= MAX_REMEMBERED:
                known.clear()
            text = known[args] = fp_str(*args)
            return text
        except TypeError:  # a list of numbers: not a key, formatted as it comes
            return fp_str(*args)

    return remembered_fp_str


def _stdlib_a85(encode: Callable[[Any], str]) -> Callable[[Any], str]:
    @functools.wraps(encode)
    def a85(data: Any) -> str:
        if not isinstance(data, bytes):
            return encode(data)  # reportlab also takes str; rare, left to it
        return base64.a85encode(data).decode("latin-1") + "~>"

    return a85


def _translating(escape: Callable[[Any], str], table: dict[int, str]) -> Callable[[Any], str]:
    """escapePDF as one str.translate over reportlab's own table (every code below 256);
    bytes, and text reportlab's loop would refuse (a code of 256 or more), go to it."""
    @functools.wraps(escape)
    def escape_pdf(text: Any) -> str:
        if isinstance(text, str) and (not text or max(text) < "\u0100"):
            return text.translate(table)
        return escape(text)

    return escape_pdf


@contextmanager
def remembering_attributes(renderer: Any) -> Iterator[Any]:
    """The svglib renderer, made to work out each inherited attribute and each list of
    lengths once, not once a shape, for one drawing. On leaving, its memory is let go and
    the renderer is as svglib made it, with no cycle through the memory left for the
    collector: ~76,000 objects of a game's build freed as they go, not collected.

    - svglib finds a shape's fill, stroke, font and a dozen more by climbing from the
      element to the root (`findAttr`), for every shape and every property: siblings
      climb the same ancestors again and again. The converter now keeps each (element,
      name) it has answered. An answer cannot change during one render: svglib writes an
      element's style and CSS into its attributes on its first look, before answering,
      and never again; the copies a `<use>` makes are new elements.
    - Every shape's stroke-dasharray, "none" as a rule, is split with `shlex`
      (`split_attr_list`, a function of its text only): each text is split once, and
      each caller gets its own copy of the list.
    An svglib whose findAttr or split_attr_list is not the one checked (UPSTREAM) draws
    with its own, slower, alike."""
    _clip_when_asked(type(renderer))
    converter = getattr(renderer, "attrConverter", None)
    if converter is None or not all(unchanged(f"{_CONVERTER}.{name}")
                                    for name in ("findAttr", "split_attr_list")):
        yield renderer
        return
    find, split = converter.findAttr, converter.split_attr_list
    known: dict[tuple[Any, str], str] = {}
    splits: dict[str, list[str]] = {}

    def find_attr(node: Any, name: str) -> str:
        key = (getattr(node, "etree_element", node), name)  # held: ids stay unique
        try:
            return known[key]
        except KeyError:
            value = known[key] = find(node, name)  # its climb asks find_attr again
            return value

    def split_attr_list(text: str) -> list[str]:
        try:
            return list(splits[text])
        except KeyError:
            parts = splits[text] = split(text)
            return list(parts)

    converter.findAttr = find_attr  # the instance's own, ahead of the class's methods
    converter.split_attr_list = split_attr_list
    try:
        yield renderer
    finally:
        del converter.findAttr, converter.split_attr_list
        known.clear()
        splits.clear()


def _clip_when_asked(renderer_class: Any) -> None:
    """svglib asks every element for its clipping path, and defines two recursive
    functions (a reference cycle each) before it looks whether the element has a
    `clip-path` at all: most have none, and get None without them. Idempotent; left
    as it is where svglib's get_clippath is not the one checked (UPSTREAM)."""
    original = renderer_class.get_clippath
    if getattr(original, "_pnp_clip_when_asked", False):
        return
    if not unchanged("svglib.svglib:SvgRenderer.get_clippath"):
        return

    @functools.wraps(original)
    def get_clippath(self: Any, node: Any) -> Any:
        if not node.getAttribute("clip-path"):
            return None  # what svglib returns for an element without one
        return original(self, node)

    get_clippath._pnp_clip_when_asked = True  # type: ignore[attr-defined]
    renderer_class.get_clippath = get_clippath


def install() -> None:
    """Put the stand-ins in reportlab's accelerator module and in every reportlab module
    that has already imported the originals (modules imported later take them from
    rl_accel), and put off two packages' __init__ (defer_inits). A function whose source
    is not the one checked (UPSTREAM) keeps reportlab's own. Idempotent."""
    global _installed
    if _installed:
        return
    deferred.defer_inits()
    from reportlab.lib import rl_accel

    table = getattr(rl_accel, "_ESCAPEDICT", {})
    makers: dict[str, Callable[[Any], Callable[..., str]]] = {
        "fp_str": _remembering,
        "asciiBase85Encode": _stdlib_a85,
        "escapePDF": lambda escape: _translating(escape, dict(table)),
    }
    if not set(range(256)) <= set(table):  # translate would pass a code the loop refuses
        del makers["escapePDF"]
    for name, make in makers.items():
        if not unchanged(f"reportlab.lib.rl_accel:{name}"):
            continue
        old = getattr(rl_accel, name)
        new = make(old)
        setattr(rl_accel, name, new)
        for module_name, module in list(sys.modules.items()):
            if module_name.startswith("reportlab.") and vars(module).get(name) is old:
                setattr(module, name, new)
    from reportlab.pdfbase.ttfonts import TTFont, TTFontParser

    if unchanged("reportlab.pdfbase.ttfonts:TTFont.splitString"):
        TTFont.splitString = splitting_once(TTFont.splitString)
    for name, reader in READERS.items():
        if unchanged(f"reportlab.pdfbase.ttfonts:TTFontParser.{name}"):
            setattr(TTFontParser, name, functools.wraps(getattr(TTFontParser, name))(reader))
    _installed = True
