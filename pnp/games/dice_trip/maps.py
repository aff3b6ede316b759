"""Dice Trip map files: where the shipped maps are, which file a map's name or path
means (confined to the game folder like its data files), and reading one (its data:
spec; checking it against the rules: checks)."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.base.errors import InputError, Problem
from pnp.games.dice_trip.spec import LoadedMap, MapFile
from pnp.load.paths import is_within
from pnp.load.schema import MAX_NAME, convert_dataclass, did_you_mean, too_long
from pnp.load.source import read_yaml


def maps_dir(game_folder: Path) -> Path:
    return game_folder / "maps"


def map_names(game_folder: Path) -> list[str]:
    return sorted(p.stem for p in maps_dir(game_folder).glob("*.yaml"))


MAX_PATH = 4096  # characters in a path the system accepts (Linux's PATH_MAX)
OUTSIDE = "leads outside the game folder: a game reads only its own files"


def shipped_map(game_folder: Path, name: str) -> Path:
    """maps/NAME.yaml of the game, confined like its data files: a link that leads out
    of the game folder is refused, and its target never read."""
    path = maps_dir(game_folder) / f"{name}.yaml"
    if os.path.lexists(path) and not is_within(path, game_folder):
        raise InputError(OUTSIDE, path)
    return path


def resolve_map(game_folder: Path, name_or_path: str, sheet: Path | None = None) -> Path:
    """A shipped map's name (germany) or a path to the user's own map file: on the
    command line (--map) a path from the current folder; in a filled sheet (`sheet`, its
    `map:`) a path from the sheet's folder that stays inside it, or the name of a map
    file there (poland for poland.yaml)."""
    candidate = Path(name_or_path)
    if candidate.suffix in (".yaml", ".yml") or candidate.parent != Path("."):
        from pnp.load.safeio import require_file

        if len(name_or_path) > MAX_PATH:
            raise InputError(f"map file: the path is {too_long(name_or_path, MAX_PATH)}")
        if sheet is not None:
            candidate = beside_sheet(sheet, name_or_path)
        require_file(candidate, "map file")  # a folder or a FIFO is named as what it is
        return candidate
    if len(name_or_path) > MAX_NAME:  # no map has such a name, and no file could
        raise InputError(f"map '{name_or_path[:40]}…': the name is "
                         f"{too_long(name_or_path, MAX_NAME)}")
    path = shipped_map(game_folder, name_or_path)
    if path.is_file():
        return path
    if sheet is not None:
        for suffix in (".yaml", ".yml"):
            own = sheet.parent / f"{name_or_path}{suffix}"
            if own.is_file() and is_within(own, sheet.parent):
                return own
    known = map_names(game_folder)
    where = ("write its file's path from this sheet's folder (map: my-country.yaml)"
             if sheet is not None else "give its file's path (--map my-country.yaml)")
    raise InputError(f"unknown map '{name_or_path}' (the game's maps: {', '.join(known)})"
                     f"{did_you_mean(name_or_path, known)}; for a map of your own, {where}")


def beside_sheet(sheet: Path, relative: str) -> Path:
    """A map file a filled sheet names: a path from the sheet's folder that, every link
    followed, stays inside it (a sheet someone sends you reads no other file)."""
    if Path(relative).is_absolute():
        raise InputError(f"map file '{relative}': write the path from the sheet's folder "
                         "(e.g. my-country.yaml), not from the root")
    path = sheet.parent / relative
    if not is_within(path, sheet.parent):
        raise InputError(f"map file '{relative}' leads outside the sheet's folder: put the "
                         "map beside the sheet (or in a folder below it)")
    return path


def load_map(path: Path, problems: list[Problem]) -> LoadedMap | None:
    src = read_yaml(path)
    loaded = convert_dataclass(MapFile, src.data, src, (), problems)
    if loaded is None or loaded.map is None:
        return None
    return LoadedMap(loaded.map, src)
