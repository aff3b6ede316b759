"""SVG faces onto a reportlab canvas.

Each face's SVG is split into its top-level layers. A layer is parsed by svglib once per
distinct content (hash) and, when it appears more than once (a shared back, a frame, an
icon), stored once as a form XObject and placed by reference. This is what keeps a deck
fast and its PDF small. The only module that imports both svglib and reportlab.

While it draws, the painter records what went where (pages.PageRecord) and can map every
layer it drew (facemap.LayerMap), so preflight checks what is really on the page.
"""

from __future__ import annotations

import copy
import hashlib
import logging
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import SvgRenderer

from . import fonts, inksaver, pdfcheck
from .errors import ContentError
from .facemap import TAG_ATTR, TAG_ID_PREFIX, Box, LayerMap, map_drawing, map_runs
from .pages import Furniture, FurnitureKind, PageRecord, PdfRecord, Placed, Role, Who
from .svgcheck import check_count, check_layer, check_root
from .svgtext import TextRun, draw_runs, plain_text_runs

SVG_NS = "http://www.w3.org/2000/svg"

_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True,
                          remove_pis=True, huge_tree=False)


@dataclass
class Face:
    """A parsed face: its size in points and its layers' keys, bottom to top."""

    width: float
    height: float
    layers: list[str]
    origin: str = ""  # the template it came from


class _Collect(logging.Handler):
    """svglib says what it cannot draw (a bad colour, an unknown element) only in its
    log: collect those lines so they become problems instead of silent gaps."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


class SvgPainter:
    """Draws faces onto one canvas, sharing repeated layers as form XObjects."""

    def __init__(self, canvas: Canvas, reference_root: Path) -> None:
        self.canvas = canvas
        self.reference_root = reference_root
        self._layer_xml: dict[str, etree._Element] = {}
        self._uses: dict[str, int] = {}
        self._drawings: dict[str, Any] = {}
        self._forms: dict[str, str] = {}
        self._runs: dict[str, list[TextRun] | None] = {}
        self._size: dict[str, tuple[float, float]] = {}
        self._origin: dict[str, str] = {}
        self._maps: dict[str, LayerMap] = {}
        self._counts: dict[str, int] = {}  # SVG elements in each layer
        self._docs: dict[tuple[bytes, str], Face] = {}  # documents already split
        self._repeats: dict[Hashable, tuple[list[str], list[Furniture]]] = {}
        self.complaints: dict[str, list[str]] = {}  # layer key → what svglib could not draw
        self.pages: list[PageRecord] = []
        self._page: PageRecord | None = None

    def parse(self, svg: str, origin: str) -> Face:
        """Split an SVG document into layers; `origin` names the template for errors.

        The same document (a deck's shared back) is split and checked once: later copies
        only count their layers' uses, which decide what becomes a shared form."""
        digest = hashlib.sha1(svg.encode("utf-8")).digest()
        seen = self._docs.get((digest, origin))
        if seen is not None:
            for key in seen.layers:
                self._uses[key] += 1
            return seen
        face = self._parse(svg, origin)
        self._docs[(digest, origin)] = face
        return face

    def _parse(self, svg: str, origin: str) -> Face:
        try:
            root = etree.fromstring(svg.encode("utf-8"), _PARSER)
        except etree.XMLSyntaxError as exc:
            raise ContentError(f"template produced invalid SVG: {exc.msg}", origin,
                               exc.lineno) from exc
        if etree.QName(root).localname != "svg":
            raise ContentError("template output is not an <svg> document", origin)
        check_root(root, origin)
        if inksaver.ACTIVE.get():
            inksaver.lighten(root)
        shell = etree.Element(root.tag, dict(root.attrib), nsmap=root.nsmap)
        defs = [c for c in root if isinstance(c.tag, str) and etree.QName(c).localname == "defs"]
        count = 1
        for d in defs:
            count += check_layer(d, origin, self.reference_root)
            shell.append(copy.deepcopy(d))
        shell_bytes = etree.tostring(shell)
        width = _length(root.get("width"), origin)
        height = _length(root.get("height"), origin)
        view = _view(root.get("viewBox"), width, height, origin)
        keys = []
        for child in root:
            if not isinstance(child.tag, str) or child in defs:
                continue
            raw = etree.tostring(child)
            key = hashlib.sha1(shell_bytes + raw).hexdigest()
            if key not in self._runs:  # a layer is checked once, however often drawn
                self._counts[key] = check_layer(child, origin, self.reference_root)
                self._runs[key] = plain_text_runs(child, view)
                if self._runs[key] is None:  # svglib's: plain text is drawn from its runs
                    layer = copy.deepcopy(shell)
                    layer.append(child)
                    _tags_to_ids(layer)
                    self._layer_xml[key] = layer
                self._origin[key] = origin
            self._uses[key] = self._uses.get(key, 0) + 1
            self._size[key] = (width, height)
            count += self._counts[key]
            keys.append(key)
        check_count(count, origin)
        return Face(width, height, keys, origin)

    def share(self, face: Face) -> None:
        """Store every layer of `face` as a form even if it was parsed once: it will be
        drawn many times (a pad's sheet)."""
        for key in face.layers:
            self._uses[key] = max(self._uses.get(key, 0), 2)

    def _drawing(self, key: str) -> Any:
        if key not in self._drawings:
            collect = _Collect()
            log = logging.getLogger("svglib")
            log.addHandler(collect)
            try:
                base = self.reference_root.resolve()
                renderer = SvgRenderer(str(base / "face.svg"), external_reference_root=str(base))
                drawing = renderer.render(self._layer_xml[key])
            except Exception as exc:  # svglib on content it cannot take: say where
                raise ContentError(f"the SVG cannot be drawn: {type(exc).__name__}: {exc}",
                                   self._origin.get(key)) from exc
            finally:
                log.removeHandler(collect)
            if collect.lines:
                self.complaints[key] = list(dict.fromkeys(collect.lines))
            drawing.initialFontName = fonts.REGULAR  # else renderPDF adds Helvetica
            self._drawings[key] = drawing
        return self._drawings[key]

    def layer_map(self, key: str) -> LayerMap:
        """What one layer prints (texts, strokes, fills, tagged parts), in face points."""
        if key not in self._maps:
            runs = self._runs.get(key)
            self._maps[key] = map_runs(runs) if runs is not None else map_drawing(
                self._drawing(key))
        return self._maps[key]

    def origin(self, key: str) -> str:
        return self._origin.get(key, "")

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
        self._record()
        self._page = None
        self.canvas.showPage()

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
                           pdfcheck.unresolved(doc), pdfcheck.embedded_fonts(doc))
        return buffer.getvalue(), record

    def _paint(self, key: str) -> None:
        runs = self._runs.get(key)
        if runs is not None:
            self.canvas.saveState()
            draw_runs(self.canvas, runs)
            self.canvas.restoreState()
            return
        drawing = self._drawing(key)
        try:
            renderPDF.draw(drawing, self.canvas, 0, 0)
        except Exception as exc:  # e.g. an image reportlab cannot decode
            raise ContentError(f"the SVG cannot be drawn: {type(exc).__name__}: {exc}",
                               self._origin.get(key)) from exc

    def _form(self, key: str) -> str:
        if key not in self._forms:
            name = f"L{len(self._forms)}"
            w, h = self._size[key]  # the face's box: a board is larger than any page
            self.canvas.beginForm(name, 0, 0, w, h)
            self._paint(key)
            end_form(self.canvas)
            self._forms[key] = name
        return self._forms[key]


def _tags_to_ids(layer: etree._Element) -> None:
    """svglib keeps an element's id on the shape it makes: carry preflight tags there."""
    for el in layer.iter():
        if isinstance(el.tag, str) and TAG_ATTR in el.attrib:
            el.set("id", TAG_ID_PREFIX + el.attrib.pop(TAG_ATTR))


def end_form(canvas: Canvas) -> None:
    """`canvas.endForm()`, but the form gets every resource its content names.

    reportlab (5.1) writes a form's /Resources with its fonts and XObjects only: the
    graphics states (opacity), shadings (gradients) and colour spaces used inside the
    form are named in its content but defined nowhere, so viewers drop the opacity and
    paint gradients black. Here the form's own resource dictionary is built from what the
    canvas collected while the form was open, and passed to `endForm`."""
    from reportlab.pdfbase import pdfdoc

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


def _length(value: str | None, origin: str) -> float:
    from .units import parse_length

    if value is None:
        raise ContentError("the <svg> root needs width and height in mm", origin)
    try:
        size = parse_length(value)
    except ValueError as exc:
        raise ContentError(f"<svg> width/height: {exc}", origin) from exc
    if not 0 < size <= 5000 * 72 / 25.4:
        raise ContentError(f"<svg> width/height must be between 0 and 5 m (got {value!r})",
                           origin)
    return size


def _view(box: str | None, width: float, height: float,
          origin: str) -> tuple[float, float, float, float, float]:
    """(min_x, min_y, x scale, y scale, height): SVG user units to PDF points."""
    import math

    if not box:
        return 0.0, 0.0, 1.0, 1.0, height
    try:
        min_x, min_y, vw, vh = (float(v) for v in box.replace(",", " ").split())
    except ValueError as exc:
        raise ContentError(f"<svg> viewBox must be four numbers (got {box!r})", origin) from exc
    if not all(math.isfinite(v) for v in (min_x, min_y, vw, vh)) or vw <= 0 or vh <= 0:
        raise ContentError(f"<svg> viewBox needs a positive size (got {box!r})", origin)
    return min_x, min_y, width / vw, height / vh, height


def new_canvas(path: Path | Any, page_w: float, page_h: float, title: str) -> Canvas:
    """A canvas with reproducible output: no timestamps, fixed ids."""
    fonts.register()
    c = Canvas(path, pagesize=(page_w, page_h), invariant=1, pageCompression=1,
               initialFontName=fonts.REGULAR, initialFontSize=8)
    c.setTitle(title)
    c.setAuthor("pnp")
    c.setCreator("pnp")
    c.setProducer("pnp")
    return c
