"""Temple Rush as printed and played: one stud pitch for cards, paper bricks and Bonus
slots; zones that hold every temple; stands, dice nets and a faithful solo card; points
no one can dispute; players told apart in black and white; French all through."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pdfplumber
import pytest
import yaml
from conftest import MM, ROOT, assert_clean_failure, run_pnp

from pnp.base import colour
from pnp.games.temple_rush.solver import STOCK, fewest, parse_shape

GAME = "temple-rush"
DATA = yaml.safe_load((ROOT / "content" / GAME / "game.yaml").read_text())["data"]
STUD = DATA["stud"]


def _build(tmp_path_factory: pytest.TempPathFactory, *options: str) -> Path:
    out = tmp_path_factory.mktemp("trp")
    result = run_pnp("build", GAME, "--out", out, *options)
    assert result.returncode == 0, result.stderr
    return out / GAME


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory)


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _build(tmp_path_factory, "--lang", "fr")


def _shapes(page: pdfplumber.page.Page) -> list[dict]:
    return page.rects + page.curves


def _mm(v: float) -> float:
    return round(v / MM, 1)


def _hex(c: object) -> str | None:
    if not isinstance(c, tuple | list) or len(c) != 3:
        return None
    return "#" + "".join(f"{round(v * 255):02x}" for v in c)


def test_one_stud_pitch_for_cards_bricks_and_bonus_slots(english: Path) -> None:
    """A 1x4 brick is 4 studs long on the cards, on the paper bricks and (plus 2 mm of
    play) in the Bonus slot (before: 7.5 / 9.0 / 6.0 mm a stud)."""
    bricks = {_mm(s["width"]) for s in _shapes(pdfplumber.open(english / "bricks.pdf").pages[0])
              if _mm(s["height"]) == round(0.8 * STUD, 1)}
    assert bricks == {STUD * n for n in (1, 2, 3, 4)}
    cards = set()
    for page in pdfplumber.open(english / "temples.pdf").pages[:8:2]:
        cards |= {_mm(s["width"]) for s in _shapes(page)
                  if _mm(s["height"]) == round(0.8 * STUD, 1)}
    assert max(cards) == 4 * STUD and cards <= {STUD * n for n in (1, 2, 3, 4)}
    board = pdfplumber.open(english / "boards.pdf").pages[0]
    slots = sorted({_mm(s["width"]) for s in _shapes(board) if _mm(s["height"]) == STUD + 2})
    assert slots == [STUD * n + 2 for n in (1, 2, 3, 4)]


def test_zones_hold_the_widest_and_tallest_temple(english: Path) -> None:
    shapes = [parse_shape(t["shape"]) for t in yaml.safe_load(
        (ROOT / "content" / GAME / "temples.yaml").read_text())["temples"]]
    widest = max(len(r) for s in shapes for r in s) * STUD
    tallest = max(len(s) for s in shapes) * STUD
    board = pdfplumber.open(english / "boards.pdf").pages[0]
    zones = [s for s in _shapes(board) if _mm(s["width"]) > 50 and _mm(s["height"]) > 50
             and _mm(s["width"]) < 60]
    outer = [z for z in zones if _mm(z["width"]) == max(_mm(x["width"]) for x in zones)]
    assert len(outer) == 6  # three zones, two boards a page
    for z in outer:
        assert z["width"] / MM >= widest + 6 and z["height"] / MM >= tallest + 4 + 12
    # the 2-3 player marking of the left zone stays inside it
    inner = [z for z in zones if z not in outer]
    assert len(inner) == 2
    for band in inner:
        home = [z for z in outer if z["x0"] <= band["x0"] and band["x1"] <= z["x1"]
                and z["top"] <= band["top"] and band["bottom"] <= z["bottom"]]
        assert len(home) == 1 and home[0]["x0"] == min(z["x0"] for z in outer)


def test_points_are_the_fewest_bricks() -> None:
    """Every card's points are the fewest bricks that build it (before: TR03, TR09,
    TR25, TR28 and TR29 could be built with one brick fewer)."""
    for temple in yaml.safe_load((ROOT / "content" / GAME / "temples.yaml").read_text())[
            "temples"]:
        least = fewest(parse_shape(temple["shape"]), STOCK)
        assert least is not None and len(least) == temple["points"], temple["id"]


def test_a_card_worth_more_than_its_fewest_bricks_is_an_error(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("temples:\n  - id: wall\n    points: 4\n    shape: |\n      ####\n"
                    "      ####\n      ##..\n")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--custom", mine), 1)
    assert any("mine.yaml:3: temples[0].points: temple wall shows 4 points but 3 bricks "
               "build it (1x2 + 1x4 + 1x4)" in ln and "write points: 3" in ln for ln in lines), lines
    mine.write_text(mine.read_text().replace("points: 4", "points: 3"))
    assert run_pnp("validate", GAME, "--custom", mine).returncode == 0


def test_three_stands_hold_a_card_below_its_drawing(english: Path) -> None:
    page = pdfplumber.open(english / "dice.pdf").pages[0]
    slits = [ln for ln in page.lines + page.curves + page.rects
             if _hex(ln.get("stroking_color")) == "#c0282d" and ln["width"] > 50 * MM]
    assert len(slits) == 3
    card_w = 63.5
    for slit in slits:
        assert card_w + 1 <= slit["width"] / MM <= card_w + 4
    # the prism: its fold lines below the slit give side and base
    folds = sorted({round(ln["top"] / MM, 1) for ln in page.lines + page.curves
                    if ln.get("dash") and abs(ln["height"]) < 0.5
                    and ln["x0"] >= slits[0]["x0"] - 5 * MM
                    and ln["x1"] <= slits[0]["x1"] + 5 * MM
                    and ln["top"] > slits[0]["top"] + 1 * MM
                    and ln["top"] < slits[0]["top"] + 60 * MM})
    side = folds[0] - slits[0]["top"] / MM
    base = folds[1] - folds[0]
    depth = math.sqrt(side ** 2 - (base / 2) ** 2)  # how deep the card sinks
    assert base > side  # a wide, low prism does not tip over
    # the lowest brick on any card stays above the stand
    for pg in pdfplumber.open(english / "temples.pdf").pages[::2]:
        panels = [s for s in _shapes(pg) if _mm(s["width"]) == 55.5 and _mm(s["height"]) == 65.5]
        for s in _shapes(pg):
            if _mm(s["height"]) != round(0.8 * STUD, 1):
                continue
            card = next(p for p in panels if p["x0"] <= s["x0"] and s["x1"] <= p["x1"]
                        and p["top"] <= s["top"] and s["bottom"] <= p["bottom"])
            assert (card["bottom"] - s["bottom"]) / MM + 9.5 > depth + 2


def test_dice_nets_have_glue_tabs_and_bleed_on_every_edge(english: Path) -> None:
    pdfium = pytest.importorskip("pypdfium2")
    page = pdfplumber.open(english / "dice.pdf").pages[0]
    tabs = [s for s in page.curves if _hex(s.get("non_stroking_color")) == "#d4d4d4"]
    assert len(tabs) == 4 * 7  # one for each pair of edges that meet
    dpi = 150
    img = pdfium.PdfDocument(str(english / "dice.pdf"))[0].render(scale=dpi / 72).to_pil()
    k = dpi / 72
    s = 17 * MM
    for player in DATA["players"].values():
        faces = [f for f in page.rects + page.curves if _hex(f.get("non_stroking_color"))
                 == player["light"].lower() and abs(f["width"] - s) < 0.2 * MM
                 and abs(f["height"] - s) < 0.2 * MM]
        assert len(faces) == 6
        x0 = min(f["x0"] for f in faces)
        y0 = min(f["top"] for f in faces)
        out = 0.8 * MM

        def at(x: float, y: float, x0: float = x0, y0: float = y0) -> tuple[int, int, int]:
            return img.getpixel((round((x0 + x) * k), round((y0 + y) * k)))[:3]

        bare = [(0.5 * s, s - out), (-out, 1.5 * s), (0.5 * s, 2 * s + out),
                (2.5 * s, s - out), (2.5 * s, 2 * s + out), (3.5 * s, s - out),
                (3.5 * s, 2 * s + out)]
        for x, y in bare:  # the colour runs past the cut
            assert sum(at(x, y)) < 740, (player, x / MM, y / MM, at(x, y))
        tab_tips = [(s - 5 * MM - out, 0.5 * s), (2 * s + 5 * MM + out, 0.5 * s),
                    (1.5 * s, -5 * MM - out), (4 * s + 5 * MM + out, 1.5 * s),
                    (s - 5 * MM - out, 2.5 * s), (2 * s + 5 * MM + out, 2.5 * s),
                    (1.5 * s, 3 * s + 5 * MM + out)]
        for x, y in tab_tips:
            assert sum(at(x, y)) < 740, (player, x / MM, y / MM)


def test_dice_text_and_ordinary_die_table(french: Path) -> None:
    dice = pdfplumber.open(french / "dice.pdf").pages[0].extract_words()
    for word in ("Découpez,", "pointillés,", "languettes", "grises."):  # whole, 4 nets
        assert sum(w["text"] == word for w in dice) == 4, word
    board = pdfplumber.open(french / "boards.pdf").pages[0].extract_text()
    assert "Avec un dé ordinaire" in board and "1 2 3 4 5 6" in board


def test_solo_card_puts_the_extra_cards_on_top(english: Path, french: Path) -> None:
    for folder, top, wrong in ((english, "on top", "underneath"),
                               (french, "dessus", "en dessous :")):
        text = re.sub(r"\s+", " ", " ".join(p.extract_text() for p in
                                            pdfplumber.open(folder / "temples.pdf").pages))
        assert top in text and wrong not in text
    text = re.sub(r"\s+", " ", pdfplumber.open(english / "temples.pdf").pages[6].extract_text())
    assert "a 6 (brown) for you, a 4 for the Robot (plum: the rules' \"blue\" card)" in text
    assert "Draw 2 cards from the top" in text


def test_board_labels_bonus_points_and_final_score(english: Path) -> None:
    text = re.sub(r"\s+", " ", pdfplumber.open(english / "boards.pdf").pages[0].extract_text())
    for n, pts in DATA["bonus"].items():
        assert f"+{pts} point" in text, n
    assert "Final score" in text and "per unused Power" in text
    assert "4 players only" in text


def test_card_colours_stay_clear_of_player_colours() -> None:
    for value in DATA["values"].values():
        card = colour.parse(value["fill"])
        for player in DATA["players"].values():
            lab = colour.to_lab(colour.parse(player["fill"]))
            assert colour.delta_e(colour.to_lab(card), lab) > 35, (value, player)


def test_players_told_apart_without_colour() -> None:
    marks = [p["mark"] for p in DATA["players"].values()]
    assert len(set(marks)) == 4
    result = run_pnp("validate", GAME)
    assert result.returncode == 0, result.stderr
    assert "known gap" not in result.stderr


def test_small_items_share_sheets(english: Path) -> None:
    """Lightning and solo cards in the temple sheets' free slots, points tokens beside
    the power tokens, stands below the dice: 14 pages (before: 20)."""
    files = json.loads((english / "manifest.json").read_text())["files"]
    by_path = {f["path"]: f for f in files}
    assert set(by_path) == {"temples.pdf", "boards.pdf", "powers.pdf", "dice.pdf", "bricks.pdf"}
    assert sum(f["pages"] for f in files) == 14
    assert by_path["temples.pdf"]["with"] == [{"component": "lightning", "items": 1},
                                             {"component": "solo", "items": 1}]
    assert by_path["powers.pdf"]["with"] == [{"component": "points", "items": 12}]
    assert by_path["dice.pdf"]["with"] == [{"component": "stands", "items": 3}]
    backs = pdfplumber.open(english / "temples.pdf").pages[7].extract_text()
    assert "LIGHTNING" in backs and "SET-UP FOR 2 TO 4 PLAYERS" in backs  # their backs
    assert "TEMPLE RUSH" not in backs  # the solo card's back is no longer a Lightning back


def test_french_print_has_no_english(french: Path) -> None:
    english_words = ["fronts", "backs", "bleed", "Bonus zone", "Power tokens", "left zone",
                     "Final score", "Temple cards", "Cut out", "points ·", "flip on"]
    for pdf in french.glob("*.pdf"):
        text = " ".join(p.extract_text() for p in pdfplumber.open(pdf).pages)
        for word in english_words:
            assert word not in text, (pdf.name, word)
    footer = pdfplumber.open(french / "temples.pdf").pages[1].extract_text()
    assert "Cartes Temple · verso (retourner sur le bord long)" in footer


def test_french_lightning_text_inside_its_frame(french: Path) -> None:
    page = pdfplumber.open(french / "temples.pdf").pages[6]
    frame = [s for s in _shapes(page) if _hex(s.get("stroking_color")) == "#f5c518"
             and _mm(s["width"]) == 55.5]
    assert len(frame) == 1
    words = [w for w in page.extract_words() if frame[0]["x0"] < w["x0"] < frame[0]["x1"]
             and frame[0]["top"] < w["top"] < frame[0]["bottom"] + 5 * MM]
    assert any(w["text"] == "carte." for w in words)
    assert max(w["bottom"] for w in words) < frame[0]["bottom"] - 0.4 * MM
