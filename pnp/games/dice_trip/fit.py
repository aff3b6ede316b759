"""Whether a Dice Trip map fits the sizes it is printed at, and if not, what would: on
each printed size the circles stay on the country and apart, every name has a place
tied to its circle and every zone a place for its letter (marks finds what fails and
where). A name or a circle that finds no room is told which circles hem it in and
which paper or sheets a page gives it room (each such size drawn and checked, never
guessed), so following the advice gives fewer errors."""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.base.errors import Problem
from pnp.games.dice_trip import drawn as drawing
from pnp.games.dice_trip import zones
from pnp.games.dice_trip.geometry import Geometry
from pnp.games.dice_trip.labels import label_width
from pnp.games.dice_trip.marks import Mark, drawn_marks
from pnp.games.dice_trip.spec import MapSpec, zone_letter
from pnp.load.schema import problem
from pnp.load.source import Source

Box2 = tuple[float, float]  # a map box: width, height in mm
NEAR = 4.0  # mm between two circles' edges that makes them neighbours in a crowd
LONG = 25.0  # mm: a name longer than this, and than twice the others, is itself the cause


def marks_at(spec: MapSpec, size: Box2, letters: tuple[tuple[str, str], ...]) -> list[Mark]:
    """Every problem of the map drawn in a box of `size` mm (drawn once per box)."""
    drawn = drawing.drawn_map(spec, *size)
    spots = drawing.zone_spots(spec, *size, letters)
    return drawn_marks(drawn["geo"], drawn["labels"], spots)


def drawn_geometry(spec: MapSpec, size: Box2) -> Geometry:
    """The map's geometry as the sheets draw it at this size (circles moved apart where
    names needed room: drawing.drawn_map), shared with the sheets."""
    return drawing.drawn_map(spec, *size)["geo"]


def hemmed_in(geo: Geometry, city: str) -> list[str]:
    """The cities whose circles crowd this one's (edges within NEAR mm), nearest first."""
    here, r = geo.pos[city], geo.radius[city]
    near = sorted((math.dist(here, geo.pos[n]) - r - geo.radius[n], n) for n in geo.pos
                  if n != city)
    return [n for gap, n in near if gap <= NEAR][:6]


def long_name(spec: MapSpec, city: str) -> str | None:
    """Where a name is far longer than the map's others (twice their median, and over
    LONG mm), that length is why it finds no place, not the circles round it."""
    widths = {c.name: label_width(c.label or c.name) for c in spec.cities}
    others = sorted(w for n, w in widths.items() if n != city)
    typical = others[len(others) // 2] if others else 0.0
    mine = widths.get(city, 0.0)
    if mine > LONG and mine > 2 * typical:
        return (f"its name is {mine:.0f} mm long as printed, over twice the map's other "
                f"names (half of them under {typical:.0f} mm): give the city a shorter "
                "`label:`")
    return None


def _names(items: list[str]) -> str:
    return ", ".join(items[:-1]) + f" and {items[-1]}" if len(items) > 1 else "".join(items)


def drawn_problems(src: Source, spec: MapSpec, boxes: Sequence[Box2],
                   others: Sequence[tuple[str, Box2]] = ()) -> list[Problem]:
    """The problems of the map drawn at each printed size (`boxes`), each once, at the
    map file's lines. `others`: sizes pnp can also print (how to ask for each, its box),
    tried in order for a crowd that has no room at a printed size."""
    out: list[Problem] = []
    seen: set[tuple[str, str]] = set()
    index = {c.name: i for i, c in enumerate(spec.cities)}
    letters = tuple((z, max((zone_letter(spec, z, lang) for lang in ("en", "de", "fr")),
                            key=zones.letter_width)) for z in spec.zones)
    fits: dict[Box2, bool] = {}

    def room(w: float) -> str:
        """The first other size, wider than w, at which the whole map has no problem."""
        for how, size in others:
            if size[0] > w + 0.5:
                if size not in fits:
                    fits[size] = not marks_at(spec, size, letters)
                if fits[size]:
                    return f"it fits on {how}: a {size[0]:g} mm wide map, checked)"
        return "no paper pnp prints on gives it room"

    for w, h in boxes:
        marks = marks_at(spec, (w, h), letters)
        geo = drawing.drawn_map(spec, w, h)["geo"]
        for m in marks:
            if (m.kind, m.about) in seen:
                continue
            seen.add((m.kind, m.about))
            message = f"{m.message} on a {w:g} mm wide map"
            if m.kind == "label" and (why := long_name(spec, m.about)):
                message += f": {why}; or: {room(w)}"
            elif m.kind in ("label", "apart") and (crowd := hemmed_in(geo, m.about)):
                message += (f": its circle is hemmed in by {_names(crowd)}; {room(w)}, or "
                            "move cities out of this crowd")
            elif m.kind == "label":
                message += f"; {room(w)}, or give the city a shorter `label:`"
            key = ("map", "zones", m.about[5:]) if m.kind == "zone" else \
                ("map", "cities", index[m.about])
            out.append(problem(src, key, message))
    return out
