"""The shapes of Temple Trip's data files (board.yaml, outlines.yaml): every value typed
and ranged, so a broken file is one located problem per fault, never a crash later."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Literal

from ..errors import Problem
from ..load import Key, Source
from ..schema import convert_dataclass, problem


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
    clip: list[float]


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
    insets: dict[str, Inset] = field(default_factory=dict)
    banks: list[Bank] = field(default_factory=list)
    flags: list[Flag] = field(default_factory=list)
    air: list[list[str]] = field(default_factory=list)
    roads: list[list[str]] = field(default_factory=list)


@dataclass
class BoardFile:
    board: BoardSpec


@dataclass
class OutlinesFile:
    outlines: dict[str, list[list[list[float]]]]
    insets: dict[str, list[list[list[float]]]] = field(default_factory=dict)


def check_files(bsrc: Source, osrc: Source) -> list[Problem]:
    """Types first (schema), then the ranges and shapes the board's drawing relies on."""
    out: list[Problem] = []
    board = convert_dataclass(BoardFile, bsrc.data, bsrc, (), out)
    outlines = convert_dataclass(OutlinesFile, osrc.data, osrc, (), out)
    if out or board is None or outlines is None:
        return out
    spec, key = board.board, ("board",)
    for name, value in (("width", spec.width), ("height", spec.height)):
        if not 10 <= value <= 5000:
            out.append(problem(bsrc, key + (name,), f"must be 10..5000 mm (got {value:g})"))
    _window(bsrc, key + ("mainland",), spec.mainland.lon, spec.mainland.lat, out)
    _box(bsrc, key + ("mainland", "box"), spec.mainland.box, spec, out)
    _box(bsrc, key + ("mainland", "clip"), spec.mainland.clip, spec, out)
    for name, inset in spec.insets.items():
        _window(bsrc, key + ("insets", name), inset.lon, inset.lat, out)
        _box(bsrc, key + ("insets", name, "box"), inset.box, spec, out)
    for i, bank in enumerate(spec.banks):
        _box(bsrc, key + ("banks", i, "box"), bank.box, spec, out)
    for i, flag in enumerate(spec.flags):
        if len(flag.at) != 2:
            out.append(problem(bsrc, key + ("flags", i, "at"), "must be [x, y] in mm"))
    for mode in ("air", "roads"):
        for i, route in enumerate(getattr(spec, mode)):
            if len(route) != 2 or route[0] == route[1]:
                out.append(problem(bsrc, key + (mode, i), "a route joins two different "
                                                          f"cities (got {route})"))
    place = spec.salt_lake_city
    if not (-90 <= place.lat <= 90 and -180 <= place.lon <= 180):
        out.append(problem(bsrc, key + ("salt_lake_city",), "lat/lon out of range"))
    for group in ("outlines", "insets"):
        for country, rings in getattr(outlines, group).items():
            for r, ring in enumerate(rings):
                _ring(osrc, (group, country, r), ring, out)
    return out


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
    ok = len(ring) >= 3 and all(
        len(p) == 2 and all(math.isfinite(v) for v in p)
        and -180 <= p[0] <= 180 and -90 <= p[1] <= 90 for p in ring)
    if not ok:
        out.append(problem(src, key, "an outline is 3 or more [longitude, latitude] points"))

