"""The PDF a canvas writes: a reproducible canvas, forms that carry every resource they
use, pages compressed as soon as they are finished, and the file's bytes held once.
Same bytes as reportlab would write; less memory and time for a large deck. What is
drawn on the canvas is painter.SvgPainter's.
"""

from __future__ import annotations

import functools
import hashlib
import io
from collections.abc import Iterator
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
    from pnp.draw.images import Span
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
    (BytesIO.getvalue shares its bytes when nothing else holds them: no copy).

    An image stream passed through from its file (images.ImageXObject) is not read here:
    its object holds a token in its place (`splice`), which `add` replaces by the file's
    spans, counted at their length, so every offset stays right. From SPLICE_FROM bytes
    of them on, the PDF is handed over as `Spliced` (its files read as it is written);
    below, as bytes."""

    def __init__(self, *args: Any) -> None:
        self._parts: list[bytes | Span] = []  # before `data`: bytes and spans of files
        self._tokens: dict[bytes, tuple[Span, ...]] = {}
        super().__init__(*args)  # writes the header into its list
        self.data = io.BytesIO()
        self.data.write(b"".join(self.strings))
        self.strings = []
        self.write = self.data.write

    def splice(self, spans: tuple[Span, ...]) -> bytes:
        """A token to stand for `spans` in the object being formatted."""
        token = b"\x00pnp-splice-%d\x00" % (len(self._parts) + len(self._tokens))
        self._tokens[token] = spans
        return token

    def add(self, s: Any) -> int:
        if not self._tokens:
            return super().add(s)  # type: ignore[no-any-return]
        s = pdfdoc.pdfdocEnc(s)
        start = self.offset
        for token, spans in self._tokens.items():
            head, found, s = s.partition(token)
            if not found:
                raise ValueError("an image stream's place was lost")  # pnp's bug
            self.data.write(head)
            self._parts.append(self.data.getvalue())
            self._parts.extend(spans)
            self.data = io.BytesIO()
            self.write = self.data.write
            self.offset += len(head) + sum(span.length for span in spans)
        self._tokens.clear()
        self.offset += len(s)
        self.write(s)
        return start

    def format(self, document: Any) -> bytes | Spliced:
        if not self._parts:
            return self.data.getvalue()
        whole = Spliced([*self._parts, self.data.getvalue()])
        return whole if whole.spliced >= SPLICE_FROM else bytes(whole)


SPLICE_FROM = 4 * 2**20  # bytes of image files: from here a PDF reads them as it is written


class Spliced:
    """A PDF's bytes, parts of them image files' spans read only when the PDF is written
    (`chunks`): a deck of 500 photos is not held in memory."""

    def __init__(self, parts: list[bytes | Span]) -> None:
        self.parts = parts
        self.spliced = sum(p.length for p in parts if not isinstance(p, bytes))
        self._length = self.spliced + sum(len(p) for p in parts if isinstance(p, bytes))

    def __len__(self) -> int:
        return self._length

    def chunks(self) -> Iterator[bytes]:
        for part in self.parts:
            yield part if isinstance(part, bytes) else part.read()

    def __bytes__(self) -> bytes:
        return b"".join(self.chunks())

    def sha256(self) -> str:
        """The hex sha256 of the bytes, its image files read a span at a time."""
        digest = hashlib.sha256()
        for chunk in self.chunks():
            digest.update(chunk)
        return digest.hexdigest()


def sha256_of(data: bytes | Spliced) -> str:
    """The hex sha256 of a PDF's bytes, whether held or spliced."""
    return hashlib.sha256(data).hexdigest() if isinstance(data, bytes) else data.sha256()


class PdfBytes:
    """The file a canvas saves into: the PDF's bytes kept as reportlab hands them over,
    not copied into a growing buffer and out again (a large deck is held once, not three
    times, while it is saved). With `splice`, a PDF with many image files' bytes in it is
    kept as `Spliced` (for the write stage: pipeline.build, write.output); without, as
    bytes (what export and pads read with other tools)."""

    def __init__(self, splice: bool = False) -> None:
        self._parts: list[bytes | Spliced] = []
        self.splice = splice

    def write(self, data: bytes | Spliced) -> int:
        if not isinstance(data, bytes) and not self.splice:
            data = bytes(data)
        self._parts.append(data)
        return len(data)

    def getvalue(self) -> bytes | Spliced:
        if len(self._parts) != 1:
            self._parts = [b"".join(map(bytes, self._parts))]
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
    _share_resources(canvas, page)


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


def _share_resources(canvas: Canvas, page: Any) -> None:
    """Pages with the same resources (every fronts page of a deck, every backs page) name
    one resource dictionary, an object of its own, instead of each writing it out (~200
    bytes a page: 0.45 MB of a 10,000-card deck); a page neither turned nor given a
    transition leaves out /Rotate 0 and an empty /Trans, as PDF reads their absence."""
    if page.__dict__.get("Resources") is not None:
        return
    parts = []
    for name in ("XObjects", "ExtGState"):
        value = page.__dict__.get(name)
        if value is None:
            parts.append(())
        elif type(value) is pdfdoc.PDFDictionary and all(
                type(v) is pdfdoc.PDFObjectReference for v in value.dict.values()):
            parts.append(tuple((k, v.name) for k, v in value.dict.items()))
        else:
            return  # a dictionary of another shape: reportlab writes it as always
    colours = tuple(sorted(getattr(page, "_colorsUsed", {}).items()))
    shading = tuple(sorted(getattr(page, "_shadingUsed", {}).items()))
    key = (bool(page.__dict__.get("hasImages")), *parts, colours, shading)
    shared: dict[tuple, pdfdoc.PDFObjectReference] = canvas.__dict__.setdefault(
        "_pnp_resources", {})
    ref = shared.get(key)
    if ref is None:  # what PDFPage.check_format would make, once
        res = pdfdoc.PDFResourceDictionary()
        res.basicFonts()
        if key[0]:
            res.allProcs()
        if page.__dict__.get("XObjects") is not None:
            res.XObject = page.XObjects
        if page.__dict__.get("ExtGState") is not None:
            res.ExtGState = page.ExtGState
        res.setShading(dict(shading))
        res.setColorSpace(dict(colours))
        ref = shared[key] = canvas._doc.Reference(res)
    page.Resources = ref
    if page.__dict__.get("Rotate") == 0:
        page.Rotate = None
    trans = page.__dict__.get("Trans")
    if type(trans) is pdfdoc.PDFDictionary and not trans.dict:
        page.Trans = None


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
    # no ASCII85 on any stream: a PDF is a binary file (ASCII85 made it 14.7 % larger, in
    # pure Python, for nothing a printer or a viewer needs)
    rl_config.useA85 = 0
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
