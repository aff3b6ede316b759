"""Temple Rush silhouettes: split each row of a card's shape into horizontal bricks of
1-4 studs, within one player's stock, so that all bricks join into one piece (bricks in
neighbouring rows join where they overlap). The card's points are its brick count."""

from __future__ import annotations

from dataclasses import dataclass

STOCK = {4: 3, 3: 3, 2: 4, 1: 3}  # one player's 13 bricks, by length
MAX_STEPS = 200_000


@dataclass(frozen=True)
class Brick:
    row: int  # 0 = top row of the shape
    start: int
    length: int


@dataclass
class Solution:
    bricks: list[Brick] | None
    reason: str = ""


def parse_shape(text: str) -> list[str]:
    """Rows top first; a row is '#' (a stud) and '.' (empty); blank lines ignored."""
    rows = [r.strip() for r in str(text).strip("\n").splitlines() if r.strip()]
    width = max((len(r) for r in rows), default=0)
    return [r.ljust(width, ".") for r in rows]


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


def _compositions(length: int) -> list[list[int]]:
    """Ways to cut a run into bricks of 1-4, longest bricks first."""
    if length == 0:
        return [[]]
    out = []
    for first in (4, 3, 2, 1):
        if first <= length:
            out.extend([first, *rest] for rest in _compositions(length - first))
    return out


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
    found = _search(rows, count, limit)
    if found is not None:
        return Solution(found)
    total = sum(limit.values())
    studs = sum(r.count("#") for r in rows)
    if count is not None and count > total:
        return Solution(None, f"it shows {count} bricks; a player has only {total}")
    if studs > sum(k * v for k, v in limit.items()):
        return Solution(None, f"it has {studs} studs; one player's bricks cover at most "
                              f"{sum(k * v for k, v in limit.items())}")
    free = _search(rows, count, {k: 99 for k in limit})
    if free is not None:
        need = {k: sum(1 for b in free if b.length == k) for k in limit}
        over = [f"{need[k]} bricks of 1x{k} (a player has {limit[k]})" for k in limit
                if need[k] > limit[k]]
        return Solution(None, "it needs more bricks of one size than a player has: "
                              + ", ".join(over))
    if _search(rows, None, {k: 99 for k in limit}) is None:
        return Solution(None, "its parts cannot be joined into one piece")
    return Solution(None, f"no build of it uses exactly {count} bricks (its points)")


def _search(rows: list[str], count: int | None, stock: dict[int, int]) -> list[Brick] | None:
    """Depth-first over every row segment's cuts; stock and count prune early."""
    segments = [(r, s, n) for r, row in enumerate(rows) for s, n in _segments(row)]
    left = dict(stock)
    chosen: list[Brick] = []
    steps = 0

    def go(i: int) -> list[Brick] | None:
        nonlocal steps
        steps += 1
        if steps > MAX_STEPS:
            return None
        if count is not None and len(chosen) > count:
            return None
        if i == len(segments):
            if (count is None or len(chosen) == count) and connected(chosen):
                return list(chosen)
            return None
        r, s, n = segments[i]
        for parts in _compositions(n):
            use = {k: parts.count(k) for k in set(parts)}
            if any(left.get(k, 0) < v for k, v in use.items()):
                continue
            x = s
            added = []
            for p in parts:
                added.append(Brick(r, x, p))
                x += p
            for k, v in use.items():
                left[k] -= v
            chosen.extend(added)
            result = go(i + 1)
            del chosen[len(chosen) - len(added):]
            for k, v in use.items():
                left[k] += v
            if result is not None:
                return result
        return None

    return go(0)
