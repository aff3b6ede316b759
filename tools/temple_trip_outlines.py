"""Derive Temple Trip's country outlines (USA, Canada, Mexico) from Natural Earth 1:10m.

Why: the country test of a custom temple and the drawn coasts need outlines fine enough
that coastal and border cities (Manhattan, Miami, El Paso, Brownsville) fall in their own
country; 1:50m cut to 0.03 deg put them in the sea or across the border.

Source: the npm package `world-atlas` (Natural Earth 1:10m admin-0 countries, public
domain, as TopoJSON quantized to about 300 m). Fetch it once, outside pnp's run time:

    npm pack world-atlas && tar xzf world-atlas-*.tgz
    python3 tools/temple_trip_outlines.py package/countries-10m.json \
        content/temple-trip/outlines.yaml

It rewrites only the `outlines:` block of the file (lakes and insets stay): rings
simplified with Douglas-Peucker to FINE degrees (about 1 km) inside the board's window
and its borders, COARSE degrees elsewhere; islands kept down to a few km² on the board
(Manhattan, Galveston, Key West); Canada cut at 58 N and Mexico at 19 N, well beyond the
board's edges.
Only the derived text is committed; pnp never needs npm or the big file.
"""

from __future__ import annotations

import argparse
import json
import re
from collections.abc import Callable

from natural_earth import area, clip_rect, decode_arcs, ring

NAMES = {"United States of America": "USA", "Canada": "Canada", "Mexico": "Mexico"}
WINDOW = (-135.5, 23.5, -52.0, 55.5)  # the board's mainland window, and a margin
OVERSEAS = (-128.0, 14.0, -50.0, 58.0)  # contiguous USA, southern Canada, Mexico
CANADA_TOP, MEXICO_BOTTOM = 58.0, 19.0  # well beyond the board's top and bottom
FINE, COARSE = 0.01, 0.03  # degrees
MIN_AREA_ON_BOARD, MIN_AREA = 0.0005, 0.05  # square degrees

Tolerance = Callable[[tuple[float, float]], float]


def on_board(p: tuple[float, float]) -> bool:
    w, s, e, n = WINDOW
    return w <= p[0] <= e and s <= p[1] <= n


def tolerance(p: tuple[float, float]) -> float:
    return FINE if on_board(p) else COARSE


def simplify(points: list[tuple[float, float]], tol: Tolerance) -> list[tuple[float, float]]:
    """Douglas-Peucker on an open polyline, the tolerance taken where the worst point is
    (iterative: a 10m coast has thousands of points)."""
    keep = {0, len(points) - 1}
    stack = [(0, len(points) - 1)]
    while stack:
        i, j = stack.pop()
        (x0, y0), (x1, y1) = points[i], points[j]
        length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5 or 1e-12
        worst, index = 0.0, -1
        for k in range(i + 1, j):
            x, y = points[k]
            d = abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / length
            if d - tol(points[k]) > worst:
                worst, index = d - tol(points[k]), k
        if index > 0:
            keep.add(index)
            stack += [(i, index), (index, j)]
    return [points[k] for k in sorted(keep)]


def country_rings(topo: dict, name: str) -> list[list[tuple[float, float]]]:
    arcs = decode_arcs(topo)
    geom = next(g for g in topo["objects"]["countries"]["geometries"]
                if g.get("properties", {}).get("name") == name)
    polygons = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
    rings = [ring(arcs, poly[0]) for poly in polygons]  # outer rings (no holes on the board)
    w, s, e, n = OVERSEAS
    rings = [r for r in rings if any(w <= x <= e and s <= y <= n for x, y in r)]
    if NAMES[name] == "Canada":
        rings = [clip_rect(r, -180.0, 0.0, 0.0, CANADA_TOP) for r in rings]
    if NAMES[name] == "Mexico":
        rings = [clip_rect(r, -180.0, MEXICO_BOTTOM, 0.0, 90.0) for r in rings]
    kept = []
    for r in rings:
        if len(r) < 4:
            continue
        small = MIN_AREA_ON_BOARD if any(on_board(p) for p in r) else MIN_AREA
        if area(r) >= small:
            kept.append(r)
    return sorted(kept, key=area, reverse=True)


def block(topo: dict) -> str:
    lines = ["outlines:"]
    for full, short in NAMES.items():
        lines.append(f"  {short}:")
        for r in country_rings(topo, full):
            half = len(r) // 2  # a closed ring: simplify its two halves
            pts = simplify(r[:half + 1], tolerance)[:-1] + simplify(r[half:], tolerance)
            if len(pts) < 5:
                continue
            body = ", ".join(f"[{x:.3f}, {y:.3f}]" for x, y in pts[:-1])
            lines.append(f"    - [{body}]")
    return "\n".join(lines) + "\n"


HEADER = """\
# Country and lake outlines for the Temple Trip board, longitude and latitude.
# Countries: Natural Earth 1:10m admin-0 (public domain) via the npm package world-atlas
# (countries-10m.json), derived with tools/temple_trip_outlines.py (Douglas-Peucker
# {fine} deg, about 1 km, on the board; {coarse} deg beyond it; islands from {small} square
# degrees on the board; Canada cut at {top:g} N and Mexico at {bottom:g} N, well beyond the
# board's edges: a custom temple beyond them is refused as outside the board).
# Lakes: Natural Earth 1:50m lakes (public domain), tools/natural_earth_lakes.py.
# The board draws them through its projection and warp (pnp/games/temple_trip/projection.py).
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("topojson")
    ap.add_argument("outlines_yaml")
    args = ap.parse_args()
    with open(args.topojson) as f:
        topo = json.load(f)
    with open(args.outlines_yaml) as f:
        text = f.read()
    rest = re.search(r"^lakes:", text, re.M)
    if rest is None:
        raise SystemExit(f"{args.outlines_yaml}: no 'lakes:' block to keep")
    head = HEADER.format(fine=FINE, coarse=COARSE, small=MIN_AREA_ON_BOARD, top=CANADA_TOP,
                         bottom=MEXICO_BOTTOM)
    with open(args.outlines_yaml, "w") as f:
        f.write(head + block(topo) + text[rest.start():])


if __name__ == "__main__":
    main()
