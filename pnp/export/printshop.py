"""`pnp export --format print-shop`: one PDF per deck (and per tiles or tokens
component) with one face per page, as card printers take a deck.

Each page is the trim plus 1/8 in bleed on every side (a poker card: 2.75 x 3.75 in, as
DriveThruCards asks; 1/8 in is also The Game Crafter's bleed and more than the 3 mm
European printers ask), with TrimBox at the cut and BleedBox = MediaBox. Pages run front,
back, front, back ... one card after another, every printed copy included: the order
DriveThruCards (and MB Print, among others) ask for, so page 2k-1 is card k's front and
page 2k its back. Backs are upright, not mirrored: the printer turns them. No crop marks or
info line: shops add their own. The board is one page: trim plus 3 mm of its art's bleed."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.draw.pdf import About
from pnp.export.collect import ITEM_KINDS, Part
from pnp.export.draw import Page, faces_pdf


def export(folder: Path, parts: list[Part]) -> tuple[list[tuple[str, bytes]],
                                                      list[dict[str, Any]]]:
    """(file name, bytes) per PDF, and what each holds (for the manifest)."""
    files: list[tuple[str, bytes]] = []
    described: list[dict[str, Any]] = []
    for part in parts:
        if part.kind not in ITEM_KINDS and part.kind != "board":
            continue  # sheets and pads: their `pnp build` PDF is already one page a sheet
        page_w = part.trim[0] + 2 * part.bleed
        page_h = part.trim[1] + 2 * part.bleed
        pages = []
        for index in part.order:
            entry = part.entries[index]
            pages.append(Page(entry.front, part.front_origin, page_w, page_h, part.trim))
            if entry.back is not None:
                pages.append(Page(entry.back, part.back_origin, page_w, page_h, part.trim))
        name = f"{part.name}.pdf"
        about = About(f"{part.title} (print shop)", part.lang, part.author)
        files.append((name, faces_pdf(folder, pages, about)))
        backs = any(e.back is not None for e in part.entries)
        described.append({
            "path": name, "component": part.comp_id, "items": len(part.order),
            "pages": len(pages), "order": "front and back in turn" if backs else "fronts only",
            "trim_mm": [round(v / 72 * 25.4, 2) for v in part.trim],
            "bleed_mm": round(part.bleed / 72 * 25.4, 3)})
    return files, described
