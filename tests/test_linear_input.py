"""Work linear in the size of the input, and output a person can read: thousands of bad
entries are found at once and printed as a capped list, a long name is shortened by
bisection, a long value in a message shows its start and its length (issue 29)."""

from __future__ import annotations

import json
import random
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import run_pnp
from typer.testing import CliRunner

from pnp.base import fonts
from pnp.base.errors import Problem
from pnp.cli import app
from pnp.draw import furniture

RUNNER = CliRunner()
BAD_ENTRIES = 3000
PER_ENTRY = 5  # background, value, symbol, border missing, an unknown key


def bad_cards(path: Path, n: int = BAD_ENTRIES) -> Path:
    """A custom Temple of Doom file of `n` cards, each with five problems."""
    path.write_text("cards:\n" + "".join(
        f"  - {{id: X{i}, background: purple, value: 99, symbol: star, extra{i % 7}: 1}}\n"
        for i in range(n)))
    return path


class _TooMany(Exception):
    pass


@pytest.fixture()
def counted_comparisons(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Problem comparisons, counted; far more than a linear number stops the run at once
    (a scan of the list for each of 15,000 problems makes some 100 million)."""
    count = [0]
    compare = Problem.__eq__

    def eq(self: Problem, other: object) -> bool:
        count[0] += 1
        if count[0] > 10 * BAD_ENTRIES * PER_ENTRY:
            raise _TooMany(f"over {count[0]} Problem comparisons")
        return compare(self, other)

    monkeypatch.setattr(Problem, "__eq__", eq)
    yield count


def test_validate_of_thousands_of_bad_entries_is_linear(
        tmp_path: Path, counted_comparisons: list[int]) -> None:
    custom = bad_cards(tmp_path / "bad.yaml")
    result = RUNNER.invoke(app, ["validate", "temple-of-doom", "--custom", str(custom),
                                 "--format", "json"])
    if isinstance(result.exception, _TooMany):
        pytest.fail(str(result.exception))
    assert result.exit_code == 1, result.output
    problems = json.loads(result.stdout)["games"][0]["problems"]
    assert len(problems) == BAD_ENTRIES * PER_ENTRY  # JSON lists every one
    assert counted_comparisons[0] <= 2 * len(problems)


def test_printed_problems_are_capped_and_counted(tmp_path: Path) -> None:
    """15,000 problems print as 200 lines, a line saying how many more, and a summary
    that counts them all; validate and build alike, in bounded time."""
    custom = bad_cards(tmp_path / "bad.yaml")
    started = time.monotonic()
    result = run_pnp("validate", "temple-of-doom", "--custom", custom)
    assert time.monotonic() - started < 30  # 54.5 s before the fix (issue 29)
    assert result.returncode == 1
    lines = result.stderr.splitlines()
    assert len(lines) == 201, lines[-3:]
    assert lines[-1] == ("... and 14,800 more problems (pnp validate temple-of-doom "
                         "--format json, with the same options, lists them all)")
    assert "temple-of-doom: 15000 error(s)" in result.stdout

    built = run_pnp("build", "temple-of-doom", "--custom", custom, "--out", tmp_path / "o")
    assert built.returncode == 1
    lines = built.stderr.splitlines()
    assert len(lines) == 202
    assert lines[-2].startswith("... and 14,800 more problems (pnp validate temple-of-doom ")
    assert lines[-1] == "15000 error(s); nothing was built"
    assert not (tmp_path / "o" / "temple-of-doom").exists()


def slow_shorten(text: str, width: float, size: float) -> str:
    """shorten as it was before issue 29: the result the fast one must give."""
    if fonts.string_width(text, size) <= width:
        return text
    parts = text.split(" · ")
    while len(parts) > 1:
        parts.pop()
        trial = " · ".join(parts) + " …"
        if fonts.string_width(trial, size) <= width:
            return trial
    while text and fonts.string_width(text + "…", size) > width:
        text = text[:-1]
    return text + "…" if text else ""


@pytest.mark.parametrize("name", ["Temple of Doom " * 1334,  # 20,010 characters
                                  " · ".join(["part"] * 4000)], ids=["letters", "parts"])
def test_shorten_of_a_20000_character_name_measures_it_a_few_times(
        monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """A long name is measured some 2 log2(n) times (20,000 times before), and the
    result is the slow way's, for it and for 1,500 random names."""
    calls = [0]
    measure = fonts.string_width

    def counted(text: str, size: float, bold: bool = False) -> float:
        calls[0] += 1
        assert calls[0] <= 40, "shorten measures the text once per dropped letter"
        return measure(text, size, bold)

    monkeypatch.setattr(fonts, "string_width", counted)
    short = furniture.shorten(name, 400.0, 6.0)
    monkeypatch.setattr(fonts, "string_width", measure)
    assert short == slow_shorten(name[:400], 400.0, 6.0)  # 400 letters: far more than fit
    assert fonts.string_width(short, 6.0) <= 400.0

    rng = random.Random(29)
    letters = "abcdefgh ijkWM·.–é漢\u0301"
    for _ in range(1500):
        text = " · ".join("".join(rng.choice(letters) for _ in range(rng.randint(0, 25)))
                          for _ in range(rng.randint(0, 5)))
        width, size = rng.uniform(-5, 250), rng.choice([5.5, 6.0, 9.0])
        assert furniture.shorten(text, width, size) == slow_shorten(text, width, size), (
            text, width, size)


def test_a_long_value_in_a_message_shows_its_start_and_length(tmp_path: Path) -> None:
    custom = tmp_path / "long.yaml"
    custom.write_text("cards:\n  - {id: L1, background: pink, border: black, symbol: drop, "
                      f"value: {'9' * 1500}}}\n")
    lines = RUNNER.invoke(app, ["validate", "temple-of-doom", "--custom", str(custom)]
                          ).stderr.splitlines()
    (line,) = [x for x in lines if "cards[0].value" in x]
    assert line.endswith(f"must be in 1..6 (got {'9' * 60}… (1,500 characters))")


def test_a_long_key_in_a_message_shows_its_start_and_length(tmp_path: Path) -> None:
    custom = tmp_path / "key.yaml"
    custom.write_text("cards:\n  - {id: L1, background: pink, value: 1, border: black, "
                      f"symbol: drop, {'k' * 1000}: 1}}\n")  # YAML's longest plain key
    result = RUNNER.invoke(app, ["validate", "temple-of-doom", "--custom", str(custom)])
    assert result.exit_code == 1
    (line,) = [x for x in result.stderr.splitlines() if "unknown key" in x]
    assert len(line) < 300
    assert "… (1,009 characters): unknown key" in line


def test_a_printed_line_is_never_endless() -> None:
    """The last guard: a long value any message echoes (here a --paper of 20,000
    letters) is cut to its start and end, with the count of what was left out."""
    result = RUNNER.invoke(app, ["validate", "temple-of-doom", "--paper", "x" * 20000])
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert len(line) <= 1000
    assert line.startswith("error: --paper: ")
    assert "characters left out]…" in line


def test_the_parser_and_watch_clip_a_long_value_they_quote(tmp_path: Path) -> None:
    """A 5,000-character option value is quoted by the parser's usage error and by
    watch's round line: each printed line stays within 1,000 characters."""
    from conftest import run_pnp

    long = "x" * 5000
    for args in (("list", "--format", long),
                 ("watch", "temple", "--once", "--out", tmp_path / "o", "--custom", long)):
        result = run_pnp(*args, cwd=tmp_path)
        assert result.returncode == 2, result.stderr
        lines = result.stderr.splitlines()
        assert lines and max(map(len, lines)) <= 1000 and "left out" in result.stderr
