"""Dice Trip maps and score-sheet pads, opened and measured."""

import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import GERMANY, MM, ROOT, TOD_RULES, assert_clean_failure, edited_map, run_pnp

DT_RULES = TOD_RULES.parent / "002_ff6c56b6d174625b.txt"


def test_shipped_maps_pass_every_check() -> None:
    for name in ("germany", "france"):
        result = run_pnp("validate", "dice-trip", "--map", name)
        assert result.returncode == 0, result.stderr
    result = run_pnp("validate", "dice-trip", "--rules-doc", DT_RULES)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "14 of 14 with a phrase confirmed" in result.stdout


def broken_map(tmp_path: Path, old: str, new: str) -> Path:
    return edited_map(tmp_path / "my-map.yaml", old, new)


def map_errors(path: Path) -> list[str]:
    return assert_clean_failure(run_pnp("validate", "dice-trip", "--map", path), 1)


def line_of(path: Path, needle: str) -> int:
    return next(n for n, ln in enumerate(path.read_text().splitlines(), 1) if needle in ln)


def test_map_needs_25_cities(tmp_path: Path) -> None:
    path = broken_map(tmp_path, "    - {name: Kiel, lat: 54.32, lon: 10.14, zone: NW}\n", "")
    lines = map_errors(path)
    assert any("a map has 25 cities, this one 24" in ln for ln in lines), lines
    assert any("no city 'Kiel' on this map" in ln for ln in lines), lines


def test_zone_sizes(tmp_path: Path) -> None:
    path = broken_map(tmp_path, "{name: Kassel, lat: 51.31, lon: 9.5, zone: NW}",
                      "{name: Kassel, lat: 51.31, lon: 9.5, zone: NE}")
    lines = map_errors(path)
    assert any("zones must hold 8/8/9 cities, got 7/9/9" in ln for ln in lines), lines


def test_two_cities_per_die_colour(tmp_path: Path) -> None:
    path = broken_map(tmp_path, "zone: NW, colour: yellow}", "zone: NW, colour: red}")
    lines = map_errors(path)
    assert any("2 cities per die colour, red has 3" in ln for ln in lines), lines
    assert any("2 cities per die colour, yellow has 1" in ln for ln in lines), lines


def test_road_to_a_missing_city(tmp_path: Path) -> None:
    path = broken_map(tmp_path, "    - [Berlin, Dresden]", "    - [Berlin, Dresdn]")
    lines = map_errors(path)
    n = line_of(path, "Dresdn")
    assert any(f"my-map.yaml:{n}: map.roads[0][1]: no city 'Dresdn' on this map; did you mean "
               "'Dresden'?" in ln for ln in lines), lines


def test_crossing_roads(tmp_path: Path) -> None:
    path = broken_map(tmp_path, "    - [Berlin, Dresden]", "    - [Berlin, Dresden]\n    - [Kiel, Berlin]")
    lines = map_errors(path)
    assert any("road Kiel–Berlin crosses road" in ln for ln in lines), lines


def test_disconnected_roads(tmp_path: Path) -> None:
    text = GERMANY.read_text()
    kept = [ln for ln in text.splitlines() if not (ln.startswith("    - [") and "Passau" in ln)]
    path = tmp_path / "my-map.yaml"
    path.write_text("\n".join(kept) + "\n")
    lines = map_errors(path)
    assert any("not connected: no road reaches Passau" in ln for ln in lines), lines


def test_path_of_twenty_cities_needed(tmp_path: Path) -> None:
    """A star: every road goes to Kassel. Connected and planar, but no long road."""
    text = GERMANY.read_text()
    head = text.split("  roads:")[0]
    tail = "  outline:" + text.split("  outline:")[1]
    cities = re.findall(r"^    - \{name: ([^,]+),", head, re.M)
    roads = "".join(f"    - [Kassel, {c}]\n" for c in cities if c != "Kassel")
    path = tmp_path / "star.yaml"
    path.write_text(head + "  roads:\n" + roads + tail)
    lines = map_errors(path)
    assert any("the longest path through the roads visits 3 cities" in ln for ln in lines), lines


def test_unknown_map_name() -> None:
    lines = assert_clean_failure(run_pnp("validate", "dice-trip", "--map", "germny"), 2)
    assert "unknown map 'germny'" in lines[0] and "did you mean 'germany'" in lines[0]


@pytest.fixture(scope="module")
def pad50(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("pad") / "pad.pdf"
    result = run_pnp("sheets", "dice-trip", "--names", "Ann,Ben", "--out", out)
    assert result.returncode == 0, result.stderr
    return out


def test_pad_of_fifty_two_per_page(pad50: Path) -> None:
    pdf = pdfplumber.open(pad50)
    assert len(pdf.pages) == 25
    page = pdf.pages[0]
    assert page.width == pytest.approx(297 * MM, abs=0.01)  # A4 landscape: two A5 sheets
    assert page.height == pytest.approx(210 * MM, abs=0.01)
    words = [w["text"] for w in page.extract_words()]
    assert words.count("Kiel") == 2 and words.count("TRACKER") == 2
    assert "Ann" in words and "Ben" in words
    cut = [ln for ln in page.lines if abs(ln["x0"] - page.width / 2) < 0.5
           and abs(ln["x1"] - page.width / 2) < 0.5]
    assert cut, "a cut line between the two sheets"


def test_sheet_holds_everything_the_rules_use(pad50: Path) -> None:
    text = pdfplumber.open(pad50).pages[0].extract_text()
    for n in [10 * a + b for a in range(1, 7) for b in range(1, 7)]:
        assert str(n) in text
    for label in ("Bonus cities", "Crossed-out cities", "Longest road", "Consecutive series",
                  "Zones without a cross", "Tens variant", "TOTAL", "Re-roll dice",
                  "Use a die twice", "4:2 5:3 6:4 7-9:6 10+:9", "1:4 2:7 3:9", "11–16", "61–66"):
        assert label in text, label
    city_words = pdfplumber.open(pad50).pages[0].extract_text()
    for city in ("Hamburg", "München", "Leipzig", "Würzburg", "Konstanz", "Saarbrücken"):
        assert city in city_words


def test_map_is_stored_once(pad50: Path, tmp_path: Path) -> None:
    one = tmp_path / "one.pdf"
    assert run_pnp("sheets", "dice-trip", "--count", "1", "--out", one).returncode == 0
    per_sheet = (pad50.stat().st_size - one.stat().st_size) / 49
    assert per_sheet < 1500, per_sheet  # a sheet adds its name and a page, not a map


def test_one_per_page_letter_german_france(tmp_path: Path) -> None:
    out = tmp_path / "de.pdf"
    result = run_pnp("sheets", "dice-trip", "--per-page", "1", "--count", "3", "--lang", "de",
                     "--paper", "letter", "--map", "france", "--out", out)
    assert result.returncode == 0, result.stderr
    pdf = pdfplumber.open(out)
    assert len(pdf.pages) == 3
    assert pdf.pages[0].width == pytest.approx(612) and pdf.pages[0].height == pytest.approx(792)
    text = pdf.pages[0].extract_text()
    assert "ZAHLENLEISTE" in text and "Frankreich" in text and "Lille" in text


def test_own_map_file_prints(tmp_path: Path) -> None:
    own = tmp_path / "mine.yaml"
    shutil.copy(ROOT / "content" / "dice-trip" / "maps" / "france.yaml", own)
    out = tmp_path / "mine.pdf"
    assert run_pnp("sheets", "dice-trip", "--map", own, "--count", "2", "--out", out).returncode == 0


def test_sheet_options_refused_cleanly(tmp_path: Path) -> None:
    assert_clean_failure(run_pnp("sheets", "dice-trip", "--per-page", "3"), 2)
    assert_clean_failure(run_pnp("sheets", "dice-trip", "--lang", "fr"), 2)
    assert_clean_failure(run_pnp("sheets", "temple-of-doom"), 2)
    assert_clean_failure(run_pnp("sheets", "dice-trip", "--count", "0"), 2)


def test_build_writes_the_default_pad(tmp_path: Path) -> None:
    import json

    assert run_pnp("build", "dice-trip", "--out", tmp_path).returncode == 0
    manifest = json.loads((tmp_path / "dice-trip" / "manifest.json").read_text())
    (f,) = manifest["files"]
    assert (f["path"], f["kind"], f["items"], f["pages"]) == ("sheets.pdf", "pad", 50, 25)
