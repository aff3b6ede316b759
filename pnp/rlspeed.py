"""Faster stand-ins for three of reportlab's pure-Python helpers, giving the same bytes,
and a lighter start for reportlab.graphics (defer_platypus).

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
import sys
from collections.abc import Callable
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


def defer_platypus() -> None:
    """reportlab.graphics (svglib's drawings) takes `Flowable` from reportlab.platypus,
    whose __init__ then imports paragraphs, tables and page templates and compiles a large
    regular expression: ~50 ms a command, for names pnp never uses. The package is entered
    here without its __init__, holding `Flowable` from its own module; the first other
    name asked of it runs the __init__, so nothing is lost, only put off."""
    if "reportlab.platypus" in sys.modules:
        return
    import importlib.util

    import reportlab

    spec = importlib.util.find_spec("reportlab.platypus")
    if spec is None or spec.loader is None or not spec.submodule_search_locations:
        return
    package = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def the_rest(name: str) -> Any:
        del package.__dict__["__getattr__"]
        loader.exec_module(package)
        return getattr(package, name)  # AttributeError when platypus has no such name

    package.__getattr__ = the_rest  # type: ignore[method-assign]
    sys.modules["reportlab.platypus"] = package
    reportlab.platypus = package  # type: ignore[attr-defined]
    try:
        from reportlab.platypus.flowables import Flowable
    except BaseException:
        del sys.modules["reportlab.platypus"], reportlab.platypus  # type: ignore[attr-defined]
        raise
    package.Flowable = Flowable  # type: ignore[attr-defined]


def install() -> None:
    """Put the stand-ins in reportlab's accelerator module and in every reportlab module
    that has already imported the originals (modules imported later take them from
    rl_accel), and put off platypus (defer_platypus). Idempotent."""
    global _installed
    if _installed:
        return
    defer_platypus()
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
