"""Dice Trip zone letters: a free place in each zone for its letter (on the zone's land,
smaller where room is short, else just off its coast; never over a road, a leader line
or a zone boundary: they are drawn over it). All in mm, y down."""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.base.geometry import Box, Point, point_in_polygon
from pnp.games.dice_trip.geometry import BADGE_R, Geometry, badges
from pnp.games.dice_trip.index import Boxes, Segments
from pnp.games.dice_trip.labels import Label, circle_gap

if TYPE_CHECKING:
    pass

ZONE_SIZES = (4.2, 3.4, 2.8)  # mm: a zone letter's font size, smaller where room is short
# mm: discs farther than this from a letter's middle cannot cut its room below the 2.5 mm
# that counts (half a letter's box, 4.5, + 2.5 + the largest disc, 5.2)
BUCKET = 13.0
# (half the line's width in mm, which lines): a letter's ink keeps CLEAR_INK + half a
# line's width from it, as preflight measures text crossed by a line (its 0.2 mm and a
# hair): roads 0.5 mm wide, leader lines 0.25, zone boundaries 0.6
CLEAR_INK = 0.205


def letter_width(text: str, size: float = ZONE_SIZES[0]) -> float:
    """A zone letter's width in mm (bold, `size` mm)."""
    from pnp.base import fonts
    from pnp.base.units import MM

    return fonts.string_width(text, size * MM, True) / MM


def zone_letter_places(geo: Geometry, letters: dict[str, str], labels: dict[str, Label],
                       lines: list[list[Point]]
                       ) -> dict[str, tuple[float, float, float, float] | None]:
    """(x, y of the centre, font size, width) of each zone's letter: inside the zone, clear of
    circles, names, roads, leader lines and zone boundaries, as far from the circles as
    the zone allows; smaller where a zone has no room for the full size."""
    discs = [(geo.pos[n], geo.radius[n]) for n in geo.pos] + \
        [(p, BADGE_R) for p in badges(geo).values()]
    roads = geo.road_segments()
    every = roads + [lb.leader for lb in labels.values() if lb.leader] + \
        [(line[i], line[i + 1]) for line in lines for i in range(len(line) - 1)]
    segments = Segments(every)
    leaders = [lb.leader for lb in labels.values() if lb.leader]
    blocking = [(0.25, Segments(roads)), (0.125, Segments(leaders)), (0.3, Segments(
        [(line[i], line[i + 1]) for line in lines for i in range(len(line) - 1)]))]
    boxes = Boxes([lb.box for lb in labels.values()])
    zone_of = {c.name: c.zone for c in geo.spec.cities}
    areas = {c.zone: True for c in geo.spec.cities}
    rooms: dict[Point, list[tuple[float, Point, float]]] = {}  # shared by every zone
    buckets: dict[tuple[int, int], list[tuple[Point, float]]] = {}
    nearby: dict[tuple[int, int], list[tuple[Point, float]]] = {}
    for c, r in discs:
        buckets.setdefault((int(c[0] // BUCKET), int(c[1] // BUCKET)), []).append((c, r))
    out: dict[str, tuple[float, float, float, float] | None] = {}
    for zone in areas:
        inside = [(geo.pos[n], poly) for n, poly in geo.cells() if zone_of[n] == zone]
        around = [(geo.pos[n], poly) for n, poly in geo.cells(True) if zone_of[n] == zone]
        out[zone] = None
        if not inside:
            continue
        centre = (sum(p[0] for p, _ in inside) / len(inside),
                  sum(p[1] for p, _ in inside) / len(inside))
        # on the zone's own land; smaller where room is short; then just off its coast,
        # never over a road, a leader or a boundary: they are drawn over the letter
        tiers = [(size, inside) for size in ZONE_SIZES] + [
            (size, around) for size in ZONE_SIZES[1:]]
        for size, cells in tiers:
            polys = [(poly, (min(p[0] for p in poly), min(p[1] for p in poly),
                             max(p[0] for p in poly), max(p[1] for p in poly)))
                     for _, poly in cells]
            text = letters.get(zone, zone)
            w = letter_width(text, size)
            spot = _Spot(geo, discs, boxes, segments, blocking, _ink(text, size), polys, centre, w,
                         0.72 * size, rooms, buckets, nearby)
            best, best_score = None, -math.inf
            for _, (gx, gy) in _coarse_best(spot, _inside_points(cells)):
                for cx, cy in _grid(gx - 1.0, gy - 1.0, gx + 1.0, gy + 1.0, 0.5):
                    found = spot.prepare(cx, cy)
                    if found is None or not found[0] > best_score + 1e-9:
                        continue  # its score cannot beat the best so far
                    v = spot.finish(*found)
                    if v is not None and v > best_score + 1e-9:
                        best, best_score = (round(cx, 2), round(cy, 2), size, round(w, 2)), v
            if best is not None:
                out[zone] = best
                break
    return out


def _coarse_best(spot: _Spot, points: list[Point]) -> list[tuple[float, Point]]:
    """The 4 best (score, point) of the points, best first: tried by the score each
    cannot exceed, highest first, until no other can reach the 4th best."""
    found = [(b[0], pt, b[1]) for pt in points if (b := spot.prepare(*pt)) is not None]
    if any(bound != bound for bound, _, _ in found):  # not a number: score them all
        found_all = [(v, pt) for bound, pt, box in found
                     if (v := spot.finish(bound, box)) is not None]
        return sorted(found_all, reverse=True)[:4]
    found.sort(key=lambda f: (f[0], f[1]), reverse=True)
    top: list[tuple[float, Point]] = []
    for bound, pt, box in found:
        if len(top) == 4 and (bound, pt) < top[3]:
            break
        v = spot.finish(bound, box)
        if v is not None:
            top = sorted(top + [(v, pt)], reverse=True)[:4]
    return top


@dataclass
class _Spot:
    """Scores a place for a zone letter of w x h mm: how far it keeps from circles (up to
    2.5 mm), less a little for its distance from the zone's middle (its cities' mean);
    None where it may not go."""

    geo: Geometry
    discs: list[tuple[Point, float]]
    boxes: Boxes  # the names' boxes
    segments: Segments  # every line: scored
    blocking: list[tuple[float, Segments]]  # the lines it may not touch (half their width)
    ink: tuple[float, float, float]  # its ink inside its box: at each side, top, bottom
    polys: list[tuple[list[Point], Box]]  # it lies wholly inside these (with their boxes)
    centre: Point
    w: float
    h: float

    rooms: dict[Point, list[tuple[float, Point, float]]]  # shared by every size
    buckets: dict[tuple[int, int], list[tuple[Point, float]]]  # discs by BUCKET squares
    nearby: dict[tuple[int, int], list[tuple[Point, float]]]  # a square's and its neighbours'

    def __post_init__(self) -> None:
        self.half = math.hypot(self.w / 2 + 0.4, self.h / 2 + 0.4)

    def _near(self, cx: float, cy: float) -> list[tuple[float, Point, float]]:
        """The discs around the point by their distance, nearest first."""
        b = BUCKET
        i, j = int(cx // b), int(cy // b)
        discs = self.nearby.get((i, j))
        if discs is None:
            discs = self.nearby[(i, j)] = [d for di in (-1, 0, 1) for dj in (-1, 0, 1)
                                           for d in self.buckets.get((i + di, j + dj), ())]
        near = self.rooms[(cx, cy)] = sorted([(math.dist((cx, cy), c) - r, c, r)
                                              for c, r in discs])
        return near

    def prepare(self, cx: float, cy: float) -> tuple[float, Box] | None:
        """The quick tests of a place: None where it may not go, else the score it
        cannot exceed (its room and nearness; the lines it crosses only lower it) and
        its box, for `finish`."""
        hw, hh = self.w / 2, self.h / 2
        box = (cx - hw - 0.4, cy - hh - 0.4, cx + hw + 0.4, cy + hh + 0.4)
        near = self.rooms.get((cx, cy))
        if near is None:
            near = self._near(cx, cy)
        if near and near[0][0] < 1.0:  # the box has less room than its middle
            return None
        half = self.half
        room = 2.5  # room enough: beyond it, nearer the zone's middle is better
        for gap, c, r in near:
            if gap - half >= room:
                break
            room = min(room, circle_gap(box, c, r))
        if room < 1.0 or not (0 <= box[0] and box[2] <= self.geo.width and 0 <= box[1]
                              and box[3] <= self.geo.height):
            return None
        return min(room, 2.5) - 0.04 * math.dist((cx, cy), self.centre), box

    def finish(self, bound: float, box: Box) -> float | None:
        """The place's score (None where it may not go): clear of names and blocking
        lines, wholly inside the cells, less one for each line it touches."""
        if self.boxes.overlap(box) or self.segments.hits(box):
            return None  # over a name, or a line through its box
        side, top, bottom = self.ink  # the ink: the box less 0.4 mm, bearings, ascent
        ink = (box[0] + side, box[1] + top, box[2] - side, box[3] - bottom)
        for half, lines in self.blocking:
            room = CLEAR_INK + half
            if lines.hits((ink[0] - room, ink[1] - room, ink[2] + room, ink[3] + room)):
                return None
        for corner in ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])):
            x, y = corner
            for poly, pb in self.polys:
                if pb[0] <= x <= pb[2] and pb[1] <= y <= pb[3] and point_in_polygon(corner, poly):
                    break
            else:
                return None  # a corner outside every cell
        return bound - self.segments.hits(box)


def _ink(text: str, size: float) -> tuple[float, float, float]:
    """How far a letter's ink lies inside its box (0.4 mm round its advance width and
    0.72 of its size, the baseline at the bottom): at each side (preflight's side
    bearing, 0.06 of the size), at the top and at the bottom (an overshoot below the
    baseline makes this less than 0.4)."""
    from pnp.base import fonts

    low, high = fonts.ink_extent(text, fonts.BOLD) or (0.0, 0.72)
    return 0.4 + 0.06 * size, 0.4 + (0.72 - high) * size, 0.4 + low * size


def _grid(x0: float, y0: float, x1: float, y1: float, step: float) -> list[Point]:
    nx, ny = int((x1 - x0) / step) + 1, int((y1 - y0) / step) + 1
    return [(x0 + i * step, y0 + j * step) for i in range(nx) for j in range(ny)]


def _inside_points(cells: list[tuple[Point, list[Point]]]) -> list[Point]:
    """Points spread over Voronoi cells: from each city towards each corner of its
    cell and towards the middle of each edge, at several fractions of the way."""
    out = []
    for (cx, cy), poly in cells:
        targets = poly + [((poly[i - 1][0] + p[0]) / 2, (poly[i - 1][1] + p[1]) / 2)
                          for i, p in enumerate(poly)]
        if len(targets) > 16:  # a cell along a detailed coast: 16 of its points will do
            targets = [targets[i * len(targets) // 16] for i in range(16)]
        for tx, ty in targets:
            for f in (0.4, 0.6, 0.8):
                out.append((round(cx + (tx - cx) * f, 2), round(cy + (ty - cy) * f, 2)))
    return out
