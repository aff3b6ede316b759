"""Truthful blame (issue 29): content a user broke is reported at the user's file, line and
key, saying what is expected, never as a fault of one of pnp's own templates
("template uses an undefined value" in templates/<game>/..., "template '42' not found").
Validate and build agree: the same problem, exit 1."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import ROOT, edited_game, run_in_process

TEMPLATES = str(ROOT / "templates")


_copy, _run = edited_game, run_in_process


# (id, game, file, old, new, the problem line: the user's file:line: key: what is expected)
CASES = [
    ("template-name-a-number", "temple", "game.yaml", "    front: board.svg.j2",
     "    front: 42", r"temple/game\.yaml:\d+: components\.board\.front: must be a template "
     r"file name such as card-front\.svg\.j2 \(got 42\)"),
    ("reference-point-not-a-mapping", "temple", "reference.yaml",
     '- {head: Goal, text: "Bring one of your stones onto the Artemis field at the far end."}',
     "- 42", r"temple/reference\.yaml:\d+: reference\[0\]\.sides\[0\]\.points\[0\]: must be a "
     r"mapping \(got 42\)"),
    ("reference-points-not-a-list", "temple-of-doom", "reference.yaml",
     "      - title: Table and score\n        points:\n",
     "      - title: Table and score\n        points: true\n      - title: x\n        points:\n",
     r"temple-of-doom/reference\.yaml:\d+: reference\[1\]\.sides\[1\]\.points: must be a "
     r"list \(got [Tt]rue\)"),
    ("solo-text-language-missing", "temple-rush", "others.yaml",
     "head: {fr: Mise en place, en: Set up}", "head: {fr: Mise en place}",
     r"temple-rush/others\.yaml:\d+: solo\[0\]\.points\[0\]\.head: no text for en \(the "
     r"game's languages: fr, en\)"),
    ("player-name-language-missing", "temple-rush", "game.yaml",
     "name: {fr: rouge, en: red}", "name: {en: red}",
     r"temple-rush/game\.yaml:173: data\.players\.red\.name: no text for fr"),
    ("player-colour-missing", "temple-rush", "game.yaml",
     '    yellow: {fill: "#e9b61c", light: "#faedc2", name: {fr: jaune, en: yellow}, mark: '
     'circle}\n', "", r"temple-rush/game\.yaml:172: data\.players: no entry for yellow \(a "
     r"choice of boards\.colour: the templates draw it from here\)"),
    ("drawn-field-not-a-choice", "temple-of-doom", "game.yaml",
     "      symbol: {type: choice, choices: [drop, hammers, circles, bricks, wheel, arrow]}\n"
     "    preflight", "      symbol: {}\n    preflight",
     r"temple-of-doom/game\.yaml:\d+: components\.cards\.fields\.symbol: must be a choice"),
    ("region-colour-missing", "temple-trip", "game.yaml",
     'Desert: {sky: "#f6dfb3", ground: "#d9a25f", ink: "#6e3f12"}',
     'Desert: {sky: "#f6dfb3", ground: "#d9a25f"}',
     r"temple-trip/game\.yaml:\d+: data\.regions\.Desert\.ink: required key is missing"),
    ("country-missing", "temple-trip", "game.yaml", "    USA: {name: United States}\n", "",
     r"temple-trip/game\.yaml:\d+: data\.countries: no entry for USA \(a choice of "
     r"temples\.country"),
    ("quickstart-border-missing", "temple-trip", "game.yaml",
     '    red: {fill: "#c8312b", name: "RED · all players obey"}\n', "",
     r"temple-trip/game\.yaml:\d+: data\.borders: no entry for red \(the QuickStart's key "
     r"draws"),
    ("board-panels-missing", "temple-trip", "board.yaml",
     "    title: [660, 262, 855, 318]\n    key: [440, 352, 600, 424]\n", "    {}\n",
     r"temple-trip/board\.yaml:\d+: board\.panels: no box for title and key"),
    ("legend-three-symbols", "temple-trip", "legend.yaml", "{symbol: [road, air], name",
     "{symbol: [road, air, road], name", r"temple-trip/legend\.yaml:15: "
     r"legend\[0\]\.entries\[3\]\.symbol: the card draws one symbol, \[road, air\], two "
     r"cones or two squares \(got \[road, air, road\]\)"),
]


@pytest.mark.parametrize(("game", "file", "old", "new", "said"),
                         [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_problem_blames_the_users_content(tmp_path: Path, game: str, file: str, old: str,
                                          new: str, said: str) -> None:
    content = _copy(tmp_path, game, file, old, new)
    code, checked = _run(["validate", game, "--content", str(content), "--paper", "a4"])
    assert code == 1, (code, checked)
    assert not [ln for ln in checked if TEMPLATES in ln or "/templates/" in ln], checked
    assert not [ln for ln in checked if "template" in ln and "not found" in ln], checked
    found = [ln for ln in checked if re.search(said, ln)]
    assert found, checked
    assert all(str(content / game) in ln for ln in found), found  # the user's own file
    code, built = _run(["build", game, "--content", str(content), "--paper", "a4",
                        "--out", str(tmp_path / "out")])
    assert code == 1, (code, built)
    assert set(found) <= set(built), (found, built)
