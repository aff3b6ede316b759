"""`pnp export --format print-shop [--shop dtc|mbprint|mpc|tgc]`: the files each print
shop's published specification asks for (README, "Print shops", cites each).

Without --shop: one PDF per deck, front and back of each card in turn at 1/8 in bleed, in
the colours pnp draws (pages.py). With a shop: its bleed, page order and safe area, and
its colour and file rules: PDF/X-1a:2003 in CMYK held to its ink limit (pdfx.py, through
Ghostscript), or transparency flattened, or PNG images of its pixel size (png.py). Every
shop's safe area is checked on the drawn faces (safety.py): text inside it is a warning
naming the face."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from pnp.base.units import INCH, MM

if TYPE_CHECKING:
    from pnp.export.collect import Part


@dataclass(frozen=True)
class Shop:
    """What one shop's specification asks of a deck."""

    name: str
    spec: str  # where the shop says so
    bleed: float  # points past the trim on every side
    safe: float  # points inside the trim that the cut may reach: no text there
    files: str  # "pdf": one PDF a component; "png": one image a face at 300 dpi
    back_first: bool = False  # PDF pages: back of card 1 first
    colour: str = "rgb"  # "rgb" as drawn; "flat": transparency flattened; "pdfx1a"
    ink_limit: int | None = None  # total ink in % (pdfx1a)


SHOPS: dict[str, Shop] = {
    "dtc": Shop("DriveThruCards", "https://help.drivethrupartners.com/hc/de/articles/"
                "12780748203543", INCH / 8, INCH / 8, "pdf", back_first=True,
                colour="pdfx1a", ink_limit=240),
    "mbprint": Shop("MB Print", "https://mbprint.pl/en/?p=658", 3 * MM, 4 * MM, "pdf",
                    colour="flat"),
    "mpc": Shop("MakePlayingCards", "https://www.makeplayingcards.com/faq-photo.aspx",
                36 / 300 * INCH, INCH / 8, "png"),
    "tgc": Shop("The Game Crafter", "https://s3.amazonaws.com/www.thegamecrafter.com/"
                "templates/poker-card.png", INCH / 8, INCH / 8, "png"),
}
DPI = 300  # the shops' images: MakePlayingCards 822 x 1122 px a poker card, TGC 825 x 1125


def export(folder: Path, parts: list[Part], shop: str | None, notes: list[str]
           ) -> tuple[list[tuple[str, bytes]], list[dict[str, Any]], list[str]]:
    """(file name, bytes) per file, what each holds (manifest) and one line per file or
    component (what `pnp export` says)."""
    from pnp.export.shops import pages

    if shop is None:
        drawn = pages.decks(folder, parts)
        return ([(d.name, d.data) for d in drawn], [d.about for d in drawn],
                [pages.line(d.about) for d in drawn])
    spec = SHOPS[shop]
    if spec.files == "png":
        return _images(folder, parts, shop, spec, notes)
    from pnp.export.shops import pdfx, safety

    files, described, lines = [], [], []
    for deck in pages.decks(folder, parts, spec.bleed, spec.back_first,
                            f"{spec.name}"):
        warning = safety.check(deck, spec.safe, spec.name)
        if warning:
            notes.append(warning)
        data = deck.data
        if spec.colour == "pdfx1a":
            data = pdfx.pdfx1a(data, shop, spec.ink_limit or 400)
        elif spec.colour == "flat":
            data = pdfx.flatten(data, shop)
        about = {**deck.about, "colour": _colour(spec)}
        files.append((deck.name, data))
        described.append(about)
        lines.append(f"{pages.line(about)}, {about['colour']}")
    return files, described, lines


def _colour(spec: Shop) -> str:
    if spec.colour == "pdfx1a":
        return (f"PDF/X-1a:2003, CMYK (SWOP) with at most {spec.ink_limit}% ink, "
                "transparency flattened")
    return "RGB, transparency flattened" if spec.colour == "flat" else "RGB"


def _images(folder: Path, parts: list[Part], shop: str, spec: Shop, notes: list[str]
            ) -> tuple[list[tuple[str, bytes]], list[dict[str, Any]], list[str]]:
    """One PNG per distinct face at the shop's bleed and 300 dpi (png.py's rule:
    pixels = (trim + 2 x bleed) x dpi), after the safe-area check."""
    from pnp.export import png
    from pnp.export.shops import pages, safety

    for deck in pages.decks(folder, parts, spec.bleed, suffix=spec.name):
        warning = safety.check(deck, spec.safe, spec.name)
        if warning:
            notes.append(warning)
    sized = [replace(p, bleed=min(spec.bleed, p.art_bleed) if p.kind == "board"
                     else spec.bleed) for p in parts if pages.printable(p)]
    files, described = png.export(folder, sized, DPI, True, notes)
    counts: dict[str, dict[tuple[int, int], int]] = {}
    for d in described:
        sizes = counts.setdefault(d["component"], {})
        sizes[tuple(d["px"])] = sizes.get(tuple(d["px"]), 0) + 1  # type: ignore[index]
    lines = [f"{comp}: " + ", ".join(f"{n} PNG{'s' * (n != 1)} of {w} x {h} px at {DPI} dpi"
                                     for (w, h), n in sizes.items())
             + f" for {spec.name}" for comp, sizes in counts.items()]
    return files, described, lines
