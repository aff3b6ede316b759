"""The shapes of Temple Trip's data files (board.yaml, outlines.yaml, layout.yaml): every
value typed and ranged, so a broken file is one located problem per fault, never a crash
later."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Literal

from pnp.base.errors import Problem
from pnp.load.schema import as_plain, convert_dataclass, problem
from pnp.load.source import Key, Source


@dataclass
class Place:
    name: str
    country: Literal["USA", "Canada", "Mexico"]
    lat: float
    lon: float
    state: str | None = None


@dataclass
class Mainland:
    lon: list[float]
    lat: list[float]
    box: list[float]


@dataclass
class Inset:
    lon: list[float]
    lat: list[float]
    box: list[float]
    cities: list[str] = field(default_factory=list)


@dataclass
class Bank:
    name: str
    colour: Literal["blue", "red"]
    cones: int
    box: list[float]


@dataclass
class Flag:
    country: Literal["USA", "Canada", "Mexico"]
    at: list[float]


@dataclass
class BoardSpec:
    width: float
    height: float
    salt_lake_city: Place
    mainland: Mainland
    bleed: float = 3.0
    insets: dict[str, Inset] = field(default_factory=dict)
    panels: dict[str, list[float]] = field(default_factory=dict)
    banks: list[Bank] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    air: list[list[str]] = field(default_factory=list)
    roads: list[list[Any]] = field(default_factory=list)
    gather: list[str] = field(default_factory=list)  # cities that hold all ten pawns


@dataclass
class BoardFile:
    board: BoardSpec


@dataclass
class OutlinesFile:
    outlines: dict[str, list[list[list[float]]]]
    insets: dict[str, list[list[list[float]]]] = field(default_factory=dict)
    lakes: dict[str, list[list[float]]] = field(default_factory=dict)


@dataclass
class Lane:
    a: str
    b: str
    via: list[float]


@dataclass
class LayoutFile:
    places: dict[str, list[float]] = field(default_factory=dict)
    shore: list[list[float]] | None = None
    triangles: list[list[str]] | None = None
    lanes: list[Lane] | None = None


def check_files(bsrc: Source, osrc: Source, lsrc: Source) -> list[Problem]:
    """Types first (schema), then the ranges and shapes the board's drawing relies on."""
    out: list[Problem] = []
    board = convert_dataclass(BoardFile, bsrc.data, bsrc, (), out)
    outlines = convert_dataclass(OutlinesFile, osrc.data, osrc, (), out)
    layout = convert_dataclass(LayoutFile, lsrc.data, lsrc, (), out)
    if out or board is None or outlines is None or layout is None:
        return out
    for src, obj in ((bsrc, board), (lsrc, layout)):
        src.data = as_plain(obj, src.data)  # the board is drawn from the checked values
    # (outlines.yaml holds numbers only, which as_plain keeps as written: its checked
    # values are its data, which as_plain would copy, 13,000 points, to the same values)
    spec, key = board.board, ("board",)
    for name, value in (("width", spec.width), ("height", spec.height)):
        if not 10 <= value <= 5000:
            out.append(problem(bsrc, key + (name,), f"must be 10..5000 mm (got {value:g})"))
    _window(bsrc, key + ("mainland",), spec.mainland.lon, spec.mainland.lat, out)
    _box(bsrc, key + ("mainland", "box"), spec.mainland.box, spec, out)
    if not 0 <= spec.bleed <= 10:
        out.append(problem(bsrc, key + ("bleed",), f"must be 0..10 mm (got {spec.bleed:g})"))
    for name, box in spec.panels.items():
        _box(bsrc, key + ("panels", name), box, spec, out)
    if missing := [name for name in ("title", "key") if name not in spec.panels]:
        out.append(problem(bsrc, key + ("panels",), f"no box for {' and '.join(missing)} (the "
                                                    "board draws its title and its key to the "
                                                    "squares there)"))
    for name, inset in spec.insets.items():
        _window(bsrc, key + ("insets", name), inset.lon, inset.lat, out)
        _box(bsrc, key + ("insets", name, "box"), inset.box, spec, out)
    for i, bank in enumerate(spec.banks):
        _box(bsrc, key + ("banks", i, "box"), bank.box, spec, out)
    for i, flag in enumerate(spec.flags):
        if not _lonlat(flag.at):
            out.append(problem(bsrc, key + ("flags", i, "at"), "must be [longitude, latitude]"))
    for i, route in enumerate(spec.air):
        if len(route) != 2 or route[0] == route[1]:
            out.append(problem(bsrc, key + ("air", i), "a flight joins two different "
                                                       f"cities (got {route})"))
    for i, route in enumerate(spec.roads):
        ends = route[:2]
        if len(route) not in (2, 3) or not all(isinstance(e, str) for e in ends) \
                or ends[0] == ends[1]:
            out.append(problem(bsrc, key + ("roads", i), "a road joins two different cities, "
                                                         "[A, B] or [A, B, [[lon, lat], ...]]"))
        elif len(route) == 3 and not (isinstance(route[2], list) and route[2]
                                      and all(_lonlat(p) for p in route[2])):
            out.append(problem(bsrc, key + ("roads", i, 2), "a road's bends are a list of "
                                                            "[longitude, latitude] points"))
    place = spec.salt_lake_city
    if not (-90 <= place.lat <= 90 and -180 <= place.lon <= 180):
        out.append(problem(bsrc, key + ("salt_lake_city",), "lat/lon out of range"))
    for group in ("outlines", "insets"):
        for country, rings in getattr(outlines, group).items():
            for r, ring in enumerate(rings):
                _ring(osrc, (group, country, r), ring, out)
    for name, ring in outlines.lakes.items():
        _ring(osrc, ("lakes", name), ring, out)
    for name, at in layout.places.items():
        if len(at) != 2 or not all(math.isfinite(v) for v in at) or not (
                0 <= at[0] <= spec.width and 0 <= at[1] <= spec.height):
            out.append(problem(lsrc, ("places", name), "must be [x, y] in mm on the board"))
    for i, point in enumerate(layout.shore or []):
        if len(point) != 4 or not _lonlat(point[:2]) or not (
                0 <= point[2] <= spec.width and 0 <= point[3] <= spec.height):
            out.append(problem(lsrc, ("shore", i), "must be [lon, lat, x, y]: a map point "
                                                   "and where the board draws it (mm)"))
    from pnp.games.temple_trip.board import _frame

    points = set(layout.places) | {f"shore {i}" for i in range(len(layout.shore or []))} | \
        {f"frame {i}" for i in range(len(_frame(spec.width, spec.height)))}
    for i, tri in enumerate(layout.triangles or []):
        if len(tri) != 3 or len(set(tri)) != 3:
            out.append(problem(lsrc, ("triangles", i), "must be 3 different point names "
                                                       "(a city, 'shore N' or 'frame N')"))
        elif unknown := [k for k in tri if k not in points]:
            out.append(problem(lsrc, ("triangles", i), f"{unknown[0]!r} is not a place, a "
                                                       "shore point or a frame point: run "
                                                       "tools/temple_trip_layout.py"))
    for i, lane in enumerate(layout.lanes or []):
        if len(lane.via) != 2 or not all(math.isfinite(v) and abs(v) < 5000 for v in lane.via):
            out.append(problem(lsrc, ("lanes", i, "via"), "must be [x, y] in mm"))
    return out


def _lonlat(p: Any) -> bool:
    return isinstance(p, list) and len(p) == 2 and all(
        isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
        for v in p) and -180 <= p[0] <= 180 and -90 <= p[1] <= 90


def _window(src: Source, key: Key, lon: list[float], lat: list[float],
            out: list[Problem]) -> None:
    if len(lon) != 2 or not -180 <= lon[0] < lon[1] <= 180:
        out.append(problem(src, key + ("lon",), "must be [west, east] longitudes, "
                                                "-180..180, west first"))
    if len(lat) != 2 or not -90 <= lat[0] < lat[1] <= 90:
        out.append(problem(src, key + ("lat",), "must be [south, north] latitudes, "
                                                "-90..90, south first"))


def _box(src: Source, key: Key, box: list[float], spec: BoardSpec, out: list[Problem]) -> None:
    if len(box) != 4 or not (0 <= box[0] < box[2] <= spec.width + 1e-6
                             and 0 <= box[1] < box[3] <= spec.height + 1e-6):
        out.append(problem(src, key, f"must be [x0, y0, x1, y1] in mm inside the "
                                     f"{spec.width:g} x {spec.height:g} mm board"))


def _ring(src: Source, key: Key, ring: list[list[float]], out: list[Problem]) -> None:
    finite = math.isfinite
    ok = len(ring) >= 3 and all(  # (13,000 points: each pair's two tests written out)
        len(p) == 2 and finite(p[0]) and finite(p[1])
        and -180 <= p[0] <= 180 and -90 <= p[1] <= 90 for p in ring)
    if not ok:
        out.append(problem(src, key, "an outline is 3 or more [longitude, latitude] points"))

