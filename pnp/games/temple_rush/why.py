"""Why a silhouette has no build, named by its real cause: studs that do not touch,
bricks that could only join side by side, one player's brick stock, or the card's
points. Each reason says what to change, so a user does not change the wrong thing."""

from __future__ import annotations

from pnp.games.temple_rush.search import Solution, search, segments


def stud_groups(rows: list[str]) -> list[set[tuple[int, int]]]:
    """The studs in groups that touch by a side (row, column; 0 = top, left)."""
    studs = {(r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "#"}
    groups: list[set[tuple[int, int]]] = []
    while studs:
        stack = [min(studs)]
        group: set[tuple[int, int]] = set()
        while stack:
            cell = stack.pop()
            if cell in studs:
                studs.discard(cell)
                group.add(cell)
                r, c = cell
                stack += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
        groups.append(group)
    return groups


def joints(rows: list[str]) -> Solution:
    """No build holds together whatever the stock: say whether the studs are apart or
    touch only where bricks cannot join (end to end)."""
    groups = stud_groups(rows)
    if len(groups) > 1:
        first = sorted(sorted(g) for g in groups)[1][0]
        corner = " (studs that meet only at a corner do not join)" if _corners(groups) else ""
        return Solution(None, f"its studs form {len(groups)} separate pieces{corner}: the "
                              f"stud in row {first[0] + 1}, column {first[1] + 1} touches "
                              "none of the first piece; a temple is built in one piece, so "
                              "join them with studs above or below", first[0])
    long = [(r, n) for r, row in enumerate(rows) for _, n in segments(row) if n > 4]
    where = ", ".join(f"row {r + 1} ({n} studs)" for r, n in long)
    return Solution(None, "its studs touch, but bricks join only where one sits on another "
                          "(studs into tubes), never end to end: a run longer than a brick "
                          f"(4 studs) in {where} is cut into bricks that only touch end to "
                          "end, and no cut leaves every piece held by a brick above or "
                          "below; lay a brick across each cut in the row above or below, or "
                          "make the run 4 studs or fewer", long[0][0] if long else None)


def _corners(groups: list[set[tuple[int, int]]]) -> bool:
    return any((r + dr, c + dc) in other for g in groups for other in groups if other is not g
               for r, c in g for dr in (-1, 1) for dc in (-1, 1))


def stock(rows: list[str], limit: dict[int, int], deadline: float) -> Solution:
    """Builds exist, but none within one player's bricks: name each size every build
    needs more of than a player has, and how many at least."""
    total = sum(limit.values())
    over = []
    for k in sorted(limit, reverse=True):
        trial = {j: total for j in limit}
        trial[k] = limit[k]
        if search(rows, None, trial, deadline) is not None:
            continue
        need = limit[k] + 1
        while need < total and search(rows, None, {**trial, k: need}, deadline) is None:
            need += 1
        over.append((k, need))
    if not over:
        return Solution(None, "it needs more bricks than one player's mix of sizes allows "
                              f"({_mix(limit)}): no build uses each size at most that often; "
                              "use fewer studs or rows")
    parts = "; ".join(f"at least {n} bricks of 1x{k} (a player has {limit[k]})" for k, n in over)
    singles = sum(1 for row in rows for _, n in segments(row) if n == 1)
    hint = (f" (each of its {singles} studs standing alone in a row is a 1x1)"
            if any(k == 1 for k, _ in over) and singles > limit.get(1, 0) else "")
    how = ("widen a lone stud to 2 or more" if any(k == 1 for k, _ in over)
           else "shorten a run so it takes a smaller brick")
    return Solution(None, f"it fails on the brick stock, not on its points: every build "
                          f"needs {parts}{hint}; change the shape so it needs no more of "
                          f"each size than a player has ({_mix(limit)}): {how}")


def _mix(limit: dict[int, int]) -> str:
    return ", ".join(f"{n} × 1x{k}" for k, n in sorted(limit.items(), reverse=True))
