"""Temple Trip's measures and checks: the counts the game's expectations are measured
on, and the TEMPLE, ASSIGNMENT and custom cards and the board checked against the rules
(the board's own rules in playable.py, the cards' in cards.py, custom temples' in
custom.py), each problem placed at the line that causes it."""

from __future__ import annotations

import math
import unicodedata

from pnp.base.errors import Problem
from pnp.games.temple_trip import cards, custom, playable
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.data import (
    board,
    board_files,
    board_found,
    file_problems,
    shipped_board,
    temple_cards,
)
from pnp.games.temple_trip.rules_doc import rule_refs
from pnp.load.model import Game, Item
from pnp.load.schema import did_you_mean, problem
from pnp.load.source import Key

NAMED_CARDS = {"Passport Express": ("blue", "bottom"), "Straight and Narrow Road": ("blue", None),
               "Airway to Heaven": ("blue", None)}


def expectation_blocked(game: Game, check: str | None) -> bool:
    """Expectations measured on the board wait for its files to be sound: their own
    problems are reported at their own lines."""
    return check in ("mainland-airports", "airports", "banks", "travel-modes") \
        and bool(file_problems(game))


MEASURES = {
    "regions": lambda g: len({i.fields.get("region") for i in temple_cards(g)}),
    "airport-temples": lambda g: sum(1 for i in temple_cards(g) if not i.custom
                                     and i.fields.get("travel") in ("both", "flight")),
    "mainland-airports": lambda g: sum(1 for c in board(g).cities.values()
                                       if c.airport and not c.flight_only),
    "airports": lambda g: sum(1 for c in board(g).cities.values() if c.airport),
    "pawn-colours": lambda g: len({i.fields.get("colour") for i in g.components["pawns"].items}),
    "banks": lambda g: len(board_files(g)[0].data["board"].get("banks", [])),
}
MEASURES.update(cards.MEASURES)


def _plain(name: str) -> str:
    """A name without accents, case or extra spaces: how a player would type it."""
    letters = unicodedata.normalize("NFKD", name)
    return " ".join("".join(c for c in letters if not unicodedata.combining(c)).casefold().split())


def card_checks(game: Game) -> list[Problem]:
    out: list[Problem] = []
    slc = board_files(game)[0].data["board"]["salt_lake_city"]["name"]
    names: dict[str, Item] = {}
    for item in temple_cards(game):
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
        key = _plain(name)  # "Ciudad Juarez Mexico" is the card "Ciudad Juárez Mexico"
        if key in names:
            first = names[key]
            out.append(item.problem("temple", f"'{name}' is already in the game "
                                          f"({first.source.path.name}:{first.line()})"))
        names.setdefault(key, item)
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


def board_checks(game: Game) -> list[Problem]:
    bsrc = board_files(game)[0]
    spec = bsrc.data["board"]
    out: list[Problem] = []
    customs = {i.fields.get("city"): i for i in temple_cards(game) if i.custom}
    spec_cities = {i.fields.get("city") for i in temple_cards(game) if not i.custom} | \
        {spec["salt_lake_city"]["name"]}

    b = board(game)
    alone: set[str] | None = None  # the shipped board's own problems, measured if needed

    def at(key: Key, message: str) -> None:
        """A problem of the board; one that only a custom's new city brings is said at
        that custom file, as what its city does (the layout is pnp's, not the user's)."""
        nonlocal alone
        if customs and alone is None:
            alone = _messages(shipped_board(game))
        new = [c for c in customs if c in b.cities and c not in spec_cities]
        if customs and new and message not in (alone or set()):
            city = _culprit(b, new, message)
            out.append(customs[city].problem("lat", custom.caused(b, b.cities[city], message, new)))
        else:
            out.append(problem(bsrc, ("board",) + key, message))

    for mode in ("roads", "air"):
        for i, route in enumerate(spec.get(mode, [])):
            for j, end in enumerate(route[:2]):
                if end not in b.cities:
                    at((mode, i, j), f"no city '{end}' on the board"
                                     f"{did_you_mean(str(end), b.cities)}")
    if out:
        return out
    for where, message in board_found(game, _found):
        key: Key = tuple(int(k) if k.isdigit() else k for k in where.split(".")) \
            if where else ()
        at(key, message)
    for i, bank in enumerate(spec.get("banks", [])):
        if bank.get("cones") != 15:
            at(("banks", i), "a cone bank holds the 15 cones of its colour")
    return out


def _found(b: Board) -> list[tuple[str, str]]:
    """(where, message) of each problem of the board's network, geography and drawing."""
    start = b.spec["salt_lake_city"]["name"]
    return [*playable.network(b, start), *playable.geography(b, start), *playable.drawing(b)]


def _messages(b: Board) -> set[str]:
    return {m for _, m in _found(b)}


def _culprit(b: Board, new: list[str], message: str) -> str:
    """The new city a board problem is most likely due to: one named in it, else the
    one drawn nearest the board cities it names."""
    named = [c for c in new if c in message]
    if named:
        return named[0]
    near = [o.pos for o in b.cities.values() if o.name in message] or \
        [(b.width / 2, b.height / 2)]
    return min(new, key=lambda c: min(math.dist(b.cities[c].pos, p) for p in near))


def custom_checks(game: Game) -> list[Problem]:
    shipped = {i.fields.get("city") for i in temple_cards(game) if not i.custom}
    return custom.checks(board(game), [i for i in temple_cards(game) if i.custom], shipped,
                         game.spec.data["max_custom"], Item.problem)


def checks(game: Game) -> list[Problem]:
    custom.hide_replaced_blanks(game)
    found = file_problems(game)
    if found:  # the cards and the board are checked against sound board files
        return found
    out = card_checks(game) + custom_checks(game) + cards.checks(game)
    if any(p.severity == "error" for p in out):
        return out
    out.extend(board_checks(game))
    count = game.spec.data["rule_count"]
    for item, field, n in rule_refs(game):
        if not 1 <= n <= count:
            out.append(item.problem(field, f"rule {n} does not exist (the rules are numbered "
                                       f"1-{count})"))
    return out
