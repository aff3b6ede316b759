"""`pnp validate`: the shipped game holds, the rules document confirms it, and a
document or custom file that disagrees is reported line by line."""

import json
from pathlib import Path

from conftest import FIXTURES, TOD_RULES, assert_clean_failure, run_pnp

GAME = "temple-of-doom"


def test_shipped_game_is_valid_and_says_what_it_checked() -> None:
    result = run_pnp("validate", GAME)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.startswith("temple-of-doom: ok")
    assert "22 expectations checked" in out
    assert "rendered   5 components in en on a4, letter" in out
    for check in ("pdf-resources", "fonts", "glyphs", "text-size", "text-placement",
                  "printable-area", "colour-cues", "fits"):
        assert f"{check} " in out, check
    # problems go to stderr, results to stdout; the only warnings are the gaps the
    # game's own issue will close, each saying so
    assert all("[known gap: issue" in ln for ln in result.stderr.splitlines()), result.stderr


def test_rules_document_confirms_every_phrase() -> None:
    result = run_pnp("validate", GAME, "--rules-doc", TOD_RULES)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "16 of 16 with a phrase confirmed by the rules document" in result.stdout
    assert all("known gap" in ln for ln in result.stderr.splitlines() if "warning" in ln)


def test_rules_document_mismatch_is_an_error(tmp_path: Path) -> None:
    doc = tmp_path / "rules.txt"
    text = TOD_RULES.read_text()
    assert "All 54 cards" in text and "deal yourself 9 cards" in text
    doc.write_text(text.replace("All 54 cards", "All 55 cards").replace(
        "deal yourself 9 cards", "deal yourself 8 cards"))
    lines = assert_clean_failure(run_pnp("validate", GAME, "--rules-doc", doc), 1)
    assert any("game.yaml:" in ln and "rules.txt says 55 for 'all {n} cards', the content expects 54"
               in ln for ln in lines), lines
    assert any("says 8 for 'deal yourself {n} cards'" in ln for ln in lines), lines


def test_rules_document_missing_phrase_is_a_warning(tmp_path: Path) -> None:
    doc = tmp_path / "rules.txt"
    doc.write_text(TOD_RULES.read_text().replace("each containing 18 cards", "each of them"))
    result = run_pnp("validate", GAME, "--rules-doc", doc)
    assert result.returncode == 0
    assert "warning: 'each containing {n} cards' not found in rules.txt" in result.stdout + result.stderr


def test_another_games_rules_document_is_an_error() -> None:
    """A document that confirms none of the game's phrases is not this game's rules (the
    Temple Trip rules given for Temple of Doom passed with 16 warnings and exit 0)."""
    other = TOD_RULES.parent / "000_9eba112ed73a837e.txt"  # Temple Trip's rules
    lines = assert_clean_failure(run_pnp("validate", GAME, "--rules-doc", other), 1)
    assert any(ln.startswith(f"{other}: holds none of the 16 phrases") and
               "is it the rules of Temple of Doom?" in ln for ln in lines), lines
    assert not any("not found in" in ln for ln in lines), lines  # one line, not sixteen


def test_unreadable_rules_document(tmp_path: Path) -> None:
    lines = assert_clean_failure(run_pnp("validate", GAME, "--rules-doc", tmp_path / "nope.txt"), 2)
    assert "nope.txt: rules document not found" in lines[0]


def test_json_report() -> None:
    result = run_pnp("validate", GAME, "--format", "json")
    assert result.returncode == 0
    report = json.loads(result.stdout)
    game = report["games"][0]
    assert game["game"] == GAME and game["ok"] is True
    assert game["checked"]["papers"] == ["a4", "letter"] and game["checked"]["pages"] > 0
    assert set(game["checked"]["preflight"]) >= {"pdf-resources", "text-size", "colour-cues"}
    assert all(p["severity"] == "warning" and p["check"] for p in game["problems"])


def test_custom_cards_are_checked_like_shipped_ones(tmp_path: Path) -> None:
    custom = tmp_path / "my-cards.yaml"
    custom.write_text(
        "cards:\n"
        "  - {id: X1, background: green, value: 2, border: red, symbol: drop}\n"
        "  - {id: X2, background: teal, value: 2, border: red, symbol: drop}\n")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--custom", custom), 1)
    assert any("my-cards.yaml:3: cards[1].background: must be one of brown, pink, green (got 'teal')"
               in ln for ln in lines), lines
    # once the file is valid, its card is an addition: the rules count the shipped 54
    custom.write_text("cards:\n  - {id: X1, background: green, value: 2, border: red, symbol: drop}\n")
    result = run_pnp("validate", GAME, "--custom", custom)
    assert result.returncode == 0, result.stderr


def test_custom_file_naming_an_unknown_component(tmp_path: Path) -> None:
    custom = tmp_path / "extra.yaml"
    custom.write_text("card:\n  - {id: X1}\n")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--custom", custom), 1)
    assert any("extra.yaml:1: card: unknown component; did you mean 'cards'?" in ln for ln in lines), lines


def test_custom_cards_print(tmp_path: Path) -> None:
    """A user's cards in their own file print with the probe deck."""
    import pdfplumber

    custom = tmp_path / "mine.yaml"
    custom.write_text("cards:\n  - {id: m1, label: Tom & Jerry <3}\n")
    out = tmp_path / "out"
    # the probe expects 12 cards: the 13th is the user's addition, printed after them
    result = run_pnp("build", "probe", "--content", FIXTURES, "--custom", custom, "--out", out)
    assert result.returncode == 0, result.stderr
    assert "Tom & Jerry <3" in pdfplumber.open(out / "probe" / "cards.pdf").pages[2].extract_text()
    # ...and with the shipped deck one card short, the counts fail on the shipped content
    (tmp_path / "content" / "probe").mkdir(parents=True)
    import shutil
    shutil.copytree(FIXTURES / "probe", tmp_path / "content" / "probe", dirs_exist_ok=True)
    cards = tmp_path / "content" / "probe" / "cards.yaml"
    cards.write_text("\n".join(cards.read_text().splitlines()[:-1]) + "\n")
    lines = assert_clean_failure(run_pnp("build", "probe", "--content", tmp_path / "content",
                                         "--custom", custom, "--out", out), 1)
    assert any("cards.yaml" in ln and "expected 12, got 11" in ln for ln in lines), lines
