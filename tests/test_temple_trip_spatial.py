"""The spatial indexes and rewritten tests behind Temple Trip's fast board: each gives
exactly what a plain scan with the original tests gives (the grids a superset of the
true matches, the rings the same even-odd answer), on random and degenerate inputs."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.base import geometry
from pnp.base.spatial import Grid, Ring
from pnp.games.temple_trip import blocked, tracks
from pnp.games.temple_trip.land import Land
from pnp.games.temple_trip.squares import Square

Point = tuple[float, float]


# ----------------------------------------------------------- the original tests, as they were
def old_segments_cross(p1: Point, p2: Point, p3: Point, p4: Point) -> bool:
    def orient(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])

    d1, d2 = orient(p3, p4, p1), orient(p3, p4, p2)
    d3, d4 = orient(p1, p2, p3), orient(p1, p2, p4)
    return (d1 * d2 < 0) and (d3 * d4 < 0)


def old_point_in_polygon(p: Point, poly: list[Point]) -> bool:
    x, y = p
    inside = False
    for i, (x1, y1) in enumerate(poly):
        x0, y0 = poly[i - 1]
        if (y0 > y) != (y1 > y) and x < x0 + (x1 - x0) * (y - y0) / (y1 - y0):
            inside = not inside
    return inside


def old_segment_hits_polygon(p: Point, q: Point, poly: list[Point]) -> bool:
    if old_point_in_polygon(p, poly) or old_point_in_polygon(q, poly):
        return True
    return any(old_segments_cross(p, q, poly[i - 1], poly[i]) for i in range(len(poly)))


# ----------------------------------------------------------- inputs
def _grid_point(rnd: random.Random, size: float = 40.0) -> Point:
    """Often on a coarse lattice (shared ends, collinear runs, horizontal edges),
    otherwise anywhere."""
    if rnd.random() < 0.5:
        return (float(rnd.randint(0, 8)) * size / 8, float(rnd.randint(0, 8)) * size / 8)
    return (rnd.uniform(0, size), rnd.uniform(0, size))


def _polygon(rnd: random.Random, n: int) -> list[Point]:
    """A star-shaped ring (or, half the time, any ring: self-crossing is allowed)."""
    if rnd.random() < 0.5:
        return [_grid_point(rnd) for _ in range(n)]
    cx, cy = rnd.uniform(10, 30), rnd.uniform(10, 30)
    angles = sorted(rnd.uniform(0, 2 * math.pi) for _ in range(n))
    return [(cx + rnd.uniform(2, 15) * math.cos(a), cy + rnd.uniform(2, 15) * math.sin(a))
            for a in angles]


# ----------------------------------------------------------- geometry, rewritten for speed
def test_rewritten_tests_match_the_originals() -> None:
    rnd = random.Random(16)
    for _ in range(4000):
        poly = _polygon(rnd, rnd.randint(3, 9))
        p, q, r, s = (_grid_point(rnd) for _ in range(4))
        assert geometry.segments_cross(p, q, r, s) == old_segments_cross(p, q, r, s)
        assert geometry.point_in_polygon(p, poly) == old_point_in_polygon(p, poly)
        assert geometry.segment_hits_polygon(p, q, poly) == old_segment_hits_polygon(p, q, poly)
        for v in poly[:3]:  # exactly on a corner, and on an edge's middle
            m = ((v[0] + poly[0][0]) / 2, (v[1] + poly[0][1]) / 2)
            assert geometry.point_in_polygon(v, poly) == old_point_in_polygon(v, poly)
            assert geometry.point_in_polygon(m, poly) == old_point_in_polygon(m, poly)
            assert geometry.segment_hits_polygon(v, m, poly) == \
                old_segment_hits_polygon(v, m, poly)
    assert geometry.point_in_polygon((0.0, 0.0), []) is False
    assert geometry.segment_hits_polygon((0.0, 0.0), (1.0, 1.0), []) is False


# ----------------------------------------------------------- Ring
def test_ring_contains_is_point_in_polygon() -> None:
    rnd = random.Random(7)
    for _ in range(300):
        poly = _polygon(rnd, rnd.randint(3, 120))
        ring = Ring(poly)
        points = [_grid_point(rnd, 48.0) for _ in range(60)] + poly[:10]
        points += [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                   for a, b in zip(poly, poly[1:10], strict=False)]
        for p in points:
            assert ring.contains(p) == old_point_in_polygon(p, poly), (p, poly)
    assert Ring([]).contains((0.0, 0.0)) is False
    flat = [(0.0, 1.0), (5.0, 1.0), (9.0, 1.0)]  # no height: nothing inside
    assert not any(Ring(flat).contains(p) for p in [(1.0, 1.0), (5.0, 1.0), (0.0, 0.5)])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3)), min_size=3,
                max_size=30),
       st.lists(st.tuples(st.floats(-1e3, 1e3), st.floats(-1e3, 1e3)), min_size=1,
                max_size=20))
def test_ring_matches_point_in_polygon_on_any_input(poly: list[Point],
                                                    points: list[Point]) -> None:
    ring = Ring(poly)
    for p in points + poly:
        assert ring.contains(p) == old_point_in_polygon(p, poly)


def test_land_answers_as_a_scan_of_its_rings() -> None:
    rnd = random.Random(3)
    countries = {name: [_polygon(rnd, rnd.randint(3, 40)) for _ in range(rnd.randint(1, 3))]
                 for name in ("A", "B", "C")}
    lakes = [_polygon(rnd, 6) for _ in range(3)]
    land = Land(countries, lakes)
    for _ in range(3000):
        p = _grid_point(rnd, 48.0)
        wet = any(old_point_in_polygon(p, lake) for lake in lakes)
        country = next((c for c, rings in countries.items()
                        if any(old_point_in_polygon(p, r) for r in rings)), None)
        assert land.wet(p) == wet
        assert land.country(p) == country
        assert land.country_at(p) == (None if wet else country)


# ----------------------------------------------------------- Grid
def _box(rnd: random.Random, size: float) -> tuple[float, float, float, float]:
    x, y = rnd.uniform(-50, 250), rnd.uniform(-50, 250)
    w, h = rnd.choice([0.0, rnd.uniform(0, size)]), rnd.choice([0.0, rnd.uniform(0, size)])
    return (x, y, x + w, y + h)


@pytest.mark.parametrize("cell", [0.7, 8.0, 16.0, 100.0])
def test_grid_candidates_hold_every_true_match(cell: float) -> None:
    rnd = random.Random(int(cell * 10))
    boxes = [_box(rnd, 60.0) for _ in range(400)]
    grid = Grid(boxes, cell)
    for _ in range(500):
        q = _box(rnd, 40.0)
        found = grid.near(q)
        assert found == sorted(set(found))  # ascending, each once: a scan's order
        meets = [i for i, b in enumerate(boxes)
                 if b[0] <= q[2] and q[0] <= b[2] and b[1] <= q[3] and q[1] <= b[3]]
        assert set(meets) <= set(found)
        x, y = q[0], q[1]
        holds = [i for i, b in enumerate(boxes) if b[0] <= x <= b[2] and b[1] <= y <= b[3]]
        assert set(holds) <= set(grid.at(x, y))
        assert grid.at(x, y) == sorted(grid.at(x, y))


# ----------------------------------------------------------- a road's scan
def test_road_window_answers_as_the_plain_scan() -> None:
    rnd = random.Random(11)
    for _ in range(150):
        segs = []
        for _ in range(rnd.randint(0, 25)):
            p = _grid_point(rnd, 80.0)
            segs.append((p, (p[0] + rnd.uniform(-20, 20), p[1] + rnd.uniform(-20, 20))))
        air = [Square(rnd.uniform(0, 80), rnd.uniform(0, 80), rnd.uniform(-180, 180), "sky")
               for _ in range(rnd.randint(0, 4))]
        window = blocked._Window(segs, air)
        for _ in range(80):
            at, angle = _grid_point(rnd, 80.0), rnd.choice([0.0, 45.0, rnd.uniform(-180, 180)])
            assert window.blocked(at, angle) == blocked._square_blocked(at, angle, segs, air)


def test_lane_squares_find_the_same_nearby_roads() -> None:
    rnd = random.Random(5)
    segs = []
    for _ in range(300):
        p = _grid_point(rnd, 400.0)
        segs.append((p, (p[0] + rnd.uniform(-60, 60), p[1] + rnd.uniform(-60, 60))))
    roads = tracks._Roads(segs)
    for _ in range(2000):
        sq = Square(rnd.uniform(-20, 420), rnd.uniform(-20, 420), 0.0, "sky")
        assert roads.near(sq) == [s for s in segs if tracks._near(s, sq)]


def test_a_road_scanned_only_where_squares_go_frees_the_same_stretches() -> None:
    """blocked(..., lo, hi) skips the steps beyond lo..hi: the free stretches between
    them, all that road_squares uses, are those of the full scan."""
    import yaml
    from conftest import ROOT

    from pnp.games.temple_trip.board import Board

    content = ROOT / "content" / "temple-trip"

    def load(name: str) -> dict:
        return yaml.safe_load((content / name).read_text())

    temples = [t for t in load("temples.yaml")["temples"] if not t.get("blank")]
    b = Board(load("board.yaml")["board"], load("layout.yaml"), temples, load("outlines.yaml"))
    lanes = [o.path.points for o in b.air if o.path]
    air = [s for o in b.air for s in o.squares]
    rnd = random.Random(2)
    for r in b.roads[::3]:
        path = b.road_line(r)
        others = [b.road_line(o).points for o in b.roads
                  if o is not r and {o.a, o.b} & {r.a, r.b}]
        full = blocked.blocked(path, lanes, air, others)
        for _ in range(3):
            lo = rnd.uniform(0, path.length / 2)
            hi = rnd.uniform(lo, path.length)
            assert tracks._free(lo, hi, blocked.blocked(path, lanes, air, others, lo, hi)) \
                == tracks._free(lo, hi, full)


def test_a_lane_in_runs_gives_the_segments_a_plain_filter_gives() -> None:
    rnd = random.Random(9)
    for n in (0, 1, 2, 16, 17, 33, 161):
        line = [(rnd.uniform(0, 300), rnd.uniform(0, 300))]
        for _ in range(n - 1):
            line.append((line[-1][0] + rnd.uniform(-9, 9), line[-1][1] + rnd.uniform(-9, 9)))
        line = line[:n]
        for _ in range(50):
            x0, y0 = rnd.uniform(-20, 300), rnd.uniform(-20, 300)
            x1, y1 = x0 + rnd.uniform(0, 120), y0 + rnd.uniform(0, 120)
            want = [(p, q) for p, q in zip(line, line[1:], strict=False)
                    if x0 <= max(p[0], q[0]) and min(p[0], q[0]) <= x1
                    and y0 <= max(p[1], q[1]) and min(p[1], q[1]) <= y1]
            assert blocked._inside(line, x0, y0, x1, y1) == want


def test_a_grid_takes_any_box_without_hanging() -> None:
    boxes = [(0.0, 0.0, 1.0, 1.0), (-1e300, -1e300, 1e300, 1e300), (math.nan, 0.0, 1.0, 1.0),
             (0.0, 0.0, math.inf, 1.0), (5.0, 5.0, 4.0, 4.0)]
    grid = Grid(boxes, 1.0)
    assert grid.near((0.5, 0.5, 0.6, 0.6)) == [0, 1, 2, 3]
    assert grid.at(0.5, 0.5) == [0, 1, 2, 3]
    assert grid.near((math.nan, 0.0, 1.0, 1.0)) == [0, 1, 2, 3, 4]
    assert grid.at(math.inf, 0.0) == [0, 1, 2, 3, 4]
    assert grid.near((-1e200, -1e200, 1e200, 1e200)) == [0, 1, 2, 3, 4]
    assert Grid([(0.0, 0.0, 1.0, 1.0)], 1.0).at(math.nan, 0.0) == [0]
