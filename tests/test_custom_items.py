"""Your own cards, temples and maps: each is checked on its own, lands where it should,
and a problem with it names your file, never a shipped one. The README's examples run
exactly as written."""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import ROOT, assert_clean_failure, run_pnp

README = (ROOT / "README.md").read_text()


def readme_examples() -> tuple[dict[str, str], list[str]]:
    """The README's custom files (yaml blocks opening with `# name.yaml`) and the
    commands that use them (sh blocks right after)."""
    files, commands = {}, []
    section = README.split("### Your own cards, temples and maps", 1)[1].split("\n### ", 1)[0]
    for lang, body in re.findall(r"```(\w+)\n(.*?)```", section, re.S):
        first = body.splitlines()[0]
        if lang == "yaml" and first.startswith("# ") and first.endswith(".yaml"):
            files[first[2:]] = body
        elif lang == "sh":
            commands += [ln.split("#")[0].strip() for ln in body.splitlines() if ln.strip()]
    return files, commands


def test_the_readme_examples_work_as_written(tmp_path: Path) -> None:
    files, commands = readme_examples()
    assert set(files) >= {"my-cards.yaml", "my-temples.yaml", "provo.yaml", "thunder-bay.yaml"}
    assert len(commands) >= 8
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    for command in commands:
        args = shlex.split(command)
        if args[0] == "cp":
            (tmp_path / args[2]).write_text((ROOT / args[1]).read_text())
            continue
        assert args[0] == "pnp", command
        result = subprocess.run([sys.executable, "-m", "pnp", *args[1:]], cwd=tmp_path,
                                capture_output=True, text=True, timeout=300)
        assert result.returncode == 0, (command, result.stderr[-2000:])
        assert not [ln for ln in result.stderr.splitlines()
                    if ln.strip() and "known gap" not in ln], (command, result.stderr)
    manifest = json.loads((tmp_path / "output" / "temple-of-doom" / "manifest.json").read_text())
    cards = next(f for f in manifest["files"] if f["path"] == "cards.pdf")
    assert cards["items"] == 54
    assert cards["custom"] == [{"id": "my-1", "file": "my-cards.yaml", "replaces": "G45"}]
    trip = json.loads((tmp_path / "output" / "temple-trip" / "manifest.json").read_text())
    temples = next(f for f in trip["files"] if f["path"] == "temples.pdf")
    assert temples["items"] == 66 and len(temples["custom"]) == 2


# -- Temple of Doom: an addition, or a swap ----------------------------------------------

CARD = "cards:\n  - {id: my-1, background: green, value: 2, border: red, symbol: drop}\n"


def test_an_added_card_prints_and_says_what_it_does_to_the_counts(tmp_path: Path) -> None:
    """A card added without `replaces` makes a 55-card game and a 19-card Movement deck:
    it prints, and one warning at the user's card names every count the rules state that
    it changes, and how to swap instead."""
    custom = tmp_path / "mine.yaml"
    custom.write_text(CARD)
    result = run_pnp("build", "temple-of-doom", "--custom", custom, "--out", tmp_path / "o")
    assert result.returncode == 0, result.stderr
    files = json.loads((tmp_path / "o" / "temple-of-doom" / "manifest.json").read_text())["files"]
    assert next(f for f in files if f["path"] == "cards.pdf")["items"] == 55
    warnings = [ln for ln in result.stderr.splitlines() if ": warning: " in ln]
    assert len(warnings) == 1, result.stderr
    line = warnings[0]
    assert line.startswith(f"{custom}:2: cards[0]: warning: with your items (1 added)")
    for said in ("'cards in the game' (the game: 54; printed: 55", "(the game: 18; printed: 19",
                 "printed: [18, 18, 19]", "Movement deck: 4 Drop (", "`replaces: ID`"):
        assert said in line, (said, line)


def test_an_added_temple_is_counted_once_and_a_swap_like_for_like_is_quiet(
        tmp_path: Path) -> None:
    custom = tmp_path / "mine.yaml"
    custom.write_text("temples:\n  - id: mine\n    points: 4\n    shape: |\n      .##.\n"
                      "      ####\n      ####\n      .##.\n")
    result = run_pnp("validate", "temple-rush", "--custom", custom)
    assert result.returncode == 0, result.stderr
    warnings = [ln for ln in result.stderr.splitlines() if ": warning: " in ln]
    assert len(warnings) == 1 and "'temple cards' (the game: 32; printed: 33" in warnings[0] \
        and "(the game: 4: 8; printed: 4: 9;" in warnings[0], result.stderr
    quiet = run_pnp("validate", "temple-rush", "--custom", custom, "--replace", "TR16")
    assert quiet.returncode == 0
    assert not [ln for ln in quiet.stderr.splitlines() if ": warning: " in ln], quiet.stderr


def test_replacing_a_card_prints_the_custom_one_in_its_place(tmp_path: Path) -> None:
    import pdfplumber

    custom = tmp_path / "mine.yaml"
    custom.write_text(CARD.replace("symbol: drop}", "symbol: drop, replaces: G07}").replace(
        "border: red", "border: black").replace("value: 2", "value: 1"))
    result = run_pnp("build", "temple-of-doom", "--custom", custom, "--out", tmp_path / "o")
    assert result.returncode == 0, result.stderr
    pdf = pdfplumber.open(tmp_path / "o" / "temple-of-doom" / "cards.pdf")
    first = pdf.pages[0].extract_text()
    assert "Drop · 1" in first  # G07 (green black drop 1) stood 7th on page 1: so does mine
    files = json.loads((tmp_path / "o" / "temple-of-doom" / "manifest.json").read_text())["files"]
    assert next(f for f in files if f["path"] == "cards.pdf")["items"] == 54


def test_a_swap_that_changes_a_count_is_a_warning_at_the_users_file(tmp_path: Path) -> None:
    custom = tmp_path / "mine.yaml"
    custom.write_text(CARD)
    result = run_pnp("validate", "temple-of-doom", "--custom", custom, "--replace", "G03")
    assert result.returncode == 0, result.stderr
    warnings = [ln for ln in result.stderr.splitlines() if "known gap" not in ln]
    assert warnings and all(ln.startswith(f"{custom}:2: cards[0].replaces: warning:")
                            for ln in warnings), warnings
    assert any("'pink cards" in ln and "the game: 18; printed: 17" in ln for ln in warnings)


def test_a_swap_that_breaks_a_computed_rule_says_what_it_does(tmp_path: Path) -> None:
    """A rule the game computes (`check:`, here three cards of each symbol in every deck
    after the setup swap) is measured again on the deck as printed: a drop in G45's place
    (circles) leaves the Movement deck with 4 drops and 2 circles, and that is said."""
    custom = tmp_path / "mine.yaml"
    custom.write_text("cards:\n  - {id: my-1, background: green, value: 2, border: red, "
                      "symbol: drop}\n")
    result = run_pnp("validate", "temple-of-doom", "--custom", custom, "--replace", "G45")
    assert result.returncode == 0, result.stderr
    warnings = [ln for ln in result.stderr.splitlines() if "known gap" not in ln]
    assert any(ln.startswith(f"{custom}:2: cards[0].replaces: warning:")
               and "Movement deck: 4 Drop (" in ln and "my-1), 2 Circles" in ln
               and "the game: [3, 3]; printed: [2, 4]" in ln for ln in warnings), warnings
    same = tmp_path / "same.yaml"  # circles for circles: the rule still holds, nothing said
    same.write_text(custom.read_text().replace("symbol: drop", "symbol: circles"))
    quiet = run_pnp("validate", "temple-of-doom", "--custom", same, "--replace", "G45")
    assert quiet.returncode == 0
    assert not [ln for ln in quiet.stderr.splitlines() if "known gap" not in ln]


def test_replacing_what_does_not_exist(tmp_path: Path) -> None:
    custom = tmp_path / "mine.yaml"
    custom.write_text(CARD.replace("symbol: drop}", "symbol: drop, replaces: G99}"))
    lines = assert_clean_failure(run_pnp("validate", "temple-of-doom", "--custom", custom), 1)
    assert lines[0].startswith(f"{custom}:2: cards[0].replaces: there is no cards card 'G99'")
    assert not any("content/temple-of-doom" in ln for ln in lines), lines
    assert_clean_failure(run_pnp("build", "temple-of-doom", "--replace", "G03",
                                 "--out", tmp_path / "o"), 2)


def test_a_bad_custom_card_blames_only_its_own_file(tmp_path: Path) -> None:
    custom = tmp_path / "mine.yaml"
    custom.write_text("cards:\n  - {id: my-1, background: green, value: 5, border: red, "
                      "symbol: drop}\n  - {id: G01, background: pink, value: 1, border: "
                      "black, symbol: drop}\n")
    lines = assert_clean_failure(run_pnp("validate", "temple-of-doom", "--custom", custom), 1)
    assert lines[:-1] and all(ln.startswith(str(custom)) for ln in lines[:-1]), lines
    assert any("a green card has value 1, 2" in ln for ln in lines)
    assert any("id 'G01' is used twice" in ln for ln in lines)


# -- Temple Rush: shapes as written ------------------------------------------------------

def temples_file(tmp_path: Path, shape: str, points: int = 4, extra: str = "") -> Path:
    path = tmp_path / "mine.yaml"
    body = "\n".join("      " + row for row in shape.split("\n"))
    path.write_text(f"temples:\n  - id: mine\n    points: {points}\n{extra}    shape: |\n{body}\n")
    return path


def test_a_blank_line_inside_a_shape_is_an_error_at_its_line(tmp_path: Path) -> None:
    custom = tmp_path / "mine.yaml"
    custom.write_text("temples:\n  - id: mine\n    points: 4\n    shape: |\n      .##.\n\n"
                      "      ####\n")
    lines = assert_clean_failure(run_pnp("validate", "temple-rush", "--custom", custom), 1)
    assert lines[0].startswith(f"{custom}:6: temples[0].shape: temple mine: a blank line "
                               "inside the shape"), lines


def test_other_characters_are_errors_at_their_line(tmp_path: Path) -> None:
    custom = temples_file(tmp_path, ".##.\n#o##\n####")
    lines = assert_clean_failure(run_pnp("validate", "temple-rush", "--custom", custom), 1)
    assert lines[0].startswith(f"{custom}:6: temples[0].shape: temple mine: the shape uses "
                               "only '#' and '.', not 'o'"), lines


def test_empty_columns_are_trimmed_so_the_drawing_is_centred() -> None:
    from pnp.games.temple_rush.solver import read_shape

    rows, errors = read_shape("...##..\n..####.\n..####.")
    assert not errors and rows == [".##.", "####", "####"]


@pytest.mark.parametrize("shape,how", [
    ("####\n.#..\n####", ""),                   # TR01 as shipped
    ("..####\n...#..\n..####", ""),             # shifted
    ("####\n..#.\n####", " mirrored"),          # mirrored
])
def test_another_cards_silhouette_is_refused(tmp_path: Path, shape: str, how: str) -> None:
    custom = temples_file(tmp_path, shape, points=3)
    lines = assert_clean_failure(run_pnp("validate", "temple-rush", "--custom", custom), 1)
    assert any(f"has the silhouette of TR01{how} (the grey 3-point card marked TR01 at its "
               "foot, temples.yaml)" in ln and str(custom) in ln
               for ln in lines), lines


def test_a_sound_custom_temple_validates_and_prints(tmp_path: Path) -> None:
    custom = temples_file(tmp_path, "..#..\n.###.\n#####", points=4)
    result = run_pnp("build", "temple-rush", "--custom", custom, "--out", tmp_path / "o")
    assert result.returncode == 0, result.stderr
    files = json.loads((tmp_path / "o" / "temple-rush" / "manifest.json").read_text())["files"]
    temples = next(f for f in files if f["path"] == "temples.pdf")
    assert temples["items"] == 33 and temples["custom"][0]["id"] == "mine"


def test_the_solver_is_bounded() -> None:
    from pnp.games.temple_rush.solver import solve

    start = time.monotonic()
    huge = solve(["#" * 5000], 13)
    assert "5000 studs" in huge.reason
    assert solve(["#" * 8] * 4, 8).bricks is None
    hard = solve([".#.##....##.", "#######.###.", "#######..#.#"], 11)
    assert hard.bricks is not None or "too large to prove" in hard.reason or hard.reason
    assert time.monotonic() - start < 3.0  # three shapes, each under a second


# -- Temple Trip: where a new city lands -------------------------------------------------

def temple_file(tmp_path: Path, name: str, lat: float, lon: float, country: str = "USA",
                travel: str = "road", state: str = "XX") -> Path:
    path = tmp_path / f"{name.lower().replace(' ', '-')}.yaml"
    path.write_text(f"temple: {name} Temple\ncity: {name}\nstate: '{state}'\n"
                    f"country: {country}\nregion: Hills & Plains\ntravel: {travel}\n"
                    f"lat: {lat}\nlon: {lon}\n")
    return path


@pytest.mark.parametrize("name,lat,lon,country,said", [
    ("Kona", 19.64, -155.99, "USA", "lies in the Hawaii inset: Hawaii is reached by flight only"),
    ("Fairbanks", 64.84, -147.72, "USA", "lies in the Alaska inset"),
    ("Mexico City", 19.43, -99.13, "Mexico", "is outside the board: the map shows 24°N to 55°N"),
])
def test_a_new_city_that_cannot_be_drawn(tmp_path: Path, name: str, lat: float, lon: float,
                                         country: str, said: str) -> None:
    custom = temple_file(tmp_path, name, lat, lon, country)
    lines = assert_clean_failure(run_pnp("validate", "temple-trip", "--custom", custom,
                                         "--paper", "a4"), 1)
    assert any(ln.startswith(f"{custom}:7: lat: ") and said in ln for ln in lines), lines
    assert not any("content/temple-trip" in ln for ln in lines), lines


def test_a_new_canadian_city_gets_its_border_post_and_moves_no_one() -> None:
    import tempfile

    from pnp.games.temple_trip import data as tt
    from pnp.load.content import load_game

    shipped = load_game(ROOT / "content" / "temple-trip", [])
    before = {n: c.pos for n, c in tt.board(shipped).cities.items()}
    with tempfile.TemporaryDirectory() as d:
        custom = temple_file(Path(d), "Thunder Bay", 48.38, -89.25, "Canada", state="ON")
        problems: list = []
        game = load_game(ROOT / "content" / "temple-trip", problems, [custom])
        assert game is not None and not problems
        from pnp.check.expectations import check_game

        assert [p for p in check_game(game) if p.severity == "error"] == []
        b = tt.board(game)
    roads = [r for r in b.roads if "Thunder Bay" in (r.a, r.b)]
    assert len(roads) == 1 and roads[0].border  # into Canada from the USA: a Border Post
    assert {n: c.pos for n, c in b.cities.items() if n in before} == before


# -- Dice Trip: a map of your own --------------------------------------------------------

def test_a_road_through_another_citys_circle(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    text = (ROOT / "content" / "dice-trip" / "maps" / "germany.yaml").read_text()
    mine.write_text(text.replace("  roads:\n", "  roads:\n    - [Magdeburg, Chemnitz]\n", 1))
    lines = assert_clean_failure(run_pnp("validate", "dice-trip", "--map", mine), 1)
    assert any(ln.startswith(f"{mine}:") and "road Magdeburg–Chemnitz runs through Leipzig's "
               "circle" in ln for ln in lines), lines


def test_a_broken_map_blames_only_its_own_file(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    text = (ROOT / "content" / "dice-trip" / "maps" / "germany.yaml").read_text()
    mine.write_text("\n".join(ln for ln in text.splitlines() if "name: Passau" not in ln) + "\n")
    lines = assert_clean_failure(run_pnp("validate", "dice-trip", "--map", mine), 1)
    problems = lines[:-1] if lines[-1].startswith("dice-trip:") else lines
    assert problems and all(ln.startswith(str(mine)) for ln in problems
                            if not ln.startswith("  ")), lines
