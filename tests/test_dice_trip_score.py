"""Scoring filled Dice Trip sheets: every table and rule, each with its own case."""

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import FIXTURES, ROOT, assert_clean_failure, run_pnp

from pnp.pipeline.sheets import score_file

# A 20-city road on the Germany map (each city linked to the next), and the 5 others.
PATH = ["Kassel", "Münster", "Düsseldorf", "Köln", "Saarbrücken", "Freiburg im Breisgau",
        "Konstanz", "Stuttgart", "München", "Passau", "Nürnberg", "Würzburg", "Erfurt",
        "Leipzig", "Magdeburg", "Hannover", "Hamburg", "Kiel", "Schwerin", "Rostock"]
OTHERS = ["Berlin", "Bremen", "Chemnitz", "Dresden", "Frankfurt am Main"]
ALL = PATH + OTHERS
TRACKER = [10 * a + b for a in range(1, 7) for b in range(1, 7)]


def score(tmp_path: Path, cities: dict[str, Any], **top: Any) -> Any:
    path = tmp_path / "sheet.yaml"
    path.write_text(yaml.safe_dump({"map": "germany", **top, "cities": cities},
                                   allow_unicode=True, sort_keys=False))
    result, problems, _ = score_file(ROOT / "content", "dice-trip", path)
    assert result is not None, [p.format() for p in problems]
    return result


def crossed_except(filled: dict[str, Any]) -> dict[str, Any]:
    return {c: filled.get(c, "x") for c in ALL}


def test_rulebook_example_scores_27() -> None:
    result = run_pnp("score", "dice-trip", FIXTURES / "dice-trip" / "example-sheet.yaml",
                     "--format", "json")
    assert result.returncode == 0, result.stderr
    import json

    scores = json.loads(result.stdout)["scores"]
    assert scores == {"bonus": 9, "crossed": -5, "road": 20, "series": 3, "zones": 0,
                      "tens": 0, "total": 27}


@pytest.mark.parametrize("length,points", [(3, 0), (4, 2), (5, 3), (6, 4), (7, 6), (9, 6),
                                           (10, 9), (12, 9)])
def test_series_table(tmp_path: Path, length: int, points: int) -> None:
    filled = {PATH[i]: TRACKER[i] for i in range(length)}
    r = score(tmp_path, crossed_except(filled))
    assert len(r.details["series"]) == length
    assert r.parts["series"] == points


def test_series_runs_across_the_decade(tmp_path: Path) -> None:
    filled = dict(zip(PATH, [14, 15, 16, 21, 22], strict=False))  # 16 → 21 is consecutive
    r = score(tmp_path, crossed_except(filled))
    assert [c["number"] for c in r.details["series"]] == [14, 15, 16, 21, 22]
    assert r.parts["series"] == 3


def test_series_need_not_lie_on_the_road(tmp_path: Path) -> None:
    # road: 11 13 15 17? no: a long rising road without consecutive steps, and elsewhere 41-44
    filled = dict(zip(PATH[:6], [11, 13, 15, 21, 23, 25], strict=True))
    filled.update(zip(PATH[10:14], [41, 42, 43, 44], strict=True))
    r = score(tmp_path, crossed_except(filled))
    assert r.parts["road"] == 6 and r.parts["series"] == 2


def test_road_needs_rising_numbers_and_stops_at_a_cross(tmp_path: Path) -> None:
    filled = dict(zip(PATH[:8], [11, 12, 33, 34, 21, 22, 23, 24], strict=True))
    r = score(tmp_path, crossed_except(filled))
    assert [c["city"] for c in r.details["road"]] == PATH[4:8]  # 21 22 23 24 after a fall
    assert r.parts["road"] == 4
    filled = dict(zip(PATH[:8], range(11, 17), strict=False))
    filled[PATH[3]] = "x"  # a crossed city cuts the road in two
    r = score(tmp_path, crossed_except(filled))
    assert r.parts["road"] == 3


@pytest.mark.parametrize("clean,points", [(0, 0), (1, 4), (2, 7), (3, 9)])
def test_zone_table(tmp_path: Path, clean: int, points: int) -> None:
    from pnp.games.dice_trip.maps import load_map

    m = load_map(ROOT / "content" / "dice-trip" / "maps" / "germany.yaml", [])
    zones = {c.name: c.zone for c in m.spec.cities}
    dirty = ["NW", "NE", "S"][clean:]
    cities: dict[str, Any] = {}
    numbers = iter(TRACKER)
    crossed_zones = set()
    for c in ALL:
        if zones[c] in dirty and zones[c] not in crossed_zones:
            cities[c] = "x"
            crossed_zones.add(zones[c])
        else:
            cities[c] = next(numbers)
    r = score(tmp_path, cities)
    assert r.parts["zones"] == points
    assert r.parts["crossed"] == -(3 - clean)


def test_bonus_never_double(tmp_path: Path) -> None:
    cities = crossed_except({"Hamburg": {"number": 33, "die": "red"},  # double on its colour
                             "Köln": {"number": 24, "die": "blue"},    # its colour
                             "Dresden": {"number": 25, "die": "red"},  # wrong colour
                             "Kiel": 44})                              # double
    r = score(tmp_path, cities)
    assert r.parts["bonus"] == 3
    assert sorted(r.details["doubles"]) == ["Hamburg", "Kiel"]
    assert r.details["matching_dice"] == ["Köln"]


def test_crossed_out_cost_one_each(tmp_path: Path) -> None:
    r = score(tmp_path, crossed_except({PATH[0]: 12}))
    assert r.parts["crossed"] == -24


def test_tens_variant_counts_empty_coloured_cities(tmp_path: Path) -> None:
    # two cities a round along the road; decades 1..6 all present after round 3
    numbers = [11, 21, 31, 41, 51, 61] + [n for n in TRACKER if n % 10 != 1][:19]
    order = [c for c in ALL]
    cities = {c: {"number": numbers[i], "round": i // 2 + 1} for i, c in enumerate(order)}
    r = score(tmp_path, cities, variant="tens")
    from pnp.games.dice_trip.maps import load_map

    m = load_map(ROOT / "content" / "dice-trip" / "maps" / "germany.yaml", [])
    coloured = {c.name for c in m.spec.cities if c.colour}
    filled_by_round_3 = set(order[:6])
    assert r.parts["tens"] == len(coloured - filled_by_round_3)
    assert "round 3" in r.details["tens"]
    assert score(tmp_path, cities).parts["tens"] == 0  # variant not played


def sheet_lines(tmp_path: Path, text: str) -> list[str]:
    path = tmp_path / "bad.yaml"
    path.write_text(text)
    return assert_clean_failure(run_pnp("score", "dice-trip", path), 1)


def full(overrides: str = "", drop: str = "") -> str:
    lines = [f"  {c}: {TRACKER[i]}" for i, c in enumerate(ALL) if c != drop]
    return "map: germany\ncities:\n" + "\n".join(lines) + "\n" + overrides


def test_number_that_dice_cannot_make(tmp_path: Path) -> None:
    text = full().replace("  Kassel: 11", "  Kassel: 17")
    lines = sheet_lines(tmp_path, text)
    assert any("bad.yaml:3: cities.Kassel: 17 cannot be made from two dice" in ln for ln in lines), lines


def test_number_written_twice(tmp_path: Path) -> None:
    text = full().replace("  Münster: 12", "  Münster: 11")
    lines = sheet_lines(tmp_path, text)
    assert any("bad.yaml:4: cities.Münster: 11 is written twice (also in Kassel, line 3)" in ln
               for ln in lines), lines


def test_city_left_empty(tmp_path: Path) -> None:
    lines = sheet_lines(tmp_path, full(drop="Passau"))
    assert any("Passau is neither filled nor crossed out" in ln for ln in lines), lines


def test_unknown_city_and_key(tmp_path: Path) -> None:
    text = full().replace("  Kassel: 11", "  Kasel: 11").replace("map: germany", "map: germany\nvarient: tens")
    lines = sheet_lines(tmp_path, text)
    assert any("cities.Kasel: no city 'Kasel' on the germany map; did you mean 'Kassel'?" in ln
               for ln in lines), lines
    assert any("varient: unknown key; did you mean 'variant'?" in ln for ln in lines), lines


def test_too_many_numbers_in_a_round(tmp_path: Path) -> None:
    text = full()
    for c in ("Kassel", "Münster", "Düsseldorf"):
        i = ALL.index(c)
        text = text.replace(f"  {c}: {TRACKER[i]}", f"  {c}: {{number: {TRACKER[i]}, round: 4}}")
    lines = sheet_lines(tmp_path, text)
    assert any("bad.yaml:5: cities.Düsseldorf.round: round 4 has 3 cities" in ln
               and "at most 2 in a round" in ln for ln in lines), lines


def test_last_round_holds_one_number(tmp_path: Path) -> None:
    text = full()
    for c in ("Kassel", "Münster"):
        i = ALL.index(c)
        text = text.replace(f"  {c}: {TRACKER[i]}", f"  {c}: {{number: {TRACKER[i]}, round: 13}}")
    lines = sheet_lines(tmp_path, text)
    assert any("round 13 has 2 cities" in ln and "at most 1 in the last round" in ln
               for ln in lines), lines


def test_power_used_twice_and_unknown_power(tmp_path: Path) -> None:
    lines = sheet_lines(tmp_path, full("powers: [reroll, reroll, tripple]\n"))
    assert any("powers[1]: the reroll power can be used once a game" in ln for ln in lines), lines
    assert any("powers[2]: unknown power 'tripple'" in ln for ln in lines), lines


def test_wrong_die_and_round_values(tmp_path: Path) -> None:
    text = full().replace("  Kassel: 11", "  Kassel: {number: 11, die: purple, round: 14}")
    lines = sheet_lines(tmp_path, text)
    assert any("cities.Kassel.die: die must be one of red, blue, green, yellow (got 'purple')" in ln
               for ln in lines), lines
    assert any("cities.Kassel.round: round must be 1-13 (got 14)" in ln for ln in lines), lines


def test_unreadable_sheet(tmp_path: Path) -> None:
    lines = assert_clean_failure(run_pnp("score", "dice-trip", tmp_path / "none.yaml"), 2)
    assert "none.yaml: file not found" in lines[0]
    (tmp_path / "broken.yaml").write_text("cities: {Kiel: 11\n")
    lines = assert_clean_failure(run_pnp("score", "dice-trip", tmp_path / "broken.yaml"), 2)
    assert "broken.yaml:2: malformed YAML" in lines[0]


def test_filled_sheet_pdf(tmp_path: Path) -> None:
    import pdfplumber

    out = tmp_path / "filled.pdf"
    result = run_pnp("score", "dice-trip", FIXTURES / "dice-trip" / "example-sheet.yaml", "--pdf", out)
    assert result.returncode == 0, result.stderr
    page = pdfplumber.open(out).pages[0]
    words = {w["text"] for w in page.extract_words()}
    assert {"27", "Example", "54", "61"} <= words


# -- where the rules are open: the readings pnp applies, said with every score ----------

def test_the_readings_are_printed_with_the_score(tmp_path: Path) -> None:
    sheet = FIXTURES / "dice-trip" / "example-sheet.yaml"
    result = run_pnp("score", "dice-trip", sheet)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "Readings where the rules leave it open:" in out
    assert "one of the two dice of its number has the city's colour" in out
    assert "the series need not lie on the longest road" in out
    assert "tens variant" not in out.split("Readings")[1]  # not played: not said
    tens = tmp_path / "tens.yaml"
    tens.write_text(sheet.read_text().replace("name: Example", "name: Example\nvariant: tens"))
    data = json.loads(run_pnp("score", "dice-trip", tens, "--format", "json").stdout)
    readings = " | ".join(data["readings"])
    assert "after both numbers of the round that brings the sixth group of tens" in readings
    assert "a crossed-out coloured city is not empty" in readings


def test_a_variant_the_sheet_cannot_score_is_a_warning(tmp_path: Path) -> None:
    """variant: tens without rounds used to score 0 silently."""
    sheet = FIXTURES / "dice-trip" / "example-sheet.yaml"
    path = tmp_path / "sheet.yaml"
    path.write_text(sheet.read_text().replace("name: Example", "name: Example\nvariant: tens"))
    line = next(n for n, ln in enumerate(path.read_text().splitlines(), 1)
                if ln.startswith("variant:"))
    result = run_pnp("score", "dice-trip", path)
    assert result.returncode == 0, result.stderr
    warning = [ln for ln in result.stderr.splitlines() if "warning" in ln]
    assert len(warning) == 1, result.stderr
    assert warning[0].startswith(f"{path}:{line}: variant: warning: the tens variant cannot be "
                                 "scored from this sheet: 25 of 25 cities have no round")
    assert re.search(r"tens variant\s+0\s+not scored", result.stdout), result.stdout
    # some rounds given, not all: still a warning, naming how many lack one
    text = path.read_text().replace("  Kassel: 11", "  Kassel: {number: 11, round: 1}")
    path.write_text(text)
    result = run_pnp("score", "dice-trip", path, "--format", "json")
    assert result.returncode == 0 and "24 of 25 cities have no round" in result.stderr
    assert json.loads(result.stdout)["scores"]["tens"] == 0


def _rounds(rows: list[list[tuple[str, Any]]]) -> dict[str, Any]:
    return {c: {"number": n, "round": r} for r, row in enumerate(rows, 1) for c, n in row}


def test_tens_counted_after_both_numbers_and_crossed_cities_are_not_empty(
        tmp_path: Path) -> None:
    """Six groups of tens complete in round 4 with Freiburg's 61; Stuttgart (green) is
    written in the same round, Dresden (blue) was crossed out in round 2. Empty coloured
    cities after round 4: Hamburg, Hannover, Leipzig, Nürnberg, München = 5 (6 if the
    count came between the two numbers of round 4, or if a crossed city were empty)."""
    rows = [[("Kassel", 11), ("Münster", 21)], [("Düsseldorf", 31), ("Dresden", "x")],
            [("Köln", 41), ("Saarbrücken", 51)], [("Freiburg im Breisgau", 61),
                                                  ("Stuttgart", 12)]]
    used = {11, 21, 31, 41, 51, 61, 12}
    rest = [c for c in ALL if c not in {c for row in rows for c, _ in row}]
    free = iter(n for n in TRACKER if n not in used)
    pairs = [rest[i:i + 2] for i in range(0, len(rest), 2)]
    rows += [[(c, next(free)) for c in pair] for pair in pairs]
    assert len(rows) == 13 and len(rows[-1]) == 1
    r = score(tmp_path, _rounds(rows), variant="tens")
    assert r.parts["tens"] == 5, r.details["tens"]
    assert "round 4" in r.details["tens"]
    assert "Stuttgart" not in r.details["tens"] and "Dresden" not in r.details["tens"]


# A custom map in a filled sheet's `map:`: a path from the sheet's folder, or its name.
CORPUS = ROOT / "tests" / "fixtures" / "dice-trip-maps"


def poland_sheet(folder: Path, map_value: str) -> Path:
    """A finished sheet of the corpus's Poland map: every city filled, one crossed out."""
    cities = yaml.safe_load((CORPUS / "poland.yaml").read_text(encoding="utf-8"))["map"]["cities"]
    filled: dict[str, Any] = {c["name"]: TRACKER[i] for i, c in enumerate(cities)}
    filled["Poznań"] = "x"
    sheet = folder / "sheet.yaml"
    sheet.write_text(yaml.safe_dump({"map": map_value, "name": "Ann", "cities": filled},
                                    allow_unicode=True, sort_keys=False), encoding="utf-8")
    return sheet


def test_a_custom_map_by_path_from_the_sheets_folder(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps" / "poland.yaml").write_bytes((CORPUS / "poland.yaml").read_bytes())
    sheet = poland_sheet(tmp_path, "maps/poland.yaml")
    result = run_pnp("score", "dice-trip", sheet, "--format", "json")  # run from elsewhere
    assert result.returncode == 0, result.stderr
    scored = json.loads(result.stdout)
    assert scored["map"] == "poland" and scored["details"]["crossed_out"] == ["Poznań"]
    assert scored["scores"]["crossed"] == -1


def test_a_custom_map_by_name_beside_the_sheet(tmp_path: Path) -> None:
    (tmp_path / "poland.yaml").write_bytes((CORPUS / "poland.yaml").read_bytes())
    result = run_pnp("score", "dice-trip", poland_sheet(tmp_path, "poland"))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("Dice Trip score for Ann (map: poland)")


def test_an_unknown_map_names_the_maps_and_says_a_path_works(tmp_path: Path) -> None:
    sheet = poland_sheet(tmp_path, "polnd")
    lines = assert_clean_failure(run_pnp("score", "dice-trip", sheet), 1)
    assert lines[0].startswith(f"{sheet}:1: map: unknown map 'polnd' (the game's maps: "
                               "france, germany)"), lines
    assert "write its file's path from this sheet's folder (map: my-country.yaml)" in lines[0]


@pytest.mark.parametrize("how", ["parent", "link", "absolute"])
def test_a_sheets_map_path_stays_in_the_sheets_folder(tmp_path: Path, how: str) -> None:
    (tmp_path / "poland.yaml").write_bytes((CORPUS / "poland.yaml").read_bytes())
    folder = tmp_path / "sheets"
    folder.mkdir()
    value = {"parent": "../poland.yaml", "absolute": str(tmp_path / "poland.yaml"),
             "link": "linked.yaml"}[how]
    if how == "link":
        (folder / "linked.yaml").symlink_to(tmp_path / "poland.yaml")
    lines = assert_clean_failure(run_pnp("score", "dice-trip", poland_sheet(folder, value)), 1)
    assert lines[0].startswith(f"{folder / 'sheet.yaml'}:1: map: map file '{value}'"), lines
    assert "not from the root" in lines[0] if how == "absolute" else \
        "leads outside the sheet's folder" in lines[0]
