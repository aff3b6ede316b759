"""What no template can print is refused where the user wrote it: a control character,
a text of more than 20,000 characters, a number of thousands of digits, each at its
file, line and key (exit 1), in validate and build alike, never blamed on a template."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import assert_clean_failure, run_pnp

CASES = [
    ('circles: {name: Circles,', 'circles: {name: "Cir\\x07cles",',
     "game.yaml:232: data.symbols.circles.name: holds a control character (U+0007)"),
    ('circles: {name: Circles,', 'circles: {name: "' + "C" * 20_001 + '",',
     "game.yaml:232: data.symbols.circles.name: too long: 20,001 characters, at most 20,000"),
    ('circles: {name: Circles, pips: 3}', 'circles: {name: Circles, pips: ' + "9" * 5000 + '}',
     "game.yaml:232: data.symbols.circles.pips: a number of 5,000 digits"),
]


@pytest.mark.parametrize(("old", "new", "said"), CASES, ids=["control", "long", "digits"])
def test_unprintable_values_are_the_contents_problem(content_copy: Path, tmp_path: Path,
                                                     old: str, new: str, said: str) -> None:
    game = content_copy / "temple-of-doom" / "game.yaml"
    text = game.read_text()
    assert old in text
    game.write_text(text.replace(old, new, 1))
    for command in ("validate", "build"):
        extra = ("--out", tmp_path / "out") if command == "build" else ()
        (line,) = assert_clean_failure(run_pnp(command, "temple-of-doom", "--content",
                                               content_copy, *extra), 1)
        assert said in line and "templates" not in line and len(line) < 300
