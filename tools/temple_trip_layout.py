"""Lay out the Temple Trip board: where each city is drawn and where each flight flies.

Writes content/temple-trip/layout.yaml. Cities start where the plain projection puts
them; they then move as little as possible until every road has room for its squares
(two, three across a border), unrelated cities and their names keep apart, no road
runs through a city, every road keeps its true compass bearing and every city (and coast
point) stays near its plain place, inside the bounds the board's checks hold it to
(playable.COMPASS_DEG, playable.DRIFT_MM), and land keeps out from under the panels,
banks and insets. The map is then stretched to match
(pnp/games/temple_trip/projection.py), so each city still sits on its true place of the
drawn map. Flights get the lane (a curve's control point)
that crosses the fewest roads, squarely, away from cities, with room for its squares.

    python3 -m pip install -e '.[design]'
    python3 tools/temple_trip_layout.py

Needs numpy and scipy (the `design` extra); pnp itself never imports them.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np
import yaml
from scipy.optimize import minimize
from scipy.spatial import Delaunay

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from pnp.games.temple_trip import tracks  # noqa: E402
from pnp.games.temple_trip.board import Board, _frame  # noqa: E402
from pnp.games.temple_trip.playable import COMPASS_DEG, DRIFT_MM, true_bearing  # noqa: E402
from pnp.games.temple_trip.projection import Projection  # noqa: E402
from pnp.games.temple_trip.squares import SQUARE  # noqa: E402

GAME = ROOT / "content" / "temple-trip"
MAX_BEARING = math.radians(COMPASS_DEG - 5)  # a road's drawn direction: near its true one
MAX_DRIFT = DRIFT_MM - 4  # mm from the plain place, with room for the board's rounding
BEARING_W = 1e5  # how hard a road keeps its bearing
DRIFT_W = 100.0  # ... and a city its bound
BORDER_W = 10.0  # ... and a border road its room, this many times harder
BOX_CLEAR = 8.0  # mm between a panel's edge and the coast points (land) that move
NAME_ROOM = 16.0  # mm between unrelated cities' edges: room for a name
ROAD_CLEAR = SQUARE / 2 + 3.0  # mm between a road's line and another city's edge
FOLD_KEEP = 0.5  # each triangle of neighbouring cities keeps this share of its area
FOLD_W = 500.0
CONFORMAL_W = 0.02  # how strongly the map keeps its shapes (angles) while it stretches
SHORE_STEP = 30.0  # mm between the coast points that move with the map
SHORE_SOFT = 0.01  # how strongly a coast point keeps to its plain projection
ROAD_SQUARES = 3  # room on every road for this many squares: a lane may take one
SHORT_KM = 120.0  # a road shorter than this (km) has room for one square fewer:
# Utah's, so its temples keep near their places
FINALISTS = 8  # lanes whose effect on the roads' squares is measured
MARGIN = 14.0  # mm between a city and the board's edge


def load() -> tuple[dict, list[dict], dict]:
    spec = yaml.safe_load((GAME / "board.yaml").read_text())["board"]
    temples = [t for t in yaml.safe_load((GAME / "temples.yaml").read_text())["temples"]
               if not t.get("blank")]
    outlines = yaml.safe_load((GAME / "outlines.yaml").read_text())
    return spec, temples, outlines


def road_length(ra: float, rb: float, squares: int) -> float:
    return ra + rb + 2 * tracks.GAP + squares * tracks.PITCH - (tracks.PITCH - SQUARE)


def _areas(pts: np.ndarray, tri: np.ndarray) -> np.ndarray:
    a, b, c = pts[tri[:, 0]], pts[tri[:, 1]], pts[tri[:, 2]]
    return 0.5 * ((b[:, 0] - a[:, 0]) * (c[:, 1] - a[:, 1]) -
                  (c[:, 0] - a[:, 0]) * (b[:, 1] - a[:, 1]))


def lonlat_of(board: Board, name: str) -> tuple[float, float]:
    return board.cities[name].lon, board.cities[name].lat


def room(board: Board, a: str, b: str) -> int:
    """How many squares a road has room for: ROAD_SQUARES, one fewer on a short road (under
    SHORT_KM: Utah's, so its temples keep near their places)."""
    ca, cb = board.cities[a], board.cities[b]
    km = tracks.great_circle_km(ca.lat, ca.lon, cb.lat, cb.lon)
    return ROAD_SQUARES - 1 if km < SHORT_KM else ROAD_SQUARES


def place_cities(spec: dict, temples: list[dict], outlines: dict) -> dict[str, tuple]:
    board = Board(spec, {}, temples, outlines, lay=False)
    names = [n for n, c in board.cities.items() if c.area == "mainland"]
    idx = {n: i for i, n in enumerate(names)}
    p0 = np.array([board.base(board.cities[n].lon, board.cities[n].lat) for n in names])
    rad = np.array([board.cities[n].radius for n in names])  # a gathering city's too
    roads = [(idx[r[0]], idx[r[1]]) for r in spec["roads"] if r[0] in idx and r[1] in idx]
    want = np.array([road_length(rad[i], rad[j], room(board, names[i], names[j])) + 3
                     for i, j in roads])
    ri, rj = np.array([i for i, _ in roads]), np.array([j for _, j in roads])
    # a road across a border needs all three squares (its Border Post among them)
    firm = 10.0 * np.array([BORDER_W if board.cities[names[i]].country !=
                            board.cities[names[j]].country else 1.0 for i, j in roads])
    flights = [(idx[a], idx[b]) for a, b in spec["air"] if a in idx and b in idx]
    fi, fj = np.array([i for i, _ in flights]), np.array([j for _, j in flights])
    fwant = np.array([road_length(rad[i], rad[j], tracks.air_count(tracks.great_circle_km(
        *reversed(lonlat_of(board, names[i])), *reversed(lonlat_of(board, names[j]))))) + 6
        for i, j in flights])
    lonlat = np.array([(board.cities[n].lon, board.cities[n].lat) for n in names])
    true = np.radians([true_bearing(*lonlat[i], *lonlat[j]) for i, j in roads])
    bearing = np.stack([np.sin(true), -np.cos(true)], axis=1)  # the board's y runs south
    n = len(names)
    linked = np.zeros((n, n), bool)
    linked[ri, rj] = linked[rj, ri] = True
    iu, ju = np.triu_indices(n, 1)
    keep = ~linked[iu, ju]
    pi_, pj_ = iu[keep], ju[keep]
    apart = rad[pi_] + rad[pj_] + NAME_ROOM
    boxes = [tuple(i["box"]) for i in spec["insets"].values()] + \
        [tuple(b) for b in spec.get("panels", {}).values()] + [tuple(b["box"]) for b in
                                                                spec.get("banks", [])]
    w, h = spec["width"], spec["height"]
    hard, soft = 10.0, 0.002
    m = len(roads)
    # the map must not fold: every triangle of cities (and the board's fixed frame)
    # keeps its orientation and at least FOLD_KEEP of its area
    frame = np.array(_frame(w, h))
    shore_ll = shore_points(board, outlines, p0)
    s0 = np.array([board.base(lon, lat) for lon, lat in shore_ll]).reshape(-1, 2)
    ns = len(s0)
    tri = Delaunay(np.vstack([p0, s0, frame])).simplices
    tri = tri[(tri < n + ns).any(axis=1)]
    area0 = _areas(np.vstack([p0, s0, frame]), tri)
    orient = np.sign(area0)
    src = np.vstack([p0, s0, frame])
    edges = np.stack([src[tri[:, 1]] - src[tri[:, 0]], src[tri[:, 2]] - src[tri[:, 0]]],
                     axis=2)  # columns b - a, c - a
    inv = np.linalg.inv(edges)
    weight = CONFORMAL_W * np.abs(area0)

    def energy(flat: np.ndarray) -> tuple[float, np.ndarray]:
        allp = flat.reshape(n + ns, 2)
        p, sh = allp[:n], allp[n:]
        gall = np.zeros_like(allp)
        g = gall[:n]
        g += 2 * soft * (p - p0)
        e = soft * np.sum((p - p0) ** 2)
        gall[n:] += 2 * SHORE_SOFT * (sh - s0)
        e += SHORE_SOFT * np.sum((sh - s0) ** 2)
        # roads long enough for their squares
        v = p[rj] - p[ri]
        d = np.linalg.norm(v, axis=1)
        u = v / d[:, None]
        short = np.maximum(0, want - d)
        e += np.sum(firm * short ** 2)
        f = (-2 * firm * short)[:, None] * u
        np.add.at(g, rj, f)
        np.add.at(g, ri, -f)
        # flights long enough for theirs
        vf = p[fj] - p[fi]
        df = np.linalg.norm(vf, axis=1)
        short = np.maximum(0, fwant - df)
        e += hard * np.sum(short ** 2)
        f = (-2 * hard * short / df)[:, None] * vf
        np.add.at(g, fj, f)
        np.add.at(g, fi, -f)
        # no fold
        full = np.vstack([p, sh, frame])
        area = _areas(full, tri)
        lack = np.maximum(0, FOLD_KEEP - orient * area / np.abs(area0))
        e += FOLD_W * np.sum(lack ** 2)
        da = (-2 * FOLD_W * lack * orient / np.abs(area0))
        gi, gj, gk = tri[:, 0], tri[:, 1], tri[:, 2]
        xs, ys = full[:, 0], full[:, 1]
        gfull = np.zeros_like(full)
        for a_, b_, c_ in ((gi, gj, gk), (gj, gk, gi), (gk, gi, gj)):
            np.add.at(gfull[:, 0], a_, da * 0.5 * (ys[b_] - ys[c_]))
            np.add.at(gfull[:, 1], a_, da * 0.5 * (xs[c_] - xs[b_]))
        gall += gfull[:n + ns]
        # shapes kept: each triangle's stretch close to a rotation and a scale
        te = np.stack([full[tri[:, 1]] - full[tri[:, 0]], full[tri[:, 2]] - full[tri[:, 0]]],
                      axis=2)
        jac = te @ inv
        skew = jac[:, 0, 0] - jac[:, 1, 1]
        twist = jac[:, 0, 1] + jac[:, 1, 0]
        e += float(np.sum(weight * (skew ** 2 + twist ** 2)))
        dj = np.empty_like(jac)
        dj[:, 0, 0], dj[:, 1, 1] = 2 * weight * skew, -2 * weight * skew
        dj[:, 0, 1] = dj[:, 1, 0] = 2 * weight * twist
        de = dj @ np.transpose(inv, (0, 2, 1))  # d/d(b - a), d/d(c - a) as columns
        gconf = np.zeros_like(full)
        np.add.at(gconf, tri[:, 1], de[:, :, 0])
        np.add.at(gconf, tri[:, 2], de[:, :, 1])
        np.add.at(gconf, tri[:, 0], -de[:, :, 0] - de[:, :, 1])
        gall += gconf[:n + ns]
        # bearing within MAX_BEARING of the real one
        cos = np.clip(np.sum(u * bearing, axis=1), -0.999999, 0.999999)
        ang = np.arccos(cos)
        over = np.maximum(0, ang - MAX_BEARING)
        e += BEARING_W * np.sum(over ** 2)
        dcos = (bearing - cos[:, None] * u) / d[:, None]
        f = (BEARING_W * 2 * over / -np.sqrt(1 - cos ** 2))[:, None] * dcos
        np.add.at(g, rj, f)
        np.add.at(g, ri, -f)
        # every city and coast point near its plain place
        home = np.vstack([p0, s0])
        off = allp - home
        dist = np.maximum(np.linalg.norm(off, axis=1), 1e-9)
        far = np.maximum(0, dist - MAX_DRIFT)
        e += DRIFT_W * np.sum(far ** 2)
        gall += (2 * DRIFT_W * far / dist)[:, None] * off
        # coast points (the land) off the panels, banks and insets
        for x0, y0, x1, y1 in boxes:
            pads = np.stack([sh[:, 0] - x0 + BOX_CLEAR, x1 + BOX_CLEAR - sh[:, 0],
                             sh[:, 1] - y0 + BOX_CLEAR, y1 + BOX_CLEAR - sh[:, 1]])
            k = np.argmin(pads, axis=0)
            depth = np.maximum(0, pads[k, np.arange(ns)])
            e += hard * np.sum(depth ** 2)
            dirs = np.array([[1, 0], [-1, 0], [0, 1], [0, -1]], float)[k]
            gall[n:] += (2 * hard * depth)[:, None] * dirs
        # unrelated cities apart
        vp = p[pj_] - p[pi_]
        dp = np.linalg.norm(vp, axis=1)
        close = np.maximum(0, apart - dp)
        e += hard * np.sum(close ** 2)
        f = (-2 * hard * close / np.maximum(dp, 1e-9))[:, None] * vp
        np.add.at(g, pj_, f)
        np.add.at(g, pi_, -f)
        # no road through a city
        a, b = p[ri], p[rj]
        ab = b - a
        t = np.clip(np.einsum("kij,ij->ki", p[:, None, :] - a[None], ab) /
                    np.sum(ab * ab, axis=1)[None], 0, 1)
        q = a[None] + t[..., None] * ab[None]
        diff = p[:, None, :] - q
        dist = np.maximum(np.linalg.norm(diff, axis=2), 1e-9)
        mask = np.ones_like(dist, bool)
        mask[ri, np.arange(m)] = False
        mask[rj, np.arange(m)] = False
        lack = np.where(mask, np.maximum(0, rad[:, None] + ROAD_CLEAR - dist), 0)
        e += hard * np.sum(lack ** 2)
        f = (-2 * hard * lack / dist)[..., None] * diff  # on the city
        g += f.sum(axis=1)
        np.add.at(g, ri, -(f * (1 - t)[..., None]).sum(axis=0))
        np.add.at(g, rj, -(f * t[..., None]).sum(axis=0))
        # inside the board, off the insets and panels
        for axis, lo, hi in ((0, MARGIN, w - MARGIN), (1, MARGIN, h - MARGIN)):
            under = np.maximum(0, lo + rad - p[:, axis])
            above = np.maximum(0, p[:, axis] - (hi - rad))
            e += hard * np.sum(under ** 2 + above ** 2)
            g[:, axis] += 2 * hard * (above - under)
        for x0, y0, x1, y1 in boxes:
            pads = np.stack([p[:, 0] - x0 + rad + 6, x1 + rad + 6 - p[:, 0],
                             p[:, 1] - y0 + rad + 6, y1 + rad + 6 - p[:, 1]])
            k = np.argmin(pads, axis=0)
            depth = np.maximum(0, pads[k, np.arange(n)])
            e += hard * np.sum(depth ** 2)
            dirs = np.array([[1, 0], [-1, 0], [0, 1], [0, -1]], float)[k]
            g += (2 * hard * depth)[:, None] * dirs
        return float(e), gall.flatten()

    res = minimize(energy, np.vstack([p0, s0]).flatten(), jac=True, method="L-BFGS-B",
                   options={"maxiter": 20000, "maxfun": 40000})
    print(f"  energy {res.fun:.3f} after {res.nit} steps: {res.message}", file=sys.stderr)
    p = res.x.reshape(n + ns, 2)
    places = {name: (round(float(p[i][0]), 2), round(float(p[i][1]), 2))
              for name, i in idx.items()}
    shore = [(lon, lat, round(float(x), 2), round(float(y), 2))
             for (lon, lat), (x, y) in zip(shore_ll, p[n:], strict=True)]
    return places, shore


def shore_points(board: Board, outlines: dict, cities: np.ndarray) -> list[tuple]:
    """Coast, border and lake points, SHORE_STEP apart, that move with the map: each
    keeps its side of its neighbouring cities, so no city crosses a coast or a gulf
    reaches over a city."""
    rings = [r for rings in outlines["outlines"].values() for r in rings]
    rings += list(outlines.get("lakes", {}).values())
    w, h = board.width, board.height
    kept: list[tuple] = []
    at: list[tuple] = []
    for ring in rings:
        for lon, lat in ring:
            x, y = board.base(lon, lat)
            if not (0 < x < w and 0 < y < h):
                continue
            if np.min(np.hypot(cities[:, 0] - x, cities[:, 1] - y)) < SHORE_STEP / 2:
                continue
            if any(math.hypot(x - u, y - v) < SHORE_STEP for u, v in at):
                continue
            kept.append((lon, lat))
            at.append((x, y))
    return kept


def choose_lanes(spec: dict, temples: list[dict], outlines: dict,
                 places: dict[str, tuple], shore: list[tuple],
                 tris: list[tuple[str, str, str]],
                 keep: dict[tuple[str, str], tuple] | None = None) -> list[dict]:
    """For each flight in turn, the control point whose lane takes its squares evenly
    with the least trouble: no squares moved off their even places, few crossings of
    roads, none shallow, away from cities, other lanes, panels and the edge."""
    chosen: list[dict] = []
    board = Board(spec, {"places": places, "shore": shore, "triangles": tris}, temples,
                  outlines, lay=False)
    for r in board.air:
        r.squares = []
    keep = keep or {}
    for r in board.air:  # --redo: the other flights keep their lanes, laid first
        if (r.a, r.b) in keep:
            board.lay_lane(r, keep[(r.a, r.b)])
    for r in board.air:
        if (r.a, r.b) in keep:
            chosen.append({"a": r.a, "b": r.b, "via": list(keep[(r.a, r.b)])})
            continue
        best = None
        a, b = board.cities[r.a].pos, board.cities[r.b].pos
        mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
        dx, dy = b[0] - a[0], b[1] - a[1]
        cheap = []
        wide = bool(keep)  # a redo searches wider: the easy lanes are taken
        for bend in np.linspace(-1.1, 1.1, 45) if wide else np.linspace(-0.6, 0.6, 25):
            for shift in (-0.3, -0.15, 0.0, 0.15, 0.3):
                via = (round(mx - dy * bend + dx * shift, 2), round(my + dx * bend + dy * shift, 2))
                board.lay_lane(r, via)
                cheap.append((lane_cost(board, r, spec, _laid(board)), via))
        cheap.sort()
        for cost, via in cheap[:FINALISTS]:  # the roads' squares: dearer, so for the best
            board.lay_lane(r, via)
            cost += roads_cost(board, r, _laid(board))
            if best is None or cost < best[0]:
                best = (cost, via)
        board.lay_lane(r, best[1])
        print(f"  {r.a}–{r.b}: cost {best[0]:.1f} {r.problems}", file=sys.stderr)
        chosen.append({"a": r.a, "b": r.b, "via": list(best[1])})
    return chosen


def _laid(board: Board) -> list:
    return [o for o in board.air if o.path is not None]


def lane_cost(board: Board, r, spec: dict, laid: list) -> float:  # noqa: ANN001
    cost = 1000.0 * len(r.problems)
    pts = r.path.points
    for x, y in pts:
        if not (6 <= x <= board.width - 6 and 6 <= y <= board.height - 6):
            cost += 50
        for box in [i["box"] for i in spec["insets"].values()] + list(spec["panels"].values()) \
                + [b["box"] for b in spec["banks"]]:
            if box[0] - 4 < x < box[2] + 4 and box[1] - 4 < y < box[3] + 4 and \
                    not _inset_end(board, r, box):
                cost += 20
    for c in board.cities.values():
        if c.name in (r.a, r.b):
            continue
        d = min(math.dist(c.pos, p) for p in pts)
        if d < c.radius + 9:
            cost += 300 + 30 * (c.radius + 9 - d)
    for o in laid:
        if o is r:
            continue
        if any(_cross(p, q, u, v) for p, q in zip(pts, pts[1:], strict=False)
               for u, v in zip(o.path.points, o.path.points[1:], strict=False)):
            shared = {o.a, o.b} & {r.a, r.b}
            cost += 30 if shared else 150
    for road in board.roads:
        line = board.road_line(road).segments()
        for p, q in zip(pts, pts[1:], strict=False):
            for u, v in line:
                if _cross(p, q, u, v):
                    ang = _angle(p, q, u, v)
                    cost += 8 + max(0.0, 50 - ang) * 2
    bend = math.dist(r.curve[1], ((pts[0][0] + pts[-1][0]) / 2, (pts[0][1] + pts[-1][1]) / 2))
    return cost + bend * 0.05


def roads_cost(board: Board, r, laid: list) -> float:  # noqa: ANN001
    """Roads the lane crosses must keep room for their squares (two, three across a
    border: an Open Road square and an Assignment square, and a Border Post)."""
    cost = 0.0
    pts = r.path.points
    lanes = [o.path.points for o in laid if o.path]
    air = [s for o in laid for s in o.squares]
    for road in board.roads:
        line = board.road_line(road)
        # a lane crossing the road, or leaving a city beside it, takes its room
        if not {road.a, road.b} & {r.a, r.b} and not any(
                _cross(p, q, u, v) for p, q in zip(pts[::8], pts[8::8], strict=False)
                for u, v in line.segments()):
            continue
        a, c = board.cities[road.a], board.cities[road.b]
        left = tracks.road_squares(line, a.radius, c.radius, lanes, air)
        need = 3 if a.country != c.country else 2
        cost += 400 * max(0, need - len(left))
    return cost


def _inset_end(board: Board, r, box: list[float]) -> bool:  # noqa: ANN001
    return any(box[0] <= board.cities[e].pos[0] <= box[2] and
               box[1] <= board.cities[e].pos[1] <= box[3] for e in (r.a, r.b))


def _cross(p, q, u, v) -> bool:  # noqa: ANN001
    from pnp.base.geometry import segments_cross

    return segments_cross(p, q, u, v)


def _angle(p, q, u, v) -> float:  # noqa: ANN001
    a = math.atan2(q[1] - p[1], q[0] - p[0]) - math.atan2(v[1] - u[1], v[0] - u[0])
    a = abs(math.degrees(a)) % 180
    return min(a, 180 - a)


def triangles(spec: dict, temples: list[dict], outlines: dict, places: dict[str, tuple],
              shore: list[tuple]) -> list[tuple[str, str, str]]:
    """The warp's triangles, by point name: the Delaunay triangulation of the plain
    map's control points, in the order place_cities used (so the same triangles whose
    orientation it kept)."""
    board = Board(spec, {}, temples, outlines, lay=False)
    sources, targets = board.control_points({"places": places, "shore": shore})
    names = list(sources)
    tri = Delaunay(np.array([sources[k] for k in names])).simplices
    out = [tuple(names[i] for i in t) for t in tri]
    return sorted(out)


def write(places: dict[str, tuple], shore: list[tuple], lanes: list[dict],
          tris: list[tuple[str, str, str]]) -> None:
    lines = ["# Where the Temple Trip board draws each city (mm from the board's top-left",
             "# corner) and the control point of each flight's curve. Written by",
             "# tools/temple_trip_layout.py: change board.yaml or the temples, then run it.",
             "places:"]
    lines += [f"  {name}: [{x:.2f}, {y:.2f}]" for name, (x, y) in sorted(places.items())]
    lines.append("shore:  # [lon, lat, x, y]: coast points that move with the cities")
    lines += [f"  - [{lon:.3f}, {lat:.3f}, {x:.2f}, {y:.2f}]" for lon, lat, x, y in shore]
    lines.append("triangles:  # the warp's triangles: each maps affinely onto its places")
    lines += [f"  - [{a}, {b}, {c}]" for a, b, c in tris]
    lines.append("lanes:")
    lines += [f"  - {{a: {v['a']}, b: {v['b']}, via: [{v['via'][0]:.2f}, {v['via'][1]:.2f}]}}"
              for v in lanes]
    (GAME / "layout.yaml").write_text("\n".join(lines) + "\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--lanes-only", action="store_true", help="keep the cities' places")
    ap.add_argument("--places-only", action="store_true", help="no lanes (quick look)")
    ap.add_argument("--redo", action="append", default=[], metavar="A–B",
                    help="with --lanes-only: choose only this flight's lane again")
    args = ap.parse_args()
    spec, temples, outlines = load()
    if args.lanes_only:
        old = yaml.safe_load((GAME / "layout.yaml").read_text())
        places = {k: tuple(v) for k, v in old["places"].items()}
        shore = [tuple(v) for v in old.get("shore") or []]
    else:
        places, shore = place_cities(spec, temples, outlines)
    tris = triangles(spec, temples, outlines, places, shore)
    if args.places_only:
        write(places, shore, [], tris)
        return
    keep = None
    if args.redo:
        old = yaml.safe_load((GAME / "layout.yaml").read_text())
        keep = {(v["a"], v["b"]): tuple(v["via"]) for v in old.get("lanes") or []
                if f"{v['a']}–{v['b']}" not in args.redo}
    lanes = choose_lanes(spec, temples, outlines, places, shore, tris, keep)
    write(places, shore, lanes, tris)
    base = Projection(spec["mainland"]["lon"], spec["mainland"]["lat"], spec["mainland"]["box"])
    print(f"wrote {GAME / 'layout.yaml'} ({base.scale:.2f} mm a degree of latitude)",
          file=sys.stderr)


if __name__ == "__main__":
    main()
