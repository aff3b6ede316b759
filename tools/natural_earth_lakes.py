"""Derive lake outlines for a map file from Natural Earth's 1:50m lakes (public domain).

Source: `geojson/ne_50m_lakes.geojson` of github.com/nvkelso/natural-earth-vector (the
same data as naturalearthdata.com). Fetch it once, outside pnp's run time, then:

    python3 tools/natural_earth_lakes.py ne_50m_lakes.geojson --bbox -135 23 -50 56

It prints `lakes:` as YAML (name: one lon/lat ring, islands left out, simplified with
Douglas-Peucker) for the lakes named below whose outline lies inside the box. Only that
derived text is committed.
"""

from __future__ import annotations

import argparse
import json

from natural_earth import area, simplify

# Lakes worth drawing on a continental game board, found by the middle of their extent.
NAMES = {
    "Lake Superior": (-88.2, 47.7), "Lake Michigan": (-86.4, 43.8),
    "Lake Huron": (-82.2, 44.8), "Lake Erie": (-81.2, 42.2), "Lake Ontario": (-77.8, 43.8),
    "Great Salt Lake": (-112.5, 41.2), "Lake Winnipeg": (-97.7, 52.4),
    "Lake Manitoba": (-98.7, 51.0), "Lake Winnipegosis": (-100.3, 52.4),
    "Lake of the Woods": (-94.6, 49.4), "Lake Nipigon": (-88.5, 49.8),
    "Lake Okeechobee": (-80.8, 26.9), "Lake Champlain": (-73.3, 44.5),
}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("geojson")
    ap.add_argument("--bbox", type=float, nargs=4, metavar=("W", "S", "E", "N"),
                    default=(-135.0, 23.0, -50.0, 56.0))
    ap.add_argument("--tolerance", type=float, default=0.02, help="degrees")
    ap.add_argument("--indent", type=int, default=0)
    args = ap.parse_args()
    w, s, e, n = args.bbox
    rings = []
    for feature in json.load(open(args.geojson))["features"]:
        geom = feature["geometry"]
        polygons = geom["coordinates"] if geom["type"] == "MultiPolygon" else [geom["coordinates"]]
        for poly in polygons:
            ring = [tuple(p) for p in poly[0]]
            xs, ys = [p[0] for p in ring], [p[1] for p in ring]
            if w <= min(xs) and max(xs) <= e and s <= min(ys) and max(ys) <= n:
                rings.append(((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, ring))
    pad = " " * args.indent
    print(f"{pad}# Lakes: Natural Earth 1:50m lakes (public domain), Douglas-Peucker "
          f"{args.tolerance} deg (tools/natural_earth_lakes.py).")
    print(f"{pad}lakes:")
    for name, (cx, cy) in NAMES.items():
        found = [r for x, y, r in rings if abs(x - cx) < 0.6 and abs(y - cy) < 0.6]
        if not found:
            continue
        ring = max(found, key=area)
        half = len(ring) // 2
        pts = simplify(ring[:half + 1], args.tolerance)[:-1] + simplify(ring[half:], args.tolerance)
        body = ", ".join(f"[{x:.3f}, {y:.3f}]" for x, y in pts[:-1])
        print(f"{pad}  {name}: [{body}]")


if __name__ == "__main__":
    main()
