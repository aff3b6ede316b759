"""Derive a small country outline from Natural Earth (public domain) for a map file.

Source: the npm package `world-atlas` (Natural Earth 1:50m admin-0 countries as
TopoJSON). Fetch it once, outside pnp's run time:

    npm pack world-atlas && tar xzf world-atlas-*.tgz
    python3 tools/natural_earth.py package/countries-50m.json Germany --tolerance 0.03

It prints `outline:` as YAML (lon/lat rings, largest first, islands under `--min-area`
square degrees dropped, simplified with Douglas-Peucker) to paste into a map file. Only
that derived text is committed; pnp never needs npm or the big file.
"""

from __future__ import annotations

import argparse
import json
import math


def decode_arcs(topo: dict) -> list[list[tuple[float, float]]]:
    sx, sy = topo["transform"]["scale"]
    tx, ty = topo["transform"]["translate"]
    arcs = []
    for arc in topo["arcs"]:
        x = y = 0
        points = []
        for dx, dy in arc:
            x += dx
            y += dy
            points.append((x * sx + tx, y * sy + ty))
        arcs.append(points)
    return arcs


def ring(arcs: list[list[tuple[float, float]]], indexes: list[int]) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for i in indexes:
        pts = arcs[i] if i >= 0 else list(reversed(arcs[~i]))
        out.extend(pts if not out else pts[1:])
    return out


def area(points: list[tuple[float, float]]) -> float:
    return abs(sum(x0 * y1 - x1 * y0 for (x0, y0), (x1, y1)
                   in zip(points, points[1:] + points[:1], strict=True))) / 2


def simplify(points: list[tuple[float, float]], tol: float) -> list[tuple[float, float]]:
    """Douglas-Peucker on an open polyline."""
    if len(points) < 3:
        return points
    (x0, y0), (x1, y1) = points[0], points[-1]
    length = math.hypot(x1 - x0, y1 - y0) or 1e-12
    worst, index = 0.0, 0
    for i, (x, y) in enumerate(points[1:-1], 1):
        d = abs((x1 - x0) * (y0 - y) - (x0 - x) * (y1 - y0)) / length
        if d > worst:
            worst, index = d, i
    if worst <= tol:
        return [points[0], points[-1]]
    return simplify(points[:index + 1], tol)[:-1] + simplify(points[index:], tol)


def clip_rect(points: list[tuple[float, float]], w: float, s: float, e: float,
              n: float) -> list[tuple[float, float]]:
    """Sutherland–Hodgman: the part of a ring inside the box (keeps a country's south)."""
    def clip(pts, inside, cut):  # noqa: ANN001, ANN202
        out = []
        for i, cur in enumerate(pts):
            prev = pts[i - 1]
            if inside(cur):
                if not inside(prev):
                    out.append(cut(prev, cur))
                out.append(cur)
            elif inside(prev):
                out.append(cut(prev, cur))
        return out

    def at_x(x0):  # noqa: ANN001, ANN202
        return lambda p, q: (x0, p[1] + (q[1] - p[1]) * (x0 - p[0]) / (q[0] - p[0]))

    def at_y(y0):  # noqa: ANN001, ANN202
        return lambda p, q: (p[0] + (q[0] - p[0]) * (y0 - p[1]) / (q[1] - p[1]), y0)

    pts = points[:-1] if points and points[0] == points[-1] else points
    for inside, cut in ((lambda p: p[0] >= w, at_x(w)), (lambda p: p[0] <= e, at_x(e)),
                        (lambda p: p[1] >= s, at_y(s)), (lambda p: p[1] <= n, at_y(n))):
        if not pts:
            break
        pts = clip(pts, inside, cut)
    return pts + pts[:1] if pts else []


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("topojson")
    ap.add_argument("country")
    ap.add_argument("--tolerance", type=float, default=0.03, help="degrees")
    ap.add_argument("--min-area", type=float, default=0.05, help="square degrees")
    ap.add_argument("--bbox", type=float, nargs=4, metavar=("W", "S", "E", "N"),
                    help="keep only rings whose first point lies inside (drops overseas parts)")
    ap.add_argument("--clip", type=float, nargs=4, metavar=("W", "S", "E", "N"),
                    help="cut every ring to this box (e.g. Canada south of 60 N)")
    ap.add_argument("--key", default="outline", help="the YAML key to print")
    ap.add_argument("--indent", type=int, default=0)
    args = ap.parse_args()
    topo = json.load(open(args.topojson))
    arcs = decode_arcs(topo)
    geom = next(g for g in topo["objects"]["countries"]["geometries"]
                if g.get("properties", {}).get("name") == args.country)
    polygons = geom["arcs"] if geom["type"] == "MultiPolygon" else [geom["arcs"]]
    rings = [ring(arcs, poly[0]) for poly in polygons]  # outer rings only
    if args.bbox:
        w, s, e, n = args.bbox
        rings = [r for r in rings if w <= r[0][0] <= e and s <= r[0][1] <= n]
    if args.clip:
        rings = [clip_rect(r, *args.clip) for r in rings]
    rings = sorted((r for r in rings if len(r) > 3 and area(r) >= args.min_area), key=area,
                   reverse=True)
    pad = " " * args.indent
    print(f"{pad}# {args.country}: Natural Earth 1:50m (public domain) via npm world-atlas "
          f"countries-50m.json; Douglas-Peucker {args.tolerance} deg.")
    print(f"{pad}{args.key}:")
    for r in rings:
        half = len(r) // 2  # a closed ring: simplify its two halves
        pts = simplify(r[:half + 1], args.tolerance)[:-1] + simplify(r[half:], args.tolerance)
        body = ", ".join(f"[{x:.3f}, {y:.3f}]" for x, y in pts[:-1])
        print(f"{pad}  - [{body}]")


if __name__ == "__main__":
    main()
