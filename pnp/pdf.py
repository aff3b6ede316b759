"""SVG faces onto a reportlab canvas, and the printed page furniture.

Each face's SVG is split into its top-level layers. A layer is parsed by svglib once per
distinct content (hash) and, when it appears more than once (a shared back, a frame, an
icon), stored once as a form XObject and placed by reference. This is what keeps a deck
fast and its PDF small. The only module that imports both svglib and reportlab.
"""

from __future__ import annotations

import copy
import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import SvgRenderer

from . import fonts
from .errors import ContentError
from .impose import Band, Mark
from .paths import is_within
from .units import MM

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_HREF = "{http://www.w3.org/1999/xlink}href"

_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True,
                          remove_pis=True, huge_tree=False)


@dataclass(frozen=True)
class TextRun:
    """One line of plain text, already in points in the face's PDF coordinates."""

    x: float
    y: float
    font: str
    size: float
    anchor: str
    fill: str
    opacity: float
    text: str


_TEXT_ATTRS = {"x", "y", "font-family", "font-size", "font-weight", "text-anchor", "fill",
               "fill-opacity"}
_SPACES = re.compile(r"\s+")


def _plain_text_runs(layer: etree._Element, view: tuple[float, float, float, float, float],
                     ) -> list[TextRun] | None:
    """Runs for a layer made only of simple <text> elements, else None (svglib draws it).

    Per-item layers are mostly text (titles, numbers); drawing those directly with the
    font's own metrics is 10x cheaper than svglib's general path, and text is the only
    thing that differs between cards. Anything beyond plain positioned text (transforms,
    styles, classes, letter-spacing) goes to svglib."""
    if etree.QName(layer).localname == "g":
        if layer.attrib or layer.text and layer.text.strip():
            return None
        texts = list(layer)
    else:
        texts = [layer]
    runs: list[TextRun] = []
    for el in texts:
        if not isinstance(el.tag, str) or etree.QName(el).localname != "text":
            return None
        if (el.tail and el.tail.strip()) or set(el.attrib) - _TEXT_ATTRS:
            return None
        family = el.get("font-family", "").strip("'\" ")
        if family not in (fonts.FAMILY, fonts.REGULAR):
            return None
        weight = el.get("font-weight", "normal")
        if weight not in ("normal", "bold"):
            return None
        font = fonts.BOLD if weight == "bold" else fonts.REGULAR
        anchor = el.get("text-anchor", "start")
        try:
            size = float(el.get("font-size", "16"))
            opacity = float(el.get("fill-opacity", "1"))
            parts: list[tuple[float, float, str]] = []
            if el.text and el.text.strip():
                parts.append((float(el.get("x", "0")), float(el.get("y", "0")), el.text))
            for span in el:
                if (not isinstance(span.tag, str) or etree.QName(span).localname != "tspan"
                        or set(span.attrib) - {"x", "y"} or len(span)
                        or (span.tail and span.tail.strip())):
                    return None
                parts.append((float(span.get("x", el.get("x", "0"))),
                              float(span.get("y", el.get("y", "0"))), span.text or ""))
        except ValueError:
            return None
        if anchor not in ("start", "middle", "end"):
            return None
        min_x, min_y, sx, sy, height = view
        for x, y, raw in parts:
            text = _SPACES.sub(" ", raw).strip()
            if text:
                runs.append(TextRun((x - min_x) * sx, height - (y - min_y) * sy, font,
                                    size * sy, anchor, el.get("fill", "#000000"), opacity,
                                    text))
    return runs


def _draw_runs(c: Canvas, runs: list[TextRun]) -> None:
    for run in runs:
        c.setFillColor(run.fill, alpha=run.opacity if run.opacity < 1 else None)
        c.setFont(run.font, run.size)
        if run.anchor == "middle":
            c.drawCentredString(run.x, run.y, run.text)
        elif run.anchor == "end":
            c.drawRightString(run.x, run.y, run.text)
        else:
            c.drawString(run.x, run.y, run.text)


@dataclass
class Face:
    """A parsed face: its size in points and its layers' keys, bottom to top."""

    width: float
    height: float
    layers: list[str]


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

    def parse(self, svg: str, origin: str) -> Face:
        """Split an SVG document into layers; `origin` names the template for errors."""
        try:
            root = etree.fromstring(svg.encode("utf-8"), _PARSER)
        except etree.XMLSyntaxError as exc:
            raise ContentError(f"template produced invalid SVG: {exc.msg}", origin,
                               exc.lineno) from exc
        if etree.QName(root).localname != "svg":
            raise ContentError("template output is not an <svg> document", origin)
        self._check_images(root, origin)
        shell = etree.Element(root.tag, dict(root.attrib), nsmap=root.nsmap)
        defs = [c for c in root if isinstance(c.tag, str) and etree.QName(c).localname == "defs"]
        for d in defs:
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
            if key not in self._layer_xml:
                self._runs[key] = _plain_text_runs(child, view)
                layer = copy.deepcopy(shell)
                layer.append(child)
                self._layer_xml[key] = layer
            self._uses[key] = self._uses.get(key, 0) + 1
            self._size[key] = (width, height)
            keys.append(key)
        return Face(width, height, keys)

    def _check_images(self, root: etree._Element, origin: str) -> None:
        """Images may come only from inside the game folder (symlinks followed) or be
        inline data; each reference is made absolute for svglib."""
        base = self.reference_root.resolve()
        for el in root.iter("{*}image", "image"):
            for attr in ("href", XLINK_HREF):
                ref = el.get(attr)
                if ref is None or ref.startswith("data:"):
                    continue
                target = (base / ref).resolve()
                if ref.startswith(("/", "\\")) or "://" in ref or not is_within(target, base):
                    raise ContentError(f"image '{ref}' is outside the game folder {base}",
                                       origin)
                if not target.is_file():
                    raise ContentError(f"image '{ref}' not found in {base}", origin)
                el.set(attr, str(target))

    def share(self, face: Face) -> None:
        """Store every layer of `face` as a form even if it was parsed once: it will be
        drawn many times (a pad's sheet)."""
        for key in face.layers:
            self._uses[key] = max(self._uses.get(key, 0), 2)

    def _drawing(self, key: str) -> Any:
        if key not in self._drawings:
            renderer = SvgRenderer("", external_reference_root=str(self.reference_root))
            drawing = renderer.render(self._layer_xml[key])
            drawing.initialFontName = fonts.REGULAR  # else renderPDF adds Helvetica
            self._drawings[key] = drawing
        return self._drawings[key]

    def draw(self, face: Face, x: float, y: float,
             clip: tuple[float, float, float, float] | None = None,
             rotate180: bool = False, scale: float = 1.0) -> None:
        """Draw `face` with its lower-left corner at (x, y), clipped to `clip` (x, y, w, h),
        enlarged by `scale`."""
        c = self.canvas
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

    def _paint(self, key: str) -> None:
        runs = self._runs.get(key)
        if runs is not None:
            self.canvas.saveState()
            _draw_runs(self.canvas, runs)
            self.canvas.restoreState()
        else:
            renderPDF.draw(self._drawing(key), self.canvas, 0, 0)

    def _form(self, key: str) -> str:
        if key not in self._forms:
            name = f"L{len(self._forms)}"
            w, h = self._size[key]  # the face's box: a board is larger than any page
            self.canvas.beginForm(name, 0, 0, w, h)
            self._paint(key)
            self.canvas.endForm()
            self._forms[key] = name
        return self._forms[key]


def _length(value: str | None, origin: str) -> float:
    from .units import parse_length

    if value is None:
        raise ContentError("the <svg> root needs width and height in mm", origin)
    try:
        return parse_length(value)
    except ValueError as exc:
        raise ContentError(f"<svg> width/height: {exc}", origin) from exc


def _view(box: str | None, width: float, height: float,
          origin: str) -> tuple[float, float, float, float, float]:
    """(min_x, min_y, x scale, y scale, height): SVG user units to PDF points."""
    if not box:
        return 0.0, 0.0, 1.0, 1.0, height
    try:
        min_x, min_y, vw, vh = (float(v) for v in box.replace(",", " ").split())
    except ValueError as exc:
        raise ContentError(f"<svg> viewBox must be four numbers (got {box!r})", origin) from exc
    if vw <= 0 or vh <= 0:
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


MARK_WIDTH = 0.25  # pt: a hairline that still prints on home printers


def draw_marks(c: Canvas, marks: list[Mark]) -> None:
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(MARK_WIDTH)
    for m in marks:
        c.line(m.x0, m.y0, m.x1, m.y1)
    c.restoreState()


def draw_info(c: Canvas, band: Band, text: str) -> None:
    """The page's info line and a 50 mm scale bar to check that printing was at 100 %."""
    c.saveState()
    c.translate(band.x, band.y)
    if band.rotated:
        c.rotate(90)
    bar = 50 * MM
    start = max(band.length - bar - 14 * MM, 0)
    c.setFillColorRGB(0.25, 0.25, 0.25)
    c.setStrokeColorRGB(0.25, 0.25, 0.25)
    size = 6.0
    c.setFont(fonts.REGULAR, size)
    info_width = start - 3 * MM
    if fonts.string_width(text, size) > info_width:
        size = max(4.0, size * info_width / fonts.string_width(text, size))
        c.setFont(fonts.REGULAR, size)
    c.drawString(0, 0.9 * MM, text)
    c.setLineWidth(0.4)
    c.line(start, 0.6 * MM, start + bar, 0.6 * MM)
    for i in range(6):
        tick = 2.2 * MM if i in (0, 5) else 1.3 * MM
        c.line(start + i * 10 * MM, 0.6 * MM, start + i * 10 * MM, 0.6 * MM + tick)
    c.setFont(fonts.REGULAR, 5.5)
    c.drawString(start + bar + 1.5 * MM, 0.9 * MM, "50 mm")
    c.restoreState()

