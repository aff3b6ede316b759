"""Temple Trip's country and sea tests at the real coasts and borders: a city on a harbour,
a barrier island or a border river is in its own country, and a message about a custom
temple's place states only what is true (the sea, a lake, another country)."""

import re
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, run_pnp

from pnp.games.temple_trip.land import Land, country_problem

GAME = "temple-trip"

# (place, lat, lon, true country): downtown coordinates, most within a few km of a coast,
# a lake shore or the border, on both sides of the border crossings
PLACES = [
    ("Manhattan (City Hall)", 40.7128, -74.0060, "USA"),
    ("Manhattan (Lincoln Center)", 40.7722, -73.9823, "USA"),
    ("Brooklyn", 40.6782, -73.9442, "USA"),
    ("Boston", 42.3601, -71.0589, "USA"),
    ("Portland ME", 43.6591, -70.2568, "USA"),
    ("Norfolk", 36.8508, -76.2859, "USA"),
    ("Charleston SC", 32.7765, -79.9311, "USA"),
    ("Jacksonville", 30.3322, -81.6557, "USA"),
    ("Miami", 25.7617, -80.1918, "USA"),
    ("Miami Beach", 25.7907, -80.1300, "USA"),
    ("Key West", 24.5551, -81.7800, "USA"),
    ("Tampa", 27.9506, -82.4572, "USA"),
    ("St. Petersburg", 27.7676, -82.6403, "USA"),
    ("Mobile", 30.6954, -88.0399, "USA"),
    ("New Orleans", 29.9511, -90.0715, "USA"),
    ("Houston", 29.7604, -95.3698, "USA"),
    ("Galveston", 29.3013, -94.7977, "USA"),
    ("Corpus Christi", 27.8006, -97.3964, "USA"),
    ("Brownsville", 25.9017, -97.4975, "USA"),
    ("Matamoros", 25.8697, -97.5028, "Mexico"),
    ("McAllen", 26.2034, -98.2300, "USA"),
    ("Reynosa", 26.0508, -98.2979, "Mexico"),
    ("Laredo", 27.5306, -99.4803, "USA"),
    ("Nuevo Laredo", 27.4763, -99.5164, "Mexico"),
    ("Eagle Pass", 28.7091, -100.4995, "USA"),
    ("Piedras Negras", 28.7000, -100.5231, "Mexico"),
    ("Del Rio", 29.3627, -100.8968, "USA"),
    ("Ciudad Acuña", 29.3232, -100.9522, "Mexico"),
    ("El Paso", 31.7619, -106.4850, "USA"),
    ("Ciudad Juárez", 31.6904, -106.4245, "Mexico"),
    ("Nogales AZ", 31.3404, -110.9343, "USA"),
    ("Nogales, Sonora", 31.3086, -110.9422, "Mexico"),
    ("Yuma", 32.6927, -114.6277, "USA"),
    ("San Luis Río Colorado", 32.4561, -114.7719, "Mexico"),
    ("Calexico", 32.6789, -115.4989, "USA"),
    ("Mexicali", 32.6245, -115.4523, "Mexico"),
    ("San Diego", 32.7157, -117.1611, "USA"),
    ("Chula Vista", 32.6401, -117.0842, "USA"),
    ("Tijuana", 32.5149, -117.0382, "Mexico"),
    ("Ensenada", 31.8667, -116.5964, "Mexico"),
    ("Los Angeles", 34.0522, -118.2437, "USA"),
    ("San Francisco", 37.7749, -122.4194, "USA"),
    ("Seattle", 47.6062, -122.3321, "USA"),
    ("Blaine", 48.9937, -122.7471, "USA"),
    ("Vancouver", 49.2827, -123.1207, "Canada"),
    ("Victoria", 48.4284, -123.3656, "Canada"),
    ("Duluth", 46.7867, -92.1005, "USA"),
    ("Thunder Bay", 48.3809, -89.2477, "Canada"),
    ("Sault Ste. Marie MI", 46.4953, -84.3453, "USA"),
    ("Sault Ste. Marie ON", 46.5219, -84.3461, "Canada"),
    ("Chicago", 41.8781, -87.6298, "USA"),
    ("Detroit", 42.3314, -83.0458, "USA"),
    ("Windsor", 42.3149, -83.0364, "Canada"),
    ("Buffalo", 42.8864, -78.8784, "USA"),
    ("Niagara Falls NY", 43.0962, -79.0377, "USA"),
    ("Niagara Falls ON", 43.0896, -79.0849, "Canada"),
    ("Toronto", 43.6532, -79.3832, "Canada"),
    ("Massena NY", 44.9281, -74.8919, "USA"),
    ("Cornwall ON", 45.0213, -74.7303, "Canada"),
    ("Montreal", 45.5017, -73.5673, "Canada"),
    ("Quebec City", 46.8139, -71.2080, "Canada"),
    ("Calais ME", 45.1887, -67.2786, "USA"),
    ("St. Stephen NB", 45.1939, -67.2761, "Canada"),
    ("Saint John", 45.2733, -66.0633, "Canada"),
    ("Moncton", 46.0878, -64.7782, "Canada"),
    ("Halifax", 44.6488, -63.5752, "Canada"),
    ("Guaymas", 27.9179, -110.8989, "Mexico"),
    ("La Paz BCS", 24.1426, -110.3128, "Mexico"),
    ("Mazatlán", 23.2494, -106.4111, "Mexico"),
    ("Tampico", 22.2331, -97.8611, "Mexico"),
    ("Veracruz", 19.1738, -96.1342, "Mexico"),
    ("Campeche", 19.8301, -90.5349, "Mexico"),
    ("Mérida", 20.9674, -89.5926, "Mexico"),
    ("Cancún", 21.1619, -86.8515, "Mexico"),
    ("Puerto Vallarta", 20.6534, -105.2253, "Mexico"),
]

# inland or coastal places more than a border's width from the other two countries
FAR = {"Manhattan (City Hall)", "Miami", "Corpus Christi", "Houston", "Seattle", "Halifax",
       "Toronto", "Vancouver", "Mazatlán", "Veracruz", "Cancún", "Boston"}


def land() -> Land:
    """The outlines as the board reads them for a place's country (lakes included)."""
    data = yaml.safe_load((ROOT / "content" / GAME / "outlines.yaml").read_text())
    rings = {c: [[tuple(p) for p in r] for r in rs] for c, rs in data["outlines"].items()}
    return Land(rings, list(data["lakes"].values()), list(data["lakes"]))


LAND = land()


@pytest.mark.parametrize("name,lat,lon,country", PLACES, ids=[p[0] for p in PLACES])
def test_place_is_in_its_true_country(name: str, lat: float, lon: float,
                                      country: str) -> None:
    assert country_problem(LAND, lon, lat, country) is None
    assert LAND.country((lon, lat)) == country or name in {
        # harbour-side and border-river downtowns within the outline's 1 km: the test
        # above accepts them, the bare point test may not
        "Miami", "Miami Beach", "Blaine", "Halifax", "Saint John", "Eagle Pass",
        "Charleston SC", "Quebec City", "Calais ME", "St. Stephen NB"}


@pytest.mark.parametrize("name,lat,lon,country", [p for p in PLACES if p[0] in FAR],
                         ids=sorted(FAR, key=[p[0] for p in PLACES].index))
def test_place_is_not_in_the_other_countries(name: str, lat: float, lon: float,
                                             country: str) -> None:
    for other in {"USA", "Canada", "Mexico"} - {country}:
        said = country_problem(LAND, lon, lat, other) or ""
        assert said in (f"{lat}, {lon} lies in {country}, not in {other}",
                        f"{lat}, {lon} lies in the sea, under 1 km off the coast of {country}: "
                        "check lat and lon"), said


def test_bare_point_test_on_the_coasts_and_borders() -> None:
    """The outlines alone (no tolerance) put the cities of issue 31 where they are."""
    for name, lat, lon, country in PLACES:
        if name in {"Manhattan (City Hall)", "Manhattan (Lincoln Center)", "Corpus Christi",
                    "El Paso", "Brownsville", "Vancouver", "Galveston", "Montreal"}:
            assert LAND.country((lon, lat)) == country, name


CUSTOM = """temple: {temple}
city: {city}
state: {state}
country: {country}
region: Downtown
travel: road
lat: {lat}
lon: {lon}
"""


def validate(tmp_path: Path, name: str, **kw: object) -> str:
    path = tmp_path / f"{name}.yaml"
    path.write_text(CUSTOM.format(**kw))
    result = run_pnp("validate", GAME, "--custom", path)
    assert "Traceback" not in result.stdout + result.stderr
    return result.stderr


@pytest.mark.parametrize("city,state,lat,lon", [
    ("Manhattan", "NY", 40.7722, -73.9823),
    ("Miami", "FL", 25.7617, -80.1918),
    ("El Paso", "TX", 31.7619, -106.4850),
    ("Corpus Christi", "TX", 27.8006, -97.3964),
    ("Brownsville", "TX", 25.9017, -97.4975),
])
def test_custom_temple_on_a_coast_or_border_is_in_its_country(
        tmp_path: Path, city: str, state: str, lat: float, lon: float) -> None:
    err = validate(tmp_path, "mine", temple=f"{city} Temple", city=city, state=state,
                   country="USA", lat=lat, lon=lon)
    assert "lies in" not in err and "no country" not in err, err
    assert "drawn in the sea" not in err and "drawn in Mexico" not in err, err


def test_custom_temple_in_the_sea_says_so(tmp_path: Path) -> None:
    err = validate(tmp_path, "sea", temple="Atlantis Temple", city="Atlantis", state="NY",
                   country="USA", lat=40.0, lon=-70.0)
    # Nantucket, the nearest land, is about 140 km away
    assert re.search(r"sea\.yaml:7: lat: 40\.0, -70\.0 lies in the sea, 1[34]\d km off the "
                     r"coast of USA: check lat and lon", err), err


def test_custom_temple_in_a_lake_says_so(tmp_path: Path) -> None:
    err = validate(tmp_path, "lake", temple="Lakeside Temple", city="Lakeside", state="MI",
                   country="USA", lat=43.8, lon=-87.0)
    assert "lake.yaml:7: lat: 43.8, -87.0 lies in Lake Michigan, not on land: check lat " \
           "and lon" in err, err



def test_place_far_out_at_sea() -> None:
    assert country_problem(LAND, -60.0, 30.0, "USA") == \
        "30.0, -60.0 lies in the sea, more than 500 km from USA, Canada and Mexico: check " \
        "lat and lon"
