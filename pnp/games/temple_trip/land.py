"""Land and water of the drawn Temple Trip map, for the many point lookups the board and
its checks make (a road's water, a flag's land, a new city's country). Each ring is
indexed once (spatial.Ring: a test visits only the edges at the point's height) and the
rings sit in a grid by their boxes, so a lookup tests only the rings whose box holds the
point; the answers are those of a plain point_in_polygon scan of every ring, in order.
An outline is only so fine (Natural Earth 1:10m, about 1 km): `near`, `reaches` and
`country_problem` look within a reach of a point, so a place on a harbour's edge or a
border river is not blamed on the outline's coarseness."""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from pnp.base.geometry import Point
from pnp.base.spatial import Grid, Ring

OUTLINE_KM = 2.0  # how far a true place may lie from its country's outline (about 1 km off)
LAKE_KM = 4.0  # the same for a lake's shore (1:50m lakes, simplified to about 2 km)
SEA_KM = 500.0  # how far out to name the nearest coast of a place in the sea
KM_PER_DEGREE = 111.2  # of latitude
SHORE_MM = 1.0  # a city drawn this near its country's land (board mm) is at its coast
DRAWN_DEG = 0.03  # the drawn coasts' detail (0.3 mm on the board): the print needs no more


class Land:
    """Countries (each a list of rings, in drawing order) and lakes."""

    def __init__(self, countries: Mapping[str, Sequence[Sequence[Point]]],
                 lakes: Sequence[Sequence[Point]] = (), lake_names: Sequence[str] = ()
                 ) -> None:
        self.lake_names = list(lake_names)
        # lakes first, then each country's rings: a scan in this order meets any lake
        # before it names a country
        self.rings: list[tuple[str | None, Ring]] = \
            [(None, Ring(r)) for r in lakes] + \
            [(name, Ring(r)) for name, rings in countries.items() for r in rings]
        boxes = [ring.reach() for _, ring in self.rings]
        spans = [b[2] - b[0] for b in boxes if b[2] >= b[0]] + \
            [b[3] - b[1] for b in boxes if b[3] >= b[1]]
        self.grid = Grid(boxes, max(spans, default=0.0) / 16 or 1.0)

    def _near(self, p: Point) -> list[tuple[str | None, Ring]]:
        """The rings that may hold p, in order."""
        rings = self.rings
        return [rings[i] for i in self.grid.at(p[0], p[1])]

    def wet(self, p: Point) -> bool:
        """In a lake."""
        return any(name is None and ring.contains(p) for name, ring in self._near(p))

    def country(self, p: Point) -> str | None:
        """The first country with a ring around p, lakes aside."""
        return next((name for name, ring in self._near(p)
                     if name is not None and ring.contains(p)), None)

    def country_at(self, p: Point) -> str | None:
        """The country drawn at p (None: the sea or a lake)."""
        for name, ring in self._near(p):
            if ring.contains(p):
                return name  # a lake's name is None: every lake comes before any land
        return None

    def near(self, p: Point, reach: float, xscale: float = 1.0) -> dict[str, float]:
        """Each country with land within `reach` of p, and how far (0: p is inside).
        Distances along x count `xscale` times (cos(latitude) for lon/lat rings)."""
        out: dict[str, float] = {}
        x, y = p
        box = (x - reach / xscale, y - reach, x + reach / xscale, y + reach)
        for i in self.grid.near(box):
            name, ring = self.rings[i]
            if name is None or not _boxes_meet(ring.reach(), box):
                continue
            d = 0.0 if ring.contains(p) else _edge_distance(ring, p, reach, xscale)
            if d <= reach and d < out.get(name, math.inf):
                out[name] = d
        return out

    def reaches(self, p: Point, name: str, reach: float) -> bool:
        """Whether `name`'s land, off the lakes, lies within `reach` of p (the point or
        one of 16 directions at half and full reach): a coastal city drawn a hair over
        the water is still drawn at its coast."""
        if self.country_at(p) == name:
            return True
        return any(self.country_at((p[0] + r * math.cos(a), p[1] + r * math.sin(a))) == name
                   for r in (reach / 2, reach) for a in (k * math.pi / 8 for k in range(16)))

    def on_land(self, p: Point, q: Point, step: float = 2.0) -> bool:
        """Whether the straight line p-q stays on land, off the lakes (tested every
        `step` mm)."""
        n = max(1, int(math.dist(p, q) // step))
        for k in range(n + 1):
            pt = (p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n)
            if self.country(pt) is None or self.wet(pt):
                return False
        return True

    def water_mm(self, points: Sequence[Point], step: float = 1.0) -> float:
        """How much of a line (mm) runs over the sea or a lake."""
        wet = 0.0
        for p, q in zip(points, points[1:], strict=False):
            n = max(1, int(math.dist(p, q) // step))
            for k in range(n):
                t = (k + 0.5) / n
                if self.country_at((p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)) is None:
                    wet += math.dist(p, q) / n
        return wet


def _boxes_meet(a: tuple[float, float, float, float], b: tuple[float, float, float, float]
                ) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


def _edge_distance(ring: Ring, p: Point, reach: float, xscale: float) -> float:
    """The distance from p to the ring's nearest edge, looking only at the edges in the
    bands within `reach` of p (inf when none is that near)."""
    if not ring.bands:
        return math.inf
    x, y = p
    best = math.inf
    seen: set[tuple[float, float, float, float]] = set()
    lo = min(ring.BANDS, max(0, int((y - reach - ring.y0) / ring.h)))
    hi = min(ring.BANDS, max(0, int((y + reach - ring.y0) / ring.h)))
    for k in range(lo, hi + 1):
        for edge in ring.bands[k]:
            if edge in seen:
                continue
            seen.add(edge)
            x0, y0, x1, y1 = edge
            ax, ay, bx, by = (x0 - x) * xscale, y0 - y, (x1 - x) * xscale, y1 - y
            dx, dy = bx - ax, by - ay
            t = max(0.0, min(1.0, -(ax * dx + ay * dy) / (dx * dx + dy * dy or 1.0)))
            best = min(best, math.hypot(ax + t * dx, ay + t * dy))
    return best


def geo_near(land: Land, lon: float, lat: float, reach_km: float) -> dict[str, float]:
    """`Land.near` for lon/lat rings, in km."""
    found = land.near((lon, lat), reach_km / KM_PER_DEGREE,
                      max(0.01, math.cos(math.radians(lat))))
    return {name: d * KM_PER_DEGREE for name, d in found.items()}


def country_problem(land: Land, lon: float, lat: float, claimed: str | None) -> str | None:
    """Why a place (lon/lat rings) is not in the country it claims, in words true at the
    outline's precision; None when the claimed country's land lies within OUTLINE_KM
    (a harbour-side downtown, a border-river town)."""
    where = f"{lat}, {lon}"
    lake = _lake(land, lon, lat)
    if lake:
        return f"{where} lies in {lake}, not on land: check lat and lon"
    if claimed in geo_near(land, lon, lat, OUTLINE_KM):
        return None
    inside = land.country((lon, lat))
    if inside is not None:
        return f"{where} lies in {inside}, not in {claimed}"
    coasts = geo_near(land, lon, lat, SEA_KM)
    if coasts:
        name = min(coasts, key=lambda n: coasts[n])
        km = coasts[name]
        off = "under 1 km" if km < 1 else f"{km:.0f} km"
        return f"{where} lies in the sea, {off} off the coast of {name}: check lat and lon"
    names = list(dict.fromkeys(n for n, _ in land.rings if n is not None))
    them = " and ".join(filter(None, [", ".join(names[:-1]), names[-1]])) if names else "land"
    return f"{where} lies in the sea, more than {SEA_KM:.0f} km from {them}: check lat and lon"


def _lake(land: Land, lon: float, lat: float) -> str | None:
    """The lake (lon/lat rings) whose water holds the place, farther than LAKE_KM from
    its shore."""
    xscale = max(0.01, math.cos(math.radians(lat)))
    for i, (name, ring) in enumerate(land.rings):
        if name is not None or not ring.contains((lon, lat)):
            continue
        if _edge_distance(ring, (lon, lat), LAKE_KM / KM_PER_DEGREE, xscale) \
                * KM_PER_DEGREE > LAKE_KM:
            return land.lake_names[i] if i < len(land.lake_names) else "a lake"
    return None


def drawn(ring: Sequence[Sequence[float]], tol: float = DRAWN_DEG) -> list[Point]:
    """A lon/lat ring thinned for drawing (Douglas-Peucker, each half on its own): the
    1 km outlines that the country tests need would only slow the warp and the print."""
    pts = [(float(p[0]), float(p[1])) for p in ring]
    if len(pts) < 8:
        return pts
    half = len(pts) // 2
    out = _thin(pts[:half + 1], tol)[:-1] + _thin(pts[half:] + pts[:1], tol)[:-1]
    return out if len(out) >= 4 else pts


def _thin(points: list[Point], tol: float) -> list[Point]:
    """Douglas-Peucker on an open polyline (iterative)."""
    keep = {0, len(points) - 1}
    stack = [(0, len(points) - 1)]
    while stack:
        i, j = stack.pop()
        (x0, y0), (x1, y1) = points[i], points[j]
        length = math.hypot(x1 - x0, y1 - y0) or 1e-12
        worst, index = tol, -1
        dx, dy = x1 - x0, y1 - y0  # (the same products as written out per point)
        for k in range(i + 1, j):
            x, y = points[k]
            d = abs(dx * (y0 - y) - (x0 - x) * dy) / length
            if d > worst:
                worst, index = d, k
        if index > 0:
            keep.add(index)
            stack += [(i, index), (index, j)]
    return [points[k] for k in sorted(keep)]
