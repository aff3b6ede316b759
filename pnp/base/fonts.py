"""The embedded font: Fira Sans (SIL OFL), shipped as data by the fontpkg-fira-sans package.

Registered once with reportlab (embedded and subset in every PDF) and with svglib so
SVG `font-family="Fira Sans"` resolves to it; never a silent Helvetica fallback.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from struct import unpack_from

FAMILY = "Fira Sans"
REGULAR = "FiraSans"
BOLD = "FiraSans-Bold"
FILES = {REGULAR: "FiraSans-Regular.ttf", BOLD: "FiraSans-Bold.ttf"}


HAVE = f"{FAMILY} regular and bold (it has no italic)"  # what messages say pnp embeds


def unavailable(font: str) -> str:
    """What text set in `font` (a font pnp does not embed) is told, after "is set in".
    svglib names an italic of Fira Sans 'Sans-Italic' or 'Sans-BoldItalic' and draws it
    in a system font (DejaVu) the user never asked for: the message says italic, and
    what pnp has."""
    if "italic" in font.lower() or "oblique" in font.lower():
        return (f"italic ('{font}'), which pnp cannot print: it embeds only {HAVE}; "
                f"remove font-style=\"italic\"")
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


@functools.cache
def _face(bold: bool) -> object:
    from reportlab.pdfbase.ttfonts import TTFont

    name = BOLD if bold else REGULAR
    return TTFont(name, str(font_dir() / FILES[name]))


@functools.cache
def register() -> None:
    """Register regular and bold with reportlab (idempotent)."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics

    pdfmetrics.registerFont(_face(False))
    pdfmetrics.registerFont(_face(True))
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, REGULAR)
    addMapping(REGULAR, 1, 1, BOLD)


@functools.cache
def register_svglib() -> None:
    """Tell svglib that `font-family="Fira Sans"` is the registered font (idempotent).

    Called only before svglib draws, since importing svglib costs ~90 ms. svglib's
    `register_font` parses the file again and registers that new copy with reportlab;
    it is handed the faces already parsed instead, so the font is read once a run
    (~8 ms a parse) and reportlab keeps the same font objects mid-document."""
    import svglib.fonts as svg_fonts

    register()
    parsed = {(name, str(font_dir() / FILES[name])): _face(name == BOLD) for name in FILES}
    real = svg_fonts.TTFont
    svg_fonts.TTFont = lambda name, path, *a, **k: (  # type: ignore[assignment]
        parsed.get((name, path)) or real(name, path, *a, **k))
    try:
        for family in (FAMILY, REGULAR):
            svg_fonts.register_font(family, str(font_dir() / FILES[REGULAR]),
                                    rlgFontName=REGULAR)
            svg_fonts.register_font(family, str(font_dir() / FILES[BOLD]), weight="bold",
                                    rlgFontName=BOLD)
    finally:
        svg_fonts.TTFont = real


@functools.cache
def charset() -> frozenset[int]:
    """Code points the font can draw (regular and bold cover the same set)."""
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
def string_width(text: str, size: float, bold: bool = False) -> float:
    """Width in points, with the real metrics of the embedded font: reportlab's own
    sum (pdfmetrics.stringWidth of a TrueType font), to the last bit."""
    return 0.001 * size * width_units(text, bold)


def width_units(text: str, bold: bool = False) -> int:
    """A text's advance in font units (thousandths of its size). The font's widths are
    whole units, so the units of a line are exactly the sum of its words' and spaces':
    wrapping measures each word once, not every line so far again."""
    widths, missing = _widths(bold)
    return sum(widths(ord(ch), missing) for ch in text)


@functools.cache
def _widths(bold: bool) -> tuple[Callable[[int, int], int], int]:
    register()
    face = _face(bold).face  # type: ignore[attr-defined]
    return face.charWidths.get, face.defaultWidth


@functools.cache
def _glyph_height(bold: bool, code: int) -> tuple[int, int] | None:
    """(yMin, yMax) of a code point's glyph outline, in font units (1000 an em); None
    when it has no glyph or no outline (a space).

    Read from the font's own `glyf` table through reportlab's parsed tables, so text
    boxes are the ink a glyph really has, not the font's generous line ascent. Each
    character is looked up when first asked (a deck uses a few dozen of ~1,700)."""
    face = _face(bold).face  # type: ignore[attr-defined]
    glyph = face.charToGlyph.get(code)
    if glyph is None:
        return None
    start, end = face.glyphPos[glyph], face.glyphPos[glyph + 1]
    if end <= start:
        return None
    _, _, y_min, _, y_max = unpack_from(">hhhhh", face._ttf_data,
                                        face.table["glyf"]["offset"] + start)
    scale = 1000 / face.unitsPerEm
    return round(y_min * scale), round(y_max * scale)


def ink_extent(text: str, font: str) -> tuple[float, float] | None:
    """(lowest, highest) ink of `text` in `font`, in ems above the baseline; None when
    nothing is inked (spaces only)."""
    bold = font == BOLD
    have = charset()
    found = []
    for ch in text:
        box = _glyph_height(bold, ord(ch))
        if box is not None:
            found.append(box)
        elif ord(ch) not in have and not ch.isspace():
            found.append((0, 700))  # no glyph: the .notdef box prints instead
    if not found:
        return None
    return min(lo for lo, _ in found) / 1000, max(hi for _, hi in found) / 1000
