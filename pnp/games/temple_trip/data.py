"""Temple Trip's `data` (its schema) and what it names: the board's files, read once a
game, and the board built from them and the TEMPLE cards, once a game. Everything that
needs the board (the checks, the cards, the templates) comes here for it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pnp.base.errors import ContentError, Problem
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import City
from pnp.load.model import Game, Item
from pnp.load.paths import game_file
from pnp.load.schema import Colour, Name, NonEmpty, Range
from pnp.load.source import Key, Source, read_yaml


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


def temple_cards(game: Game, printed_only: bool = False) -> list[Item]:
    """The TEMPLE cards that name a temple (not the blank ones)."""
    comp = game.components.get("temples")
    if comp is None:
        return []
    return [i for i in comp.items if not i.fields.get("blank")
            and not (printed_only and i.taken >= i.copies)]


def board_files(game: Game) -> tuple[Source, Source, Source]:
    return board_file(game, "board"), board_file(game, "outlines"), board_file(game, "layout")


def board_file(game: Game, key: str) -> Source:
    """One of the board's files (data: board, outlines, layout), read once a game."""
    if ("file", key) not in game.cache:
        game.cache[("file", key)] = read_yaml(
            game_file(game.folder, game.spec.data.get(key), game.source, ("data", key)))
    return game.cache[("file", key)]


def file_problems(game: Game) -> list[Problem]:
    """What is wrong in board.yaml, outlines.yaml and layout.yaml themselves
    (files.py)."""
    if "file-problems" not in game.cache:
        from pnp.games.temple_trip.files import check_files

        game.cache["file-problems"] = check_files(*board_files(game))
    return game.cache["file-problems"]


def board(game: Game) -> Board:
    """The board, with custom temples' new cities drawn where the map puts them, each
    joined to the network (join.py): a stop on a road that passes its place, or a road
    of its own to a city it can reach."""
    if "board" in game.cache:
        return game.cache["board"]
    if file_problems(game):
        raise ContentError("the board's files have problems (pnp validate lists them)",
                           game.source.path)
    from pnp.games.temple_trip.join import join_all

    bsrc, osrc, lsrc = board_files(game)
    spec = dict(bsrc.data["board"])
    layout = lsrc.data or {}
    cards = _entries(game)
    spec["roads"] = [list(r) for r in spec.get("roads", [])]
    spec["air"] = [list(r) for r in spec.get("air", [])]

    b = Board(spec, layout, cards, osrc.data)

    def build(spec: dict, moved: dict, bends: dict, skip: frozenset, lay: bool) -> Board:
        return Board(spec, layout, [c for c in cards if c["city"] not in skip], osrc.data,
                     lay=lay, moved=moved, bends=bends, like=b)

    known = {c for r in spec["roads"] for c in r[:2]}
    new = [c.name for c in b.cities.values() if c.area == "mainland" and not c.placed
           and not c.flight_only and c.name not in known]
    if new:
        b = join_all(build, spec, new, b)
    game.cache["board"] = b
    return b


def kit_cities(game: Game) -> list[City]:
    """The board's cities as the cards and board.yaml make them (name, kind, area), for
    what states the kit rather than draws the map (the QuickStart, `pnp list`'s page
    count): the board itself, laid and checked, only where it is built already. A new
    city that cannot join is listed here, but a new city is never an airport."""
    if "board" in game.cache or "file-problems" in game.cache:
        return list(board(game).cities.values())
    cards = _entries(game)
    try:
        spec = board_file(game, "board").data["board"]
        return list(Board(spec, board_file(game, "layout").data or {}, cards, {},
                          lay=False).cities.values())
    except (KeyError, TypeError, ValueError, IndexError, AttributeError):
        return list(board(game).cities.values())  # a file's mistake: checked, said where


def shipped_board(game: Game) -> Board:
    """The board of the board files and the shipped cards alone, without custom temples:
    what a problem is measured against to tell whether a custom temple brought it."""
    if "shipped-board" not in game.cache:
        bsrc, osrc, lsrc = board_files(game)
        spec = {**bsrc.data["board"]}
        spec["roads"] = [list(r) for r in spec.get("roads", [])]
        spec["air"] = [list(r) for r in spec.get("air", [])]
        cards = _entries(game, custom=False)
        game.cache["shipped-board"] = Board(spec, lsrc.data or {}, cards, osrc.data)
    return game.cache["shipped-board"]


def _entries(game: Game, custom: bool = True) -> list[dict]:
    """The TEMPLE cards' cities as the Board takes them (the first card of a city names
    it; a card without its city is left to card_checks), custom ones too unless not
    `custom`. A custom temple's new city has no airport: it is reached by road."""
    out, seen = [], set()
    for item in temple_cards(game):
        f = item.fields
        if item.custom and not custom or f.get("city") in seen or f.get("city") in (None, "") \
                or f.get("lat") is None or f.get("lon") is None:
            continue
        seen.add(f["city"])
        out.append({"id": item.id, "city": f["city"], "country": f.get("country", "USA"),
                    "lat": f["lat"], "lon": f["lon"],
                    "travel": "road" if item.custom else f.get("travel", "road")})
    return out
