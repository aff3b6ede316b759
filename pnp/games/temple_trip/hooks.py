"""Temple Trip's face to the core: data, measures, checks, custom temples, the board,
the sheets and the rules document's citations."""

from __future__ import annotations

from pnp.games.temple_trip import rules
from pnp.load.hooks import GameHooks

HOOKS = GameHooks(
    data_schema=rules.DATA_SCHEMA,
    measures=rules.MEASURES,
    expectation_blocked=rules.expectation_blocked,
    checks=rules.checks,
    custom_entries=rules.custom_entries,
    item_context=rules.item_context,
    board_context=rules.board_context,
    sheet_context=rules.sheet_context,
    rules_doc_checks=rules.rules_doc_checks,
)
