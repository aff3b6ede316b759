"""Score a filled Dice Trip sheet: check it against the rules, then add up the points."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from pnp.base.errors import Problem
from pnp.base.graph import adjacency
from pnp.games.dice_trip.spec import LoadedMap
from pnp.load.model import Game
from pnp.load.schema import did_you_mean, problem
from pnp.load.source import Key, Source, read_yaml

TOP_KEYS = ("map", "name", "variant", "powers", "cities")
VARIANTS = ("tens",)

# Where the rules leave a question open, the reading pnp applies (printed with a score).
READINGS = {
    "bonus": "bonus city: a coloured city scores when one of the two dice of its number "
             "has the city's colour (the sheet's die:)",
    "chains": "road and series: chains of directly linked cities that visit no city twice; "
              "the series need not lie on the longest road (the English rules say so, the "
              "German ones are silent)",
    "tens-when": "tens variant: the empty coloured cities are counted after both numbers of "
                 "the round that brings the sixth group of tens onto the map (a sheet does "
                 "not say which of the two came first)",
    "tens-crossed": "tens variant: a crossed-out coloured city is not empty, so it does not "
                    "count",
}


@dataclass
class Entry:
    city: str
    number: int | None  # None: crossed out
    round: int | None
    die: str | None
    key: Key


@dataclass
class Score:
    name: str
    map: str
    parts: dict[str, int]
    details: dict[str, Any]
    total: int
    entries: dict[str, Entry] = field(default_factory=dict)
    readings: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "map": self.map, "scores": {**self.parts, "total": self.total},
                "details": self.details, "readings": self.readings}


def read_sheet(path: Path) -> Source:
    return read_yaml(path)


def _number(value: Any, src: Source, key: Key, problems: list[Problem]) -> tuple[bool, int | None]:
    """(ok, number or None for crossed out)."""
    if isinstance(value, str) and value.strip().lower() == "x":
        return True, None
    if isinstance(value, bool) or not isinstance(value, int):
        problems.append(problem(src, key, f"write a number 11-66 or x for a crossed-out city "
                                          f"(got {value!r})"))
        return False, None
    tens, ones = divmod(value, 10)
    if not (1 <= tens <= 6 and 1 <= ones <= 6):
        problems.append(problem(src, key, f"{value} cannot be made from two dice: numbers are "
                                          "11-66 with digits 1-6"))
        return False, None
    return True, value


def parse_entries(src: Source, m: LoadedMap, rules: dict[str, Any], dice: list[str],
                  problems: list[Problem]) -> dict[str, Entry]:
    data = src.data
    cities = data.get("cities") if isinstance(data, dict) else None
    if not isinstance(cities, dict):
        problems.append(problem(src, ("cities",), "required: a mapping of city: number or x"))
        return {}
    known = {c.name for c in m.spec.cities}
    entries: dict[str, Entry] = {}
    for name, value in cities.items():
        key: Key = ("cities", name)
        if name not in known:
            problems.append(problem(src, key, f"no city '{name}' on the {m.spec.id} map"
                                              f"{did_you_mean(name, known)}"))
            continue
        rnd = die = None
        raw = value
        if isinstance(value, dict):
            for k in value:
                if k not in ("number", "round", "die"):
                    problems.append(problem(src, key + (k,), "unknown key"
                                            f"{did_you_mean(k, ['number', 'round', 'die'])}"))
            if "number" not in value:
                problems.append(problem(src, key, "required key 'number' is missing"))
                continue
            raw = value["number"]
            rnd, die = value.get("round"), value.get("die")
            if rnd is not None and (isinstance(rnd, bool) or not isinstance(rnd, int)
                                    or not 1 <= rnd <= rules["rounds"]):
                problems.append(problem(src, key + ("round",),
                                        f"round must be 1-{rules['rounds']} (got {rnd!r})"))
                rnd = None
            if die is not None and die not in dice:
                hint = did_you_mean(str(die), dice)
                problems.append(problem(src, key + ("die",), f"die must be one of "
                                        f"{', '.join(dice)} (got {die!r}){hint}"))
                die = None
        ok, number = _number(raw, src, key + (("number",) if isinstance(value, dict) else ()),
                             problems)
        if not ok:
            continue
        if number is None and die is not None:
            problems.append(problem(src, key + ("die",), "a crossed-out city has no die"))
        entries[name] = Entry(name, number, rnd, die, key)
    return entries


def check_sheet(src: Source, entries: dict[str, Entry], m: LoadedMap, game: Game,
                problems: list[Problem]) -> None:
    """The rules a finished sheet must obey."""
    data = src.data if isinstance(src.data, dict) else {}
    rules = game.spec.data["rules"]
    for k in data:
        if k not in TOP_KEYS:
            problems.append(problem(src, (k,), f"unknown key{did_you_mean(k, TOP_KEYS)}"))
    if data.get("variant") is not None and data.get("variant") not in VARIANTS:
        problems.append(problem(src, ("variant",), f"unknown variant {data.get('variant')!r} "
                                                   f"(variants: {', '.join(VARIANTS)})"))
    powers = data.get("powers") or []
    if not isinstance(powers, list):
        problems.append(problem(src, ("powers",), "must be a list, e.g. [reroll, double]"))
        powers = []
    seen_powers: set[str] = set()
    for i, p in enumerate(powers):
        if p not in game.spec.data["powers"]:
            problems.append(problem(src, ("powers", i), f"unknown power {p!r} (powers: "
                                    f"{', '.join(game.spec.data['powers'])})"
                                    f"{did_you_mean(str(p), game.spec.data['powers'])}"))
        elif p in seen_powers:
            problems.append(problem(src, ("powers", i), f"the {p} power can be used once a game"))
        seen_powers.add(str(p))
    first: dict[int, Entry] = {}
    for e in entries.values():
        if e.number is None:
            continue
        if e.number in first:
            other = first[e.number]
            problems.append(problem(src, e.key, f"{e.number} is written twice (also in "
                                    f"{other.city}, line {src.line(other.key)}); a number may "
                                    "be written once"))
        else:
            first[e.number] = e
    written = data.get("cities") if isinstance(data.get("cities"), dict) else None
    for city in m.spec.cities if written is not None else []:
        if city.name not in entries and city.name not in written:
            problems.append(problem(src, ("cities",), f"{city.name} is neither filled nor "
                                    f"crossed out: a finished sheet has all "
                                    f"{len(m.spec.cities)} cities"))
    for city in m.spec.cities:
        e = entries.get(city.name)
        if e and e.die and not city.colour:
            problems.append(problem(src, e.key + ("die",), f"{city.name} is not a coloured "
                                    "city: the die colour scores nothing here", "warning"))
    per_round: dict[int, list[Entry]] = {}
    for e in entries.values():
        if e.round is not None:
            per_round.setdefault(e.round, []).append(e)
    for rnd, group in sorted(per_round.items()):
        limit = rules["last_round_numbers"] if rnd == rules["rounds"] else \
            rules["numbers_per_round"]
        if len(group) > limit:
            names = ", ".join(e.city for e in group)
            problems.append(problem(src, group[limit].key + ("round",),
                                    f"round {rnd} has {len(group)} cities ({names}); at most "
                                    f"{limit} in {'the last round' if limit == 1 else 'a round'}"))


@cache
def _tracker_index() -> dict[int, int]:
    return {10 * a + b: i for i, (a, b) in
            enumerate((a, b) for a in range(1, 7) for b in range(1, 7))}


def _longest_chain(entries: dict[str, Entry], graph: dict[str, list[str]],
                   step_ok: Any) -> list[str]:
    """Longest path a → b → … along roads where step_ok(number_a, number_b); numbers
    rise along it, so the search is a dynamic programme over cities by number."""
    filled = sorted((e for e in entries.values() if e.number is not None),
                    key=lambda e: -e.number)  # type: ignore[operator]
    best: dict[str, list[str]] = {}
    for e in filled:  # highest first: successors are done before their predecessors
        chain = [e.city]
        for nxt in graph.get(e.city, []):
            n = entries.get(nxt)
            if n is not None and n.number is not None and step_ok(e.number, n.number):
                if 1 + len(best[nxt]) > len(chain):
                    chain = [e.city, *best[nxt]]
        best[e.city] = chain
    return max(best.values(), key=len, default=[])


def score(src: Source, entries: dict[str, Entry], m: LoadedMap, game: Game,
          problems: list[Problem] | None = None) -> Score:
    """Add up a sheet that obeys the rules; a variant the sheet cannot score counts 0
    and adds a warning to `problems`."""
    data = src.data if isinstance(src.data, dict) else {}
    scoring = game.spec.data["scoring"]
    colour_of = {c.name: c.colour for c in m.spec.cities}
    graph = adjacency([c.name for c in m.spec.cities], [tuple(r) for r in m.spec.roads])
    doubles = [e.city for e in entries.values() if e.number is not None and e.number % 11 == 0]
    matched = [e.city for e in entries.values() if e.number is not None and e.die
               and e.die == colour_of.get(e.city) and e.city not in doubles]
    crossed = [e.city for e in entries.values() if e.number is None]
    road = _longest_chain(entries, graph, lambda a, b: b > a)
    index = _tracker_index()
    series = _longest_chain(entries, graph, lambda a, b: index[b] == index[a] + 1)
    series_points = 0
    for step in sorted(scoring["series"], key=lambda s: s["from"]):
        if len(series) >= step["from"]:
            series_points = step["points"]
    zone_of = {c.name: c.zone for c in m.spec.cities}
    clean = [z for z in m.spec.zones if not any(zone_of[c] == z for c in crossed)]
    zone_points = int(scoring["zones"].get(str(len(clean)), 0))
    played = data.get("variant") == "tens"
    tens, tens_note, unscorable = _tens(played, entries, m)
    if unscorable and problems is not None:
        problems.append(problem(src, ("variant",), f"the tens variant cannot be scored from "
                                f"this sheet: {unscorable}; it counts 0 (write each city with its "
                                "round, e.g. Kiel: {number: 34, round: 5})", "warning"))
    parts = {
        "bonus": scoring["bonus"] * (len(doubles) + len(matched)),
        "crossed": scoring["crossed"] * len(crossed),
        "road": scoring["road_per_city"] * len(road),
        "series": series_points,
        "zones": zone_points,
        "tens": tens,
    }
    details = {
        "doubles": doubles, "matching_dice": matched, "crossed_out": crossed,
        "road": [{"city": c, "number": entries[c].number} for c in road],
        "series": [{"city": c, "number": entries[c].number} for c in series],
        "clean_zones": clean, "tens": tens_note,
    }
    readings = [READINGS["bonus"], READINGS["chains"]]
    if played:
        readings += [READINGS["tens-when"], READINGS["tens-crossed"]]
    return Score(str(data.get("name") or ""), m.spec.id, parts, details, sum(parts.values()),
                 entries, readings)


def _tens(played: bool, entries: dict[str, Entry], m: LoadedMap) -> tuple[int, str, str]:
    """(points, what happened, why it cannot be scored or ""): the coloured cities still
    empty (neither filled nor crossed out) after the round that completed the six groups
    of tens."""
    if not played:
        return 0, "variant not played", ""
    missing = [e.city for e in entries.values() if e.round is None]
    if missing:
        shown = ", ".join(missing[:3]) + (f" and {len(missing) - 3} more" if len(missing) > 3
                                          else "")
        why = f"{len(missing)} of {len(entries)} cities have no round ({shown})"
        return 0, "not scored: " + why, why
    filled = [e for e in entries.values() if e.number is not None]
    for rnd in range(1, 14):
        decades = {e.number // 10 for e in filled if e.round <= rnd}  # type: ignore[operator]
        if len(decades) == 6:
            empty = [c.name for c in m.spec.cities if c.colour and not (
                c.name in entries and entries[c.name].round <= rnd)]  # type: ignore[operator]
            return len(empty), f"all six groups of tens in round {rnd}; empty coloured " \
                               f"cities: " + (", ".join(empty) or "none"), ""
    return 0, "the six groups of tens were never all on the map", ""


def overlay(result: Score, game: Game) -> dict[str, Any]:
    """What the filled-sheet template writes on the map (pnp score --pdf)."""
    entries = result.entries
    return {
        "name": result.name,
        "cities": {c: {"number": e.number, "crossed": e.number is None}
                   for c, e in entries.items()},
        "scores": {**result.parts, "total": result.total},
        "used": sorted(e.number for e in entries.values() if e.number is not None),
        "powers": [],
        "decades": sorted({e.number // 10 for e in entries.values() if e.number is not None}),
    }
