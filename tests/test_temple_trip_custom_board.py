"""Custom temples in new cities find their place on the Temple Trip board: a stop on a
board road that passes their place, or a road of their own; several customs behave as
each alone; a city truly too close to a board city is told which to use; up to four
customs take the four blank cards whatever their regions."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from pnp.games.temple_trip import checks, custom, data, playable
from pnp.load.content import load_game

GAME = Path(__file__).resolve().parent.parent / "content" / "temple-trip"
CITIES = {  # city: (state, country, region, lat, lon)
    "Louisville": ("KY", "USA", "Hills & Plains", 38.25, -85.76),
    "Moncton": ("NB", "Canada", "Hills & Plains", 46.09, -64.78),
    "Ottawa": ("ON", "Canada", "Downtown", 45.42, -75.70),
    "Bismarck": ("ND", "USA", "Hills & Plains", 46.81, -100.78),
    "Winnipeg": ("MB", "Canada", "Hills & Plains", 49.90, -97.14),
    "Kensington": ("MD", "USA", "Downtown", 39.03, -77.08),
    "Chihuahua": ("CHH", "Mexico", "Desert", 28.63, -106.09),
}


def _files(tmp_path: Path, *names: str) -> list[Path]:
    out = []
    for name in names:
        state, country, region, lat, lon = CITIES[name]
        f = tmp_path / f"{name.lower()}.yaml"
        f.write_text(f'temple: {name} Test Temple\ncity: {name}\nstate: "{state}"\n'
                     f'country: {country}\nregion: "{region}"\ntravel: road\n'
                     f"lat: {lat}\nlon: {lon}\n")
        out.append(f)
    return out


def _game(tmp_path: Path, *names: str):
    game = load_game(GAME, [], _files(tmp_path, *names))
    assert game is not None
    return game


def _custom_problems(game) -> list[str]:
    """What validate says about the custom files (the shipped board's own findings are
    other tests')."""
    return [f"{Path(p.path).name}: {p.message}" for p in checks.checks(game)
            if p.path and "content/temple-trip" not in p.path]


def _roads(b, name: str) -> set[frozenset[str]]:
    return {frozenset((r.a, r.b)) for r in b.roads if name in (r.a, r.b)}


@pytest.mark.parametrize("name, a, c", [("Louisville", "Nashville", "Columbus"),
                                        ("Moncton", "Montreal", "Halifax")])
def test_a_city_on_a_board_road_becomes_a_stop_on_it(tmp_path: Path, name: str, a: str,
                                                     c: str) -> None:
    game = _game(tmp_path, name)
    assert _custom_problems(game) == []
    b = data.board(game)
    assert _roads(b, name) == {frozenset((a, name)), frozenset((name, c))}
    assert frozenset((a, c)) not in {frozenset((r.a, r.b)) for r in b.roads}
    city = b.cities[name]
    assert math.dist(city.pos, b.map(city.lon, city.lat)) <= 7.0 + 1e-6
    assert name in b.reachable(b.spec["salt_lake_city"]["name"])
    for r in b.roads:
        if name in (r.a, r.b):
            assert "open" in {s.kind for s in r.squares}, r.name


def test_a_city_too_close_to_a_board_city_is_told_to_use_it(tmp_path: Path) -> None:
    found = _custom_problems(_game(tmp_path, "Kensington"))
    assert len(found) == 1
    assert "Kensington is 2 km from Washington" in found[0]
    assert "use `city: Washington` and `travel: both`" in found[0]


def test_customs_together_join_as_each_alone(tmp_path: Path) -> None:
    alone = {n: _roads(data.board(_game(tmp_path, n)), n) for n in ("Bismarck", "Winnipeg")}
    game = _game(tmp_path, "Bismarck", "Winnipeg")
    assert _custom_problems(game) == []
    b = data.board(game)
    assert {n: _roads(b, n) for n in alone} == alone
    start = b.spec["salt_lake_city"]["name"]
    assert not [m for _, m in playable.network(b, start) if "Bismarck" in m or "Winnipeg" in m]


def test_four_customs_take_the_four_blanks_whatever_their_regions(tmp_path: Path) -> None:
    game = _game(tmp_path, "Louisville", "Moncton", "Bismarck", "Winnipeg")  # all Hills
    custom.hide_replaced_blanks(game)
    items = game.components["temples"].items
    assert sorted(i.replaces for i in items if i.custom) == ["B1", "B2", "B3", "B4"]
    printed = game.components["temples"].printed()
    assert len(printed) == len(game.components["temples"].shipped())


def test_a_fifth_custom_says_the_count_changes(tmp_path: Path) -> None:
    game = _game(tmp_path, "Louisville", "Moncton", "Bismarck", "Winnipeg", "Chihuahua")
    game.spec.data["max_custom"] = 5
    custom.hide_replaced_blanks(game)
    found = custom.extra_cards([i for i in game.components["temples"].items if i.custom],
                               lambda i, f, m, s="error": (i.fields["city"], m, s))
    # Chihuahua takes the Desert blank; the fourth Hills & Plains custom finds none left
    assert [(c, s) for c, _, s in found] == [("Winnipeg", "warning")]
    assert "prints as an extra card" in found[0][1]
