"""Per-game code: checks, measured values for expectations, and generated sheet data.

A game module `pnp/games/<game_id with _>.py` may define:
- `MEASURES: dict[str, Callable[[Game], object]]` values that expectations name in `check`;
- `checks(game) -> list[Problem]` rules that counting cannot express;
- `sheet_context(game, component_id, lang, size) -> dict` data for a one-page sheet
  template; `size` is the (width, height) in mm the sheet is laid out for;
- `DATA_SCHEMA` the dataclass of game.yaml's `data:` block, and `DATA_FIELDS: dict[str,
  type]` the shape of an item field of `type: data` (e.g. a reference card's `sides`):
  checked on load like any content, so what the templates read inside them is there.
"""

from __future__ import annotations

import importlib
from types import ModuleType

_FOUND: dict[str, ModuleType | None] = {}  # looked up once a run: a deck asks per card


def module_for(game_id: str) -> ModuleType | None:
    if game_id in _FOUND:
        return _FOUND[game_id]
    name = game_id.replace("-", "_")
    if not name.isidentifier():
        return None
    try:
        module: ModuleType | None = importlib.import_module(f"{__name__}.{name}")
    except ModuleNotFoundError as exc:
        if exc.name != f"{__name__}.{name}":
            raise
        module = None
    _FOUND[game_id] = module
    return module
