"""Dice Trip: the game's data schema, the maps' rule checks, measured values for
game.yaml, and the hooks a pad calls (the sheet itself: sheet; the map in use:
selection; maps: maps, spec, checks, fit, marks, geometry, coast, labels, placer,
crowd, zones; scoring: score)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated

from pnp.base.errors import InputError, Problem
from pnp.games.dice_trip import checks as map_checks
from pnp.games.dice_trip import maps
from pnp.games.dice_trip.selection import read_map, selected_map, selected_map_path
from pnp.games.dice_trip.sheet import sheet_box_layout
from pnp.games.dice_trip.spec import LoadedMap
from pnp.load.model import Game
from pnp.load.schema import Colour, Name, NonEmpty, Range

Count = Annotated[int, Range(0, 1000)]  # the rules' counts: dice, cities, rounds ...
Points = Annotated[int, Range(-1000, 1000)]


@dataclass
class SeriesStep:
    points: Points
    from_: Count = field(metadata={"yaml": "from"})


@dataclass
class Scoring:
    bonus: Points
    crossed: Points
    road_per_city: Points
    series: Annotated[list[SeriesStep], NonEmpty]
    zones: dict[str, Points]


@dataclass
class RulesData:
    dice: Annotated[int, Range(1, 12)]
    cities: Annotated[int, Range(1, 500)]
    zone_sizes: Annotated[list[Count], NonEmpty]
    coloured_per_die: Count
    rounds: Annotated[int, Range(1, 1000)]
    numbers_per_round: Count
    last_round_numbers: Count
    min_road_path: Count


@dataclass
class Labels:
    """Every text a score sheet prints, in one language."""

    title: str
    name: str
    score: str
    bonus: str
    bonus_hint: str
    crossed: str
    crossed_hint: str
    road: str
    road_hint: str
    series: str
    series_hint: str
    zones: str
    zones_hint: str
    tens: str
    tens_hint: str
    total: str
    powers: str
    reroll: str
    double: str
    tracker: str
    decades: str
    legend_bonus: str
    legend_road: str
    zones_legend: str
    dice_line: str  # {n}: how many dice, {dice}: their colours and letters
    colour_names: dict[str, str]
    die_letters: dict[str, str]
    and_: str = field(metadata={"yaml": "and"})


@dataclass
class Data:
    """The `data:` block of dice-trip/game.yaml."""

    map: Name
    pad_sheets: Annotated[int, Range(1, 1000)]
    rules: RulesData
    powers: list[str]
    tracker: list[int]
    scoring: Scoring
    colours: Annotated[dict[str, Colour], NonEmpty]
    zone_tones: Annotated[list[Colour], NonEmpty]  # zone i is drawn in tone i % len
    labels: Annotated[dict[str, Labels], NonEmpty]


DATA_SCHEMA = Data


def label_problems(game: Game) -> list[Problem]:
    """A sheet's texts exist in every language the game offers."""
    labels = game.spec.data.get("labels", {})
    missing = [lang for lang in game.spec.languages if lang not in labels]
    if not missing:
        return []
    key = ("data", "labels")
    return [Problem("error", str(game.source.path), game.source.line(key), "data.labels",
                    f"no sheet texts for {', '.join(missing)} (the game's languages: "
                    f"{', '.join(game.spec.languages)})")]


def map_rules(game: Game) -> map_checks.Rules:
    r = game.spec.data["rules"]
    return map_checks.Rules(r["cities"], r["zone_sizes"], r["coloured_per_die"], r["dice"],
                      r["min_road_path"])


def _per_die(game: Game) -> list[int]:
    spec = selected_map(game).spec
    return [sum(1 for c in spec.cities if c.colour == d) for d in spec.dice]


def _zone_sizes(game: Game) -> list[int]:
    spec = selected_map(game).spec
    return sorted(sum(1 for c in spec.cities if c.zone == z) for z in spec.zones)


def _cities_per_game(game: Game) -> int:
    r = game.spec.data["rules"]
    return (r["rounds"] - 1) * r["numbers_per_round"] + r["last_round_numbers"]


def _series_table(game: Game) -> list[dict[str, int]]:
    return list(game.spec.data["scoring"]["series"])


MEASURES = {
    "map-dice": lambda g: len(selected_map(g).spec.dice),
    "map-cities": lambda g: len(selected_map(g).spec.cities),
    "map-coloured": lambda g: sum(1 for c in selected_map(g).spec.cities if c.colour),
    "map-coloured-per-die": _per_die,
    "map-zones": lambda g: len(selected_map(g).spec.zones),
    "map-zone-sizes": _zone_sizes,
    "tracker-size": lambda g: len(g.spec.data["tracker"]),
    "cities-per-game": _cities_per_game,
    "powers": lambda g: len(g.spec.data["powers"]),
    "series-min": lambda g: min(s["from"] for s in _series_table(g)),
    "series-top": lambda g: max(_series_table(g), key=lambda s: s["from"])["points"],
}


def tracker_problems(game: Game) -> list[Problem]:
    tracker = game.spec.data["tracker"]
    expected = [10 * a + b for a in range(1, 7) for b in range(1, 7)]
    if tracker != expected:
        src = game.source
        return [Problem("error", str(src.path), src.line(("data", "tracker")), "data.tracker",
                        "the tracker holds 11-16, 21-26 ... 61-66 in order (36 numbers)")]
    return []


def _map_problems(game: Game, path: Path) -> list[Problem]:
    """A map's own problems, at its own file's lines (loaded and checked once)."""
    key = ("map-problems", path)
    if key not in game.cache:
        loaded, read = read_map(game, path)
        found = list(read)
        if loaded is not None and not found:
            dice = list(loaded.spec.dice)
            found = map_checks.check_map(loaded, map_rules(game), printed_map_boxes(game, dice),
                                         other_map_boxes(game, dice))
            found += _die_problems(game, loaded)
        game.cache[key] = found
    return game.cache[key]


def checks(game: Game) -> list[Problem]:
    """Check the map in use; without --map, every shipped map."""
    problems = tracker_problems(game) + label_problems(game)
    if game.options.get("map"):
        return problems + _map_problems(game, selected_map_path(game))
    for name in maps.map_names(game.folder):
        try:
            path = maps.shipped_map(game.folder, name)
        except InputError as exc:
            problems.append(Problem("error", str(exc.path), None, None, exc.message))
            continue
        problems.extend(_map_problems(game, path))
    return problems


MAP_MEASURES = {"map-dice", "map-cities", "map-coloured", "map-coloured-per-die",
                "map-zones", "map-zone-sizes"}


def expectation_blocked(game: Game, check: str | None) -> bool:
    """An expectation about the map in use says nothing new when the map has problems
    of its own: those are reported at the map's file, not at game.yaml."""
    if check not in MAP_MEASURES:
        return False
    try:
        return bool(_map_problems(game, selected_map_path(game)))
    except Exception:  # noqa: BLE001 - a map that cannot be found is reported by its checks
        return True


def _die_problems(game: Game, m: LoadedMap) -> list[Problem]:
    """Each die colour of a map has a printed colour, and in every language a letter of
    its own (the letter tells the rings apart in black and white)."""
    out = []
    colours = game.spec.data.get("colours", {})
    for i, die in enumerate(m.spec.dice):
        if die not in colours:
            out.append(Problem("error", str(m.source.path), m.source.line(("map", "dice", i)),
                               f"map.dice[{i}]", f"no printed colour for die '{die}' (the "
                               f"game's colours: {', '.join(colours)})"))
    for lang, text in game.spec.data.get("labels", {}).items():
        letters = [text.get("die_letters", {}).get(d, d[:1].upper()) for d in m.spec.dice]
        if len(set(letters)) < len(letters):
            key = ("data", "labels", lang, "die_letters")
            out.append(Problem("error", str(game.source.path), game.source.line(key),
                               f"data.labels.{lang}.die_letters", f"the dice of map "
                               f"{m.spec.id} need letters of their own ({', '.join(letters)})"))
    return out


def printed_map_boxes(game: Game, dice: list[str] | None = None) -> list[tuple[float, float]]:
    """The map boxes (mm) the pads print: on the papers being printed or validated (the
    command's --paper; every paper when none is said) and one or two sheets a page (the
    pad's --per-page when said). Roads, circles, names and zone letters are checked on
    each: a map for A4 is not refused for what US Letter's two-up sheet cannot hold."""
    from pnp.base.units import PAPERS, to_mm
    from pnp.components.pad import sheet_box
    from pnp.layout.options import BuildOptions

    papers = [p for p in game.options.get("papers") or [] if p in PAPERS] or list(PAPERS)
    sheets = [game.options["per_page"]] if game.options.get("per_page") in (1, 2) else [1, 2]
    boxes: list[tuple[float, float]] = []
    for paper in papers:
        for per_page in sheets:
            w, h = (to_mm(v) for v in sheet_box(BuildOptions(paper=paper), per_page))
            layout = sheet_box_layout(game.spec.data["labels"], dice or [], w, h)
            box = (round(layout["map_w"], 2), round(layout["map_h"], 2))
            if box not in boxes:
                boxes.append(box)
    return boxes


OTHER_PAPERS = ("a4", "letter", "legal", "a3", "tabloid")  # tried in this order for room


def other_map_boxes(game: Game, dice: list[str]) -> list[tuple[str, tuple[float, float]]]:
    """The map boxes on every paper and sheets a page pnp prints, each with how to ask for
    it, the papers being printed first, then the smallest: a map with no room on the
    sizes printed names the first of these that fits it."""
    from pnp.base.units import to_mm
    from pnp.components.pad import sheet_box
    from pnp.layout.options import BuildOptions

    out = []
    for paper in OTHER_PAPERS:
        for per_page in (2, 1):
            w, h = (to_mm(v) for v in sheet_box(BuildOptions(paper=paper), per_page))
            layout = sheet_box_layout(game.spec.data["labels"], dice, w, h)
            how = f"{paper.upper() if paper[0] == 'a' else paper.title()} " + \
                ("two sheets a page" if per_page == 2 else "one sheet a page") + \
                f" (--paper {paper} --per-page {per_page}"
            out.append((how, (round(layout["map_w"], 2), round(layout["map_h"], 2))))
    printed = [p for p in game.options.get("papers") or [] if p in OTHER_PAPERS]
    return sorted(out, key=lambda o: (not any(f"--paper {p} " in o[0] for p in printed),
                                      o[1][0] * o[1][1]))
