"""The printed pages on the studio page: each page of each PDF the last build wrote, drawn
to a PNG by pnp's own preview path (pdfium, as `pnp watch` draws faces and `pnp export
--png` pages), so the page shows what prints, crop marks and info line included. Only a
PDF whose bytes changed is drawn again."""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from pnp.base.units import MM

PAGES = "_pages"  # under the previews: no component's folder starts with "_" (safe_names)
DPI = 50  # a page a person can read the layout of; an A4 page is 413 x 585 px


class PagePreviews:
    """The pages of a game's PDFs as PNGs under PREVIEW/_pages/<pdf>/page-N.png."""

    def __init__(self, preview_root: Path) -> None:
        self.root = preview_root
        self._drawn: dict[str, tuple[str, list[dict[str, Any]]]] = {}  # pdf -> digest, pages

    def draw(self, pdfs: list[Path]) -> list[dict[str, Any]]:
        """One entry per PDF (in the build's order) with its pages as the page shows them."""
        from pnp.export.draw import page_sizes, pixels, png_bytes, rasterize
        from pnp.pipeline.build import write_atomic

        shown = []
        for pdf in pdfs:
            data = pdf.read_bytes()
            digest = hashlib.sha256(data).hexdigest()[:12]
            known = self._drawn.get(pdf.name)
            if known is None or known[0] != digest:
                folder = self.root / PAGES / pdf.stem
                folder.mkdir(parents=True, exist_ok=True)
                sizes = page_sizes(data)
                windows = [(pixels(w, DPI), pixels(h, DPI), DPI / 72) for w, h in sizes]
                pages = []
                for n, image in enumerate(rasterize(data, windows), 1):
                    target = folder / f"page-{n}.png"
                    write_atomic(target, png_bytes(image, DPI))
                    w, h = sizes[n - 1]
                    pages.append({"id": f"{pdf.name}#{n}", "number": n,
                                  "src": f"/preview/{PAGES}/{pdf.stem}/page-{n}.png?v={digest}",
                                  "w": round(w / MM, 2), "h": round(h / MM, 2)})
                for stale in folder.glob("page-*.png"):  # pages the PDF no longer has
                    if stale.stem.split("-")[-1].isdigit() and int(stale.stem[5:]) > len(pages):
                        stale.unlink(missing_ok=True)
                self._drawn[pdf.name] = (digest, pages)
            shown.append({"id": pdf.name, "pages": self._drawn[pdf.name][1]})
        return shown
