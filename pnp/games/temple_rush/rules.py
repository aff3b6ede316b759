"""Temple Rush: every temple card must be buildable from one player's bricks; the build
found is what the card shows."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pnp.base.errors import Problem
from pnp.games.temple_rush.likeness import MIN_STUDS, distance
from pnp.games.temple_rush.solver import canonical, fewest, mirrored, read_shape, solve
from pnp.load.items import undrawn_choices
from pnp.load.model import Game, Item
from pnp.load.schema import Colour, NonEmpty, Range, Size
from pnp.load.source import Key, Source, key_text


@dataclass
class CardColour:
    """A temple card's colour by its points, and the colour's name per language."""

    fill: Colour
    name: dict[str, str]
    ink: Colour  # the header text on that colour


@dataclass
class Player:
    fill: Colour
    light: Colour
    name: dict[str, str]
    mark: Literal["square", "diamond", "circle", "triangle", "ring", "cross"]  # the
    #   shape that names the colour in black and white


@dataclass
class Step:
    head: str
    text: str


@dataclass
class Labels:
    """Every text the cards, boards and sheets print, in one language."""

    temple: str
    points: str
    point: str
    bricks: str
    lightning: str
    lightning_text: str
    zones: Annotated[list[str], Size(3, 3)]  # left, middle and right zone of a board
    unused: str
    bonus: str
    score: str
    score_text: str
    powers: str
    hammer: str
    bag: str
    mortar: str
    used: str
    d6: str
    cut: str
    glue: str
    stand_cut: str
    slit: str
    sheet_title: str
    star: str
    player: str
    setup: str  # the set-up card (the solo card's back): its title,
    setup_table: Annotated[list[str], Size(3, 3)]  # its table's heads,
    setup_steps: Annotated[list[Step], NonEmpty]  # and its points


Length = Literal["1", "2", "3", "4"]  # a brick's length in studs: the solver's 1x1 ... 1x4
Count = Annotated[int, Range(0, 100)]


@dataclass
class Data:
    stud: Annotated[float, Range(2, 30)]  # mm: one stud on the card drawings, the paper
    #                                       bricks and the Bonus slots
    stock: Annotated[dict[Length, Count], NonEmpty]  # one player's bricks by length
    deck: dict[str, Count]
    display: dict[str, Count]
    bonus: Annotated[dict[Length, Count], Size(4, 4)]  # a Bonus slot per length
    values: Annotated[dict[str, CardColour], NonEmpty]
    players: Annotated[dict[str, Player], NonEmpty]
    labels: Annotated[dict[str, Labels], NonEmpty]


DATA_SCHEMA = Data
Texts = Annotated[dict[str, str], NonEmpty]  # a text per language: {fr: ..., en: ...}


@dataclass
class SoloPoint:
    """A point of the solo card: its head and its text, each per language."""

    head: Texts
    text: Texts


DATA_FIELDS = {"points": Annotated[list[SoloPoint], NonEmpty]}  # the solo card's points
DRAWN = (("boards", "colour", "players"), ("powers", "colour", "players"),
         ("dice", "colour", "players"))  # a player's colours and name, by the item's colour


def _stock(game: Game) -> dict[int, int]:
    return {int(k): v for k, v in game.spec.data["stock"].items()}


def build_of(game: Game, item: Item) -> Any:
    key = ("build", item.id, id(item))
    if key not in game.cache:
        rows, _ = read_shape(item.fields.get("shape", ""))
        game.cache[key] = (rows, solve(rows, item.fields.get("points"), _stock(game)))
    return game.cache[key]


def _row_line(item: Item, row: int | None) -> int | None:
    """The file line of a shape's row: a block scalar (`shape: |`) starts on the line
    after its key; any other style is one line."""
    line = item.line("shape")
    if row is None or line is None:
        return line
    try:
        text = item.source.path.read_text(encoding="utf-8-sig").splitlines()[line - 1]
    except (OSError, IndexError):
        return line
    block = text.rstrip().endswith(("|", "|-", "|+", ">", ">-"))
    return line + 1 + row if block else line


MEASURES = {
    "lightning-points": lambda g: sum(int(i.fields["points"])
                                      for i in g.components["lightning"].items),
    "bricks-per-player": lambda g: sum(_stock(g).values()),
    "bricks-total": lambda g: sum(_stock(g).values()) * len(g.components["boards"].items),
}


def checks(game: Game) -> list[Problem]:
    """One line per card that cannot be built, saying why; and a colour for each value."""
    out: list[Problem] = []
    missing = [lang for lang in game.spec.languages if lang not in game.spec.data["labels"]]
    if missing:
        out.append(Problem("error", str(game.source.path),
                           game.source.line(("data", "labels")), "data.labels",
                           f"no texts for {', '.join(missing)} (the game's languages: "
                           f"{', '.join(game.spec.languages)})"))
    out.extend(undrawn_choices(game, DRAWN) + _untranslated(game))
    values = game.spec.data["values"]
    temples = game.components["temples"].items
    for item in temples:
        key = key_text(item.key + ("shape",))
        _, errors = read_shape(item.fields.get("shape", ""))
        for e in errors:
            out.append(Problem("error", str(item.source.path), _row_line(item, e.row), key,
                               f"temple {item.id}: {e.message}"))
        if errors:
            continue
        _, found = build_of(game, item)
        where = (str(item.source.path), item.line("shape"), key)
        if item.custom:
            out.extend(_same_silhouette(game, item, temples, where))
        if found.bricks is None:
            out.append(Problem("error", str(item.source.path), _row_line(item, found.row), key,
                               f"temple {item.id} cannot be built from one player's "
                               f"{sum(_stock(game).values())} bricks: {found.reason}"))
        else:
            out.extend(_cheaper_build(game, item))
        if str(item.fields.get("points")) not in values:
            out.append(Problem("error", str(item.source.path), item.line("points"),
                               key_text(item.key + ("points",)),
                               f"no card colour for {item.fields.get('points')} points "
                               f"(colours exist for {', '.join(values)})"))
    return out


def _untranslated(game: Game) -> list[Problem]:
    """Every text the templates print per language (a colour's name, the solo card's
    points) has each of the game's languages: they print it in every one."""
    langs = game.spec.languages
    out: list[Problem] = []

    def need(texts: dict[str, str], src: Source, key: Key) -> None:
        missing = [lang for lang in langs if lang not in texts]
        if missing:
            out.append(Problem("error", str(src.path), src.line(key), key_text(key),
                               f"no text for {', '.join(missing)} (the game's languages: "
                               f"{', '.join(langs)})"))

    for block in ("values", "players"):
        for name, entry in game.spec.data[block].items():
            need(entry["name"], game.source, ("data", block, name, "name"))
    for comp in game.components.values():
        spec = comp.spec.fields.get("points")
        if spec is None or spec.type != "data":
            continue
        for item in comp.items:
            for i, point in enumerate(item.fields.get("points") or []):
                for part in ("head", "text"):
                    need(point[part], item.source, item.key + ("points", i, part))
    return out


def _cheaper_build(game: Game, item: Item) -> list[Problem]:
    """A card is worth the fewest bricks that build its silhouette: the rules judge the
    shape only, so a player who finds a cheaper build scores the printed points anyway."""
    rows, _ = build_of(game, item)
    least = fewest(rows, _stock(game))
    points = item.fields.get("points")
    if least is None or not isinstance(points, int) or len(least) >= points:
        return []
    return [Problem("error", str(item.source.path), item.line("points"),
                    key_text(item.key + ("points",)),
                    f"temple {item.id} shows {points} points but {len(least)} bricks build "
                    f"it ({describe(least)}): a card's points are the fewest bricks that "
                    f"build its silhouette; write points: {len(least)} or change the shape")]


def _same_silhouette(game: Game, item: Item, temples: list[Item],
                     where: tuple[str, int | None, str]) -> list[Problem]:
    """A custom temple must be a new silhouette, not another card's shifted or mirrored
    (an error), and should not be one a glance confuses with another's: closer than
    MIN_STUDS studs (a warning naming both cards as printed)."""
    mine = canonical(build_of(game, item)[0])
    near: list[Problem] = []
    for other in temples:
        if other is item or not mine:
            continue
        theirs = canonical(build_of(game, other)[0])
        if theirs in (mine, mirrored(mine)):
            how = "" if theirs == mine else " mirrored"
            return [Problem("error", *where, f"temple {item.id} has the silhouette of "
                                             f"{other.id}{how} ({printed(game, other)}): a "
                                             "custom temple needs a shape of its own")]
        apart = distance(mine, theirs)
        if apart < MIN_STUDS and not near:
            studs = "stud" if apart == 1 else "studs"
            near.append(Problem("warning", *where, f"temple {item.id} ({printed(game, item)}) "
                                f"is {apart} {studs} from {other.id} ({printed(game, other)}), "
                                "as drawn or mirrored: in a race the players build one for "
                                f"the other; make them differ by {MIN_STUDS} studs or more"))
    return near


def printed(game: Game, item: Item) -> str:
    """A card as the players see it: colour, points and the id at its foot, and its file."""
    value = game.spec.data["values"].get(str(item.fields.get("points")))
    colour = f"the {value['name'].get('en', next(iter(value['name'].values())))} " \
        if value else "the "
    return (f"{colour}{item.fields.get('points')}-point card marked {item.id} at its foot, "
            f"{item.source.path.name}")


def describe(bricks: list[Any]) -> str:
    """'1x4 1x3 1x3' from the bottom up: the build `pnp validate` reports."""
    return " + ".join(f"1x{b.length}" for b in sorted(bricks, key=lambda b: (-b.row, b.start)))


def item_context(game: Game, component_id: str, item: Item, lang: str) -> dict[str, Any]:
    if component_id != "temples":
        return {}
    rows, found = build_of(game, item)
    bricks = found.bricks or []
    return {"rows": len(rows), "width": max((len(r) for r in rows), default=0),
            "bricks": [{"row": b.row, "start": b.start, "length": b.length} for b in bricks],
            "build": describe(bricks)}
