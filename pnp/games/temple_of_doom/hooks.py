"""Temple of Doom's face to the core: data, measures (and their explanations), checks,
what the cards and the setup sheet compute."""

from __future__ import annotations

from pnp.games.temple_of_doom import rules
from pnp.load.hooks import GameHooks

HOOKS = GameHooks(
    data_schema=rules.DATA_SCHEMA,
    data_fields=rules.DATA_FIELDS,
    measures=rules.MEASURES,
    explain=rules.EXPLAIN,
    checks=rules.checks,
    item_context=rules.item_context,
    sheet_context=rules.sheet_context,
)
