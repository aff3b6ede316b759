"""The games installed packages register: the entry point group `pnp.games`, read from
the packages' metadata.

importlib.metadata is the reference reader (`registered`), but importing it and scanning
every installed package costs 12-25 ms, on every command that loads a game, a designer's
deck with no code at all included. `declared` reads the same `entry_points.txt` files
itself in about 1 ms (tests/test_game_plugins.py checks the two agree), and falls back to
importlib.metadata wherever sys.path holds something it cannot list (a zip file)."""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any

GROUP = "pnp.games"
_DECLARED: dict[str, str] | None = None


def registered() -> dict[str, Any]:
    """The group's entry points by name, as importlib.metadata reads them (the first
    distribution on sys.path wins a name, as `declared` does)."""
    from importlib.metadata import entry_points

    found: dict[str, Any] = {}
    for point in entry_points(group=GROUP):
        found.setdefault(point.name, point)
    return found


def declared() -> dict[str, str]:
    """Game id to its entry point's value ("module:attribute"), read once a process."""
    global _DECLARED
    if _DECLARED is None:
        read = _read_metadata()
        _DECLARED = read if read is not None else {
            name: point.value for name, point in registered().items()}
    return _DECLARED


def load(value: str) -> Any:
    """What an entry point's value names: the module imported, then its attribute, as
    importlib.metadata.EntryPoint.load does (an extras suffix "[x]" is ignored)."""
    module, _, attribute = value.partition(":")
    found: Any = importlib.import_module(module.strip())
    for part in attribute.split("[")[0].strip().split(".") if attribute else []:
        found = getattr(found, part)
    return found


def _read_metadata() -> dict[str, str] | None:
    found: dict[str, str] = {}
    for entry in sys.path:
        folder = entry or "."
        if not os.path.isdir(folder):
            if os.path.exists(folder):
                return None  # a zip on the path: importlib.metadata reads it
            continue
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            continue
        for name in names:
            if name.endswith((".dist-info", ".egg-info")):
                for gid, value in _section(os.path.join(folder, name, "entry_points.txt")):
                    found.setdefault(gid, value)
    return found


def _section(path: str) -> list[tuple[str, str]]:
    """The `name = value` lines of the group's section of one entry_points.txt."""
    try:
        with open(path, encoding="utf-8") as file:
            text = file.read()
    except (OSError, UnicodeDecodeError):
        return []
    if GROUP not in text:
        return []
    pairs = []
    inside = False
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("["):
            inside = line.strip("[]").strip() == GROUP
        elif inside and "=" in line and not line.startswith(("#", ";")):
            name, value = line.split("=", 1)
            pairs.append((name.strip(), value.strip()))
    return pairs
