"""Line wrapping and fitting with the embedded font's metrics (SVG cannot wrap text)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from pnp.base import fonts
from pnp.base.units import MM


@dataclass(frozen=True)
class Fitted:
    """Text broken into lines at the size that fits its box (`fits`: whether any does)."""

    lines: list[str]
    size: float  # font size in points
    line_height: float  # in mm, for placing one <tspan> per line
    fits: bool


def wrap(text: str, width_mm: float, size: float, bold: bool = False) -> list[str]:
    """Greedy word wrap to `width_mm`; explicit newlines are kept."""
    if type(text) is str:  # the same texts are wrapped on every render (papers, sizes)
        return list(_wrapped(text, width_mm, size, bold))
    return _wrap(str(text), width_mm, size, bold)


@lru_cache(maxsize=4096, typed=True)
def _wrapped(text: str, width_mm: float, size: float, bold: bool) -> tuple[str, ...]:
    return tuple(_wrap(text, width_mm, size, bold))


def _wrap(text: str, width_mm: float, size: float, bold: bool) -> list[str]:
    """A line's width is its words' and spaces' font units added up (fonts.width_units):
    the same number as measuring the whole line, found without measuring it again."""
    width = width_mm * MM
    space = fonts.width_units(" ", bold)
    lines: list[str] = []
    for para in text.split("\n"):
        current, units = "", 0
        for word in para.split():
            word_units = fonts.width_units(word, bold)
            if not current:
                current, units = word, word_units
            elif 0.001 * size * (units + space + word_units) <= width:
                current, units = f"{current} {word}", units + space + word_units
            else:
                lines.append(current)
                current, units = word, word_units
        lines.append(current)
    return lines


def fit(text: str, width_mm: float, height_mm: float, size: float, min_size: float = 6.0,
        bold: bool = False, leading: float = 1.2) -> Fitted:
    """Largest size ≤ `size` (steps of 0.5 pt) at which the text fits the box (worked
    out once for the same text and box: every render of a validate fits it again)."""
    if type(text) is not str:
        return _fit(str(text), width_mm, height_mm, size, min_size, bold, leading)
    found = _fitted(text, width_mm, height_mm, size, min_size, bold, leading)
    return Fitted(list(found.lines), found.size, found.line_height, found.fits)


@lru_cache(maxsize=4096, typed=True)
def _fitted(text: str, width_mm: float, height_mm: float, size: float, min_size: float,
            bold: bool, leading: float) -> Fitted:
    return _fit(text, width_mm, height_mm, size, min_size, bold, leading)


def _fit(text: str, width_mm: float, height_mm: float, size: float, min_size: float,
         bold: bool, leading: float) -> Fitted:
    s = size
    while True:
        lines = wrap(text, width_mm, s, bold)
        widest = max((fonts.string_width(line, s, bold) for line in lines), default=0.0)
        height = len(lines) * s * leading / MM
        fits = widest <= width_mm * MM + 0.01 and height <= height_mm + 0.01
        if fits or s - 0.5 < min_size:
            return Fitted(lines, s, s * leading / MM, fits)
        s -= 0.5
