"""Custom TEMPLE cards on the Temple Trip board. A custom temple file holds one temple or
a list of them, and each prints instead of a blank card of its region. A temple in a city
already on the board must match that city (country, travel mode); a new city is drawn
where the map says it is (through the same stretch as every coast and border), joined by
road to the nearest city it can reach, and must find room there: off other cities,
routes, squares and names."""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pnp.base.errors import Problem
from pnp.games.temple_trip import join
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.land import country_problem
from pnp.games.temple_trip.network import City
from pnp.games.temple_trip.offboard import near_edge, off_board
from pnp.games.temple_trip.room import FAR_MM, TOO_CLOSE, too_close
from pnp.games.temple_trip.tracks import great_circle_km
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
        new = frozenset(n for n in files if n not in shipped and n != start)
        out.extend(report(item, "lat", m) for m in new_city_problems(b, city, start, files, new))
        if travel != "road" and b.area_of(f["lon"], f["lat"]) == "mainland":
            out.append(report(item, "travel", "a new city has no airport: its temple is road "
                                              "only (rule 10; only the ten Airport / Temples "
                                              "have one)"))
    return out


def _travel(city: City) -> str:
    return "flight" if city.flight_only else ("both" if city.airport else "road")


def new_city_problems(b: Board, city: City, start: str, files: dict[str, str],
                      new: frozenset[str] = frozenset()) -> list[str]:
    """Where a new city would be drawn, and why it could not join the network, said
    from what is drawn there (never a road or a border pnp made up as the user's).
    Too close is one rule (room.too_close), whether or not the city could join."""
    area = b.area_of(city.lon, city.lat)
    if area is None:
        return [off_board(b, city)]
    if area != "mainland":
        return [f"{city.name} lies in the {area} inset: {area} is reached by flight only "
                "(rule 10), and a new city has no airport (only the ten Airport / Temples "
                "have one)"]
    close = too_close(b, city, new or frozenset(files))
    if close is not None:
        return [_close(city, *close, start)]
    typo = _misspelt(b, city, new or frozenset(files))
    if typo:
        return [typo]
    fail = b.unjoined.get(city.name)
    if fail is None:
        return []
    other = b.conflicts.get(city.name)
    if other is not None:
        return [f"{city.name} and {other} ({files.get(other, 'another custom file')}) cannot "
                f"both join the board, though each can alone: {_said(b, city, fail, start)}"]
    return [_said(b, city, fail, start)]


def _said(b: Board, city: City, fail: join.Failure, start: str) -> str:
    name, near = city.name, f"no spot within {FAR_MM:g} mm of it is clear either"
    if fail.kind == "close":
        return _close(city, b.cities[fail.what], fail.km, fail.mm, start)
    if fail.kind == "room":
        what = fail.what
        if what.startswith("city "):
            return (f"{name} has no room on the board: {what[5:]}, {fail.km:.0f} km away, is "
                    f"drawn {fail.mm:.0f} mm from its place (the map is squeezed there), and "
                    f"{near}; {instead(b, city)}")
        if what == "edge":
            return near_edge(b, city)
        place = {"land": f"the board's drawn coast or border puts its place outside "
                         f"{city.country}",
                 "panel": "its place is under a panel, a cone bank or an inset",
                 "flight square": "a flight's square is drawn on its place"}.get(
            what, f"the {what} runs across its place")
        return f"{name} has no room on the board: {place}, and {near}; {instead(b, city)}"
    if fail.kind == "broke":
        return caused(b, city, fail.what, ())
    stop = f"; as a stop on {fail.stop}, " if fail.stop else ""
    return (f"no road can join {name} to the board: from its place (or up to "
            f"{join.MOVE_MM:g} mm off it) roads to the nearest cities "
            f"({fail.what or 'none within reach'}) would cross another road, the sea, a city "
            f"or a panel, or leave no room for a square{stop}"
            f"{'its roads to the next cities have no room for a square' if stop else ''}; "
            f"{instead(b, city)}")


def _misspelt(b: Board, city: City, new: frozenset[str]) -> str:
    """A new city named almost as a board city, and near enough on the ground that the
    board's scale would put their circles on each other: the name is a typo."""
    names = [n for n, o in b.cities.items() if n not in new and o.area == "mainland"]
    match = difflib.get_close_matches(city.name, names, n=1, cutoff=0.75)
    if not match:
        return ""
    o = b.cities[match[0]]
    km = great_circle_km(city.lat, city.lon, o.lat, o.lon)
    if km * b.base.mm_per_km() >= city.radius + o.radius + TOO_CLOSE:
        return ""
    hint = "" if _travel(o) == "road" else f" and `travel: {_travel(o)}`"
    return (f"'{city.name}' is not on the board, and {o.name} is {km:.0f} km from its place: "
            f"did you mean `city: {o.name}`{hint}?")


def _close(city: City, other: City, km: float, need_km: float, start: str) -> str:
    """Too close (room.too_close): what the user can do instead."""
    said = (f"{city.name} is {km:.0f} km from {other.name}: too close to be drawn apart on "
            f"the board (its circle would sit on {other.name}'s, even moved the "
            f"{join.MOVE_MM:g} mm a new city may be; the board's scale needs about "
            f"{need_km:.0f} km)")
    if other.name == start:
        return f"{said}, and {start} is the start and finish, with no TEMPLE card (rule 9)"
    if other.country != city.country:
        return (f"{said}; {other.name} is the board's city there, in {other.country}: "
                f"a temple in {city.country} cannot use it")
    hint = "" if _travel(other) == "road" else f" and `travel: {_travel(other)}`"
    return f"{said}; use `city: {other.name}`{hint}"


def caused(b: Board, c: City, message: str, new: list[str] | frozenset[str]) -> str:
    """A board problem only a new city brings, said as what the city does: its place
    and roads are pnp's choice, so the user is told what to do instead, not blamed."""
    city = c.name
    ends = sorted({r.a if r.b == city else r.b for r in b.roads if city in (r.a, r.b)})
    roads = f" and its road{'s' if len(ends) > 1 else ''} to {', '.join(ends)}" if ends \
        else " and the roads pnp tried for it"
    label = re.match(r"the name (.+?) has no clear place", message)
    square = re.match(r"flight (.+?): square (\d+) of \d+ touches", message)
    what = f"leave no room for {label[1]}'s name" if label else \
        f"leave no room for square {square[2]} of the flight {square[1]}" if square else \
        f"break the board: {message}"
    return f"{city}{roads}, as pnp lays them out, {what}; {instead(b, c, new)}"


def instead(b: Board, c: City, new: list[str] | frozenset[str] = frozenset()) -> str:
    """What to do where the board has no room a new city needs: pnp's limit, not the
    file's mistake."""
    skip = {*new, c.name, b.spec["salt_lake_city"]["name"]}
    near = min((o for o in b.cities.values() if o.area == "mainland" and o.name not in skip
                and o.card),
               key=lambda o: great_circle_km(c.lat, c.lon, o.lat, o.lon))
    hint = "" if not (near.airport or near.flight_only) else \
        f" and `travel: {'flight' if near.flight_only else 'both'}`"
    return (f"nothing in this file is wrong, but the board cannot make room there yet: to "
            f"print this temple now, use its nearest board city (`city: {near.name}`{hint}) "
            f"or leave the card out")


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
