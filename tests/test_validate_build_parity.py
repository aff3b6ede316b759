"""Nothing passes `pnp validate` and then fails `pnp build`: shipped games broken on
purpose, in their content and in their templates, are judged alike by both, on every
paper and in every language validate checks."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import ROOT

from pnp.base.errors import PnpError
from pnp.layout.options import BuildOptions
from pnp.load.content import shipped_dir
from pnp.pipeline.build import build_game
from pnp.pipeline.validation import validate_game

# (game, file, text to replace, replacement): each breaks the game in one way a user might
MUTATIONS = [
    ("temple-of-doom", "game.yaml", "languages: [en]", "languages: [de]"),
    ("temple-of-doom", "game.yaml", 'brown: {fill: "#74441f"', "brown: {fill: null"),
    ("temple-of-doom", "game.yaml", 'red: {fill: "#d0302a"', 'red: {fill: "#d0302"'),
    ("temple-of-doom", "game.yaml", 'red: {fill: "#d0302a", ink: "#ffffff", name: RED',
     'red: {fill: "#d0302a", ink: "#ffffff", name: RED RED RED RED RED RED'),
    ("temple-of-doom", "game.yaml", "drop: {name: Drop,", "drop: {name: Droplet of the deep well,"),
    ("temple-of-doom", "game.yaml", "size: 32mm", "size: 20mm"),
    ("temple-of-doom", "game.yaml", "size: 32mm", "size: 300mm"),
    ("temple-of-doom", "game.yaml", "size: 12mm", "size: 30mm"),
    ("temple-of-doom", "game.yaml", "size: poker", "size: mini"),
    ("temple-of-doom", "templates/card-front.svg.j2", 'font-family="Fira Sans" font-size="3"',
     'font-family="Arial" font-size="3"'),
    ("temple-of-doom", "templates/card-front.svg.j2", 'font-size="10"', 'font-size="1.5"'),
    ("temple-of-doom", "templates/card-front.svg.j2", '<text x="13" y="18.4"',
     '<text x="0.5" y="18.4"'),
    ("temple-of-doom", "templates/layout.svg.j2", "{% set rx = W - 72 %}", "{% set rx = 240 %}"),
    ("temple-rush", "game.yaml", "lightning_text: \"Manche", "lightning_text: \"" + "Très " * 60 + "Manche"),
    ("temple-rush", "game.yaml", "hammer: Hammer & Chisel", "hammer: Hammer, Chisel and Mallet"),
    ("dice-trip", "game.yaml", "      tracker: ZAHLENLEISTE", "      trackr: ZAHLENLEISTE"),
    ("dice-trip", "game.yaml", "      title: DICE TRIP\n      name: Name\n      score: SCORE",
     "      title: DICE TRIP\n      name: Name\n      score: SCORE ☃"),
    ("temple", "reference.yaml", "Bring one of your stones", "Bring one " + "of your many " * 40 + "stones"),
]


def _mutated(tmp_path: Path, game: str, file: str, old: str, new: str) -> Path:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / game, content / game)
    target = content / game / file
    if file.startswith("templates/") and not target.exists():
        target.parent.mkdir(exist_ok=True)
        shutil.copy(ROOT / "templates" / game / Path(file).name, target)
    text = target.read_text()
    assert old in text, (file, old)
    target.write_text(text.replace(old, new, 1))
    return content / game


@pytest.mark.parametrize("game,file,old,new", MUTATIONS,
                         ids=[f"{g}:{f}:{i}" for i, (g, f, _, _) in enumerate(MUTATIONS)])
def test_validate_and_build_agree(tmp_path: Path, game: str, file: str, old: str,
                                  new: str) -> None:
    folder = _mutated(tmp_path, game, file, old, new)
    report = validate_game(folder, [], None, None, ["a4", "letter"], None)
    languages = report.languages or [None]
    for paper in ("a4", "letter"):
        for lang in languages:
            try:
                build_game(folder, shipped_dir("templates"), tmp_path / "out",
                           BuildOptions(paper=paper, lang=lang))
                built = True
            except PnpError as exc:
                built = False
                assert not report.ok, f"build ({paper}, {lang}) fails but validate passed: " \
                                      f"{exc.format()} {getattr(exc, 'problems', '')}"
            if report.ok:
                assert built
    if not report.ok:  # every problem is one located line
        assert all(p.path for p in report.problems if p.severity == "error"), report.problems


def test_content_defects_fail_validate_with_exit_1(tmp_path: Path) -> None:
    """As a user runs it: a colour left empty and a colour that is not one fail
    `pnp validate` (exit 1, the file and line named) and `pnp build` writes nothing."""
    from conftest import assert_clean_failure, run_pnp

    for i, (old, new, said) in enumerate([
            ('brown: {fill: "#74441f"', "brown: {fill: null", "game.yaml:"),
            ('red: {fill: "#d0302a"', 'red: {fill: "#d0302"', "data.borders.red.fill: must be "
             "a colour: #rrggbb, #rgb or a name such as 'red' (got '#d0302')")]):
        folder = _mutated(tmp_path / str(i), "temple-of-doom", "game.yaml", old, new)
        lines = assert_clean_failure(run_pnp("validate", "temple-of-doom", "--content",
                                             folder.parent), 1)
        assert any(said in ln for ln in lines), lines
        assert_clean_failure(run_pnp("build", "temple-of-doom", "--content", folder.parent,
                                     "--out", tmp_path / str(i) / "out"), 1)
        assert not (tmp_path / str(i) / "out" / "temple-of-doom").exists()


def test_a_game_without_english_builds_in_its_own_language(tmp_path: Path) -> None:
    """`languages: [de]` with plain texts: validate and build agree, and build needs no
    --lang (it took English before and stopped with exit 2)."""
    from conftest import run_pnp

    folder = _mutated(tmp_path, "temple-of-doom", "game.yaml", "languages: [en]",
                      "languages: [de]")
    assert run_pnp("validate", "temple-of-doom", "--content", folder.parent).returncode == 0
    build = run_pnp("build", "temple-of-doom", "--content", folder.parent, "--out", tmp_path / "o")
    assert build.returncode == 0, build.stderr
