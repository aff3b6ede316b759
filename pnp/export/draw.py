"""Faces onto PDF pages, and PDF pages into pixels.

Every export draws with the same SVG painter as `pnp build`, so a PNG or a Tabletop
Simulator sheet shows exactly what the printed PDF shows. A page is a window onto one
face, centred on its trim: the print shop's page (trim plus bleed, with TrimBox and
BleedBox), or a window of whole pixels for a PNG. pypdfium2 and Pillow are imported
here only, when a PNG is drawn, so other commands do not pay for them."""

from __future__ import annotations

import io
import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.base.errors import InputError
from pnp.draw.painter import SvgPainter
from pnp.draw.pdf import About, PdfBytes, new_canvas


@dataclass(frozen=True)
class Page:
    """One page: the face (its SVG, and the template it came from for errors) centred on
    a page of `width` x `height` points; `trim` (w, h) sets TrimBox and BleedBox."""

    svg: str
    origin: str
    width: float
    height: float
    trim: tuple[float, float] | None = None


def half_up(value: float) -> int:
    """Pixels for a length: rounded half up (412.5 -> 413), after forgiving the float
    error of unit conversions (2.75 in x 300 dpi is 825, never 825.0000001 -> 826)."""
    return math.floor(round(value, 6) + 0.5)


def pixels(points: float, dpi: float) -> int:
    return half_up(points / 72 * dpi)


def faces_pdf(folder: Path, pages: list[Page], title: str | About) -> bytes:
    """A PDF with one face per page. A face drawn on several pages (a shared back, the
    copies of a card) is stored once, as a form."""
    buf = PdfBytes()
    canvas = new_canvas(buf, pages[0].width, pages[0].height, title)
    painter = SvgPainter(canvas, folder)
    uses = Counter((p.svg, p.origin) for p in pages)
    parsed = {}
    for key, count in uses.items():
        parsed[key] = painter.parse(*key)
        if count > 1:
            painter.share(parsed[key])
    for page in pages:
        face = parsed[(page.svg, page.origin)]
        canvas.setPageSize((page.width, page.height))
        if page.trim is not None:
            tw, th = page.trim
            x0, y0 = (page.width - tw) / 2, (page.height - th) / 2
            canvas.setTrimBox((x0, y0, x0 + tw, y0 + th))
            canvas.setBleedBox((0, 0, page.width, page.height))
        painter.draw(face, (page.width - face.width) / 2, (page.height - face.height) / 2,
                     clip=(0, 0, page.width, page.height))
        painter.show_page()
    data, _ = painter.finish(buf, "export.pdf", "export")
    return data


def _modules() -> tuple[Any, Any]:
    try:
        import pypdfium2
        from PIL import Image
    except ImportError as exc:
        raise InputError(f"drawing PNGs needs {exc.name or 'pypdfium2 and pillow'}, which "
                         "is not installed: python3 -m pip install pypdfium2 pillow") from exc
    return pypdfium2, Image


def rasterize(pdf: bytes, windows: list[tuple[int, int, float]]) -> Iterator[Any]:
    """Page i drawn at windows[i] = (width px, height px, scale in px per point) as an RGB
    Pillow image, one at a time (a deck's images are not all held at once). pdfium rounds
    a page's pixels up; the window's are cut from its top-left corner."""
    pdfium, _ = _modules()
    doc = pdfium.PdfDocument(pdf)
    try:
        for index, (w, h, scale) in enumerate(windows):
            page = doc[index]
            try:
                image = page.render(scale=scale).to_pil().convert("RGB")
            finally:
                page.close()
            if image.size != (w, h):
                image = image.crop((0, 0, w, h))
            yield image
    finally:
        doc.close()


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    """Each page's (width, height) in points: for sheets drawn as `pnp build` laid them out."""
    pdfium, _ = _modules()
    doc = pdfium.PdfDocument(pdf)
    try:
        return [tuple(doc[i].get_size()) for i in range(len(doc))]  # type: ignore[misc]
    finally:
        doc.close()


def png_bytes(image: Any, dpi: float | None = None) -> bytes:
    """PNG bytes, the same for the same pixels (Pillow writes no time); the dpi is
    recorded (pHYs) so a print shop's upload reads the intended size."""
    buf = io.BytesIO()
    extra = {"dpi": (dpi, dpi)} if dpi else {}
    image.save(buf, "PNG", compress_level=6, **extra)
    return buf.getvalue()


def new_image(width: int, height: int) -> Any:
    _, image = _modules()
    return image.new("RGB", (width, height), (255, 255, 255))
