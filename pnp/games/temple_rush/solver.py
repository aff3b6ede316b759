"""Temple Rush silhouettes: split each row of a card's shape into horizontal bricks of
1-4 studs, within one player's stock, so that all bricks join into one piece (bricks in
neighbouring rows join where they overlap). The card's points are its brick count."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

STOCK = {4: 3, 3: 3, 2: 4, 1: 3}  # one player's 13 bricks, by length
MAX_STEPS = 200_000  # search steps before a shape is "too large to prove"
MAX_SECONDS = 0.8  # and wall time: every shape is answered in under a second


@dataclass(frozen=True)
class Brick:
    row: int  # 0 = top row of the shape
    start: int
    length: int


@dataclass
class Solution:
    bricks: list[Brick] | None
    reason: str = ""


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


def _segments(row: str) -> list[tuple[int, int]]:
    out, start = [], None
    for i, ch in enumerate(row + "."):
        if ch == "#" and start is None:
            start = i
        elif ch != "#" and start is not None:
            out.append((start, i - start))
            start = None
    return out


def _compositions(length: int, left: dict[int, int]) -> Iterator[list[int]]:
    """Ways to cut a run into bricks of 1-4 that the stock still has, longest first.
    A generator: a long run has too many cuts to list."""
    if length == 0:
        yield []
        return
    for first in (4, 3, 2, 1):
        if first <= length and left.get(first, 0) > 0:
            left[first] -= 1
            try:
                for rest in _compositions(length - first, left):
                    yield [first, *rest]
            finally:
                left[first] += 1


def connected(bricks: list[Brick]) -> bool:
    if not bricks:
        return False
    seen, stack = {0}, [0]
    while stack:
        a = bricks[stack.pop()]
        for j, b in enumerate(bricks):
            if j not in seen and abs(a.row - b.row) == 1 and \
                    a.start < b.start + b.length and b.start < a.start + a.length:
                seen.add(j)
                stack.append(j)
    return len(seen) == len(bricks)


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
    deadline = time.monotonic() + MAX_SECONDS  # for all three searches together
    try:
        found = _search(rows, count, limit, deadline)
        if found is not None:
            return Solution(found)
        free = _search(rows, count, {k: total for k in limit}, deadline)
        if free is not None:
            need = {k: sum(1 for b in free if b.length == k) for k in limit}
            over = [f"{need[k]} bricks of 1x{k} (a player has {limit[k]})" for k in limit
                    if need[k] > limit[k]]
            return Solution(None, "it needs more bricks of one size than a player has: "
                                  + ", ".join(over))
        if _search(rows, None, {k: total for k in limit}, deadline) is None:
            return Solution(None, "its parts cannot be joined into one piece")
    except _TooLarge:
        return Solution(None, f"it is too large to prove buildable (gave up after "
                              f"{MAX_SECONDS:g} s): split it into fewer, shorter rows")
    return Solution(None, f"no build of it uses exactly {count} bricks (its points)")


def fewest(rows: list[str], stock: dict[int, int] | None = None) -> list[Brick] | None:
    """A build with the fewest bricks (None: no build, or too large to prove). The rules
    judge the silhouette only, so this count, not the drawing's, is what a card is worth."""
    if shape_problem(rows):
        return None
    limit = STOCK if stock is None else stock
    segments = [n for row in rows for _, n in _segments(row)]
    deadline = time.monotonic() + MAX_SECONDS
    try:
        for count in range(sum(-(-n // 4) for n in segments), sum(limit.values()) + 1):
            found = _search(rows, count, dict(limit), deadline)
            if found is not None:
                return found
    except _TooLarge:
        return None
    return None


class _TooLarge(Exception):
    """The search ran out of steps or time."""


def _search(rows: list[str], count: int | None, stock: dict[int, int],
            deadline: float) -> list[Brick] | None:
    """Depth-first over every row segment's cuts; stock, count and time prune."""
    segments = [(r, s, n) for r, row in enumerate(rows) for s, n in _segments(row)]
    # fewest and most bricks the segments from i on can still take
    least = [0] * (len(segments) + 1)
    most = [0] * (len(segments) + 1)
    for i in range(len(segments) - 1, -1, -1):
        n = segments[i][2]
        least[i] = least[i + 1] + -(-n // 4)
        most[i] = most[i + 1] + n
    left = dict(stock)
    chosen: list[Brick] = []
    steps = 0

    def go(i: int) -> list[Brick] | None:
        nonlocal steps
        steps += 1
        if steps > MAX_STEPS or (steps % 1024 == 0 and time.monotonic() > deadline):
            raise _TooLarge
        if count is not None and not (len(chosen) + least[i] <= count
                                      <= len(chosen) + most[i]):
            return None
        if i == len(segments):
            return list(chosen) if connected(chosen) else None
        r, s, n = segments[i]
        for parts in _compositions(n, left):  # holds these parts out of `left` meanwhile
            x = s
            added = []
            for p in parts:
                added.append(Brick(r, x, p))
                x += p
            chosen.extend(added)
            result = go(i + 1)
            del chosen[len(chosen) - len(added):]
            if result is not None:
                return result
        return None

    return go(0)
