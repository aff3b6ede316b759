"""The brick search under Temple Rush's solver: cut each row of a silhouette into
bricks of 1-4 studs, within a stock and a count, so that all bricks join into one piece
(bricks in neighbouring rows join where they overlap, never end to end)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass

MAX_STEPS = 200_000  # search steps before a shape is "too large to prove"


@dataclass(frozen=True)
class Brick:
    row: int  # 0 = top row of the shape
    start: int
    length: int


@dataclass
class Solution:
    bricks: list[Brick] | None
    reason: str = ""
    row: int | None = None  # the row of the shape the reason is about (0 = top)


def segments(row: str) -> list[tuple[int, int]]:
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


class TooLarge(Exception):
    """The search ran out of steps or time."""


def search(rows: list[str], count: int | None, stock: dict[int, int],
            deadline: float) -> list[Brick] | None:
    """Depth-first over every row segment's cuts; stock, count and time prune."""
    runs = [(r, s, n) for r, row in enumerate(rows) for s, n in segments(row)]
    # fewest and most bricks the segments from i on can still take
    least = [0] * (len(runs) + 1)
    most = [0] * (len(runs) + 1)
    for i in range(len(runs) - 1, -1, -1):
        n = runs[i][2]
        least[i] = least[i + 1] + -(-n // 4)
        most[i] = most[i + 1] + n
    left = dict(stock)
    chosen: list[Brick] = []
    steps = 0

    def go(i: int) -> list[Brick] | None:
        nonlocal steps
        steps += 1
        if steps > MAX_STEPS or (steps % 1024 == 0 and time.monotonic() > deadline):
            raise TooLarge
        if count is not None and not (len(chosen) + least[i] <= count
                                      <= len(chosen) + most[i]):
            return None
        if i == len(runs):
            return list(chosen) if connected(chosen) else None
        r, s, n = runs[i]
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
