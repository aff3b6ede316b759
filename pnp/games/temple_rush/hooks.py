"""Temple Rush's face to the core: data, measures, checks (the brick solver), what a
temple card computes."""

from __future__ import annotations

from pnp.games.temple_rush import rules
from pnp.load.hooks import GameHooks

HOOKS = GameHooks(
    data_schema=rules.DATA_SCHEMA,
    data_fields=rules.DATA_FIELDS,
    measures=rules.MEASURES,
    checks=rules.checks,
    item_context=rules.item_context,
)
