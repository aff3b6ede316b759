"""Temple Trip's `data` (its schema) and what it names: the board's files, read once a
game, and the board built from them and the TEMPLE cards, once a game. Everything that
needs the board (the checks, the cards, the templates) comes here for it.

Both are kept between runs (pnp.base.cache; PNP_CACHE=0 turns it off): the files' check,
by the files' paths and content hashes, and the board, by its files' content hashes and
the cities the cards give it (not the temples' names or texts: an edited card text does
not build the map again). A board read back is the one a fresh build gives (the test
compares them, value by value); anything that cannot be read back is built again."""

from __future__ import annotations

import copy
import pickle
from collections.abc import Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from pnp.base.errors import ContentError, Problem
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import City
from pnp.load.model import Game, Item
from pnp.load.paths import game_file
from pnp.load.schema import Colour, Name, NonEmpty, Range
from pnp.load.source import Key, Source, read_yaml

# a board's parts made when first asked for, not kept between runs: indexes that take
# longer to read back than to make again (the drawn land: 5 MB pickled)
REMADE = ("_geo", "_land", "_obstacles")


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
    (files.py), and their values as checked (the board is drawn from those)."""
    if "file-problems" not in game.cache:
        from pnp.games.temple_trip.files import check_files

        sources = board_files(game)

        def check() -> tuple[list[Problem], list[Any]]:
            return check_files(*sources), [s.data for s in sources]

        found, checked = _kept("board-files", [(str(s.path), s.digest) for s in sources],
                               check)
        for src, value in zip(sources, checked, strict=True):
            src.data = value
        game.cache["file-problems"] = found
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
    bsrc, osrc, lsrc = board_files(game)
    cards = _entries(game)
    inputs = ([s.digest for s in (bsrc, osrc, lsrc)], cards)
    kept = _read("board", inputs)  # (kept by board_found, with what the checks find)
    if kept is None or len(kept) != 2 or not isinstance(kept[0], Board):
        kept = (_build(bsrc.data, osrc.data, lsrc.data, cards), None)
    b, game.cache["board-found"] = kept
    game.cache["board"], game.cache["board-inputs"] = b, inputs
    return b


def board_found(game: Game, find: Callable[[Board], list[tuple[str, str]]]
                ) -> list[tuple[str, str]]:
    """What `find` (the board checks: a function of the board alone) finds on the board,
    kept with it; the board is then kept as they leave it (its names and flags placed,
    what its drawing reads again)."""
    b = board(game)
    found = game.cache.get("board-found")
    if found is None:
        found = game.cache["board-found"] = find(b)
        lean = copy.copy(b)  # (the board itself keeps them: it is drawn later in this run)
        for name in REMADE:
            lean.__dict__.pop(name, None)
        _keep("board", game.cache["board-inputs"], (lean, found))
    return list(found)


def _build(board_data: Any, outlines: Any, layout_data: Any, cards: list[dict]) -> Board:
    """The board as data.board describes it, built afresh."""
    from pnp.games.temple_trip.join import join_all

    spec = dict(board_data["board"])
    layout = layout_data or {}
    spec["roads"] = [list(r) for r in spec.get("roads", [])]
    spec["air"] = [list(r) for r in spec.get("air", [])]

    b = Board(spec, layout, cards, outlines)

    def build(spec: dict, moved: dict, bends: dict, skip: frozenset, lay: bool) -> Board:
        return Board(spec, layout, [c for c in cards if c["city"] not in skip], outlines,
                     lay=lay, moved=moved, bends=bends, like=b)

    known = {c for r in spec["roads"] for c in r[:2]}
    new = [c.name for c in b.cities.values() if c.area == "mainland" and not c.placed
           and not c.flight_only and c.name not in known]
    if new:
        b = join_all(build, spec, new, b)
    return b


T = TypeVar("T")


def _kept(kind: str, inputs: Any, make: Callable[[], T]) -> T:
    """`make()`, or what it gave on an earlier run with the same `inputs` (plain data, with
    the files' content hashes; pnp's own source is in every key)."""
    found = _read(kind, inputs)
    if found is not None and len(found) == 1:
        value: T = found[0]
        return value
    value = make()
    _keep(kind, inputs, (value,))
    return value


def _read(kind: str, inputs: Any) -> Any:
    """What was kept under `inputs`, or None (the caller checks the shape it wants)."""
    from pnp.base import cache

    if cache.folder() is None or not _plain(inputs):
        return None
    data = cache.get(kind, cache.key(kind, inputs))
    if data is None:
        return None
    try:
        value = pickle.loads(data)
    except Exception:  # noqa: BLE001 - an entry of another make: made again, replaced
        return None
    return value if isinstance(value, tuple) else None


def _keep(kind: str, inputs: Any, value: Any) -> None:
    from pnp.base import cache

    if cache.folder() is None or not _plain(inputs):
        return
    try:
        payload = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return  # what cannot be kept is made every time
    cache.put(kind, cache.key(kind, inputs), payload)


def _plain(value: Any) -> bool:
    """Whether a key's inputs are plain data with every content hash known."""
    if value is None:
        return False
    if isinstance(value, (list, tuple)):
        return all(_plain(v) for v in value)
    if isinstance(value, dict):
        return all(_plain(v) for v in value.values())
    return isinstance(value, (str, int, float, bool))


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
