"""Temple Trip: the board, every deck, the rules' counts, and custom temple cards."""

import json
import re
from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, ROOT, SEEDS, assert_clean_failure, run_pnp

from pnp.layout import tiling

GAME = "temple-trip"
TT_RULES = SEEDS / "000_9eba112ed73a837e.txt"


def text_of(pdf: Path, pages: slice = slice(None)) -> str:
    return "\n".join(p.extract_text() or "" for p in pdfplumber.open(pdf).pages[pages])


def test_manifest_lists_every_component(tt_a4: Path) -> None:
    files = {f["path"]: f for f in json.loads((tt_a4 / "manifest.json").read_text())["files"]}
    assert files["temples.pdf"]["items"] == 66  # 62 temples + 4 blanks
    assert files["assignments.pdf"]["items"] == 40
    assert files["legend.pdf"]["items"] == 4
    assert files["cones.pdf"]["items"] == 30
    assert files["pawns.pdf"]["items"] == 10
    assert files["quickstart.pdf"]["pages"] == 1
    assert files["board-poster.pdf"]["kind"] == "board-poster"


def test_poster_is_the_full_34_by_17_inch_board(tt_a4: Path) -> None:
    from pypdf import PdfReader

    box = PdfReader(tt_a4 / "board-poster.pdf").pages[0].trimbox  # the board; a slug around it
    assert (float(box.width), float(box.height)) == (pytest.approx(34 * 72, abs=0.1),
                                                     pytest.approx(17 * 72, abs=0.1))
    page = pdfplumber.open(tt_a4 / "board-poster.pdf").pages[0]
    assert page.width > 34 * 72 and page.height > 17 * 72
    words = {w["text"] for w in page.extract_words()}
    for city in ("Salt", "Anchorage", "Laie", "Toronto", "Monterrey", "Tijuana", "Halifax"):
        assert city in words, city
    text = page.extract_text()
    assert "Air Traffic Control" in text and "15 blue cones" in text
    assert "Department of Transport" in text and "15 red cones" in text


@pytest.mark.parametrize("paper", [(210 * MM, 297 * MM), (612.0, 792.0)])
def test_tiles_overlap_exactly_and_cover_the_board(paper: tuple[float, float]) -> None:
    w, h = 34 * 72.0, 17 * 72.0
    plan = tiling.tile_board(w, h, *paper, overlap=10 * MM)
    cols = sorted({t.x for t in plan.tiles})
    rows = sorted({t.y for t in plan.tiles})
    assert cols[0] == 0 and rows[0] == 0
    for t in plan.tiles:  # every page's region fits its printable area
        assert t.w <= plan.area_w + 1e-6 and t.h <= plan.area_h + 1e-6
    for r in range(plan.rows):
        row = sorted((t for t in plan.tiles if t.row == r), key=lambda t: t.x)
        for a, b in zip(row, row[1:], strict=False):
            assert (a.x + a.w) - b.x == pytest.approx(10 * MM)  # the set overlap, exactly
        assert row[-1].x + row[-1].w == pytest.approx(w)  # and the last reaches the edge
    for c in range(plan.cols):
        col = sorted((t for t in plan.tiles if t.col == c), key=lambda t: t.y)
        for a, b in zip(col, col[1:], strict=False):
            assert (a.y + a.h) - b.y == pytest.approx(10 * MM)
        assert col[-1].y + col[-1].h == pytest.approx(h)


def test_tiled_board_pages(tt_a4: Path, tmp_path: Path) -> None:
    pdf = pdfplumber.open(tt_a4 / "board.pdf")
    assert len(pdf.pages) == 11  # an assembly index and 10 sheets on A4
    index = pdf.pages[0].extract_text()
    assert "assembly" in index and "A1" in index and "B1" in index and "5 columns" in index
    sheet = pdf.pages[1].extract_text()
    assert "sheet A1" in sheet and "lay it over A2" in sheet and "50 mm" in sheet
    result = run_pnp("build", GAME, "--overlap", "20mm", "--paper", "letter", "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    assert "faded 20 mm strip" in text_of(tmp_path / GAME / "board.pdf", slice(0, 1))


def test_temple_cards(tt_a4: Path) -> None:
    text = text_of(tt_a4 / "temples.pdf", slice(0, None, 2))
    # each card's travel-mode window, and the tick box's label on each of the 4 blanks
    assert text.count("road trip only") == 52 + 4
    assert text.count("flight or road") == 8 + 4
    assert text.count("flight only") == 2 + 4
    assert len(re.findall(r"TEMPLE · (MOUNTAINS|HILLS & PLAINS|DESERT|DOWNTOWN)", text)) == 66
    assert text.count("your temple") == 4
    for name in ("Anchorage Alaska", "Laie Hawaii", "Toronto Ontario", "Salt Lake City") [:3]:
        assert name in text


def test_assignment_cards(tt_a4: Path) -> None:
    text = text_of(tt_a4 / "assignments.pdf", slice(0, None, 2))
    assert text.count("RED · all players obey") == 9
    assert text.count("PURPLE · selected players") == 8
    assert text.count("GREY · the drawer only") == 16
    assert text.count("BLUE · keep until needed") == 7
    for name in ("Passport Express", "Straight and Narrow Road", "Airway to Heaven"):
        assert all(word in text for word in name.split()), name  # titles may wrap
    assert "to the BOTTOM of the draw pile" in text and "back on TOP of the draw pile" in text
    assert "DIVERSION → Anchorage" in text


def test_legend_cards_cite_rules(tt_a4: Path) -> None:
    text = text_of(tt_a4 / "legend.pdf", slice(0, 1))
    for symbol in ("Open Road", "Roadworks-free", "Border Post", "Clear Skies",
                   "turbulence-free zones", "ASSIGNMENT squares", "Salt Lake City",
                   "Airport / Temple", "Cone banks"):
        assert text.count(symbol) >= 4, symbol  # on each of the 4 cards
    assert text.count("BORDER POST") == 4 and text.count("SET UP step 2") == 4


def test_validate_and_rules_document() -> None:
    result = run_pnp("validate", GAME, "--rules-doc", TT_RULES)
    assert result.returncode == 0, result.stdout + result.stderr
    out = result.stdout + result.stderr
    assert "26 of 26 with a phrase confirmed" in out
    assert "rule 5 points to 'agreed in 3 above', but that is rule 4" in out
    assert "rule 11 points to rule 7" in out and "is in rule 8" in out


def test_rule_reference_missing_from_the_document(tmp_path: Path, content_copy: Path) -> None:
    legend = content_copy / GAME / "legend.yaml"
    legend.write_text(legend.read_text().replace('rule 13"}', 'rule 15"}'))
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    assert any("legend.yaml:" in ln and "rule 15 does not exist (the rules are numbered 1-14)"
               in ln for ln in lines), lines


def board_errors(content: Path) -> list[str]:
    return assert_clean_failure(run_pnp("validate", GAME, "--content", content), 1)


def test_road_to_a_flight_only_city(content_copy: Path) -> None:
    board = content_copy / GAME / "board.yaml"
    board.write_text(board.read_text().replace("  roads:", "  roads:\n    - [Seattle, Anchorage]", 1))
    assert any("a flight-only city has no roads" in ln for ln in board_errors(content_copy))


def test_unknown_city_on_a_route(content_copy: Path) -> None:
    board = content_copy / GAME / "board.yaml"
    board.write_text(board.read_text().replace("    - [Salt Lake City, Seattle]",
                                               "    - [Salt Lake City, Seatle]", 1))
    lines = board_errors(content_copy)
    assert any("board.yaml:" in ln and "board.air[0][1]: no city 'Seatle' on the board; did you "
               "mean 'Seattle'?" in ln for ln in lines), lines


def test_unreachable_city_and_crossing_road(content_copy: Path) -> None:
    board = content_copy / GAME / "board.yaml"
    text = board.read_text()
    kept = "\n".join(ln for ln in text.splitlines()
                     if not (ln.startswith("    - [") and "Halifax" in ln)) + "\n"
    board.write_text(kept.replace("  roads:", "  roads:\n    - [Boise, Denver]", 1))
    lines = board_errors(content_copy)
    assert any("not reachable from Salt Lake City: Halifax" in ln for ln in lines), lines
    assert any("road Boise–Denver crosses road" in ln for ln in lines), lines


def test_air_route_needs_airports(content_copy: Path) -> None:
    board = content_copy / GAME / "board.yaml"
    board.write_text(board.read_text().replace("    - [Salt Lake City, Phoenix]",
                                               "    - [Salt Lake City, Tucson]"))
    assert any("flight Salt Lake City–Tucson: Tucson has no airport" in ln
               for ln in board_errors(content_copy))


def test_card_counts_break_expectations(content_copy: Path) -> None:
    cards = content_copy / GAME / "assignments.yaml"
    cards.write_text(cards.read_text().replace("colour: grey", "colour: red", 1))
    lines = board_errors(content_copy)
    assert any("red-bordered ASSIGNMENT cards: expected 9, got 10" in ln for ln in lines), lines
    temples = content_copy / GAME / "temples.yaml"
    temples.write_text(temples.read_text().replace("country: Canada, region: Downtown, travel: road",
                                                   "country: Canada, region: Downtown, travel: both", 1))


CUSTOM = """\
temple: {temple}
city: {city}
state: {state}
country: {country}
region: {region}
travel: {travel}
{coords}"""


def custom(tmp_path: Path, name: str = "mine", **kw: str) -> Path:
    values = dict(temple="Provo City Center", city="Provo", state="UT", country="USA",
                  region="Downtown", travel="road", coords="lat: 40.23\nlon: -111.66\n")
    values.update(kw)
    path = tmp_path / f"{name}.yaml"
    path.write_text(CUSTOM.format(**values))
    return path


def custom_errors(*paths: Path) -> list[str]:
    args = [a for p in paths for a in ("--custom", str(p))]
    return assert_clean_failure(run_pnp("validate", GAME, *args), 1)


def test_custom_temple_valid(tmp_path: Path) -> None:
    result = run_pnp("validate", GAME, "--custom", custom(tmp_path))
    assert result.returncode == 0, result.stderr


def test_custom_unknown_region_and_country(tmp_path: Path) -> None:
    lines = custom_errors(custom(tmp_path, region="Coast", country="Canda"))
    assert any("mine.yaml:5: region: must be one of Mountains, Hills & Plains, Desert, Downtown "
               "(got 'Coast')" in ln for ln in lines), lines
    assert any("mine.yaml:4: country: must be one of USA, Canada, Mexico (got 'Canda'); did you "
               "mean 'Canada'?" in ln for ln in lines), lines


def test_custom_coordinates_outside_the_country(tmp_path: Path) -> None:
    lines = custom_errors(custom(tmp_path, temple="Bismarck", city="Bismarck", country="Canada",
                                 coords="lat: 46.81\nlon: -100.78\n"))
    assert any("mine.yaml:7: lat: 46.81, -100.78 lies in USA, not in Canada" in ln
               for ln in lines), lines


@pytest.mark.parametrize("city,travel,needed", [("Provo", "flight", "road"),
                                                ("Dallas", "road", "both"),
                                                ("Anchorage", "both", "flight")])
def test_custom_travel_mode_must_fit_the_city(tmp_path: Path, city: str, travel: str,
                                              needed: str) -> None:
    lines = custom_errors(custom(tmp_path, city=city, travel=travel, coords=""))
    assert any(f"mine.yaml:6: travel: must be {needed}" in ln for ln in lines), lines


def test_custom_new_city_cannot_be_an_airport(tmp_path: Path) -> None:
    lines = custom_errors(custom(tmp_path, temple="Bismarck", city="Bismarck", travel="both",
                                 coords="lat: 46.81\nlon: -100.78\n"))
    assert any("travel: a new city has no airport" in ln for ln in lines), lines


def test_custom_temple_already_in_the_game(tmp_path: Path) -> None:
    lines = custom_errors(custom(tmp_path, temple="Dallas Texas", city="Dallas", travel="both"))
    assert any("mine.yaml:1: temple: 'Dallas Texas' is already in the game" in ln
               for ln in lines), lines


def test_custom_name_must_fit_the_card(tmp_path: Path) -> None:
    long = "The Very Long Name Of A Temple That Goes On And On Across The Whole Card " * 3
    lines = custom_errors(custom(tmp_path, temple=long))
    assert any("mine.yaml:1: text does not fit" in ln for ln in lines), lines


def test_custom_city_on_top_of_another(tmp_path: Path) -> None:
    lines = custom_errors(custom(tmp_path, temple="Bountiful Utah", city="Bountiful",
                                 coords="lat: 40.88\nlon: -111.86\n"))
    assert any("Bountiful is 12 km from Salt Lake City: too close to be drawn apart" in ln
               for ln in lines), lines


def test_custom_new_city_needs_coordinates(tmp_path: Path) -> None:
    lines = custom_errors(custom(tmp_path, temple="Bismarck", city="Bismarck", coords=""))
    assert any("'Bismarck' is not on the board yet: give lat and lon" in ln for ln in lines), lines


def test_at_most_four_custom_temples(tmp_path: Path) -> None:
    paths = [custom(tmp_path, f"t{i}", temple=f"Provo Temple {i}") for i in range(5)]
    lines = custom_errors(*paths)
    assert any("t4.yaml:1: at most 4 custom temples" in ln for ln in lines), lines


def test_custom_file_of_the_wrong_shape(tmp_path: Path) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("- just a list\n")
    lines = custom_errors(path)
    assert any("odd.yaml:1: a custom temple file holds one temple" in ln for ln in lines), lines


def test_build_prints_custom_cards_and_adds_the_city(tmp_path: Path) -> None:
    bismarck = custom(tmp_path, "bismarck", temple="Bismarck North Dakota", city="Bismarck",
                      state="ND", region="Hills & Plains", coords="lat: 46.81\nlon: -100.78\n")
    provo = custom(tmp_path, "provo")
    out = tmp_path / "out"
    result = run_pnp("build", GAME, "--custom", bismarck, "--custom", provo, "--out", out)
    assert result.returncode == 0, result.stderr
    text = text_of(out / GAME / "temples.pdf", slice(0, None, 2))
    assert "Provo City Center" in text and "Bismarck North Dakota" in text
    assert text.count("your temple") == 2  # two blanks replaced, two left
    poster = pdfplumber.open(out / GAME / "board-poster.pdf").pages[0]
    assert "Bismarck" in {w["text"] for w in poster.extract_words()}
    manifest = json.loads((out / GAME / "manifest.json").read_text())
    assert {f["path"]: f["items"] for f in manifest["files"]}["temples.pdf"] == 66


def test_board_roads_stay_valid_with_shipped_content() -> None:
    import yaml

    from pnp.games.temple_trip.board import Board

    game = ROOT / "content" / GAME
    spec = yaml.safe_load((game / "board.yaml").read_text())["board"]
    temples = [t for t in yaml.safe_load((game / "temples.yaml").read_text())["temples"]
               if not t.get("blank")]
    outlines = yaml.safe_load((game / "outlines.yaml").read_text())
    layout = yaml.safe_load((game / "layout.yaml").read_text())
    board = Board(spec, layout, temples, outlines)
    assert board.road_crossings() == []
    assert sum(1 for c in board.cities.values() if c.airport) == 11
    borders = [r for r in board.roads if r.border]
    foreign = {c for r in borders for c in (r.a, r.b) if board.cities[c].country != "USA"}
    assert len(borders) >= 8 and foreign
    # every road leaving the USA has exactly one Border Post
    for r in board.roads:
        countries = {board.cities[r.a].country, board.cities[r.b].country}
        if len(countries) == 2:
            assert sum(1 for s in r.squares if s.kind == "border") == 1, (r.a, r.b)
