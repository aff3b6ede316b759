"""What Temple Trip's templates see beyond an item's own fields: a TEMPLE card's airport,
the LEGEND card's key (cards.py), the board's drawing (draw.py) and what the QuickStart
states from the content (the kit's counts, the airports, the start, the symbols' sizes)."""

from __future__ import annotations

from typing import Any

from pnp.games.temple_trip import cards
from pnp.games.temple_trip.data import board, kit_cities, temple_cards
from pnp.games.temple_trip.network import RADIUS
from pnp.games.temple_trip.squares import SQUARE
from pnp.games.temple_trip.tracks import AIR_KINDS, ROAD_KINDS
from pnp.load.model import Game, Item


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
    cities = kit_cities(game)

    def printed(comp_id: str) -> list[Item]:
        comp = game.components.get(comp_id)
        return comp.printed() if comp is not None else []

    temples = printed("temples")
    cones = printed("cones")
    out: dict[str, Any] = {"airports": sorted(c.name for c in cities if c.airport),
            "mainland_airports": sorted(c.name for c in cities
                                        if c.airport and not c.flight_only),
            "flight_only": [{"city": c.name, "area": c.area} for c in cities if c.flight_only],
            "start": next((c.name for c in cities if c.kind == "slc"), "Salt Lake City"),
            "temples": len(temple_cards(game)), "kinds": {"road": ROAD_KINDS, "air": AIR_KINDS},
            "city_r": {c.kind: RADIUS[c.kind] for c in cities}, "square": SQUARE,
            "counts": {"temples": sum(1 for i in temples if not i.fields.get("blank")),
                       "blanks": sum(1 for i in temples if i.fields.get("blank")),
                       "assignments": len(printed("assignments")),
                       "legend": len(printed("legend")), "pawns": len(printed("pawns")),
                       "dice": len(printed("die")),
                       "cones": {c: sum(1 for i in cones if i.fields.get("colour") == c)
                                 for c in ("red", "blue")}}}
    comp = game.components.get(component_id)
    if comp is not None and comp.spec.file and size is not None:  # the Rules Booklet
        from pnp.games.temple_trip.booklet import layout

        c = out["counts"]
        values = {**{k: c[k] for k in ("temples", "blanks", "assignments", "legend", "pawns")},
                  **c["cones"], "start": out["start"],
                  "mainland": _word(len(out["mainland_airports"]))}
        out["booklet"] = book = layout(game, comp.spec.file, component_id, size, values)
        out["pages"] = book["pages"]
    return out


def _word(n: int) -> str:
    words = "no one two three four five six seven eight nine ten eleven twelve".split()
    return words[n] if 0 <= n < len(words) else str(n)
