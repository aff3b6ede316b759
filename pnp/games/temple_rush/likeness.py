"""How far apart two temple silhouettes are, in studs: the players race to match a card
at a glance, so two cards a stud apart get built for each other. The distance is the
fewest studs to add or remove to turn one into the other, laid over it at the best
shift, as drawn or mirrored (a build seen from the other side of the table)."""

from __future__ import annotations

MIN_STUDS = 2  # shipped cards differ by at least this many; closer custom cards: a warning

Cells = frozenset[tuple[int, int]]


def cells(rows: list[str] | tuple[str, ...]) -> Cells:
    """The studs, bottom row 0, left column 0."""
    h = len(rows)
    return frozenset((h - 1 - r, c) for r, row in enumerate(rows)
                     for c, ch in enumerate(row) if ch == "#")


def distance(a: list[str] | tuple[str, ...], b: list[str] | tuple[str, ...]) -> int:
    """Studs that differ at the best overlay, as drawn or mirrored."""
    one, other = cells(a), cells(b)
    if not one or not other:
        return len(one) + len(other)
    width = max(c for _, c in other)
    return min(_best(one, side) for side in
               (other, frozenset((r, width - c) for r, c in other)))


def _best(a: Cells, b: Cells) -> int:
    best = len(a) + len(b)
    for ra, ca in a:  # some stud of a lies on some stud of b at the best shift, or none do
        for rb, cb in b:
            dr, dc = ra - rb, ca - cb
            moved = {(r + dr, c + dc) for r, c in b}
            best = min(best, len(a ^ moved))
    return best
