"""Dice Trip map labels: the rules a city's name follows (beside its own circle, nearer
to it than to any other circle by a margin a player can see, or tied to it by a leader
line where the map is crowded; clear of the letter badge of each coloured city) and the
measures they use; the search that places the names: placer. All in mm, y down."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.base.geometry import Box, Point, segment_hits_box
from pnp.games.dice_trip.geometry import Geometry

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
    from pnp.base import fonts
    from pnp.base.units import MM

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
        return f"no free place for the name {label.text!r} near its circle"
    if label.leader is None and other - own < MARGIN - 1e-6:
        return (f"the name {label.text!r} is {own:.1f} mm from its circle and {other:.1f} mm "
                f"from {who}'s: it needs to be {MARGIN:g} mm nearer its own, or a leader line")
    if label.leader is not None and math.dist(label.leader[0], geo.pos[label.city]) > \
            geo.radius[label.city] + 0.05:
        return f"the leader line of {label.text!r} does not start at its circle"
    return None
