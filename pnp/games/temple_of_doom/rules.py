"""Temple of Doom: the deck swap, the temple's rows, and the setup guide's geometry."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pnp.base import colour
from pnp.base.errors import Problem
from pnp.load.items import undrawn_choices
from pnp.load.model import Game, Item, RefSides
from pnp.load.schema import Colour, NonEmpty, Range, Size, not_a_key
from pnp.load.source import Key

DECK_ORDER = ("relic", "temple", "movement")


@dataclass
class Background:
    fill: Colour
    panel: Colour
    ink: Colour
    deck: str


@dataclass
class Border:
    fill: Colour
    ink: Colour
    name: str
    mark: Literal["circle", "triangle", "square", "diamond", "ring", "cross"]


@dataclass
class Symbol:
    name: str
    pips: Annotated[int, Range(0, 12)]


Rows = Annotated[list[Annotated[int, Range(1, 30)]], Size(1, 30)]  # tiles per row


@dataclass
class Temple:
    rows: Rows
    easier_rows: Rows


Count = Annotated[int, Range(0, 1000)]


@dataclass
class Setup:
    relic_display: Count
    temple_display: Count
    solo_hand: Count
    team_hand: Count
    max_score: Count


@dataclass
class Decks:
    relic: str
    temple: str
    movement: str


@dataclass
class Data:
    """The `data:` block of game.yaml that templates and checks read."""

    backgrounds: Annotated[dict[str, Background], NonEmpty]
    borders: dict[str, Border]
    symbols: dict[str, Symbol]
    temple: Temple
    decks: Decks
    setup: Setup
    swap: dict[Literal["to_temple", "to_relic"], dict[str, str]] = field(default_factory=dict)

    def shape_problems(self) -> list[tuple[Key, str]]:
        """Each deck is the cards of one background: it must name one."""
        return [(("decks", deck), not_a_key(bg, self.backgrounds, "background"))
                for deck in DECK_ORDER if (bg := getattr(self.decks, deck))
                not in self.backgrounds]


DATA_SCHEMA = Data
DATA_FIELDS = {"sides": RefSides}  # the reference card's front and back


def _cards(game: Game) -> list[Item]:
    comp = game.components.get("cards")
    return comp.shipped() if comp else []


def _matches(item: Item, rule: dict[str, Any]) -> bool:
    return all(str(item.fields.get(k)) == str(v) for k, v in rule.items())


def decks_after_swap(game: Game) -> dict[str, list[Item]]:
    """Split by background, then move the swap cards as the setup describes."""
    data = game.spec.data
    by_bg = data.get("decks", {})
    decks: dict[str, list[Item]] = {
        name: [c for c in _cards(game) if c.fields.get("background") == by_bg.get(name)]
        for name in DECK_ORDER}
    swap = data.get("swap", {})
    to_temple = [c for c in decks["relic"] if _matches(c, swap.get("to_temple", {}))]
    to_relic = [c for c in decks["temple"] if _matches(c, swap.get("to_relic", {}))]
    decks["relic"] = [c for c in decks["relic"] if c not in to_temple] + to_relic
    decks["temple"] = [c for c in decks["temple"] if c not in to_relic] + to_temple
    return decks


def _symbol_spread(game: Game) -> list[int]:
    symbols = game.components["cards"].spec.fields["symbol"].choices or []
    counts = [Counter(c.fields.get("symbol") for c in deck)[s]
              for deck in decks_after_swap(game).values() for s in symbols]
    return [min(counts), max(counts)] if counts else [0, 0]


def _rows(game: Game, key: str = "rows") -> list[int]:
    rows = game.spec.data.get("temple", {}).get(key, [])
    return [r for r in rows if isinstance(r, int)]


def _starting_row_symbols(game: Game) -> int:
    comp = game.components.get("tiles")
    have = {i.fields.get("symbol") for i in comp.items} if comp else set()
    rows = _rows(game)
    return min(rows[0], len(have)) if rows else 0


def _easier_moved(game: Game) -> int:
    """Tiles the easier layout takes from the last row(s) and adds to earlier ones."""
    normal, easier = _rows(game), _rows(game, "easier_rows")
    return sum(normal[len(easier):]) if len(easier) < len(normal) else 0


MEASURES = {
    "deck-sizes-after-swap": lambda g: [len(d) for d in decks_after_swap(g).values()],
    "symbol-spread-after-swap": _symbol_spread,
    "temple-tiles": lambda g: sum(_rows(g)),
    "starting-row-symbols": _starting_row_symbols,
    "easier-moved-tiles": _easier_moved,
}


def _deck_name(game: Game, deck: str) -> str:
    bg = game.spec.data["decks"][deck]
    return str(game.spec.data["backgrounds"][bg]["deck"])


def _explain_sizes(game: Game) -> tuple[str, Item | None]:
    """Which cards make a deck too big or too small after the swap."""
    decks = decks_after_swap(game)
    wanted = next((e.count for e in game.spec.expectations
                   if e.check == "deck-sizes-after-swap"), [])
    parts, first = [], None
    for i, (name, cards) in enumerate(decks.items()):
        if not isinstance(wanted, list) or i >= len(wanted) or len(cards) != wanted[i]:
            own = game.spec.data["decks"][name]
            moved = [c for c in cards if c.fields.get("background") != own]
            parts.append(f"{_deck_name(game, name)} {len(cards)}"
                         + (f" (swapped in: {_ids(moved)})" if moved else ""))
            first = first or (moved or cards or [None])[0]
    return "; ".join(parts), first


def _explain_spread(game: Game) -> tuple[str, Item | None]:
    """Per deck, the symbols that are over or under 3, and the cards that carry them."""
    symbols = game.components["cards"].spec.fields["symbol"].choices or []
    names = game.spec.data.get("symbols", {})
    parts, first = [], None
    for name, cards in decks_after_swap(game).items():
        by_symbol = {s: [c for c in cards if c.fields.get("symbol") == s] for s in symbols}
        wrong = [f"{len(found)} {names.get(s, {}).get('name', s)}"
                 + (f" ({_ids(found)})" if found else "")
                 for s, found in by_symbol.items() if len(found) != 3]
        if wrong:
            parts.append(f"{_deck_name(game, name)} deck: {', '.join(wrong)}")
            over = [c for found in by_symbol.values() if len(found) > 3 for c in found]
            first = first or (over or cards or [None])[0]
    return "; ".join(parts), first


def _ids(cards: list[Item]) -> str:
    return ", ".join(c.id for c in cards[:8]) + (f" and {len(cards) - 8} more"
                                                  if len(cards) > 8 else "")


EXPLAIN = {"deck-sizes-after-swap": _explain_sizes,
           "symbol-spread-after-swap": _explain_spread}


def item_context(game: Game, component_id: str, item: Item, lang: str) -> dict[str, Any]:
    """A card's deck after the swap: its back, and the deck band on its front."""
    if component_id != "cards":
        return {}
    if "deck_of" not in game.cache:
        game.cache["deck_of"] = {c.id: name for name, cards in decks_after_swap(game).items()
                                 for c in cards}
    deck = game.cache["deck_of"].get(item.id)
    if deck is None:  # a custom card: the deck of its background
        deck = next((d for d, bg in game.spec.data["decks"].items()
                     if bg == item.fields.get("background")), DECK_ORDER[0])
    bg = game.spec.data["backgrounds"][game.spec.data["decks"][deck]]
    light = colour.lightness(colour.parse(bg["fill"])) > 60
    return {"deck": deck, "deck_name": bg["deck"], "deck_fill": bg["fill"],
            "deck_ink": bg["ink"] if light else "#ffffff", "deck_panel": bg["panel"],
            "deck_dark": bg["ink"]}


VALUES = {"brown": (4, 5, 6), "pink": (1, 2, 3), "green": (1, 1, 2)}


def checks(game: Game) -> list[Problem]:
    """What counting alone cannot say: values per background and colour, row shapes;
    and the data that each card's choices are drawn with."""
    problems = undrawn_choices(game, DRAWN)
    comp = game.components.get("cards")
    if comp and comp.source:
        per: dict[tuple[str, str], list[int]] = {}
        for c in comp.shipped():
            per.setdefault((str(c.fields["border"]), str(c.fields["background"])),
                           []).append(int(c.fields["value"]))
        for item in comp.items:
            bg, value = str(item.fields["background"]), item.fields["value"]
            if bg in VALUES and value not in VALUES[bg]:
                allowed = ", ".join(str(v) for v in sorted(set(VALUES[bg])))
                problems.append(Problem(
                    "error", str(item.source.path), item.line("value"),
                    f"{comp.id}[{item.key[-1]}].value",
                    f"a {bg} card has value {allowed} (rules: Setup), got {value}"))
        for (border, bg), values in sorted(per.items()):
            if bg in VALUES and sorted(values) != sorted(VALUES[bg]):
                problems.append(Problem(
                    "error", str(comp.source.path), comp.source.line(("cards",)), "cards",
                    f"{border}-bordered {bg} cards should have values "
                    f"{'/'.join(map(str, VALUES[bg]))}, got "
                    f"{'/'.join(map(str, sorted(values)))} (Green Box: each colour has the "
                    f"same values per background)"))
    for key in ("rows", "easier_rows"):
        rows = _rows(game, key)
        for i in range(1, len(rows)):
            if abs(rows[i] - rows[i - 1]) != 1:
                problems.append(Problem(
                    "error", str(game.source.path),
                    game.source.line(("data", "temple", key, i)), f"data.temple.{key}[{i}]",
                    f"row {i + 1} has {rows[i]} tiles after a row of {rows[i - 1]}: each row "
                    "must be one tile shorter or longer to sit half a tile offset (rules: Setup)"))
        if key == "easier_rows" and rows and sum(rows) != sum(_rows(game)):
            problems.append(Problem(
                "error", str(game.source.path), game.source.line(("data", "temple", key)),
                f"data.temple.{key}",
                f"the easier layout uses {sum(rows)} tiles, the normal one {sum(_rows(game))}"))
    return problems


DRAWN = (("cards", "background", "backgrounds"), ("cards", "border", "borders"),
         ("cards", "symbol", "symbols"), ("tiles", "symbol", "symbols"))


def temple_positions(rows: list[int]) -> list[dict[str, float]]:
    """Tile centres in tile units: row r (0 = starting row), centred, half-tile offsets."""
    return [{"row": r, "slot": j, "x": j - (n - 1) / 2, "y": float(r)}
            for r, n in enumerate(rows) for j in range(n)]


def sheet_context(game: Game, component_id: str, lang: str,
                  size: tuple[float, float] | None = None) -> dict[str, Any]:
    decks = decks_after_swap(game)
    symbols = game.components["tiles"].spec.fields["symbol"].choices or []
    return {
        "rows": _rows(game),
        "easier_rows": _rows(game, "easier_rows"),
        "tiles": temple_positions(_rows(game)),
        "easier_tiles": temple_positions(_rows(game, "easier_rows")),
        "symbols": symbols,
        "decks": [{"name": name, "cards": [dict(c.fields, id=c.id) for c in cards]}
                  for name, cards in decks.items()],
        "swap_in": {name: [c.id for c in cards if c.fields.get("background")
                           != game.spec.data["decks"][name]] for name, cards in decks.items()},
    }
