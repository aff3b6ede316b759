"""Temple Rush's printed defects found at the table (issue 33), measured in the PDF:
points tokens with the bleed and crop marks their footer states, a stand whose text
describes its real glue joint, cut lines round the paper bricks, a set-up card for 2-4
players on the solo card's back, card ids printed, and cards a glance tells apart."""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pdfplumber
import pytest
import yaml
from conftest import MM, ROOT, run_pnp

from pnp.games.temple_rush.likeness import MIN_STUDS, distance
from pnp.games.temple_rush.solver import parse_shape

GAME = "temple-rush"
DATA = yaml.safe_load((ROOT / "content" / GAME / "game.yaml").read_text())["data"]


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("trprint")
    result = run_pnp("build", GAME, "--out", out)
    assert result.returncode == 0, result.stderr
    return out / GAME


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("trprintfr")
    result = run_pnp("build", GAME, "--lang", "fr", "--out", out)
    assert result.returncode == 0, result.stderr
    return out / GAME


def _hex(c: object) -> str | None:
    if not isinstance(c, tuple | list) or len(c) != 3:
        return None
    return "#" + "".join(f"{round(v * 255):02x}" for v in c)


def _text(pdf: Path, page: int) -> str:
    return re.sub(r"\s+", " ", pdfplumber.open(pdf).pages[page].extract_text())


def test_points_tokens_have_3mm_bleed_and_crop_marks(english: Path) -> None:
    """Before: 20 mm tokens with 1 mm of bleed and no crop marks under a footer saying
    3 mm; now the power tokens' size, in their grid: 3 mm of bleed, a crop mark at every
    cut edge."""
    page = pdfplumber.open(english / "powers.pdf").pages[0]
    assert "bleed 3 mm" in page.extract_text()
    gold = [c for c in page.curves if _hex(c.get("non_stroking_color")) == "#c9a227"]
    assert len(gold) == 12
    marks_x = {round(ln["x0"] / MM, 1) for ln in page.lines if ln["width"] < 0.1}
    marks_y = {round(ln["top"] / MM, 1) for ln in page.lines if ln["height"] < 0.1}
    for token in gold:
        assert abs(token["width"] / MM - (22 + 2 * 3)) < 0.1  # 22 mm cut + 3 mm each side
        cx, cy = (token["x0"] + token["x1"]) / 2 / MM, (token["top"] + token["bottom"]) / 2 / MM
        for edge in (cx - 11, cx + 11):
            assert min(abs(edge - x) for x in marks_x) < 0.15, (cx, edge)
        for edge in (cy - 11, cy + 11):
            assert min(abs(edge - y) for y in marks_y) < 0.15, (cy, edge)


def test_stand_text_describes_its_glue_joint_and_titles_read_upright(english: Path,
                                                                    french: Path) -> None:
    assert "glue the grey tab inside it, under the top edge of the strip" in \
        _text(english / "dice.pdf", 0)
    fr = _text(french / "dice.pdf", 0)
    assert "collez la languette grise à l'intérieur, sous le bord du haut de la bande" in fr
    assert "sous la base" not in fr
    page = pdfplumber.open(english / "dice.pdf").pages[0]
    slits = [ln for ln in page.lines + page.curves + page.rects
             if _hex(ln.get("stroking_color")) == "#c0282d" and ln["width"] > 50 * MM]
    assert len(slits) == 3
    for slit in slits:  # each side's title has its top toward the ridge (the slit)
        chars = [c for c in page.chars if c["text"] == "T" and c["size"] > 10
                 and slit["x0"] < c["x0"] < slit["x1"]
                 and abs(c["top"] - slit["top"]) < 15 * MM]
        above = [c for c in chars if c["bottom"] < slit["top"]]
        below = [c for c in chars if c["top"] > slit["top"]]
        assert above and below
        assert all(c["matrix"][3] < 0 for c in above)  # turned: its top points down
        assert all(c["matrix"][3] > 0 for c in below)


def test_paper_bricks_have_a_cut_frame_round_body_and_studs(english: Path) -> None:
    page = pdfplumber.open(english / "bricks.pdf").pages[0]
    u = DATA["stud"]
    frames = [r for r in page.rects if _hex(r.get("stroking_color")) == "#555555"
              and abs(r["height"] / MM - u) < 0.1]
    widths = sorted(round(r["width"] / MM / u) for r in frames)
    mix = {int(k): v for k, v in DATA["stock"].items()}
    assert widths == sorted(n for n, c in mix.items() for _ in range(c * 4))  # 52 bricks
    studs = [r for r in page.rects + page.curves if abs(r["width"] / MM - 0.56 * u) < 0.05
             and abs(r["height"] / MM - 0.22 * u) < 0.05]
    assert len(studs) == 4 * sum(n * c for n, c in mix.items())  # 128 studs
    for s in studs:  # every stud lies inside a frame: no cutting round it
        assert any(f["x0"] <= s["x0"] and s["x1"] <= f["x1"] and f["top"] <= s["top"]
                   and s["bottom"] <= f["bottom"] for f in frames)
    assert "Cut each brick out along its thin frame" in _text(english / "bricks.pdf", 0)


def test_set_up_card_on_the_solo_cards_back(english: Path, french: Path) -> None:
    """Before: the solo card carried the Lightning card's back and no set-up reference
    existed. The numbers come from the rules (MISE EN PLACE): 9/11/13 cards, 2/2/3."""
    pdf = pdfplumber.open(english / "temples.pdf")
    front, back = pdf.pages[6], pdf.pages[7]
    def title(page: pdfplumber.page.Page, first: str) -> float:
        """The centre of the title line that starts with `first`, in points."""
        words = page.extract_words()
        head = next(w for w in words if w["text"] == first)
        line = [w for w in words if abs(w["top"] - head["top"]) < 0.5]
        return (min(w["x0"] for w in line) + max(w["x1"] for w in line)) / 2

    # duplex: the set-up face lies behind the solo face (mirrored across the long edge)
    assert abs(front.width - title(front, "SOLO") - title(back, "SET-UP")) < 1 * MM
    text = _text(english / "temples.pdf", 7)
    for players, cards, shown in ((2, 9, 2), (3, 11, 2), (4, 13, 3)):
        assert f"{players} {cards} {shown}" in text
    for said in ("13 bricks (3 × 1x4, 3 × 1x3, 4 × 1x2, 3 × 1x1)", "Add the Lightning card",
                 "the left zone stays empty", "a Points token of the same value"):
        assert said in text, said
    fr = _text(french / "temples.pdf", 7)
    assert "MISE EN PLACE 2 À 4 JOUEURS" in fr and "jeton Points de même valeur" in fr
    assert "prune ; « bleue » dans la règle" in _text(french / "temples.pdf", 6)


def test_cards_print_their_id_and_differ_by_two_studs(english: Path) -> None:
    """TR01 was a stud from TR04 and from TR08 mirrored: now every two cards differ by
    MIN_STUDS studs or more, and each card prints the id validate names it by."""
    temples = yaml.safe_load((ROOT / "content" / GAME / "temples.yaml").read_text())["temples"]
    shapes = {t["id"]: parse_shape(t["shape"]) for t in temples}
    for a, b in itertools.combinations(shapes, 2):
        assert distance(shapes[a], shapes[b]) >= MIN_STUDS, (a, b)
    assert distance(["...###", "..###.", "####.."], shapes["TR04"]) == 1  # the old TR01
    text = " ".join(p.extract_text() for p in pdfplumber.open(english / "temples.pdf").pages)
    for tid in shapes:
        assert text.count(f"· {tid}") == 2, tid  # front and back
