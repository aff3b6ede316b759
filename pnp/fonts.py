"""The embedded font: Fira Sans (SIL OFL), shipped as data by the fontpkg-fira-sans package.

Registered once with reportlab (embedded and subset in every PDF) and with svglib so
SVG `font-family="Fira Sans"` resolves to it; never a silent Helvetica fallback.
"""

from __future__ import annotations

import functools
from pathlib import Path

FAMILY = "Fira Sans"
REGULAR = "FiraSans"
BOLD = "FiraSans-Bold"
FILES = {REGULAR: "FiraSans-Regular.ttf", BOLD: "FiraSans-Bold.ttf"}


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
    """Register regular and bold with reportlab and svglib (idempotent)."""
    from reportlab.lib.fonts import addMapping
    from reportlab.pdfbase import pdfmetrics
    from svglib.fonts import register_font

    regular, bold = _face(False), _face(True)
    pdfmetrics.registerFont(regular)
    pdfmetrics.registerFont(bold)
    addMapping(REGULAR, 0, 0, REGULAR)
    addMapping(REGULAR, 1, 0, BOLD)
    addMapping(REGULAR, 0, 1, REGULAR)
    addMapping(REGULAR, 1, 1, BOLD)
    for family in (FAMILY, REGULAR):
        register_font(family, str(font_dir() / FILES[REGULAR]), rlgFontName=REGULAR)
        register_font(family, str(font_dir() / FILES[BOLD]), weight="bold", rlgFontName=BOLD)


@functools.cache
def charset() -> frozenset[int]:
    """Code points the font can draw (regular and bold cover the same set)."""
    face = _face(False)
    return frozenset(face.face.charToGlyph)  # type: ignore[attr-defined]


def missing_glyphs(text: str) -> list[str]:
    have = charset()
    return sorted({ch for ch in text if ord(ch) not in have and not ch.isspace()})


def string_width(text: str, size: float, bold: bool = False) -> float:
    """Width in points, with the real metrics of the embedded font."""
    register()
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, BOLD if bold else REGULAR, size)
