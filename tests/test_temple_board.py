"""The Temple board as played: pitch and stones, the start triangles, the direction marks
and texts facing each player; the board file's checks, each at its entry; another board
as one file."""

from __future__ import annotations

import math
import re
from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, assert_clean_failure, run_pnp

GAME = "temple"
SUN_LINE = (0x9a / 255, 0x6a / 255, 0.0)
MOON_LINE = (0x2f / 255, 0x4c / 255, 0x7a / 255)


@pytest.fixture(scope="module", params=["a4", "letter"])
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(f"temple-{request.param}")
    result = run_pnp("build", GAME, "--paper", request.param, "--out", out)
    assert result.returncode == 0, result.stderr
    return out / GAME


def _same(c: object, want: tuple[float, float, float]) -> bool:
    return isinstance(c, tuple) and len(c) == 3 and all(abs(a - b) < 0.01
                                                       for a, b in zip(c, want, strict=True))


def _turned_text(page: pdfplumber.page.Page) -> str:
    """The page's text turned to face the players at the ends, read as they read it."""
    columns: dict[tuple[int, bool], list[dict]] = {}
    for c in page.chars:
        if not c["upright"]:
            down = c["matrix"][1] < 0
            columns.setdefault((round(c["x0"]), down), []).append(c)
    lines = []
    for (_, down), chars in sorted(columns.items()):
        chars.sort(key=lambda c: c["top"] if down else -c["top"])
        lines.append("".join(c["text"] for c in chars))
    return "\n".join(lines)


def _circles(page: pdfplumber.page.Page, diameter_mm: float) -> list[dict]:
    return [c for c in page.curves if abs(c["width"] - diameter_mm * MM) < 0.2
            and abs(c["height"] - diameter_mm * MM) < 0.2]


def test_stones_keep_3mm_apart_at_the_board_pitch(built: Path) -> None:
    board = pdfplumber.open(built / "board.pdf").pages[0]
    fields = _circles(board, 14.4)
    assert len(fields) == 37  # 39 fields, the two Artemis fields drawn larger
    centres = [((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2) for c in fields]
    pitch = min(math.dist(a, b) for i, a in enumerate(centres) for b in centres[i + 1:]) / MM
    stones = pdfplumber.open(built / "stones.pdf").pages[0]
    cut = _circles(stones, 22)  # each stone's cut line
    assert cut and len(cut) % 9 == 0
    stone = cut[0]["width"] / MM
    assert pitch - stone >= 3, (pitch, stone)  # before: 23 mm pitch, 1 mm between stones
    if board.width > 290 * MM:  # A4
        assert pitch == pytest.approx(27, abs=0.1)


def test_start_triangles_mark_all_nine_fields(built: Path) -> None:
    board = pdfplumber.open(built / "board.pdf").pages[0]
    fields = _circles(board, 14.4)
    assert sum(_same(c["stroking_color"], SUN_LINE) for c in fields) == 8
    assert sum(_same(c["stroking_color"], MOON_LINE) for c in fields) == 8
    artemis = _circles(board, 20)
    assert sorted(_same(c["stroking_color"], SUN_LINE) for c in artemis) == [False, True]
    assert sorted(_same(c["stroking_color"], MOON_LINE) for c in artemis) == [False, True]
    text = _turned_text(board)
    assert text.count("your Artemis field included") == 2, text
    assert "in front of" not in text and "below" not in text


def test_moon_field_has_a_moon_and_sun_field_a_sun(built: Path) -> None:
    board = pdfplumber.open(built / "board.pdf").pages[0]
    artemis = {_same(c["stroking_color"], SUN_LINE): ((c["x0"] + c["x1"]) / 2,
                                                      (c["top"] + c["bottom"]) / 2)
               for c in _circles(board, 20)}

    def near(obj: dict, centre: tuple[float, float]) -> bool:
        return math.dist(((obj["x0"] + obj["x1"]) / 2, (obj["top"] + obj["bottom"]) / 2),
                         centre) < 8 * MM

    rays = [o for o in board.lines + board.curves if _same(o["stroking_color"], SUN_LINE)
            and o["width"] < 3 * MM and o["height"] < 3 * MM]
    assert sum(near(o, artemis[True]) for o in rays) == 8  # the Sun's field has a sun
    assert not any(near(o, artemis[False]) for o in rays)  # and the Moon's none
    moon_disc = [c for c in _circles(board, 12.6) if _same(c["non_stroking_color"], MOON_LINE)]
    assert len(moon_disc) == 1 and near(moon_disc[0], artemis[False])


def test_each_player_reads_their_own_texts_and_direction_marks(built: Path) -> None:
    board = pdfplumber.open(built / "board.pdf").pages[0]
    text = _turned_text(board)
    assert text.count("FORWARDS") == 2 and text.count("never back") == 2
    assert text.count("sideways") == 6  # twice on each compass, once in each goal line
    sun = [c for c in board.chars if c["size"] > 15 and c["x0"] < board.width / 2]
    moon = [c for c in board.chars if c["size"] > 15 and c["x0"] > board.width / 2]
    assert sun and moon
    assert not any(c["upright"] for c in sun + moon)  # turned to the players at the ends
    assert all(c["matrix"][1] * moon[0]["matrix"][1] < 0 for c in sun)  # facing opposite ways


def test_reference_card_is_readable_and_faithful(built: Path) -> None:
    pdf = pdfplumber.open(built / "reference.pdf")
    front, back = (p.extract_text().replace("\n", " ") for p in pdf.pages)
    assert "CLASSIC" in front and "CONVERT" in back
    for needed in ("may turn by 45°", "Leap of Faith", "the leaping stone leaves the game",
                   "forwards (straight or diagonal) or sideways, never back", "walk",
                   "leap, turn 45°, leap"):
        assert needed in front, needed
    for needed in ("Reaching the far Artemis field does not win", "3 stones or fewer",
                   "turn it over", "not even by a Leap of Faith"):
        assert needed in back, needed
    # what the rules leave open, settled and marked as pnp's: leaps never go back, and only a
    # stone that walks or leaps onto the far Artemis field teleports (no endless loop)
    assert "Which way to leap · pnp clarification" in front
    assert "a leap too goes forwards or sideways, never back" in front
    assert "Which stones teleport · pnp clarification" in back
    assert "Only a stone that walks or leaps onto the far Artemis field teleports" in back
    assert "set up there" in back and "stays until it moves" in back
    sizes = [c["size"] for p in pdf.pages for c in p.chars if c["top"] < p.height - 15 * MM
             and c["text"].strip()]
    body = [s for s in sizes if s > 7.2]
    assert min(body) >= 7 - 0.05 and len(body) > 0.8 * len(sizes)  # diagram labels 7 pt too


def edit(content: Path, old: str, new: str, name: str = "board.yaml") -> Path:
    path = content / GAME / name
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))
    return path


def line_of(path: Path, needle: str) -> int:
    return next(i for i, ln in enumerate(path.read_text().splitlines(), 1) if needle in ln)


def test_missing_symmetric_paths_are_reported_at_their_fields(content_copy: Path) -> None:
    board = edit(content_copy, "    - [r3c0, r3cp1]\n", "")
    edit(content_copy, "    - [r5cm1, r5c0]\n", "")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    errors = [ln for ln in lines if "no path joins them" in ln]
    assert len(errors) == 2, lines
    assert f"board.yaml:{line_of(board, '{id: r3c0,')}:" in errors[0]
    assert "add [r3c0, r3cp1] to paths" in errors[0]
    assert "add [r5cm1, r5c0] to paths" in errors[1]


def test_one_missing_path_is_one_error_naming_it(content_copy: Path) -> None:
    edit(content_copy, "    - [r3c0, r3cp1]\n", "")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    errors = [ln for ln in lines if "board.yaml" in ln]
    assert len(errors) == 1 and "fields r3c0 and r3cp1 are neighbours" in errors[0], lines


def test_no_path_states_an_exception_both_ways(content_copy: Path, tmp_path: Path) -> None:
    edit(content_copy, "    - [r3c0, r3cp1]\n", "")
    edit(content_copy, "    - [r5cm1, r5c0]\n", "")
    board = edit(content_copy, "  paths:\n", "  no_path:\n    - [r3c0, r3cp1]\n"
                 "    - [r5cm1, r5c0]\n  paths:\n")
    ok = run_pnp("validate", GAME, "--content", content_copy)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    board.write_text(board.read_text().replace("    - [r5cm1, r5c0]\n  paths:\n",
                                               "  paths:\n    - [r5cm1, r5c0]\n"))
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    entry = line_of(board, "    - [r3c0, r3cp1]")
    assert any(f"board.yaml:{entry}: board.no_path[0]: the board is not the same after a "
               "half turn: r3c0–r3cp1 has no twin in no_path" in ln for ln in lines), lines


def test_half_turn_and_reach_errors_point_at_the_entry(content_copy: Path) -> None:
    board = edit(content_copy, "{id: r2cm2, row: 2, col: -2, start: A}\n",
                 "{id: r2cm2, row: 2, col: -2, start: A}\n    - {id: r2cm9, row: 2, col: -9}\n")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    here = line_of(board, "{id: r2cm9,")
    assert any(f"board.yaml:{here}: board.fields[" in ln and "half turn" in ln
               for ln in lines), lines
    assert not any(re.search(r"board\.yaml:\d+: board\.(fields|paths): ", ln) for ln in lines)


def _diamond_board(rows: list[int]) -> str:
    """A board file of `rows` fields per row, every neighbour joined."""
    fields, top = [], len(rows) - 1
    for r, n in enumerate(rows):
        for c in range(-(n // 2), n // 2 + 1):
            side = "A" if r < 3 else "B" if r > top - 3 else None
            extra = (", artemis: " + side if r in (0, top) else "") + \
                (", start: " + side if side else "")
            fields.append((f"f{r}_{c + 5}", r, c, extra))
    cells = {(r, c): name for name, r, c, _ in fields}
    paths = [(cells[(r, c)], cells[(r + dr, c + dc)]) for (r, c) in cells
             for dr, dc in ((0, 1), (1, -1), (1, 0), (1, 1)) if (r + dr, c + dc) in cells]
    out = ["board:", "  fields:"]
    out += [f"    - {{id: {n}, row: {r}, col: {c}{e}}}" for n, r, c, e in fields]
    out += ["  paths:"] + [f"    - [{a}, {b}]" for a, b in paths]
    return "\n".join(out) + "\n"


def test_another_board_is_one_file(content_copy: Path, tmp_path: Path) -> None:
    (content_copy / GAME / "small.yaml").write_text(_diamond_board([1, 3, 5, 7, 5, 3, 1]))
    edit(content_copy, "  board: board.yaml", "  board: small.yaml", "game.yaml")
    ok = run_pnp("validate", GAME, "--content", content_copy)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert run_pnp("build", GAME, "--content", content_copy, "--out", tmp_path).returncode == 0
    board = pdfplumber.open(tmp_path / GAME / "board.pdf").pages[0]
    assert len(_circles(board, 14.4)) == 25 - 2


def test_stones_too_big_for_the_pitch(content_copy: Path) -> None:
    edit(content_copy, "size: 22mm", "size: 26mm", "game.yaml")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    assert any("neighbouring stones keep 3 mm apart on the board" in ln for ln in lines), lines
