"""Temple Rush silhouettes: split each row of a card's shape into horizontal bricks of
1-4 studs, within one player's stock, so that all bricks join into one piece (bricks in
neighbouring rows join where they overlap). The card's points are its brick count."""

from __future__ import annotations

import time
from dataclasses import dataclass

from pnp.games.temple_rush import why
from pnp.games.temple_rush.search import (  # noqa: F401 (the solver's face)
    Brick,
    Solution,
    TooLarge,
    connected,
    search,
    segments,
)

STOCK = {4: 3, 3: 3, 2: 4, 1: 3}  # one player's 13 bricks, by length
MAX_SECONDS = 0.8  # and wall time: every shape is answered in under a second


@dataclass(frozen=True)
class ShapeError:
    row: int | None  # the line of the shape (0 = first), None: the whole shape
    message: str


def read_shape(text: str) -> tuple[list[str], list[ShapeError]]:
    """Rows top first, as written: '#' a stud, '.' empty. Blank lines inside the shape
    and any other character are errors at their row; empty columns on either side are
    trimmed (a silhouette is the same wherever it is drawn)."""
    lines = str(text).strip("\n").split("\n")
    errors: list[ShapeError] = []
    rows: list[str] = []
    for i, raw in enumerate(lines):
        row = raw.strip()
        if not row:
            errors.append(ShapeError(i, "a blank line inside the shape: every row is '#' "
                                        "and '.' (write '....' for an empty row)"))
            continue
        bad = sorted({ch for ch in row} - {"#", "."})
        if bad:
            errors.append(ShapeError(i, f"the shape uses only '#' and '.', not "
                                        f"{''.join(bad)!r}"))
        rows.append(row)
    return trim(rows), errors


def trim(rows: list[str]) -> list[str]:
    """Rows padded to one width, without the empty columns on either side."""
    width = max((len(r) for r in rows), default=0)
    rows = [r.ljust(width, ".") for r in rows]
    studs = [i for r in rows for i, ch in enumerate(r) if ch == "#"]
    if not studs:
        return rows
    return [r[min(studs):max(studs) + 1] for r in rows]


def parse_shape(text: str) -> list[str]:
    """Rows top first, trimmed; see read_shape for the errors."""
    return read_shape(text)[0]


def canonical(rows: list[str]) -> tuple[str, ...]:
    """The silhouette wherever it stands: empty rows above and columns beside removed."""
    rows = trim(rows)
    while rows and "#" not in rows[0]:
        rows = rows[1:]
    return tuple(rows)


def mirrored(rows: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(r[::-1] for r in rows)


def shape_problem(rows: list[str]) -> str | None:
    if not rows:
        return "the shape is empty"
    bad = {ch for r in rows for ch in r} - {"#", "."}
    if bad:
        return f"a shape uses only '#' and '.', not {''.join(sorted(bad))!r}"
    if not any("#" in r for r in rows):
        return "the shape has no bricks"
    if "#" not in rows[-1]:
        return "the bottom row is empty: a temple stands on its lowest row"
    return None


def solve(rows: list[str], count: int | None = None,
          stock: dict[int, int] | None = None) -> Solution:
    """A build of the shape (with exactly `count` bricks when given), or why there is none."""
    problem = shape_problem(rows)
    if problem:
        return Solution(None, problem)
    limit = STOCK if stock is None else stock
    total = sum(limit.values())
    capacity = sum(k * v for k, v in limit.items())
    studs = sum(r.count("#") for r in rows)
    if count is not None and count > total:
        return Solution(None, f"it shows {count} bricks; a player has only {total}")
    if studs > capacity:
        return Solution(None, f"it has {studs} studs; one player's bricks cover at most "
                              f"{capacity}")
    deadline = time.monotonic() + MAX_SECONDS  # for every search below together
    free = {k: total for k in limit}
    try:
        found = search(rows, count, limit, deadline)
        if found is not None:
            return Solution(found)
        # the real cause, first that applies: joints, then stock, then the points
        if search(rows, None, free, deadline) is None:
            return why.joints(rows)
        if count is None or search(rows, None, limit, deadline) is None:
            return why.stock(rows, limit, deadline)
        least = fewest(rows, limit)
        loose = search(rows, count, free, deadline)
    except TooLarge:
        return Solution(None, f"it is too large to prove buildable (gave up after "
                              f"{MAX_SECONDS:g} s): split it into fewer, shorter rows")
    short = ""
    if loose is not None:  # that count exists, beyond one player's stock
        need = {k: sum(1 for b in loose if b.length == k) for k in limit}
        short = " (" + ", ".join(f"{count} bricks would take {need[k]} × 1x{k}; a player "
                                 f"has {limit[k]}" for k in limit if need[k] > limit[k]) + ")"
    fix = (f"; the fewest that build it are {len(least)}: write points: {len(least)}"
           if least is not None else "")
    return Solution(None, f"no build from one player's bricks uses exactly {count} bricks "
                          f"(its points){short}{fix}")


def fewest(rows: list[str], stock: dict[int, int] | None = None) -> list[Brick] | None:
    """A build with the fewest bricks (None: no build, or too large to prove). The rules
    judge the silhouette only, so this count, not the drawing's, is what a card is worth."""
    if shape_problem(rows):
        return None
    limit = STOCK if stock is None else stock
    runs = [n for row in rows for _, n in segments(row)]
    deadline = time.monotonic() + MAX_SECONDS
    try:
        for count in range(sum(-(-n // 4) for n in runs), sum(limit.values()) + 1):
            found = search(rows, count, dict(limit), deadline)
            if found is not None:
                return found
    except TooLarge:
        return None
    return None


