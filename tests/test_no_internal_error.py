"""No internal error for any input (issue 29): each content mutation and command line that
ended in exit 70 (or a traceback) now ends in one located line, and `pnp validate` and
`pnp build` agree on it: the same problem, exit 1 for content, exit 2 for input."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, edited_game, run_in_process, run_pnp

_copy, _run = edited_game, run_in_process


def _validate_and_build(content: Path, game: str, tmp_path: Path) -> tuple[list[str], list[str]]:
    """Both commands fail with exit 1 and name the same problems (the summaries aside)."""
    code, checked = _run(["validate", game, "--content", str(content), "--paper", "a4"])
    assert code == 1, (code, checked)
    code, built = _run(["build", game, "--content", str(content), "--paper", "a4",
                        "--out", str(tmp_path / "out")])
    assert code == 1, (code, built)
    assert not (tmp_path / "out" / game).exists()
    problems = [ln for ln in checked if not ln.startswith((f"{game}:", "  "))]
    assert problems, checked
    assert set(problems) <= set(built), (problems, built)
    return problems, built


# (id, game, file, old, new, what the problem line says: file:line: key: message)
CONTENT = [
    ("languages-empty", "temple-of-doom", "game.yaml", "languages: [en]", "languages: []",
     r"temple-of-doom/game\.yaml:11: languages: must not be empty"),
    ("back-empty", "temple-of-doom", "game.yaml", "    back: card-back.svg.j2",
     '    back: ""', r"game\.yaml:21: components\.cards\.back: must not be empty"),
    ("decks-unknown-background", "temple-of-doom", "game.yaml", "    relic: brown",
     "    relic: browm", r"game\.yaml:243: data\.decks\.relic: no background 'browm' "
     r"\(backgrounds: brown, pink, green\); did you mean 'brown'\?"),
    ("decks-number", "temple-of-doom", "game.yaml", "    relic: brown", "    relic: 5",
     r"game\.yaml:243: data\.decks\.relic: no background '5'"),
    ("backgrounds-empty", "temple-of-doom", "game.yaml",
     '    brown: {fill: "#74441f", panel: "#f3e6d6", ink: "#4a2c14", deck: Relic}\n'
     '    pink: {fill: "#f5b3cb", panel: "#fdf0f4", ink: "#7a2443", deck: Temple}\n'
     '    green: {fill: "#589a3f", panel: "#ecf6e5", ink: "#2a5418", deck: Movement}\n',
     "    {}\n", r"game\.yaml:218: data\.backgrounds: must not be empty"),
    ("background-renamed", "temple-of-doom", "game.yaml", "    pink: {fill:",
     "    rose: {fill:", r"game\.yaml:244: data\.decks\.temple: no background 'pink'"),
    ("owners-unknown-colour", "temple", "game.yaml", "owners: {A: sun, B: moon}",
     "owners: {A: sun, B: mon}", r"game\.yaml:66: data\.owners\.B: no colour 'mon' "
     r"\(colours: sun, moon\); did you mean 'moon'\?"),
    ("labels-key-missing", "temple-rush", "game.yaml", "      hammer: Marteau & burin\n", "",
     r"game\.yaml:178: data\.labels\.fr\.hammer: required key is missing"),
    ("labels-language-missing", "temple-rush", "game.yaml", "languages: [fr, en]",
     "languages: [fr, en, de]", r"game\.yaml:177: data\.labels: no texts for de"),
    ("border-choice-without-data", "temple-of-doom", "game.yaml",
     '    white: {fill: "#ffffff", ink: "#333333", name: "WHITE · ANY", mark: ring}\n', "",
     r"game\.yaml:222: data\.borders: no entry for white \(a choice of cards\.border"),
    ("stock-bad-length", "temple-rush", "game.yaml", '"1": 3}     # one player',
     '"x": 3}     # one player', r"game\.yaml:162: data\.stock\.x: must be one of 1, 2, 3, 4"),
    ("stock-negative", "temple-rush", "game.yaml", 'stock: {"4": 3,', 'stock: {"4": -3,',
     r"game\.yaml:162: data\.stock\.4: must be in 0\.\.100 \(got -3\)"),
    ("stock-empty", "temple-rush", "game.yaml", 'stock: {"4": 3, "3": 3, "2": 4, "1": 3}',
     "stock: {}", r"game\.yaml:162: data\.stock: must not be empty"),
    ("temple-without-city", "temple-trip", "temples.yaml", " city: Seattle,", "",
     r"temples\.yaml:5: temples\[0\]\.city: required on a TEMPLE card"),
    ("outline-point-short", "dice-trip", "maps/germany.yaml", "[[9.524, 47.524],",
     "[[9.524],", r"germany\.yaml:85: map\.outline\[0\]\[0\]: must hold exactly 2 entries "
     r"\(got 1\)"),
    ("outline-too-few-points", "dice-trip", "maps/germany.yaml", "    - [[9.524, 47.524],",
     "    - [[9.524, 47.524], [9.182, 47.671]]\n    - [[9.524, 47.524],",
     r"germany\.yaml:85: map\.outline\[0\]: must hold at least 3 entries \(got 2\)"),
    ("zone-tones-empty", "dice-trip", "game.yaml", 'zone_tones: ["#f2f6fb", "#cfe3c2", '
     '"#dcc4a0", "#e6dcee"]', "zone_tones: []",
     r"game\.yaml:95: data\.zone_tones: must not be empty"),
    ("map-100k", "dice-trip", "game.yaml", "  map: germany", "  map: " + "g" * 100_000,
     r"game\.yaml:64: data\.map: too long: 100,000 characters, at most 20,000 in any one value"),
    ("map-long", "dice-trip", "game.yaml", "  map: germany", "  map: " + "g" * 10_000,
     r"game\.yaml:64: data\.map: too long: 10000 characters, at most 200"),
    ("name-too-long", "temple", "game.yaml", "name: Temple", "name: " + "T" * 20_000,
     r"game\.yaml:6: name: too long: 20000 characters, at most 200"),
    ("card-text-too-long", "temple-of-doom", "reference.yaml", 'text: "Play every',
     'text: "' + "x" * 5_000 + " Play every", r"reference\.yaml:9: reference\[0\]\.sides\[0\]"
     r"\.points\[0\]\.text: too long: 50\d\d characters, at most 2000"),
]


@pytest.mark.parametrize("case", CONTENT, ids=[c[0] for c in CONTENT])
def test_content_mutation_is_a_located_problem(tmp_path: Path, case: tuple[str, ...]) -> None:
    _, game, file, old, new, said = case
    content = _copy(tmp_path, game, file, old, new)
    problems, _ = _validate_and_build(content, game, tmp_path)
    assert any(re.search(said, p) for p in problems), problems
    assert all(re.match(r"(error: )?\S+:\d+: \S+: ", p) for p in problems), problems


def test_a_number_for_salt_lake_citys_name_is_read_as_its_text(tmp_path: Path) -> None:
    """`name: 5` is text to the schema: the board is drawn with the name '5', so the cards
    that name Salt Lake City point at a city that is not there (before: TypeError)."""
    content = _copy(tmp_path, "temple-trip", "board.yaml", "name: Salt Lake City", "name: 5")
    problems, _ = _validate_and_build(content, "temple-trip", tmp_path)
    assert all(re.match(r"\S+assignments\.yaml:\d+: assignments\[\d+\]\.effect: names "
                        r"'Salt Lake City', which is not a city on the board", p)
               for p in problems), problems


# ---------------------------------------------------------------- command line


def test_map_option_of_5000_characters() -> None:
    for cmd in (["sheets", "dice-trip", "--count", "1"], ["validate", "dice-trip"]):
        result = run_pnp(*cmd, "--map", "m" * 5000)
        assert result.returncode == 2, result.stderr
        assert result.stderr.count("\n") == 1 and len(result.stderr) < 200, result.stderr
        assert "the name is too long: 5000 characters, at most 200" in result.stderr
    result = run_pnp("sheets", "dice-trip", "--count", "1", "--map", "/m" * 3000 + ".yaml")
    assert result.returncode == 2, result.stderr
    assert "the path is too long: 6005 characters, at most 4096" in result.stderr


@pytest.mark.parametrize("kind", ["file", "dangling link", "below a file"])
def test_new_content_that_is_not_a_folder(tmp_path: Path, kind: str) -> None:
    target = tmp_path / "afile"
    if kind == "dangling link":
        target.symlink_to(tmp_path / "nowhere")
        said = "is a link to"
    else:
        target.write_text("mine\n")
        said = "is a file, not a folder"
    given = target / "sub" if kind == "below a file" else target
    result = run_pnp("new", "my-game", "--content", given)
    assert result.returncode == 2, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and said in lines[0] and "afile" in lines[0], lines
    assert not (tmp_path / "nowhere").exists()
    if kind != "dangling link":
        assert target.read_text() == "mine\n"


def _pnp_with_stdout(args: list[str], stdout: int | None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=ROOT, stdout=stdout,
                          stderr=subprocess.PIPE, text=True, timeout=120)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("args", [["list"], ["list", "--format", "json"], ["--help"],
                                  ["validate", "temple", "--paper", "a4"]])
def test_stdout_on_a_full_disk(args: list[str]) -> None:
    with open("/dev/full", "w") as full:
        result = _pnp_with_stdout(args, full.fileno())
    assert result.returncode == 2, result.stderr
    assert result.stderr == "error: cannot write to standard output: No space left on device\n"


def test_stdout_closed() -> None:
    """`pnp list >&-`: said in one line (exit 2), nothing else; -q with nothing to print
    is not an error."""
    result = subprocess.run([sys.executable, "-m", "pnp", "list"], cwd=ROOT,
                            stderr=subprocess.PIPE, text=True, timeout=120,
                            pass_fds=(), preexec_fn=lambda: os.close(1))
    assert result.returncode == 2, result.stderr
    assert result.stderr == "error: cannot write to standard output: it is closed\n"
    result = subprocess.run([sys.executable, "-m", "pnp", "new", "--help"], cwd=ROOT,
                            stderr=subprocess.PIPE, text=True, timeout=120,
                            preexec_fn=lambda: os.close(1))
    assert "Traceback" not in result.stderr
