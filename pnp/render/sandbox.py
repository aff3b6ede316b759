"""The Jinja sandbox templates are expanded in: Jinja's immutable sandbox, and no value a
template makes past a fixed size.

Jinja's sandbox keeps a template away from Python's internals, not from memory:
`'%999999999d' % 1`, `s|center(10**9)`, `s.ljust(10**9)` or a loop doubling a string with
`~` ask for gigabytes in one step. Every operation that makes a string or a list is
checked before it runs, against MAX_SEQUENCE characters or items (MAX_TEXT for text a
template prints or captures: a face holds at most that much), so a template that tries
is a one-line error at its line (exit 1), never a MemoryError or a machine swapping.
The limits, the measures and the filters' guards are in sandbox_limits."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, MutableMapping
from typing import Any

from jinja2.compiler import CodeGenerator, Frame, optimizeconst
from jinja2.nodes import Concat
from jinja2.sandbox import (
    ImmutableSandboxedEnvironment,
    SandboxedEscapeFormatter,
    SandboxedFormatter,
)
from markupsafe import Markup, escape

from pnp.render import icon_calls
from pnp.render.limits import (
    GUARDED_FILTERS,
    MAX_INT_BITS,
    MAX_PRINTED,
    MAX_SEQUENCE,
    MAX_TEXT,
    TooBig,
    checked_filter,
    count_arg,
    length_of,
    lipsum,
    need,
    percent_size,
    size_of,
)

__all__ = ["GUARDS", "MAX_SEQUENCE", "MAX_TEXT", "Sandbox", "TooBig", "need", "size_of"]

GUARDS = 2  # compiled templates depend on this: bump it when the code they call changes


def _binop(operator: str, left: Any, right: Any) -> None:
    """Refuse `left operator right` when its result would pass a limit."""
    if operator == "**":
        if isinstance(left, int | float) and isinstance(right, int | float) and (
                abs(right) > 64 or abs(left) > 1e9 and right > 1):
            raise TooBig(f"{left!r} ** {right!r} is too large")
    elif operator == "*":
        for seq, n in ((left, right), (right, left)):
            if isinstance(seq, str | bytes | list | tuple) and isinstance(n, int) and \
                    len(seq) * n > MAX_SEQUENCE:
                raise TooBig(f"repeating {len(seq):,} items {n:,} times is too large")
        if count_arg(left) and count_arg(right) and \
                left.bit_length() + right.bit_length() > MAX_INT_BITS:
            raise TooBig(f"multiplying numbers of {left.bit_length():,} and "
                         f"{right.bit_length():,} bits is too large")
    elif operator == "+":
        if isinstance(left, str | bytes | list | tuple) and isinstance(
                right, str | bytes | list | tuple):
            need(len(left) + len(right), "+")
    elif operator == "%" and isinstance(left, str | bytes):
        need(percent_size(left, right), "%")


def concat_parts(parts: tuple[Any, ...]) -> tuple[Any, ...]:
    """`a ~ b ~ c`: the values it joins, once their printed size is known to fit."""
    total = 0
    for part in parts:
        kind = type(part)
        total += len(part) if kind is str or kind is Markup else 26 if (
            kind is int or kind is float) else size_of(part, MAX_SEQUENCE)
    if total > MAX_SEQUENCE:
        need(total, "~")
    return parts


# str.format bound to its text (a builtin), or Markup.format (a Python method)
_METHODS = (type("".format), type(Markup("").format))


class _Codegen(CodeGenerator):
    """Jinja's code generator, with `~` measured before it joins (the sandbox cannot
    intercept it as it does the other operators)."""

    @optimizeconst
    def visit_Concat(self, node: Concat, frame: Frame) -> None:
        if frame.eval_ctx.volatile:
            join = "(markup_join if context.eval_ctx.volatile else str_join)"
        elif frame.eval_ctx.autoescape:
            join = "markup_join"
        else:
            join = "str_join"
        self.write(f"{join}(environment.concat_parts((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write(")))")


# -- str.format, and the methods of strings a template can call ---------------------------

_DIGITS = re.compile(r"\d+")


class _Measured:
    """A formatter that measures each field before formatting it, and the whole."""

    made = 0

    def vformat(self, format_string: str, args: Any, kwargs: Any) -> str:
        self.made = len(format_string)
        return super().vformat(format_string, args, kwargs)  # type: ignore[misc]

    def format_field(self, value: Any, format_spec: str) -> Any:
        numbers = _DIGITS.findall(format_spec)
        width = max((int(n) if len(n) < 10 else MAX_TEXT * 10 for n in numbers), default=0)
        need(self.made + max(width, size_of(value, MAX_SEQUENCE)), "format()")
        out = super().format_field(value, format_spec)  # type: ignore[misc]
        self.made += len(out)
        return out


class _Formatter(_Measured, SandboxedFormatter):
    pass


class _EscapeFormatter(_Measured, SandboxedEscapeFormatter):
    pass


def _method_size(owner: str | bytes, name: str, args: tuple, kwargs: dict) -> int | None:
    """What calling owner.name(*args) can make, for the methods that can enlarge a string;
    None for the others (their result is measured after)."""
    first = args[0] if args else next(iter(kwargs.values()), None)
    if name in ("center", "ljust", "rjust", "zfill"):
        return max(len(owner), count_arg(first))
    if name == "expandtabs":
        tab = owner.count("\t" if isinstance(owner, str) else b"\t")
        return len(owner) + tab * count_arg(first if first is not None else 8)
    if name == "replace" and len(args) >= 2:
        old, new = args[0], args[1]
        if not isinstance(old, str | bytes) or not isinstance(new, str | bytes):
            return None
        found = len(owner) + 1 if not old else owner.count(old)  # type: ignore[arg-type]
        if len(args) > 2 and count_arg(args[2]) >= 0 and isinstance(args[2], int):
            found = min(found, args[2])
        grows = len(escape(new)) if isinstance(owner, Markup) else len(new)  # (escaped)
        return len(owner) + found * max(0, grows - len(old))
    if name == "join":
        return len(owner) * len(first) + size_of(first, MAX_SEQUENCE) if isinstance(
            first, list | tuple) else None
    if name == "translate" and isinstance(first, Mapping):
        longest = max((size_of(v, MAX_SEQUENCE) for v in first.values()), default=1)
        return len(owner) * max(1, longest)
    return None


class Sandbox(ImmutableSandboxedEnvironment):
    """Jinja's immutable sandbox, and no value past MAX_SEQUENCE (or text past MAX_TEXT)."""

    code_generator_class = _Codegen
    intercepted_binops = frozenset(["*", "**", "+", "%"])
    _safe: dict[tuple[type, str], bool] = {}  # Jinja's answers, by the object's type

    printed = 0  # characters of values printed in this face so far, captured ones too

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, finalize=self._printed, **kwargs)
        for name in GUARDED_FILTERS:
            self.filters[name] = checked_filter(name)
        self.globals["lipsum"] = lipsum
        self.globals.update(icon=icon_calls.icon, fit_rich=icon_calls.fit_rich)  # (icons)

    def make_globals(self, d: MutableMapping[str, Any] | None) -> MutableMapping[str, Any]:
        """A template's globals as a plain dict, not Jinja's ChainMap over the
        environment's: each face copies them into its context and each {% import %}
        compares their keys, both done in Python through a ChainMap (~5 % of a
        10,000-card build). pnp sets the environment's globals before it loads a
        template, so the copy misses nothing."""
        return {**self.globals, **(d or {})}

    def _printed(self, value: Any) -> Any:
        """Every {{ value }}: its text measured before it is made, and counted. A macro
        or a {% set %} block keeps what it prints in a list until it ends, each value a
        copy (escaped): their sum is bounded, not only the face's output."""
        if type(value) is str or type(value) is Markup:
            self.printed += len(value)
        elif not isinstance(value, int | float):
            size = size_of(value)
            need(size, "printing a value", MAX_TEXT)
            self.printed += size
        if self.printed > MAX_PRINTED:
            need(self.printed, "printing values", MAX_PRINTED)
        return value

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        """Jinja's own answer, remembered: it depends only on the object's type and the
        attribute's name, and a deck asks it for the same few on every card."""
        key = (type(obj), attr)
        known = self._safe.get(key)
        if known is None:
            known = super().is_safe_attribute(obj, attr, value)
            if len(self._safe) < 4096:
                self._safe[key] = known
        return known

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        kinds = (type(left), type(right))
        if float in kinds:  # coordinates: nothing to measure
            pass
        elif kinds == (int, int):  # counters: only * and ** can make a large number
            if operator == "**" or operator == "*" and \
                    left.bit_length() + right.bit_length() > MAX_INT_BITS:
                _binop(operator, left, right)
        else:
            _binop(operator, left, right)
        return self.binop_table[operator](left, right)

    def concat(self, parts: Iterable[Any]) -> str:  # type: ignore[override]
        """The text of a macro, a {% set %} block, a caller(): measured before it is
        joined (the parts may be one long string many times over)."""
        parts = parts if isinstance(parts, list) else list(parts)
        need(sum(map(len, parts)), "the template's text", MAX_TEXT)
        return "".join(parts)

    @staticmethod
    def concat_parts(parts: tuple[Any, ...]) -> tuple[Any, ...]:
        return concat_parts(parts)

    def call(self, context: Any, obj: Any, /, *args: Any, **kwargs: Any) -> Any:
        owner = getattr(obj, "__self__", None)
        if not isinstance(owner, str | bytes):
            return super().call(context, obj, *args, **kwargs)
        name = getattr(obj, "__name__", "")
        if name in ("format", "format_map") and isinstance(owner, str):  # (Jinja < 3.1.5
            return self._measured_format(owner, name)(*args, **kwargs)  # wraps it here)
        if name == "join" and args and not isinstance(args[0], list | tuple):
            args = (list(args[0]), *args[1:])  # (a generator: counted, then joined)
        size = _method_size(owner, name, args, kwargs)
        if size is not None:
            need(size, f".{name}()")
        result = super().call(context, obj, *args, **kwargs)
        need(length_of(result), f".{name}()", MAX_TEXT)
        return result

    def wrap_str_format(self, value: Any) -> Callable[..., str] | None:
        """str.format and format_map, sandboxed as Jinja does, each field measured."""
        if type(value) not in _METHODS:  # (every attribute read asks: data, mostly)
            return None
        if not isinstance(getattr(value, "__self__", None), str) or getattr(
                value, "__name__", None) not in ("format", "format_map"):
            return None
        return self._measured_format(value.__self__, value.__name__)

    def _measured_format(self, owner: str, name: str) -> Callable[..., str]:
        formatter: SandboxedFormatter = _EscapeFormatter(self, escape=owner.escape) if \
            isinstance(owner, Markup) else _Formatter(self)

        def measured(*args: Any, **kwargs: Any) -> str:
            if name == "format_map":
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument, no keywords")
                args, kwargs = (), args[0]
            return type(owner)(formatter.vformat(owner, args, kwargs))

        return measured
