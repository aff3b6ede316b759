"""Temple Trip's face to the core: data (data.py), measures and checks (checks.py), custom
temple files (custom.py), what the templates see (context.py) and the rules document's
citations (rules_doc.py)."""

from __future__ import annotations

from pnp.games.temple_trip import checks, context, custom, data, rules_doc
from pnp.load.hooks import GameHooks

HOOKS = GameHooks(
    data_schema=data.DATA_SCHEMA,
    measures=checks.MEASURES,
    expectation_blocked=checks.expectation_blocked,
    checks=checks.checks,
    custom_entries=custom.custom_entries,
    item_context=context.item_context,
    board_context=context.board_context,
    sheet_context=context.sheet_context,
    rules_doc_checks=rules_doc.rules_doc_checks,
)
