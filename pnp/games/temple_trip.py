"""Temple Trip: card and board checks, custom temple cards, and what the templates draw."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import ContentError, Problem
from ..load import Key, Source, key_text, read_yaml
from ..model import Game, Item
from ..paths import game_file
from ..schema import Colour, did_you_mean, problem
from . import temple_trip_cards as cards
from .temple_trip_board import AIR_KINDS, ROAD_KINDS, SQUARE, Board, City

RULE_REF = re.compile(r"\brule (\d+)\b", re.IGNORECASE)
TOO_CLOSE = 12.0  # mm on the board: a new city nearer than this sits on top of another
AIR_CLEARANCE = 3.0  # mm between a new city's circle and an air route's line
NAMED_CARDS = {"Passport Express": ("blue", "bottom"), "Straight and Narrow Road": ("blue", None),
               "Airway to Heaven": ("blue", None)}


@dataclass
class CardBorder:
    fill: Colour
    name: str


@dataclass
class Data:
    board: str
    outlines: str
    max_custom: int
    rule_count: int
    regions: dict[str, dict[str, Colour]]
    borders: dict[str, CardBorder]
    returns: dict[str, str]
    countries: dict[str, dict[str, str]]


DATA_SCHEMA = Data


def _temples(game: Game, printed_only: bool = False) -> list[Item]:
    comp = game.components.get("temples")
    if comp is None:
        return []
    return [i for i in comp.items if not i.fields.get("blank")
            and not (printed_only and i.taken >= i.copies)]


def _board_files(game: Game) -> tuple[Source, Source]:
    data = game.spec.data
    if "files" not in game.cache:
        game.cache["files"] = tuple(
            read_yaml(game_file(game.folder, data.get(k), game.source, ("data", k)))
            for k in ("board", "outlines"))
    return game.cache["files"]


def file_problems(game: Game) -> list[Problem]:
    """What is wrong in board.yaml and outlines.yaml themselves (temple_trip_files)."""
    if "file-problems" not in game.cache:
        from .temple_trip_files import check_files

        game.cache["file-problems"] = check_files(*_board_files(game))
    return game.cache["file-problems"]


def expectation_blocked(game: Game, check: str | None) -> bool:
    """Expectations measured on the board wait for its files to be sound: their own
    problems are reported at their own lines."""
    return check in ("mainland-airports", "airports", "banks", "travel-modes") \
        and bool(file_problems(game))


def board(game: Game) -> Board:
    """The board, with custom temples' new cities added (each linked by road to the
    nearest road city it can reach without crossing a road)."""
    if "board" in game.cache:
        return game.cache["board"]
    if file_problems(game):
        raise ContentError("the board's files have problems (pnp validate lists them)",
                           game.source.path)
    bsrc, osrc = _board_files(game)
    spec = dict(bsrc.data["board"])
    outlines = osrc.data["outlines"]
    cards = []
    seen: set[str] = set()
    for item in _temples(game):
        f = item.fields
        if f.get("city") in seen or f.get("lat") is None or f.get("lon") is None:
            continue
        seen.add(f["city"])
        travel = "road" if item.custom else f.get("travel", "road")  # new cities: no airport
        cards.append({"id": item.id, "city": f["city"], "country": f.get("country", "USA"),
                      "lat": f["lat"], "lon": f["lon"], "travel": travel})
    spec["roads"] = [list(r) for r in spec.get("roads", [])]
    spec["air"] = [list(r) for r in spec.get("air", [])]
    new = {i.fields.get("city") for i in _temples(game) if i.custom} - {
        i.fields.get("city") for i in _temples(game) if not i.custom}
    shipped = Board(spec, [c for c in cards if c["city"] not in new], outlines)
    b = shipped
    if len(shipped.cities) < len(cards) + 1:  # new cities: placed around the shipped ones
        fixed = {n: c.pos for n, c in shipped.cities.items()}
        b = Board(spec, cards, outlines, fixed)
        known = {c for r in spec["roads"] for c in r}
        for city in b.cities.values():
            if city.name not in fixed and city.name not in known and not city.flight_only:
                link = _nearest_link(b, city)
                if link:
                    spec["roads"].append([city.name, link])
        b = Board(spec, cards, outlines, fixed)
    b.insets_outlines = osrc.data.get("insets", {})  # type: ignore[attr-defined]
    game.cache["board"] = b
    return b


def _nearest_link(b: Board, city: City) -> str | None:
    """The nearest road city a new city's road can reach: without crossing a road, the
    sea, or another city."""
    from ..geometry import distance_to_segment, segments_cross

    candidates = sorted((c for c in b.cities.values() if not c.flight_only and c is not city
                         and c.area == "mainland"),
                        key=lambda c: math.dist(c.pos, city.pos))
    for other in candidates[:12]:
        if any(segments_cross(city.pos, other.pos, b.cities[r.a].pos, b.cities[r.b].pos)
               for r in b.roads if other.name not in (r.a, r.b)):
            continue
        if any(distance_to_segment(c.pos, city.pos, other.pos) < c.radius + 2
               for c in b.cities.values() if c is not city and c is not other):
            continue
        if b.on_land(city.pos, other.pos):
            return other.name
    return None


def _country(b: Board, lon: float, lat: float) -> str | None:
    found = b.country_of(lon, lat)
    if found:
        return found
    from ..geometry import point_in_polygon

    for rings in getattr(b, "insets_outlines", {}).values():
        if any(point_in_polygon((lon, lat), [tuple(p) for p in r]) for r in rings):
            return "USA"
    return None


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


def _p(item: Item, field: str | None, message: str, severity: str = "error") -> Problem:
    key = item.key + ((field,) if field else ())
    return Problem(severity, str(item.source.path), item.source.line(key), key_text(key),
                   message)


def card_checks(game: Game) -> list[Problem]:
    out: list[Problem] = []
    slc = _board_files(game)[0].data["board"]["salt_lake_city"]["name"]
    names: dict[str, Item] = {}
    for item in _temples(game):
        f = item.fields
        for field in ("temple", "city", "state", "country", "travel"):
            if f.get(field) in (None, ""):
                out.append(_p(item, field, "required on a TEMPLE card (only blank cards may "
                                           "leave it out)"))
        if f.get("city") == slc:
            out.append(_p(item, "city", f"{slc} has no TEMPLE card: it is the start and "
                                        "finish (rule 9, rule 10)"))
        if f.get("travel") in ("both", "flight") and f.get("country") not in (None, "USA"):
            out.append(_p(item, "travel", "every Airport / Temple is in the USA (rule 10)"))
        name = str(f.get("temple") or "")
        if name in names:
            first = names[name]
            out.append(_p(item, "temple", f"'{name}' is already in the game "
                                          f"({first.source.path.name}:{first.line()})"))
        names.setdefault(name, item)
    assignments = game.components.get("assignments")
    if assignments:
        seen: dict[str, Item] = {}
        for item in assignments.items:
            n = str(item.fields["name"])
            if n in seen:
                out.append(_p(item, "name", f"two ASSIGNMENT cards are called '{n}'"))
            seen[n] = item
        for n, (colour, returns) in NAMED_CARDS.items():
            card = seen.get(n)
            if card is None:
                out.append(Problem("error", str(assignments.source.path) if assignments.source
                                   else None, 1, "assignments",
                                   f"the rules name the card '{n}': it is missing"))
            elif card.fields["colour"] != colour or (returns and card.fields["returns"] != returns):
                where = f" returned to the {returns} of the pile" if returns else ""
                out.append(_p(card, None, f"'{n}' is a {colour} card{where}"))
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
    bsrc, _ = _board_files(game)
    spec = bsrc.data["board"]
    out: list[Problem] = []

    customs = {i.fields.get("city"): i for i in _temples(game) if i.custom}

    def at(key: Key, message: str) -> None:
        """A problem of the board; one that a user's new city causes is theirs."""
        mine = next((i for c, i in customs.items() if c and c in message), None)
        if mine is not None:
            out.append(_p(mine, "lat", message))
        else:
            out.append(problem(bsrc, ("board",) + key, message))

    b = board(game)
    for mode in ("roads", "air"):
        for i, route in enumerate(spec.get(mode, [])):
            for j, end in enumerate(route):
                if end not in b.cities:
                    at((mode, i, j), f"no city '{end}' on the board"
                                     f"{did_you_mean(str(end), b.cities)}")
    if out:
        return out
    for r in b.roads:
        ends = (b.cities[r.a], b.cities[r.b])
        if any(c.flight_only for c in ends):
            at(("roads",), f"{r.a}–{r.b}: a flight-only city has no roads (rule 10)")
        if not r.squares:
            at(("roads",), f"road {r.a}–{r.b} is too short for a single square")
        if ends[0].country != ends[1].country and "USA" in (ends[0].country, ends[1].country) \
                and not r.border:
            at(("roads",), f"road {r.a}–{r.b} crosses a border without a Border Post")
    for r in b.air:
        for end in (r.a, r.b):
            if not b.cities[end].airport:
                at(("air",), f"air route {r.a}–{r.b}: {end} has no airport")
        if not r.squares:
            at(("air",), f"air route {r.a}–{r.b} has no room for a square")
    for r, o in b.road_crossings():
        at(("roads",), f"road {r.a}–{r.b} crosses road {o.a}–{o.b}")
    for msg in b.overlaps():
        at((), msg)
    slc = spec["salt_lake_city"]["name"]
    unreached = sorted(set(b.cities) - b.reachable(slc))
    if unreached:
        at((), f"not reachable from {slc}: {', '.join(unreached)}")
    for c in b.cities.values():
        if c.flight_only and c.name in b.reachable(slc, ("road",)):
            at((), f"{c.name} is reachable only by air, yet a road leads there (rule 10)")
    inland = b.reachable(slc, ("road",), through_border=False)
    sneaked = sorted(n for n in inland if b.cities[n].country != "USA")
    if sneaked:
        at(("roads",), f"reached from the USA without a Border Post: {', '.join(sneaked)}")
    kinds = {s.kind for r in b.roads for s in r.squares} | {s.kind for r in b.air
                                                            for s in r.squares}
    for kind in ("open", "zone", "assign", "border", "sky", "calm"):
        if kind not in kinds:
            at((), f"the board has no '{kind}' square")
    for i, flag in enumerate(spec.get("flags", [])):
        x, y = flag["at"]
        box = [(x, y), (x + 22, y), (x + 22, y + 12), (x, y + 12)]
        from ..geometry import polygons_overlap

        if any(polygons_overlap(box, s.corners()) for r in b.roads + b.air for s in r.squares) \
                or any(x - c.radius < c.pos[0] < x + 22 + c.radius
                       and y - c.radius < c.pos[1] < y + 12 + c.radius for c in b.cities.values()):
            at(("flags", i), f"the {flag['country']} flag covers a square or a city")
    for i, bank in enumerate(spec.get("banks", [])):
        if bank.get("cones") != 15:
            at(("banks", i), "a cone bank holds the 15 cones of its colour")
    return out


def custom_checks(game: Game) -> list[Problem]:
    """Each custom temple alone: its country, its travel mode, and, for a new city, a
    place on the drawn map that no other city, route, square or label has."""
    out: list[Problem] = []
    customs = [i for i in _temples(game) if i.custom]
    limit = game.spec.data["max_custom"]
    if len(customs) > limit:
        out.append(_p(customs[limit], None, f"at most {limit} custom temples (one per blank "
                                            "card)"))
    b = board(game)
    shipped = {i.fields.get("city") for i in _temples(game) if not i.custom}
    for item in customs:
        f = item.fields
        city = b.cities.get(f.get("city"))
        on_board = f.get("city") in shipped or f.get("city") == b.spec["salt_lake_city"]["name"]
        if f.get("lat") is None or f.get("lon") is None:
            if not on_board:
                out.append(_p(item, "lat", f"'{f.get('city')}' is not on the board yet: give "
                                           "lat and lon for the new city"))
                continue
        else:
            where = _country(b, f["lon"], f["lat"])
            if where != f.get("country"):
                out.append(_p(item, "lat", f"{f['lat']}, {f['lon']} lies in "
                                           f"{where or 'no country on the board'}, not in "
                                           f"{f.get('country')}"))
        travel = f.get("travel")
        if on_board and city is not None:
            allowed = "flight" if city.flight_only else ("both" if city.airport else "road")
            if travel != allowed:
                why = {"flight": f"{city.name} is reachable only by air",
                       "both": f"{city.name} is a mainland airport",
                       "road": f"{city.name} has no airport"}[allowed]
                out.append(_p(item, "travel", f"must be {allowed}: {why} (rule 10)"))
            continue
        if city is None or f.get("lat") is None:
            continue
        out.extend(_new_city_problems(game, b, item, city))
        if travel != "road" and b.area_of(f["lon"], f["lat"]) == "mainland":
            out.append(_p(item, "travel", "a new city has no airport: its temple is road only "
                                          "(rule 10; only the ten Airport / Temples have one)"))
    return out


def _new_city_problems(game: Game, b: Board, item: Item, city: City) -> list[Problem]:
    """Where a new city would be drawn, and what it would sit on."""
    from ..geometry import boxes_overlap, distance_to_segment
    f = item.fields
    area = b.area_of(f["lon"], f["lat"])
    main = b.spec["mainland"]
    if area is None:
        return [_p(item, "lat", f"{f['lat']}, {f['lon']} is outside the board: the map shows "
                                f"{main['lat'][0]:g}°N to {main['lat'][1]:g}°N and "
                                f"{-main['lon'][1]:g}°W to {-main['lon'][0]:g}°W, Alaska and "
                                "Hawaii in their insets")]
    if area != "mainland":
        return [_p(item, "lat", f"{f['city']} lies in the {area} inset: {area} is reached by "
                                "flight only (rule 10), and a new city has no airport (only "
                                "the ten Airport / Temples have one)")]
    out: list[Problem] = []
    raw = b.project(f["lon"], f["lat"])
    for other in b.cities.values():
        if other is not city and other.area == "mainland":
            d = math.dist(raw, b.project(other.lon, other.lat))
            if d < TOO_CLOSE:
                out.append(_p(item, "lat", f"the new city would sit on top of {other.name} "
                                           f"({d:.0f} mm apart on the board)"))
    if out:
        return out
    roads = [r for r in b.roads if city.name in (r.a, r.b)]
    if not roads:
        return [_p(item, "lat", f"no road can join {city.name} to the board: every road to "
                                "a nearby city would cross the sea, another road or a city")]
    for r, points in b.air_samples():
        d = min(math.dist(city.pos, p) for p in points)
        if d < city.radius + AIR_CLEARANCE:
            gap = (f"its circle {d - city.radius:.1f} mm from the line"
                   if d > city.radius else "the line runs through its circle")
            out.append(_p(item, "lat", f"{city.name} would sit on the air route {r.a}–{r.b} "
                                       f"({gap}; a city keeps {AIR_CLEARANCE:g} mm clear)"))
    for r in b.roads + b.air:
        if city.name in (r.a, r.b):
            continue
        if any(math.dist(city.pos, (s.x, s.y)) < city.radius + SQUARE * 0.72
               for s in r.squares):
            out.append(_p(item, "lat", f"{city.name} would sit on a square of {r.a}–{r.b}"))
    for r in roads:
        other = b.cities[r.b if r.a == city.name else r.a]
        for c in b.cities.values():
            if c is not city and c is not other and \
                    distance_to_segment(c.pos, city.pos, other.pos) < c.radius + 1:
                out.append(_p(item, "lat", f"its road to {other.name} would run through "
                                           f"{c.name}"))
        if not r.squares:
            out.append(_p(item, "lat", f"its road to {other.name} is too short for a square: "
                                       f"{city.name} is too close to {other.name}"))
    labels = board_labels(b)
    mine = _label_box(labels[city.name], b)
    disc = (city.pos[0] - city.radius, city.pos[1] - city.radius,
            city.pos[0] + city.radius, city.pos[1] + city.radius)
    for name, label in labels.items():
        if name != city.name and boxes_overlap(_label_box(label, b), disc):
            out.append(_p(item, "lat", f"{city.name} would sit on the name of {name}"))
        other = b.cities[name]
        if name != city.name and boxes_overlap(mine, (
                other.pos[0] - other.radius, other.pos[1] - other.radius,
                other.pos[0] + other.radius, other.pos[1] + other.radius)):
            out.append(_p(item, "lat", f"the name {city.name} would cover {name}"))
    return out


LABEL_SIZE = 3.1  # mm: city names on the board


def board_labels(b: Board) -> dict[str, tuple[float, float, str, float]]:
    """(x, y, anchor, width) of every city's name: clear of cities, roads and squares
    where the board has room (geometry.place_labels)."""
    from .. import fonts
    from ..geometry import place_labels
    from ..units import MM

    if "_labels" not in b.__dict__:
        size_pt = LABEL_SIZE * MM
        obstacles = [(s.x - 4.2, s.y - 4.2, s.x + 4.2, s.y + 4.2)
                     for r in b.roads + b.air for s in r.squares]
        positions = {n: c.pos for n, c in b.cities.items()}
        b._labels = place_labels(  # type: ignore[attr-defined]
            positions, {n: n for n in positions}, lambda n: b.cities[n].radius, LABEL_SIZE,
            lambda t: fonts.string_width(t, size_pt, True) / MM, (0.0, 0.0, b.width, b.height),
            [(b.cities[r.a].pos, b.cities[r.b].pos) for r in b.roads], obstacles)
    return b._labels  # type: ignore[attr-defined]


def _label_box(label: tuple[float, float, str, float],
               b: Board) -> tuple[float, float, float, float]:
    x, y, anchor, w = label
    left = x - w / 2 if anchor == "middle" else (x if anchor == "start" else x - w)
    return left, y - LABEL_SIZE * 0.78, left + w, y + LABEL_SIZE * 0.22


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
            out.append(_p(item, field, f"rule {n} does not exist (the rules are numbered "
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
    b = board(game)

    def sq(s: Any) -> dict[str, Any]:
        return {"x": s.x, "y": s.y, "a": s.angle, "kind": s.kind}

    squares = [sq(s) for r in b.roads for s in r.squares]
    air_squares = [sq(s) for r in b.air for s in r.squares]
    labels = board_labels(b)
    label_size = LABEL_SIZE
    spec = b.spec
    return {
        "width": b.width, "height": b.height,
        "countries": {k: [_path(p) for p in v] for k, v in b.outline_paths().items()},
        "insets": {k: {"paths": [_path(p) for p in v], "box": spec["insets"][k]["box"]}
                   for k, v in b.inset_paths(getattr(b, "insets_outlines", {})).items()},
        "clip": spec["mainland"]["clip"],
        "roads": [{"a": b.cities[r.a].pos, "b": b.cities[r.b].pos} for r in b.roads],
        "air": [{"d": "M{:.2f} {:.2f} Q{:.2f} {:.2f} {:.2f} {:.2f}".format(
            *r.curve[0], *r.curve[1], *r.curve[2])} for r in b.air if r.curve],
        "squares": squares, "air_squares": air_squares,
        "cities": [{"name": c.name, "x": c.pos[0], "y": c.pos[1], "kind": c.kind,
                    "r": c.radius, "label": labels[c.name]} for c in b.cities.values()],
        "label_size": label_size,
        "banks": spec.get("banks", []),
        "flags": spec.get("flags", []),
        "counts": {"roads": len(b.roads), "air": len(b.air), "squares": len(squares),
                   "air_squares": len(air_squares),
                   "borders": sum(1 for s in squares if s["kind"] == "border")},
    }


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


def _path(points: list[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{x:.1f} {y:.1f}" for x, y in points) + " Z"


# ---------------------------------------------------------------- rules document

_STOP = set("that this with from have they their them then when will must into your only also "
            "there other before after which where what each over some such more than about "
            "above rule rules".split())


def _stems(text: str) -> set[str]:
    from ..rules_doc import normalise

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
    from ..rules_doc import normalise

    rules = numbered_rules(text)
    out: list[Problem] = cards.rules_doc_checks(game, text, doc_name)
    for item, field, n in _rule_refs(game):
        if n not in rules:
            out.append(_p(item, field, f"rule {n} is not in {doc_name} (it numbers "
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
