"""Dice Trip maps: loading a map file, checking it against the rules, and its geometry
(projection, spacing of the city circles, label places, zone areas, road crossings)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError, Problem
from ..geometry import clip_half_plane, distance_to_segment, place_labels, segments_cross, spread
from ..graph import adjacency, longest_path, reachable
from ..load import Source, read_yaml
from ..schema import convert_dataclass, did_you_mean, problem

Text = dict[str, str] | str


@dataclass
class City:
    name: str
    lat: float
    lon: float
    zone: str
    colour: str | None = None
    label: str | None = None  # a shorter name to print, e.g. Frankfurt for Frankfurt am Main


@dataclass
class MapSpec:
    id: str
    name: Text
    dice: list[str]
    zones: dict[str, Text]
    cities: list[City]
    roads: list[list[str]]
    outline: list[list[list[float]]] = field(default_factory=list)


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


def resolve_map(game_folder: Path, name_or_path: str) -> Path:
    """A shipped map's name (germany) or a path to the user's own map file."""
    candidate = Path(name_or_path)
    if candidate.suffix in (".yaml", ".yml") or candidate.parent != Path("."):
        if not candidate.is_file():
            raise InputError("map file not found", candidate)
        return candidate
    path = maps_dir(game_folder) / f"{name_or_path}.yaml"
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
    geo = Geometry(spec)
    for (a, b), (c, d) in geo.crossings(good_roads):
        i = next(i for i, r in enumerate(spec.roads) if set(r) == {a, b})
        out.append(problem(src, key + ("roads", i),
                           f"road {a}–{b} crosses road {c}–{d} on the drawn map"))
    if not out:
        path = longest_path(graph, rules.min_path)
        if len(path) < rules.min_path:
            out.append(problem(src, key + ("roads",),
                               f"the longest path through the roads visits {len(path)} cities; "
                               f"the rules' example sheet needs one of {rules.min_path}"))
    out.extend(_roads_through_cities(src, spec, good_roads, boxes or [(100.0, 132.0)]))
    return out


ROAD_CLEARANCE = 0.6  # mm between a road's line and a city circle it passes


def _roads_through_cities(src: Source, spec: MapSpec, roads: list[tuple[str, str]],
                          boxes: list[tuple[float, float]]) -> list[Problem]:
    """A road must not run through another city's circle on any printed size of the map:
    a player would read it as passing through that city."""
    from .dice_trip import RADIUS

    out: list[Problem] = []
    reported: set[tuple[str, str, str]] = set()
    for w, h in boxes:
        geo = Geometry(spec, w, h)
        for a, b in roads:
            for city in spec.cities:
                if city.name in (a, b) or (a, b, city.name) in reported:
                    continue
                d = distance_to_segment(geo.pos[city.name], geo.pos[a], geo.pos[b])
                if d < RADIUS + ROAD_CLEARANCE:
                    reported.add((a, b, city.name))
                    i = next(i for i, r in enumerate(spec.roads) if set(r) == {a, b})
                    out.append(problem(src, ("map", "roads", i),
                                       f"road {a}–{b} runs through {city.name}'s circle "
                                       f"({d:.1f} mm from its centre on a {w:.0f} mm wide "
                                       f"map; a circle is {RADIUS:g} mm)"))
    return out


# ---------------------------------------------------------------- geometry

MIN_GAP = 8.6  # mm between city centres: room for two circles of 6.6 mm and a pencil


class Geometry:
    """Projected, spaced city positions in mm inside a box, and what is drawn from them.

    Projection: equirectangular at the map's mean latitude (x = lon·cos φ0, y = lat),
    fine for a country. Cities closer than MIN_GAP are pushed apart a little so every
    circle can be written in; roads are checked for crossings on these drawn positions."""

    def __init__(self, spec: MapSpec, width: float = 100.0, height: float = 132.0) -> None:
        self.spec = spec
        lats = [c.lat for c in spec.cities] + [p[1] for r in spec.outline for p in r]
        lons = [c.lon for c in spec.cities] + [p[0] for r in spec.outline for p in r]
        self.k = math.cos(math.radians((min(lats) + max(lats)) / 2))
        xs = [lon * self.k for lon in lons]
        x0, x1, y0, y1 = min(xs), max(xs), min(lats), max(lats)
        pad = 5.0
        self.scale = min((width - 2 * pad) / max(x1 - x0, 1e-9),
                         (height - 2 * pad) / max(y1 - y0, 1e-9))
        self.width = (x1 - x0) * self.scale + 2 * pad
        self.height = (y1 - y0) * self.scale + 2 * pad
        self._x0, self._y1, self._pad = x0, y1, pad
        self.raw = {c.name: self.project(c.lon, c.lat) for c in spec.cities}
        self.pos = spread(self.raw, MIN_GAP)

    def project(self, lon: float, lat: float) -> tuple[float, float]:
        return ((lon * self.k - self._x0) * self.scale + self._pad,
                (self._y1 - lat) * self.scale + self._pad)

    def outline(self) -> list[list[tuple[float, float]]]:
        return [[self.project(lon, lat) for lon, lat in ring] for ring in self.spec.outline]

    def crossings(self, roads: list[tuple[str, str]]
                  ) -> list[tuple[tuple[str, str], tuple[str, str]]]:
        found = []
        for i, (a, b) in enumerate(roads):
            for c, d in roads[i + 1:]:
                if {a, b} & {c, d}:
                    continue
                if segments_cross(self.pos[a], self.pos[b], self.pos[c], self.pos[d]):
                    found.append(((a, b), (c, d)))
        return found

    def zone_areas(self) -> dict[str, list[list[tuple[float, float]]]]:
        """Each zone's part of the country: the outline cut into the cities' Voronoi
        cells (every point belongs to its nearest city), grouped by zone."""
        rings = self.outline() or [[(0, 0), (self.width, 0), (self.width, self.height),
                                    (0, self.height)]]
        areas: dict[str, list[list[tuple[float, float]]]] = {z: [] for z in self.spec.zones}
        for city in self.spec.cities:
            here = self.pos[city.name]
            for ring in rings:
                poly = ring
                for other in self.spec.cities:
                    if other is city or not poly:
                        continue
                    poly = clip_half_plane(poly, here, self.pos[other.name])
                if len(poly) >= 3:
                    areas.setdefault(city.zone, []).append(poly)
        return areas

    def labels(self, radius: float, size: float, width_of: Callable[[str], float]
               ) -> dict[str, tuple[float, float, str, float]]:
        """(x, y, anchor, width) of each city's name, clear of circles, roads and other
        names where possible."""
        roads = [(self.pos[a], self.pos[b]) for a, b in self.spec.roads
                 if a in self.pos and b in self.pos]
        texts = {c.name: c.label or c.name for c in self.spec.cities}
        return place_labels(self.pos, texts, lambda _: radius, size, width_of,
                            (0.0, 0.0, self.width, self.height), roads)
