"""Temple: the board as data (fields and paths), what the rules count on it, and the
board sheet's drawing data (checks.py judges the file)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pnp.base.errors import Problem
from pnp.base.geometry import convex_hull
from pnp.load.model import Game, RefSides
from pnp.load.paths import game_file
from pnp.load.schema import (
    Colour,
    Name,
    NonEmpty,
    Range,
    Size,
    convert_dataclass,
    not_a_key,
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
        "spans": [[min(f.col for f in spec.fields if f.row == r),
                   max(f.col for f in spec.fields if f.row == r)] for r in range(top + 1)
                  if any(f.row == r for f in spec.fields)],
    }
