"""One PDF per deck (and per tiles or tokens component, and the board) with one face per
page, as card printers take a deck.

Each page is the trim plus the bleed on every side, with TrimBox at the cut and BleedBox =
MediaBox; no crop marks or info line (shops add their own). Pages run card after card,
every printed copy included, each card's two sides in turn: front first (MB Print, and
pnp's default), or back first (DriveThruCards: "the first page is the back of card 1").
Backs are upright, not mirrored: the printer turns them. A board is one page: trim plus
at most its art's bleed."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.draw.pdf import About
from pnp.export.collect import ITEM_KINDS, Part
from pnp.export.draw import Page, faces_pdf


@dataclass(frozen=True)
class Deck:
    """One PDF as drawn (RGB, as `pnp build` draws), before a shop's conversion."""

    part: Part
    name: str
    data: bytes
    pages: list[Page]
    owners: list[str]  # per page: "<item id> front|back", for the safe-area warnings
    about: dict[str, Any]  # the manifest's entry


def printable(part: Part) -> bool:
    """Sheets and pads print from `pnp build`: their PDF is already one page a sheet."""
    return part.kind in ITEM_KINDS or part.kind == "board"


def deck_pages(part: Part, bleed: float, back_first: bool = False) -> tuple[list[Page],
                                                                            list[str]]:
    """The pages of one component at `bleed` points (a board: at most its art's bleed),
    and what each page is."""
    bleed = min(bleed, part.art_bleed) if part.kind == "board" else bleed
    page_w = part.trim[0] + 2 * bleed
    page_h = part.trim[1] + 2 * bleed
    pages: list[Page] = []
    owners: list[str] = []
    for index in part.order:
        entry = part.entries[index]
        sides = [(entry.front, part.front_origin, "front")]
        if entry.back is not None:
            back = (entry.back, part.back_origin, "back")
            sides = [back, *sides] if back_first else [*sides, back]
        for svg, origin, side in sides:
            pages.append(Page(svg, origin, page_w, page_h, part.trim))
            owners.append(f"{entry.item_id} {side}")
    return pages, owners


def decks(folder: Path, parts: list[Part], bleed: float | None = None,
          back_first: bool = False, suffix: str = "print shop") -> list[Deck]:
    """Every printable component's PDF; `bleed` None keeps each part's own (1/8 in for
    items, at most 3 mm for a board)."""
    out = []
    for part in parts:
        if not printable(part):
            continue
        pages, owners = deck_pages(part, part.bleed if bleed is None else bleed, back_first)
        name = f"{part.name}.pdf"
        about = About(f"{part.title} ({suffix})", part.lang, part.author)
        backs = any(e.back is not None for e in part.entries)
        order = ("back and front in turn" if back_first else "front and back in turn") \
            if backs else "fronts only"
        out.append(Deck(part, name, faces_pdf(folder, pages, about), pages, owners, {
            "path": name, "component": part.comp_id, "items": len(part.order),
            "pages": len(pages), "order": order,
            "trim_mm": [round(v / 72 * 25.4, 2) for v in part.trim],
            "bleed_mm": round((pages[0].width - part.trim[0]) / 2 / 72 * 25.4, 3)}))
    return out


def line(d: dict[str, Any]) -> str:
    """What `pnp export` says of one PDF."""
    pages, items = d["pages"], d["items"]
    return (f"{d['path']}: {pages} page{'s' * (pages != 1)} ({items} item{'s' * (items != 1)}, "
            f"{d['order']}), {d['trim_mm'][0]:g} x {d['trim_mm'][1]:g} mm + "
            f"{d['bleed_mm']:g} mm bleed")
