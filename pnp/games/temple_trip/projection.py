"""Where a longitude and latitude is drawn on the Temple Trip board.

Two steps. A plain equirectangular projection (`Projection`) fits the continent into the
board. Then the map is stretched where cities crowd (Utah, California, the Great Lakes):
each city and some coast points have a place on the board (layout.yaml, made by
tools/temple_trip_layout.py), and a piecewise-affine map over their triangles (`Warp`)
moves the whole map, coasts, borders and lakes with them. Every city therefore sits on
its true spot of the drawn map, and the map keeps its shape where nothing crowds. A new
city (a custom temple) is drawn through the same warp, so it too lands where it
belongs."""

from __future__ import annotations

import math
from collections.abc import Sequence

Point = tuple[float, float]


class Projection:
    """Equirectangular at the area's mean latitude, fitted into a box (mm)."""

    def __init__(self, lon: Sequence[float], lat: Sequence[float],
                 box: Sequence[float]) -> None:
        self.k = math.cos(math.radians(sum(lat) / 2))
        x0, y0, x1, y1 = box
        self.scale = min((x1 - x0) / ((lon[1] - lon[0]) * self.k), (y1 - y0) / (lat[1] - lat[0]))
        self.lon0, self.lat1 = lon[0], lat[1]
        self.x0 = x0 + ((x1 - x0) - (lon[1] - lon[0]) * self.k * self.scale) / 2
        self.y0 = y0 + ((y1 - y0) - (lat[1] - lat[0]) * self.scale) / 2

    def __call__(self, lon: float, lat: float) -> Point:
        return (self.x0 + (lon - self.lon0) * self.k * self.scale,
                self.y0 + (self.lat1 - lat) * self.scale)

    def mm_per_km(self) -> float:
        return self.scale / 111.2


class Warp:
    """A piecewise-affine map over a triangulation of control points (cities, coast points
    and the board's fixed frame): each triangle goes affinely onto its target triangle.
    Unlike a smooth spline it cannot fold where no triangle flips, and the layout tool
    keeps every triangle's orientation, so a coast can never cross itself or a city.
    Outside the triangulation (beyond the fixed frame) it is the identity."""

    CELL = 20.0  # mm: the bucket size of the point-location grid

    def __init__(self, sources: dict[str, Point], targets: dict[str, Point],
                 triangles: Sequence[Sequence[str]]) -> None:
        self.triangles = [tuple(t) for t in triangles
                          if all(k in sources and k in targets for k in t)]
        self.identity = not self.triangles or all(
            math.dist(sources[k], targets[k]) < 1e-9 for k in sources if k in targets)
        self._affine: list[tuple] = []
        self._located: list[tuple] = []  # locate's terms of each triangle, worked out once
        corners = [sources[k] for t in self.triangles for k in t] or [(0.0, 0.0)]
        self.box = (min(x for x, _ in corners), min(y for _, y in corners),
                    max(x for x, _ in corners), max(y for _, y in corners))
        self._grid: dict[tuple[int, int], list[int]] = {}
        for n, tri in enumerate(self.triangles):
            (a, b, c), (u, v, w) = [sources[k] for k in tri], [targets[k] for k in tri]
            det = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1])
            self._affine.append((a, b, c, det, u, v, w))
            self._located.append((a[0], a[1], c[1] - a[1], c[0] - a[0], b[0] - a[0],
                                  b[1] - a[1], det))
            xs, ys = (a[0], b[0], c[0]), (a[1], b[1], c[1])
            for i in range(int(min(xs) // self.CELL), int(max(xs) // self.CELL) + 1):
                for j in range(int(min(ys) // self.CELL), int(max(ys) // self.CELL) + 1):
                    self._grid.setdefault((i, j), []).append(n)

    def _bary(self, n: int, p: Point) -> tuple[float, float]:
        """p's coordinates in triangle n, along its edges a-b and a-c."""
        a, b, c, det, *_ = self._affine[n]
        x, y = p
        return (((x - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (y - a[1])) / det,
                ((b[0] - a[0]) * (y - a[1]) - (x - a[0]) * (b[1] - a[1])) / det)

    def locate(self, p: Point) -> int | None:
        """The triangle holding the plain-map point p (None: beyond the frame)."""
        x, y = p
        located = self._located
        for n in self._grid.get((int(x // self.CELL), int(y // self.CELL)), ()):
            ax, ay, cay, cax, bax, bay, det = located[n]
            if det == 0:
                continue
            # _bary written out (the same arithmetic): this is the warp's innermost loop
            s = ((x - ax) * cay - cax * (y - ay)) / det
            t = (bax * (y - ay) - (x - ax) * bay) / det
            if s >= -1e-9 and t >= -1e-9 and s + t <= 1 + 1e-9:
                return n
        return None

    def _apply(self, n: int | None, p: Point) -> Point:
        if n is None:
            return p
        u, v, w = self._affine[n][4:]
        s, t = self._bary(n, p)
        return (u[0] + s * (v[0] - u[0]) + t * (w[0] - u[0]),
                u[1] + s * (v[1] - u[1]) + t * (w[1] - u[1]))

    def __call__(self, p: Point) -> Point:
        if self.identity:
            return p
        return self._apply(self.locate(p), p)

    def line(self, points: Sequence[Point], closed: bool = False) -> list[Point]:
        """The exact image of a polyline: straight pieces bend where they cross a
        triangle's edge, so a coast drawn near a city stays on its side of it."""
        pts = list(points)
        if self.identity or len(pts) < 2:
            return [self(p) for p in pts]
        out: list[Point] = []
        pairs = zip(pts, pts[1:] + pts[:1] if closed else pts[1:], strict=False)
        there: int | None = self.locate(pts[0])
        for p, q in pairs:
            out.append(self._apply(there, p))  # self(p): p is the last piece's q
            # the triangle the piece runs into (p itself may be a corner of several)
            here = self.locate((p[0] + (q[0] - p[0]) * 1e-6, p[1] + (q[1] - p[1]) * 1e-6))
            there, t0 = self.locate(q), 0.0
            for _ in range(64):  # a piece crosses a handful of triangles at most
                if here is not None and here == there:
                    break
                t0 = self._exit(here, p, q, t0) if here is not None else self._enter(p, q, t0)
                if t0 >= 1.0:
                    break
                at = (p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0)
                out.append(self._apply(here, at))
                ahead = min(1.0, t0 + 1e-6)
                here = self.locate((p[0] + (q[0] - p[0]) * ahead,
                                    p[1] + (q[1] - p[1]) * ahead))
        if not closed:
            out.append(self(pts[-1]))
        return out

    def _enter(self, p: Point, q: Point, after: float) -> float:
        """Where (0..1 along p-q) a piece outside the frame enters it (1: never)."""
        x0, y0, x1, y1 = self.box
        lo, hi = after + 1e-9, 1.0
        for start, step, low, high in ((p[0], q[0] - p[0], x0, x1), (p[1], q[1] - p[1], y0, y1)):
            if abs(step) < 1e-15:
                if not low <= start <= high:
                    return 1.0
                continue
            ta, tb = sorted(((low - start) / step, (high - start) / step))
            lo, hi = max(lo, ta), min(hi, tb)
        return lo if lo < hi else 1.0

    def _exit(self, n: int, p: Point, q: Point, after: float) -> float:
        """Where (0..1 along p-q) the piece leaves triangle n, past `after`."""
        a, b, c, *_ = self._affine[n]
        best = 1.0
        dx, dy = q[0] - p[0], q[1] - p[1]
        for e, f in ((a, b), (b, c), (c, a)):
            ex, ey = f[0] - e[0], f[1] - e[1]
            den = dx * ey - dy * ex
            if abs(den) < 1e-15:
                continue
            t = ((e[0] - p[0]) * ey - (e[1] - p[1]) * ex) / den
            u = ((e[0] - p[0]) * dy - (e[1] - p[1]) * dx) / den
            if after + 1e-9 < t < best and -1e-9 <= u <= 1 + 1e-9:
                best = t
        return best

    def folds(self, keep: float = 0.0) -> list[Point]:
        """Target centres of triangles the map turns over (or shrinks below `keep` of
        their area): there the drawn map would fold onto itself."""
        out = []
        for _a, _b, _c, det, u, v, w in self._affine:
            new = (v[0] - u[0]) * (w[1] - u[1]) - (w[0] - u[0]) * (v[1] - u[1])
            if det and new / det <= keep:
                out.append(((u[0] + v[0] + w[0]) / 3, (u[1] + v[1] + w[1]) / 3))
        return out


class MapView:
    """The drawn map: projection, then warp."""

    def __init__(self, projection: Projection, warp: Warp) -> None:
        self.projection = projection
        self.warp = warp

    def __call__(self, lon: float, lat: float) -> Point:
        return self.warp(self.projection(lon, lat))

    def ring(self, ring: Sequence[Sequence[float]]) -> list[Point]:
        """A lon/lat ring drawn through the warp, exactly: long straight edges (the 49th
        parallel) bend with the map."""
        return self.warp.line([self.projection(x, y) for x, y in ring], closed=True)
