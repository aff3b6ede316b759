"""The designer's task of issue 32, end to end: a 40-card deck in four suits (number, title,
rule text with inline icons and a bold word, a suit icon) and 12 tiles, every value in two
spreadsheets (tests/fixtures/designer-game/cards.csv, tiles.csv), printed at home and
loaded in Tabletop Simulator. No converter: `file: cards.csv` in game.yaml, and every
mistake in a cell is said at its spreadsheet row and column."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pdfplumber
import pypdf
from conftest import FIXTURES, MM, assert_clean_failure, run_pnp

GAME = "designer-game"


def _copy(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / GAME, root / GAME)
    return root


def test_the_deck_and_tiles_print_from_the_spreadsheets(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    out = tmp_path / "out"
    result = run_pnp("build", GAME, "--content", root, "--out", out)
    assert result.returncode == 0, result.stderr
    with pdfplumber.open(out / GAME / "cards.pdf") as pdf:
        text = " ".join(page.extract_text() or "" for page in pdf.pages)
        words = [w for page in pdf.pages for w in page.extract_words(extra_attrs=["fontname"])]
    for title in ("Coins 1", "Hearts 10", "Stars 5", "Swords 7"):
        assert title in text, title
    assert "Gain 2" in text and "Heal" in text  # the rule text, its icons drawn inline
    draws = [w for w in words if w["text"] == "draw"]
    assert draws and all("Bold" in w["fontname"] for w in draws)  # **draw**: the bold font
    with pdfplumber.open(out / GAME / "tiles.pdf") as pdf:
        page = pdf.pages[0]
        assert sum((page.extract_text() or "").count(t) for t in ("Forest", "Lake")) == 6
        assert round(page.width / MM) == 210  # A4, the default paper
    # the suit icons (and backgrounds, and the back) repeat on 40 cards: each is one form
    forms: dict[int, int] = {}

    def visit(resources: object) -> None:
        xobjects = resources.get("/XObject") if resources else None  # type: ignore[attr-defined]
        for name in xobjects or {}:
            ref = xobjects.raw_get(name)
            forms[ref.idnum] = forms.get(ref.idnum, 0) + 1
            if forms[ref.idnum] == 1:
                visit(ref.get_object().get("/Resources"))

    for page in pypdf.PdfReader(out / GAME / "cards.pdf").pages:
        visit(page.get("/Resources"))
    assert len(forms) <= 24 and sum(forms.values()) >= 70, forms  # 80 faces


def test_tabletop_simulator_names_the_cards_by_their_titles(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    result = run_pnp("export", GAME, "--content", root, "--format", "tts", "--out", tmp_path)
    assert result.returncode == 0, result.stderr
    saved = json.loads((tmp_path / GAME / "tts" / f"{GAME}.json").read_text(encoding="utf-8"))

    def names(node: object) -> list[str]:
        if isinstance(node, dict):
            own = [node["Nickname"]] if node.get("Name") == "Card" else []
            return own + [n for v in node.values() for n in names(v)]
        if isinstance(node, list):
            return [n for v in node for n in names(v)]
        return []

    cards = names(saved)
    assert len(cards) == 40 and "Coins 1" in cards and "Swords 10" in cards


def test_a_wrong_cell_is_said_at_its_row_and_column(tmp_path: Path) -> None:
    root = _copy(tmp_path)
    csv = root / GAME / "cards.csv"
    rows = csv.read_text(encoding="utf-8").splitlines()
    cells = rows[13].split(",")  # spreadsheet row 14: the 13th card
    cells[2] = "x"  # value
    rows[13] = ",".join(cells)
    cells = rows[20].split(",")  # row 21
    cells[1] = "spades"  # suit
    rows[20] = ",".join(cells)
    csv.write_text("\n".join(rows) + "\n", encoding="utf-8")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", root), 1)
    assert any(line.startswith(f"{csv}:14: value: must be a whole number (got 'x')")
               for line in lines), lines
    assert any(line.startswith(f"{csv}:21: suit: must be one of coins, hearts, stars, swords")
               for line in lines), lines
