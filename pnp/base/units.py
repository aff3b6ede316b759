"""Lengths, paper and item size presets. Everything inside pnp is in points (1/72 in)."""

from __future__ import annotations

import re

MM = 72.0 / 25.4
INCH = 72.0

_UNITS = {"mm": MM, "cm": 10 * MM, "in": INCH, "pt": 1.0}
_NUMBER = r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)"  # plain decimal: no 1_0, 1e3, inf or nan
_PLAIN = re.compile(rf"^\s*({_NUMBER})\s*$")
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210 * MM, 297 * MM),
    "letter": (8.5 * INCH, 11 * INCH),
}

CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5 * MM, 88 * MM),
    "bridge": (57 * MM, 89 * MM),
    "mini": (44 * MM, 63 * MM),
    "tarot": (70 * MM, 120 * MM),
    "square": (70 * MM, 70 * MM),
}


def parse_length(text: str | int | float) -> float:
    """'63.5mm', '2.5in', '10pt' → points. A bare number is taken as mm."""
    if isinstance(text, bool):
        raise ValueError(f"not a length: {text!r}")
    if isinstance(text, int | float):
        return float(text) * MM
    m = _LENGTH.match(str(text))
    if not m:
        raise ValueError(f"not a length (use e.g. 3mm, 0.125in, 9pt): {text!r}")
    return float(m.group(1)) * _UNITS[m.group(2)]


def parse_number(text: str) -> float:
    """A plain decimal number as people write one ('1', '-0.5', '.5'). Python's float()
    also takes '1_0' (10), '1e3' and 'inf': as a length those are typing slips, refused
    with ValueError like any malformed number."""
    m = _PLAIN.match(text)
    if not m:
        raise ValueError(f"not a number: {text!r}")
    return float(m.group(1))


def parse_size(text: str) -> tuple[float, float]:
    """A preset name ('poker') or 'W x H' with units ('63.5mm x 88mm', '40mm' for a square)."""
    key = str(text).strip().lower()
    if key in CARD_SIZES:
        return CARD_SIZES[key]
    parts = [p for p in re.split(r"\s*[x×]\s*", key) if p]
    if len(parts) == 1:
        side = parse_length(parts[0])
        return side, side
    if len(parts) == 2:
        return parse_length(parts[0]), parse_length(parts[1])
    names = ", ".join(CARD_SIZES)
    raise ValueError(f"not a size (a preset: {names}; or e.g. 63.5mm x 88mm): {text!r}")


def to_mm(points: float) -> float:
    return points / MM
