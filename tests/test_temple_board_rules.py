"""Temple: a custom board judged by every rule a board must meet. For each rule a board
that keeps it (validate passes) and one that breaks it (a true error at the line of the key
it names); and a small fuzz over content/temple/board.yaml's keys, checking that every
message's line is the entry the message is about."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, assert_clean_failure, run_pnp

GAME = "temple"
NEIGHBOURS = ((0, 1), (1, -1), (1, 0), (1, 1))


def fid(r: int, c: int) -> str:
    return f"r{r}c{c}".replace("-", "m")


def board(spans: list[tuple[int, int]], *, goal_col: int = 0,
          start: dict[str, set[tuple[int, int]]] | None = None,
          drop: set[tuple[int, int]] = frozenset(), no_path: list[tuple] = (),
          extra: dict[tuple[int, int], str] | None = None) -> str:
    """A board file: row r holds cols spans[r][0]..spans[r][1]; Artemis A at row 0 and B
    at the last row (col ±goal_col); start areas the triangles unless `start` says."""
    top = len(spans) - 1
    cells = [(r, c) for r, (lo, hi) in enumerate(spans) for c in range(lo, hi + 1)
             if (r, c) not in drop]
    goals = {"A": (0, goal_col), "B": (top, -goal_col)}
    if start is None:
        start = {side: {(g[0] + d * k, g[1] + j) for k in range(3) for j in range(-k, k + 1)}
                 for (side, g), d in zip(goals.items(), (1, -1), strict=True)}
    out = ["board:", "  fields:"]
    for r, c in cells:
        keys = "".join(f", artemis: {s}" for s, g in goals.items() if g == (r, c))
        keys += "".join(f", start: {s}" for s, area in start.items() if (r, c) in area)
        keys += (extra or {}).get((r, c), "")
        out.append(f"    - {{id: {fid(r, c)}, row: {r}, col: {c}{keys}}}")
    unjoined = {frozenset(p) for p in no_path}
    pairs = [((r, c), (r + dr, c + dc)) for r, c in cells for dr, dc in NEIGHBOURS
             if (r + dr, c + dc) in cells]
    if unjoined:
        out.append("  no_path:")
        out += [f"    - [{fid(*a)}, {fid(*b)}]" for a, b in pairs if frozenset((a, b)) in unjoined]
    out.append("  paths:")
    out += [f"    - [{fid(*a)}, {fid(*b)}]" for a, b in pairs if frozenset((a, b)) not in unjoined]
    return "\n".join(out) + "\n"


DIAMOND = [(-k, k) for k in (0, 1, 2, 3, 2, 1, 0)]
SHORT = [(0, 0), (-1, 1), (-2, 2), (-3, 3), (-3, 3), (-2, 2), (-1, 1), (0, 0)]
OFFSET = [(1, 1), (0, 2), (-1, 3), (-3, 3), (-3, 1), (-2, 0), (-1, -1)]  # goals at col ±1
SQUARE = [(-1, 1)] * 6  # 3 fields a row: a 3 x 3 start area is no triangle
SQUARE_START = {"A": {(r, c) for r in range(3) for c in (-1, 0, 1)},
                "B": {(r, c) for r in range(3, 6) for c in (-1, 0, 1)}}
WIDE = [(-2, 2), (-2, 2), (-2, 2), (-2, 2), (-2, 2), (-2, 2)]
UPSIDE_DOWN = {"A": {(0, c) for c in range(-2, 3)} | {(1, c) for c in (-1, 0, 1)} | {(2, 0)},
               "B": {(5, c) for c in range(-2, 3)} | {(4, c) for c in (-1, 0, 1)} | {(3, 0)}}


def validate(tmp_path: Path, text: str, data: tuple[str, str] | None = None):
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / GAME, content / GAME)
    (content / GAME / "custom.yaml").write_text(text)
    game = content / GAME / "game.yaml"
    yaml = game.read_text().replace("  board: board.yaml", "  board: custom.yaml")
    game.write_text(yaml.replace(*data, 1) if data else yaml)
    return run_pnp("validate", GAME, "--content", content), content / GAME / "custom.yaml"


PASSING = {
    "diamond": board(DIAMOND),
    "a shorter temple": board(SHORT),
    "Artemis fields off the axis": board(OFFSET, goal_col=1),
    "neighbours left unjoined both ways (no_path)":
        board(DIAMOND, no_path=[((3, 0), (3, 1)), ((3, -1), (3, 0))]),
}


@pytest.mark.parametrize("name", PASSING)
def test_a_board_keeping_every_rule_passes(tmp_path: Path, name: str) -> None:
    result, _ = validate(tmp_path, PASSING[name])
    assert result.returncode == 0, result.stdout + result.stderr


# rule: (board, message part, the line the error must point at, game.yaml edit)
FAILING = {
    "2 Artemis fields (GOAL)": (
        board(DIAMOND).replace(", artemis: B", ""),
        "the board needs 2 Artemis fields, A and B (GOAL); it has 1: add `artemis: B` to r6c0",
        "{id: r6c0,", None),
    "one Artemis field a player": (
        board(DIAMOND, extra={(3, 0): ", artemis: A"}),
        "r3c0 is a second A (the first is r0c0): remove `artemis: A` here", "{id: r3c0,", None),
    "Artemis fields at opposite ends (GOAL)": (
        board(DIAMOND).replace("row: 0, col: 0, artemis: A", "row: 0, col: 0").replace(
            "{id: r1c0, row: 1, col: 0,", "{id: r1c0, row: 1, col: 0, artemis: A,"),
        "the Artemis fields must be on opposite sides: the first and the last row (GOAL); r1c0 "
        "is on row 1: mark a field on row 0 instead", "{id: r1c0,", None),
    "a start area is a triangle, not a square (PREPARATION)": (
        board(SQUARE, start=SQUARE_START),
        "field r0cm1 (row 0, col -1) is marked `start: A` but lies outside start triangle A",
        "{id: r0cm1,", None),
    "the triangle widens from the Artemis field (PREPARATION)": (
        board(WIDE, start=UPSIDE_DOWN),
        "field r0cm2 (row 0, col -2) is marked `start: A` but lies outside start triangle A",
        "{id: r0cm2,", None),
    "every field of the triangle exists (PREPARATION)": (
        board(SQUARE, start=SQUARE_START),
        "start triangle A needs a field at row 2, col -2: add one (PREPARATION: the 9 stones "
        "fill the triangle from Artemis field r0c0, 1, 3, 5 fields on rows 0–2)",
        "{id: r0c0,", None),
    "every field of the triangle is a start field (PREPARATION)": (
        board(DIAMOND).replace("{id: r2cm2, row: 2, col: -2, start: A}",
                               "{id: r2cm2, row: 2, col: -2}"),
        "start region A has 8 fields; each player places 9 stones: field r2cm2 (row 2, col -2) "
        "lies in start triangle A but is not marked: give it `start: A`", "{id: r2cm2,", None),
    "two triangles of 3 lines need 6 rows (PREPARATION)": (
        board([(0, 0), (-1, 1), (-2, 2), (-1, 1), (0, 0)],
              start={"A": {(0, 0), (1, -1), (1, 0), (1, 1)} | {(2, c) for c in range(-2, 3)},
                     "B": {(4, 0), (3, -1), (3, 0), (3, 1)}}),
        "the board has 5 rows: the two start triangles of 3 lines each need 6",
        "{id: r4c0,", None),
    "9 stones fill a triangle of 3 lines (PREPARATION)": (
        board(DIAMOND), "data.stones_per_player: a start triangle of 3 lines holds 9 stones",
        None, ("stones_per_player: 9", "stones_per_player: 8")),
    "paths join neighbouring fields (GAMEPLAY: 45-degree turns)": (
        board(DIAMOND).replace("  paths:\n", "  paths:\n    - [r0c0, r2c0]\n"),
        "path r0c0–r2c0 does not join neighbouring fields (r0c0 is at row 0, col 0; r2c0 at "
        "row 2, col 0)", "    - [r0c0, r2c0]", None),
    "neighbours are joined (or listed in no_path)": (
        board(DIAMOND).replace("    - [r3c0, r3c1]\n", "").replace("    - [r3cm1, r3c0]\n", ""),
        "fields r3cm1 and r3c0 are neighbours but no path joins them", "{id: r3cm1,", None),
    "the same board after a half turn": (
        board(DIAMOND, drop={(3, 3)}),
        "field r3cm3 (row 3, col -3) has no matching field at row 3, col 3", "{id: r3cm3,",
        None),
    "every field is reachable": (
        board(DIAMOND, no_path=[((2, -2), (3, -3)), ((3, -3), (3, -2)), ((3, -3), (4, -2)),
                                ((2, 2), (3, 3)), ((3, 2), (3, 3)), ((3, 3), (4, 2))]),
        "no path reaches r3c3, r3cm3", "{id: r3cm3,", None),
    "one field a grid point": (
        board(DIAMOND).replace("{id: r3c1, row: 3, col: 1}", "{id: r3c1, row: 3, col: 0}"),
        "two fields at row 3, col 0: r3c0 and r3c1", "{id: r3c1, row: 3, col: 0}", None),
}


@pytest.mark.parametrize("rule", FAILING)
def test_a_board_breaking_a_rule_is_refused_at_its_entry(tmp_path: Path, rule: str) -> None:
    text, message, needle, data = FAILING[rule]
    result, path = validate(tmp_path, text, data)
    lines = assert_clean_failure(result, 1)
    hits = [ln for ln in lines if message in ln]
    assert hits, lines
    if needle is not None:
        row = next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if needle in ln)
        assert f"custom.yaml:{row}: " in hits[0], (hits[0], needle)


# A small fuzz over board.yaml's keys: each edit breaks one key of one entry.
FUZZ = [
    ("{id: r1c0, row: 1", "{id: r1cm1, row: 1"),
    ("{id: r4c0, row: 4, col: 0}", "{id: r4c0, row: 4, col: 7}"),
    ("{id: r4cp1, row: 4, col: 1}", "{id: r4cp1, row: 4, col: 0}"),
    ("{id: r4c0, row: 4, col: 0}", "{id: r4c0, row: 4, col: 0, artemis: A}"),
    ("row: 0, col: 0, artemis: A, start: A}", "row: 0, col: 0, start: A}"),
    ("{id: r8c0, row: 8, col: 0, artemis: B", "{id: r8c0, row: 8, col: 0"),
    ("{id: r0c0, row: 0, col: 0, artemis: A, start: A}\n    - {id: r1cm1, row: 1, col: -1, "
     "start: A}\n    - {id: r1c0, row: 1, col: 0, start: A}",
     "{id: r0c0, row: 0, col: 0, start: A}\n    - {id: r1cm1, row: 1, col: -1, start: A}\n"
     "    - {id: r1c0, row: 1, col: 0, artemis: A, start: A}"),
    ("{id: r1c0, row: 1, col: 0, start: A}", "{id: r1c0, row: 1, col: 0}"),
    ("{id: r7c0, row: 7, col: 0, start: B}", "{id: r7c0, row: 7, col: 0}"),
    ("{id: r3c0, row: 3, col: 0}", "{id: r3c0, row: 3, col: 0, start: A}"),
    ("{id: r6cp2, row: 6, col: 2, start: B}", "{id: r6cp2, row: 6, col: 2, start: A}"),
    ("    - [r4c0, r4cp1]", "    - [r4c0, r4cpx]"),
    ("    - [r4c0, r4cp1]", "    - [r4c0, r4cp2]"),
    ("    - [r4c0, r4cp1]\n", ""),
    ("    - [r4c0, r4cp1]\n", "    - [r4c0, r4cp1]\n    - [r4cp1, r4c0]\n"),
    ("  paths:\n", "  no_path:\n    - [r4c0, r4cp1]\n  paths:\n"),
]
LABEL = re.compile(r"board\.yaml:(\d+): board\.(fields|paths|no_path)\[(\d+)\]")


def _entries(text: str, section: str) -> list[int]:
    """The line number of each entry of `board.<section>`."""
    lines, rows, inside = text.splitlines(), [], False
    for i, ln in enumerate(lines, 1):
        if ln.startswith("  ") and not ln.startswith("    "):
            inside = ln.strip() == f"{section}:"
        elif inside and ln.startswith("    - "):
            rows.append(i)
    return rows


@pytest.mark.parametrize("old,new", FUZZ)
def test_every_board_message_points_at_the_entry_it_is_about(content_copy: Path, old: str,
                                                             new: str) -> None:
    path = content_copy / GAME / "board.yaml"
    text = path.read_text()
    assert old in text, old
    text = text.replace(old, new, 1)
    path.write_text(text)
    errors = [ln for ln in assert_clean_failure(run_pnp("validate", GAME, "--content",
                                                        content_copy), 1) if "board.yaml" in ln]
    assert errors
    lines = text.splitlines()
    cells = {(int(m[1]), int(m[2])) for m in re.finditer(r"row: (-?\d+), col: (-?\d+)", text)}
    for error in errors:
        found = LABEL.search(error)
        assert found, f"names no entry: {error}"
        line, section, index = int(found[1]), found[2], int(found[3])
        assert _entries(text, section)[index] == line, error
        here = lines[line - 1]
        names = re.findall(r"r\d+c\w+", here)
        assert any(n in error.split(": ", 2)[2] for n in names), (error, here)
        key = re.match(r"\.(\w+)", error[found.end():])
        if key and section == "fields":
            assert f"{key[1]}:" in here, (error, here)
        for r, c in re.findall(r"no matching field at row (-?\d+), col (-?\d+)", error):
            assert (int(r), int(c)) not in cells, f"false: {error}"


def test_the_outline_follows_a_board_off_the_axis(tmp_path: Path) -> None:
    """Each field of a custom board lies inside the temple's drawn outline, also where
    its rows are not centred on col 0."""
    pdfplumber = pytest.importorskip("pdfplumber")
    result, _ = validate(tmp_path, board(OFFSET, goal_col=1))
    assert result.returncode == 0, result.stderr
    built = run_pnp("build", GAME, "--content", tmp_path / "content", "--out", tmp_path / "out")
    assert built.returncode == 0, built.stderr
    page = pdfplumber.open(tmp_path / "out" / GAME / "board.pdf").pages[0]
    fill = (0xec / 255, 0xe2 / 255, 0xc8 / 255)
    outline = next(c for c in page.curves if isinstance(c["non_stroking_color"], tuple)
                   and all(abs(a - b) < 0.01 for a, b in zip(c["non_stroking_color"], fill,
                                                            strict=True)))
    polygon = outline["pts"]

    def inside(x: float, y: float) -> bool:  # even-odd ray casting
        hit = False
        for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                hit = not hit
        return hit

    fields = [c for c in page.curves if abs(c["width"] - c["height"]) < 0.1
              and 14 * 72 / 25.4 < c["width"] < 21 * 72 / 25.4]
    assert len(fields) == 25
    outside = [(round(c["x0"]), round(c["top"])) for c in fields
               if not inside((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2)]
    assert not outside, outside  # before: the outline was centred on col 0, 6 fields outside
