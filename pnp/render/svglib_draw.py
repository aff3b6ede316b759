"""svglib's drawing of one layer, and whose fault it is when svglib, or reportlab's
renderPDF drawing what svglib made, fails.

svglib raises whatever its code meets on content it cannot take: a ValueError for
`width="abc"`, an IndexError or even a TypeError for broken path data. The exception's
type cannot tell that apart from a renderer pnp cannot use (another svglib or reportlab
whose functions take other arguments) or a bug in pnp. What can: the same calls on an SVG
known to draw (KNOWN_GOOD). When they draw it, the layer is to blame (a ContentError at its
template, exit 1); when they fail on it too, the renderer is, and the exception goes on to
the CLI as an internal error (exit 70), never blamed on the user's template."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from lxml import etree

from pnp.base import fonts
from pnp.base.errors import ContentError

# What pnp's templates draw: shapes, paths, text, CSS and style, a gradient, <use>, a
# clipping path, a transform, dashes, opacity and an inline image.
KNOWN_GOOD = b"""<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
 width="60mm" height="40mm" viewBox="0 0 60 40">
<style>.warm { fill: #c40; stroke-width: 0.5 }</style>
<defs><linearGradient id="sky"><stop offset="0" stop-color="#fff"/>
<stop offset="1" stop-color="#36c"/></linearGradient>
<clipPath id="window"><rect x="5" y="5" width="20" height="10"/></clipPath>
<g id="pip"><circle r="2"/></g></defs>
<g fill="#236" stroke="#111" stroke-dasharray="1,0.5" font-family="Fira Sans" font-size="4">
<rect width="60" height="40" fill="url(#sky)" opacity="0.8"/>
<rect class="warm" x="2" y="2" width="10" height="6" rx="1" style="stroke:#333"/>
<path d="M 5 30 L 15 20 Q 20 15 25 20 C 30 25 35 25 40 20 A 5 5 0 0 1 50 20 Z"/>
<polygon points="50,35 55,30 58,38"/><line x1="0" y1="39" x2="60" y2="39"/>
<ellipse cx="45" cy="8" rx="4" ry="2" transform="rotate(10 45 8)"/>
<g clip-path="url(#window)"><circle cx="15" cy="10" r="8" fill="#080"/></g>
<use xlink:href="#pip" x="30" y="10"/>
<text x="30" y="35" font-weight="bold" text-anchor="middle">Aa<tspan dx="1">Bb</tspan></text>
<image x="52" y="2" width="6" height="6" xlink:href="data:image/png;base64,iVBORw0KGgoAAAANS\
UhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGM8ESDCwMDAxMDAwMDAAAAO7gEwyp3NFQAAAABJRU5ErkJggg=="/>
</g></svg>"""


def _collector() -> Any:
    """A log handler collecting svglib's warnings: svglib says what it cannot draw (a bad
    colour, an unknown element) only in its log, and those lines become problems instead
    of silent gaps. (`logging` is imported only when svglib draws.)"""
    import logging

    class Collect(logging.Handler):
        def __init__(self) -> None:
            super().__init__(logging.WARNING)
            self.lines: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.lines.append(record.getMessage())

    return Collect()


def draw_layer(layer: etree._Element, reference_root: Path,
               origin: str | None) -> tuple[Any, list[str]]:
    """svglib's drawing of one layer, and what svglib logged it could not draw. Making
    the renderer reads no content: its failure (an svglib that takes other arguments) is
    never the layer's."""
    renderer = _renderer(reference_root)
    try:
        return _render(renderer, layer)
    except Exception as exc:  # the layer's fault only if svglib draws KNOWN_GOOD
        raise cannot_draw(exc, origin) from exc


def _renderer(reference_root: Path) -> Any:
    from svglib.svglib import SvgRenderer

    fonts.register_svglib()
    images_checked_by_header()
    base = reference_root.resolve()
    return SvgRenderer(str(base / "face.svg"), external_reference_root=str(base))


def _render(renderer: Any, layer: etree._Element) -> tuple[Any, list[str]]:
    import logging

    from pnp.render.rlspeed import remembering_attributes

    collect = _collector()
    log = logging.getLogger("svglib")
    log.addHandler(collect)
    try:
        with remembering_attributes(renderer) as remembering:
            drawing = remembering.render(layer)
    finally:
        log.removeHandler(collect)
    drawing.initialFontName = fonts.REGULAR  # else renderPDF adds Helvetica
    return drawing, list(dict.fromkeys(collect.lines))


class _ImageHeader:
    """What svglib's xlink_href_target asks of reportlab's PDFImage(path, 0, 0): an OSError
    when the file is no image. PDFImage decodes the whole image and compresses it again
    to say so (a third of a photo deck's build, thrown away); the header says it alike
    (Pillow's UnidentifiedImageError is an OSError). pnp.render.drawable has already read
    the header and the pixel count of every image a face names."""

    def __init__(self, path: str, x: float, y: float) -> None:
        from PIL import Image

        with Image.open(path):
            pass


def images_checked_by_header() -> None:
    """svglib's check of each raster file (xlink_href_target), by its header only; left
    as it is where svglib's xlink_href_target is not the one checked (UPSTREAM)."""
    import svglib.svglib as svglib_module

    from pnp.render.rlspeed import unchanged

    if vars(svglib_module).get("PDFImage") is _ImageHeader:
        return
    if unchanged("svglib.svglib:SvgRenderer.xlink_href_target"):
        svglib_module.PDFImage = _ImageHeader  # type: ignore[attr-defined]


def cannot_draw(exc: Exception, origin: str | None) -> ContentError:
    """The layer's problem that `exc`, raised by svglib or renderPDF on it, is. When they
    fail on KNOWN_GOOD as well, the fault is theirs or pnp's: `exc` itself is raised
    again, for the CLI to report as an internal error."""
    if not renderer_works():
        raise exc
    return ContentError(f"the SVG cannot be drawn: {type(exc).__name__}: {exc}", origin)


def renderer_works() -> bool:
    """Whether svglib and renderPDF, called as pnp calls them, draw KNOWN_GOOD. Asked
    only when a layer has failed, and asked afresh each time (a few milliseconds)."""
    try:
        from reportlab.graphics import renderPDF
        from reportlab.pdfgen.canvas import Canvas

        drawing, _ = _render(_renderer(Path(__file__).parent), etree.fromstring(KNOWN_GOOD))
        renderPDF.draw(drawing, Canvas(io.BytesIO()), 0, 0)
    except Exception:  # noqa: BLE001 - any failure on KNOWN_GOOD is the renderer's
        return False
    return True
