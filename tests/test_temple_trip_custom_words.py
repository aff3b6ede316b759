"""What `pnp validate temple-trip --custom FILE` tells a user about a custom temple (issue
31): a problem its new city brings to the board is said at the custom file, as what the
city does; a place off the board says the true bound and the usual typo; too close is one
rule for every city (New Orleans refused, Tampa and Mesa drawn apart)."""

from __future__ import annotations

import subprocess

import pytest
from conftest import FIXTURES, ROOT

CORPUS = FIXTURES / "temple-trip-customs"


def validate(name: str) -> tuple[int, str]:
    run = subprocess.run(["pnp", "validate", "temple-trip", "--custom",
                          str(CORPUS / f"{name}.yaml")], capture_output=True, text=True, cwd=ROOT,
                         timeout=600)
    return run.returncode, run.stdout + run.stderr


@pytest.mark.parametrize(("name", "hint"), [
    ("wrong-ottawa-swapped", "did you swap lat and lon? (lat: 45.42, lon: -75.7"),
    ("wrong-louisville-sign", "did you mean lon: -85.76?")])
def test_a_typo_that_puts_a_city_off_the_board_is_named(name: str, hint: str) -> None:
    code, out = validate(name)
    assert code == 1 and hint in out, out


def test_a_city_inside_the_map_is_never_called_outside_it() -> None:
    code, out = validate("culiacan")
    assert "outside the board" not in out and "24°N to 55°N" not in out, out
    assert code == 0 or ("is on the map" in out and "bottom edge" in out), out


def test_a_board_problem_a_new_city_brings_is_said_at_its_file() -> None:
    code, out = validate("bend")
    assert "board.yaml" not in out, out
    assert code == 0 or ("bend.yaml" in out and "Portland's name" in out
                         and "nothing in this file is wrong" in out), out


@pytest.mark.parametrize(("name", "ok"), [("tampa", True), ("mesa", True),
                                          ("new-orleans", False)])
def test_too_close_is_one_rule(name: str, ok: bool) -> None:
    code, out = validate(name)
    assert (code == 0) == ok, out
    assert ok or "use `city: Baton Rouge`" in out, out
