"""Dice Trip custom maps on the sizes they are printed at: names placed by pnp, advice
that was checked (following it passes), a marked-up preview PNG of a failing map, and
circles that stay on the country. Real countries from tests/fixtures/dice-trip-maps."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "tests" / "fixtures" / "dice-trip-maps"
GERMANY = ROOT / "content" / "dice-trip" / "maps" / "germany.yaml"


def pnp(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pnp", *args], capture_output=True,
                          text=True, cwd=cwd or ROOT, timeout=600)


def corpus(name: str) -> Path:
    path = MAPS / f"{name}.yaml"
    if not path.is_file():
        pytest.skip(f"the corpus map {path.name} is not in {MAPS}")
    return path


def test_switzerland_fits_a4() -> None:
    run = pnp("validate", "dice-trip", "--map", str(corpus("switzerland")), "--paper", "a4")
    assert run.returncode == 0, run.stdout + run.stderr


def test_a_crowded_map_is_told_a_size_that_was_checked_and_it_prints(tmp_path: Path) -> None:
    """Austria's names have no room on A4's two-up sheet (98.5 mm wide): each error names
    the crowd and a size that fits, and printing at that size passes."""
    austria = corpus("austria")
    run = pnp("validate", "dice-trip", "--map", str(austria), "--paper", "a4")
    assert run.returncode == 1
    errors = [line for line in run.stderr.splitlines() if ": map.cities[" in line]
    assert errors, run.stderr
    for line in errors:
        assert re.search(r"^\S+austria\.yaml:\d+: map\.cities\[\d+\]: ", line), line
        assert "hemmed in by" in line and "on a 98.5 mm wide map" in line, line
        assert "it fits on A4 one sheet a page (--paper a4 --per-page 1: a 160 mm wide map, " \
            "checked)" in line, line
    out = tmp_path / "austria.pdf"
    run = pnp("sheets", "dice-trip", "--map", str(austria), "--paper", "a4", "--per-page", "1",
              "--count", "1", "--out", str(out))
    assert run.returncode == 0, run.stderr
    assert out.stat().st_size > 10_000


def _red(pixel: tuple[int, int, int]) -> bool:
    r, g, b = pixel
    return r > 225 and g < 70 and b < 70  # the marks' #ff0000; a red die ring is #d52b26


def test_preview_of_a_failing_map_boxes_its_problems_in_red(tmp_path: Path) -> None:
    pytest.importorskip("pypdfium2", reason="a preview is drawn with pypdfium2")
    from PIL import Image

    from pnp.games.dice_trip import drawn as drawing
    from pnp.games.dice_trip.marks import drawn_marks

    austria = corpus("austria")
    png = tmp_path / "austria.png"
    run = pnp("sheets", "dice-trip", "--map", str(austria), "--paper", "a4", "--preview",
              str(png))
    assert run.returncode == 1, run.stderr
    assert "error(s) boxed in red" in run.stdout
    assert "no free place for the name" in run.stderr
    image = Image.open(png).convert("RGB")
    assert image.info.get("dpi", (0,))[0] == pytest.approx(150, abs=1)
    px = 150 / 25.4
    # the sheet's grey border (0.5 mm inside the sheet) gives where the sheet lies
    grey = [(x, y) for y in range(0, image.height, 2) for x in range(0, image.width // 2, 2)
            if all(abs(v - 185) < 14 for v in image.getpixel((x, y)))]
    x0 = min(x for x, _ in grey) / px - 0.5
    y0 = min(y for _, y in grey) / px - 0.5
    from pnp.games.dice_trip.maps import load_map

    loaded = load_map(austria, [])
    assert loaded is not None
    drawn = drawing.drawn_map(loaded.spec, 98.5, 123.9)
    marks = [m for m in drawn_marks(drawn["geo"], drawn["labels"], {}) if m.kind == "label"]
    assert marks
    for mark in marks:  # red along each problem's box (36, 14: the map's corner)
        left, top = (x0 + 36 + mark.box[0] - 0.6) * px, (y0 + 14 + mark.box[1] - 0.6) * px
        right = (x0 + 36 + mark.box[2] + 0.6) * px
        edge = [image.getpixel((int(x), int(top) + dy)) for x in range(int(left), int(right))
                for dy in range(-4, 5)]  # the border found to 2 px
        assert sum(map(_red, edge)) > 0.5 * (right - left), mark.about
    # and no red of that kind elsewhere: a passing map's preview has none
    ok = tmp_path / "germany.png"
    run = pnp("sheets", "dice-trip", "--paper", "a4", "--preview", str(ok))
    assert run.returncode == 0, run.stderr
    assert "no problems" in run.stdout
    clean = Image.open(ok).convert("RGB")
    assert not any(_red(clean.getpixel((x, y))) for y in range(0, clean.height, 3)
                   for x in range(0, clean.width, 3))


def test_preview_is_a_png_and_replaces_only_a_png(tmp_path: Path) -> None:
    run = pnp("sheets", "dice-trip", "--preview", str(tmp_path / "sheet.pdf"))
    assert run.returncode == 2 and "name a .png file" in run.stderr
    mine = tmp_path / "notes.png"
    mine.write_text("my notes")
    run = pnp("sheets", "dice-trip", "--preview", str(mine))
    assert run.returncode == 2 and "is not a PNG" in run.stderr
    assert mine.read_text() == "my notes"


def test_a_city_off_the_country_is_reported_at_its_line(tmp_path: Path) -> None:
    text = GERMANY.read_text(encoding="utf-8")
    line = next(n for n, t in enumerate(text.splitlines(), 1) if "name: Konstanz" in t)
    moved = tmp_path / "germany-off.yaml"  # Konstanz put across the lake, in Switzerland
    moved.write_text(text.replace("{name: Konstanz, lat: 47.66, lon: 9.18",
                                  "{name: Konstanz, lat: 47.45, lon: 9.12"), encoding="utf-8")
    run = pnp("validate", "dice-trip", "--map", str(moved), "--paper", "a4")
    assert run.returncode == 1
    assert re.search(rf"germany-off\.yaml:{line}: map\.cities\[\d+\]: Konstanz's circle lies "
                     r"\d+\.\d mm outside the country's outline \(its lat/lon lie off the "
                     r"outline", run.stderr), run.stderr
    run = pnp("validate", "dice-trip", "--map", str(GERMANY), "--paper", "a4")
    assert run.returncode == 0 and "outside the country" not in run.stderr


def test_circles_pushed_apart_stay_on_the_country() -> None:
    """France on A4's two-up sheet: Lille's neighbours used to push it 2.3 mm into the
    sea; now it slides along the coast."""
    from pnp.games.dice_trip.coast import land_gap
    from pnp.games.dice_trip.geometry import Geometry
    from pnp.games.dice_trip.maps import load_map

    spec = load_map(ROOT / "content" / "dice-trip" / "maps" / "france.yaml", []).spec
    for size in ((98.5, 123.9), (89.7, 129.8)):
        geo = Geometry(spec, *size)
        assert geo.pos["Lille"] != geo.raw["Lille"]  # it was moved ...
        for city, p in geo.pos.items():  # ... and every circle is on France
            assert land_gap(p, geo.outline())[0] == 0.0, (city, size)


def test_roads_are_judged_only_on_the_sizes_printed() -> None:
    """Chile's roads were designed for one sheet a page: checked on A4's one-up map
    (160 mm wide) no road is refused, not even for a 100 x 132 mm map nobody prints;
    with no size given, the message names the width it judged."""
    from pnp.games.dice_trip import checks
    from pnp.games.dice_trip.maps import load_map

    m = load_map(corpus("chile"), [])
    assert m is not None
    rules = checks.Rules(25, [8, 8, 9], 2, 4, 20)
    found = checks.check_map(m, rules, [(160.0, 213.7)])
    assert not [p.format() for p in found if p.key and p.key.startswith("map.roads")]
    plain = [p.message for p in checks.check_map(m, rules) if "crosses road" in p.message]
    assert plain and all("(100 mm wide)" in msg for msg in plain), plain
    at_two_up = [p.message for p in checks.check_map(m, rules, [(98.5, 123.9)])
                 if p.key and p.key.startswith("map.roads")]
    assert at_two_up and all("98.5 mm wide" in msg for msg in at_two_up), at_two_up
