"""`pnp new`: a designer's first command gives a game that validates and builds as it
is, and never touches what exists."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
from conftest import assert_clean_failure, run_pnp


def test_new_game_validates_and_builds(tmp_path: Path) -> None:
    made = run_pnp("new", "moon-sun", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    folder = tmp_path / "content" / "moon-sun"
    assert sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()) \
        == ["cards.yaml", "game.yaml", "templates/card-back.svg.j2",
            "templates/card-front.svg.j2"]
    assert "pnp validate moon-sun && pnp build moon-sun" in made.stdout
    checked = run_pnp("validate", "moon-sun", cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr
    assert "1 expectations checked" in checked.stdout and checked.stderr == ""
    built = run_pnp("build", "moon-sun", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    pdf = pdfplumber.open(tmp_path / "output" / "moon-sun" / "cards.pdf")
    assert len(pdf.pages) == 2  # 6 cards, then their backs
    text = pdf.pages[0].extract_text()
    assert "First Light" in text and "Eclipse" in text and "Moon Sun" in pdf.pages[1].extract_text().title()


def test_new_game_elsewhere_and_refusals(tmp_path: Path) -> None:
    assert run_pnp("new", "deck-2", "--content", tmp_path / "games").returncode == 0
    assert run_pnp("validate", "deck-2", "--content", tmp_path / "games").returncode == 0
    before = (tmp_path / "games" / "deck-2" / "cards.yaml").read_text()
    lines = assert_clean_failure(run_pnp("new", "deck-2", "--content", tmp_path / "games"), 2)
    assert "already exists" in lines[0]
    assert (tmp_path / "games" / "deck-2" / "cards.yaml").read_text() == before
    assert run_pnp("new", "-dash", "--content", tmp_path / "games").returncode == 2
    for bad in ("../escape", "My Game", "x" * 41, "a--b", "9lives"):
        lines = assert_clean_failure(run_pnp("new", bad, "--content", tmp_path / "games"), 2)
        assert "a game name is lowercase letters" in lines[0], bad
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == ["deck-2"]
    assert not (tmp_path / "escape").exists()
