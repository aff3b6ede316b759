"""Dice Trip maps as drawn in a box: the circles (moved apart where names need room),
the names, badges, zone areas, boundaries and letters that the checks, the sheets and
tools/design_roads.py share, cached by the map's data and the box. All in mm, y down."""

from __future__ import annotations

import dataclasses
import hashlib
import math
from typing import TYPE_CHECKING, Any

from pnp.base.geometry import distance_to_segment
from pnp.games.dice_trip.crowd import place_labels
from pnp.games.dice_trip.geometry import Geometry, badges
from pnp.games.dice_trip.labels import Label, label_width
from pnp.games.dice_trip.marks import crowded_circles, outside_circles
from pnp.games.dice_trip.zones import zone_letter_places

if TYPE_CHECKING:
    from pnp.games.dice_trip.spec import MapSpec

ROOM_STEP, ROOM_TRIES = 1.5, 3  # mm more room round a circle whose name found no place

_DRAWN: dict[tuple[str, float, float], dict[str, Any]] = {}  # by fingerprint and box
_SPOTS: dict[tuple[str, float, float, tuple[tuple[str, str], ...]], dict[str, Any]] = {}


def fingerprint(spec: MapSpec) -> str:
    """What a drawn map depends on, as a short key: the whole map file's data (a map
    whose roads change is drawn again, whatever its file's path and time)."""
    return hashlib.blake2b(repr(spec).encode(), digest_size=16).hexdigest()


def forget_maps() -> None:
    _ROOMS.clear()
    _BARE.clear()
    _DRAWN.clear()
    _SPOTS.clear()


def _faults(geo: Geometry, labels: dict[str, Label]) -> int:
    """What a placing of the circles gets wrong (the map checks report each): names
    without a place, circles off the country or closer than CLEAR."""
    return sum(not lb.placed for lb in labels.values()) + len(outside_circles(geo)) + \
        len(crowded_circles(geo))


def _road_faults(geo: Geometry) -> set[tuple[str, ...]]:
    """The roads that cross, or pass within 0.6 mm of another city's circle (the map
    checks' ROAD_CLEARANCE), on this drawing."""
    roads = [(a, b) for a, b in (tuple(r) for r in geo.spec.roads) if a in geo.pos
             and b in geo.pos]
    out: set[tuple[str, ...]] = {(a, b, c, d) for (a, b), (c, d) in geo.crossings(roads)}
    for a, b in roads:
        for c, centre in geo.pos.items():
            if c not in (a, b) and distance_to_segment(centre, geo.pos[a], geo.pos[b]) < \
                    geo.radius[c] + 0.6:
                out.add((a, b, c))
    return out


def drawn_map(spec: MapSpec, width: float, height: float) -> dict[str, Any]:
    """A map drawn in a box of width x height mm: geometry, names, badges, zone areas and
    boundaries (cached by the map's data and the box: the checks, the sheets and
    tools/design_roads.py share it)."""
    key = (fingerprint(spec), width, height)
    if key not in _DRAWN:
        if len(_DRAWN) >= 64:
            _DRAWN.clear()
        _DRAWN[key] = _draw(spec, width, height)
    return _DRAWN[key]


def _draw(spec: MapSpec, width: float, height: float) -> dict[str, Any]:
    """The drawing (drawn_map). Where names are hemmed in, their neighbours move apart
    to where they move on the map without its roads (room_for: so the circles go where
    tools/design_roads.py designs the roads, whatever roads the map has now), kept only
    if that places more names and no road then crosses or cuts a circle."""
    geo = Geometry(spec, width, height)
    labels = place_labels(geo, label_width)
    if not all(lb.placed for lb in labels.values()):
        room = room_for(spec, width, height, [c for c, lb in labels.items() if not lb.placed])
        wider = Geometry(spec, width, height, room) if room else geo
        if wider is not geo and _road_faults(wider) <= _road_faults(geo):
            placed = place_labels(wider, label_width)
            if _faults(wider, placed) < _faults(geo, labels):
                geo, labels = wider, placed
    return {"geo": geo, "labels": labels, "badges": badges(geo),
            "areas": geo.zone_areas(), "lines": geo.zone_boundaries()}


_ROOMS: dict[tuple[str, float, float, tuple[str, ...]], dict[str, float]] = {}
_BARE: dict[tuple[str, float, float], list[str]] = {}


def room_for(spec: MapSpec, width: float, height: float, stuck: list[str]) -> dict[str, float]:
    """mm more room round circles, as the map without its roads needs it: ROOM_STEP more
    round each name without a place, up to ROOM_TRIES times, the try that leaves fewest
    names without one (`stuck`: where to start if without roads every name has a
    place). The same for every set of roads, so cached by the map without them."""
    bare = dataclasses.replace(spec, roads=[])
    print_key = (fingerprint(bare), width, height)
    if print_key not in _BARE:
        labels = place_labels(Geometry(bare, width, height), label_width) if spec.roads \
            else None
        _BARE[print_key] = stuck if labels is None else \
            [c for c, lb in labels.items() if not lb.placed]
    start = _BARE[print_key] or stuck
    key = (*print_key, tuple(start))
    if key not in _ROOMS:
        best: dict[str, float] = {}
        fewest, room, stuck = math.inf, {}, start
        for _ in range(ROOM_TRIES):
            room = {**room, **{c: room.get(c, 0.0) + ROOM_STEP for c in stuck}}
            wider = Geometry(bare, width, height, room)
            placed = place_labels(wider, label_width)
            still = [c for c, lb in placed.items() if not lb.placed]
            if (found := _faults(wider, placed)) < fewest:
                best, fewest = dict(room), found
            if not found:
                break
            stuck = still
        _ROOMS[key] = best
    return _ROOMS[key]


def zone_spots(spec: MapSpec, width: float, height: float,
               letters: tuple[tuple[str, str], ...]
               ) -> dict[str, tuple[float, float, float, float] | None]:
    """Each zone letter's place on the map drawn in this box (cached like drawn_map)."""
    key = (fingerprint(spec), width, height, letters)
    if key not in _SPOTS:
        if len(_SPOTS) >= 64:
            _SPOTS.clear()
        drawn = drawn_map(spec, width, height)
        _SPOTS[key] = zone_letter_places(drawn["geo"], dict(letters), drawn["labels"],
                                         drawn["lines"])
    return _SPOTS[key]
