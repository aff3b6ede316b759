"""Dice Trip map labels: the search that places every city's name (labels has the
rules it follows). A place's own tests (inside the map, clear of the circles, its
nearest circles, the roads under it, its cost) do not depend on the names placed so far,
so each city's candidate places are worked out once per map; a search step then only
tests the candidates against the names already placed. All in mm, y down."""

from __future__ import annotations

import math
from collections.abc import Callable

from pnp.base.geometry import (
    Box,
    Point,
    boxes_overlap,
    distance_to_segment,
    segment_hits_box,
    segments_cross,
)
from pnp.games.dice_trip.geometry import BADGE_R, Geometry, badges
from pnp.games.dice_trip.index import Circles, Segments
from pnp.games.dice_trip.labels import (
    ASCENT,
    DESCENT,
    GAP,
    LABEL_SIZE,
    LEADER_COST,
    LEADER_GAP,
    MARGIN,
    SPACE,
    Label,
    text_box,
)

# a candidate: (cost, label, its box grown by SPACE, its leader line or None)
_Candidate = tuple[float, Label, Box, tuple[Point, Point] | None]


class Placer:
    def __init__(self, geo: Geometry, width_of: Callable[[str], float]) -> None:
        self.geo = geo
        self.texts = {c.name: c.label or c.name for c in geo.spec.cities}
        self.widths = {n: width_of(t) for n, t in self.texts.items()}
        self.badges = badges(geo)
        self.discs = [(p, r) for p, r in ((geo.pos[n], geo.radius[n]) for n in geo.pos)] + \
            [(p, BADGE_R) for p in self.badges.values()]
        self.circles = Circles(geo, self.discs)
        self.roads = geo.road_segments()
        self.indexed_roads = Segments(self.roads)
        self.bounds = (0.0, 0.0, geo.width, geo.height)
        self._direct: dict[str, list[_Candidate]] = {}
        self._leaders: dict[tuple[str, float, float], list[list[_Candidate]]] = {}

    def _inside(self, box: Box) -> bool:
        b = self.bounds
        return box[0] >= b[0] and box[1] >= b[1] and box[2] <= b[2] and box[3] <= b[3]

    @staticmethod
    def _clear_of_names(grown: Box, taken: list[Label]) -> bool:
        """Clear (by SPACE: `grown`) of the names and leader lines already placed."""
        for t in taken:
            if boxes_overlap(grown, t.box):
                return False
            if t.leader and segment_hits_box(t.leader[0], t.leader[1], grown):
                return False
        return True

    def _road_hits(self, box: Box) -> int:
        return self.indexed_roads.hits(box)

    def _direct_candidates(self, city: str) -> list[_Candidate]:
        """Places beside the circle that tie the name to it by MARGIN, in the order
        tried, with their costs: whatever names are placed already."""
        if city in self._direct:
            return self._direct[city]
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
        found: list[_Candidate] = []
        for pref, x, y, anchor in options:
            box = text_box(x, y, anchor, w)
            if not self._inside(box) or not self.circles.clear(box, city, GAP - 0.05):
                continue
            own, other = self.circles.nearest(box, city)
            if other - own < MARGIN:
                continue
            cost = pref + 3 * self._road_hits(box) + 0.3 * max(0.0, 3.0 - other)
            found.append((cost, Label(city, self.texts[city], round(x, 2), round(y, 2), anchor,
                                      round(w, 2), _round(box)), _grown(box), None))
        self._direct[city] = found
        return found

    def direct(self, city: str, taken: list[Label]) -> list[tuple[float, Label]]:
        """Places beside the circle, best first, that tie the name to it by MARGIN."""
        found = [(cost, label) for cost, label, grown, _ in self._direct_candidates(city)
                 if self._clear_of_names(grown, taken)]
        return sorted(found, key=lambda f: f[0])

    def leader(self, city: str, taken: list[Label]) -> list[tuple[float, Label]]:
        """Places a little away, tied to the circle by a short line clear of the other
        circles (by 1 mm, or 0.5 mm where nothing else is free)."""
        for clear, extra in ((1.0, 0.0), (0.5, 3.0)):
            found = self._leaders_for(city, taken, clear, extra)
            if found:
                return found
        return []

    def _leaders_for(self, city: str, taken: list[Label], clear: float,
                     extra: float) -> list[tuple[float, Label]]:
        """The leader places at the nearest distance that has any free, best first."""
        found: list[tuple[float, Label]] = []
        for per_distance in self._leader_candidates(city, clear, extra):
            found = [(cost, label) for cost, label, grown, line in per_distance
                     if self._clear_of_names(grown, taken) and self._leader_clear(line, taken)]
            if found:
                break
        return sorted(found, key=lambda f: f[0])

    def _leader_candidates(self, city: str, clear: float,
                           extra: float) -> list[list[_Candidate]]:
        """For each leader length, the places (in the order tried) that pass every test
        but those against names already placed, with their costs."""
        key = (city, clear, extra)
        if key in self._leaders:
            return self._leaders[key]
        (cx, cy), r, w = self.geo.pos[city], self.geo.radius[city], self.widths[city]
        s = LABEL_SIZE
        out: list[list[_Candidate]] = []
        for dist in (1.5, 2.5, 3.5, 5.0, 6.5, 8.5, 11.0):
            found: list[_Candidate] = []
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
                if not self._inside(box) or not self.circles.clear(box, city, 1.0) or \
                        not self._leader_clear_of_discs(city, p0, p1, clear):
                    continue
                _, other = self.circles.nearest(box, city)
                if other < 0.5 + clear:
                    continue
                cost = LEADER_COST + extra + dist + 3 * self._road_hits(box) + 4 * sum(
                    1 for a, b in self.roads if segments_cross(a, b, p0, p1)) + 0.01 * step
                found.append((cost, Label(city, self.texts[city], round(x, 2), round(y, 2),
                                          anchor, round(w, 2), _round(box),
                                          (_pt(p0), _pt(p1))), _grown(box), (p0, p1)))
            out.append(found)
        self._leaders[key] = out
        return out

    def _leader_clear_of_discs(self, city: str, p0: Point, p1: Point, clear: float) -> bool:
        own = self.geo.pos[city]
        for centre, r in self.discs:
            if centre != own and distance_to_segment(centre, p0, p1) < r + clear:
                return False
        return True

    @staticmethod
    def _leader_clear(line: tuple[Point, Point] | None, taken: list[Label]) -> bool:
        if line is None:
            return True
        p0, p1 = line
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


def _grown(box: Box) -> Box:
    return (box[0] - SPACE, box[1] - SPACE, box[2] + SPACE, box[3] + SPACE)


def place_labels(geo: Geometry, width_of: Callable[[str], float]) -> dict[str, Label]:
    """Every city's name: the most crowded cities choose first, then a local search
    moves names to where they and their neighbours cost least (leader lines cost most)."""
    placer, placed = quick_search(geo, width_of)
    return {c: placed[c][1] for c in geo.pos}


def quick_search(geo: Geometry, width_of: Callable[[str], float]
                 ) -> tuple[Placer, dict[str, tuple[float, Label]]]:
    """The placer and each city's (cost, name) as the greedy and local search leave them
    (crowd searches further where a name has no place)."""
    placer = Placer(geo, width_of)
    room = {c: len(placer.direct(c, [])) for c in geo.pos}
    placed = placer.run(sorted(geo.pos, key=lambda c: (room[c], c)))
    placer.improve(placed)
    return placer, placed
