"""Temple: the board as data (fields and paths) and the checks the rules ask of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pnp.base.errors import Problem
from pnp.base.geometry import convex_hull
from pnp.base.graph import adjacency, reachable
from pnp.load.model import Game, RefSides
from pnp.load.paths import game_file
from pnp.load.schema import (
    Colour,
    Name,
    NonEmpty,
    Range,
    Size,
    convert_dataclass,
    did_you_mean,
    not_a_key,
    problem,
)
from pnp.load.source import Key, Source, read_yaml


@dataclass
class Field:
    id: str
    row: int
    col: int
    artemis: Literal["A", "B"] | None = None
    start: Literal["A", "B"] | None = None


@dataclass
class BoardSpec:
    fields: list[Field]
    paths: list[list[str]] = field(default_factory=list)
    no_path: list[list[str]] = field(default_factory=list)  # neighbours left unjoined


@dataclass
class BoardFile:
    board: BoardSpec


@dataclass
class Side:
    """A player's colour: the stones' face, the ink on it, its name."""

    fill: Colour
    ink: Colour
    name: str
    tint: Colour  # the start area on the board: a pale shade of the fill
    line: Colour  # its outline, dark enough to show in black and white


@dataclass
class Data:
    board: Name
    stones_per_player: Annotated[int, Range(1, 100)]
    convert_loses_at: Annotated[int, Range(0, 100)]
    colours: Annotated[dict[str, Side], NonEmpty]
    owners: Annotated[dict[Literal["A", "B"], str], Size(2, 2)]  # the colour of each side

    def shape_problems(self) -> list[tuple[Key, str]]:
        """Each side's colour is one of `colours` (the board and the reference draw it)."""
        return [(("owners", side), not_a_key(name, self.colours, "colour"))
                for side, name in self.owners.items() if name not in self.colours]


DATA_SCHEMA = Data
DATA_FIELDS = {"sides": RefSides}  # the reference card's front and back


def load_board(game: Game) -> tuple[Source, BoardSpec | None, list[Problem]]:
    if "board" not in game.cache:
        src = read_yaml(game_file(game.folder, game.spec.data.get("board"), game.source,
                                  ("data", "board")))
        problems: list[Problem] = []
        spec = convert_dataclass(BoardFile, src.data, src, (), problems)
        game.cache["board"] = (src, spec.board if spec else None, problems)
    return game.cache["board"]


def _spec(game: Game) -> BoardSpec:
    _, spec, _ = load_board(game)
    if spec is None:
        raise ValueError("the board file has errors")
    return spec


def _rows(spec: BoardSpec) -> list[int]:
    top = max((f.row for f in spec.fields), default=-1)
    return [sum(1 for f in spec.fields if f.row == r) for r in range(top + 1)]


def _start_lines(spec: BoardSpec) -> list[int]:
    return [len({f.row for f in spec.fields if f.start == side}) for side in ("A", "B")]


MEASURES = {
    "artemis": lambda g: sum(1 for f in _spec(g).fields if f.artemis),
    "fields": lambda g: len(_spec(g).fields),
    "rows": lambda g: _rows(_spec(g)),
    "start-lines": lambda g: _start_lines(_spec(g)),
}


def checks(game: Game) -> list[Problem]:
    """The board file against the rules: fields and paths that exist, two Artemis fields
    at opposite ends, start regions of 9 in 3 lines, every pair of neighbours joined
    (unless listed in `no_path`), the same board after a half turn, all reachable. Each
    problem points at the entry that causes it."""
    src, spec, problems = load_board(game)
    if spec is None or problems:
        return list(problems)
    out: list[Problem] = []

    def at(key: tuple, message: str) -> None:
        out.append(problem(src, ("board",) + key, message))

    ids: dict[str, int] = {}
    cells: dict[tuple[int, int], Field] = {}
    for i, f in enumerate(spec.fields):
        if f.id in ids:
            at(("fields", i, "id"), f"field '{f.id}' appears twice")
        if (f.row, f.col) in cells:
            at(("fields", i), f"two fields at row {f.row}, col {f.col}")
        ids.setdefault(f.id, i)
        cells[(f.row, f.col)] = f
    links = _pairs(spec.paths, "paths", spec, ids, at)
    unjoined = _pairs(spec.no_path, "no_path", spec, ids, at)
    if out:
        return out
    _check_ends(game, spec, at)
    missing = _check_neighbours(spec, ids, cells, links, unjoined, at)
    _check_half_turn(spec, ids, cells, links, unjoined, missing, at)
    if spec.fields:
        names = [f.id for f in spec.fields]
        unreached = set(names) - reachable(adjacency(names, links), spec.fields[0].id)
        for name in sorted(unreached, key=ids.__getitem__)[:1]:
            at(("fields", ids[name]), f"no path reaches {', '.join(sorted(unreached))}")
    return out


Report = Any  # the `at(key, message)` of `checks`


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
            at((name, i), f"path {a}–{b} does not join neighbouring fields: every path runs "
                          "straight or diagonally to the next field, so a leap turns by 45 "
                          "degrees (GAMEPLAY)" if name == "paths" else
                          f"{a}–{b} are not neighbouring fields")
            continue
        key = frozenset(pair)
        if key in found:
            at((name, i), f"{a}–{b} is listed twice (first at {name}[{found[key]}])")
            continue
        found[key] = i
    return found


def _check_ends(game: Game, spec: BoardSpec, at: Report) -> None:
    artemis = {f.artemis: (i, f) for i, f in enumerate(spec.fields) if f.artemis}
    count = sum(1 for f in spec.fields if f.artemis)
    rows = [f.row for f in spec.fields]
    if count != 2 or set(artemis) != {"A", "B"}:
        at(("fields",), f"the board needs 2 Artemis fields, A and B (GOAL); it has {count}")
        return
    if {artemis["A"][1].row, artemis["B"][1].row} != {min(rows), max(rows)}:
        at(("fields", artemis["B"][0], "artemis"), "the Artemis fields must be on opposite "
                                                  "sides: the first and the last row (GOAL)")
    stones = game.spec.data["stones_per_player"]
    for side, (gi, goal) in artemis.items():
        region = [(i, f) for i, f in enumerate(spec.fields) if f.start == side]
        where = ("fields", region[-1][0] if region else gi, "start")
        lines = sorted({f.row for _, f in region})
        if len(region) != stones:
            at(where, f"start region {side} has {len(region)} fields; each player places "
                      f"{stones} stones (PREPARATION)")
        if len(lines) != 3 or lines != list(range(lines[0], lines[0] + 3)):
            at(where, f"start region {side} must be 3 lines (rows) in a row, got rows {lines} "
                      "(PREPARATION)")
        if region and not any(max(abs(f.row - goal.row), abs(f.col - goal.col)) <= 1
                               for _, f in region):
            at(where, f"start region {side} does not touch Artemis field {goal.id}")


def _check_neighbours(spec: BoardSpec, ids: dict[str, int],
                      cells: dict[tuple[int, int], Field],
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


def _check_half_turn(spec: BoardSpec, ids: dict[str, int], cells: dict[tuple[int, int], Field],
                     links: dict[frozenset[str], int], unjoined: dict[frozenset[str], int],
                     missing: set[frozenset[str]], at: Report) -> None:
    """Both players get the same board: it maps onto itself turned by 180 degrees."""
    top = max((f.row for f in spec.fields), default=0)
    opposite = {"A": "B", "B": "A", None: None}

    def twin(name: str) -> Field | None:
        f = spec.fields[ids[name]]
        return cells.get((top - f.row, -f.col))

    for i, f in enumerate(spec.fields):
        t = cells.get((top - f.row, -f.col))
        if t is None or t.artemis != opposite[f.artemis] or t.start != opposite[f.start]:
            at(("fields", i), f"the board is not the same after a half turn: field {f.id} "
                              f"(row {f.row}, col {f.col}) has no matching field at row "
                              f"{top - f.row}, col {-f.col}")
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


def sheet_context(game: Game, component_id: str, lang: str,
                  size: tuple[float, float] | None = None) -> dict[str, Any]:
    spec = _spec(game)
    top = max(f.row for f in spec.fields)
    ids = {f.id: f for f in spec.fields}
    hulls = {side: convex_hull([(float(f.row), float(f.col)) for f in spec.fields
                                 if f.start == side]) for side in ("A", "B")}
    return {
        "fields": [{"id": f.id, "row": f.row, "col": f.col, "artemis": f.artemis,
                    "start": f.start} for f in spec.fields],
        "start_hulls": {side: [list(p) for p in hull] for side, hull in hulls.items()},
        "paths": [{"a": (ids[a].row, ids[a].col), "b": (ids[b].row, ids[b].col)}
                  for a, b in spec.paths],
        "top": top,
        "span": max(abs(f.col) for f in spec.fields),
        "rows": _rows(spec),
    }
