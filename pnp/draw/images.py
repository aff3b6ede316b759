"""Raster images in the PDF as their files hold them: each distinct image (by its bytes)
one image XObject, however often and wherever it is drawn, its compressed data passed
through where PDF reads the format as it is:

- a PNG of 8 bits or fewer a sample, not interlaced, without transparency (grey, RGB or a
  palette, as Indexed): its IDAT data as FlateDecode with the PNG predictor (15), the
  Colors, BitsPerComponent and Columns its header states;
- a JPEG: its bytes as DCTDecode (a CMYK one inverted, as Adobe writes them and reportlab
  read them);
- any other PNG (16 bits, interlaced, alpha or a transparent colour) is decoded with
  Pillow once and encoded again as an 8-bit PNG, its alpha a soft mask of its own.

Pillow reads the files (its PNG chunk reader; its JPEG header); nothing is decoded that
PDF can take as it is. Data passed through is not held: the stream names the spans of its
file (`Span`), which pdf.PackedFile leaves for the write to read (`Spliced`). What a
browser shows is what prints: a see-through pixel shows what lies under it."""

from __future__ import annotations

import hashlib
import io
import os
import struct
from dataclasses import dataclass, field
from typing import Any

from reportlab.pdfbase import pdfdoc

from pnp.base.errors import InputError

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_PNG_COLOURS = {0: 1, 2: 3, 3: 1}  # colour type: samples a pixel (those passed through)
COMPRESS_LEVEL = 3  # zlib's, for what pnp encodes again (_encoded)


@dataclass(frozen=True)
class Span:
    """`length` bytes of a file from `offset`: part of an image's stream, read when the PDF
    is written; the file must be as it was when the image was read (`size`, `mtime_ns`)."""

    path: str
    offset: int
    length: int
    size: int
    mtime_ns: int

    def read(self) -> bytes:
        with open(self.path, "rb") as fh:
            st = os.fstat(fh.fileno())
            fh.seek(self.offset)
            data = fh.read(self.length)
        if (st.st_size, st.st_mtime_ns) != (self.size, self.mtime_ns) or \
                len(data) != self.length:
            raise InputError("changed while its PDF was being made: build again", self.path)
        return data


@dataclass
class Picture:
    """One image XObject: its dictionary (beside Type, Subtype and Length), its stream
    (spans of a file, or bytes) and its soft mask."""

    digest: str  # of the file's bytes: one XObject for each distinct image
    width: int
    height: int
    entries: dict[str, Any]
    spans: tuple[Span, ...] = ()
    data: bytes = b""
    smask: Picture | None = None
    length: int = field(init=False)

    def __post_init__(self) -> None:
        self.length = sum(s.length for s in self.spans) if self.spans else len(self.data)


def read_picture(path: str, spill: Any = None) -> Picture:
    """The XObject of a PNG or JPEG file (drawable.py has checked it is one, and its
    size); what must be encoded again goes to the temporary file `spill()` gives."""
    with open(path, "rb") as fh:
        st = os.fstat(fh.fileno())
        raw = fh.read()
    digest = hashlib.sha256(raw).hexdigest()
    if raw.startswith(PNG_SIGNATURE):
        passed = _png_as_is(path, raw, digest, st.st_size, st.st_mtime_ns)
        if passed is not None:
            return passed
        return _decoded(raw, digest, spill)
    return _jpeg(path, raw, digest, st)


def _png_as_is(path: str, raw: bytes, digest: str, size: int,
               mtime_ns: int) -> Picture | None:
    """The PNG's own IDAT data as the stream, or None when PDF cannot take it as it is."""
    from PIL import PngImagePlugin

    fp = io.BytesIO(raw)
    fp.seek(len(PNG_SIGNATURE))
    chunks = PngImagePlugin.ChunkStream(fp)  # type: ignore[no-untyped-call]
    header, palette, spans = None, b"", []
    view = memoryview(raw)
    try:
        while True:
            cid, pos, length = chunks.read()
            fp.seek(pos + length)
            try:  # what is passed through must be what the file's checksums say
                chunks.crc(cid, view[pos:pos + length])  # type: ignore[arg-type]
            except SyntaxError as exc:
                raise OSError(f"image {os.path.basename(path)}: {exc}") from exc
            if cid == b"IHDR":
                header = struct.unpack(">IIBBBBB", raw[pos:pos + 13])
            elif cid == b"PLTE":
                palette = raw[pos:pos + length]
            elif cid == b"tRNS":
                return None  # a transparent colour: a soft mask, decoded
            elif cid == b"IDAT":
                spans.append(Span(path, pos, length, size, mtime_ns))
            elif cid == b"IEND":
                break
    except (SyntaxError, struct.error, ValueError):
        return None  # Pillow decodes what it can, or says why not
    if header is None or not spans:
        return None
    width, height, depth, colour, _, _, interlace = header
    if colour not in _PNG_COLOURS or depth > 8 or interlace or (colour == 3 and not palette):
        return None
    space: Any = pdfdoc.PDFName("DeviceGray" if colour == 0 else "DeviceRGB")
    if colour == 3:
        space = pdfdoc.PDFArray([pdfdoc.PDFName("Indexed"), pdfdoc.PDFName("DeviceRGB"),
                                 len(palette) // 3 - 1, pdfdoc.PDFString(palette)])
    return Picture(digest, width, height, {
        "ColorSpace": space, "BitsPerComponent": depth,
        "Filter": pdfdoc.PDFName("FlateDecode"),
        "DecodeParms": pdfdoc.PDFDictionary({
            "Predictor": 15, "Colors": _PNG_COLOURS[colour], "BitsPerComponent": depth,
            "Columns": width})}, spans=tuple(spans))


def _decoded(raw: bytes, digest: str, spill: Any = None) -> Picture:
    """A PNG PDF cannot take as it is, decoded and encoded again (8 bits, not interlaced),
    its alpha, when it has any, a soft mask."""
    from PIL import Image

    with Image.open(io.BytesIO(raw)) as im:
        im.load()
        if im.mode in ("I", "I;16", "I;16B", "I;16L"):  # 16-bit grey: scaled to 8 bits
            im = im.convert("I").point(lambda v: v * (1 / 257)).convert("L")
        see_through = "A" in im.getbands() or "transparency" in im.info
        if see_through:
            im = im.convert("RGBA")
            colour, alpha = im.convert("RGB"), im.getchannel("A")
        else:
            colour, alpha = im.convert("L" if im.mode in ("1", "L") else "RGB"), None
    picture = _encoded(colour, digest, spill)
    if alpha is not None and alpha.getextrema() != (255, 255):
        picture.smask = _encoded(alpha, digest + "-alpha", spill)
    return picture


def _encoded(im: Any, digest: str, spill: Any = None) -> Picture:
    """A decoded image as an 8-bit PNG's IDAT data (Pillow's filters compress better than
    zlib alone), spilled to the temporary file `spill()` gives, else held in memory.
    zlib's level 3: 4x faster than its default 6 on a photo-like card picture, its data
    ~10 % larger and still smaller than a PNG with alpha holding it."""
    out = io.BytesIO()
    im.save(out, "PNG", compress_level=COMPRESS_LEVEL)
    raw = out.getvalue()
    passed = _png_as_is("", raw, digest, 0, 0)
    assert passed is not None  # an 8-bit, not interlaced L or RGB PNG
    data = b"".join(raw[s.offset:s.offset + s.length] for s in passed.spans)
    if spill is not None:
        try:
            file = spill()
            file.seek(0, os.SEEK_END)
            offset = file.tell()
            file.write(data)
            file.flush()
        except OSError:  # no room for temporary files: held in memory, as it can
            pass
        else:
            passed.spans = (Held(file, offset, len(data)),)
            return passed
    passed.data, passed.spans = data, ()
    return passed


def _spill_of(canvas: Any) -> Any:
    """The canvas's temporary file for the images pnp encodes, made when first needed
    (deleted once the canvas and the PDF's bytes are let go)."""
    file = canvas.__dict__.get("_pnp_spill")
    if file is None:
        import tempfile

        file = canvas.__dict__["_pnp_spill"] = tempfile.TemporaryFile()
    return file


@dataclass(frozen=True)
class Held:
    """`length` bytes at `offset` of a temporary file: an image pnp encoded itself, put
    aside until the PDF is written, so that a deck of pictures with alpha is not held in
    memory. The file is deleted when the last reference to it goes; sent to another
    process, the bytes themselves go."""

    file: Any
    offset: int
    length: int

    def read(self) -> bytes:
        if hasattr(os, "pread"):
            return os.pread(self.file.fileno(), self.length, self.offset)
        self.file.seek(self.offset)
        return bytes(self.file.read(self.length))

    def __reduce__(self) -> tuple[Any, tuple[bytes]]:
        return (InMemory, (self.read(),))


@dataclass(frozen=True)
class InMemory:
    """Bytes standing where a file's span would (a Held sent from another process)."""

    data: bytes

    @property
    def length(self) -> int:
        return len(self.data)

    def read(self) -> bytes:
        return self.data


def _jpeg(path: str, raw: bytes, digest: str, st: os.stat_result) -> Picture:
    from PIL import Image

    with Image.open(io.BytesIO(raw)) as im:
        width, height = im.size
        mode = im.mode
    entries: dict[str, Any] = {
        "ColorSpace": pdfdoc.PDFName({"L": "DeviceGray", "CMYK": "DeviceCMYK"}.get(
            mode, "DeviceRGB")),
        "BitsPerComponent": 8, "Filter": pdfdoc.PDFName("DCTDecode")}
    if mode == "CMYK":
        entries["Decode"] = pdfdoc.PDFArray([1, 0] * 4)
    return Picture(digest, width, height, entries,
                   spans=(Span(path, 0, len(raw), st.st_size, st.st_mtime_ns),))


class ImageXObject(pdfdoc.PDFObject):
    """A Picture as a PDF stream object. Spans of a file are not read here: the file's
    bytes go into the PDF as it is written (pdf.PackedFile.splice)."""

    __RefOnly__ = 1

    def __init__(self, picture: Picture, smask: Any = None) -> None:
        self.picture = picture
        self.smask = smask  # a reference to the soft mask's XObject

    def format(self, document: Any) -> bytes:
        pic = self.picture
        entries = {"Type": pdfdoc.PDFName("XObject"), "Subtype": pdfdoc.PDFName("Image"),
                   "Width": pic.width, "Height": pic.height, **pic.entries}
        if self.smask is not None:
            entries["SMask"] = self.smask
        entries["Length"] = pic.length
        head = pdfdoc.format(pdfdoc.PDFDictionary(entries), document) + b"\nstream\n"
        if not pic.spans:
            return head + pic.data + b"\nendstream\n"
        collector = document.__accum__  # the file being formatted (PDFDocument.format)
        return head + collector.splice(pic.spans) + b"\nendstream\n"


def draw_image(canvas: Any, path: str, x: float, y: float, w: float, h: float) -> None:
    """Draw the image file at `path` in the box (x, y, w, h), its XObject made the first
    time its bytes are met on this canvas (reportlab's drawImage, without decoding)."""
    doc = canvas._doc
    known: dict[str, str] = canvas.__dict__.setdefault("_pnp_images", {})
    name = known.get(path)
    if name is None:
        picture = read_picture(path, lambda: _spill_of(canvas))
        name = known[path] = f"I{picture.digest[:24]}"
        if doc.getXObjectName(name) not in doc.idToObject:
            smask = None
            if picture.smask is not None:
                smask = doc.Reference(ImageXObject(picture.smask),
                                      doc.getXObjectName(f"{name}a"))
            doc.Reference(ImageXObject(picture, smask), doc.getXObjectName(name))
    canvas._currentPageHasImages = 1
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(w, h)
    canvas._code.append(f"/{doc.getXObjectName(name)} Do")
    canvas.restoreState()
    canvas._formsinuse.append(name)
