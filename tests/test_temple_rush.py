"""Temple Rush: the silhouette solver, the shipped cards, tokens, French text."""

from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, SEEDS, assert_clean_failure, run_pnp

from pnp.games.temple_rush.solver import connected, parse_shape, solve

GAME = "temple-rush"


def test_buildable_card_reports_its_build() -> None:
    found = solve(["...###", "..###.", "####.."], 3)
    assert found.bricks is not None and len(found.bricks) == 3
    assert sorted(b.length for b in found.bricks) == [3, 3, 4]
    assert connected(found.bricks)


def test_not_buildable_in_one_piece() -> None:
    found = solve(["##..##"], None)
    assert found.bricks is None and "its studs form 2 separate pieces" in found.reason


def test_too_many_bricks_of_one_size() -> None:
    found = solve(["####"] * 4, 4)  # 4 bricks means four 1x4: a player has three
    assert found.bricks is None
    assert "(4 bricks would take 4 × 1x4; a player has 3); the fewest that build it are 5: " \
        "write points: 5" in found.reason


def test_disconnected_rows() -> None:
    found = solve(["##...", "...##"], None)
    assert found.bricks is None and "separate pieces" in found.reason


def test_points_must_match_a_build() -> None:
    assert solve(["####"], 2).reason == ("no build from one player's bricks uses exactly 2 "
                                         "bricks (its points); the fewest that build it are 1: "
                                         "write points: 1")
    assert solve(["#" * 8, "#" * 8], 4).bricks is None  # side by side bricks do not join
    assert solve(["#" * 8, "#" * 8], 5).bricks is not None  # 4+4 over 2+4+2
    assert "a player has only 13" in solve(["#"] * 14, 14).reason


def test_shape_text_is_checked() -> None:
    assert solve(parse_shape("##x\n###"), None).reason.startswith("a shape uses only")
    assert solve(parse_shape("###\n..."), None).reason.startswith("the bottom row is empty")


def test_shipped_cards_and_rules_document() -> None:
    result = run_pnp("validate", GAME, "--rules-doc", SEEDS / "003_3c1db2a8b1a4b9c6.txt")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "15 of 15 with a phrase confirmed" in result.stdout


def test_unbuildable_card_in_content(content_copy: Path) -> None:
    cards = content_copy / GAME / "temples.yaml"
    text = cards.read_text().replace("    points: 3\n    shape: |\n      ####", "    points: 3\n    shape: |\n      ##.#", 1)
    cards.write_text(text)
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    assert any("temples.yaml:9: temples[0].shape: temple TR01 cannot be built from one player's "
               "13 bricks: its studs form 2 separate pieces" in ln
               for ln in lines), lines


def test_custom_temple_cards(tmp_path: Path) -> None:
    good = tmp_path / "mine.yaml"
    good.write_text("temples:\n  - id: my-temple\n    points: 3\n    shape: |\n      .##.\n      ####\n      ####\n")
    result = run_pnp("validate", GAME, "--custom", good)
    assert result.returncode == 0, result.stderr  # an addition: the rules count the shipped 32
    assert "my-temple" not in result.stderr
    bad = tmp_path / "bad.yaml"
    bad.write_text("temples:\n  - id: floating\n    points: 2\n    shape: |\n      #..#\n      #..#\n")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--custom", bad), 1)
    assert any("bad.yaml:5: temples[0].shape: temple floating cannot be built" in ln
               and "its studs form 2 separate pieces" in ln for ln in lines), lines


@pytest.fixture(scope="module")
def french(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tr")
    result = run_pnp("build", GAME, "--lang", "fr", "--out", out)
    assert result.returncode == 0, result.stderr
    return out / GAME


def test_cards_both_sides_alike(french: Path) -> None:
    pdf = pdfplumber.open(french / "temples.pdf")
    assert len(pdf.pages) == 8
    fronts = " ".join(pdf.pages[i].extract_text() for i in range(0, 8, 2))
    backs = " ".join(pdf.pages[i].extract_text() for i in range(1, 8, 2))
    for value in (3, 4, 5, 6):
        assert fronts.count(f"{value} points =") == 8
        assert backs.count(f"{value} points =") == 8


def test_french_text_with_accents(french: Path) -> None:
    boards = pdfplumber.open(french / "boards.pdf").pages[0].extract_text()
    assert "4 joueurs seulement : vide à 2 ou 3" in boards
    assert "Zone Bonus : une brique de chaque taille au plus" in boards
    solo = pdfplumber.open(french / "temples.pdf").pages[6].extract_text()
    assert "Règles solo".upper() in solo and "Mise en place" in solo
    assert "Découpez" in pdfplumber.open(french / "dice.pdf").pages[0].extract_text()


def test_power_tokens_duplex_alignment(french: Path) -> None:
    pdf = pdfplumber.open(french / "powers.pdf")
    width = pdf.pages[0].width
    def centres(page, word):  # noqa: ANN001, ANN202
        return sorted(((w["x0"] + w["x1"]) / 2, w["top"]) for w in page.extract_words()
                      if w["text"] == word)
    fronts = centres(pdf.pages[0], "Sac")
    backs = centres(pdf.pages[1], "utilisé")
    assert len(fronts) == 4 and len(backs) == 12
    for x, _top in fronts:  # each Sac token has its "used" face right behind it
        assert min(abs(width - x - bx) for bx, _ in backs) < 0.1 * MM


def test_counts_of_everything(french: Path) -> None:
    import json

    listed = json.loads((french / "manifest.json").read_text())["files"]
    files = {f["path"]: f["items"] for f in listed}
    assert files == {"temples.pdf": 32, "boards.pdf": 4, "powers.pdf": 12, "dice.pdf": 4,
                     "bricks.pdf": 1}
    guests = {g["component"]: g["items"] for f in listed for g in f.get("with", [])}
    assert guests == {"lightning": 1, "solo": 1, "points": 12, "stands": 3}
    bricks = pdfplumber.open(french / "bricks.pdf").pages[0]
    assert "13 par couleur" in bricks.extract_text()


def test_missing_translation(content_copy: Path, tmp_path: Path) -> None:
    others = content_copy / GAME / "others.yaml"
    others.write_text(others.read_text().replace("title: {fr: Règles solo, en: Solo rules}",
                                                 "title: {fr: Règles solo}"))
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    assert any("others.yaml:37: solo[0].title: no 'en' translation (has: fr)" in ln
               for ln in lines), lines
    assert run_pnp("validate", GAME, "--content", content_copy, "--lang", "fr").returncode == 0
    lines = assert_clean_failure(run_pnp("build", GAME, "--content", content_copy, "--lang", "en",
                                         "--out", tmp_path), 1)
    assert "no 'en' translation" in lines[0]
