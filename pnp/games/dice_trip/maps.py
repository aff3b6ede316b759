"""Dice Trip maps: loading a map file, checking it against the rules, and its geometry
(projection, spacing of the city circles, label places, zone areas, road crossings)."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

from pnp.base.errors import InputError, Problem
from pnp.base.geometry import distance_to_segment
from pnp.base.graph import adjacency, longest_path, reachable
from pnp.games.dice_trip.geometry import Geometry
from pnp.load.paths import is_within
from pnp.load.schema import (
    MAX_NAME,
    Name,
    NonEmpty,
    Size,
    convert_dataclass,
    did_you_mean,
    problem,
    too_long,
)
from pnp.load.source import Source, read_yaml

Text = dict[str, str] | str


Point = Annotated[list[float], Size(2, 2)]  # [longitude, latitude]
Ring = Annotated[list[Point], Size(3)]  # an outline: a closed shape of 3 or more points


@dataclass
class City:
    name: Name
    lat: float
    lon: float
    zone: str
    colour: str | None = None
    label: str | None = None  # a shorter name to print, e.g. Frankfurt for Frankfurt am Main


@dataclass
class MapSpec:
    id: Name
    name: Text
    dice: Annotated[list[Name], NonEmpty]
    zones: Annotated[dict[str, Text], NonEmpty]
    cities: Annotated[list[City], NonEmpty]
    roads: list[list[str]]
    outline: list[Ring] = field(default_factory=list)
    zone_letters: dict[str, Text] = field(default_factory=dict)  # default: the zone's id


@dataclass
class MapFile:
    map: MapSpec


@dataclass
class LoadedMap:
    spec: MapSpec
    source: Source

    def city(self, name: str) -> City | None:
        return next((c for c in self.spec.cities if c.name == name), None)


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


def resolve_map(game_folder: Path, name_or_path: str) -> Path:
    """A shipped map's name (germany) or a path to the user's own map file."""
    candidate = Path(name_or_path)
    if candidate.suffix in (".yaml", ".yml") or candidate.parent != Path("."):
        from pnp.load.safeio import require_file

        if len(name_or_path) > MAX_PATH:
            raise InputError(f"map file: the path is {too_long(name_or_path, MAX_PATH)}")
        require_file(candidate, "map file")  # a folder or a FIFO is named as what it is
        return candidate
    if len(name_or_path) > MAX_NAME:  # no map has such a name, and no file could
        raise InputError(f"map '{name_or_path[:40]}…': the name is "
                         f"{too_long(name_or_path, MAX_NAME)}")
    path = shipped_map(game_folder, name_or_path)
    if not path.is_file():
        known = map_names(game_folder)
        raise InputError(f"unknown map '{name_or_path}' (maps: {', '.join(known)})"
                         f"{did_you_mean(name_or_path, known)}")
    return path


def load_map(path: Path, problems: list[Problem]) -> LoadedMap | None:
    src = read_yaml(path)
    loaded = convert_dataclass(MapFile, src.data, src, (), problems)
    if loaded is None or loaded.map is None:
        return None
    return LoadedMap(loaded.map, src)


@dataclass(frozen=True)
class Rules:
    """The counts a map must meet (from the game's data, i.e. from the rules)."""

    cities: int
    zone_sizes: list[int]
    per_colour: int
    dice: int
    min_path: int


def check_map(m: LoadedMap, rules: Rules,
              boxes: list[tuple[float, float]] | None = None) -> list[Problem]:
    """Every rule a map must meet, one problem per failure, at the map file's lines.
    `boxes`: the map sizes (mm) it is printed at; roads must clear other cities'
    circles on each."""
    src, spec = m.source, m.spec
    out: list[Problem] = []
    key = ("map",)
    if len(spec.cities) != rules.cities:
        out.append(problem(src, key + ("cities",),
                           f"a map has {rules.cities} cities, this one {len(spec.cities)}"))
    names: dict[str, int] = {}
    for i, c in enumerate(spec.cities):
        if c.name in names:
            out.append(problem(src, key + ("cities", i, "name"),
                               f"city '{c.name}' appears twice"))
        names[c.name] = i
        if c.zone not in spec.zones:
            out.append(problem(src, key + ("cities", i, "zone"),
                               f"unknown zone '{c.zone}' (zones: {', '.join(spec.zones)})"
                               f"{did_you_mean(c.zone, spec.zones)}"))
        if c.colour is not None and c.colour not in spec.dice:
            out.append(problem(src, key + ("cities", i, "colour"),
                               f"'{c.colour}' is not a die colour ({', '.join(spec.dice)})"))
        if not (-90 <= c.lat <= 90 and -180 <= c.lon <= 180):
            out.append(problem(src, key + ("cities", i), "lat/lon out of range"))
    if len(spec.dice) != rules.dice or len(set(spec.dice)) != len(spec.dice):
        out.append(problem(src, key + ("dice",),
                           f"the game has {rules.dice} dice of different colours, "
                           f"got {spec.dice}"))
    sizes = sorted(sum(1 for c in spec.cities if c.zone == z) for z in spec.zones)
    if sizes != sorted(rules.zone_sizes):
        out.append(problem(src, key + ("zones",),
                           f"zones must hold {'/'.join(map(str, sorted(rules.zone_sizes)))} "
                           f"cities, got {'/'.join(map(str, sizes))}"))
    for die in spec.dice:
        n = sum(1 for c in spec.cities if c.colour == die)
        if n != rules.per_colour:
            out.append(problem(src, key + ("cities",),
                               f"{rules.per_colour} cities per die colour, {die} has {n}"))
    seen: set[frozenset[str]] = set()
    good_roads: list[tuple[str, str]] = []
    for i, road in enumerate(spec.roads):
        k = key + ("roads", i)
        if len(road) != 2:
            out.append(problem(src, k, f"a road joins 2 cities, got {road}"))
            continue
        a, b = road
        bad = False
        for j, end in enumerate(road):
            if end not in names:
                out.append(problem(src, k + (j,), f"no city '{end}' on this map"
                                   f"{did_you_mean(end, names)}"))
                bad = True
        if a == b:
            out.append(problem(src, k, f"road from '{a}' to itself"))
            bad = True
        pair = frozenset(road)
        if pair in seen:
            out.append(problem(src, k, f"road {a}–{b} is listed twice"))
            bad = True
        seen.add(pair)
        if not bad:
            good_roads.append((a, b))
    if out:
        return out  # the graph checks need a sound list of cities and roads
    graph = adjacency([c.name for c in spec.cities], good_roads)
    unreached = sorted(set(graph) - reachable(graph, spec.cities[0].name))
    if unreached:
        out.append(problem(src, key + ("roads",),
                           f"the road network is not connected: no road reaches "
                           f"{', '.join(unreached)}"))
    drawn: dict[tuple[float, float], Geometry] = {}  # each size drawn once for all checks

    def geometry(w: float, h: float) -> Geometry:
        if (w, h) not in drawn:
            drawn[(w, h)] = Geometry(spec, w, h)
        return drawn[(w, h)]

    crossing: set[tuple[tuple[str, str], tuple[str, str]]] = set()
    for w, h in [(100.0, 132.0)] + (boxes or []):
        for pair in geometry(w, h).crossings(good_roads):
            if pair in crossing:
                continue
            crossing.add(pair)
            (a, b), (c, d) = pair
            i = next(i for i, r in enumerate(spec.roads) if set(r) == {a, b})
            out.append(problem(src, key + ("roads", i), f"road {a}–{b} crosses road {c}–{d} "
                               f"on the drawn map ({w:.0f} mm wide)"))
    if not out:
        path = longest_path(graph, rules.min_path)
        if len(path) < rules.min_path:
            out.append(problem(src, key + ("roads",),
                               f"the longest path through the roads visits {len(path)} cities; "
                               f"the rules' example sheet needs one of {rules.min_path}"))
    for letter_zone in spec.zone_letters:
        if letter_zone not in spec.zones:
            out.append(problem(src, key + ("zone_letters", letter_zone),
                               f"no zone '{letter_zone}' (zones: {', '.join(spec.zones)})"
                               f"{did_you_mean(letter_zone, spec.zones)}"))
    out.extend(_roads_through_cities(src, spec, good_roads, [
        (w, geometry(w, h)) for w, h in boxes or [(100.0, 132.0)]]))
    if not out:
        out.extend(_labels_tied(src, spec, boxes or [(100.0, 132.0)]))
    return out


def zone_letter(spec: MapSpec, zone: str, lang: str) -> str:
    """The letter(s) printed in a zone: the map's zone_letters, else the zone's id."""
    value = spec.zone_letters.get(zone)
    if isinstance(value, dict):
        return value.get(lang) or value.get("en") or zone
    return value or zone


def _labels_tied(src: Source, spec: MapSpec, boxes: list[tuple[float, float]]) -> list[Problem]:
    """On every printed size, each city's name is nearer to its own circle than to any
    other by labels.MARGIN, or a leader line ties it to its circle; each zone has room
    for its letter."""
    from pnp.games.dice_trip import labels as lab
    from pnp.games.dice_trip import zones

    out: list[Problem] = []
    seen: set[str] = set()
    index = {c.name: i for i, c in enumerate(spec.cities)}
    path = src.path.resolve()
    mtime = path.stat().st_mtime
    zones.remember_map(path, mtime, spec)  # the drawn maps need not read the file again
    letters = tuple((z, max((zone_letter(spec, z, lang) for lang in ("en", "de", "fr")),
                            key=zones.letter_width)) for z in spec.zones)
    for w, h in boxes:
        drawn = zones.drawn_map(path, mtime, w, h)
        geo, labels = drawn["geo"], drawn["labels"]
        for city, label in labels.items():
            message = lab.label_problem(label, geo)
            if message and city not in seen:
                seen.add(city)
                out.append(problem(src, ("map", "cities", index[city]),
                                   f"{message} on a {w:.0f} mm wide map"))
        spots = zones.zone_spots(path, mtime, w, h, letters)
        for zone, spot in spots.items():
            if spot is None and f"zone {zone}" not in seen:
                seen.add(f"zone {zone}")
                out.append(problem(src, ("map", "zones", zone),
                                   f"no free place inside zone {zone} for its letter on a "
                                   f"{w:.0f} mm wide map"))
    return out


ROAD_CLEARANCE = 0.6  # mm between a road's line and a city circle it passes


def _roads_through_cities(src: Source, spec: MapSpec, roads: list[tuple[str, str]],
                          drawn: list[tuple[float, Geometry]]) -> list[Problem]:
    """A road must not run through another city's circle on any printed size of the map
    (`drawn`: each size's width and geometry): a player would read it as passing through
    that city."""
    out: list[Problem] = []
    reported: set[tuple[str, str, str]] = set()
    for w, geo in drawn:
        for a, b in roads:
            for city in spec.cities:
                if city.name in (a, b) or (a, b, city.name) in reported:
                    continue
                d = distance_to_segment(geo.pos[city.name], geo.pos[a], geo.pos[b])
                if d < geo.radius[city.name] + ROAD_CLEARANCE:
                    reported.add((a, b, city.name))
                    i = next(i for i, r in enumerate(spec.roads) if set(r) == {a, b})
                    out.append(problem(src, ("map", "roads", i),
                                       f"road {a}–{b} runs through {city.name}'s circle "
                                       f"({d:.1f} mm from its centre on a {w:.0f} mm wide "
                                       f"map; its circle reaches {geo.radius[city.name]:.1f} mm)"))
    return out
