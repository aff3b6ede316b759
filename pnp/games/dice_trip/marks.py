"""Dice Trip map problems at one drawn size, each with the place on the map it is about
(a box in mm, y down): the map checks report them at the file's lines, and a preview
(`pnp sheets --preview`) boxes them in red on the drawn sheet, so a failing map can be
looked at. Circles must stay inside the country's outline: a city outside it reads as
a neighbour's."""

from __future__ import annotations

import math
from dataclasses import dataclass

from pnp.base.geometry import Box
from pnp.games.dice_trip import labels as lab
from pnp.games.dice_trip.coast import land_gap
from pnp.games.dice_trip.geometry import CLEAR, OFF_LAND, Geometry


@dataclass(frozen=True)
class Mark:
    """A problem on a drawn map: who it is about (a city or `zone Z`), what is wrong,
    and the box (mm) around it."""

    about: str
    message: str
    box: Box
    kind: str = "label"  # label | outside | apart | zone


def _circle_box(geo: Geometry, city: str) -> Box:
    (x, y), r = geo.pos[city], geo.radius[city]
    return (x - r, y - r, x + r, y + r)


def _union(a: Box, b: Box) -> Box:
    return (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))


def outside_circles(geo: Geometry) -> list[Mark]:
    """Cities whose circle's centre lies off the country's outline (by more than a coarse
    coast or a border town explains: OFF_LAND) on this drawn map."""
    land = geo.outline()
    out = []
    for c in geo.spec.cities:
        gap, _ = land_gap(geo.pos[c.name], land)
        if gap > OFF_LAND:
            raw, _ = land_gap(geo.raw[c.name], land)
            why = ("its lat/lon lie off the outline: check them, or the outline there"
                   if raw > OFF_LAND else "its neighbours push it off the coast")
            out.append(Mark(c.name, f"{c.name}'s circle lies {gap:.1f} mm outside the "
                            f"country's outline ({why})", _circle_box(geo, c.name), "outside"))
    return out


def crowded_circles(geo: Geometry) -> list[Mark]:
    """Circles the spreading could not keep CLEAR apart while on the country (a narrow
    tip of land holding more circles than fit across it)."""
    out = []
    names = [c.name for c in geo.spec.cities]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            gap = math.dist(geo.pos[a], geo.pos[b]) - geo.radius[a] - geo.radius[b]
            if gap < CLEAR - 0.05:
                out.append(Mark(a, f"the circles of {a} and {b} are {max(gap, 0):.1f} mm "
                                f"apart ({CLEAR:g} mm needed): the country has no room "
                                "there to push them further apart",
                                _union(_circle_box(geo, a), _circle_box(geo, b)), "apart"))
    return out


def label_marks(geo: Geometry, labels: dict[str, lab.Label]) -> list[Mark]:
    """Names not tied to their circle: the name's box with its circle."""
    out = []
    for city, label in labels.items():
        message = lab.label_problem(label, geo)
        if message:
            out.append(Mark(city, message, _union(label.box, _circle_box(geo, city))))
    return out


def zone_marks(geo: Geometry, spots: dict[str, object]) -> list[Mark]:
    """Zones with no free place for their letter: the zone's cities."""
    out = []
    for zone, spot in spots.items():
        if spot is None:
            cities = [c.name for c in geo.spec.cities if c.zone == zone]
            box = _circle_box(geo, cities[0]) if cities else (0.0, 0.0, geo.width, geo.height)
            for city in cities[1:]:
                box = _union(box, _circle_box(geo, city))
            out.append(Mark(f"zone {zone}", f"no free place inside zone {zone} for its "
                            "letter", box, "zone"))
    return out


def drawn_marks(geo: Geometry, labels: dict[str, lab.Label],
                spots: dict[str, object]) -> list[Mark]:
    """Every problem a drawn map shows (circles off the country, names, zone letters)."""
    return outside_circles(geo) + crowded_circles(geo) + label_marks(geo, labels) + \
        zone_marks(geo, spots)
