"""Dice Trip map labels: each city's name beside its own circle, nearer to it than to
any other circle by a margin a player can see, or tied to it by a leader line where the
map is crowded; and the letter badge of each coloured city. All in mm, y down."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from ..geometry import (
    Box,
    Point,
    boxes_overlap,
    distance_to_segment,
    segment_hits_box,
    segments_cross,
)
from .dice_trip_geometry import BADGE_R, Geometry, badges

LABEL_SIZE = 2.2  # mm: the font size of city names (6.2 pt)
ASCENT, DESCENT = 0.78, 0.24  # a name's box above and below its baseline, in font sizes
GAP = 0.6  # mm between a circle and the name beside it
MARGIN = 1.5  # mm: a name's next circle lies at least this much further than its own
CLEAR = 0.5  # mm between a name and any other circle or badge
SPACE = 0.5  # mm between two names
LEADER_GAP = 0.35  # a leader line stops this short of its name
LEADER_COST = 4.0  # a leader line costs as much as this many mm more of it


@dataclass(frozen=True)
class Label:
    city: str
    text: str
    x: float  # the text's anchor point on its baseline
    y: float
    anchor: str  # start | middle | end
    width: float
    box: Box
    leader: tuple[Point, Point] | None = None  # from the circle's edge to the name
    placed: bool = True  # False: no free place was found (the map check reports it)


def label_width(text: str) -> float:
    """A city name's width in mm at LABEL_SIZE."""
    from .. import fonts
    from ..units import MM

    return fonts.string_width(text, LABEL_SIZE * MM) / MM


Segment = tuple[Point, Point]


def segment_hits(box: Box, segments: list[tuple[Segment, Box]]) -> int:
    """How many segments (each with its bounding box) touch a box."""
    return sum(1 for (p, q), sb in segments if sb[0] <= box[2] and box[0] <= sb[2]
               and sb[1] <= box[3] and box[1] <= sb[3] and segment_hits_box(p, q, box))


def boxed_segments(segments: list[Segment]) -> list[tuple[Segment, Box]]:
    return [((p, q), (min(p[0], q[0]), min(p[1], q[1]), max(p[0], q[0]), max(p[1], q[1])))
            for p, q in segments]


def circle_gap(box: Box, centre: Point, r: float) -> float:
    """Distance from a box to a circle's edge (negative: they overlap)."""
    dx = max(box[0] - centre[0], 0.0, centre[0] - box[2])
    dy = max(box[1] - centre[1], 0.0, centre[1] - box[3])
    return math.hypot(dx, dy) - r


def text_box(x: float, y: float, anchor: str, width: float, size: float = LABEL_SIZE) -> Box:
    left = x - width / 2 if anchor == "middle" else (x if anchor == "start" else x - width)
    return (left, y - ASCENT * size, left + width, y + DESCENT * size)


def nearest_circles(box: Box, city: str, geo: Geometry) -> tuple[float, float, str]:
    """(gap to its own circle, gap to the nearest other circle, that city's name)."""
    own = circle_gap(box, geo.pos[city], geo.radius[city])
    other, who = math.inf, ""
    for name, centre in geo.pos.items():
        if name != city:
            d = circle_gap(box, centre, geo.radius[name])
            if d < other:
                other, who = d, name
    return own, other, who


def label_problem(label: Label, geo: Geometry) -> str | None:
    """Why a placed name is not tied to its circle, or None: it must be nearer its own
    circle than any other by MARGIN, or have a leader line from its circle."""
    own, other, who = nearest_circles(label.box, label.city, geo)
    if not label.placed:
        return (f"no free place for the name {label.text!r} near its circle (give the city "
                "a shorter `label:` or move it)")
    if label.leader is None and other - own < MARGIN - 1e-6:
        return (f"the name {label.text!r} is {own:.1f} mm from its circle and {other:.1f} mm "
                f"from {who}'s: it needs to be {MARGIN:g} mm nearer its own, or a leader line")
    if label.leader is not None and math.dist(label.leader[0], geo.pos[label.city]) > \
            geo.radius[label.city] + 0.05:
        return f"the leader line of {label.text!r} does not start at its circle"
    return None


class _Placer:
    def __init__(self, geo: Geometry, width_of: Callable[[str], float]) -> None:
        self.geo = geo
        self.texts = {c.name: c.label or c.name for c in geo.spec.cities}
        self.widths = {n: width_of(t) for n, t in self.texts.items()}
        self.badges = badges(geo)
        self.discs = [(p, r) for p, r in ((geo.pos[n], geo.radius[n]) for n in geo.pos)] + \
            [(p, BADGE_R) for p in self.badges.values()]
        self.roads = geo.road_segments()
        self.boxed_roads = boxed_segments(self.roads)
        self.bounds = (0.0, 0.0, geo.width, geo.height)

    def _inside(self, box: Box) -> bool:
        b = self.bounds
        return box[0] >= b[0] and box[1] >= b[1] and box[2] <= b[2] and box[3] <= b[3]

    def _free(self, box: Box, city: str, taken: list[Label], own_clear: float) -> bool:
        """Clear of every circle and badge (its own circle by `own_clear`), of names and
        leader lines already placed, inside the map."""
        if not self._inside(box):
            return False
        own = self.geo.pos[city]
        for centre, r in self.discs:
            need = own_clear if centre == own else CLEAR
            reach = r + need
            if centre[0] + reach < box[0] or centre[0] - reach > box[2] or \
                    centre[1] + reach < box[1] or centre[1] - reach > box[3]:
                continue  # too far to matter
            if circle_gap(box, centre, r) < need - 1e-6:
                return False
        grown = (box[0] - SPACE, box[1] - SPACE, box[2] + SPACE, box[3] + SPACE)
        for t in taken:
            if boxes_overlap(grown, t.box):
                return False
            if t.leader and segment_hits_box(t.leader[0], t.leader[1], grown):
                return False
        return True

    def _road_hits(self, box: Box) -> int:
        return segment_hits(box, self.boxed_roads)

    def direct(self, city: str, taken: list[Label]) -> list[tuple[float, Label]]:
        """Places beside the circle, best first, that tie the name to it by MARGIN."""
        (cx, cy), r, w = self.geo.pos[city], self.geo.radius[city], self.widths[city]
        s = LABEL_SIZE
        mid = cy + (ASCENT - DESCENT) / 2 * s
        d = (r + GAP) * math.sqrt(0.5)
        east, west = cx + r + GAP, cx - r - GAP
        options = [  # (preference, x, y, anchor)
            (0.0, east, mid, "start"), (0.3, west, mid, "end"),
            (0.5, cx, cy + r + GAP + ASCENT * s, "middle"),
            (0.6, cx, cy - r - GAP - DESCENT * s, "middle"),
            (0.8, cx + d, cy - d - DESCENT * s, "start"),
            (0.8, cx + d, cy + d + ASCENT * s, "start"),
            (0.9, cx - d, cy - d - DESCENT * s, "end"), (0.9, cx - d, cy + d + ASCENT * s, "end"),
            (0.4, east, mid - 0.5 * s, "start"), (0.4, east, mid + 0.5 * s, "start"),
            (0.6, west, mid - 0.5 * s, "end"), (0.6, west, mid + 0.5 * s, "end")]
        found = []
        for pref, x, y, anchor in options:
            box = text_box(x, y, anchor, w)
            if not self._free(box, city, taken, GAP - 0.05):
                continue
            own, other, _ = nearest_circles(box, city, self.geo)
            if other - own < MARGIN:
                continue
            cost = pref + 3 * self._road_hits(box) + 0.3 * max(0.0, 3.0 - other)
            found.append((cost, Label(city, self.texts[city], round(x, 2), round(y, 2), anchor,
                                      round(w, 2), _round(box))))
        return sorted(found, key=lambda f: f[0])

    def leader(self, city: str, taken: list[Label]) -> list[tuple[float, Label]]:
        """Places a little away, tied to the circle by a short line clear of the other
        circles (by 1 mm, or 0.5 mm where nothing else is free)."""
        for clear, extra in ((1.0, 0.0), (0.5, 3.0)):
            found = self._leaders(city, taken, clear, extra)
            if found:
                return found
        return []

    def _leaders(self, city: str, taken: list[Label], clear: float,
                 extra: float) -> list[tuple[float, Label]]:
        (cx, cy), r, w = self.geo.pos[city], self.geo.radius[city], self.widths[city]
        s = LABEL_SIZE
        found = []
        for dist in (1.5, 2.5, 3.5, 5.0, 6.5, 8.5, 11.0):
            for step in range(16):
                t = step * math.pi / 8
                ux, uy = math.cos(t), math.sin(t)
                p0 = (cx + r * ux, cy + r * uy)
                p1 = (cx + (r + dist) * ux, cy + (r + dist) * uy)
                if ux > 0.38:
                    x, y, anchor = p1[0] + LEADER_GAP, p1[1] + (ASCENT - DESCENT) / 2 * s, "start"
                elif ux < -0.38:
                    x, y, anchor = p1[0] - LEADER_GAP, p1[1] + (ASCENT - DESCENT) / 2 * s, "end"
                elif uy > 0:
                    x, y, anchor = p1[0], p1[1] + LEADER_GAP + ASCENT * s, "middle"
                else:
                    x, y, anchor = p1[0], p1[1] - LEADER_GAP - DESCENT * s, "middle"
                box = text_box(x, y, anchor, w)
                if not self._free(box, city, taken, 1.0) or not self._leader_ok(
                        city, p0, p1, taken, clear):
                    continue
                _, other, _ = nearest_circles(box, city, self.geo)
                if other < 0.5 + clear:
                    continue
                cost = LEADER_COST + extra + dist + 3 * self._road_hits(box) + 4 * sum(
                    1 for a, b in self.roads if segments_cross(a, b, p0, p1)) + 0.01 * step
                found.append((cost, Label(city, self.texts[city], round(x, 2), round(y, 2),
                                          anchor, round(w, 2), _round(box),
                                          (_pt(p0), _pt(p1)))))
            if found:
                break
        return sorted(found, key=lambda f: f[0])

    def _leader_ok(self, city: str, p0: Point, p1: Point, taken: list[Label],
                   clear: float) -> bool:
        own = self.geo.pos[city]
        for centre, r in self.discs:
            if centre != own and distance_to_segment(centre, p0, p1) < r + clear:
                return False
        for t in taken:
            if segment_hits_box(p0, p1, t.box):
                return False
            if t.leader and (segments_cross(p0, p1, *t.leader)
                             or min(distance_to_segment(q, p0, p1) for q in t.leader) < 0.4):
                return False
        return True

    def options(self, city: str, taken: list[Label], leaders: bool = True
                ) -> list[tuple[float, Label]]:
        return self.direct(city, taken) or (self.leader(city, taken) if leaders else [])

    def fallback(self, city: str) -> tuple[float, Label]:
        """Below the circle, over whatever is there: the map check reports it."""
        (cx, cy), r, w = self.geo.pos[city], self.geo.radius[city], self.widths[city]
        x, y = cx, cy + r + GAP + ASCENT * LABEL_SIZE
        return 1000.0, Label(city, self.texts[city], round(x, 2), round(y, 2), "middle",
                             round(w, 2), _round(text_box(x, y, "middle", w)), None, False)

    def run(self, order: list[str]) -> dict[str, tuple[float, Label]]:
        placed: dict[str, tuple[float, Label]] = {}
        for city in order:
            options = self.options(city, [lb for _, lb in placed.values()])
            placed[city] = options[0] if options else self.fallback(city)
        return placed

    def improve(self, placed: dict[str, tuple[float, Label]]) -> None:
        """Local search: each name moves to its best place given the others; a name on a
        leader (or without a place) takes a neighbour's place beside its own circle when
        the neighbour can move elsewhere and the two cost less together."""
        for _ in range(4):
            changed = False
            for city in sorted(placed, key=lambda c: (-placed[c][0], c)):
                cost, label = placed[city]
                if cost <= 0.0:
                    continue  # beside its circle, to the right, clear of all: the best place
                others = [lb for c, (_, lb) in placed.items() if c != city]
                best = self.options(city, others, leaders=label.leader is not None
                                    or not label.placed)
                if best and best[0][0] < cost - 1e-6:
                    placed[city] = best[0]
                    changed = True
            for city in sorted(c for c, (_, lb) in placed.items() if lb.leader or not lb.placed):
                here = self.geo.pos[city]
                near = sorted(n for n in placed if n != city
                              and math.dist(self.geo.pos[n], here) < 26.0)
                for n in near:
                    rest = [lb for c, (_, lb) in placed.items() if c not in (city, n)]
                    done = False
                    for ca, la in self.direct(city, rest)[:4]:
                        moved = self.options(n, rest + [la])
                        if moved and ca + moved[0][0] < placed[city][0] + placed[n][0] - 1e-6:
                            placed[city], placed[n] = (ca, la), moved[0]
                            changed = done = True
                            break
                    if done:
                        break
            if not changed:
                break


def _pt(p: Point) -> Point:
    return round(p[0], 2), round(p[1], 2)


def _round(box: Box) -> Box:
    return (round(box[0], 3), round(box[1], 3), round(box[2], 3), round(box[3], 3))


def place_labels(geo: Geometry, width_of: Callable[[str], float]) -> dict[str, Label]:
    """Every city's name: the most crowded cities choose first, then a local search
    moves names to where they and their neighbours cost least (leader lines cost most)."""
    placer = _Placer(geo, width_of)
    room = {c: len(placer.direct(c, [])) for c in geo.pos}
    placed = placer.run(sorted(geo.pos, key=lambda c: (room[c], c)))
    placer.improve(placed)
    return {c: placed[c][1] for c in geo.pos}
