"""The embedded font: Fira Sans (SIL OFL), shipped as data by the fontpkg-fira-sans package.

Registered with reportlab (embedded and subset in every PDF that uses it) and with svglib
so SVG `font-family="Fira Sans"` resolves to it; never a silent Helvetica fallback.
Regular and bold are parsed once a run; italic and bold italic only when a document
sets text in them (`need`, and svglib asking for an italic of Fira Sans).
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from pathlib import Path
from struct import unpack_from

FAMILY = "Fira Sans"
REGULAR = "FiraSans"
BOLD = "FiraSans-Bold"
ITALIC = "FiraSans-Italic"
BOLD_ITALIC = "FiraSans-BoldItalic"
FILES = {REGULAR: "FiraSans-Regular.ttf", BOLD: "FiraSans-Bold.ttf",
         ITALIC: "FiraSans-Italic.ttf", BOLD_ITALIC: "FiraSans-BoldItalic.ttf"}
FACES = tuple(FILES)  # the reportlab names of every face pnp embeds
_STYLES = {(False, False): REGULAR, (True, False): BOLD, (False, True): ITALIC,
           (True, True): BOLD_ITALIC}


HAVE = f"{FAMILY} regular, bold, italic and bold italic"  # what messages say pnp embeds


def face_name(bold: bool = False, italic: bool = False) -> str:
    """The reportlab name of the face of that weight and style."""
    return _STYLES[bool(bold), bool(italic)]


def style_of(font: str) -> tuple[bool, bool]:
    """(bold, italic) of one of FACES; another font measures as regular."""
    return font in (BOLD, BOLD_ITALIC), font in (ITALIC, BOLD_ITALIC)


def unavailable(font: str) -> str:
    """What text set in `font` (a font pnp does not embed) is told, after "is set in".
    A slanted face svglib put in ('Helvetica-Oblique' for an italic Arial, a system
    'Sans-Oblique' for font-style="oblique") is said to be one, with the italic pnp has."""
    if "italic" in font.lower() or "oblique" in font.lower():
        return (f"'{font}', a slanted font pnp does not embed: it prints italic only as "
                f"font-family=\"{FAMILY}\" font-style=\"italic\" (it embeds {HAVE})")
    return f"'{font}', a font pnp does not embed (use font-family=\"{FAMILY}\")"


def stand_in(embedded: str) -> str:
    """What a PDF embedding `embedded` (not Fira Sans) is told: svglib drew some text in
    a system font for a font or style pnp does not have (an italic comes out as
    DejaVuSans-Oblique); the text it belongs to is named by its own message."""
    return (f"embeds the font {embedded}, which svglib put in for a font or style pnp "
            f"does not have; pnp embeds only {HAVE}")


def font_dir() -> Path:
    import fontpkg_fira_sans

    return Path(fontpkg_fira_sans.__file__).resolve().parent / "files"


def _face(bold: bool, italic: bool = False) -> object:
    """The parsed face (a reportlab TTFont) of that weight and style."""
    return _parsed(face_name(bold, italic))


@functools.cache
def _parsed(name: str) -> object:
    from reportlab.pdfbase.ttfonts import TTFont

    return TTFont(name, str(font_dir() / FILES[name]))


@functools.cache
def register() -> None:
    """Register regular and bold with reportlab, and the family's four faces for
    `tt2ps` (idempotent). The italics are named but not parsed here: `need` reads one
    when a document first sets text in it."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics

    pdfmetrics.registerFont(_parsed(REGULAR))
    pdfmetrics.registerFont(_parsed(BOLD))
    for (bold, italic), name in _STYLES.items():
        addMapping(REGULAR, int(bold), int(italic), name)


@functools.cache
def need(font: str) -> None:
    """Make sure reportlab has `font` (one of FACES) before text is set in it: an italic
    is parsed (~6-9 ms) and registered the first time a document uses it, in the process
    that draws or measures it (text runs made in a worker are drawn in the parent)."""
    register()
    if font in (ITALIC, BOLD_ITALIC):
        from reportlab.pdfbase import pdfmetrics

        pdfmetrics.registerFont(_parsed(font))


@functools.cache
def register_svglib() -> None:
    """Tell svglib that `font-family="Fira Sans"` is the registered font (idempotent).

    Called only before svglib draws, since importing svglib costs ~90 ms. svglib's
    `register_font` parses the file again and registers that new copy with reportlab;
    it is handed the faces already parsed instead, so the font is read once a run
    (~8 ms a parse) and reportlab keeps the same font objects mid-document. The italics
    are registered when svglib first asks for an italic of Fira Sans (its font map's
    `find_font`), so an SVG without italic parses neither."""
    import svglib.fonts as svg_fonts

    register()
    _svglib_faces(svg_fonts, (REGULAR, BOLD))
    font_map = svg_fonts.get_global_font_map()
    plain = font_map.find_font
    ours = {FAMILY.lower(), REGULAR.lower()}

    def find_font(font_name: str, weight: str = "normal",
                  style: str = "normal") -> tuple[str, bool]:
        if style == "italic" and font_name.strip().lower() in ours:
            _register_svglib_italics()
        return plain(font_name, weight, style)

    font_map.find_font = find_font  # type: ignore[method-assign]


@functools.cache
def _register_svglib_italics() -> None:
    import svglib.fonts as svg_fonts

    need(ITALIC)
    need(BOLD_ITALIC)
    _svglib_faces(svg_fonts, (ITALIC, BOLD_ITALIC))


def _svglib_faces(svg_fonts: object, names: tuple[str, ...]) -> None:
    """Map `names` (faces already parsed) in svglib's font map, for both family names."""
    parsed = {(name, str(font_dir() / FILES[name])): _parsed(name) for name in names}
    real = svg_fonts.TTFont  # type: ignore[attr-defined]
    svg_fonts.TTFont = lambda name, path, *a, **k: (  # type: ignore[attr-defined]
        parsed.get((name, path)) or real(name, path, *a, **k))
    try:
        for family in (FAMILY, REGULAR):
            for name in names:
                bold, italic = style_of(name)
                svg_fonts.register_font(  # type: ignore[attr-defined]
                    family, str(font_dir() / FILES[name]),
                    weight="bold" if bold else "normal",
                    style="italic" if italic else "normal", rlgFontName=name)
    finally:
        svg_fonts.TTFont = real  # type: ignore[attr-defined]


@functools.cache
def charset() -> frozenset[int]:
    """Code points the font can draw (its four faces cover the same 1,687)."""
    face = _face(False)
    return frozenset(face.face.charToGlyph)  # type: ignore[attr-defined]


def missing_glyphs(text: str) -> list[str]:
    if _drawable().issuperset(text):  # the usual answer, found without a loop in Python
        return []
    have = charset()
    return sorted({ch for ch in text if ord(ch) not in have and not ch.isspace()})


@functools.cache
def _drawable() -> frozenset[str]:
    return frozenset(map(chr, charset()))


@functools.lru_cache(maxsize=512)  # a page's info line is measured to fit, then boxed
def string_width(text: str, size: float, bold: bool = False, italic: bool = False) -> float:
    """Width in points, with the real metrics of the embedded face: reportlab's own
    sum (pdfmetrics.stringWidth of a TrueType font), to the last bit."""
    return 0.001 * size * width_units(text, bold, italic)


def width_units(text: str, bold: bool = False, italic: bool = False) -> int:
    """A text's advance in font units (thousandths of its size). The font's widths are
    whole units, so the units of a line are exactly the sum of its words' and spaces':
    wrapping measures each word once, not every line so far again."""
    widths, missing = _widths(face_name(bold, italic))
    return sum(map(widths, map(ord, text), itertools.repeat(missing, len(text))))


@functools.cache
def _widths(name: str) -> tuple[Callable[[int, int], int], int]:
    need(name)
    face = _parsed(name).face  # type: ignore[attr-defined]
    return face.charWidths.get, face.defaultWidth


@functools.cache
def _glyph_box(name: str, code: int) -> tuple[int, int, int, int] | None:
    """(xMin, yMin, xMax, yMax) of a code point's glyph outline in face `name`, in font
    units (1000 an em); None when it has no glyph or no outline (a space).

    Read from the font's own `glyf` table through reportlab's parsed tables, so text
    boxes are the ink a glyph really has, not the font's generous line ascent. Each
    character is looked up when first asked (a deck uses a few dozen of ~1,700)."""
    face = _parsed(name).face  # type: ignore[attr-defined]
    glyph = face.charToGlyph.get(code)
    if glyph is None:
        return None
    start, end = face.glyphPos[glyph], face.glyphPos[glyph + 1]
    if end <= start:
        return None
    _, x_min, y_min, x_max, y_max = unpack_from(">hhhhh", face._ttf_data,
                                                face.table["glyf"]["offset"] + start)
    scale = 1000 / face.unitsPerEm
    return (round(x_min * scale), round(y_min * scale), round(x_max * scale),
            round(y_max * scale))


def ink_extent(text: str, font: str) -> tuple[float, float] | None:
    """(lowest, highest) ink of `text` in `font`, in ems above the baseline; None when
    nothing is inked (spaces only). A font pnp does not embed is measured as regular
    (preflight refuses it anyway)."""
    name = font if font in FILES else REGULAR
    have = charset()
    found = []
    for ch in text:
        box = _glyph_box(name, ord(ch))
        if box is not None:
            found.append(box[1::2])
        elif ord(ch) not in have and not ch.isspace():
            found.append((0, 700))  # no glyph: the .notdef box prints instead
    if not found:
        return None
    return min(lo for lo, _ in found) / 1000, max(hi for _, hi in found) / 1000


def slant_overhang(text: str, font: str) -> tuple[float, float]:
    """How far, in ems, an italic's slanted ink reaches left of where `text` starts and
    right of where its advance ends (an italic f or d leans past its advance: up to
    0.1 em). (0, 0) for the upright faces, whose boxes stay the advance width."""
    if font not in (ITALIC, BOLD_ITALIC):
        return 0.0, 0.0
    widths, missing = _widths(font)
    pen = left = right = 0
    for ch in text:
        box = _glyph_box(font, ord(ch))
        if box is not None:
            left, right = min(left, pen + box[0]), max(right, pen + box[2])
        pen += widths(ord(ch), missing)
    return -left / 1000, max(0, right - pen) / 1000
