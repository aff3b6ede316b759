"""Temple Rush's solver names the real cause of a card it refuses (issue 33): the brick
stock, not the points; brick joints, not 'parts'; the card as printed, not a bare id;
and a custom card too close to another is a warning naming both. One failing and one
passing custom file per message, through the real command."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_clean_failure, run_pnp

GAME = "temple-rush"


def _card(tmp_path: Path, name: str, points: int, shape: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    body = "\n".join("      " + row for row in shape.split("\n"))
    path.write_text(f"temples:\n  - id: {name}\n    points: {points}\n    shape: |\n{body}\n")
    return path


def _said(result: object, *parts: str) -> list[str]:
    return [ln for ln in result.stderr.splitlines()  # type: ignore[attr-defined]
            if all(p in ln for p in parts)]


def test_four_single_pillars_fail_on_the_stock_not_the_points(tmp_path: Path) -> None:
    bad = _card(tmp_path, "pillars", 6, "#.#.#.#\n#######\n#######")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--custom", bad), 1)
    hit = [ln for ln in lines if "temple pillars cannot be built" in ln]
    assert len(hit) == 1, lines
    assert hit[0].startswith(f"{bad}:4: temples[0].shape:")
    assert "fails on the brick stock, not on its points" in hit[0]
    assert "at least 4 bricks of 1x1 (a player has 3)" in hit[0]
    assert "widen a lone stud" in hit[0] and "its points)" not in hit[0]
    good = _card(tmp_path, "pillars", 6, "#.#.##\n######\n######")  # one pillar widened
    result = run_pnp("validate", GAME, "--custom", good)
    assert not _said(result, "pillars", "error")
    assert not _said(result, "temple pillars", "stock")


def test_wrong_points_name_the_fewest_bricks(tmp_path: Path) -> None:
    bad = _card(tmp_path, "wall", 4, "####\n####\n####\n####")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--custom", bad), 1)
    assert any("exactly 4 bricks (its points) (4 bricks would take 4 × 1x4; a player has 3)"
               "; the fewest that build it are 5: write points: 5" in ln for ln in lines), lines
    good = _card(tmp_path, "wall", 5, "####\n####\n####\n####")
    assert not _said(run_pnp("validate", GAME, "--custom", good), "temple wall")


def test_a_bridge_whose_studs_touch_is_told_about_brick_joints(tmp_path: Path) -> None:
    bad = _card(tmp_path, "bridge", 4, "#######\n#.....#")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--custom", bad), 1)
    hit = [ln for ln in lines if "temple bridge cannot be built" in ln]
    assert len(hit) == 1 and hit[0].startswith(f"{bad}:5: temples[0].shape:"), lines
    assert "its studs touch, but bricks join only where one sits on another" in hit[0]
    assert "row 1 (7 studs)" in hit[0] and "cannot be joined" not in hit[0]
    good = _card(tmp_path, "bridge", 5, "..###..\n#######\n#.....#")  # a brick across
    result = run_pnp("validate", GAME, "--custom", good)
    assert result.returncode == 0, result.stderr


def test_studs_apart_are_told_apart_from_joints(tmp_path: Path) -> None:
    bad = _card(tmp_path, "apart", 2, "##.\n..#")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--custom", bad), 1)
    assert any(f"{bad}:6: temples[0].shape:" in ln and "its studs form 2 separate pieces "
               "(studs that meet only at a corner do not join)" in ln for ln in lines), lines


@pytest.mark.parametrize("shape,how", [("####\n.#..\n####", ""), ("####\n..#.\n####", " mirrored")])
def test_a_copied_silhouette_names_the_card_as_printed(tmp_path: Path, shape: str,
                                                       how: str) -> None:
    bad = _card(tmp_path, "copy", 3, shape)
    lines = assert_clean_failure(run_pnp("validate", GAME, "--custom", bad), 1)
    assert any(f"has the silhouette of TR01{how} (the grey 3-point card marked TR01 at its "
               "foot, temples.yaml)" in ln for ln in lines), lines


def test_a_card_a_stud_from_another_is_a_warning_naming_both(tmp_path: Path) -> None:
    near = _card(tmp_path, "near", 3, "...###\n..###.\n####..")  # the old TR01
    result = run_pnp("validate", GAME, "--custom", near)
    assert result.returncode == 0, result.stderr
    hit = _said(result, "warning:", "temple near")
    assert len(hit) == 1 and hit[0].startswith(f"{near}:4: temples[0].shape: warning:")
    assert "is 1 stud from TR04 (the grey 3-point card marked TR04 at its foot, " \
           "temples.yaml)" in hit[0] and "differ by 2 studs or more" in hit[0]
    far = _card(tmp_path, "far", 3, "..#..\n.###.\n#####")
    assert not _said(run_pnp("validate", GAME, "--custom", far), "warning:", "stud from")
