"""The Temple Trip board's scans take shortcuts that must never change an answer: a road's
scan leaves untested the steps within a tested square's room or hold (blocked._Window),
and two quadrilaterals are compared written out (geometry._quads_overlap). Each is
checked against the plain computation, on the shipped board and on random shapes."""

from __future__ import annotations

import math
import random

import pytest
import yaml
from conftest import ROOT

from pnp.base import geometry
from pnp.games.temple_trip import blocked
from pnp.games.temple_trip.squares import Path, Square


def _every_step(monkeypatch: pytest.MonkeyPatch) -> None:
    """The scan without shortcuts: every step tested."""
    monkeypatch.setattr(blocked._Window, "room", lambda self, at: 0.0)
    monkeypatch.setattr(blocked._Window, "held", lambda self, at: 0.0)


def test_the_shipped_roads_are_blocked_where_every_step_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp.games.temple_trip.board import Board

    content = ROOT / "content" / "temple-trip"

    def load(name: str) -> dict:
        return yaml.safe_load((content / name).read_text())

    temples = [t for t in load("temples.yaml")["temples"] if not t.get("blank")]
    b = Board(load("board.yaml")["board"], load("layout.yaml"), temples, load("outlines.yaml"))
    lanes = [o.path.points for o in b.air if o.path]
    air = [s for o in b.air for s in o.squares] + [s for o in b.roads[::2] for s in o.squares]
    cases = [(b.road_line(r), [b.road_line(o).points for o in b.roads
                               if o is not r and {o.a, o.b} & {r.a, r.b}]) for r in b.roads]
    quick = [blocked.blocked(path, lanes, air, others) for path, others in cases]
    _every_step(monkeypatch)
    assert quick == [blocked.blocked(path, lanes, air, others) for path, others in cases]


def test_random_roads_are_blocked_where_every_step_says(
        monkeypatch: pytest.MonkeyPatch) -> None:
    rnd = random.Random(3)
    cases = []
    for _ in range(60):
        road = [(rnd.uniform(0, 200), rnd.uniform(0, 200))]
        for _ in range(rnd.randint(1, 4)):
            road.append((road[-1][0] + rnd.uniform(-80, 80), road[-1][1] + rnd.uniform(-80, 80)))
        lanes = []
        for _ in range(rnd.randint(0, 3)):
            p = (rnd.uniform(0, 200), rnd.uniform(0, 200))
            lanes.append([p] + [(p[0] + k * rnd.uniform(1, 3), p[1] + k * rnd.uniform(-3, 3))
                                for k in range(1, 40)])
        others = [[road[0], (road[0][0] + rnd.uniform(-60, 60), road[0][1] + rnd.uniform(-60, 60))]
                  for _ in range(rnd.randint(0, 2))]
        air = [Square(rnd.uniform(0, 200), rnd.uniform(0, 200), rnd.uniform(-180, 180), "sky")
               for _ in range(rnd.randint(0, 8))]
        cases.append((Path(road), lanes, air, others))
    quick = [blocked.blocked(*case) for case in cases]
    _every_step(monkeypatch)
    assert quick == [blocked.blocked(*case) for case in cases]


def _sat(a: list, b: list) -> bool:
    """polygons_overlap as it reads for any two convex polygons."""
    ax, bx = [x for x, _ in a], [x for x, _ in b]
    ay, by = [y for _, y in a], [y for _, y in b]
    if max(ax) < min(bx) or max(bx) < min(ax) or max(ay) < min(by) or max(by) < min(ay):
        return False
    for poly in (a, b):
        x0, y0 = poly[-1]
        for x1, y1 in poly:
            nx, ny = y0 - y1, x1 - x0
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) + 1e-9 or max(pb) <= min(pa) + 1e-9:
                return False
            x0, y0 = x1, y1
    return True


def test_quadrilaterals_overlap_as_any_two_polygons() -> None:
    rnd = random.Random(8)
    for _ in range(20_000):
        a = geometry.square_corners(rnd.uniform(0, 20), rnd.uniform(0, 20), rnd.uniform(1, 12),
                                    rnd.choice([0.0, math.pi / 4, rnd.uniform(0, 6.3)]))
        kind = rnd.random()
        if kind < 0.3:  # a name's box
            x, y = rnd.uniform(0, 20), rnd.uniform(0, 20)
            b = [(x, y), (x + rnd.uniform(0.5, 20), y), (x + 5, y + 4), (x, y + 4)]
        elif kind < 0.4:  # sharing an edge: touching is not overlapping
            b = [a[1], a[2], (a[2][0] + 5, a[2][1]), (a[1][0] + 5, a[1][1])]
        else:
            b = geometry.square_corners(rnd.uniform(0, 20), rnd.uniform(0, 20),
                                        rnd.uniform(1, 12), rnd.uniform(0, 6.3))
        assert geometry.polygons_overlap(a, b) == _sat(a, b)
