"""The Dice Trip search's prefilters give exactly the plain scans' answers (issue 16: the
same checks with less work)."""

from __future__ import annotations

import random
from pathlib import Path

from pnp.base.geometry import boxes_overlap
from pnp.games.dice_trip import labels as lab
from pnp.games.dice_trip.geometry import BADGE_R, Geometry, badges
from pnp.games.dice_trip.index import Boxes, Circles, Segments
from pnp.games.dice_trip.maps import load_map

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "content" / "dice-trip" / "maps" / "germany.yaml"


def _geometry() -> Geometry:
    loaded = load_map(MAP, [])
    assert loaded is not None
    return Geometry(loaded.spec, 98.5, 123.9)


def _boxes(n: int, size: float) -> list[tuple[float, float, float, float]]:
    rng = random.Random(16)
    out = []
    for _ in range(n):
        x, y = rng.uniform(-5, 105), rng.uniform(-5, 130)
        out.append((x, y, x + rng.uniform(0, size), y + rng.uniform(0, size / 3)))
    return out


def test_segments_and_boxes_count_as_the_plain_scan() -> None:
    geo = _geometry()
    roads = geo.road_segments()
    indexed, plain = Segments(roads), lab.boxed_segments(roads)
    names = _boxes(40, 12.0)
    boxes = Boxes(names)
    for box in _boxes(2000, 20.0) + [(0.0, 0.0, 1e9, 1e9), (float("nan"), 0.0, 1.0, 1.0)]:
        assert indexed.hits(box) == lab.segment_hits(box, plain)
        assert boxes.overlap(box) == any(boxes_overlap(box, b) for b in names)


def test_nearest_circles_as_the_plain_scan() -> None:
    geo = _geometry()
    discs = [(geo.pos[n], geo.radius[n]) for n in geo.pos] + \
        [(p, BADGE_R) for p in badges(geo).values()]
    circles = Circles(geo, discs)
    for city in geo.pos:
        cx, cy = geo.pos[city]
        for x0, y0, x1, y1 in _boxes(60, 14.0):
            box = (x0 - 50 + cx, y0 - 60 + cy, x1 - 50 + cx, y1 - 60 + cy)
            own, other, _ = lab.nearest_circles(box, city, geo)
            assert circles.nearest(box, city) == (own, other)
