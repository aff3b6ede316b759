"""Temple Trip cards: what the ASSIGNMENT and LEGEND cards say, checked against the board
they are played on and the rules document they cite (citations.py checks the LEGEND
card's). checks.py calls `checks` and `MEASURES`, context.py calls `item_context`.
"""

from __future__ import annotations

import re
from typing import Any

from pnp.base.errors import Problem
from pnp.games.temple_trip.citations import legend_problems
from pnp.games.temple_trip.data import board
from pnp.games.temple_trip.network import RADIUS
from pnp.load.items import undrawn_choices
from pnp.load.model import Game, Item
from pnp.load.schema import did_you_mean

# A place the effect text names: after to / in / at / from / via, a run of capitalised
# words ("to Salt Lake City", "in Canada").
PLACE = re.compile(r"\b(?:to|in|at|from|via|near)\s+((?:[A-Z][\w.'’-]*)(?:,?\s+[A-Z][\w.'’-]*)*)")
# A move to a named place: "moves straight to Nauvoo", "flies to Anchorage".
MOVE_TO = re.compile(r"\b(?:moves?|fl(?:y|ies)|go(?:es)?|drives?|travels?)\b(?:\s+\w+){0,2}?"
                     r"\s+to\s+((?:[A-Z][\w.'’-]*)(?:\s+[A-Z][\w.'’-]*)*)")
NOT_PLACES = {"Border Post", "Assignment", "TEMPLE", "ASSIGNMENT", "Open Road", "Clear Skies"}
SYNONYMS = {"skip": "miss", "lose": "miss", "lost": "miss", "missed": "miss",
            "forfeit": "miss", "spaces": "square", "space": "square", "squares": "square",
            "forward": "ahead", "flies": "fly", "moves": "move", "goes": "go"}
FILLER = set("a an the your you yours this that it its their them at once now straight away "
             "immediately is are be will must then of".split())


def _travel_modes(game: Game) -> int:
    b = board(game)
    return int(bool(b.roads)) + int(bool(b.air))


def _different_effects(game: Game) -> int:
    comp = game.components.get("assignments")
    return len({meaning(str(i.fields.get("effect", ""))) for i in comp.shipped()}) if comp else 0


MEASURES = {"travel-modes": _travel_modes, "assignment-effects": _different_effects}


DRAWN = (("temples", "region", "regions"), ("temples", "country", "countries"),
         ("assignments", "colour", "borders"), ("assignments", "returns", "returns"))


def checks(game: Game) -> list[Problem]:
    """The cards' entries in `data` (what their templates draw), and the ASSIGNMENT and
    LEGEND cards' own problems (the board must be sound)."""
    return undrawn_choices(game, DRAWN) + assignment_problems(game) + legend_problems(game)


# ---------------------------------------------------------------- ASSIGNMENT cards


def meaning(effect: str) -> str:
    """An effect reduced to what it does: 'Skip your next turn!' and 'Miss your next
    turn.' are the same card."""
    words = re.findall(r"[a-z0-9]+", effect.lower())
    out = {SYNONYMS.get(w, w) for w in words}
    return " ".join(sorted(out - FILLER))


def _cities(game: Game) -> tuple[dict[str, Any], str]:
    b = board(game)
    return b.cities, b.spec["salt_lake_city"]["name"]


def assignment_problems(game: Game) -> list[Problem]:
    comp = game.components.get("assignments")
    if comp is None:
        return []
    cities, slc = _cities(game)
    countries = set(game.spec.data.get("countries", {})) | {
        str(c.get("name")) for c in game.spec.data.get("countries", {}).values()}
    out: list[Problem] = []
    texts: dict[str, Item] = {}
    meanings: dict[str, Item] = {}
    for item in comp.items:
        f = item.fields
        effect = str(f.get("effect", ""))
        dest = f.get("destination")
        if dest is not None and dest not in cities:
            out.append(item.problem("destination", f"'{dest}' is not a city on the board"
                                               f"{did_you_mean(str(dest), cities)}"))
        elif dest == slc and f.get("colour") in ("red", "purple"):
            out.append(item.problem("destination", f"a {f['colour']} card moves other players: "
                                               f"sending them to {slc}, the finish, could hand "
                                               "one of them the win on someone else's draw"))
        elif dest is not None and f.get("colour") == "red" and not cities[dest].gather:
            out.append(item.problem("destination", f"a red card sends every pawn to {dest}, "
                                               "whose circle cannot hold ten: list it in "
                                               "board.yaml's `gather` (drawn big enough)"))
        for m in PLACE.finditer(effect):
            place = _place(m.group(1), cities, countries)
            if place is not None:
                out.append(item.problem("effect", f"names '{place}', which is not a city on the "
                                              f"board{did_you_mean(place, cities)}"))
        moved = [c for m in MOVE_TO.finditer(effect) if (c := _city_at(m.group(1), cities))]
        if dest is not None and dest in cities and dest not in moved:
            out.append(item.problem("destination", f"only a diversion has a destination, and the "
                                               f"effect sends no pawn to {dest}"))
        for city in moved:
            if city != dest:
                out.append(item.problem("destination" if dest else "effect",
                              f"the effect sends pawns to {city}: give it as the card's "
                              f"destination (destination: {city})"))
        if re.search(r"\brules?\b|\bdesigner\b", effect, re.IGNORECASE):
            out.append(item.problem("effect", "speaks about the rules: say what the player does"))
        for seen, key, what in ((texts, effect.strip().lower(), "effect"),
                                (meanings, meaning(effect), "effect meaning")):
            if key in seen:
                first = seen[key]
                out.append(item.problem("effect", f"same {what} as '{first.fields.get('name')}' "
                                              f"({first.source.path.name}:{first.line()}): "
                                              "every ASSIGNMENT card is different"))
            seen.setdefault(key, item)
    return out


def _city_at(words: str, cities: dict[str, Any]) -> str | None:
    """The board city a capitalised run starts with (the longest: "Salt Lake City")."""
    for known in sorted(cities, key=len, reverse=True):
        if re.match(re.escape(known) + r"(?![\w])", words):
            return known
    return None


def _place(words: str, cities: dict[str, Any], countries: set[str]) -> str | None:
    """The place a capitalised run names if it is not on the board, else None."""
    head = re.split(r",\s*|\.(?:\s|$)", words)[0].strip().rstrip(".")
    if _city_at(words, cities) or head in countries or \
            any(head.startswith(n) for n in NOT_PLACES):
        return None
    return head


# ---------------------------------------------------------------- LEGEND cards


def item_context(game: Game, component_id: str, item: Item) -> dict[str, Any]:
    if component_id == "legend":
        from pnp.games.temple_trip.legend import layout

        radius = {c.kind: RADIUS[c.kind] for c in board(game).cities.values()}  # its kind's
        return {"key": layout(game, item), "city_r": radius}
    return {}
