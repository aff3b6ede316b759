"""Custom TEMPLE cards on the Temple Trip board. A custom temple file holds one temple or
a list of them, and each prints instead of a blank card of its region. A temple in a city
already on the board must match that city (country, travel mode); a new city is drawn
where the map says it is (through the same stretch as every coast and border), joined by
road to the nearest city it can reach, and must find room there: off other cities,
routes, squares and names."""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.base.errors import Problem
from pnp.base.geometry import boxes_overlap, distance_to_segment, segments_cross
from pnp.games.temple_trip import labels
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import City
from pnp.games.temple_trip.squares import SQUARE
from pnp.load.model import Game, Item
from pnp.load.schema import problem
from pnp.load.source import Key, Source

TOO_CLOSE = 3.0  # mm of board between a new city's circle and another city's
AIR_CLEARANCE = 3.0  # mm between a new city's circle and a flight's lane
LINKS_TRIED = 12  # nearest cities tried for a new city's road

Report = Callable[[Item, str | None, str], Problem]


def nearest_link(b: Board, city: City) -> str | None:
    """The nearest road city a new city's road can reach: without crossing a road, the
    sea, or another city."""
    candidates = sorted((c for c in b.cities.values() if not c.flight_only and c is not city
                         and c.area == "mainland"),
                        key=lambda c: math.dist(c.pos, city.pos))
    for other in candidates[:LINKS_TRIED]:
        if any(segments_cross(city.pos, other.pos, p, q) for r in b.roads
               if other.name not in (r.a, r.b) for p, q in b.road_line(r).segments()):
            continue
        if any(distance_to_segment(c.pos, city.pos, other.pos) < c.radius + 2
               for c in b.cities.values() if c is not city and c is not other):
            continue
        if b.on_land(city.pos, other.pos):
            return other.name
    return None


def checks(b: Board, customs: list[Item], shipped: set[str], limit: int,
           report: Report) -> list[Problem]:
    """Each custom temple alone: its country, its travel mode, and, for a new city, a
    place on the drawn map that no other city, route, square or name has."""
    out: list[Problem] = []
    if len(customs) > limit:
        out.append(report(customs[limit], None, f"at most {limit} custom temples (one per "
                                                "blank card)"))
    start = b.spec["salt_lake_city"]["name"]
    for item in customs:
        f = item.fields
        city = b.cities.get(f.get("city"))
        on_board = f.get("city") in shipped or f.get("city") == start
        if f.get("lat") is None or f.get("lon") is None:
            if not on_board:
                out.append(report(item, "lat", f"'{f.get('city')}' is not on the board yet: "
                                               "give lat and lon for the new city"))
                continue
        else:
            where = b.country_of(f["lon"], f["lat"])
            if where != f.get("country"):
                out.append(report(item, "lat", f"{f['lat']}, {f['lon']} lies in "
                                               f"{where or 'no country on the board'}, not in "
                                               f"{f.get('country')}"))
        travel = f.get("travel")
        if on_board and city is not None:
            allowed = "flight" if city.flight_only else ("both" if city.airport else "road")
            if travel != allowed:
                why = {"flight": f"{city.name} is reachable only by air",
                       "both": f"{city.name} is a mainland airport",
                       "road": f"{city.name} has no airport"}[allowed]
                out.append(report(item, "travel", f"must be {allowed}: {why} (rule 10)"))
            continue
        if city is None or f.get("lat") is None:
            continue
        out.extend(report(item, "lat", m) for m in new_city_problems(b, city))
        if travel != "road" and b.area_of(f["lon"], f["lat"]) == "mainland":
            out.append(report(item, "travel", "a new city has no airport: its temple is road "
                                              "only (rule 10; only the ten Airport / Temples "
                                              "have one)"))
    return out


def new_city_problems(b: Board, city: City) -> list[str]:
    """Where a new city would be drawn, and what it would sit on."""
    area = b.area_of(city.lon, city.lat)
    main = b.spec["mainland"]
    if area is None:
        return [f"{city.lat}, {city.lon} is outside the board: the map shows "
                f"{main['lat'][0]:g}°N to {main['lat'][1]:g}°N and {-main['lon'][1]:g}°W to "
                f"{-main['lon'][0]:g}°W, Alaska and Hawaii in their insets"]
    if area != "mainland":
        return [f"{city.name} lies in the {area} inset: {area} is reached by flight only "
                "(rule 10), and a new city has no airport (only the ten Airport / Temples "
                "have one)"]
    out = [f"the new city would sit on top of {o.name} ({gap:.0f} mm between their circles "
           f"on the board, at least {TOO_CLOSE:g})"
           for o in b.cities.values() if o is not city and o.area == "mainland"
           and (gap := math.dist(city.pos, o.pos) - city.radius - o.radius) < TOO_CLOSE]
    if out:
        return out
    roads = [r for r in b.roads if city.name in (r.a, r.b)]
    if not roads:
        return [f"no road can join {city.name} to the board: every road to a nearby city "
                "would cross the sea, another road or a city"]
    for r in b.air:
        if r.path is None:
            continue
        d = min(distance_to_segment(city.pos, p, q) for p, q in r.path.segments())
        if d < city.radius + AIR_CLEARANCE:
            gap = (f"its circle {d - city.radius:.1f} mm from the lane" if d > city.radius
                   else "the lane runs through its circle")
            out.append(f"{city.name} would sit on the flight {r.name} ({gap}; a city keeps "
                       f"{AIR_CLEARANCE:g} mm clear)")
    for r in b.roads + b.air:
        if city.name not in (r.a, r.b) and any(
                math.dist(city.pos, (s.x, s.y)) < city.radius + SQUARE * 0.72 for s in r.squares):
            out.append(f"{city.name} would sit on a square of {r.name}")
    for r in roads:
        other = b.cities[r.b if r.a == city.name else r.a]
        for c in b.cities.values():
            if c is not city and c is not other and \
                    distance_to_segment(c.pos, city.pos, other.pos) < c.radius + 1:
                out.append(f"its road to {other.name} would run through {c.name}")
        if not r.squares:
            out.append(f"its road to {other.name} is too short for a square: {city.name} is "
                       f"too close to {other.name}")
    placed = labels.place(b)
    mine = placed[city.name].box
    for name, label in placed.items():
        other = b.cities[name]
        if name == city.name:
            continue
        if labels.disc_hits_box(city.pos, city.radius, label.box):
            out.append(f"{city.name} would sit on the name of {name}")
        if labels.disc_hits_box(other.pos, other.radius, mine) or boxes_overlap(mine, label.box):
            out.append(f"the name {city.name} would cover {name} or its name")
    return out


def custom_entries(src: Source, problems: list[Problem]
                   ) -> list[tuple[str, Key, list[Any], bool]] | None:
    """A custom temple file is one temple (temple:, city:, ...) or `temples: [...]`."""
    data = src.data
    stem = Path(src.path).stem
    if isinstance(data, dict) and "temples" in data:
        entries = data["temples"]
        if not isinstance(entries, list):
            problems.append(problem(src, ("temples",), "must be a list of temples"))
            return None
        return [("temples", ("temples",),
                 [{**e, "id": e.get("id", f"custom-{stem}-{i + 1}"), "custom": True}
                  if isinstance(e, dict) else e for i, e in enumerate(entries)], False)]
    if isinstance(data, dict) and "temple" in data:
        return [("temples", (), [{**data, "id": data.get("id", f"custom-{stem}"),
                                  "custom": True}], True)]
    problems.append(Problem("error", str(src.path), 1, None,
                            "a custom temple file holds one temple (temple:, city:, state:, "
                            "country:, region:, travel:, lat:, lon:)"))
    return None


def hide_replaced_blanks(game: Game) -> None:
    """Each custom temple prints instead of the blank card of its region, unless it
    names the card it replaces."""
    comp = game.components.get("temples")
    if comp is None:
        return
    blanks = [i for i in comp.items if i.fields.get("blank") and not i.custom]
    for item in comp.items:
        if item.custom and item.replaces is None and not item.fields.get("blank"):
            match = next((b for b in blanks if b.taken < b.copies
                          and b.fields.get("region") == item.fields.get("region")), None)
            if match:
                match.taken += 1
                item.replaces = match.id
