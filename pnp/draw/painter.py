"""SVG faces onto a reportlab canvas.

Faces are split into layers by a layers.LayerStore. A layer that appears more than once
on a canvas (a shared back, a frame, an icon) is stored once as a form XObject and placed
by reference. This is what keeps a deck fast and its PDF small.

While it draws, the painter records what went where (pages.PageRecord) and can map every
layer it drew (inkmap.LayerMap), so preflight checks what is really on the page. The PDF
file itself (canvas, forms' resources, pages packed as drawn) is pdf.py's.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from contextvars import ContextVar
from functools import cache
from pathlib import Path
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.draw import resources as pdfcheck
from pnp.draw import upright
from pnp.draw.pdf import encode_last_page, end_form
from pnp.layout.impose import PRINT_MARGIN
from pnp.layout.pages import (
    WATCH_PAGES,
    Furniture,
    FurnitureKind,
    PageRecord,
    PdfRecord,
    Placed,
    Role,
    Who,
)
from pnp.render.fasttext import draw_runs
from pnp.render.inkmap import Box, LayerMap
from pnp.render.layers import Face, LayerStore
from pnp.render.svglib_draw import cannot_draw

# `pnp validate`: faces are recorded for preflight (their layers, where they go), not
# drawn; the pages' furniture is drawn as in a build
RECORD_ONLY: ContextVar[bool] = ContextVar("pnp_record_only", default=False)


class SvgPainter:
    """Draws faces onto one canvas, sharing repeated layers as form XObjects."""

    def __init__(self, canvas: Canvas, reference_root: Path,
                 store: LayerStore | None = None, component: str | None = None) -> None:
        """`component`: the painter's pages are checked as they are drawn, while a game
        is built (pages.WATCH_PAGES), unless it shares its `store` with other painters."""
        self.canvas = canvas
        self.layers = store or LayerStore(reference_root)
        self._uses: dict[str, int] = {}
        self._forms: dict[str, str] = {}
        self._repeats: dict[Hashable, tuple[list[str], list[Furniture]]] = {}
        self._form_text: dict[str, int] = {}  # form name: bytes of text it shows
        self._text_in_forms = 0  # bytes of text this page shows through forms
        self.pages: list[PageRecord] = []
        self._page: PageRecord | None = None
        watch = WATCH_PAGES.get()
        self._watch = watch(component) if watch and component and store is None else None

    @property
    def complaints(self) -> dict[str, list[str]]:
        """Layer key → what svglib could not draw."""
        return self.layers.complaints

    def parse(self, svg: str, origin: str) -> Face:
        """Split an SVG document into layers (`origin` names the template for errors) and
        count their uses on this canvas: a layer drawn more than once becomes a form."""
        face = self.layers.parse(svg, origin)
        self.count(face)
        return face

    def count(self, face: Face) -> None:
        """Count one more use of each of the face's layers."""
        for key in face.layers:
            self._uses[key] = self._uses.get(key, 0) + 1

    def add_uses(self, uses: dict[str, int]) -> None:
        """Count the uses of many layers at once (faces parsed elsewhere: faceparts)."""
        for key, n in uses.items():
            self._uses[key] = self._uses.get(key, 0) + n

    def share(self, face: Face) -> None:
        """Store every layer of `face` as a form even if it was parsed once: it will be
        drawn many times (a pad's sheet)."""
        for key in face.layers:
            self._uses[key] = max(self._uses.get(key, 0), 2)

    def layer_map(self, key: str) -> LayerMap:
        """What one layer prints (texts, strokes, fills, tagged parts), in face points."""
        return self.layers.layer_map(key)

    def origin(self, key: str) -> str:
        return self.layers.origin(key)

    def draw(self, face: Face, x: float, y: float,
             clip: tuple[float, float, float, float] | None = None,
             rotate180: bool = False, scale: float = 1.0, *, role: Role = "item",
             who: Who | None = None, trim_inset: float = 0.0) -> None:
        """Draw `face` with its lower-left corner at (x, y), clipped to `clip` (x, y, w, h),
        enlarged by `scale`; record it for preflight."""
        c = self.canvas
        self._record().placed.append(Placed(
            tuple(face.layers), face.width, face.height, x, y, scale, rotate180,
            None if clip is None else (clip[0], clip[1], clip[0] + clip[2], clip[1] + clip[3]),
            trim_inset, role, who))
        if RECORD_ONLY.get():  # what svglib could not draw in each layer only
            for key in face.layers:
                key = self.layers.moved.get(key, (key,))[0]
                if self.layers.runs.get(key) is None:
                    self.layers.said(key)
            return
        c.saveState()
        if clip is not None:
            path = c.beginPath()
            path.rect(*clip)
            c.clipPath(path, stroke=0, fill=0)
        c.translate(x, y)
        if scale != 1.0:
            c.scale(scale, scale)
        if rotate180:
            c.translate(face.width, face.height)
            c.rotate(180)
        for key in face.layers:
            at = self.layers.moved.get(key)
            if at is not None:  # an icon: the one form of its drawing, moved to its place
                c.saveState()
                c.translate(at[1], at[2])
                c.doForm(self._form(at[0]))
                self._text_in_forms += self._form_text[self._forms[at[0]]]
                c.restoreState()
            elif self._uses.get(key, 0) > 1:
                c.doForm(self._form(key))
                self._text_in_forms += self._form_text[self._forms[key]]
            else:
                self._paint(key)
        c.restoreState()

    def repeat(self, key: Hashable, draw: Callable[[], None]) -> None:
        """Run `draw`: canvas calls that restore the graphics state they change (within
        saveState and restoreState), use no new fonts, images or opacities, and notes.
        When the same `key` was drawn before in this PDF, the operators and notes it
        made then are written again instead: crop marks and the scale bar are the same
        on every page of a deck, so they are worked out once, not once a page."""
        page = self._record()
        done = self._repeats.get(key)
        if done is not None:
            self.canvas._code.extend(done[0])
            page.furniture.extend(done[1])
            return
        code, notes = len(self.canvas._code), len(page.furniture)
        draw()
        self._repeats[key] = (self.canvas._code[code:], page.furniture[notes:])

    def note(self, kind: FurnitureKind, box: Box, size: float = 0.0, text: str = "") -> None:
        """Record page furniture drawn outside the faces (marks, info line, scale bar)."""
        self._record().furniture.append(Furniture(kind, box, size, text))

    def show_page(self) -> None:
        page = self._record()
        self._page = None
        text = self._text_in_forms + upright.text_bytes(self.canvas._code)
        if text:  # Ghostscript turns a page of mostly sideways text: pnp.draw.upright
            upright.hold_upright(self.canvas, text + 1, PRINT_MARGIN + 1,
                                 page.height - PRINT_MARGIN - 2)  # the top-left corner
        self._text_in_forms = 0
        self.canvas.showPage()
        encode_last_page(self.canvas)
        if self._watch is not None:
            self._watch.page(page, self)
            self._let_go(page)

    def _let_go(self, page: PageRecord) -> None:
        """Once a page is drawn and checked, a layer drawn only once on this canvas is not
        needed again, nor are the page's face records, unless a check across files
        (colour cues, fits) reads them later."""
        assert self._watch is not None
        kept = []
        for placed in page.placed:
            if self._watch.keeps(placed):
                kept.append(placed)
                continue
            once = [k for k in placed.layers if self._uses.get(k) == 1]
            self.layers.forget(once)
            for key in once:  # met again, it is a new layer (drawn once: not a form)
                del self._uses[key]
        page.placed = kept

    def _record(self) -> PageRecord:
        if self._page is None:
            w, h = self.canvas._pagesize
            self._page = PageRecord(len(self.pages) + 1, float(w), float(h))
            self.pages.append(self._page)
        return self._page

    def finish(self, buffer: Any, name: str, component: str) -> tuple[bytes, PdfRecord]:
        """Save the PDF into `buffer` (the canvas's file); its bytes and what preflight
        needs to know about it."""
        if self._page is not None:
            self.show_page()
        self.canvas.save()
        doc = self.canvas._doc
        record = PdfRecord(name, component, self.pages, self,
                           pdfcheck.unresolved(doc), pdfcheck.embedded_fonts(doc),
                           self._watch.faces if self._watch else None)
        return buffer.getvalue(), record

    def _paint(self, key: str) -> None:
        runs = self.layers.runs.get(key)
        if runs is not None:
            self.canvas.saveState()
            draw_runs(self.canvas, runs)
            self.canvas.restoreState()
            return
        from reportlab.graphics import renderPDF  # svglib's drawings only

        drawing = self.layers.drawing(key)
        try:
            _renderer()().draw(renderPDF.renderScaledDrawing(drawing), self.canvas, 0, 0)
        except Exception as exc:  # the layer's fault only if renderPDF draws a known-good SVG
            raise cannot_draw(exc, self.layers.origin(key)) from exc

    def _form(self, key: str) -> str:
        if key not in self._forms:
            name = f"L{len(self._forms)}"
            w, h = self.layers.size[key]  # the face's box: a board is larger than any page
            self.canvas.beginForm(name, 0, 0, w, h)
            self._paint(key)
            self._form_text[name] = upright.text_bytes(self.canvas._code)
            end_form(self.canvas)
            self._forms[key] = name
        return self._forms[key]


@cache
def _renderer() -> type:
    """reportlab's PDF renderer, drawing an image as an image XObject with its alpha as a
    soft mask (renderPDF draws it inline without: a PNG's see-through pixels print black,
    where a browser shows what is under them); an image met again is stored once. A file
    goes in as it is where PDF can take it (draw.images); an inline image (data:, which
    svglib hands over decoded) through reportlab's drawImage."""
    import os

    from reportlab.graphics import renderPDF
    from reportlab.lib.utils import ImageReader

    from pnp.draw.images import draw_image

    class Renderer(renderPDF._PDFRenderer):  # type: ignore[misc,name-defined]
        def drawImage(self, image: Any) -> None:  # noqa: N802  (reportlab's name)
            path = image.path
            if hasattr(path, "mode"):  # a PIL image
                self._canvas.drawImage(ImageReader(path), image.x, image.y, image.width,
                                       image.height, mask="auto")
            elif path and os.path.exists(path):
                draw_image(self._canvas, path, image.x, image.y, image.width, image.height)

    return Renderer
