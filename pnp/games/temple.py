"""Temple: the board as data (fields and paths) and the checks the rules ask of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from ..errors import Problem
from ..graph import adjacency, reachable
from ..load import Source, read_yaml
from ..model import Game
from ..paths import game_file
from ..schema import Colour, convert_dataclass, did_you_mean, problem


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


@dataclass
class BoardFile:
    board: BoardSpec


@dataclass
class Side:
    """A player's colour: the stones' face, the ink on it, its name."""

    fill: Colour
    ink: Colour
    name: str


@dataclass
class Data:
    board: str
    stones_per_player: int
    convert_loses_at: int
    colours: dict[str, Side]
    owners: dict[str, str]


DATA_SCHEMA = Data


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
    src, spec, problems = load_board(game)
    if spec is None or problems:
        return list(problems)
    out: list[Problem] = []

    def at(key: tuple, message: str) -> None:
        out.append(problem(src, ("board",) + key, message))

    ids: dict[str, Field] = {}
    cells: dict[tuple[int, int], Field] = {}
    for i, f in enumerate(spec.fields):
        if f.id in ids:
            at(("fields", i, "id"), f"field '{f.id}' appears twice")
        if (f.row, f.col) in cells:
            at(("fields", i), f"two fields at row {f.row}, col {f.col}")
        ids[f.id] = f
        cells[(f.row, f.col)] = f
    links: list[tuple[str, str]] = []
    for i, path in enumerate(spec.paths):
        if len(path) != 2:
            at(("paths", i), f"a path joins 2 fields, got {path}")
            continue
        a, b = path
        bad = [end for end in path if end not in ids]
        for j, end in enumerate(path):
            if end in bad:
                at(("paths", i, j), f"no field '{end}'{did_you_mean(str(end), ids)}")
        if bad:
            continue
        fa, fb = ids[a], ids[b]
        if a == b or max(abs(fa.row - fb.row), abs(fa.col - fb.col)) != 1:
            at(("paths", i), f"path {a}–{b} does not join neighbouring fields: every path "
                             "runs straight or diagonally to the next field, so a leap turns "
                             "by 45 degrees (GAMEPLAY)")
            continue
        links.append((a, b))
    if out:
        return out
    artemis = {f.artemis: f for f in spec.fields if f.artemis}
    count = sum(1 for f in spec.fields if f.artemis)
    rows = [f.row for f in spec.fields]
    if count != 2 or set(artemis) != {"A", "B"}:
        at(("fields",), f"the board needs 2 Artemis fields, A and B (GOAL); it has {count}")
    elif {artemis["A"].row, artemis["B"].row} != {min(rows), max(rows)}:
        at(("fields",), "the Artemis fields must be on opposite sides: the first and the last "
                        "row (GOAL)")
    stones = game.spec.data["stones_per_player"]
    for side, goal in artemis.items():
        region = [f for f in spec.fields if f.start == side]
        lines = sorted({f.row for f in region})
        if len(region) != stones:
            at(("fields",), f"start region {side} has {len(region)} fields; each player "
                            f"places {stones} stones (PREPARATION)")
        if len(lines) != 3 or lines != list(range(lines[0], lines[0] + 3)):
            at(("fields",), f"start region {side} must be 3 lines (rows) in a row, got rows "
                            f"{lines} (PREPARATION)")
        if region and not any(max(abs(f.row - goal.row), abs(f.col - goal.col)) <= 1
                              for f in region):
            at(("fields",), f"start region {side} does not touch Artemis field {goal.id}")
    top = max(rows)
    pairs = {frozenset(p) for p in links}
    for f in spec.fields:
        twin = cells.get((top - f.row, -f.col))
        opposite = {"A": "B", "B": "A", None: None}
        if twin is None or twin.artemis != opposite[f.artemis] or twin.start != opposite[f.start]:
            at(("fields",), f"the board is not the same after a half turn: field {f.id} "
                            f"(row {f.row}, col {f.col}) has no matching field")
            break
    for a, b in links:
        fa, fb = ids[a], ids[b]
        ta, tb = cells.get((top - fa.row, -fa.col)), cells.get((top - fb.row, -fb.col))
        if ta is None or tb is None or frozenset((ta.id, tb.id)) not in pairs:
            at(("paths",), f"the paths are not the same after a half turn: {a}–{b} has no twin")
            break
    if spec.fields:
        unreached = sorted(set(ids) - reachable(adjacency(ids, links), spec.fields[0].id))
        if unreached:
            at(("paths",), f"no path reaches {', '.join(unreached)}")
    return out


def sheet_context(game: Game, component_id: str, lang: str,
                  size: tuple[float, float] | None = None) -> dict[str, Any]:
    spec = _spec(game)
    top = max(f.row for f in spec.fields)
    ids = {f.id: f for f in spec.fields}
    return {
        "fields": [{"id": f.id, "row": f.row, "col": f.col, "artemis": f.artemis,
                    "start": f.start} for f in spec.fields],
        "paths": [{"a": (ids[a].row, ids[a].col), "b": (ids[b].row, ids[b].col)}
                  for a, b in spec.paths],
        "top": top,
        "span": max(abs(f.col) for f in spec.fields),
        "rows": _rows(spec),
    }
