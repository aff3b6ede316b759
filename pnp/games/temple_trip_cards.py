"""Temple Trip cards: what the ASSIGNMENT and LEGEND cards say, checked against the board
they are played on and the rules document they cite.

Kept apart from temple_trip.py (the board's module) so the two can change side by side;
temple_trip.py calls `checks`, `item_context` and `rules_doc_checks` from here.
"""

from __future__ import annotations

import re
from typing import Any

from ..content_items import undrawn_choices
from ..errors import Problem
from ..load import key_text
from ..model import Game, Item
from ..schema import did_you_mean

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
ENTRY_KEYS = {"symbol", "name", "text", "cite"}
LEGEND_ONLY = {"die": "the die"}  # on the LEGEND card though not on the board
CITE_PART = re.compile(r"^(?:rule (?P<rule>\d+)|(?P<section>[A-Z][A-Z &'/-]*[A-Z])"
                       r"(?: step (?P<step>\d+))?)$")


def _travel_modes(game: Game) -> int:
    from .temple_trip import board

    b = board(game)
    return int(bool(b.roads)) + int(bool(b.air))


def _different_effects(game: Game) -> int:
    comp = game.components.get("assignments")
    return len({meaning(str(i.fields.get("effect", ""))) for i in comp.shipped()}) if comp else 0


MEASURES = {"travel-modes": _travel_modes, "assignment-effects": _different_effects}


def _p(item: Item, field: str | tuple[str | int, ...] | None, message: str) -> Problem:
    """An error at one field of an item (or a path inside it: ("entries", 3))."""
    key = item.key + ((field,) if isinstance(field, str) else (field or ()))
    return Problem("error", str(item.source.path), item.source.line(key), key_text(key), message)


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
    from .temple_trip import board

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
            out.append(_p(item, "destination", f"'{dest}' is not a city on the board"
                                               f"{did_you_mean(str(dest), cities)}"))
        elif dest == slc and f.get("colour") in ("red", "purple"):
            out.append(_p(item, "destination", f"a {f['colour']} card moves other players: "
                                               f"sending them to {slc}, the finish, could hand "
                                               "one of them the win on someone else's draw"))
        for m in PLACE.finditer(effect):
            place = _place(m.group(1), cities, countries)
            if place is not None:
                out.append(_p(item, "effect", f"names '{place}', which is not a city on the "
                                              f"board{did_you_mean(place, cities)}"))
        moved = [c for m in MOVE_TO.finditer(effect) if (c := _city_at(m.group(1), cities))]
        if dest is not None and dest in cities and dest not in moved:
            out.append(_p(item, "destination", f"only a diversion has a destination, and the "
                                               f"effect sends no pawn to {dest}"))
        for city in moved:
            if city != dest:
                out.append(_p(item, "destination" if dest else "effect",
                              f"the effect sends pawns to {city}: give it as the card's "
                              f"destination (destination: {city})"))
        if re.search(r"\brules?\b|\bdesigner\b", effect, re.IGNORECASE):
            out.append(_p(item, "effect", "speaks about the rules: say what the player does"))
        for seen, key, what in ((texts, effect.strip().lower(), "effect"),
                                (meanings, meaning(effect), "effect meaning")):
            if key in seen:
                first = seen[key]
                out.append(_p(item, "effect", f"same {what} as '{first.fields.get('name')}' "
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


def board_symbols(game: Game) -> dict[str, str]:
    """Every symbol the board draws (and the cones played on it) → what it is."""
    from .temple_trip import board

    b = board(game)
    out: dict[str, str] = {}
    for r in b.roads:
        for s in r.squares:
            out[s.kind] = f"road '{s.kind}' squares"
    for r in b.air:
        for s in r.squares:
            kind = "assign-air" if s.kind == "assign" else s.kind
            out[kind] = f"air '{kind}' squares"
    for c in b.cities.values():
        out[c.kind] = f"'{c.kind}' cities"
    if b.roads:
        out["road"] = "roads"
    if b.air:
        out["air"] = "air routes"
    if b.spec.get("flags"):
        out["flag"] = "flags"
    if b.spec.get("banks"):
        out["bank"] = "cone banks"
    cones = game.components.get("cones")
    for item in cones.items if cones else []:
        out[f"cone-{item.fields.get('colour')}"] = f"{item.fields.get('colour')} cones"
    return out


def symbols_of(entry: dict[str, Any]) -> list[str]:
    value = entry.get("symbol")
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]


SQUARES = {"open", "zone", "assign", "border", "sky", "calm", "assign-air"}
ALONE = SQUARES | {"slc", "airport", "temple", "flag", "bank", "die"}  # drawn on their own


def drawable(symbols: list[str]) -> bool:
    """The symbols an entry names, as legend-front.svg.j2 can draw them side by side."""
    if len(symbols) == 1:
        return symbols[0] in ALONE
    return len(symbols) == 2 and (symbols == ["road", "air"] or set(symbols) <= SQUARES
                                  or all(s.startswith("cone-") for s in symbols))


def legend_problems(game: Game) -> list[Problem]:
    comp = game.components.get("legend")
    if comp is None or not comp.items:
        return []
    needed = board_symbols(game)
    out: list[Problem] = []
    first = comp.items[0]
    for item in comp.items:
        entries = item.fields.get("entries")
        if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
            out.append(_p(item, "entries", "must be a list of {symbol, name, text, cite}"))
            continue
        if item is not first and entries != first.fields.get("entries"):
            out.append(_p(item, "entries", f"differs from '{first.id}': every LEGEND card is "
                                           "the same complete key"))
        shown = {s for e in entries for s in symbols_of(e)}
        for kind, what in needed.items():
            if kind not in shown:
                out.append(_p(item, "entries", f"the board draws {what} (symbol '{kind}'): "
                                               "the LEGEND card does not explain them"))
        for i, e in enumerate(entries):
            for k in sorted(set(e) - ENTRY_KEYS):
                out.append(_p(item, ("entries", i), f"unknown key '{k}'"
                                               f"{did_you_mean(k, ENTRY_KEYS)} (an entry has "
                                               "symbol, name, text and cite)"))
            if "symbol" not in e:
                out.append(_p(item, ("entries", i), "has no symbol"))
            unknown = [s for s in symbols_of(e) if s not in needed and s not in LEGEND_ONLY]
            for s in unknown if "symbol" in e else []:
                hint = did_you_mean(s, [*needed, *LEGEND_ONLY])
                out.append(_p(item, ("entries", i), f"symbol '{s}' is not drawn on the "
                                                    f"board{hint}"))
            if "symbol" in e and not unknown and not drawable(symbols_of(e)):
                got = ", ".join(symbols_of(e))
                out.append(_p(item, ("entries", i, "symbol"), "the card draws one symbol, "
                              f"[road, air], two cones or two squares (got [{got}])"))
            for part in cite_parts(str(e.get("cite", ""))):
                if not CITE_PART.match(part):
                    out.append(_p(item, ("entries", i), f"cite '{part}': write 'rule N', a "
                                                   "SECTION heading, or 'SECTION step N'"))
    return out


def cite_parts(cite: str) -> list[str]:
    return [p.strip() for p in cite.split("·") if p.strip()]


def headings(text: str) -> dict[str, set[int]]:
    """The document's section headings (upper case, without '#', ':' or '®') → the
    numbered steps under each, up to the next top-level heading."""
    out: dict[str, set[int]] = {}
    top: str | None = None
    for line in text.splitlines():
        m = re.match(r"^(#+)\s*(.+?)\s*$", line)
        if m:
            name = re.sub(r"[:®]", "", m.group(2)).strip().upper()
            out.setdefault(name, set())
            if len(m.group(1)) == 1:
                top = name
            continue
        step = re.match(r"^\s*(\d{1,2})\.\s", line)
        if step and top is not None:
            out[top].add(int(step.group(1)))
    return out


def rules_doc_checks(game: Game, text: str, doc_name: str) -> list[Problem]:
    """Every section a card cites ('BORDER POST', 'SET UP step 2') is a heading of the
    document, and the step is numbered under it."""
    found = headings(text)
    out: list[Problem] = []
    for comp in game.components.values():
        for item in comp.items:
            entries = item.fields.get("entries")
            if not isinstance(entries, list):
                continue
            for i, e in enumerate(entries):
                if not isinstance(e, dict):
                    continue
                for part in cite_parts(str(e.get("cite", ""))):
                    m = CITE_PART.match(part)
                    if not m or not m.group("section"):
                        continue
                    section, step = m.group("section"), m.group("step")
                    if section not in found:
                        out.append(_p(item, ("entries", i), f"cites '{section}': {doc_name} "
                                                       f"has no such section"
                                                       f"{did_you_mean(section, found)}"))
                    elif step and int(step) not in found[section]:
                        out.append(_p(item, ("entries", i), f"cites '{part}': {doc_name} has "
                                                       f"no step {step} under {section}"))
    return out


def item_context(game: Game, component_id: str, item: Item) -> dict[str, Any]:
    if component_id == "legend":
        from .temple_trip import board
        from .temple_trip_legend import layout

        radius = {c.kind: c.radius for c in board(game).cities.values()}
        return {"key": layout(game, item), "city_r": radius}
    return {}
