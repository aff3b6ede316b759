"""Temple: a board file judged by every rule the board must meet, each problem reported at
the entry that causes it (the field, its `artemis:` or `start:` key, the path) with what to
do instead. The rules' own words: GOAL (an Artemis field on each side, the goal on the
opposite one), PREPARATION (9 stones in the triangle from the Artemis field, 3 lines),
GAMEPLAY (walk along paths forwards or sideways, leap in straight lines turning by 45
degrees). pnp's board adds: one field per grid point, the same board after a half turn,
every field reachable."""

from __future__ import annotations

from typing import Any

from pnp.base.errors import Problem
from pnp.base.graph import adjacency, reachable
from pnp.games.temple.rules import BoardSpec, Field, load_board
from pnp.load.model import Game
from pnp.load.schema import did_you_mean, problem

LINES = 3  # PREPARATION: each start triangle is 3 lines
Cells = dict[tuple[int, int], Field]
Report = Any  # the `at(key, message)` of `checks`


def triangle(goal: Field, toward: int) -> list[tuple[int, int]]:
    """The start area the rules call a triangle, on pnp's square grid: the Artemis field,
    then on each of the next rows toward the far end one field more on each side (1, 3, 5
    fields on 3 rows), so its sides run at 45 degrees, along the diagonal paths."""
    return [(goal.row + toward * k, goal.col + j) for k in range(LINES) for j in range(-k, k + 1)]


def checks(game: Game) -> list[Problem]:
    """The board file against the rules (see the module's docstring)."""
    src, spec, problems = load_board(game)
    if spec is None or problems:
        return list(problems)
    out: list[Problem] = []

    def at(key: tuple, message: str) -> None:
        out.append(problem(src, ("board",) + key, message))

    ids: dict[str, int] = {}
    cells: Cells = {}
    for i, f in enumerate(spec.fields):
        if f.id in ids:
            at(("fields", i, "id"), f"field '{f.id}' appears twice")
        if (f.row, f.col) in cells:
            at(("fields", i), f"two fields at row {f.row}, col {f.col}: {cells[(f.row, f.col)].id}"
                              f" and {f.id}")
        ids.setdefault(f.id, i)
        cells.setdefault((f.row, f.col), f)
    links = _pairs(spec.paths, "paths", spec, ids, at)
    unjoined = _pairs(spec.no_path, "no_path", spec, ids, at)
    if out or not spec.fields:
        return out
    goals = _check_artemis(spec, ids, cells, at)
    if goals:
        _check_triangles(game, spec, goals, ids, cells, at)
    missing = _check_neighbours(spec, ids, cells, links, unjoined, at)
    _check_half_turn(spec, ids, cells, links, unjoined, missing, at)
    names = [f.id for f in spec.fields]
    unreached = set(names) - reachable(adjacency(names, links), spec.fields[0].id)
    for name in sorted(unreached, key=ids.__getitem__)[:1]:
        at(("fields", ids[name]), f"no path reaches {', '.join(sorted(unreached))}")
    if game.spec.data["stones_per_player"] != LINES ** 2:
        out.append(problem(game.source, ("data", "stones_per_player"),
                           f"a start triangle of {LINES} lines holds {LINES ** 2} stones "
                           "(PREPARATION)"))
    return out


def _pairs(entries: list[list[str]], name: str, spec: BoardSpec, ids: dict[str, int],
           at: Report) -> dict[frozenset[str], int]:
    """Valid pairs of neighbouring fields in `paths` or `no_path`, each with its index."""
    fields = spec.fields
    found: dict[frozenset[str], int] = {}
    for i, pair in enumerate(entries):
        if len(pair) != 2:
            at((name, i), f"an entry joins 2 fields, got {pair}")
            continue
        bad = [end for end in pair if end not in ids]
        for j, end in enumerate(pair):
            if end in bad:
                at((name, i, j), f"no field '{end}'{did_you_mean(str(end), ids)}")
        if bad:
            continue
        a, b = pair
        fa, fb = fields[ids[a]], fields[ids[b]]
        if a == b or max(abs(fa.row - fb.row), abs(fa.col - fb.col)) != 1:
            where = f" ({a} is at row {fa.row}, col {fa.col}; {b} at row {fb.row}, col {fb.col})"
            at((name, i), f"path {a}–{b} does not join neighbouring fields{where}: every path "
                          "runs straight or diagonally to the next field, so a leap turns by 45 "
                          "degrees (GAMEPLAY)" if name == "paths" else
                          f"{a}–{b} are not neighbouring fields{where}")
            continue
        key = frozenset(pair)
        if key in found:
            at((name, i), f"{a}–{b} is listed twice (first at {name}[{found[key]}])")
            continue
        found[key] = i
    return found


def _other(side: str) -> str:
    return "B" if side == "A" else "A"


def _check_artemis(spec: BoardSpec, ids: dict[str, int], cells: Cells,
                   at: Report) -> dict[str, int] | None:
    """One Artemis field per player, on opposite ends, each the other's half turn. Returns
    each side's field index when they are."""
    marked: dict[str, list[int]] = {"A": [], "B": []}
    for i, f in enumerate(spec.fields):
        if f.artemis:
            marked[f.artemis].append(i)
    count = sum(map(len, marked.values()))
    need = f"the board needs 2 Artemis fields, A and B (GOAL); it has {count}"
    first, last = min(f.row for f in spec.fields), max(f.row for f in spec.fields)
    for side, found in marked.items():
        for i in found[1:]:
            at(("fields", i, "artemis"), f"{need}: {spec.fields[i].id} is a second {side} (the "
                                         f"first is {spec.fields[found[0]].id}): remove "
                                         f"`artemis: {side}` here")
    for side in [s for s in marked if not marked[s]]:
        there = spec.fields[marked[_other(side)][0]] if marked[_other(side)] else None
        twin = cells.get((first + last - there.row, -there.col)) if there else None
        if twin is not None and there is not None:
            at(("fields", ids[twin.id]), f"{need}: add `artemis: {side}` to {twin.id}, "
                                         f"opposite {_other(side)}'s {there.id}")
        else:
            at(("fields",), f"{need}: mark one field on the first or the last row with "
                            f"`artemis: {side}`")
    if count != 2 or not marked["A"] or not marked["B"]:
        return None
    goals = {side: found[0] for side, found in marked.items()}
    a, b = spec.fields[goals["A"]], spec.fields[goals["B"]]
    wrong = [s for s, f in (("A", a), ("B", b)) if f.row not in (first, last)]
    if a.row == b.row and not wrong:
        wrong = ["B"]
    for side in wrong:
        f, o = (a, b) if side == "A" else (b, a)
        want = first + last - o.row if o.row in (first, last) else f"{first} or {last}"
        at(("fields", goals[side], "artemis"), "the Artemis fields must be on opposite sides: "
           f"the first and the last row (GOAL); {f.id} is on row {f.row}: mark a field on "
           f"row {want} instead")
    if not wrong and (b.row, b.col) != (first + last - a.row, -a.col):
        at(("fields", goals["B"], "artemis"), "the board is not the same after a half turn: "
           f"Artemis field B ({b.id}, col {b.col}) must face A's {a.id} at col {-a.col}")
        return None
    return None if wrong else goals


def _check_triangles(game: Game, spec: BoardSpec, goals: dict[str, int], ids: dict[str, int],
                     cells: Cells, at: Report) -> None:
    """Each player's start fields are exactly the triangle from their Artemis field."""
    first, last = min(f.row for f in spec.fields), max(f.row for f in spec.fields)
    if last - first + 1 < 2 * LINES:
        at(("fields", goals["B"], "artemis"), f"the board has {last - first + 1} rows: the two "
           f"start triangles of {LINES} lines each need {2 * LINES} (PREPARATION)")
        return
    stones = game.spec.data["stones_per_player"]
    for side, gi in goals.items():
        goal = spec.fields[gi]
        toward = 1 if goal.row == first else -1
        area = triangle(goal, toward)
        rows = sorted({r for r, _ in area})
        rule = (f" (PREPARATION: the {len(area)} stones fill the triangle from Artemis field "
                f"{goal.id}, {', '.join(str(2 * k + 1) for k in range(LINES))} fields on rows "
                f"{rows[0]}–{rows[-1]})")
        marked = [i for i, f in enumerate(spec.fields) if f.start == side]
        head = "" if len(marked) == stones else (f"start region {side} has {len(marked)} fields;"
                                                 f" each player places {stones} stones: ")
        for row, col in area:
            f = cells.get((row, col))
            if f is None:
                at(("fields", gi), f"{head}start triangle {side} needs a field at row {row}, "
                                   f"col {col}: add one{rule}")
            elif f.start != side:
                i = ids[f.id]
                now = f"is marked `start: {f.start}`" if f.start else "is not marked"
                at(("fields", i, "start") if f.start else ("fields", i),
                   f"{head}field {f.id} (row {row}, col {col}) lies in start triangle {side} but "
                   f"{now}: give it `start: {side}`{rule}")
        inside = set(area)
        for i in marked:
            f = spec.fields[i]
            if (f.row, f.col) not in inside:
                at(("fields", i, "start"), f"{head}field {f.id} (row {f.row}, col {f.col}) is "
                                           f"marked `start: {side}` but lies outside start "
                                           f"triangle {side}: remove it{rule}")


def _check_neighbours(spec: BoardSpec, ids: dict[str, int], cells: Cells,
                      links: dict[frozenset[str], int], unjoined: dict[frozenset[str], int],
                      at: Report) -> set[frozenset[str]]:
    """Every two neighbouring fields are joined by a path, or listed in `no_path`."""
    missing: set[frozenset[str]] = set()
    for f in spec.fields:
        for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)):
            other = cells.get((f.row + dr, f.col + dc))
            if other is None:
                continue
            key = frozenset((f.id, other.id))
            if key in links:
                if key in unjoined:
                    at(("no_path", unjoined[key]), f"{f.id}–{other.id} is both a path and "
                                                   "in no_path")
                continue
            if key not in unjoined:
                missing.add(key)
                at(("fields", ids[f.id]), f"fields {f.id} and {other.id} are neighbours but "
                                          f"no path joins them: add [{f.id}, {other.id}] to "
                                          "paths (or to no_path if the board means it)")
    return missing


def _check_half_turn(spec: BoardSpec, ids: dict[str, int], cells: Cells,
                     links: dict[frozenset[str], int], unjoined: dict[frozenset[str], int],
                     missing: set[frozenset[str]], at: Report) -> None:
    """Both players get the same board: its fields and paths map onto themselves turned by
    180 degrees (the Artemis fields and start triangles are checked on their own)."""
    ends = min(f.row for f in spec.fields) + max(f.row for f in spec.fields)

    def twin(name: str) -> Field | None:
        f = spec.fields[ids[name]]
        return cells.get((ends - f.row, -f.col))

    for i, f in enumerate(spec.fields):
        if twin(f.id) is None:
            at(("fields", i), f"the board is not the same after a half turn: field {f.id} "
                              f"(row {f.row}, col {f.col}) has no matching field at row "
                              f"{ends - f.row}, col {-f.col}")
            return
    for name, pairs in (("paths", links), ("no_path", unjoined)):
        for key, i in pairs.items():
            a, b = sorted(key)
            ta, tb = twin(a), twin(b)
            mate = frozenset((ta.id, tb.id)) if ta and tb else None
            if mate is not None and (mate in pairs or mate in missing):
                continue  # a missing twin is reported once, as a missing path
            wanted = f"[{ta.id}, {tb.id}]" if ta and tb else "a matching entry"
            at((name, i), f"the board is not the same after a half turn: {a}–{b} has no "
                          f"twin in {name} (expected {wanted})")

