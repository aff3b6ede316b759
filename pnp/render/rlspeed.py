"""Faster stand-ins for three of reportlab's pure-Python helpers, giving the same bytes,
a lighter start for svglib and reportlab.graphics (defer_inits), and an svglib renderer
that works out each inherited attribute once (remembering_attributes).

reportlab writes every number of a PDF through `fp_str` and ASCII85-encodes every stream
in Python (its optional C accelerator rounds differently, which would change the output).
A build formats the same few thousand numbers (slot positions, font sizes, colours) again
and again, so `fp_str` keeps what it has formatted; ASCII85 comes from the standard
library's `base64.a85encode`, which encodes alike (`z` for four zero bytes, never for the
short last group); `escapePDF` (every string drawn) is one `str.translate` over
reportlab's own escape table instead of a loop over the characters. tests/test_rlspeed.py
holds each to reportlab's own function."""

from __future__ import annotations

import base64
import functools
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

MAX_REMEMBERED = 200_000  # formatted numbers kept; past it the memory starts afresh

_installed = False


def _remembering(fp_str: Callable[..., str]) -> Callable[..., str]:
    known: dict[tuple[Any, ...], str] = {}

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
    def a85(data: Any) -> str:
        if not isinstance(data, bytes):
            return encode(data)  # reportlab also takes str; rare, left to it
        return base64.a85encode(data).decode("latin-1") + "~>"

    return a85


def _translating(escape: Callable[[Any], str], table: dict[int, str]) -> Callable[[Any], str]:
    """escapePDF as one str.translate over reportlab's own table (every code below 256);
    bytes, and text reportlab's loop would refuse (a code of 256 or more), go to it."""
    def escape_pdf(text: Any) -> str:
        if isinstance(text, str) and (not text or max(text) < "\u0100"):
            return text.translate(table)
        return escape(text)

    return escape_pdf


def defer_inits() -> None:
    """Enter two packages without running their __init__, which pnp does not need:
    - reportlab.platypus: reportlab.graphics (svglib's drawings) takes only `Flowable`
      from it, but its __init__ imports paragraphs, tables and page templates and compiles
      a large regular expression (~50 ms a command);
    - svglib: its __init__ is the svg2pdf command, and looks up its own version in the
      installed packages' metadata (~20 ms); pnp imports only svglib.svglib and
      svglib.fonts.
    Nothing is lost, only put off: the first other name asked of either runs its
    __init__."""
    _without_init("reportlab.platypus", {"Flowable": "flowables"})
    _without_init("svglib", {})


def _without_init(name: str, names: dict[str, str]) -> None:
    """Put package `name` in sys.modules with its folder but without running its
    __init__, holding `names` (name → the submodule that defines it)."""
    if name in sys.modules:
        return
    import importlib
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or not spec.submodule_search_locations:
        return
    package = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def the_rest(attribute: str) -> Any:
        del package.__dict__["__getattr__"]
        loader.exec_module(package)
        return getattr(package, attribute)  # AttributeError when it has no such name

    package.__getattr__ = the_rest  # type: ignore[method-assign]
    parent_name, _, child = name.rpartition(".")
    parent = sys.modules[parent_name] if parent_name else None
    sys.modules[name] = package
    if parent is not None:
        setattr(parent, child, package)
    try:
        for attribute, module in names.items():
            value = getattr(importlib.import_module(f"{name}.{module}"), attribute)
            setattr(package, attribute, value)
    except BaseException:
        del sys.modules[name]
        if parent is not None:
            delattr(parent, child)
        raise


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
      each caller gets its own copy of the list."""
    _clip_when_asked(type(renderer))
    converter = renderer.attrConverter
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
    `clip-path` at all: most have none, and get None without them. Idempotent."""
    original = renderer_class.get_clippath
    if getattr(original, "_pnp_clip_when_asked", False):
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
    rl_accel), and put off two packages' __init__ (defer_inits). Idempotent."""
    global _installed
    if _installed:
        return
    defer_inits()
    from reportlab.lib import rl_accel

    swaps = {
        "fp_str": (rl_accel.fp_str, _remembering(rl_accel.fp_str)),
        "asciiBase85Encode": (rl_accel.asciiBase85Encode,
                              _stdlib_a85(rl_accel.asciiBase85Encode)),
        "escapePDF": (rl_accel.escapePDF,
                      _translating(rl_accel.escapePDF, dict(rl_accel._ESCAPEDICT))),
    }
    for name, (old, new) in swaps.items():
        setattr(rl_accel, name, new)
        for module_name, module in list(sys.modules.items()):
            if module_name.startswith("reportlab.") and vars(module).get(name) is old:
                setattr(module, name, new)
    _installed = True
