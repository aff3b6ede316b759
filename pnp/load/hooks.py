"""What a game's own code gives the core: one typed set of hooks per game.

A game needs code only for what content cannot say: values its expectations measure,
rules that counting cannot express, data its one-page sheets compute, its own shape of
custom file, a scorer. It declares them once, as a `GameHooks`, and registers it under
the entry point group `pnp.games` with the game's id as the name:

    [project.entry-points."pnp.games"]
    my-game = "my_package.hooks:HOOKS"

pnp's own games register the same way (pyproject.toml), so the core never names a game:
it asks `hooks_for(game_id)` and gets empty hooks for a game with no code. A game from
another package also gives its content folder (`folder`), so `pnp list` shows it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from pnp.load import registry
from pnp.load.registry import GROUP

if TYPE_CHECKING:
    from pnp.base.errors import Problem
    from pnp.load.model import Game, Item
    from pnp.load.source import Source

Context = dict[str, Any]
CustomEntries = list[tuple[str, tuple, Any, bool]]  # component id, key, entries, one item


class Scorer(Protocol):
    """Scores a filled score sheet (`pnp score`) and draws it back onto the sheet."""

    def read(self, path: Path) -> Source:
        """The filled sheet as read (YAML, with its lines)."""

    def prepare(self, game: Game) -> object:
        """What scoring needs from the game with its options in force (e.g. the map);
        raises InputError when the game cannot score (an unknown map)."""

    def score(self, src: Source, prepared: object, game: Game,
              problems: list[Problem]) -> object | None:
        """The score, or None with the sheet's errors appended to `problems`."""

    def overlay(self, result: object, game: Game) -> Context:
        """What the pad's overlay template draws for a scored sheet."""


@dataclass(frozen=True)
class GameHooks:
    """Every hook is optional; a game with no code gets `GameHooks()`."""

    folder: Path | None = None  # content folder of a game shipped by another package
    data_schema: type | None = None  # the dataclass game.yaml's `data:` block must fit
    data_fields: Mapping[str, Any] = field(default_factory=dict)  # `type: data` field shapes
    measures: Mapping[str, Callable[[Game], object]] = field(default_factory=dict)
    explain: Mapping[str, Callable[[Game], tuple[str, Item | None]]] = field(
        default_factory=dict)  # the items behind a wrong measured count
    expectation_blocked: Callable[[Game, str | None], bool] | None = None
    checks: Callable[[Game], list[Problem]] | None = None  # rules counting cannot express
    custom_entries: Callable[[Source, list[Problem]], CustomEntries | None] | None = None
    item_context: Callable[[Game, str, Item, str], Context] | None = None
    board_context: Callable[[Game, str], Context] | None = None
    sheet_context: Callable[[Game, str, str, tuple[float, float]], Context] | None = None
    player_context: Callable[[Context, Context], Context] | None = None  # a pad's overlay
    name_problems: Callable[[list[str], tuple[float, float]], list[Problem]] | None = None
    rules_doc_checks: Callable[[Game, str, str], list[Problem]] | None = None
    scorer: Scorer | None = None


NO_HOOKS = GameHooks()
_FOUND: dict[str, GameHooks] = {}  # looked up once a run: a deck asks per card


def hooks_for(game_id: str) -> GameHooks:
    """The hooks registered for `game_id`, loaded on first use; empty ones if none."""
    if game_id not in _FOUND:
        value = registry.declared().get(game_id)
        hooks = registry.load(value) if value is not None else NO_HOOKS
        if not isinstance(hooks, GameHooks):
            raise TypeError(f"entry point {GROUP}:{game_id} ({value}) is not a GameHooks")
        _FOUND[game_id] = hooks
    return _FOUND[game_id]


def installed_folders() -> dict[str, Path]:
    """Games other packages ship with their content: id to content folder."""
    found = {}
    for gid, value in sorted(registry.declared().items()):
        if value.split(".")[0].split(":")[0].strip() == "pnp":
            continue  # pnp's own games: their folders are its shipped content
        folder = hooks_for(gid).folder
        if folder is not None and (folder / "game.yaml").is_file():
            found[gid] = folder
    return found
