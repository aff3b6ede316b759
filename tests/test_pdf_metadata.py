"""What each PDF says of itself (a viewer's document properties, what a screen reader
reads): the title in the language it is printed in, that language as /Lang, the game's
author from game.yaml (never "pnp", which is its Creator and Producer); and the same
input still gives the same bytes."""

from __future__ import annotations

from pathlib import Path

from conftest import run_pnp
from pypdf import PdfReader


def _about(pdf: Path) -> tuple[str, str, str, str, str]:
    reader = PdfReader(pdf)
    info = reader.metadata
    return (info["/Title"], str(reader.trailer["/Root"].get("/Lang")), info["/Author"],
            info["/Creator"], info["/Producer"])


def test_the_french_build_is_titled_and_tagged_in_french(tmp_path: Path) -> None:
    for lang in ("fr", "en"):
        result = run_pnp("build", "temple-rush", "--lang", lang, "--out", tmp_path / lang)
        assert result.returncode == 0, result.stderr
    fr, en = tmp_path / "fr" / "temple-rush", tmp_path / "en" / "temple-rush"
    assert _about(fr / "temples.pdf") == ("Temple Rush: Cartes Temple", "fr", "", "pnp", "pnp")
    assert _about(en / "temples.pdf") == ("Temple Rush: Temple cards", "en", "", "pnp", "pnp")
    assert _about(fr / "boards.pdf")[:2] == ("Temple Rush: Plateaux individuels", "fr")
    again = run_pnp("build", "temple-rush", "--lang", "fr", "--out", tmp_path / "again")
    assert again.returncode == 0, again.stderr
    for pdf in sorted(fr.glob("*.pdf")):
        assert pdf.read_bytes() == (tmp_path / "again" / "temple-rush" / pdf.name).read_bytes()


def test_the_author_is_the_games_own(tmp_path: Path) -> None:
    assert run_pnp("new", "moon-sun", "--content", tmp_path / "c").returncode == 0
    game = tmp_path / "c" / "moon-sun" / "game.yaml"
    game.write_text(game.read_text().replace("name: Moon Sun\n",
                                             "name: Moon Sun\nauthor: Ada Lovelace\n"))
    result = run_pnp("build", "moon-sun", "--content", tmp_path / "c", "--out", tmp_path / "o")
    assert result.returncode == 0, result.stderr
    assert _about(tmp_path / "o" / "moon-sun" / "cards.pdf") == (
        "Moon Sun: Cards", "en", "Ada Lovelace", "pnp", "pnp")


def test_a_print_shop_pdf_says_its_language_and_author(tmp_path: Path) -> None:
    assert run_pnp("new", "moon-sun", "--content", tmp_path / "c").returncode == 0
    game = tmp_path / "c" / "moon-sun" / "game.yaml"
    game.write_text(game.read_text().replace("name: Moon Sun\n",
                                             "name: Moon Sun\nauthor: Ada Lovelace\n"))
    result = run_pnp("export", "moon-sun", "--content", tmp_path / "c", "--format",
                     "print-shop", "--out", tmp_path / "o")
    assert result.returncode == 0, result.stderr
    assert _about(tmp_path / "o" / "moon-sun" / "print-shop" / "cards.pdf") == (
        "Cards (print shop)", "en", "Ada Lovelace", "pnp", "pnp")
