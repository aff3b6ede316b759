"""Dice Trip's new inputs (issue 14) refused with one line naming file, line and key:
zone letters, die letters, die colours, the sheet's new texts."""

from __future__ import annotations

import shutil
from pathlib import Path

from conftest import GERMANY, ROOT, assert_clean_failure, edited_map, run_pnp


def line_of(path: Path, needle: str) -> int:
    return next(n for n, ln in enumerate(path.read_text().splitlines(), 1) if needle in ln)


def my_map(tmp_path: Path, old: str, new: str) -> Path:
    return edited_map(tmp_path / "mine.yaml", old, new)


def my_game(tmp_path: Path, old: str, new: str) -> Path:
    """A copy of the Dice Trip folder with game.yaml changed; returns the content dir."""
    root = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "dice-trip", root / "dice-trip")
    game = root / "dice-trip" / "game.yaml"
    text = game.read_text()
    assert old in text, old
    game.write_text(text.replace(old, new, 1))
    return root


def test_zone_letters_for_a_zone_the_map_has_not(tmp_path: Path) -> None:
    path = my_map(tmp_path, 'zone_letters: {NE: {en: NE, de: "NO"}}',
                  'zone_letters: {NE: {en: NE, de: "NO"}, SW: SW}')
    lines = assert_clean_failure(run_pnp("validate", "dice-trip", "--map", path), 1)
    n = line_of(path, "zone_letters")
    assert any(ln.startswith(f"{path}:{n}: map.zone_letters.SW: no zone 'SW'") and
               "did you mean 'S'" in ln for ln in lines), lines


def test_zone_letters_of_the_wrong_kind(tmp_path: Path) -> None:
    path = my_map(tmp_path, 'zone_letters: {NE: {en: NE, de: "NO"}}',
                  "zone_letters: {NE: [1, 2]}")
    lines = assert_clean_failure(run_pnp("validate", "dice-trip", "--map", path), 1)
    n = line_of(path, "zone_letters")
    assert any(ln.startswith(f"{path}:{n}: map.zone_letters.NE: must be") for ln in lines), lines


def test_a_die_colour_the_game_cannot_print(tmp_path: Path) -> None:
    text = GERMANY.read_text().replace("dice: [red, blue, green, yellow]",
                                       "dice: [red, blue, green, purple]", 1)
    path = tmp_path / "mine.yaml"
    path.write_text(text.replace("colour: yellow}", "colour: purple}"))
    lines = assert_clean_failure(run_pnp("validate", "dice-trip", "--map", path), 1)
    n = line_of(path, "dice: [")
    assert any(ln.startswith(f"{path}:{n}: map.dice[3]: no printed colour for die 'purple'")
               for ln in lines), lines


def test_die_letters_must_differ(tmp_path: Path) -> None:
    root = my_game(tmp_path, "die_letters: {red: R, blue: B, green: Gn, yellow: Ge}",
                   "die_letters: {red: R, blue: B, green: G, yellow: G}")
    lines = assert_clean_failure(run_pnp("validate", "dice-trip", "--content", root), 1)
    game = root / "dice-trip" / "game.yaml"
    n = line_of(game, "die_letters: {red: R, blue: B, green: G, yellow: G}")
    assert any(ln.startswith(f"{game}:{n}: data.labels.de.die_letters: the dice of map ")
               and "need letters of their own (R, B, G, G)" in ln for ln in lines), lines


def test_the_dice_line_is_required_in_every_language(tmp_path: Path) -> None:
    old = '      dice_line: "Ihr braucht'
    root = my_game(tmp_path, old, '      dice_lines: "Ihr braucht')
    lines = assert_clean_failure(run_pnp("validate", "dice-trip", "--content", root), 1)
    game = root / "dice-trip" / "game.yaml"
    n = line_of(game, "dice_lines:")
    assert any(ln.startswith(f"{game}:{n}: data.labels.de.dice_lines: unknown key; did you "
                             "mean 'dice_line'?") for ln in lines), lines
    assert any("data.labels.de.dice_line: required key is missing" in ln for ln in lines), lines


def test_markup_and_braces_in_the_dice_line_print_as_typed(tmp_path: Path) -> None:
    import pdfplumber

    root = my_game(tmp_path, 'dice_line: "You need {n} six-sided dice (d6): {dice}.',
                   'dice_line: "<b>&amp; {0.__class__} {n} dice: {dice}.')
    out = tmp_path / "pad.pdf"
    result = run_pnp("sheets", "dice-trip", "--count", "1", "--content", root, "--out", out)
    assert result.returncode == 0, result.stderr
    text = pdfplumber.open(out).pages[0].extract_text().replace("\n", " ")
    assert "<b>&amp; {0.__class__} 4 dice: red (R)" in text


def test_a_map_is_judged_on_the_papers_being_printed() -> None:
    """validate --paper a4 and `sheets --paper a4` judge the map in A4's boxes only: a map
    of a wide country was refused for US Letter's two-up sheet (89.7 mm wide) on A4."""
    from pnp.games.dice_trip.rules import printed_map_boxes
    from pnp.load.content import load_game

    game = load_game(ROOT / "content" / "dice-trip", [])
    assert game is not None
    every = printed_map_boxes(game)
    assert (89.7, 129.8) in every and len(every) == 4  # A4 and Letter, one and two a page
    game.options["papers"] = ["a4"]
    assert printed_map_boxes(game) == [(160.0, 213.7), (98.5, 123.9)]
    game.options["per_page"] = 1  # `pnp sheets --per-page 1`
    assert printed_map_boxes(game) == [(160.0, 213.7)]
