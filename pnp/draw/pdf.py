"""The PDF a canvas writes: a reproducible canvas, forms that carry every resource they
use, pages compressed as soon as they are finished, and the file's bytes held once.
Same bytes as reportlab would write; less memory and time for a large deck. What is
drawn on the canvas is painter.SvgPainter's.
"""

from __future__ import annotations

import functools
import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab import rl_config
from reportlab.pdfbase import pdfdoc
from reportlab.pdfgen.canvas import Canvas

from pnp.base import fonts
from pnp.draw import resources as pdfcheck
from pnp.render import rlspeed

if TYPE_CHECKING:
    from pnp.load.model import Component, Game


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


@dataclass(frozen=True)
class About:
    """What a PDF says of itself (a viewer's document properties; screen readers read
    its language): the title players know, in the language it is printed in."""

    title: str
    lang: str | None = None  # a language code (en, pt-BR): the catalogue's /Lang
    author: str = ""  # game.yaml's `author`; pnp is the Creator and Producer, not this


def about(game: Game, comp: Component, lang: str | None, what: str = "") -> About:
    """A component's PDF: "<game>: <component title in lang>[ what]", by the game's author."""
    title = f"{game.spec.name}: {comp.spec.title_in(lang)}" + (f" {what}" if what else "")
    return About(title, lang, game.spec.author or "")


def new_canvas(path: Path | Any, page_w: float, page_h: float, title: str | About) -> Canvas:
    """A canvas with reproducible output: no timestamps, fixed ids."""
    info = title if isinstance(title, About) else About(title)
    fonts.register()
    rlspeed.install()
    # the collector every document of this process saves through (pnp signs no PDF:
    # reportlab's signing reads the collector's list of parts, which this one has not)
    pdfdoc.PDFFile = PackedFile
    c = Canvas(path, pagesize=(page_w, page_h), invariant=1, pageCompression=1,
               initialFontName=fonts.REGULAR, initialFontSize=8, lang=info.lang or None)
    c.setTitle(info.title)
    c.setAuthor(info.author)
    c.setCreator("pnp")
    c.setProducer("pnp")
    return c
