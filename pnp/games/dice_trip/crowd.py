"""Dice Trip map labels where the map is crowded: when the quick search (placer) leaves
a name without a place, every name is placed again from far more places (a leader line
every 7.5 degrees, up to 23 mm long, out to the sea or a neighbour's land) by simulated
annealing over which places clash, the standard method for labelling maps (Christensen,
Marks and Shieber 1995). Seeded, so a map is always drawn alike. All in mm, y down."""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from pnp.base.geometry import (
    Box,
    Point,
    boxes_overlap,
    distance_to_segment,
    segment_hits_box,
    segments_cross,
)
from pnp.base.spatial import Grid
from pnp.games.dice_trip.geometry import Geometry
from pnp.games.dice_trip.labels import (
    ASCENT,
    DESCENT,
    LABEL_SIZE,
    LEADER_COST,
    LEADER_GAP,
    Label,
    text_box,
)
from pnp.games.dice_trip.placer import Placer, _Candidate, _grown, _pt, _round, quick_search

DIRECTIONS = 48  # leader lines every 7.5 degrees
REACHES = (1.5, 2.5, 3.5, 5.0, 6.5, 8.5, 11.0, 14.0, 18.0, 23.0)  # mm of leader line
CLASH = 60.0  # what two clashing names cost while the search runs (a leader costs 4 + mm)
UNPLACED = 1000.0  # a name left without a place (the map check reports it)
STEPS = 600  # search steps per city
PER_DIRECTION = 3  # the shortest free reaches in each direction: a longer one clashes more


def wide_leaders(p: Placer, city: str) -> list[_Candidate]:
    """Places at the end of a leader line in any of DIRECTIONS, up to the longest REACH:
    inside the map box, clear of every circle and badge (the line by 0.5 mm)."""
    (cx, cy), r, w = p.geo.pos[city], p.geo.radius[city], p.widths[city]
    s = LABEL_SIZE
    out: list[_Candidate] = []
    for step in range(DIRECTIONS):
        t = step * math.tau / DIRECTIONS
        kept = 0
        ux, uy = math.cos(t), math.sin(t)
        p0 = (cx + r * ux, cy + r * uy)
        for dist in REACHES:
            p1 = (cx + (r + dist) * ux, cy + (r + dist) * uy)
            if ux > 0.38:
                x, y, anchor = p1[0] + LEADER_GAP, p1[1] + (ASCENT - DESCENT) / 2 * s, "start"
            elif ux < -0.38:
                x, y, anchor = p1[0] - LEADER_GAP, p1[1] + (ASCENT - DESCENT) / 2 * s, "end"
            elif uy > 0:
                x, y, anchor = p1[0], p1[1] + LEADER_GAP + ASCENT * s, "middle"
            else:
                x, y, anchor = p1[0], p1[1] - LEADER_GAP - DESCENT * s, "middle"
            if not p._leader_clear_of_discs(city, p0, p1, 0.5):
                break  # a longer line in this direction crosses the same circle
            box = text_box(x, y, anchor, w)
            if not p._inside(box) or not p.circles.clear(box, city, 1.0):
                continue
            _, other = p.circles.nearest(box, city)
            if other < 1.0:
                continue
            tight = 0.0 if p._leader_clear_of_discs(city, p0, p1, 1.0) else 3.0
            cost = LEADER_COST + tight + dist + 3 * p._road_hits(box) + 4 * sum(
                1 for a, b in p.roads if segments_cross(a, b, p0, p1)) + 0.01 * step
            out.append((cost, Label(city, p.texts[city], round(x, 2), round(y, 2), anchor,
                                    round(w, 2), _round(box), (_pt(p0), _pt(p1))),
                        _grown(box), (p0, p1)))
            kept += 1
            if kept >= PER_DIRECTION:
                break
    return out


def _hits(p: Point, q: Point, box: Box) -> bool:
    """segment_hits_box, after a cheaper test of the segment's own box."""
    if max(p[0], q[0]) < box[0] or min(p[0], q[0]) > box[2] or \
            max(p[1], q[1]) < box[1] or min(p[1], q[1]) > box[3]:
        return False
    return segment_hits_box(p, q, box)


def _lines_meet(a: tuple[Point, Point], b: tuple[Point, Point]) -> bool:
    """The two leader lines cross or come within 0.4 mm at an end."""
    if max(a[0][0], a[1][0]) + 0.4 < min(b[0][0], b[1][0]) or \
            max(b[0][0], b[1][0]) + 0.4 < min(a[0][0], a[1][0]) or \
            max(a[0][1], a[1][1]) + 0.4 < min(b[0][1], b[1][1]) or \
            max(b[0][1], b[1][1]) + 0.4 < min(a[0][1], a[1][1]):
        return False
    return segments_cross(a[0], a[1], *b) or min(
        distance_to_segment(q, a[0], a[1]) for q in b) < 0.4 or min(
        distance_to_segment(q, b[0], b[1]) for q in a) < 0.4


def _clash(a: _Candidate, b: _Candidate) -> bool:
    """Whether two names' places (with their leader lines) may not both be used: the
    tests the quick search makes, both ways round (a line that misses a name's box grown
    by SPACE misses the box itself)."""
    grown_a, line_a, grown_b, line_b = a[2], a[3], b[2], b[3]
    if boxes_overlap(grown_a, b[1].box) or boxes_overlap(grown_b, a[1].box):
        return True
    if line_a is not None and _hits(line_a[0], line_a[1], grown_b):
        return True
    if line_b is not None and _hits(line_b[0], line_b[1], grown_a):
        return True
    return line_a is not None and line_b is not None and _lines_meet(line_a, line_b)


def _reach(c: _Candidate) -> Box:
    box, line = c[2], c[3]
    if line is None:
        return box
    xs = (box[0], box[2], line[0][0], line[1][0])
    ys = (box[1], box[3], line[0][1], line[1][1])
    return (min(xs) - 0.5, min(ys) - 0.5, max(xs) + 0.5, max(ys) + 0.5)


def settle(p: Placer, placed: dict[str, tuple[float, Label]]) -> dict[str, tuple[float, Label]]:
    """Every name placed again, starting from the quick search's places, by annealing:
    fewer names without a place first, then the lowest cost."""
    cities = sorted(placed)
    options = {c: ([(placed[c][0], placed[c][1], _grown(placed[c][1].box), placed[c][1].leader)]
                   if placed[c][1].placed else []) + p._direct_candidates(c) + wide_leaders(p, c)
               for c in cities}
    flat = [(c, i) for c in cities for i in range(len(options[c]))]
    reach = [_reach(options[c][i]) for c, i in flat]
    grid = Grid(reach, 4.0)
    clashes: dict[tuple[str, int], dict[str, set[int]]] = {}
    for n, (c, i) in enumerate(flat):
        mine = clashes.setdefault((c, i), {})
        a = reach[n]
        for m in grid.near(a):
            d, j = flat[m]
            b = reach[m]
            if m > n and d != c and a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] \
                    and b[1] <= a[3] and _clash(options[c][i], options[d][j]):
                mine.setdefault(d, set()).add(j)
                clashes.setdefault((d, j), {}).setdefault(c, set()).add(i)
    state = {c: 0 if placed[c][1].placed else -1 for c in cities}

    def cost(c: str, i: int) -> float:
        return UNPLACED if i < 0 else options[c][i][0]

    def clashing(c: str, i: int) -> int:
        if i < 0:
            return 0
        return sum(1 for d, js in clashes[(c, i)].items() if state[d] in js)

    rng = random.Random(len(cities))
    best = dict(state) if all(clashing(c, state[c]) == 0 for c in cities) else None
    best_cost = sum(cost(c, state[c]) for c in cities) if best else math.inf
    total = best_cost if best else sum(cost(c, state[c]) for c in cities)
    steps = STEPS * len(cities)
    for k in range(steps):
        heat = 30.0 * (0.002 ** (k / steps))
        c = rng.choice(cities)
        i = rng.randrange(-1, len(options[c]))
        old = state[c]
        delta = cost(c, i) - cost(c, old) + CLASH * (clashing(c, i) - clashing(c, old))
        if delta <= 0 or rng.random() < math.exp(-delta / heat):
            state[c] = i
            total += cost(c, i) - cost(c, old)
            if total < best_cost - 1e-9 and all(clashing(d, state[d]) == 0 for d in cities):
                best, best_cost = dict(state), total
    if best is None:
        return placed
    return {c: (placed[c] if best[c] < 0 else options[c][best[c]][:2]) for c in cities}


def place_labels(geo: Geometry, width_of: Callable[[str], float]) -> dict[str, Label]:
    """Every city's name: the quick search (placer), and where it leaves a name without
    a place, the search over every place at once (settle)."""
    placer, placed = quick_search(geo, width_of)
    if not all(label.placed for _, label in placed.values()):
        placed = settle(placer, placed)
    return {c: placed[c][1] for c in geo.pos}
