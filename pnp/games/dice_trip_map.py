"""Dice Trip maps: loading a map file, checking it against the rules, and its geometry
(projection, spacing of the city circles, label places, zone areas, road crossings)."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError, Problem
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


def check_map(m: LoadedMap, rules: Rules) -> list[Problem]:
    """Every rule a map must meet, one problem per failure, at the map file's lines."""
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
    return out


def adjacency(names: list[str], roads: list[tuple[str, str]]) -> dict[str, list[str]]:
    graph: dict[str, list[str]] = {n: [] for n in names}
    for a, b in roads:
        graph[a].append(b)
        graph[b].append(a)
    for n in graph:
        graph[n].sort()
    return graph


def reachable(graph: dict[str, list[str]], start: str) -> set[str]:
    seen, stack = {start}, [start]
    while stack:
        for nxt in graph[stack.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return seen


def longest_path(graph: dict[str, list[str]], enough: int, budget: int = 200_000) -> list[str]:
    """A longest simple path found by depth-first search, stopping at `enough` cities
    (the search is exponential in general; 25 cities of degree ≤ 5 take milliseconds)."""
    best: list[str] = []
    steps = 0

    def dfs(path: list[str], seen: set[str]) -> bool:
        nonlocal best, steps
        steps += 1
        if len(path) > len(best):
            best = list(path)
            if len(best) >= enough:
                return True
        if steps > budget:
            return True
        for nxt in sorted(graph[path[-1]], key=lambda n: len(graph[n])):  # Warnsdorff
            if nxt not in seen:
                seen.add(nxt)
                path.append(nxt)
                if dfs(path, seen):
                    return True
                path.pop()
                seen.discard(nxt)
        return False

    for start in sorted(graph, key=lambda n: len(graph[n])):
        if dfs([start], {start}):
            break
    return best


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
        """(x, y, anchor, width) of each city's name: the first candidate place that
        overlaps no circle, no earlier label and no road, and stays inside the map; failing
        that, the first that overlaps no circle or label."""
        boxes: list[tuple[float, float, float, float]] = [
            (x - radius, y - radius, x + radius, y + radius) for x, y in self.pos.values()]
        roads = [(self.pos[a], self.pos[b]) for a, b in self.spec.roads
                 if a in self.pos and b in self.pos]
        out = {}
        for city in sorted(self.spec.cities, key=lambda c: self.pos[c.name][1]):
            x, y = self.pos[city.name]
            text = city.label or city.name
            w = width_of(text)
            options = [(x, y + radius + size, "middle"), (x, y - radius - 0.6, "middle"),
                       (x + radius + 0.8, y + size * 0.35, "start"),
                       (x - radius - 0.8, y + size * 0.35, "end"),
                       (x + radius * 0.7, y + radius + size, "start"),
                       (x - radius * 0.7, y + radius + size, "end"),
                       (x + radius * 0.7, y - radius - 0.6, "start"),
                       (x - radius * 0.7, y - radius - 0.6, "end")]
            fallback = None
            chosen = None
            for lx, ly, anchor in options:
                left = lx - w / 2 if anchor == "middle" else (lx if anchor == "start" else lx - w)
                box = (left - 0.3, ly - size * 0.78, left + w + 0.3, ly + size * 0.22)
                inside = box[0] >= 0 and box[2] <= self.width and box[1] >= 0 \
                    and box[3] <= self.height
                if not inside or any(_overlap(box, b) for b in boxes):
                    continue
                if fallback is None:
                    fallback = (lx, ly, anchor, box)
                if not any(_segment_hits_box(p, q, box) for p, q in roads):
                    chosen = (lx, ly, anchor, box)
                    break
            pick = chosen or fallback or (*options[0], (0.0, 0.0, 0.0, 0.0))
            if pick[3] != (0.0, 0.0, 0.0, 0.0):
                boxes.append(pick[3])
            out[city.name] = (round(pick[0], 2), round(pick[1], 2), pick[2], round(w, 2))
        return out


def _segment_hits_box(p: tuple[float, float], q: tuple[float, float],
                      box: tuple[float, float, float, float]) -> bool:
    x0, y0, x1, y1 = box
    if any(x0 <= px <= x1 and y0 <= py <= y1 for px, py in (p, q)):
        return True
    corners = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    return any(segments_cross(p, q, corners[i], corners[(i + 1) % 4]) for i in range(4))


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def spread(points: dict[str, tuple[float, float]], gap: float,
           rounds: int = 200) -> dict[str, tuple[float, float]]:
    """Push apart points closer than `gap`, moving each as little as needed."""
    pos = {k: [x, y] for k, (x, y) in points.items()}
    names = sorted(pos)
    for _ in range(rounds):
        moved = False
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                dx = pos[b][0] - pos[a][0]
                dy = pos[b][1] - pos[a][1]
                d = math.hypot(dx, dy)
                if d < gap:
                    if d < 1e-9:
                        dx, dy, d = 1.0, 0.0, 1.0
                    push = (gap - d) / 2 + 1e-3
                    ux, uy = dx / d, dy / d
                    pos[a][0] -= ux * push
                    pos[a][1] -= uy * push
                    pos[b][0] += ux * push
                    pos[b][1] += uy * push
                    moved = True
        if not moved:
            break
    return {k: (round(v[0], 3), round(v[1], 3)) for k, v in pos.items()}


def clip_half_plane(poly: list[tuple[float, float]], keep: tuple[float, float],
                    other: tuple[float, float]) -> list[tuple[float, float]]:
    """Sutherland–Hodgman: the part of `poly` nearer to `keep` than to `other`."""
    mx, my = (keep[0] + other[0]) / 2, (keep[1] + other[1]) / 2
    nx, ny = other[0] - keep[0], other[1] - keep[1]

    def side(p: tuple[float, float]) -> float:
        return (p[0] - mx) * nx + (p[1] - my) * ny  # < 0: keep's side

    out: list[tuple[float, float]] = []
    for i, cur in enumerate(poly):
        prev = poly[i - 1]
        sc, sp = side(cur), side(prev)
        if sc <= 0:
            if sp > 0:
                out.append(_cut(prev, cur, sp, sc))
            out.append(cur)
        elif sp <= 0:
            out.append(_cut(prev, cur, sp, sc))
    return out


def _cut(p: tuple[float, float], q: tuple[float, float], sp: float,
         sq: float) -> tuple[float, float]:
    t = sp / (sp - sq)
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def segments_cross(p1: tuple[float, float], p2: tuple[float, float], p3: tuple[float, float],
                   p4: tuple[float, float]) -> bool:
    """Proper intersection of two segments that share no end."""
    def orient(a: tuple[float, float], b: tuple[float, float], c: tuple[float, float]) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    return (d1 * d2 < 0) and (d3 * d4 < 0)
