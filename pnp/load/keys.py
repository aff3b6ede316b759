"""Where a value sits in a loaded file: its key (('cards', 3, 'border')), written as a
user reads it (cards[3].border), and the texts inside a value."""

from __future__ import annotations

from typing import Any

Key = tuple[str | int, ...]


def strings_in(value: Any) -> list[str]:
    """Every string inside a loaded value (mappings' values and lists, depth first)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings_in(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings_in(v)]
    return []


def key_text(key: Key) -> str:
    """('cards', 3, 'border') → 'cards[3].border'."""
    out = ""
    for part in key:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else str(part)
    return out
