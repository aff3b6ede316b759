"""SVG faces onto a reportlab canvas, and the printed page furniture.

Each face's SVG is split into its top-level layers. A layer is parsed by svglib once per
distinct content (hash) and, when it appears more than once (a shared back, a frame, an
icon), stored once as a form XObject and placed by reference. This is what keeps a deck
fast and its PDF small. The only module that imports both svglib and reportlab.
"""

from __future__ import annotations

import copy
import hashlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lxml import etree
from reportlab.graphics import renderPDF
from reportlab.pdfgen.canvas import Canvas
from svglib.svglib import SvgRenderer

from . import fonts
from .errors import ContentError
from .impose import Band, Layout, Mark
from .units import MM

SVG_NS = "http://www.w3.org/2000/svg"
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, remove_comments=True,
                          remove_pis=True, huge_tree=False)


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

    def parse(self, svg: str, origin: str) -> Face:
        """Split an SVG document into layers; `origin` names the template for errors."""
        try:
            root = etree.fromstring(svg.encode("utf-8"), _PARSER)
        except etree.XMLSyntaxError as exc:
            raise ContentError(f"template produced invalid SVG: {exc.msg}", origin,
                               exc.lineno) from exc
        if etree.QName(root).localname != "svg":
            raise ContentError("template output is not an <svg> document", origin)
        shell = etree.Element(root.tag, dict(root.attrib), nsmap=root.nsmap)
        defs = [c for c in root if isinstance(c.tag, str) and etree.QName(c).localname == "defs"]
        for d in defs:
            shell.append(copy.deepcopy(d))
        shell_bytes = etree.tostring(shell)
        keys = []
        for child in root:
            if not isinstance(child.tag, str) or child in defs:
                continue
            raw = etree.tostring(child)
            key = hashlib.sha1(shell_bytes + raw).hexdigest()
            if key not in self._layer_xml:
                layer = copy.deepcopy(shell)
                layer.append(child)
                self._layer_xml[key] = layer
            self._uses[key] = self._uses.get(key, 0) + 1
            keys.append(key)
        width = _length(root.get("width"), origin)
        height = _length(root.get("height"), origin)
        return Face(width, height, keys)

    def _drawing(self, key: str) -> Any:
        if key not in self._drawings:
            renderer = SvgRenderer("", external_reference_root=str(self.reference_root))
            self._drawings[key] = renderer.render(self._layer_xml[key])
        return self._drawings[key]

    def draw(self, face: Face, x: float, y: float,
             clip: tuple[float, float, float, float] | None = None,
             rotate180: bool = False) -> None:
        """Draw `face` with its lower-left corner at (x, y), clipped to `clip` (x, y, w, h)."""
        c = self.canvas
        c.saveState()
        if clip is not None:
            path = c.beginPath()
            path.rect(*clip)
            c.clipPath(path, stroke=0, fill=0)
        c.translate(x, y)
        if rotate180:
            c.translate(face.width, face.height)
            c.rotate(180)
        for key in face.layers:
            if self._uses.get(key, 0) > 1:
                c.doForm(self._form(key))
            else:
                renderPDF.draw(self._drawing(key), c, 0, 0)
        c.restoreState()

    def _form(self, key: str) -> str:
        if key not in self._forms:
            name = f"L{len(self._forms)}"
            drawing = self._drawing(key)
            self.canvas.beginForm(name, 0, 0, drawing.width, drawing.height)
            renderPDF.draw(drawing, self.canvas, 0, 0)
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


def new_canvas(path: Path | Any, page_w: float, page_h: float, title: str) -> Canvas:
    """A canvas with reproducible output: no timestamps, fixed ids."""
    fonts.register()
    c = Canvas(path, pagesize=(page_w, page_h), invariant=1, pageCompression=1)
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


def layout_debug_name(layout: Layout) -> str:  # pragma: no cover - debugging aid
    return f"{layout.cols}x{layout.rows} gutter={layout.gutter / MM:.1f}mm"
