"""What an export draws: each component's faces, rendered by its own templates at the
size a print shop makes it, with art past the trim.

Card presets are snapped to the print shops' inch sizes: pnp's poker preset is
63.5 x 88 mm, but The Game Crafter, DriveThruCards and Tabletop Simulator's templates are
2.5 x 3.5 in (63.5 x 88.9 mm), so a poker PNG with 1/8 in bleed is 2.75 x 3.75 in: 825 x 1125
px at 300 dpi. The faces are laid out by their templates at that size (text is fitted
again, nothing is stretched), so every border sits where the template meant it."""

from __future__ import annotations

import io
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.base.errors import Problem, ProblemsFound
from pnp.base.units import INCH, MM
from pnp.components import board as board_kind
from pnp.draw.painter import SvgPainter
from pnp.draw.pdf import new_canvas
from pnp.load.model import Component, FieldSpec, Item
from pnp.pipeline.build import Rendered
from pnp.render.faces import item_size, render_faces
from pnp.render.templates import Renderer, search_path

EXPORT_BLEED = INCH / 8  # 1/8 in: what DriveThruCards and The Game Crafter ask for
BOARD_BLEED = 3 * MM  # the board poster's bleed (at most what the board's art has)
ART_MARGIN = 1 * MM  # art drawn past the export bleed, so a rounded pixel never shows white
SNAP = 1 * MM  # a size this close to a shop's size is that size
SHOP_SIZES: dict[str, tuple[float, float]] = {  # inches, portrait
    "poker": (2.5, 3.5), "bridge": (2.25, 3.5), "mini": (1.75, 2.5), "tarot": (2.75, 4.75)}
ITEM_KINDS = ("deck", "tiles", "tokens")


@dataclass
class Entry:
    """One distinct item: its file-safe name, how many are printed, its faces' SVG."""

    item_id: str
    name: str
    copies: int
    front: str
    back: str | None
    title: str = ""  # what players call it (tts.nickname), in the export's language


@dataclass
class Part:
    """One component as an export sees it. Items: `entries` and `order` (the entry of
    each printed copy). Boards: one entry. Sheets and pads: `pdf`, the built file."""

    comp_id: str
    name: str  # file-safe
    kind: str
    title: str
    shape: str = "rect"
    trim: tuple[float, float] = (0.0, 0.0)  # points
    art_bleed: float = 0.0  # points of art past the trim in each face's SVG
    bleed: float = 0.0  # points of bleed the export gives
    entries: list[Entry] = field(default_factory=list)
    order: list[int] = field(default_factory=list)
    pdf: bytes | None = None
    lang: str | None = None  # the export's language: the PDFs' /Lang
    author: str = ""  # game.yaml's author: the PDFs' Author
    front_origin: str = ""
    back_origin: str = ""

    @property
    def shared_back(self) -> str | None:
        """The one back every item has, if they all have the same."""
        backs = {e.back for e in self.entries}
        return self.entries[0].back if len(backs) == 1 else None


def item_title(item: Item, fields: dict[str, FieldSpec], lang: str) -> str:
    """What players call an item: its title, else its name, else its first text field (in
    `lang` where translated), else its id."""
    texts = [n for n, spec in fields.items() if spec.type == "text"]
    for name in ("title", "name", *texts):
        value = item.fields.get(name)
        if isinstance(value, dict):
            value = value.get(lang)
        if isinstance(value, str) and value.strip():
            return " ".join(value.split())
    return item.id


def shop_size(w: float, h: float) -> tuple[float, float]:
    """The print shops' size (points) when (w, h) is within 1 mm of it, else (w, h)."""
    for sw, sh in SHOP_SIZES.values():
        for a, b in ((sw * INCH, sh * INCH), (sh * INCH, sw * INCH)):
            if abs(w - a) <= SNAP and abs(h - b) <= SNAP:
                return a, b
    return w, h


_UNSAFE = re.compile(r"[^A-Za-z0-9._-]+")
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
             *(f"lpt{i}" for i in range(10))}


def safe_names(ids: list[str]) -> list[str]:
    """File-name stems for ids: letters, digits, `._-` only, no leading dot, no Windows
    device name, at most 80 characters, unique even on a case-insensitive disk."""
    seen: set[str] = set()
    out = []
    for raw in ids:
        base = _UNSAFE.sub("_", raw).strip("._-")[:80] or "item"
        if base.lower().split(".")[0] in _RESERVED:
            base = f"_{base}"
        name, n = base, 2
        while name.lower() in seen:
            name, n = f"{base}-{n}", n + 1
        seen.add(name.lower())
        out.append(name)
    return out


def collect(rendered: Rendered, templates_root: Path) -> list[Part]:
    """Every component's faces for export, in the game's order. `rendered` is the game
    as `pnp build` checked it (its sheets are reused as built)."""
    game, opts = rendered.game, rendered.opts
    renderer = Renderer(search_path(game.folder, templates_root, game.id))
    comps = list(game.components.values())
    names = safe_names([c.id for c in comps])
    built = {name: data for name, data, _ in rendered.outputs}
    parts: list[Part] = []
    for comp, name in zip(comps, names, strict=True):
        kind = comp.spec.kind
        part = Part(comp.id, name, kind, comp.spec.title_in(opts.lang), comp.spec.shape,
                    front_origin=comp.spec.front, back_origin=comp.spec.back or "",
                    lang=opts.lang, author=game.spec.author or "")
        if kind in ITEM_KINDS:
            _items(part, game, comp, renderer, opts.lang)
            if not part.entries:
                continue  # nothing printed
        elif kind == "board":
            _board(part, game, comp, renderer, opts)
        else:
            part.pdf = built.get(f"{comp.id}.pdf")
            if part.pdf is None:
                continue
        parts.append(part)
    if renderer.overflows:  # text fitted again at the shop's size
        raise ProblemsFound([Problem("error", path, line, key, message, "text-placement")
                             for message, (path, line, key) in renderer.overflows])
    return parts


def _items(part: Part, game, comp: Component, renderer: Renderer, lang: str) -> None:
    w, h = shop_size(*item_size(game, comp))
    part.trim = (w, h)
    part.bleed = EXPORT_BLEED
    part.art_bleed = EXPORT_BLEED + ART_MARGIN
    sized = replace(comp, spec=replace(comp.spec, size=f"{w / MM:.4f}mm x {h / MM:.4f}mm"))
    faces = render_faces(game, sized, renderer, part.art_bleed / MM, lang)
    index: dict[int, int] = {}
    for item, front, back in faces:
        if id(item) not in index:
            index[id(item)] = len(part.entries)
            part.entries.append(Entry(item.id, "", 0, front, back,
                                      item_title(item, comp.spec.fields, lang)))
        entry = part.entries[index[id(item)]]
        entry.copies += 1
        part.order.append(index[id(item)])
    for entry, name in zip(part.entries, safe_names([e.item_id for e in part.entries]),
                           strict=True):
        entry.name = name


def _board(part: Part, game, comp: Component, renderer: Renderer, opts) -> None:
    ctx = board_kind.context(game, comp, opts)
    svg = renderer.render(comp.spec.front, ctx)
    probe = SvgPainter(new_canvas(io.BytesIO(), 10, 10, ""), game.folder)
    face = probe.parse(svg, comp.spec.front)
    part.trim = (face.width, face.height)
    part.art_bleed = float(ctx["board"].get("bleed", 0.0)) * MM
    part.bleed = min(BOARD_BLEED, part.art_bleed)
    part.entries = [Entry(comp.id, part.name, 1, svg, None)]
    part.order = [0]
