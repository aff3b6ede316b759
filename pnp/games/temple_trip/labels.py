"""City names on the Temple Trip board: each placed beside its city where nothing
else is drawn (no square, road, flight, city, flag, panel or other name under it), the
most hemmed-in city first. What cannot be placed clear is reported, never hidden."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from pnp.base.geometry import (
    Box,
    Point,
    bounds,
    boxes_overlap,
    polygons_overlap,
    segment_hits_box,
)
from pnp.base.spatial import Grid
from pnp.games.temple_trip.board import Board

LABEL_PT = 10.0  # city names: readable at arm's length across the table
PT_MM = 25.4 / 72
LABEL_MM = LABEL_PT * PT_MM
FLAG_W, FLAG_H = 24.0, 12.8  # mm: the country flags drawn on the map (USA 0.53 high)
EDGE = 8.0  # mm: names keep this far inside the board's trim (tiles overlap there)
PAD = 0.6  # mm of clear paper around a name's ink (a road's half-width and a little)
RING = 0.7  # mm: a city's outline reaches this far past its radius
CELL = 16.0  # mm: the obstacle grids' cell, about a short name's width


@dataclass(frozen=True)
class Label:
    name: str
    x: float  # the text's anchor point (baseline)
    y: float
    anchor: str  # start | middle | end
    width: float
    clear: bool  # False: nothing better was found; it touches something

    def __post_init__(self) -> None:
        """`box`: the name's ink and its clear paper, worked out once (it is asked often;
        a plain attribute, as a cached_property's lock costs more than the sum)."""
        left = self.x - self.width / 2 if self.anchor == "middle" else \
            (self.x if self.anchor == "start" else self.x - self.width)
        object.__setattr__(self, "box", (left - PAD, self.y - LABEL_MM * 0.74 - PAD,
                                         left + self.width + PAD,
                                         self.y + LABEL_MM * 0.24 + PAD))

    box: Box = field(init=False, repr=False, compare=False)


def flag_boxes(b: Board) -> list[Box]:
    """Each flag near its [lon, lat]: the nearest place (4 mm steps, up to 40 mm away)
    where it lies wholly on its own land, clear of squares, cities, routes and panels,
    so a custom temple's new road never lands under a flag."""
    if "_flags" in b.__dict__:
        return b._flags  # type: ignore[attr-defined]
    obstacles = _Obstacles(b, flags=False)
    steps = sorted(((dx, dy) for dx in range(-40, 41, 4) for dy in range(-40, 41, 4)
                    if dx * dx + dy * dy <= 1600), key=lambda d: (d[0] ** 2 + d[1] ** 2, d))
    out = []
    for flag in b.spec.get("flags", []):
        x, y = b.map(*flag["at"])
        boxes = [(x + dx - FLAG_W / 2, y + dy - FLAG_H / 2, x + dx + FLAG_W / 2,
                  y + dy + FLAG_H / 2) for dx, dy in steps]
        pick = next((box for box in boxes if _own_land(b, box, flag.get("country"))
                     and not obstacles.hit((box[0] - 1, box[1] - 1, box[2] + 1, box[3] + 1))),
                    boxes[0])
        out.append(pick)
    b._flags = out  # type: ignore[attr-defined]
    return out


def _own_land(b: Board, box: Box, country: str | None) -> bool:
    x0, y0, x1, y1 = box
    return all(b.country_at(p) == country for p in
               ((x0, y0), (x1, y0), (x0, y1), (x1, y1), ((x0 + x1) / 2, (y0 + y1) / 2)))


def furniture_boxes(b: Board) -> list[Box]:
    """The panels, banks and insets drawn over the map."""
    spec = b.spec
    return [tuple(v) for v in spec.get("panels", {}).values()] + \
        [tuple(k["box"]) for k in spec.get("banks", [])] + \
        [tuple(i["box"]) for i in spec["insets"].values()]


class _Obstacles:
    """What a name must keep off, each kind in a grid (spatial.Grid) so a box is tested
    only against what lies near it, by the same exact tests as a scan of everything."""

    def __init__(self, b: Board, flags: bool = True) -> None:
        self.discs = [(c.pos, c.radius + RING) for c in b.cities.values()]
        self.squares = [(c, bounds(c)) for c in (s.corners() for _, s in b.squares())]
        lines = [seg for r in b.roads for seg in b.road_line(r).segments()]
        lines += [seg for r in b.air if r.path for seg in r.path.segments()]
        self.lines = [(p, q, bounds([p, q])) for p, q in lines]
        self.boxes = (flag_boxes(b) if flags else []) + furniture_boxes(b)
        # one grid of the three kinds, in this order (a name's box asks it once): a
        # disc's box grown by 1 mm (a disc further off cannot reach a box), then each
        # square's box, then each line's
        self.grid = Grid([(x - r - 1, y - r - 1, x + r + 1, y + r + 1)
                          for (x, y), r in self.discs] + [bb for _, bb in self.squares]
                         + [bb for _, _, bb in self.lines], CELL)

    def hit(self, box: Box, home: Box | None = None) -> bool:
        """Whether a name's box touches anything; `home` is the inset the city is drawn
        in (its name goes inside that box, not off it)."""
        if home is not None and not _inside(box, home):
            return True
        x0, y0, x1, y1 = box
        for o in self.boxes:  # boxes_overlap(box, o), written out: ~30,000 times a board
            if x0 < o[2] and o[0] < x1 and y0 < o[3] and o[1] < y1 and o != home:
                return True
        discs, squares, lines = self.discs, self.squares, self.lines
        poly = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
        nd, ns = len(discs), len(discs) + len(squares)
        for i in self.grid.near(box):  # (ascending: discs, then squares, then lines)
            if i < nd:
                if disc_hits_box(*discs[i], box):
                    return True
            elif i < ns:
                corners, bb = squares[i - nd]
                if boxes_overlap(box, bb) and polygons_overlap(poly, corners):
                    return True
            else:
                p, q, bb = lines[i - ns]
                if boxes_overlap(box, bb) and segment_hits_box(p, q, box):
                    return True
        return False


def _obstacles(b: Board) -> _Obstacles:
    """Everything a name keeps off, gathered once per board (place and collisions)."""
    if "_obstacles" not in b.__dict__:
        b._obstacles = _Obstacles(b)  # type: ignore[attr-defined]
    return b._obstacles  # type: ignore[attr-defined]


def place(b: Board) -> dict[str, Label]:
    """Every city's name, clear of everything where the board has room."""
    from pnp.base import fonts

    if "_labels" in b.__dict__:
        return b._labels  # type: ignore[attr-defined]
    obstacles = _obstacles(b)
    inner = (EDGE, EDGE, b.width - EDGE, b.height - EDGE)
    size_pt = LABEL_PT
    options: dict[str, list[Label]] = {}
    for c in b.cities.values():
        w = fonts.string_width(c.name, size_pt, True) * PT_MM
        home = tuple(b.spec["insets"][c.area]["box"]) if c.area in b.spec["insets"] else None
        options[c.name] = [lab for lab in _candidates(c.name, c.pos, c.radius, w)
                           if _inside(lab.box, inner) and not obstacles.hit(lab.box, home)]
    placed: dict[str, Label] = {}
    while len(placed) < len(options):
        # the city with the fewest free places goes first
        name = min((n for n in options if n not in placed),
                   key=lambda n: (len(options[n]), n))
        if options[name]:
            pick = options[name][0]
        else:
            c = b.cities[name]
            w = fonts.string_width(name, size_pt, True) * PT_MM
            pick = _candidates(name, c.pos, c.radius, w)[0]
            pick = Label(pick.name, pick.x, pick.y, pick.anchor, pick.width, False)
        placed[name] = pick
        x0, y0, x1, y1 = pick.box
        for other in options:  # boxes_overlap(o.box, pick.box), written out: 80,000 times
            if other not in placed:
                options[other] = [o for o in options[other] if not (
                    (ob := o.box)[0] < x1 and x0 < ob[2] and ob[1] < y1 and y0 < ob[3])]
    b._labels = placed  # type: ignore[attr-defined]
    return placed


def _candidates(name: str, pos: Point, r: float, w: float) -> list[Label]:
    """Places around a city, nearest and most usual first: right, left, below, above,
    then the four diagonals, then each a little further out."""
    x, y = pos
    h = LABEL_MM
    out = []
    for extra in (RING + PAD + 0.1, 2.5, 4.5, 7.0, 9.5, 12.0):
        d = r + extra
        diag = d * math.sqrt(0.5)
        out += [
            Label(name, x + d, y + h * 0.35, "start", w, True),
            Label(name, x - d, y + h * 0.35, "end", w, True),
            Label(name, x, y + d + h * 0.76, "middle", w, True),
            Label(name, x, y - d - h * 0.26, "middle", w, True),
            Label(name, x + diag, y + diag + h * 0.6, "start", w, True),
            Label(name, x - diag, y + diag + h * 0.6, "end", w, True),
            Label(name, x + diag, y - diag - h * 0.1, "start", w, True),
            Label(name, x - diag, y - diag - h * 0.1, "end", w, True),
        ]
    return out


def collisions(b: Board) -> list[str]:
    """What each name that could not be placed clear touches."""
    labels = place(b)
    obstacles = _obstacles(b)
    out = []
    for lab in labels.values():
        c = b.cities[lab.name]
        touched = [o for o in labels.values() if o is not lab and boxes_overlap(o.box, lab.box)]
        home = tuple(b.spec["insets"][c.area]["box"]) if c.area in b.spec["insets"] else None
        if not lab.clear or touched or obstacles.hit(lab.box, home):
            what = f" and the name {touched[0].name}" if touched else ""
            out.append(f"the name {lab.name} has no clear place: it touches a square, a line, "
                       f"a city, a flag or a panel{what}")
    return out


def _inside(box: Box, outer: Box) -> bool:
    return box[0] >= outer[0] and box[1] >= outer[1] and box[2] <= outer[2] \
        and box[3] <= outer[3]


def disc_hits_box(c: Point, r: float, box: Box) -> bool:
    nx = min(max(c[0], box[0]), box[2])
    ny = min(max(c[1], box[1]), box[3])
    return math.hypot(c[0] - nx, c[1] - ny) < r
