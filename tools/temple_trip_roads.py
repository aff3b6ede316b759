"""Propose the Temple Trip road network: the relative-neighbourhood graph of the road
cities' drawn positions (never two roads crossing, at least 60 degrees between roads
leaving a city, so track squares have room). Prints YAML to paste under `roads:`.

    python3 tools/temple_trip_roads.py
"""

from __future__ import annotations

import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import yaml  # noqa: E402

from pnp.games.temple_trip_board import Board  # noqa: E402


def main() -> None:
    game = ROOT / "content" / "temple-trip"
    spec = yaml.safe_load((game / "board.yaml").read_text())["board"]
    spec["roads"] = []
    temples = [t for t in yaml.safe_load((game / "temples.yaml").read_text())["temples"]
               if not t.get("blank")]
    outlines = yaml.safe_load((game / "outlines.yaml").read_text())["outlines"]
    board = Board(spec, temples, outlines)
    road = {n: c.pos for n, c in board.cities.items() if not c.flight_only}
    names = sorted(road)

    def d(a: str, b: str) -> float:
        return math.dist(road[a], road[b])

    edges = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]
             if not any(max(d(a, c), d(b, c)) < d(a, b) for c in names if c not in (a, b))]
    print(f"  roads:   # {len(edges)} roads: the relative-neighbourhood graph")
    for a, b in edges:
        print(f"    - [{a}, {b}]")


if __name__ == "__main__":
    main()
