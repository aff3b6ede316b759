"""SVG faces onto a reportlab canvas.

Faces are split into layers by a layers.LayerStore. A layer that appears more than once
on a canvas (a shared back, a frame, an icon) is stored once as a form XObject and placed
by reference. This is what keeps a deck fast and its PDF small.

While it draws, the painter records what went where (pages.PageRecord) and can map every
layer it drew (facemap.LayerMap), so preflight checks what is really on the page.
"""

from __future__ import annotations

import functools
import io
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from pnp.base import fonts
from pnp.base.errors import ContentError
from pnp.draw import resources as pdfcheck
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
from pnp.render import rlspeed
from pnp.render.fasttext import draw_runs
from pnp.render.inkmap import Box, LayerMap
from pnp.render.layers import Face, LayerStore

__all__ = ["Face", "LayerStore", "PdfBytes", "SvgPainter", "end_form", "new_canvas"]


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
            if self._uses.get(key, 0) > 1:
                c.doForm(self._form(key))
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
            renderPDF.draw(drawing, self.canvas, 0, 0)
        except Exception as exc:  # e.g. an image reportlab cannot decode
            raise ContentError(f"the SVG cannot be drawn: {type(exc).__name__}: {exc}",
                               self.layers.origin(key)) from exc

    def _form(self, key: str) -> str:
        if key not in self._forms:
            name = f"L{len(self._forms)}"
            w, h = self.layers.size[key]  # the face's box: a board is larger than any page
            self.canvas.beginForm(name, 0, 0, w, h)
            self._paint(key)
            end_form(self.canvas)
            self._forms[key] = name
        return self._forms[key]


def end_form(canvas: Canvas) -> None:
    """`canvas.endForm()`, but the form gets every resource its content names.

    reportlab (5.1) writes a form's /Resources with its fonts and XObjects only: the
    graphics states (opacity), shadings (gradients) and colour spaces used inside the
    form are named in its content but defined nowhere, so viewers drop the opacity and
    paint gradients black. Here the form's own resource dictionary is built from what the
    canvas collected while the form was open, and passed to `endForm`."""
    resources = pdfdoc.PDFResourceDictionary()
    resources.basicFonts()
    resources.allProcs()
    if canvas._formsinuse:  # images and nested forms
        resources.XObject = canvas._doc.xobjDict(canvas._formsinuse)
    states = canvas._extgstate.getState()
    if states:
        resources.ExtGState = states
    resources.setShading(canvas._shadingUsed)
    resources.setColorSpace(canvas._colorsUsed)
    canvas.endForm(Resources=resources)


class PackedFile(pdfdoc.PDFFile):
    """reportlab's output collector, its parts written into one growing buffer rather
    than listed and joined at the end: a large PDF is held once while it is saved, not
    twice. Same parts, same offsets, same bytes. `format` hands over the buffer itself
    (BytesIO.getvalue shares its bytes when nothing else holds them: no copy)."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)  # writes the header into its list
        self.data = io.BytesIO()
        self.data.write(b"".join(self.strings))
        self.strings = []
        self.write = self.data.write

    def format(self, document: Any) -> bytes:
        return self.data.getvalue()


class PdfBytes:
    """The file a canvas saves into: the PDF's bytes kept as reportlab hands them over,
    not copied into a growing buffer and out again (a large deck is held once, not three
    times, while it is saved)."""

    def __init__(self) -> None:
        self._parts: list[bytes] = []

    def write(self, data: bytes) -> int:
        self._parts.append(data)
        return len(data)

    def getvalue(self) -> bytes:
        if len(self._parts) != 1:
            self._parts = [b"".join(self._parts)]
        return self._parts[0]


def encode_last_page(canvas: Canvas) -> None:
    """Compress the page just finished now, as reportlab would when saving (same filters,
    same bytes), and let go of its text: a 10,000-card deck holds its pages packed, not
    ~7 MB of page operators until the end."""
    page = canvas._doc.Pages.pages[-1]
    if page.Contents or not page.stream or not page.compression:
        return
    filters = [pdfdoc.PDFBase85Encode, pdfdoc.PDFZCompress] if rl_config.useA85 else [
        pdfdoc.PDFZCompress]
    content = page.stream
    setattr(page, pdfcheck.NAMES_ATTR, pdfcheck.page_names(content))  # read once saved
    for f in reversed(filters):  # reportlab applies them last first (PDFStream.format)
        content = f.encode(content)
    stream = pdfdoc.PDFStream(_filtered(tuple(f.pdfname for f in filters)), content)
    stream.__Comment__ = "page stream"
    page.Contents = stream
    page.stream = None
    # reportlab gives each page two dozen attributes set to None, read back with a
    # default of None (PDFCatalog.format): held as one small table, ~1.1 kB a page less
    page.__dict__ = {k: v for k, v in vars(page).items() if v is not None or k in _READ_AS_IS}
    _share_dictionaries(canvas, page)


def _share_dictionaries(canvas: Canvas, page: Any) -> None:
    """Pages listing the same forms (every fronts page of a deck) share one XObject
    dictionary, and pages without a transition one empty transition dictionary, as each
    is formatted alike wherever it is: ~0.5 kB a page, kept until the PDF is saved."""
    shared: dict[tuple, pdfdoc.PDFDictionary] = canvas.__dict__.setdefault("_pnp_shared", {})
    for name in ("XObjects", "Trans"):
        value = page.__dict__.get(name)
        if type(value) is not pdfdoc.PDFDictionary:
            continue
        items = value.dict.items()
        if not all(type(v) is pdfdoc.PDFObjectReference for _, v in items):
            continue
        key = (name, *((k, v.name) for k, v in items))
        setattr(page, name, shared.setdefault(key, value))


# a page's attributes reportlab reads without a default (PDFPage.check_format)
_READ_AS_IS = frozenset({"Parent", "MediaBox", "Resources", "Contents", "Rotate", "Annots",
                         "ExtGState"})


@functools.cache
def _filtered(names: tuple[str, ...]) -> pdfdoc.PDFDictionary:
    """The dictionary of every page stream with these filters: one for all pages, as
    reportlab formats a copy of it (adding the length) and never changes it."""
    return pdfdoc.PDFDictionary({"Filter": pdfdoc.PDFArray([pdfdoc.PDFName(n) for n in names])})


def new_canvas(path: Path | Any, page_w: float, page_h: float, title: str) -> Canvas:
    """A canvas with reproducible output: no timestamps, fixed ids."""
    fonts.register()
    rlspeed.install()
    # the collector every document of this process saves through (pnp signs no PDF:
    # reportlab's signing reads the collector's list of parts, which this one has not)
    pdfdoc.PDFFile = PackedFile
    c = Canvas(path, pagesize=(page_w, page_h), invariant=1, pageCompression=1,
               initialFontName=fonts.REGULAR, initialFontSize=8)
    c.setTitle(title)
    c.setAuthor("pnp")
    c.setCreator("pnp")
    c.setProducer("pnp")
    return c
