"""Dice Trip map checks: every rule a map file must meet (its counts, cities, zones and
roads), and on every printed size roads that neither cross nor run through a circle,
names tied to their circles and a place for each zone's letter."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pnp.base.errors import Problem
from pnp.base.geometry import distance_to_segment
from pnp.base.graph import adjacency, longest_path, reachable
from pnp.games.dice_trip import fit
from pnp.games.dice_trip.geometry import Geometry
from pnp.games.dice_trip.spec import LoadedMap, MapSpec
from pnp.load.schema import did_you_mean, problem
from pnp.load.source import Source


@dataclass(frozen=True)
class Rules:
    """The counts a map must meet (from the game's data, i.e. from the rules)."""

    cities: int
    zone_sizes: list[int]
    per_colour: int
    dice: int
    min_path: int


def check_map(m: LoadedMap, rules: Rules, boxes: list[tuple[float, float]] | None = None,
              others: Sequence[tuple[str, tuple[float, float]]] = ()) -> list[Problem]:
    """Every rule a map must meet, one problem per failure, at the map file's lines.
    `boxes`: the map sizes (mm) it is printed at (PLAIN_BOX when none is given: no
    size nobody prints is judged); roads must neither cross nor run through other
    cities' circles on each, and the drawn map must fit (fit.drawn_problems; `others`: the
    sizes it may name as having room)."""
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
            drawn[(w, h)] = fit.drawn_geometry(spec, (w, h))  # as printed
        return drawn[(w, h)]

    printed = list(boxes or [PLAIN_BOX])  # only the sizes printed: none nobody prints
    crossing: set[tuple[tuple[str, str], tuple[str, str]]] = set()
    for w, h in printed:
        for pair in geometry(w, h).crossings(good_roads):
            if pair in crossing:
                continue
            crossing.add(pair)
            (a, b), (c, d) = pair
            i = next(i for i, r in enumerate(spec.roads) if set(r) == {a, b})
            out.append(problem(src, key + ("roads", i), f"road {a}–{b} crosses road {c}–{d} "
                               f"on the drawn map ({w:g} mm wide)"))
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
        (w, geometry(w, h)) for w, h in printed]))
    if not out:
        out.extend(fit.drawn_problems(src, spec, printed, others))
    return out


PLAIN_BOX = (100.0, 132.0)  # mm: the map box judged when no printed size is given
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
                                       f"({d:.1f} mm from its centre on a {w:g} mm wide "
                                       f"map; its circle reaches {geo.radius[city.name]:.1f} mm)"))
    return out
