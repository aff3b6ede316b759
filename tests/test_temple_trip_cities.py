"""Temple Trip: real cities no one chose for the board, as custom temples (issue 31).
tests/fixtures/temple-trip-cities/ holds 63 cities of USA, Canada and Mexico picked at
random from GeoNames (corpus.yaml says how): 31 at least 170 km from every board city and
32 at 155-230 km, where a straight road has no room for a square and the city must become
a stop, take a bent road or have the board make room. Each is a mainland city not too
close to a board city, so a fair reading accepts it: drawn near its place, clear of the
panels, joined by road. The cases today's code refuses are strict xfails, each with why."""

from __future__ import annotations

import sys

import pytest
import yaml
from conftest import FIXTURES, ROOT

sys.path.insert(0, str(ROOT / "tools"))
import temple_customs  # noqa: E402

CORPUS = FIXTURES / "temple-trip-cities"
WRONG_TODAY = {  # tools/temple_customs.py --corpus tests/fixtures/temple-trip-cities
    "wasco-ca": "refused ('no road can join'): 170 km from Los Angeles, on the Oakland–Los "
                "Angeles road, with the Salt Lake City–Los Angeles flight across its place; "
                "rerouted, a stop's half to Los Angeles is too short and bending it is not "
                "tried round the lane's squares",
    "yucca-valley-ca": "refused: every way leaves no clear place for its own name (between "
                       "Los Angeles, San Diego and Phoenix); ways are chosen before names "
                       "are placed",
}
CASES = [r.name for r in temple_customs.load_corpus(folder=CORPUS)]


@pytest.fixture(scope="module")
def results() -> dict[str, temple_customs.Result]:
    """The whole corpus, validated once (two at a time, about a minute)."""
    found, _ = temple_customs.run(temple_customs.load_corpus(folder=CORPUS))
    return {r.name: r for r in found}


def test_corpus_is_real_cities_off_the_board_in_three_countries() -> None:
    cases = yaml.safe_load((CORPUS / "corpus.yaml").read_text(encoding="utf-8"))["cases"]
    shipped = yaml.safe_load((ROOT / "content" / "temple-trip" / "temples.yaml")
                             .read_text(encoding="utf-8"))["temples"]
    board_cities = {t.get("city") for t in shipped} | {"Salt Lake City"}
    cities = [yaml.safe_load((CORPUS / c["file"]).read_text(encoding="utf-8")) for c in cases]
    assert len(cases) >= 60 and all(c["expect"] == "accept" for c in cases)
    assert not {c["city"] for c in cities} & board_cities
    assert {c["country"] for c in cities} == {"USA", "Canada", "Mexico"}
    assert sum(c["kind"].endswith("near") for c in cases) >= 30
    assert set(WRONG_TODAY) <= set(CASES)


@pytest.mark.parametrize("name", [
    pytest.param(n, marks=pytest.mark.xfail(strict=True, reason=WRONG_TODAY[n]))
    if n in WRONG_TODAY else n for n in CASES])
def test_real_city_is_drawn_and_joined(results: dict[str, temple_customs.Result],
                                       name: str) -> None:
    r = results[name]
    assert r.verdict != "crash", r.errors
    assert r.ok, (f"expected {r.expect}, pnp: {r.outcome}", r.faults, r.errors[:2],
                  "fixed? remove it from WRONG_TODAY")
