"""Temple Trip: card and board checks, custom temple cards, and what the templates draw."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pnp.base.errors import ContentError, Problem
from pnp.games.temple_trip import cards
from pnp.games.temple_trip import citations as legend_checks
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.tracks import AIR_KINDS, ROAD_KINDS, SQUARE
from pnp.load.model import Game, Item
from pnp.load.paths import game_file
from pnp.load.schema import Colour, Name, NonEmpty, Range, did_you_mean, problem
from pnp.load.source import Key, Source, read_yaml

RULE_REF = re.compile(r"\brule (\d+)\b", re.IGNORECASE)
NAMED_CARDS = {"Passport Express": ("blue", "bottom"), "Straight and Narrow Road": ("blue", None),
               "Airway to Heaven": ("blue", None)}


@dataclass
class CardBorder:
    fill: Colour
    name: str


@dataclass
class Country:
    name: Name  # printed under a temple card's city


@dataclass
class Region:
    """A temple card's art in its region's colours (art.svg.j2)."""

    sky: Colour
    ground: Colour
    ink: Colour


QUICKSTART_BORDERS = ("red", "purple", "grey", "blue")  # the QuickStart's key draws these


@dataclass
class Data:
    board: Name
    outlines: Name
    layout: Name
    max_custom: Annotated[int, Range(0, 100)]
    rule_count: Annotated[int, Range(1, 1000)]
    regions: Annotated[dict[str, Region], NonEmpty]
    borders: Annotated[dict[str, CardBorder], NonEmpty]
    returns: Annotated[dict[str, str], NonEmpty]
    countries: Annotated[dict[str, Country], NonEmpty]

    def shape_problems(self) -> list[tuple[Key, str]]:
        missing = [c for c in QUICKSTART_BORDERS if c not in self.borders]
        return [(("borders",), f"no entry for {', '.join(missing)} (the QuickStart's key "
                               f"draws the {', '.join(QUICKSTART_BORDERS)} cards)")
                ] if missing else []


DATA_SCHEMA = Data


def _temples(game: Game, printed_only: bool = False) -> list[Item]:
    comp = game.components.get("temples")
    if comp is None:
        return []
    return [i for i in comp.items if not i.fields.get("blank")
            and not (printed_only and i.taken >= i.copies)]


def _board_files(game: Game) -> tuple[Source, Source, Source]:
    data = game.spec.data
    if "files" not in game.cache:
        game.cache["files"] = tuple(
            read_yaml(game_file(game.folder, data.get(k), game.source, ("data", k)))
            for k in ("board", "outlines", "layout"))
    return game.cache["files"]


def file_problems(game: Game) -> list[Problem]:
    """What is wrong in board.yaml, outlines.yaml and layout.yaml themselves
    (temple_trip_files)."""
    if "file-problems" not in game.cache:
        from pnp.games.temple_trip.files import check_files

        game.cache["file-problems"] = check_files(*_board_files(game))
    return game.cache["file-problems"]


def expectation_blocked(game: Game, check: str | None) -> bool:
    """Expectations measured on the board wait for its files to be sound: their own
    problems are reported at their own lines."""
    return check in ("mainland-airports", "airports", "banks", "travel-modes") \
        and bool(file_problems(game))


def board(game: Game) -> Board:
    """The board, with custom temples' new cities drawn where the map puts them (each
    joined by road to the nearest road city it can reach without crossing a road)."""
    if "board" in game.cache:
        return game.cache["board"]
    if file_problems(game):
        raise ContentError("the board's files have problems (pnp validate lists them)",
                           game.source.path)
    from pnp.games.temple_trip.custom import nearest_link

    bsrc, osrc, lsrc = _board_files(game)
    spec = dict(bsrc.data["board"])
    layout = lsrc.data or {}
    cards = []
    seen: set[str] = set()
    for item in _temples(game):
        f = item.fields
        if f.get("city") in seen or f.get("city") in (None, "") or f.get("lat") is None \
                or f.get("lon") is None:  # a card without its city: card_checks says so
            continue
        seen.add(f["city"])
        travel = "road" if item.custom else f.get("travel", "road")  # new cities: no airport
        cards.append({"id": item.id, "city": f["city"], "country": f.get("country", "USA"),
                      "lat": f["lat"], "lon": f["lon"], "travel": travel})
    spec["roads"] = [list(r) for r in spec.get("roads", [])]
    spec["air"] = [list(r) for r in spec.get("air", [])]
    b = Board(spec, layout, cards, osrc.data)
    known = {c for r in spec["roads"] for c in r[:2]}
    new = [c for c in b.cities.values() if c.area == "mainland" and not c.placed
           and not c.flight_only and c.name not in known]
    if new:
        for city in new:
            link = nearest_link(b, city)
            if link:
                spec["roads"].append([city.name, link])
        b = Board(spec, layout, cards, osrc.data)
    game.cache["board"] = b
    return b


MEASURES = {
    "regions": lambda g: len({i.fields.get("region") for i in _temples(g)}),
    "airport-temples": lambda g: sum(1 for i in _temples(g) if not i.custom
                                     and i.fields.get("travel") in ("both", "flight")),
    "mainland-airports": lambda g: sum(1 for c in board(g).cities.values()
                                       if c.airport and not c.flight_only),
    "airports": lambda g: sum(1 for c in board(g).cities.values() if c.airport),
    "pawn-colours": lambda g: len({i.fields.get("colour") for i in g.components["pawns"].items}),
    "banks": lambda g: len(_board_files(g)[0].data["board"].get("banks", [])),
}
MEASURES.update(cards.MEASURES)


def card_checks(game: Game) -> list[Problem]:
    out: list[Problem] = []
    slc = _board_files(game)[0].data["board"]["salt_lake_city"]["name"]
    names: dict[str, Item] = {}
    for item in _temples(game):
        f = item.fields
        for field in ("temple", "city", "state", "country", "travel"):
            if f.get(field) in (None, ""):
                out.append(item.problem(field, "required on a TEMPLE card (only blank cards may "
                                           "leave it out)"))
        if f.get("city") == slc:
            out.append(item.problem("city", f"{slc} has no TEMPLE card: it is the start and "
                                        "finish (rule 9, rule 10)"))
        if f.get("travel") in ("both", "flight") and f.get("country") not in (None, "USA"):
            out.append(item.problem("travel", "every Airport / Temple is in the USA (rule 10)"))
        name = str(f.get("temple") or "")
        if name in names:
            first = names[name]
            out.append(item.problem("temple", f"'{name}' is already in the game "
                                          f"({first.source.path.name}:{first.line()})"))
        names.setdefault(name, item)
    assignments = game.components.get("assignments")
    if assignments:
        seen: dict[str, Item] = {}
        for item in assignments.items:
            n = str(item.fields["name"])
            if n in seen:
                out.append(item.problem("name", f"two ASSIGNMENT cards are called '{n}'"))
            seen[n] = item
        for n, (colour, returns) in NAMED_CARDS.items():
            card = seen.get(n)
            if card is None:
                out.append(Problem("error", str(assignments.source.path) if assignments.source
                                   else None, 1, "assignments",
                                   f"the rules name the card '{n}': it is missing"))
            elif card.fields["colour"] != colour or (returns and card.fields["returns"] != returns):
                where = f" returned to the {returns} of the pile" if returns else ""
                out.append(card.problem(None, f"'{n}' is a {colour} card{where}"))
        if not any("cone" in str(i.fields["effect"]).lower() and i.fields["returns"] == "top"
                   for i in assignments.items):
            path = str(assignments.source.path) if assignments.source else None
            out.append(Problem("error", path, 1, "assignments", "the rules name a card that "
                               "ignores cones and goes back on top of the draw pile: none found "
                               "(rule 11)"))
    return out


def _rule_refs(game: Game) -> list[tuple[Item, str, int]]:
    """(item, field, rule number) for every 'rule N' printed on a card."""
    refs = []
    for comp in game.components.values():
        for item in comp.items:
            for field, value in item.fields.items():
                texts = [value] if isinstance(value, str) else \
                    [str(v) for e in value for v in e.values()] if isinstance(value, list) \
                    and all(isinstance(e, dict) for e in value) else []
                for text in texts:
                    refs.extend((item, field, int(m.group(1))) for m in RULE_REF.finditer(text))
    return refs


def board_checks(game: Game) -> list[Problem]:
    from pnp.games.temple_trip import checks as board_rules

    bsrc = _board_files(game)[0]
    spec = bsrc.data["board"]
    out: list[Problem] = []
    customs = {i.fields.get("city"): i for i in _temples(game) if i.custom}

    def at(key: Key, message: str) -> None:
        """A problem of the board; one that a user's new city causes is theirs."""
        mine = next((i for c, i in customs.items() if c and c in message), None)
        if mine is not None:
            out.append(mine.problem("lat", message))
        else:
            out.append(problem(bsrc, ("board",) + key, message))

    b = board(game)
    for mode in ("roads", "air"):
        for i, route in enumerate(spec.get(mode, [])):
            for j, end in enumerate(route[:2]):
                if end not in b.cities:
                    at((mode, i, j), f"no city '{end}' on the board"
                                     f"{did_you_mean(str(end), b.cities)}")
    if out:
        return out
    start = spec["salt_lake_city"]["name"]
    for found in (board_rules.network(b, start), board_rules.geography(b, start),
                  board_rules.drawing(b)):
        for where, message in found:
            key: Key = tuple(int(k) if k.isdigit() else k for k in where.split(".")) \
                if where else ()
            at(key, message)
    for i, bank in enumerate(spec.get("banks", [])):
        if bank.get("cones") != 15:
            at(("banks", i), "a cone bank holds the 15 cones of its colour")
    return out


def custom_checks(game: Game) -> list[Problem]:
    from pnp.games.temple_trip.custom import checks as custom

    shipped = {i.fields.get("city") for i in _temples(game) if not i.custom}
    return custom(board(game), [i for i in _temples(game) if i.custom], shipped,
                  game.spec.data["max_custom"], Item.problem)


def checks(game: Game) -> list[Problem]:
    hide_replaced_blanks(game)
    found = file_problems(game)
    if found:  # the cards and the board are checked against sound board files
        return found
    out = card_checks(game) + custom_checks(game) + cards.checks(game)
    if any(p.severity == "error" for p in out):
        return out
    out.extend(board_checks(game))
    count = game.spec.data["rule_count"]
    for item, field, n in _rule_refs(game):
        if not 1 <= n <= count:
            out.append(item.problem(field, f"rule {n} does not exist (the rules are numbered "
                                       f"1-{count})"))
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


# ---------------------------------------------------------------- templates


def item_context(game: Game, component_id: str, item: Item, lang: str) -> dict[str, Any]:
    if component_id == "temples":
        return {"airport": item.fields.get("travel") in ("both", "flight")}
    return cards.item_context(game, component_id, item)


def board_context(game: Game, lang: str) -> dict[str, Any]:
    from pnp.games.temple_trip.draw import context

    return context(board(game))


def sheet_context(game: Game, component_id: str, lang: str,
                  size: tuple[float, float] | None = None) -> dict[str, Any]:
    """What the QuickStart states from the content rather than in words of its own: the
    kit's counts, the board's airports and its start, and the symbols' sizes (its
    pictures are drawn with the board's own macros, scaled from these)."""
    b = board(game)
    cities = list(b.cities.values())

    def printed(comp_id: str) -> list[Item]:
        comp = game.components.get(comp_id)
        return comp.printed() if comp is not None else []

    temples = printed("temples")
    cones = printed("cones")
    return {"airports": sorted(c.name for c in cities if c.airport),
            "mainland_airports": sorted(c.name for c in cities
                                        if c.airport and not c.flight_only),
            "flight_only": [{"city": c.name, "area": c.area} for c in cities if c.flight_only],
            "start": next((c.name for c in cities if c.kind == "slc"), "Salt Lake City"),
            "temples": len(_temples(game)), "kinds": {"road": ROAD_KINDS, "air": AIR_KINDS},
            "city_r": {c.kind: c.radius for c in cities}, "square": SQUARE,
            "counts": {"temples": sum(1 for i in temples if not i.fields.get("blank")),
                       "blanks": sum(1 for i in temples if i.fields.get("blank")),
                       "assignments": len(printed("assignments")),
                       "legend": len(printed("legend")), "pawns": len(printed("pawns")),
                       "dice": len(printed("die")),
                       "cones": {c: sum(1 for i in cones if i.fields.get("colour") == c)
                                 for c in ("red", "blue")}}}


# ---------------------------------------------------------------- rules document

_STOP = set("that this with from have they their them then when will must into your only also "
            "there other before after which where what each over some such more than about "
            "above rule rules".split())


def _stems(text: str) -> set[str]:
    from pnp.check.rules_doc import normalise

    return {w[:5] for w in re.findall(r"[a-z]{4,}", normalise(text)) if w not in _STOP}


def numbered_rules(text: str) -> dict[int, str]:
    """The document's numbered rules ("10. There are ...") with their text."""
    rules: dict[int, str] = {}
    current = None
    for line in text.splitlines():
        m = re.match(r"^\s*(\d{1,2})\.\s+(.*)", line)
        if m:
            current = int(m.group(1))
            rules[current] = m.group(2)
        elif line.startswith("#"):
            current = None
        elif current is not None:
            rules[current] += " " + line
    return rules


def rules_doc_checks(game: Game, text: str, doc_name: str) -> list[Problem]:
    """Rule numbers printed on cards must exist in the document; and the document's own
    cross-references ("agreed in 3 above") are checked against what each rule says."""
    from pnp.check.rules_doc import normalise

    rules = numbered_rules(text)
    out: list[Problem] = legend_checks.rules_doc_checks(game, text, doc_name)
    for item, field, n in _rule_refs(game):
        if n not in rules:
            out.append(item.problem(field, f"rule {n} is not in {doc_name} (it numbers "
                                       f"{min(rules, default=0)}-{max(rules, default=0)})"))
    for n, body in sorted(rules.items()):
        flat = normalise(body)
        for m in re.finditer(r"(\w+)\s+in\s+(\d{1,2})\)?\s+above", flat):
            key, ref = m.group(1), int(m.group(2))
            stem = key[:5]
            holders = [k for k, v in rules.items() if k < n and stem in _stems(v)]
            if ref in rules and stem not in _stems(rules[ref]) and len(holders) == 1:
                out.append(Problem("warning", doc_name, None, f"rule {n}",
                                   f"the document's rule {n} points to '{key} in {ref} above', "
                                   f"but that is rule {holders[0]}"))
                continue
            start = flat.rfind(".", 0, m.start()) + 1
            words = _stems(flat[start:m.end() + 120])
            scores = {k: len(words & _stems(v)) / max(1, len(words))
                      for k, v in rules.items() if k < n}
            best = max(scores, key=lambda k: scores[k], default=ref)
            if best != ref and scores[best] >= scores.get(ref, 0) + 0.1:
                out.append(Problem("warning", doc_name, None, f"rule {n}",
                                   f"the document's rule {n} points to rule {ref} ('{key} in "
                                   f"{ref} above'), but what it describes is in rule {best}"))
    return out
