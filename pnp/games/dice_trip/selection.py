"""Which Dice Trip map a run uses (--map, else the game's data.map) and that map read
once a run: the measures, the checks, the sheets and the scorer share it."""

from __future__ import annotations

from pathlib import Path

from pnp.base.errors import Problem
from pnp.games.dice_trip.maps import load_map, resolve_map
from pnp.games.dice_trip.spec import LoadedMap
from pnp.load.model import Game
from pnp.load.paths import game_file


def selected_map_path(game: Game) -> Path:
    """--map (a shipped name or the user's own file) or a filled sheet's map: (a path from
    the sheet's folder: options["sheet"]), else the game's data.map: a shipped map's name
    or a file inside the game folder."""
    chosen = game.options.get("map")
    if chosen:
        return resolve_map(game.folder, str(chosen), game.options.get("sheet"))
    name = game.spec.data.get("map")
    if isinstance(name, str) and (name.endswith((".yaml", ".yml")) or "/" in name):
        return game_file(game.folder, name, game.source, ("data", "map"))
    return resolve_map(game.folder, str(name))


def selected_map(game: Game) -> LoadedMap:
    """The map in use: --map NAME or FILE, else the game's default. Loaded once."""
    path = selected_map_path(game)
    loaded, _ = read_map(game, path)
    if loaded is None:
        raise _MapUnusable(path)
    return loaded


def read_map(game: Game, path: Path) -> tuple[LoadedMap | None, list[Problem]]:
    """A map file and the problems reading it found, read once a run (the map in use and
    the map checks share it)."""
    cached = game.cache.get(("map", path))
    if cached is None:
        problems: list[Problem] = []
        cached = (load_map(path, problems), problems)
        game.cache[("map", path)] = cached
    return cached


class _MapUnusable(Exception):
    def __init__(self, path: Path) -> None:
        super().__init__(f"map {path} cannot be used")
        self.path = path
