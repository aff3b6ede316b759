"""Typed models of a game's content, as written in `game.yaml` and component files."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal

from pnp.base.errors import Problem, shown
from pnp.load.schema import MAX_NAME, Name, Size, TemplateName
from pnp.load.source import Key, Source, key_text

MAX_LANGUAGES = 20
_LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Za-z0-9]{2,8})*")

Kind = Literal["deck", "tiles", "tokens", "sheet", "pad", "board"]
Template = Annotated[TemplateName, Size(1, MAX_NAME)]  # a template's file name: text


@dataclass
class FieldSpec:
    """What one field of an item may hold; checked for every item, custom ones too."""

    type: Literal["text", "int", "number", "bool", "choice", "data", "image"] = "text"
    choices: list[str] | None = None
    min: float | None = None
    max: float | None = None
    required: bool = True
    translated: bool = False  # text given per language: {en: ..., de: ...}
    help: str | None = None  # "data": any YAML value, checked by the game's module


@dataclass
class ComponentChecks:
    """What preflight holds a component to, beyond the defaults (components.X.preflight)."""

    safe_area: str | None = None  # text keeps this far inside the trim (default 3mm)
    min_text: float | None = None  # pt; can raise the 6 pt minimum, never lower it
    tell_apart: list[str] = field(default_factory=list)  # attributes players must tell
    #   apart: templates tag their colours (colour:A=v) and printed cues (cue:A=v)


@dataclass
class ComponentSpec:
    """One printable component: a deck, tiles, tokens or a one-off sheet."""

    kind: Kind
    title: Name
    front: Template
    titles: dict[str, Name] = field(default_factory=dict)  # the title in other languages,
    #                                                        for page footers
    file: Name | None = None
    items_key: Name | None = None
    size: str | None = None
    shape: Literal["rect", "circle"] = "rect"
    back: Template | None = None  # "" would be no template at all: leave the key out
    fields: dict[str, FieldSpec] = field(default_factory=dict)
    orientation: Literal["portrait", "landscape"] = "portrait"
    description: str | None = None
    overlay: Template | None = None  # pads: what changes per sheet (name, filled values)
    print_with: str | None = None  # small items printed in the spare space of another
    #                                component's last sheet (tokens beside the tiles)
    preflight: ComponentChecks = field(default_factory=ComponentChecks)

    def title_in(self, lang: str | None) -> str:
        return self.titles.get(lang or "", self.title)


@dataclass
class RefPoint:
    """A point of a play-reference card (templates/common/refcard.svg.j2): a bold head,
    then its text."""

    head: str
    text: str


@dataclass
class RefSide:
    """One side of a play-reference card: a title band over its points."""

    title: Name
    points: list[RefPoint]
    numbered: bool = False  # the points numbered in circles


RefSides = Annotated[list[RefSide], Size(2, 2)]  # a reference card's `sides` (a data field):
#                                                 its front, then its back


@dataclass
class Expectation:
    """A count the rules state, compared with the content by the validator.

    Without `check`, the value is counted from `component`'s items (copies included),
    filtered by `where`; with `per`, every group of that field must hold `count` and
    there must be `groups` groups. With `check`, the game module measures the value.
    `phrase` locates the number in the rules document: `{n}` stands for the number.
    """

    id: str
    what: str
    section: str
    count: int | list[int]
    component: str | None = None
    where: dict[str, Any] = field(default_factory=dict)
    per: str | None = None
    groups: int | None = None
    check: str | None = None
    phrase: str | None = None


@dataclass
class Fit:
    """A physical relation between printed things, measured on the built components:
    `count` pieces fit side by side (with `clearance` around each) on the space, or
    (`relation: same`) the two have the same width. A side is a component id (its
    items' trim size), `component:part` (parts its templates tag part:NAME), or a size
    such as `8mm` or `8mm x 5mm`. `relation: spacing`: a piece's width plus `clearance`
    fits in the space's width (e.g. stones on a grid of fields)."""

    id: str
    what: str
    piece: str
    space: str
    relation: Literal["fits", "same", "spacing"] = "fits"
    count: int = 1
    clearance: str = "0mm"
    tolerance: str = "0.3mm"


@dataclass
class KnownGap:
    """A preflight finding a later issue of the game fixes: reported as a warning that
    names the gap, not as an error, until that issue lands."""

    check: str
    issue: str
    component: str | None = None
    fit: str | None = None
    attribute: str | None = None


@dataclass
class GameChecks:
    fits: list[Fit] = field(default_factory=list)
    known_gaps: list[KnownGap] = field(default_factory=list)


@dataclass
class GameSpec:
    id: Name
    name: Name
    rules: str
    components: dict[str, ComponentSpec]
    # every language is rendered and checked: a handful, each a code such as en or pt-BR
    languages: Annotated[list[Name], Size(1, MAX_LANGUAGES)] = field(
        default_factory=lambda: ["en"])
    expectations: list[Expectation] = field(default_factory=list)
    data: dict[str, Any] = field(default_factory=dict)
    description: str | None = None
    author: Name | None = None  # who made the game: the Author of its PDFs
    preflight: GameChecks = field(default_factory=GameChecks)

    def shape_problems(self) -> list[tuple[tuple[str | int, ...], str]]:
        """A language is a code (en, de, pt-BR): it names files and options."""
        return [(("languages", i), f"must be a language code such as en, de or pt-BR "
                                   f"(got {shown(lang)})")
                for i, lang in enumerate(self.languages) if not _LANGUAGE.fullmatch(lang)]


@dataclass(slots=True)
class Item:
    """One card, tile or token with its field values; `copies` prints it several times."""

    id: str
    copies: int
    fields: dict[str, Any]
    source: Source
    key: Key
    custom: bool = False  # the user's own (--custom): checked alone, not counted
    replaces: str | None = None  # a custom item: the shipped card it prints instead of
    taken: int = 0  # a shipped item: copies that custom items print instead of

    def line(self, name: str | None = None) -> int | None:
        return self.source.line(self.key + ((name,) if name else ()))

    def problem(self, field: str | tuple[str | int, ...] | None, message: str,
                severity: str = "error") -> Problem:
        """A finding at one field of the item (or a path inside it: ("entries", 3))."""
        key = self.key + ((field,) if isinstance(field, str) else (field or ()))
        return Problem(severity, str(self.source.path), self.source.line(key),
                       key_text(key), message)


@dataclass
class Component:
    id: str
    spec: ComponentSpec
    items: list[Item]
    source: Source | None

    def expanded(self) -> list[Item]:
        """Every item repeated by its copies, custom ones included, in content order."""
        return [item for item in self.items for _ in range(item.copies)]

    def shipped(self) -> list[Item]:
        """The game's own items repeated by their copies: what the rules count. Custom
        items are the user's additions; they are checked one by one, not counted."""
        return [item for item in self.expanded() if not item.custom]

    def printed(self) -> list[Item]:
        """What gets printed: the shipped items, each custom item in the place of the
        card it replaces (a blank, or one named with `replaces`), the others after."""
        standing_in: dict[str, list[Item]] = {}
        extra: list[Item] = []
        for item in self.items:
            if item.custom:
                if item.replaces:
                    standing_in.setdefault(item.replaces, []).append(item)
                else:
                    extra.extend([item] * item.copies)
        out: list[Item] = []
        for item in self.items:
            if item.custom:
                continue
            subs = [c for c in standing_in.get(item.id, []) for _ in range(c.copies)]
            subs = subs[:item.taken]
            out.extend(subs)
            out.extend([item] * (item.copies - len(subs)))
        return out + extra


@dataclass
class Game:
    spec: GameSpec
    folder: Path
    source: Source
    components: dict[str, Component]
    options: dict[str, Any] = field(default_factory=dict)  # game-specific, e.g. --map
    cache: dict[Any, Any] = field(default_factory=dict)  # per-run memo for game modules

    @property
    def id(self) -> str:
        return self.spec.id
