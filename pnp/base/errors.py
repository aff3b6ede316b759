"""Error and problem types shared by every stage.

A ContentError stops the current command; a Problem is one finding of the validator.
Both carry the file, line and key so the CLI can print one line a user can act on.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

EXIT_INVALID = 1
EXIT_UNREADABLE = 2


def show_path(path: Path | str | None) -> str:
    """Path as the user would type it: relative to the current folder when inside it."""
    if path is None:
        return ""
    p = Path(path)
    try:
        rel = os.path.relpath(p)
    except ValueError:
        return str(p)
    return rel if not rel.startswith("..") or not p.is_absolute() else str(p)


SHOWN = 60  # characters of a user's value a message shows; the rest is counted


def shown(value: object, limit: int = SHOWN) -> str:
    """A user's value as a message quotes it, written as in YAML (true, null, [1, 'x'];
    text in quotes), shortened when long: a 100,000-letter name shows its start and its
    length, not 100,000 letters."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        quoted = repr(value[:limit])
        return f"{quoted[:-1]}…{quoted[-1]} ({len(value):,} characters)"
    if isinstance(value, int) and value.bit_length() > 14_000:  # repr: 4,300 digits at most
        return f"a number of some {int(value.bit_length() * 0.30103):,} digits"
    text = "".join(_yaml_parts(value, limit + 1))
    if len(text) <= limit:
        return text
    if isinstance(value, list | tuple | dict | set):
        return f"{text[:limit]}… ({len(value):,} entries)"
    return f"{text[:limit]}… ({len(repr(value)):,} characters)"  # (a number: < 4,300)


def _yaml_parts(value: object, budget: int) -> Iterator[str]:
    """`value` in YAML's flow style, piece by piece, until `budget` characters: a value
    of a million entries, or nested a thousand deep, costs no more than its start."""
    stack: list[object] = [value]
    while stack and budget > 0:
        item = stack.pop()
        if isinstance(item, _Raw):
            piece = item.text
        elif isinstance(item, list | tuple | set):
            piece = "["
            stack.append(_Raw("]"))
            for n, entry in enumerate(reversed(list(item)[:budget])):
                stack.append(entry)
                if n < min(len(item), budget) - 1:
                    stack.append(_Raw(", "))
        elif isinstance(item, dict):
            piece = "{"
            stack.append(_Raw("}"))
            pairs = list(item.items())[:budget]
            for n, (k, v) in enumerate(reversed(pairs)):
                stack += [v, _Raw(": "), _Raw(str(k))]
                if n < len(pairs) - 1:
                    stack.append(_Raw(", "))
        elif item is None:
            piece = "null"
        elif isinstance(item, bool):
            piece = "true" if item else "false"
        elif isinstance(item, float) and item != item:
            piece = ".nan"
        elif isinstance(item, float) and item in (float("inf"), float("-inf")):
            piece = ".inf" if item > 0 else "-.inf"
        elif isinstance(item, int) and item.bit_length() > 14_000:
            piece = "(a number too long to show)"
        else:
            piece = repr(item)
        budget -= len(piece)
        yield piece


@dataclass(frozen=True)
class _Raw:
    """A message shown as written (not a path-and-line problem)."""

    text: str


def location(path: Path | str | None, line: int | None, key: str | None) -> str:
    where = show_path(path)
    if key and len(key) > 2 * SHOWN:  # a key is the user's text too: a 200,000-letter one
        key = f"{key[:2 * SHOWN]}… ({len(key):,} characters)"
    if line:
        where = f"{where}:{line}" if where else f"line {line}"
    if key:
        where = f"{where}: {key}" if where else key
    return where


@dataclass(frozen=True)
class Problem:
    """One validation finding. Errors make `pnp validate` exit 1; warnings do not."""

    severity: str  # "error" | "warning"
    path: str | None
    line: int | None
    key: str | None
    message: str
    check: str | None = None  # the preflight check that found it, if any
    gap: str | None = None  # the later issue that fixes it (a known gap: a warning)
    # where on which faces: (component, item, side, box as fractions of the trim, y down);
    # `pnp studio` draws them; not part of a problem's identity or its JSON
    places: tuple[tuple[str, str, str, tuple[float, float, float, float]], ...] = field(
        default=(), compare=False, repr=False)

    def format(self) -> str:
        prefix = "" if self.severity == "error" else "warning: "
        where = location(self.path, self.line, self.key)
        return f"{where}: {prefix}{self.message}" if where else f"{prefix}{self.message}"

    def as_dict(self) -> dict[str, object]:
        return {
            "severity": self.severity,
            "file": show_path(self.path) if self.path else None,
            "line": self.line,
            "key": self.key,
            "message": self.message,
            "check": self.check,
            "known_gap": self.gap,
        }


class PnpError(Exception):
    """Base for errors that end a command with a one-line message and an exit code."""

    exit_code = EXIT_INVALID

    def __init__(
        self,
        message: str,
        path: Path | str | None = None,
        line: int | None = None,
        key: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = str(path) if path is not None else None
        self.line = line
        self.key = key

    def format(self) -> str:
        where = location(self.path, self.line, self.key)
        return f"{where}: {self.message}" if where else self.message

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled whole (file, line, key, problems): games built in worker processes
        report their errors as they would in one process."""
        return _rebuild, (type(self), self.args, self.__dict__)


def _rebuild(cls: type[PnpError], args: tuple[object, ...], state: dict[str, object]) -> PnpError:
    error = cls.__new__(cls)
    Exception.__init__(error, *args)
    error.__dict__.update(state)
    return error


class ContentError(PnpError):
    """The content is readable but wrong (exit 1)."""

    exit_code = EXIT_INVALID


class InputError(PnpError):
    """A file cannot be read or parsed, or the command line is wrong (exit 2)."""

    exit_code = EXIT_UNREADABLE


class ProblemsFound(ContentError):
    """Validation found errors; carries all of them so the CLI can print each on its line."""

    def __init__(self, problems: list[Problem]) -> None:
        errors = [p for p in problems if p.severity == "error"]
        super().__init__(f"{len(errors)} problem(s) found")
        self.problems = problems
