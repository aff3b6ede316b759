"""Temple's face to the core: data, the reference card's sides, measures, checks, the
board sheet."""

from __future__ import annotations

from pnp.games.temple import checks, rules
from pnp.load.hooks import GameHooks

HOOKS = GameHooks(
    data_schema=rules.DATA_SCHEMA,
    data_fields=rules.DATA_FIELDS,
    measures=rules.MEASURES,
    checks=checks.checks,
    sheet_context=rules.sheet_context,
)
