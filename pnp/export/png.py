"""`pnp export --format png`: one PNG per item face, as The Game Crafter and other print
shops take them, one per board, and one per page of a sheet.

Size rule: pixels = (trim + 2 x bleed, in inches) x dpi, rounded half up, with the trim
centred. A poker card (2.5 x 3.5 in at the shops' size) with 1/8 in bleed at 300 dpi is
825 x 1125 px; without bleed 750 x 1050. Each distinct item once (the manifest says how
many copies); a back that every item shares is one `back.png`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.export.collect import ITEM_KINDS, Part
from pnp.export.draw import Page, faces_pdf, page_sizes, pixels, png_bytes, rasterize

MAX_PIXELS = 60_000_000  # one image; a board at a high dpi is drawn at fewer dpi instead


def _dpi_for(w_pt: float, h_pt: float, dpi: int) -> int:
    """`dpi`, or less when the image would pass MAX_PIXELS."""
    while dpi > 1 and pixels(w_pt, dpi) * pixels(h_pt, dpi) > MAX_PIXELS:
        dpi -= 1
    return dpi


def export(folder: Path, parts: list[Part], dpi: int, bleed: bool,
           notes: list[str]) -> tuple[list[tuple[str, bytes]], list[dict[str, Any]]]:
    """(file name, bytes) for every image, and what each one is (for the manifest)."""
    files: list[tuple[str, bytes]] = []
    described: list[dict[str, Any]] = []
    for part in parts:
        if part.kind in ITEM_KINDS or part.kind == "board":
            jobs = _faces(part, bleed)
            margin = 2 * part.bleed if bleed else 0.0
            size = (part.trim[0] + margin, part.trim[1] + margin)
            use = _dpi_for(*size, dpi)
            if use != dpi:
                notes.append(f"{part.comp_id}: drawn at {use} dpi (at {dpi} dpi it would pass "
                             f"{MAX_PIXELS // 1_000_000} million pixels)")
            w, h = pixels(size[0], use), pixels(size[1], use)
            unique = list(dict.fromkeys((svg, origin) for _, svg, origin, _ in jobs))
            pages = [Page(svg, origin, w * 72 / use, h * 72 / use) for svg, origin in unique]
            images = rasterize(faces_pdf(folder, pages, part.title),
                               [(w, h, use / 72)] * len(pages))
            drawn = {key: png_bytes(image, use)  # a face several items share: drawn once
                     for key, image in zip(unique, images, strict=True)}
            for name, svg, origin, info in jobs:
                files.append((name, drawn[(svg, origin)]))
                described.append({"path": name, "component": part.comp_id, **info,
                                  "px": [w, h], "dpi": use})
        elif part.pdf is not None:
            _pages(part, part.pdf, dpi, files, described)
    return files, described


def _pages(part: Part, pdf: bytes, dpi: int, files: list[tuple[str, bytes]],
           described: list[dict[str, Any]]) -> None:
    """A sheet's pages as built, one PNG each (name-1.png, name-2.png ... when there
    are several, as a booklet has); a pad's first page only (its pages repeat)."""
    sizes = page_sizes(pdf)
    if part.kind != "sheet" or len(sizes) == 1:
        sizes = sizes[:1]
    uses = [_dpi_for(pw, ph, dpi) for pw, ph in sizes]
    windows = [(pixels(pw, use), pixels(ph, use), use / 72)
               for (pw, ph), use in zip(sizes, uses, strict=True)]
    for n, image in enumerate(rasterize(pdf, windows), start=1):
        name = f"{part.name}/{part.name}{f'-{n}' if len(sizes) > 1 else ''}.png"
        files.append((name, png_bytes(image, uses[n - 1])))
        described.append({"path": name, "component": part.comp_id, "side": f"page {n}",
                          "px": list(windows[n - 1][:2]), "dpi": uses[n - 1]})


def _faces(part: Part, bleed: bool) -> list[tuple[str, str, str, dict[str, Any]]]:
    """(file name, SVG, template, what it is) for each face to draw."""
    jobs = []
    shared = part.shared_back
    for entry in part.entries:
        jobs.append((f"{part.name}/{entry.name}-front.png", entry.front, part.front_origin,
                     {"item": entry.item_id, "side": "front", "copies": entry.copies}))
        if entry.back is not None and shared is None:
            jobs.append((f"{part.name}/{entry.name}-back.png", entry.back, part.back_origin,
                         {"item": entry.item_id, "side": "back", "copies": entry.copies}))
    if shared is not None:
        jobs.append((f"{part.name}/back.png", shared, part.back_origin,
                     {"item": None, "side": "back", "copies": len(part.order)}))
    return jobs
