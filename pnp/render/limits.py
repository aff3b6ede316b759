"""How large a value a template makes may be, and how large it would be: the limits
the sandbox (pnp.render.sandbox) holds every operation to, and its guards around Jinja's filters.

A value is measured by what printing it would make (`size_of`): a list of a million
references to one long string is small in memory and huge as text. Every filter that can
make more than it is given (center, indent, replace, join, format, batch...) is measured
before it runs, and its result after."""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Mapping
from typing import Any

import jinja2
from jinja2 import filters as jf
from jinja2.utils import Namespace
from markupsafe import escape

MAX_SEQUENCE = 1_000_000  # characters or items one operation of a template may make
MAX_TEXT = 8_000_000  # characters of text one face may come to (render.MAX_FACE_CHARS)
MAX_PRINTED = 4 * MAX_TEXT  # characters of values one face prints, macros' text counted
#                              again where it is printed, and blocks kept or not
MAX_INT_BITS = 100_000  # an integer a template multiplies up (10**30103)


class TooBig(Exception):
    """A value a template makes, or its output, passed a limit."""


def size_of(value: Any, limit: int = MAX_TEXT) -> int:
    """What printing `value` would make, in characters (about, and not less: a float
    counts 26), counted only until it passes `limit`."""
    if isinstance(value, str | bytes):
        return len(value)
    total = 0
    stack = [value]
    while stack and total <= limit:
        item = stack.pop()
        if isinstance(item, str | bytes):
            total += len(item) + 4  # quotes and a comma in a list's text
        elif isinstance(item, Mapping):
            total += 2 + 2 * len(item)
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list | tuple | set | frozenset):
            total += 2 + 2 * len(item)
            stack.extend(item)
        elif isinstance(item, int):  # (and bool, None: short too)
            total += item.bit_length() * 3 // 10 + 4
        elif item is None or isinstance(item, float):
            total += 26
        else:
            total += 32
            stack.extend(_fields(item))
    return total


def _fields(item: Any) -> list[Any]:
    """What a namespace or a dataclass prints besides its name (other objects print as
    their type and address)."""
    if isinstance(item, Namespace):
        return list(object.__getattribute__(item, "_Namespace__attrs").values())
    if dataclasses.is_dataclass(item) and not isinstance(item, type):
        return [getattr(item, f.name, None) for f in dataclasses.fields(item)]
    return []


def need(size: int, what: str, limit: int = MAX_SEQUENCE) -> None:
    if size > limit:
        raise TooBig(f"{what} would make up to {size:,} characters or items (a template "
                     f"may make at most {limit:,})")


def count_arg(value: Any) -> int:
    """A count a template passes (a width, a tab size), or 0 when it is not one."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def length_of(value: Any) -> int:
    return len(value) if isinstance(value, str | bytes | list | tuple) else 0


_PERCENT = re.compile(r"%(?:\([^)]*\))?[#0\- +]*(\*|\d+)?(?:\.(\*|\d+))?[hlL]?(.)", re.S)


def percent_size(fmt: str | bytes, args: Any) -> int:
    """What `fmt % args` can make: the format, every argument printed, and every width
    and precision (written, or taken from the arguments by `*`)."""
    text = fmt.decode("latin-1") if isinstance(fmt, bytes) else fmt
    values = list(args) if isinstance(args, tuple) else [args]
    total = len(text) + sum(size_of(v, MAX_SEQUENCE) for v in values)
    for match in _PERCENT.finditer(text):
        for number in match.group(1, 2):
            if number == "*":
                total += sum(abs(count_arg(v)) for v in values)
            elif number:
                total += int(number) if len(number) < 10 else MAX_TEXT * 10
    return total


_TEXT_FILTERS = ("capitalize", "e", "escape", "forceescape", "lower", "pprint", "safe",
                 "string", "striptags", "title", "trim", "upper", "urlencode", "urlize",
                 "wordcount", "xmlattr")  # they print their value whole: measured first


def _value_index(func: Callable[..., Any]) -> int:
    """Where a filter's value comes in its arguments (after Jinja's context, if any)."""
    return 1 if getattr(func, "jinja_pass_arg", None) is not None else 0


def checked_filter(name: str) -> Callable[..., Any]:
    """Jinja's filter `name`, checked before it runs, and its result measured after."""
    func = jf.FILTERS[name]
    at = _value_index(func)

    def filtered(*args: Any, **kwargs: Any) -> Any:
        value = args[at] if len(args) > at else None
        rest, opts = args[at + 1:], kwargs
        if name in _TEXT_FILTERS:
            need(size_of(value), f"|{name}", MAX_TEXT)
        else:
            need(_filter_size(name, value, rest, opts), f"|{name}")
        result = func(*args, **kwargs)
        if isinstance(result, str | bytes | list | tuple):
            need(len(result), f"|{name}", MAX_TEXT)
        return result

    filtered.__dict__.update(func.__dict__)  # Jinja's pass_context & co.
    filtered.__name__ = getattr(func, "__name__", name)
    return filtered


def _arg(rest: tuple, opts: dict, index: int, key: str, default: Any) -> Any:
    return rest[index] if len(rest) > index else opts.get(key, default)


def _filter_size(name: str, value: Any, rest: tuple, opts: dict) -> int:
    """What the filters that can enlarge their value can make."""
    size = size_of(value, MAX_SEQUENCE)
    if name == "center":
        return max(size, count_arg(_arg(rest, opts, 0, "width", 80)))
    if name == "indent":
        width = _arg(rest, opts, 0, "width", 4)
        per_line = count_arg(width) if not isinstance(width, str) else len(width)
        lines = value.count("\n") + 1 if isinstance(value, str) else size + 1
        return size + lines * per_line
    if name == "wordwrap":
        wrap = _arg(rest, opts, 2, "wrapstring", None)
        return size + (size + 1) * (size_of(wrap, MAX_SEQUENCE) if wrap is not None else 1)
    if name == "truncate":
        return size + size_of(_arg(rest, opts, 2, "end", "..."), MAX_SEQUENCE)
    if name == "replace":
        old, new = _arg(rest, opts, 0, "old", ""), _arg(rest, opts, 1, "new", "")
        text = value if isinstance(value, str) else ""
        found = text.count(old) if isinstance(old, str) and old else size + 1
        count = _arg(rest, opts, 2, "count", None)
        if count_arg(count) > 0:
            found = min(found, count)
        grows = len(escape(new)) if size_of(new, MAX_SEQUENCE) <= MAX_SEQUENCE else MAX_TEXT
        return size + found * max(0, grows - (len(old) if isinstance(old, str) else 0))
    if name == "join":
        items = len(value) if isinstance(value, list | tuple | str) else size
        return size + items * size_of(_arg(rest, opts, 0, "d", ""), MAX_SEQUENCE)
    if name == "format":
        return percent_size(str(value) if isinstance(value, str) else "", opts or rest)
    if name == "batch":
        return max(size, count_arg(_arg(rest, opts, 0, "linecount", 0)))
    if name == "slice":
        return max(size, count_arg(_arg(rest, opts, 0, "slices", 0)))
    if name == "sum":  # (of numbers: a number; of lists, from start=[]: one long list)
        start = _arg(rest, opts, 1, "start", 0)
        return size + size_of(start) if isinstance(start, list | tuple | str) else 0
    if name == "tojson":
        return size * (1 + count_arg(_arg(rest, opts, 0, "indent", 0)))
    return 0


GUARDED_FILTERS = _TEXT_FILTERS + ("center", "indent", "wordwrap", "truncate", "replace",
                                    "join", "format", "batch", "slice", "sum", "tojson")


def lipsum(n: int = 5, html: bool = True, min: int = 20, max: int = 100) -> str:
    need(count_arg(n) * count_arg(max) * 12, "lipsum()")
    return jinja2.utils.generate_lorem_ipsum(n, html, min, max)
