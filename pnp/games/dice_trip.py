"""Dice Trip: the maps' rule checks, measured values for game.yaml, and the data a score
sheet template draws (map geometry, tracker, labels)."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from ..errors import Problem
from ..model import Game
from ..paths import game_file
from ..schema import Colour
from ..text import wrap
from . import dice_trip_map as maps

RADIUS = 3.3  # mm: a city circle, room for a pencilled two-digit number
LABEL_SIZE = 2.3  # mm: city names


@dataclass
class SeriesStep:
    points: int
    from_: int = field(metadata={"yaml": "from"})


@dataclass
class Scoring:
    bonus: int
    crossed: int
    road_per_city: int
    series: list[SeriesStep]
    zones: dict[str, int]


@dataclass
class RulesData:
    dice: int
    cities: int
    zone_sizes: list[int]
    coloured_per_die: int
    rounds: int
    numbers_per_round: int
    last_round_numbers: int
    min_road_path: int


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


@dataclass
class Data:
    """The `data:` block of dice-trip/game.yaml."""

    map: str
    pad_sheets: int
    rules: RulesData
    powers: list[str]
    tracker: list[int]
    scoring: Scoring
    colours: dict[str, Colour]
    zone_tones: list[Colour]
    labels: dict[str, Labels]


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


def map_rules(game: Game) -> maps.Rules:
    r = game.spec.data["rules"]
    return maps.Rules(r["cities"], r["zone_sizes"], r["coloured_per_die"], r["dice"],
                      r["min_road_path"])


def selected_map_path(game: Game) -> Path:
    """--map (a shipped name or the user's own file), else the game's data.map: a shipped
    map's name or a file inside the game folder."""
    chosen = game.options.get("map")
    if chosen:
        return maps.resolve_map(game.folder, str(chosen))
    name = game.spec.data.get("map")
    if isinstance(name, str) and (name.endswith((".yaml", ".yml")) or "/" in name):
        return game_file(game.folder, name, game.source, ("data", "map"))
    return maps.resolve_map(game.folder, str(name))


def selected_map(game: Game) -> maps.LoadedMap:
    """The map in use: --map NAME or FILE, else the game's default. Loaded once."""
    path = selected_map_path(game)
    cached = game.cache.get(("map", path))
    if cached is None:
        problems: list[Problem] = []
        cached = (maps.load_map(path, problems), problems)
        game.cache[("map", path)] = cached
    loaded, _ = cached
    if loaded is None:
        raise _MapUnusable(path)
    return loaded


class _MapUnusable(Exception):
    def __init__(self, path: Path) -> None:
        super().__init__(f"map {path} cannot be used")
        self.path = path


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
        found: list[Problem] = []
        loaded = maps.load_map(path, found)
        if loaded is not None and not found:
            found = maps.check_map(loaded, map_rules(game), printed_map_boxes(game))
        game.cache[key] = found
    return game.cache[key]


def checks(game: Game) -> list[Problem]:
    """Check the map in use; without --map, every shipped map."""
    problems = tracker_problems(game) + label_problems(game)
    paths = [selected_map_path(game)] if game.options.get("map") else \
        [maps.maps_dir(game.folder) / f"{n}.yaml" for n in maps.map_names(game.folder)]
    for path in paths:
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


def printed_map_boxes(game: Game) -> list[tuple[float, float]]:
    """The map boxes (mm) the pads print: each paper, one or two sheets a page. Roads and
    circles are checked on the smallest, where they come closest."""
    from ..components.pad import sheet_box
    from ..options import BuildOptions
    from ..units import PAPERS, to_mm

    boxes = []
    for paper in PAPERS:
        for per_page in (1, 2):
            w, h = (to_mm(v) for v in sheet_box(BuildOptions(paper=paper), per_page))
            layout = sheet_layout(w, h, 4)
            boxes.append((round(layout["map_w"], 2), round(layout["map_h"], 2)))
    return boxes


@cache
def _geometry(path: Path, mtime: float, width: float = 100.0,
              height: float = 132.0) -> maps.Geometry:
    problems: list[Problem] = []
    loaded = maps.load_map(path, problems)
    assert loaded is not None
    return maps.Geometry(loaded.spec, width, height)


SHEET_SIZE = (136.5, 193.8)  # mm: the box of a sheet two to an A4 page (components.pad)
MAP_LEFT = 42.0  # mm: the scoring column's width, left of the map
HEADER = 14.0  # mm: the title line, above the map
LEGEND_LINE = 2.8  # mm between legend lines


def sheet_layout(width: float, height: float, legend_lines: int) -> dict[str, float]:
    """Where the parts of a sheet go in a box of width x height mm: the map takes what
    the scoring column, the header and the bottom block (tracker, tens, legend) leave."""
    legend_h = legend_lines * LEGEND_LINE + 1.5
    decades_h = 12.0
    tracker_h = 4.5 + 2 * 7.2 + 2.5
    bottom = height - 3.0 - legend_h - decades_h - tracker_h
    return {
        "w": width, "h": height,
        "map_x": MAP_LEFT, "map_y": HEADER, "map_w": width - MAP_LEFT - 3.0,
        "map_h": bottom - HEADER - 7.0,
        "tracker_y": bottom, "cell_w": (width - 10.0) / 18, "cell_h": 7.2,
        "decades_y": bottom + tracker_h, "decade_w": (width - 10.0) / 6,
        "legend_y": bottom + tracker_h + decades_h + 2.0,
    }


def _path(points: list[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{x:.2f} {y:.2f}" for x, y in points) + " Z"


def _text(value: Any, lang: str) -> str:
    return value.get(lang) or value.get("en") or next(iter(value.values())) \
        if isinstance(value, dict) else str(value)


def sheet_context(game: Game, component_id: str, lang: str,
                  size: tuple[float, float] | None = None) -> dict[str, Any]:
    """Everything a score sheet draws that does not change between sheets, laid out for
    a box of `size` mm (the paper decides it; the sheet is never scaled)."""
    from .. import fonts
    from ..units import MM

    width, height = size or SHEET_SIZE
    m = selected_map(game)
    path = selected_map_path(game)
    data = game.spec.data
    text = data["labels"].get(lang, data["labels"]["en"])
    legend = {k: wrap(text[k], width - 10, 6.2) for k in ("legend_bonus", "legend_road")}
    layout = sheet_layout(width, height, sum(len(v) for v in legend.values()))
    geo = _geometry(path.resolve(), path.stat().st_mtime, round(layout["map_w"], 2),
                    round(layout["map_h"], 2))
    tones = data["zone_tones"]
    zones = list(m.spec.zones)
    areas = geo.zone_areas()
    size_pt = LABEL_SIZE * MM  # mm of font size → points
    labels = geo.labels(RADIUS + 0.9, LABEL_SIZE, lambda t: fonts.string_width(t, size_pt) / MM)
    graph = maps.adjacency([c.name for c in m.spec.cities], [tuple(r) for r in m.spec.roads])
    return {
        "labels": text,
        "legend": legend,
        "layout": layout,
        "map": {
            "id": m.spec.id,
            "name": _text(m.spec.name, lang),
            "width": round(geo.width, 2),
            "height": round(geo.height, 2),
            "outline": [_path(r) for r in geo.outline()],
            "zones": [{"id": z, "name": _text(m.spec.zones[z], lang),
                       "tone": tones[i % len(tones)],
                       "paths": [_path(p) for p in areas.get(z, [])]}
                      for i, z in enumerate(zones)],
            "roads": [{"a": geo.pos[a], "b": geo.pos[b]} for a, b in
                      sorted({tuple(sorted(r)) for r in m.spec.roads})],
            "cities": [{"name": c.name, "label": c.label or c.name,
                        "x": geo.pos[c.name][0], "y": geo.pos[c.name][1],
                        "ring": data["colours"].get(c.colour) if c.colour else None,
                        "colour": c.colour,
                        "zone": c.zone, "text": labels[c.name]} for c in m.spec.cities],
            "degree": {n: len(v) for n, v in graph.items()},
        },
        "radius": RADIUS,
        "label_size": LABEL_SIZE,
        "tracker": data["tracker"],
        "powers": data["powers"],
        "colours": data["colours"],
    }
