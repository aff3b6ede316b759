"""A <path>'s `d` read into the points and operators svglib's convertPath makes of it
(normalise_svg_path's split, then each command in its arithmetic, float for float), and
the open subpaths it closes for a fill: the fast path (fastshapes) draws a path without
svglib and gets the same PDF bytes. Arcs, and anything svglib would read oddly or choke
on (a number it cannot parse, a command short of numbers, stray characters, data not
opening with a move), raise ValueError: svglib takes the layer."""

from __future__ import annotations

import functools
import re
from typing import Any

from pnp.render.standins import Group, NoStrokePath, Paint, Path
from pnp.render.transforms import ONE as _ONE

MOVE, LINE, CURVE, CLOSE = 0, 1, 2, 3  # reportlab's path operators
_ARGS = {"M": 2, "m": 2, "L": 2, "l": 2, "H": 1, "h": 1, "V": 1, "v": 1, "C": 6, "c": 6,
         "S": 4, "s": 4, "Q": 4, "q": 4, "T": 2, "t": 2, "Z": 0, "z": 0}
_CUBIC = {"c", "C", "s", "S"}


def path_shapes(d: str, paint: Any, svgid: str) -> Group:
    """svglib's group for a <path>: its fill drawn first with every open subpath closed
    and no stroke (reportlab fills only closed paths), then the path itself unfilled;
    a path with no open subpath, or no fill, drawn once."""
    points, operators, unclosed = read_path(d)
    if not unclosed or paint.fillColor is None:
        return Group(_ONE, [Path(paint, "", points, operators)], svgid)
    closed = list(operators)
    for at in reversed(unclosed):
        closed.insert(at, CLOSE)
    fill = Paint(paint.fillColor, paint.fillOpacity, None, 0, paint.strokeOpacity,
                 paint.cap, paint.join, paint.dash, paint.mode)
    line = Paint(None, paint.fillOpacity, paint.strokeColor, paint.strokeWidth,
                 paint.strokeOpacity, paint.cap, paint.join, paint.dash, paint.mode)
    return Group(_ONE, [NoStrokePath(fill, "", points, closed),
                        Path(line, "", points, operators)], svgid)


@functools.cache
def _patterns() -> tuple[re.Pattern, re.Pattern, re.Pattern]:
    """normalise_svg_path's split, split_floats' numbers, what a run of numbers may hold
    here: compiled when a path is first met (~0.3 ms a deck without paths is spared)."""
    return (re.compile("([achlmqstvz])", re.I), re.compile(r"(-?\d*\.?\d*(?:[eE][+-]?\d+)?)"),
            re.compile(r"[0-9eE.+\-,\s]*"))


def commands(d: str) -> list[tuple[str, list[float]]]:
    """normalise_svg_path's (command, numbers) pairs, a repeated move's pairs as lines."""
    out: list[tuple[str, list[float]]] = []
    op = ""
    split, numbers, plain = _patterns()
    for item in split.split(d.strip()):
        if item.strip() == "":
            continue
        if item in _ARGS:
            op = item
            if not _ARGS[op]:
                out.append((op, []))
            continue
        count = _ARGS.get(op, 0)
        if not count or not plain.fullmatch(item):
            raise ValueError(f"path data svglib reads otherwise: {item!r}")  # an arc too
        floats = [float(s) for s in numbers.findall(item) if s]
        if not floats or len(floats) % count:
            raise ValueError(f"a path command short of numbers: {op}{item}")
        for i in range(0, len(floats), count):
            if i > 0 and op in ("m", "M"):
                op = "l" if op == "m" else "L"
            out.append((op, floats[i:i + count]))
    if not out or out[0][0] not in ("M", "m"):
        raise ValueError("path data that does not open with a move")
    return out


def _quadratic(x0: float, y0: float, x1: float, y1: float, xn: float, yn: float,
               ) -> list[float]:
    """svglib's convert_quadratic_to_cubic_path, as the curve's six numbers."""
    c1 = (x0 + 2 / 3 * (x1 - x0), y0 + 2 / 3 * (y1 - y0))
    c2 = (c1[0] + 1 / 3 * (xn - x0), c1[1] + 1 / 3 * (yn - y0))
    return [c1[0], c1[1], c2[0], c2[1], xn, yn]


def read_path(d: str) -> tuple[list[float], list[int], list[int]]:
    """(points, operators, where a fill closes an open subpath) as convertPath has them."""
    pts: list[float] = []
    ops: list[int] = []
    unclosed: list[int] = []
    start: list[float] = []
    last = ""
    quad: tuple[float, float] | None = None
    for i, (op, nums) in enumerate(commands(d)):
        if op in ("m", "M") and i > 0 and ops[-1] != CLOSE:
            unclosed.append(len(ops))
        if op == "M" or op == "m":
            if op == "m" and len(pts) >= 2:
                origin = start if last in ("Z", "z") else pts[-2:]
                pts += [origin[0] + nums[0], origin[1] + nums[1]]
            else:
                pts += nums
            ops.append(MOVE)
            start = pts[-2:]
        elif op in ("Z", "z"):
            ops.append(CLOSE)
        else:
            pts += _segment(op, nums, pts, last, quad)
            ops.append(LINE if op in "LlHhVv" else CURVE)
            if op in "QqTt":
                quad = _quad_point(op, nums, pts, quad)
        if op not in ("Q", "q", "T", "t"):
            quad = None
        last = op
    if ops[-1] != CLOSE:
        unclosed.append(len(ops))
    return pts, ops, unclosed


def _segment(op: str, nums: list[float], pts: list[float], last: str,
             quad: tuple[float, float] | None) -> list[float]:
    """The numbers one line or curve command adds, from the current point in `pts`."""
    if not pts:
        raise ValueError("a segment before any point")
    x0, y0 = pts[-2], pts[-1]
    if op == "L":
        return nums
    if op == "l":
        return [x0 + nums[0], y0 + nums[1]]
    if op in "Hh":
        return [nums[0] if op == "H" else x0 + nums[0], y0]
    if op in "Vv":
        return [x0, nums[0] if op == "V" else y0 + nums[0]]
    if op == "C":
        return nums
    if op == "c":
        x1, y1, x2, y2, xn, yn = nums
        return [x0 + x1, y0 + y1, x0 + x2, y0 + y2, x0 + xn, y0 + yn]
    if op in "Ss":
        x2, y2, xn, yn = nums
        if len(pts) < 4 or last not in _CUBIC:
            xp, yp = x0, y0
        else:
            xp, yp = pts[-4], pts[-3]
        xi, yi = x0 + (x0 - xp), y0 + (y0 - yp)
        if op == "S":
            return [xi, yi, x2, y2, xn, yn]
        return [xi, yi, x0 + x2, y0 + y2, x0 + xn, y0 + yn]
    if op == "Q":
        return _quadratic(x0, y0, *nums)
    if op == "q":
        x1, y1, xn, yn = nums
        return _quadratic(x0, y0, x0 + x1, y0 + y1, x0 + xn, y0 + yn)
    xp, yp = quad if quad is not None else (x0, y0)  # T, t: the control point reflected
    xn, yn = nums if op == "T" else (x0 + nums[0], y0 + nums[1])
    return _quadratic(x0, y0, x0 + (x0 - xp), y0 + (y0 - yp), xn, yn)


def _quad_point(op: str, nums: list[float], pts: list[float],
                quad: tuple[float, float] | None) -> tuple[float, float]:
    """The quadratic control point svglib remembers for a following T or t (from the
    point before this curve's six numbers)."""
    x0, y0 = pts[-8], pts[-7]
    if op == "Q":
        return nums[0], nums[1]
    if op == "q":
        return x0 + nums[0], y0 + nums[1]
    xp, yp = quad if quad is not None else (x0, y0)
    return x0 + (x0 - xp), y0 + (y0 - yp)
