"""Dice Trip's map file as data: its cities, zones, dice and roads (the schema a map file
is read against). Imports no other Dice Trip module, so every module that reads a map's
data can import it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated

from pnp.load.schema import Name, NonEmpty, Size
from pnp.load.source import Source

Text = dict[str, str] | str


Point = Annotated[list[float], Size(2, 2)]  # [longitude, latitude]
Ring = Annotated[list[Point], Size(3)]  # an outline: a closed shape of 3 or more points


@dataclass
class City:
    name: Name
    lat: float
    lon: float
    zone: str
    colour: str | None = None
    label: str | None = None  # a shorter name to print, e.g. Frankfurt for Frankfurt am Main


@dataclass
class MapSpec:
    id: Name
    name: Text
    dice: Annotated[list[Name], NonEmpty]
    zones: Annotated[dict[str, Text], NonEmpty]
    cities: Annotated[list[City], NonEmpty]
    roads: list[list[str]]
    outline: list[Ring] = field(default_factory=list)
    zone_letters: dict[str, Text] = field(default_factory=dict)  # default: the zone's id


@dataclass
class MapFile:
    map: MapSpec


@dataclass
class LoadedMap:
    spec: MapSpec
    source: Source

    def city(self, name: str) -> City | None:
        return next((c for c in self.spec.cities if c.name == name), None)


def zone_letter(spec: MapSpec, zone: str, lang: str) -> str:
    """The letter(s) printed in a zone: the map's zone_letters, else the zone's id."""
    value = spec.zone_letters.get(zone)
    if isinstance(value, dict):
        return value.get(lang) or value.get("en") or zone
    return value or zone
