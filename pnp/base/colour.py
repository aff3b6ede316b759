"""Colour differences as players see them: in greyscale print and with colour-vision
deficiency. sRGB (D65) → CIE L*a*b*; CVD simulated with the matrices of Machado,
Oliveira and Fernandes (2009) at full severity, applied to linear RGB.

Thresholds (documented in the README): two colours that players must tell apart need
ΔL* ≥ 20 (what is left of them in greyscale) and ΔE*ab (CIE 1976) ≥ 20 under the
deuteranopia and the protanopia simulation, or a printed non-colour cue.

Written out here rather than imported: these are a few standard formulas, and the
colour libraries that have them cost 100+ ms to import on every build. The tests
compare these numbers with coloraide's.
"""

from __future__ import annotations

import re

RGB = tuple[float, float, float]  # sRGB, 0..1
Lab = tuple[float, float, float]

GREY_MIN = 20.0  # ΔL*: tell apart in black-and-white print
CVD_MIN = 20.0  # ΔE*ab under each colour-vision simulation

_PROTAN = ((0.152286, 1.052583, -0.204868),
           (0.114503, 0.786281, 0.099216),
           (-0.003882, -0.048116, 1.051998))
_DEUTAN = ((0.367322, 0.860646, -0.227968),
           (0.280085, 0.672501, 0.047413),
           (-0.011820, 0.042940, 0.968881))
_TO_XYZ = ((0.4124564, 0.3575761, 0.1804375),
           (0.2126729, 0.7151522, 0.0721750),
           (0.0193339, 0.1191920, 0.9503041))
_WHITE = (0.95047, 1.0, 1.08883)  # D65


_HEX_COLOUR = re.compile(r"#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})")


def is_colour(value: object) -> bool:
    """A colour as SVG and pnp take it: #rgb, #rrggbb or a colour name ('red')."""
    if not isinstance(value, str):
        return False
    from reportlab.lib.colors import getAllNamedColors

    return bool(_HEX_COLOUR.fullmatch(value)) or value.lower() in getAllNamedColors()


def parse_hex(value: str) -> RGB:
    """'#d2382c' or '#fff' → (r, g, b) in 0..1."""
    h = value.strip().lstrip("#")
    if len(h) == 3:
        h = "".join(c * 2 for c in h)
    if len(h) != 6:
        raise ValueError(f"not a #rrggbb colour: {value!r}")
    return int(h[0:2], 16) / 255, int(h[2:4], 16) / 255, int(h[4:6], 16) / 255


def parse(value: str) -> RGB:
    """Any colour `is_colour` accepts → (r, g, b) in 0..1."""
    if _HEX_COLOUR.fullmatch(value.strip()):
        return parse_hex(value)
    from reportlab.lib.colors import getAllNamedColors

    named = getAllNamedColors().get(value.strip().lower())
    if named is None:
        raise ValueError(f"not a colour: {value!r}")
    return float(named.red), float(named.green), float(named.blue)


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(max(c, 0.0), 1.0)
    return 12.92 * c if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def _mul(m: tuple[tuple[float, float, float], ...], v: RGB) -> RGB:
    return (m[0][0] * v[0] + m[0][1] * v[1] + m[0][2] * v[2],
            m[1][0] * v[0] + m[1][1] * v[1] + m[1][2] * v[2],
            m[2][0] * v[0] + m[2][1] * v[1] + m[2][2] * v[2])


def to_lab(rgb: RGB) -> Lab:
    x, y, z = _mul(_TO_XYZ, tuple(_linear(c) for c in rgb))  # type: ignore[arg-type]

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x / _WHITE[0]), f(y / _WHITE[1]), f(z / _WHITE[2])
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def simulate(rgb: RGB, kind: str) -> RGB:
    """How `rgb` looks with full deuteranopia ('deutan') or protanopia ('protan')."""
    matrix = _DEUTAN if kind == "deutan" else _PROTAN
    lin = tuple(_linear(c) for c in rgb)
    return tuple(_gamma(c) for c in _mul(matrix, lin))  # type: ignore[return-value]


def delta_e(a: Lab, b: Lab) -> float:
    return ((a[0] - b[0]) ** 2 + (a[1] - b[1]) ** 2 + (a[2] - b[2]) ** 2) ** 0.5


def differences(a: RGB, b: RGB) -> dict[str, float]:
    """ΔL* (greyscale) and ΔE*ab under deuteranopia and protanopia."""
    return {
        "grey": abs(to_lab(a)[0] - to_lab(b)[0]),
        "deutan": delta_e(to_lab(simulate(a, "deutan")), to_lab(simulate(b, "deutan"))),
        "protan": delta_e(to_lab(simulate(a, "protan")), to_lab(simulate(b, "protan"))),
    }


def clear(diff: dict[str, float]) -> bool:
    return diff["grey"] >= GREY_MIN and diff["deutan"] >= CVD_MIN and \
        diff["protan"] >= CVD_MIN


def lightness(rgb: RGB) -> float:
    return to_lab(rgb)[0]
