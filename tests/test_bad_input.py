"""Broken content: one clear line with file, line and key; the right exit code; no
traceback; and output from an earlier build left exactly as it was."""

from pathlib import Path

import pytest
from conftest import assert_clean_failure, run_pnp

GAME = "temple-of-doom"


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def line_of(path: Path, needle: str) -> int:
    for n, line in enumerate(path.read_text().splitlines(), 1):
        if needle in line:
            return n
    raise AssertionError(needle)


@pytest.fixture()
def previous_output(tmp_path: Path, content_copy: Path) -> tuple[Path, dict[str, bytes]]:
    out = tmp_path / "out"
    result = run_pnp("build", GAME, "--content", content_copy, "--out", out)
    assert result.returncode == 0, result.stderr
    files = {p.name: p.read_bytes() for p in (out / GAME).iterdir()}
    return out, files


def build_fails(content: Path, out: Path, code: int) -> list[str]:
    lines = assert_clean_failure(run_pnp("build", GAME, "--content", content, "--out", out), code)
    return lines


def assert_untouched(out: Path, files: dict[str, bytes]) -> None:
    now = {p.name: p.read_bytes() for p in (out / GAME).iterdir()}
    assert now == files  # same files, same bytes, no temp files left behind


def test_malformed_yaml(content_copy: Path, previous_output) -> None:
    out, files = previous_output
    cards = content_copy / GAME / "cards.yaml"
    replace(cards, "- {id: G05, background: brown", "- {id: G05, background: [brown")
    lines = build_fails(content_copy, out, 2)
    assert any("cards.yaml:" in ln and "malformed YAML" in ln for ln in lines), lines
    assert f"cards.yaml:{line_of(cards, 'G05')}" in lines[0] or \
        f"cards.yaml:{line_of(cards, 'G05') + 1}" in lines[0], lines
    assert_untouched(out, files)


def test_unknown_key_suggests_the_right_one(content_copy: Path, previous_output) -> None:
    out, files = previous_output
    cards = content_copy / GAME / "cards.yaml"
    replace(cards, "{id: G07, background: green, value: 1, border: black",
            "{id: G07, background: green, value: 1, bordre: black")
    lines = build_fails(content_copy, out, 1)
    line = line_of(cards, "G07")
    assert any(f"cards.yaml:{line}: cards[" in ln and ".bordre: unknown key; did you mean 'border'?" in ln
               for ln in lines), lines
    assert_untouched(out, files)


def test_wrong_type(content_copy: Path, previous_output) -> None:
    out, files = previous_output
    cards = content_copy / GAME / "cards.yaml"
    replace(cards, "{id: G08, background: green, value: 1,", "{id: G08, background: green, value: one,")
    lines = build_fails(content_copy, out, 1)
    line = line_of(cards, "G08")
    assert any(f"cards.yaml:{line}:" in ln and ".value: must be a whole number (got 'one')" in ln
               for ln in lines), lines
    assert_untouched(out, files)


def test_value_outside_the_choices(content_copy: Path, previous_output) -> None:
    out, files = previous_output
    cards = content_copy / GAME / "cards.yaml"
    replace(cards, "{id: G09, background: green, value: 2, border: black",
            "{id: G09, background: green, value: 2, border: purple")
    lines = build_fails(content_copy, out, 1)
    assert any(".border: must be one of yellow, green, red, blue, white, black (got 'purple')" in ln
               for ln in lines), lines
    assert_untouched(out, files)


def test_missing_template(content_copy: Path, previous_output) -> None:
    out, files = previous_output
    game = content_copy / GAME / "game.yaml"
    replace(game, "back: tile-back.svg.j2", "back: tile-bakc.svg.j2")
    lines = build_fails(content_copy, out, 1)
    assert any("tile-bakc.svg.j2" in ln and "not found" in ln for ln in lines), lines
    v = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    line = line_of(game, "tile-bakc")
    assert any(f"game.yaml:{line}: components.tiles.back: template 'tile-bakc.svg.j2' not found" in ln
               for ln in v), v
    assert_untouched(out, files)


def test_count_that_breaks_an_expectation(content_copy: Path, previous_output) -> None:
    out, files = previous_output
    cards = content_copy / GAME / "cards.yaml"
    text = cards.read_text().splitlines()
    cards.write_text("\n".join(ln for ln in text if "id: G54" not in ln) + "\n")
    lines = build_fails(content_copy, out, 1)
    assert any("cards.yaml:" in ln and "cards in the game: expected 54, got 53" in ln
               and "Components used" in ln for ln in lines), lines
    assert any("cards per border colour: expected 9 per border, got blue 8" in ln for ln in lines)
    assert_untouched(out, files)


def test_swap_rule_broken_by_a_symbol_change(content_copy: Path) -> None:
    cards = content_copy / GAME / "cards.yaml"
    replace(cards, "{id: G52, background: green, value: 1, border: blue, symbol: arrow}",
            "{id: G52, background: green, value: 1, border: blue, symbol: drop}")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    assert any("fewest and most cards of one symbol in any deck after the swap: expected [3, 3], got [2, 4]"
               in ln for ln in lines), lines


def test_value_not_allowed_on_background(content_copy: Path) -> None:
    cards = content_copy / GAME / "cards.yaml"
    replace(cards, "{id: G13, background: brown, value: 4,", "{id: G13, background: brown, value: 2,")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    line = line_of(cards, "G13")
    assert any(f"cards.yaml:{line}:" in ln and "a brown card has value 4, 5, 6" in ln for ln in lines), lines


def test_duplicate_id(content_copy: Path) -> None:
    cards = content_copy / GAME / "cards.yaml"
    replace(cards, "{id: G14,", "{id: G13,")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    assert any("id 'G13' is used twice (first at" in ln for ln in lines), lines


def test_temple_rows_must_alternate(content_copy: Path) -> None:
    game = content_copy / GAME / "game.yaml"
    replace(game, "rows: [6, 5, 4, 5, 4, 3, 4, 3, 2]", "rows: [6, 5, 4, 5, 4, 3, 4, 3, 2, 2]")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    assert any("row 10 has 2 tiles after a row of 2" in ln for ln in lines), lines
    assert any("tiles used by the temple's rows: expected 36, got 38" in ln for ln in lines), lines


def test_empty_and_binary_files(content_copy: Path) -> None:
    cards = content_copy / GAME / "cards.yaml"
    cards.write_text("")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    assert any("cards.yaml:1: cards: the file must hold a list under 'cards:'" in ln for ln in lines), lines
    cards.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 2)
    assert "cards.yaml" in lines[0]


def test_missing_game_and_bad_options(tmp_path: Path) -> None:
    lines = assert_clean_failure(run_pnp("build", "temple-of-dom", "--out", tmp_path), 2)
    assert "did you mean 'temple-of-doom'" in lines[0]
    assert_clean_failure(run_pnp("build", GAME, "--paper", "a11", "--out", tmp_path), 2)
    assert_clean_failure(run_pnp("build", GAME, "--back-offset", "1", "--out", tmp_path), 2)
    assert_clean_failure(run_pnp("build", GAME, "--bleed", "lots", "--out", tmp_path), 2)
    for narrow in ("0", "4mm"):  # a tiled board's strip must hold its guide line and label
        lines = assert_clean_failure(run_pnp("build", GAME, "--overlap", narrow, "--out",
                                             tmp_path), 2)
        assert lines == [f"error: --overlap must be between 5 and 50mm (got {narrow})"], lines
    assert_clean_failure(run_pnp("build", GAME, "--flip", "sideways", "--out", tmp_path), 2)
    assert_clean_failure(run_pnp("build", GAME, "--lang", "de", "--out", tmp_path), 2)
    assert not (tmp_path / GAME).exists()
