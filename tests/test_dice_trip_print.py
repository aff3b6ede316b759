"""Dice Trip score sheets at the table (issue 14): opened and measured on every shipped
map, on A4 and Letter, in English and German: circles to write in, names tied to their
circles, zones and die colours that survive black-and-white printing, the German
rulebook's words, names that fit their line, Letter laid out at 100 %."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import MM, ROOT, SEEDS, run_pnp

MAPS = ("germany", "france")
CASES = [(paper, lang, m) for paper in ("a4", "letter") for lang in ("en", "de") for m in MAPS]
LETTERS = {"en": {"red": "R", "blue": "B", "green": "G", "yellow": "Y"},
           "de": {"red": "R", "blue": "B", "green": "Gn", "yellow": "Ge"}}
Box = tuple[float, float, float, float]


@pytest.fixture(scope="module")
def pads(tmp_path_factory: pytest.TempPathFactory) -> dict[tuple[str, str, str], Path]:
    """A two-sheet pad (two A5 sheets a page) for every paper, language and map."""
    out = tmp_path_factory.mktemp("dt-pads")
    built = {}
    for paper, lang, m in CASES:
        path = out / f"{paper}-{lang}-{m}.pdf"
        result = run_pnp("sheets", "dice-trip", "--count", "2", "--names", "Ann,Ben",
                         "--paper", paper, "--lang", lang, "--map", m, "--out", path)
        assert result.returncode == 0, result.stderr
        assert "known gap" not in result.stderr, result.stderr
        built[(paper, lang, m)] = path
    return built


def _points(d: str, dx: float, dy: float) -> list[tuple[float, float]]:
    return [(dx + float(x), dy + float(y)) for x, y in re.findall(r"([\d.]+) ([\d.]+)", d)]


def sheet_model(paper: str, lang: str, map_name: str, per_page: int = 2) -> dict[str, Any]:
    """Where pnp meant to draw the first sheet's cities and zones (page mm, y down from
    the top): the tests find each circle in the PDF there, then measure the PDF."""
    from pnp.base.units import to_mm
    from pnp.components.pad import SHEET_MARGIN, page_size, sheet_box
    from pnp.components.sheet import FOOTER
    from pnp.games.dice_trip.sheet import sheet_context
    from pnp.layout.options import BuildOptions
    from pnp.load.content import load_game

    game = load_game(ROOT / "content" / "dice-trip", [])
    assert game is not None
    game.options["map"] = map_name
    opts = BuildOptions(paper=paper, lang=lang)
    w, h = (round(to_mm(v), 3) for v in sheet_box(opts, per_page))
    ctx = sheet_context(game, "sheets", lang, (w, h))
    page_h = to_mm(page_size(opts, per_page)[1])
    ox, oy = to_mm(SHEET_MARGIN), page_h - to_mm(FOOTER) - h
    lay, m = ctx["layout"], ctx["map"]
    mx, my = ox + lay["map_x"], oy + lay["map_y"] + (lay["map_h"] - m["height"]) / 2
    cities = {c["name"]: {**c, "px": mx + c["x"], "py": my + c["y"]} for c in m["cities"]}
    zones = [{**z, "polys": [_points(d, mx, my) for d in z["paths"]]} for z in m["zones"]]
    return {"cities": cities, "zones": zones, "sheet": (ox, oy, w, h), "ctx": ctx,
            "boundaries": [_points(d, mx, my) for d in m["boundaries"]]}


def mm_box(obj: dict[str, Any]) -> Box:
    return obj["x0"] / MM, obj["top"] / MM, obj["x1"] / MM, obj["bottom"] / MM


def circles_on(page: Any, model: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each city's circle as printed: centre, diameter of the path, line width, and the
    outer edge of its ink (its ring, for a coloured city), all in mm."""
    found = {}
    for name, c in model["cities"].items():
        near = [o for o in page.curves if math.dist(
            ((o["x0"] + o["x1"]) / 2 / MM, (o["top"] + o["bottom"]) / 2 / MM),
            (c["px"], c["py"])) < 0.3]
        plain = [o for o in near if o["stroke"] and o["fill"]
                 and tuple(o["non_stroking_color"] or ()) in ((1, 1, 1), (1.0, 1.0, 1.0))]
        assert len(plain) == 1, (name, len(near))
        circle = plain[0]
        d = (circle["x1"] - circle["x0"]) / MM
        lw = circle["linewidth"] / MM
        rings = [o for o in near if o["fill"] and not o["stroke"]
                 and (o["x1"] - o["x0"]) / MM > d + 0.5]
        outer = max([(o["x1"] - o["x0"]) / MM / 2 for o in rings], default=d / 2 + lw / 2)
        found[name] = {"x": (circle["x0"] + circle["x1"]) / 2 / MM,
                       "y": (circle["top"] + circle["bottom"]) / 2 / MM,
                       "d": d, "lw": lw, "outer": outer,
                       "ring": tuple(rings[0]["non_stroking_color"]) if rings else None}
    return found


def gap(box: Box, c: dict[str, Any]) -> float:
    """From a box to a circle's outer edge, mm."""
    dx = max(box[0] - c["x"], 0.0, c["x"] - box[2])
    dy = max(box[1] - c["y"], 0.0, c["y"] - box[3])
    return math.hypot(dx, dy) - c["outer"]


def label_boxes(page: Any, model: dict[str, Any]) -> dict[str, Box]:
    """Each city's printed name on the first sheet (the left half of the page)."""
    out = {}
    for name, c in model["cities"].items():
        hits = [mm_box(h) for h in page.search(re.escape(c["label"]))
                if h["x1"] / MM < model["sheet"][0] + model["sheet"][2]]
        assert len(hits) == 1, (c["label"], hits)
        out[name] = hits[0]
    return out


def leaders_on(page: Any) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The thin solid lines that tie a name to its circle (roads are dotted, thicker)."""
    return [((ln["pts"][0][0] / MM, ln["pts"][0][1] / MM),
             (ln["pts"][-1][0] / MM, ln["pts"][-1][1] / MM))  # pts: top-down, as x0/top
            for ln in page.lines if abs(ln["linewidth"] / MM - 0.25) < 0.02
            and not (ln["dash"] and ln["dash"][0])]


def tie(name: str, box: Box, circles: dict[str, dict[str, Any]], leaders: list) -> str | None:
    """How a printed name is tied to its circle: 'nearest' (its own circle is nearer than
    any other by 1.3 mm or more), 'leader' (a line from its circle's edge ends at it), or
    None: ambiguous."""
    own = gap(box, circles[name])
    other = min(gap(box, c) for n, c in circles.items() if n != name)
    if other - own >= 1.3:
        return "nearest"
    c = circles[name]
    for line in leaders:
        at_circle = [e for e in line if abs(math.dist(e, (c["x"], c["y"])) - c["outer"]) < 0.15]
        at_name = [e for e in line if gap(box, {"x": e[0], "y": e[1], "outer": 0}) < 0.6]
        if at_circle and at_name and at_circle[0] != at_name[0]:
            return "leader"
    return None


# -- circles to write in -----------------------------------------------------------------

@pytest.mark.parametrize("paper,lang,map_name", CASES)
def test_circles_hold_two_handwritten_digits(pads: dict, paper: str, lang: str,
                                             map_name: str) -> None:
    page = pdfplumber.open(pads[(paper, lang, map_name)]).pages[0]
    circles = circles_on(page, sheet_model(paper, lang, map_name))
    assert len(circles) == 25
    inner = min(c["d"] - c["lw"] for c in circles.values())
    assert inner >= 8.0, inner  # was 6.25 mm (6.6 mm circles)
    for a, b in [(a, b) for a in circles for b in circles if a < b]:
        ca, cb = circles[a], circles[b]
        assert math.dist((ca["x"], ca["y"]), (cb["x"], cb["y"])) >= \
            ca["outer"] + cb["outer"] + 1.0, (a, b)


# -- names tied to their circles --------------------------------------------------------

@pytest.mark.parametrize("paper,lang,map_name", CASES)
def test_every_name_is_nearest_its_own_circle_or_has_a_leader(
        pads: dict, paper: str, lang: str, map_name: str) -> None:
    page = pdfplumber.open(pads[(paper, lang, map_name)]).pages[0]
    model = sheet_model(paper, lang, map_name)
    circles = circles_on(page, model)
    leaders = leaders_on(page)
    loose = []
    for name, box in label_boxes(page, model).items():
        own = gap(box, circles[name])
        other, who = min((gap(box, c), n) for n, c in circles.items() if n != name)
        assert own > -0.05 and other > 0.3, (name, own, who, other)  # overlaps nothing
        if tie(name, box, circles, leaders) is None:
            loose.append((name, round(own, 2), who, round(other, 2)))
    assert not loose, loose
    if map_name == "germany":  # the Germany map needs no leader line at all
        assert not leaders


def test_the_names_the_issue_found_ambiguous(pads: dict) -> None:
    """Kassel (8.7 and 8.8 mm from the Kassel and Erfurt circles), Rouen above Caen,
    Montpellier nearer Toulouse's circle: now each is nearest its own circle (by 1.3 mm
    or more), or on a leader line from it."""
    for map_name, names in (("germany", ["Kassel", "Erfurt"]),
                            ("france", ["Rouen", "Caen", "Montpellier", "Toulouse"])):
        for paper in ("a4", "letter"):
            page = pdfplumber.open(pads[(paper, "en", map_name)]).pages[0]
            model = sheet_model(paper, "en", map_name)
            circles = circles_on(page, model)
            boxes = label_boxes(page, model)
            for name in names:
                how = tie(name, boxes[name], circles, leaders_on(page))
                assert how, (paper, name)
                if how == "nearest":  # and nearest by the middle of the name, too
                    box = boxes[name]
                    centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
                    assert min(circles, key=lambda n: math.dist(
                        centre, (circles[n]["x"], circles[n]["y"]))) == name, (paper, name)
            if map_name == "germany":
                assert tie("Kassel", boxes["Kassel"], circles, []) == "nearest"


def test_the_map_check_reports_a_name_with_no_place(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    text = (ROOT / "content" / "dice-trip" / "maps" / "germany.yaml").read_text()
    old = "{name: Kassel, lat: 51.31, lon: 9.5, zone: NW}"
    long = "Kassel an der Fulda in Nordhessen, Regierungsbezirk Kassel, Land Hessen"  # 80 mm
    mine.write_text(text.replace(old, f"{{name: Kassel, label: '{long}',"
                                      " lat: 51.31, lon: 9.5, zone: NW}"))
    result = run_pnp("validate", "dice-trip", "--map", mine)
    assert result.returncode == 1, result.stderr
    line = next(n for n, ln in enumerate(mine.read_text().splitlines(), 1) if "Kassel an" in ln)
    assert f"{mine}:{line}: map.cities[7]: no free place for the name 'Kassel an der Fulda" \
        in result.stderr, result.stderr
    said = next(ln for ln in result.stderr.splitlines() if "Kassel an" in ln)
    assert "mm long as printed, over twice the map's other names" in said, said
    assert "hemmed in" not in said, said  # the length is the cause, not the neighbours


def test_the_label_rule_itself() -> None:
    """A name halfway between two circles is refused; beside its own circle, or away from
    it on a leader line, it is accepted."""
    from pnp.games.dice_trip import labels as lab
    from pnp.games.dice_trip.geometry import Geometry
    from pnp.games.dice_trip.maps import load_map
    from pnp.games.dice_trip.placer import place_labels

    m = load_map(ROOT / "content" / "dice-trip" / "maps" / "germany.yaml", [])
    assert m is not None
    geo = Geometry(m.spec, 98.5, 123.9)
    (ax, ay), (bx, by) = geo.pos["Kassel"], geo.pos["Erfurt"]
    w = lab.label_width("Kassel")
    mid = ((ax + bx) / 2, (ay + by) / 2 + 0.5)
    between = lab.Label("Kassel", "Kassel", mid[0], mid[1], "middle", w,
                        lab.text_box(mid[0], mid[1], "middle", w))
    assert "nearer its own" in (lab.label_problem(between, geo) or "")
    placed = place_labels(geo, lab.label_width)["Kassel"]
    assert lab.label_problem(placed, geo) is None
    tied = lab.Label("Kassel", "Kassel", mid[0], mid[1], "middle", w, between.box,
                     ((ax + geo.radius["Kassel"], ay), (mid[0], mid[1] - 2)))
    assert lab.label_problem(tied, geo) is None


# -- black and white ----------------------------------------------------------------------

def _grey(pdf: Path, dpi: int = 100) -> Any:
    pdfium = pytest.importorskip("pypdfium2")
    doc = pdfium.PdfDocument(str(pdf))
    return doc[0].render(scale=dpi / 72, grayscale=True).to_pil().convert("L")


@pytest.mark.parametrize("map_name", MAPS)
def test_zones_differ_in_grey_and_have_boundaries_and_letters(pads: dict, map_name: str) -> None:
    from statistics import median

    from pnp.base.geometry import point_in_polygon

    dpi = 100
    img = _grey(pads[("a4", "en", map_name)], dpi)
    k = dpi / 25.4
    model = sheet_model("a4", "en", map_name)
    tones = {}
    for z in model["zones"]:
        values = []
        for poly in z["polys"]:
            xs, ys = [p[0] for p in poly], [p[1] for p in poly]
            for i in range(int(min(xs) * k), int(max(xs) * k) + 1, 2):
                for j in range(int(min(ys) * k), int(max(ys) * k) + 1, 2):
                    if point_in_polygon((i / k, j / k), poly):
                        v = img.getpixel((i, j))
                        if 150 <= v <= 251:  # the tint: not a circle, a name or a line
                            values.append(v)
        assert len(values) > 200, z["id"]
        tones[z["id"]] = median(values)
    spread = sorted(tones.values())
    assert min(b - a for a, b in zip(spread, spread[1:], strict=False)) >= 12, tones  # was 1-4 levels
    # a dashed line between zones: dark along most of the boundaries
    samples = []
    for line in model["boundaries"]:
        for (x0, y0), (x1, y1) in zip(line, line[1:], strict=False):
            n = max(1, int(math.dist((x0, y0), (x1, y1)) / 0.4))
            samples += [(x0 + (x1 - x0) * t / n, y0 + (y1 - y0) * t / n) for t in range(n)]
    dark = sum(1 for x, y in samples if min(
        img.getpixel((round(x * k) + dx, round(y * k) + dy))
        for dx in (-1, 0, 1) for dy in (-1, 0, 1)) < 120)
    assert len(samples) > 100 and dark / len(samples) > 0.5, (dark, len(samples))
    # each zone's letter on the map, among its own cities, and in the legend
    page = pdfplumber.open(pads[("a4", "en", map_name)]).pages[0]
    words = page.extract_words(extra_attrs=["size"])
    zone_of = {n: c["zone"] for n, c in model["cities"].items()}
    for z in model["zones"]:
        on_map = [w for w in words if w["text"] == z["letter"] and w["size"] > 7.5
                  and w["x1"] / MM < model["sheet"][0] + model["sheet"][2]]
        assert len(on_map) == 1, z["id"]
        centre = ((on_map[0]["x0"] + on_map[0]["x1"]) / 2 / MM,
                  (on_map[0]["top"] + on_map[0]["bottom"]) / 2 / MM)
        nearest = min(model["cities"], key=lambda n: math.dist(
            centre, (model["cities"][n]["px"], model["cities"][n]["py"])))
        assert zone_of[nearest] == z["id"], (z["id"], nearest)  # within its zone's cells
        legend_y = model["sheet"][1] + model["ctx"]["layout"]["tracker_y"] - 8
        assert [w for w in words if w["text"] == z["letter"] and w["size"] < 7.5
                and w["top"] / MM > legend_y], z["id"]


@pytest.mark.parametrize("lang", ["en", "de"])
def test_every_coloured_ring_carries_its_die_letter(pads: dict, lang: str) -> None:
    from pnp.base import colour

    colours = {name: colour.parse(hexa) for name, hexa in
               {"red": "#d52b26", "blue": "#2560c8", "green": "#2b9245",
                "yellow": "#e8b416"}.items()}
    page = pdfplumber.open(pads[("a4", lang, "germany")]).pages[0]
    model = sheet_model("a4", lang, "germany")
    circles = circles_on(page, model)
    words = page.extract_words(extra_attrs=["size"])
    rings = {n: c for n, c in circles.items() if c["ring"]}
    assert len(rings) == 8
    for name, c in rings.items():
        die = next(d for d, rgb in colours.items()
                   if all(abs(a - b) < 0.01 for a, b in zip(rgb, c["ring"], strict=True)))
        near = [w["text"] for w in words if math.dist(
            ((w["x0"] + w["x1"]) / 2 / MM, (w["top"] + w["bottom"]) / 2 / MM),
            (c["x"], c["y"])) < c["outer"] + 1.5 and w["size"] < 7]
        assert LETTERS[lang][die] in near, (name, die, near)
    # the four letters differ, and the dice line names them
    assert len(set(LETTERS[lang].values())) == 4
    flat = page.extract_text().replace("\n", " ")
    if lang == "en":
        assert "You need 4 six-sided dice (d6): red (R), blue (B), green (G) and yellow (Y)" \
            in flat
    else:
        assert "Ihr braucht 4 Würfel (W6): rot (R), blau (B), grün (Gn) und gelb (Ge)" in flat


def test_preflight_finds_no_colour_only_cue() -> None:
    result = run_pnp("validate", "dice-trip")
    assert result.returncode == 0, result.stderr
    assert "colour alone" not in result.stderr and "known gap" not in result.stderr, \
        result.stderr


# -- the German rulebook's words ----------------------------------------------------------

def _ocr(text: str) -> str:
    """Text as the OCR of the rules reads it: capitals, umlauts without dots (the scan
    has 'wiirfeln' for würfeln), words joined across line-end hyphens."""
    text = re.sub(r"-\s*\n\s*", "", text).replace("ii", "u")
    return text.upper().replace("Ü", "U").replace("Ä", "A").replace("Ö", "O")


def test_german_sheet_uses_the_german_rules_words(pads: dict) -> None:
    rules = _ocr((SEEDS / "002_ff6c56b6d174625b.txt").read_text())
    flat = pdfplumber.open(pads[("a4", "de", "germany")]).pages[0].extract_text()
    flat = flat.replace("\n", " ")
    for term in ("SPEZIALZÜGE", "Regionen", "Durchgekreuzte Städte", "Reihe",
                 "Nochmals würfeln", "Bonusstädte", "Längste Straße", "Zahlenleiste",
                 "Zehnerbereich", "Schnapszahl", "NO"):
        assert term.lower() in flat.lower(), term
        # the word is the rulebook's own (its scan reads ß as B: STRABE)
        assert any(_ocr(term.replace("ß", v)) in rules for v in ("ss", "B")), term
    for wrong in ("SONDERKRÄFTE", "Zonen", "Gestrichene", "Serie", "Neu würfeln"):
        assert wrong.lower() not in flat.lower(), wrong


# -- names on their line -------------------------------------------------------------------

def test_names_shrink_to_their_line_then_are_cut(tmp_path: Path) -> None:
    long_name = "Maximiliane Friederike von Hohenzollern-Sigmaringen"
    medium = "Alexandra Konstantinopoulou"
    for paper in ("a4", "letter"):
        out = tmp_path / f"{paper}.pdf"
        result = run_pnp("sheets", "dice-trip", "--count", "3", "--paper", paper,
                         "--names", f"{long_name},Bo,{medium}", "--out", out)
        assert result.returncode == 0, result.stderr
        warnings = [ln for ln in result.stderr.splitlines() if "--names" in ln]
        assert len(warnings) == 1 and "too long for the name line" in warnings[0], \
            result.stderr
        assert "Hohenzollern-Sigmaringen" in warnings[0]
        pdf = pdfplumber.open(out)
        ox, _, w, _ = sheet_model(paper, "en", "germany")["sheet"]
        texts = []
        for page, slot, want in ((pdf.pages[0], 0, "Maximiliane"), (pdf.pages[0], 1, "Bo"),
                                 (pdf.pages[1], 0, "Alexandra")):
            left = ox + slot * page.width / MM / 2
            line = [ln for ln in page.lines if abs(ln["x1"] / MM - (left + w - 4)) < 0.2
                    and ln["top"] / MM < 30]
            assert line, "the name line"
            chars = [c for c in page.chars if abs(c["bottom"] - line[0]["top"]) < 3 * MM
                     and left + 0.56 * w + 9 <= c["x0"] / MM <= left + w]
            name = "".join(c["text"] for c in chars)
            assert name.startswith(want), name
            right = max(c["x1"] for c in chars) / MM
            assert right <= line[0]["x1"] / MM + 0.05, (name, right)  # never past its line
            assert right < left + w - 0.5  # nor past the sheet's border
            size = min(c["size"] for c in chars if c["text"].strip())
            assert size >= 7.0 - 0.01, size
            texts.append((name, size))
        assert texts[0][0].startswith("Maximiliane Friederike") and texts[0][0].endswith("…")
        assert texts[1] == ("Bo", pytest.approx(11.9, abs=0.01))
        assert texts[2][0] == medium and texts[2][1] < 11.9  # shrunk, not cut


# -- Letter ---------------------------------------------------------------------------------

@pytest.mark.parametrize("per_page", [1, 2])
def test_letter_is_laid_out_for_letter_at_full_size(tmp_path: Path, per_page: int) -> None:
    out = {}
    for paper in ("a4", "letter"):
        out[paper] = tmp_path / f"{paper}.pdf"
        result = run_pnp("sheets", "dice-trip", "--count", "1", "--per-page", per_page,
                         "--paper", paper, "--out", out[paper])
        assert result.returncode == 0, result.stderr
    page = pdfplumber.open(out["letter"]).pages[0]
    assert (round(page.width), round(page.height)) == ((792, 612) if per_page == 2
                                                       else (612, 792))
    bar = [ln for ln in page.lines if abs(ln["width"] - 50 * MM) < 0.05
           and ln["top"] > page.height - 12 * MM]
    assert len(bar) == 1  # the 50 mm scale bar, 50.0 mm long: printed at 100 %
    assert "LETTER" in page.extract_text()
    # nothing is scaled: circles and names have their A4 sizes
    a4 = pdfplumber.open(out["a4"]).pages[0]
    for p in (page, a4):
        sizes = {round((c["x1"] - c["x0"]) / MM, 2) for c in p.curves if c["stroke"]
                 and c["fill"] and 8 < (c["x1"] - c["x0"]) / MM < 9.5
                 and abs(c["width"] - c["height"]) < 0.1}  # circles, not zone cells
        assert sizes == {8.6}, sizes
        assert {round(c["size"] / MM, 2) for c in p.chars if c["text"] == "K"} >= {2.2}
    sheet_w = max(r["x1"] - r["x0"] for r in page.rects) / MM
    assert sheet_w > (125 if per_page == 2 else 200)  # the sheet fills the Letter page


def test_same_input_same_bytes(tmp_path: Path) -> None:
    paths = [tmp_path / f"{i}.pdf" for i in (1, 2)]
    for p in paths:
        assert run_pnp("sheets", "dice-trip", "--count", "3", "--names", "Ann,Ørjan", "--map",
                       "france", "--lang", "de", "--out", p).returncode == 0
    assert paths[0].read_bytes() == paths[1].read_bytes()
