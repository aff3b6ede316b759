"""Dice Trip's face to the core: data, measures, checks, the pad's sheet, the scorer."""

from __future__ import annotations

from pathlib import Path

from pnp.base.errors import Problem
from pnp.games.dice_trip import rules, score, sheet
from pnp.games.dice_trip.selection import selected_map
from pnp.games.dice_trip.spec import LoadedMap
from pnp.load.hooks import GameHooks
from pnp.load.model import Game
from pnp.load.source import Source


class DiceTripScorer:
    """A filled sheet checked against the selected map and the rules, then scored."""

    def read(self, path: Path) -> Source:
        return score.read_sheet(path)

    def prepare(self, game: Game) -> object:
        return selected_map(game)

    def score(self, src: Source, prepared: object, game: Game,
              problems: list[Problem]) -> object | None:
        m = prepared
        assert isinstance(m, LoadedMap)
        entries = score.parse_entries(src, m, game.spec.data["rules"], list(m.spec.dice),
                                      problems)
        score.check_sheet(src, entries, m, game, problems)
        if any(p.severity == "error" for p in problems):
            return None
        return score.score(src, entries, m, game, problems)

    def overlay(self, result: object, game: Game) -> dict:
        assert isinstance(result, score.Score)
        return score.overlay(result, game)


HOOKS = GameHooks(
    data_schema=rules.DATA_SCHEMA,
    measures=rules.MEASURES,
    expectation_blocked=rules.expectation_blocked,
    checks=rules.checks,
    sheet_context=sheet.sheet_context,
    player_context=sheet.player_context,
    name_problems=sheet.name_problems,
    scorer=DiceTripScorer(),
)
