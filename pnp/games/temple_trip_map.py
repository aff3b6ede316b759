"""Where a longitude and latitude is drawn on the Temple Trip board.

Two steps. A plain equirectangular projection (`Projection`) fits the continent into the
board. Then the map is stretched where cities crowd (Utah, California, the Great Lakes):
each city has a place on the board (layout.yaml, made by tools/temple_trip_layout.py),
and a thin-plate spline (`Warp`) moves the whole map, coasts, borders and lakes with
them. Every city therefore sits on its true spot of the drawn map, and the map keeps
its shape where nothing crowds. A new city (a custom temple) is drawn through the same
warp, so it too lands where it belongs."""

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


def _kernel(r2: float) -> float:
    """The thin-plate kernel r² log r, written with r² (0 at r = 0)."""
    return 0.5 * r2 * math.log(r2) if r2 > 1e-12 else 0.0


class Warp:
    """A thin-plate spline taking each source point exactly to its target: the smoothest
    map (least bending) that does so. Identity when nothing moves."""

    def __init__(self, sources: Sequence[Point], targets: Sequence[Point]) -> None:
        self.sources = [tuple(p) for p in sources]
        n = len(self.sources)
        moved = any(math.dist(s, t) > 1e-9 for s, t in zip(sources, targets, strict=True))
        self.identity = not moved or n < 3
        if self.identity:
            return
        size = n + 3
        matrix = [[0.0] * size for _ in range(size)]
        for i, (xi, yi) in enumerate(self.sources):
            row = matrix[i]
            for j in range(i + 1, n):
                xj, yj = self.sources[j]
                row[j] = matrix[j][i] = _kernel((xi - xj) ** 2 + (yi - yj) ** 2)
            row[n], row[n + 1], row[n + 2] = 1.0, xi, yi
            matrix[n][i], matrix[n + 1][i], matrix[n + 2][i] = 1.0, xi, yi
        rhs = [[t[0] - s[0], t[1] - s[1]] for s, t in zip(sources, targets, strict=True)]
        rhs += [[0.0, 0.0]] * 3
        self.coef = _solve(matrix, rhs)  # the displacement, so far from the points it fades

    def __call__(self, p: Point) -> Point:
        if self.identity:
            return p
        x, y = p
        n = len(self.sources)
        dx = dy = 0.0
        for (sx, sy), (cx, cy) in zip(self.sources, self.coef, strict=False):
            k = _kernel((x - sx) ** 2 + (y - sy) ** 2)
            dx += cx * k
            dy += cy * k
        a0, ax, ay = self.coef[n], self.coef[n + 1], self.coef[n + 2]
        return (x + dx + a0[0] + ax[0] * x + ay[0] * y,
                y + dy + a0[1] + ax[1] * x + ay[1] * y)

    def jacobian(self, p: Point, h: float = 0.5) -> float:
        """Area scale of the map at p: below 0 the map folds over itself there."""
        (x1, y1), (x2, y2) = self((p[0] + h, p[1])), self((p[0] - h, p[1]))
        (x3, y3), (x4, y4) = self((p[0], p[1] + h)), self((p[0], p[1] - h))
        return ((x1 - x2) * (y3 - y4) - (y1 - y2) * (x3 - x4)) / (4 * h * h)


def _solve(matrix: list[list[float]], rhs: list[list[float]]) -> list[list[float]]:
    """Gaussian elimination with partial pivoting (a few hundred unknowns at most)."""
    n = len(matrix)
    a = [row[:] + r[:] for row, r in zip(matrix, rhs, strict=True)]
    width = len(a[0])
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("two control points of the map coincide")
        a[col], a[pivot] = a[pivot], a[col]
        head = a[col]
        inv = 1.0 / head[col]
        for r in range(col + 1, n):
            row = a[r]
            f = row[col] * inv
            if f:
                for c in range(col, width):
                    row[c] -= f * head[c]
    out = [[0.0] * (width - n) for _ in range(n)]
    for r in range(n - 1, -1, -1):
        row = a[r]
        for k in range(width - n):
            s = row[n + k] - sum(row[c] * out[c][k] for c in range(r + 1, n))
            out[r][k] = s / row[r]
    return out


class MapView:
    """The drawn map: projection, then warp."""

    def __init__(self, projection: Projection, warp: Warp) -> None:
        self.projection = projection
        self.warp = warp

    def __call__(self, lon: float, lat: float) -> Point:
        return self.warp(self.projection(lon, lat))

    def ring(self, ring: Sequence[Sequence[float]], step_mm: float = 4.0) -> list[Point]:
        """A lon/lat ring drawn through the warp, densified so long straight edges (the
        49th parallel) bend smoothly with the map."""
        out: list[Point] = []
        pts = [self.projection(x, y) for x, y in ring]
        for p, q in zip(pts, pts[1:] + pts[:1], strict=True):
            n = max(1, int(math.dist(p, q) // step_mm))
            out.extend(self.warp((p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n))
                       for k in range(n))
        return out
