"""The marks a content model's type hints carry, and what they say of a value: the
kinds of text checked on load (a colour, a template's name) and the limits of sizes and
numbers (`Annotated[list[str], Size(1, 20)]`). schema.convert applies them."""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

MAX_TEXT = 2_000  # characters in any content text without a limit of its own (the
#                   longest shipped text, a card's rule text, has 321): text is printed,
#                   and a page or a message has no room for more
MAX_NAME = 200  # names, titles, ids, file and template names (the longest shipped: 37)


class Colour(str):
    """A field that holds a colour: #rgb, #rrggbb or a colour name (checked on load)."""


class TemplateName(str):
    """A field that names a template file: text, since a number (`front: 42`) is a slip."""


@dataclasses.dataclass(frozen=True)
class Size:
    """`Annotated[T, Size(least, most)]`: how many entries a list or mapping holds, or
    how many characters a text has. Code that indexes a list (the first language, a tone
    per zone) relies on `least`, so an empty one is the content's problem, not a crash."""

    least: int = 0
    most: int | None = None


@dataclasses.dataclass(frozen=True)
class Range:
    """`Annotated[int | float, Range(lo, hi)]`: a number the code counts or divides with."""

    lo: float | None = None
    hi: float | None = None


NonEmpty = Size(1)
Name = Annotated[str, Size(1, MAX_NAME)]  # a name or title: printed, and never empty


def too_long(text: str, most: int) -> str:
    return f"too long: {len(text)} characters, at most {most}"


def limit_problem(mark: Any, value: Any) -> str | None:
    """What a Size or Range says about a converted value (None: it holds)."""
    if isinstance(mark, Size) and isinstance(value, str):
        if len(value) < mark.least:
            return "must not be empty"
        if mark.most is not None and len(value) > mark.most:
            return too_long(value, mark.most)
    elif isinstance(mark, Size) and isinstance(value, list | dict):
        n, lo, hi = len(value), mark.least, mark.most
        if lo == hi and n != lo:
            return f"must hold exactly {lo} entries (got {n})"
        if n < lo:
            return "must not be empty" if lo == 1 else f"must hold at least {lo} entries " \
                                                       f"(got {n})"
        if hi is not None and n > hi:
            return f"must hold at most {hi} entries (got {n})"
    elif isinstance(mark, Range) and isinstance(value, int | float):
        if (mark.lo is not None and value < mark.lo) or (mark.hi is not None
                                                         and value > mark.hi):
            lo = "" if mark.lo is None else f"{mark.lo:g}"
            hi = "" if mark.hi is None else f"{mark.hi:g}"
            return f"must be in {lo}..{hi} (got {value:g})"
    return None
