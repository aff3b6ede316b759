"""Custom TEMPLE cards on the Temple Trip board. A custom temple file holds one temple or
a list of them, and each prints instead of a blank card of its region. A temple in a city
already on the board must match that city (country, travel mode); a new city is drawn
where the map says it is (through the same stretch as every coast and border), joined by
road to the nearest city it can reach, and must find room there: off other cities,
routes, squares and names."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.base.errors import Problem
from pnp.games.temple_trip import join
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.land import country_problem
from pnp.games.temple_trip.network import City
from pnp.load.model import Game, Item
from pnp.load.schema import problem
from pnp.load.source import Key, Source

Report = Callable[..., Problem]  # Item.problem: (item, field, message[, severity])


def checks(b: Board, customs: list[Item], shipped: set[str], limit: int,
           report: Report) -> list[Problem]:
    """Each custom temple alone: its country, its travel mode, and, for a new city, a
    place on the board and a way into its network (join.py); where two new cities
    cannot both join, both files are named."""
    out: list[Problem] = []
    if len(customs) > limit:
        out.append(report(customs[limit], None, f"at most {limit} custom temples (one per "
                                                "blank card)"))
    out.extend(extra_cards(customs, report))
    start = b.spec["salt_lake_city"]["name"]
    files = {i.fields.get("city"): i.source.path.name for i in customs}
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
            # beyond the board's window the outlines stop: "outside the board" says why
            wrong = country_problem(b.geo(), f["lon"], f["lat"], f.get("country")) \
                if b.area_of(f["lon"], f["lat"]) is not None else None
            if wrong:
                out.append(report(item, "lat", wrong))
                continue
        travel = f.get("travel")
        if on_board and city is not None:
            allowed = _travel(city)
            if travel != allowed:
                why = {"flight": f"{city.name} is reachable only by air",
                       "both": f"{city.name} is a mainland airport",
                       "road": f"{city.name} has no airport"}[allowed]
                out.append(report(item, "travel", f"must be {allowed}: {why} (rule 10)"))
            continue
        if city is None and f.get("city") in b.unjoined:
            city = b.unjoined[f["city"]].city  # left off the board: it could not join
        if city is None or f.get("lat") is None:
            continue
        out.extend(report(item, "lat", m) for m in new_city_problems(b, city, start, files))
        if travel != "road" and b.area_of(f["lon"], f["lat"]) == "mainland":
            out.append(report(item, "travel", "a new city has no airport: its temple is road "
                                              "only (rule 10; only the ten Airport / Temples "
                                              "have one)"))
    return out


def _travel(city: City) -> str:
    return "flight" if city.flight_only else ("both" if city.airport else "road")


def new_city_problems(b: Board, city: City, start: str, files: dict[str, str]) -> list[str]:
    """Where a new city would be drawn, and why it could not join the network, said
    from what is drawn there (never a road or a border pnp made up as the user's)."""
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
    fail = b.unjoined.get(city.name)
    if fail is None:
        return []
    other = b.conflicts.get(city.name)
    if other is not None:
        return [f"{city.name} and {other} ({files.get(other, 'another custom file')}) cannot "
                f"both join the board, though each can alone: {_said(b, city, fail, start)}"]
    return [_said(b, city, fail, start)]


def _said(b: Board, city: City, fail: join.Failure, start: str) -> str:
    name, near = city.name, f"no spot within {join.MOVE_MM:g} mm of it is clear either"
    if fail.kind == "close":
        other = b.cities[fail.what]
        if other.name == start:
            return (f"{name} is {fail.km:.0f} km from {start}: too close to be drawn apart on "
                    f"the board (a new city needs about {fail.mm:.0f} km), and {start} is the "
                    "start and finish, with no TEMPLE card (rule 9)")
        hint = "" if _travel(other) == "road" else f" and `travel: {_travel(other)}`"
        return (f"{name} is {fail.km:.0f} km from {other.name}: too close to be drawn apart "
                f"on the board (a new city needs about {fail.mm:.0f} km); use "
                f"`city: {other.name}`{hint}")
    if fail.kind == "room":
        what = fail.what
        if what.startswith("city "):
            return (f"{name} has no room on the board: {what[5:]}, {fail.km:.0f} km away, is "
                    f"drawn {fail.mm:.0f} mm from its place (the map is squeezed there), and "
                    f"{near}")
        place = {"edge": "its place is too near the board's edge",
                 "land": f"the board's drawn coast or border puts its place outside "
                         f"{city.country}",
                 "panel": "its place is under a panel, a cone bank or an inset",
                 "flight square": "a flight's square is drawn on its place"}.get(
            what, f"the {what} runs across its place")
        return f"{name} has no room on the board: {place}, and {near}"
    if fail.kind == "broke":
        return f"{name} cannot join the board without breaking it: {fail.what}"
    stop = f"; as a stop on {fail.stop}, " if fail.stop else ""
    return (f"no road can join {name} to the board: from its place (or up to "
            f"{join.MOVE_MM:g} mm off it) roads to the nearest cities "
            f"({fail.what or 'none within reach'}) would cross another road, the sea, a city "
            f"or a panel, or leave no room for a square{stop}"
            f"{'its roads to the next cities have no room for a square' if stop else ''}")


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
    """Each custom temple prints instead of a blank card (its region's first, else any
    left), unless it names the card it replaces: up to four customs keep the deck's
    count whatever their regions."""
    comp = game.components.get("temples")
    if comp is None:
        return
    blanks = [i for i in comp.items if i.fields.get("blank") and not i.custom]
    waiting = [i for i in comp.items if i.custom and i.replaces is None
               and not i.fields.get("blank")]
    for same_region in (True, False):
        for item in waiting:
            if item.replaces is not None:
                continue
            match = next((b for b in blanks if b.taken + item.copies <= b.copies
                          and (not same_region
                               or b.fields.get("region") == item.fields.get("region"))), None)
            if match:
                match.taken += item.copies
                item.replaces = match.id


def extra_cards(customs: list[Item], report: Report) -> list[Problem]:
    """A custom temple with no blank card left prints as an extra card: the deck's
    count changes, and the user is told."""
    return [report(i, None, "no blank TEMPLE card is left for it: it prints as an extra "
                            "card, so the deck has more cards than the rules count",
                   "warning") for i in customs if i.replaces is None]
