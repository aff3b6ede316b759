"""Temple: the board as data and its checks, with broken boards; stones; reference card."""

from pathlib import Path

import pdfplumber
from conftest import SEEDS, assert_clean_failure, run_pnp

GAME = "temple"


def test_shipped_board_and_rules_document(tmp_path: Path) -> None:
    result = run_pnp("validate", GAME, "--rules-doc", SEEDS / "001_837ee81bce943979.txt")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "3 of 3 with a phrase confirmed" in result.stdout
    out = tmp_path / "out"
    assert run_pnp("build", GAME, "--out", out).returncode == 0
    board = pdfplumber.open(out / GAME / "board.pdf").pages[0]
    text = "".join(c["text"] for c in board.chars)
    assert board.width > board.height and text.count("TEMPLE") == 2
    stones = pdfplumber.open(out / GAME / "stones.pdf")
    assert len(stones.pages) == 2  # fronts, then the other colour behind each
    ref = pdfplumber.open(out / GAME / "reference.pdf").pages
    assert "CLASSIC" in ref[0].extract_text() and "Leap" in ref[0].extract_text()
    assert "CONVERT" in ref[1].extract_text()


def edit(content: Path, old: str, new: str) -> None:
    board = content / GAME / "board.yaml"
    text = board.read_text()
    assert old in text, old
    board.write_text(text.replace(old, new, 1))


def errors(content: Path) -> list[str]:
    return assert_clean_failure(run_pnp("validate", GAME, "--content", content), 1)


def test_two_artemis_fields(content_copy: Path) -> None:
    edit(content_copy, "{id: r8c0, row: 8, col: 0, artemis: B, start: B}",
         "{id: r8c0, row: 8, col: 0, start: B}")
    assert any("the board needs 2 Artemis fields, A and B (GOAL); it has 1" in ln
               for ln in errors(content_copy))


def test_artemis_on_opposite_sides(content_copy: Path) -> None:
    edit(content_copy, "{id: r8c0, row: 8, col: 0, artemis: B, start: B}",
         "{id: r8c0, row: 8, col: 0, start: B}")
    edit(content_copy, "{id: r4c0, row: 4, col: 0}", "{id: r4c0, row: 4, col: 0, artemis: B}")
    lines = errors(content_copy)
    assert any("the Artemis fields must be on opposite sides" in ln for ln in lines), lines


def test_start_region_of_nine_in_three_lines(content_copy: Path) -> None:
    edit(content_copy, "{id: r2cm2, row: 2, col: -2, start: A}", "{id: r2cm2, row: 2, col: -2}")
    lines = errors(content_copy)
    assert any("start region A has 8 fields; each player places 9 stones: field r2cm2 (row 2, "
               "col -2) lies in start triangle A but is not marked: give it `start: A`" in ln
               for ln in lines), lines
    assert len(lines) == 1, lines  # the half turn is not broken: the start area is


def test_paths_join_neighbours(content_copy: Path) -> None:
    edit(content_copy, "  paths:\n", "  paths:\n    - [r0c0, r2c0]\n")
    lines = errors(content_copy)
    assert any("board.yaml:" in ln and "path r0c0–r2c0 does not join neighbouring fields" in ln
               for ln in lines), lines


def test_unknown_field_on_a_path(content_copy: Path) -> None:
    edit(content_copy, "  paths:\n", "  paths:\n    - [r0c0, r9c9]\n")
    assert any("no field 'r9c9'" in ln for ln in errors(content_copy))


def test_every_field_reachable(content_copy: Path) -> None:
    board = content_copy / GAME / "board.yaml"
    lines = board.read_text().splitlines()
    kept = [ln for ln in lines if not (ln.startswith("    - [") and ("r4cm3" in ln or "r4cp3" in ln))]
    board.write_text("\n".join(kept) + "\n")
    assert any("no path reaches r4cm3, r4cp3" in ln for ln in errors(content_copy))


def test_stones_per_colour(content_copy: Path) -> None:
    stones = content_copy / GAME / "stones.yaml"
    stones.write_text(stones.read_text().replace("colour: moon, copies: 9", "colour: moon, copies: 8"))
    lines = errors(content_copy)
    assert any("stones per player: expected 9 per colour, got moon 8" in ln for ln in lines), lines


def test_reference_card_text_must_fit(content_copy: Path) -> None:
    ref = content_copy / GAME / "reference.yaml"
    ref.write_text(ref.read_text().replace('or fewer."', 'or fewer. ' + "More words. " * 60 + '"'))
    lines = errors(content_copy)
    entry = next(i for i, ln in enumerate(ref.read_text().splitlines(), 1) if "- id: ref-1" in ln)
    assert any(f"reference.yaml:{entry}: reference[0]: " in ln and ("the card's text runs" in ln
               or "does not fit" in ln) for ln in lines), lines
