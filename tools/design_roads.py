"""Propose roads for a Dice Trip map: the relative-neighbourhood graph of the drawn city
positions, plus the shortest further Gabriel-graph links up to --roads. Both graphs are
planar, so the roads never cross. Prints `roads:` YAML to paste into the map file.

    python3 tools/design_roads.py content/dice-trip/maps/france.yaml --roads 42
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.games.dice_trip.geometry import Geometry  # noqa: E402
from pnp.games.dice_trip.maps import load_map  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("map")
    ap.add_argument("--roads", type=int, default=42)
    args = ap.parse_args()
    problems: list = []
    m = load_map(Path(args.map), problems)
    if m is None:
        sys.exit("\n".join(p.format() for p in problems))
    pos = Geometry(m.spec).pos
    names = sorted(pos)

    def d(a: str, b: str) -> float:
        return math.dist(pos[a], pos[b])

    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    rng = [(a, b) for a, b in pairs
           if not any(max(d(a, c), d(b, c)) < d(a, b) for c in names if c not in (a, b))]
    gabriel = [(a, b) for a, b in pairs if (a, b) not in rng and not any(
        d(a, c) ** 2 + d(b, c) ** 2 < d(a, b) ** 2 for c in names if c not in (a, b))]
    roads = rng + sorted(gabriel, key=lambda p: d(*p))[:max(0, args.roads - len(rng))]
    print(f"  roads:   # {len(rng)} relative-neighbourhood + {len(roads) - len(rng)} Gabriel links")
    for a, b in sorted(tuple(sorted(r)) for r in roads):
        print(f"    - [{a}, {b}]")


if __name__ == "__main__":
    main()
