"""A `transform` attribute read as svglib reads it (convertTransform, then
applyTransformOnGroup's translate, scale, rotate and matrix on a reportlab group), in
reportlab's arithmetic (graphics.transform), float for float: the fast path (fastshapes)
places a moved group or shape exactly where svglib does, without importing either. A
skew, a rotate of two numbers, or anything svglib would read oddly raises ValueError:
svglib takes the layer."""

from __future__ import annotations

import functools
import math
import re

Matrix = tuple[float, float, float, float, float, float]
ONE: Matrix = (1, 0, 0, 1, 0, 0)  # a reportlab Group's own transform
_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"
_COUNTS = {"translate": (1, 2), "scale": (1, 2), "rotate": (1, 3), "matrix": (6,)}
_PLAIN = re.compile(_NUMBER)
_UNIT = {"mm", "cm", "in"}  # reportlab's toLength, as svglib reads a root's size
PX_TO_PT = 0.75  # svglib's user unit in points


def mmult(a: tuple, b: tuple) -> Matrix:
    """reportlab.graphics.transform.mmult: `a` postmultiplied by `b`."""
    return (a[0] * b[0] + a[2] * b[1], a[1] * b[0] + a[3] * b[1],
            a[0] * b[2] + a[2] * b[3], a[1] * b[2] + a[3] * b[3],
            a[0] * b[4] + a[2] * b[5] + a[4], a[1] * b[4] + a[3] * b[5] + a[5])


def _rotate(angle: float) -> Matrix:
    """reportlab.graphics.transform.rotate about the origin."""
    a = math.radians(angle)
    sina = math.sin(a)
    cosa = math.cos(a)
    return (cosa, sina, -sina, cosa, 0, 0)


@functools.cache
def _patterns() -> tuple[re.Pattern, re.Pattern]:
    """One step of a transform, and what separates its numbers: compiled when a
    transform is first met (~0.25 ms a deck without one is spared)."""
    return (re.compile(r"\s*(translate|scale|rotate|matrix)\s*\(\s*((?:" + _NUMBER
                       + r")(?:(?:\s*,\s*|\s+)" + _NUMBER + r")*)\s*\)\s*,?"),
            re.compile(r"[\s,]+"))


def steps(text: str) -> list[tuple[str, list[float]]]:
    """The (operation, numbers) a transform holds, in order."""
    step, separator = _patterns()
    out: list[tuple[str, list[float]]] = []
    at, text = 0, text.strip()
    while at < len(text):
        found = step.match(text, at)
        if found is None or found.end() == at:
            raise ValueError(f"a transform svglib reads otherwise: {text!r}")
        values = [float(v) for v in separator.split(found[2].strip())]
        if len(values) not in _COUNTS[found[1]]:
            raise ValueError(f"a transform svglib reads otherwise: {text!r}")
        out.append((found[1], values))
        at = found.end()
    if not out:
        raise ValueError("an empty transform")
    return out


def apply(text: str, start: tuple = ONE) -> Matrix:
    """`start` (a group's transform) with each step of `text` applied as svglib does."""
    m = tuple(start)
    for op, v in steps(text):
        if op == "translate":
            m = mmult(m, (1, 0, 0, 1, v[0], v[1] if len(v) > 1 else 0))
        elif op == "scale":
            m = mmult(m, (v[0], 0, 0, v[1] if len(v) > 1 else v[0], 0, 0))
        elif op == "matrix":
            m = mmult(m, tuple(v))
        elif len(v) == 1:
            m = mmult(m, _rotate(v[0]))
        else:
            m = mmult(m, (1, 0, 0, 1, v[1], v[2]))
            m = mmult(m, _rotate(v[0]))
            m = mmult(m, (1, 0, 0, 1, -v[1], -v[2]))
    return m  # type: ignore[return-value]


def viewport(width_text: str, height_text: str, view_box: str) -> Matrix:
    """The transform svglib gives a face's main group: the viewBox fitted to the size
    (xMidYMid meet), y flipped."""
    width, height = _size(width_text), _size(height_text)
    box = [float(v) for v in view_box.replace(",", " ").split()]
    if len(box) != 4:
        box = [0.0, 0.0, width, height]
    bx, by, bw, bh = box
    x_scale = (width * PX_TO_PT) / bw if bw else 1
    y_scale = (height * PX_TO_PT) / bh if bh else 1
    uniform = min(x_scale, y_scale)
    t: tuple = ONE
    tx = (width * PX_TO_PT - bw * uniform) / 2
    ty = (height * PX_TO_PT - bh * uniform) / 2
    if tx or ty:
        t = mmult(t, (1, 0, 0, 1, tx, ty))
    t = mmult(t, (uniform, 0, 0, uniform * -1, 0, 0))
    return mmult(t, (1, 0, 0, 1, 0 - bx, -bh - by))


def _size(text: str) -> float:
    """A root's width or height in svglib's user units."""
    from reportlab.lib.units import toLength

    text = text.strip()
    if _PLAIN.fullmatch(text):
        return float(text)
    if text[-2:] == "px" and _PLAIN.fullmatch(text[:-2]):
        return float(text[:-2])
    if text[-2:] == "pt" and _PLAIN.fullmatch(text[:-2]):
        return float(text[:-2]) * (96 / 72)
    if text[-2:] in _UNIT and _PLAIN.fullmatch(text[:-2]):
        return toLength(text) / PX_TO_PT
    raise ValueError(f"a size svglib reads otherwise: {text!r}")
