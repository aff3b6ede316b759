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
     "    title: [700, 192, 855, 250]\n    key: [670, 262, 855, 340]\n", "    {}\n",
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


RENDERER_BUG = """
import sys
import {module} as where
owner = getattr(where, "{owner}") if "{owner}" else where

def broken(*args, **kwargs):
    raise TypeError("{name}() got an unexpected keyword argument 'colour'")

setattr(owner, "{name}", broken)
sys.argv = ["pnp", "build", "temple", "--paper", "a4", "--out", sys.argv[1]]
import pnp.cli
pnp.cli.main()
"""


@pytest.mark.parametrize(("module", "owner", "name"), [
    ("svglib.svglib", "SvgRenderer", "__init__"),  # as svglib before 2.3 took pnp's call
    ("svglib.svglib", "SvgRenderer", "render"),
    ("reportlab.graphics.renderPDF", "_PDFRenderer", "draw"),  # pnp's renderer is its child
])
def test_a_renderers_own_failure_is_an_internal_error(tmp_path: Path, module: str, owner: str,
                                                      name: str) -> None:
    """svglib or reportlab failing on every SVG (a release pnp cannot use) is pnp's fault:
    exit 70, one line asking for a report, no template or file of the user's named."""
    import subprocess
    import sys

    script = RENDERER_BUG.format(module=module, owner=owner, name=name)
    import os

    done = subprocess.run([sys.executable, "-c", script, str(tmp_path / "out")], cwd=ROOT,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PNP_CACHE": "0"})  # svglib run, not kept drawings
    assert done.returncode == 70, (done.returncode, done.stderr)
    lines = [ln for ln in done.stderr.splitlines() if ln.strip()]
    assert len(lines) == 1 and "internal error TypeError" in lines[0], lines
    assert "a bug in pnp" in lines[0] and f"{name}() got" in lines[0], lines
    assert "template" not in lines[0] and ".svg.j2" not in lines[0], lines
    assert "cannot be drawn" not in lines[0] and "Traceback" not in done.stderr


def test_svglib_failing_on_one_layer_blames_its_template() -> None:
    """svglib raises even a TypeError on broken path data; since it draws pnp's known-good
    SVG, the layer is to blame: a ContentError at its template (exit 1)."""
    from pnp.base.errors import ContentError
    from pnp.render import svglib_draw
    from pnp.render.layers import LayerStore

    assert svglib_draw.renderer_works()
    store = LayerStore(ROOT)
    face = store.parse('<svg xmlns="http://www.w3.org/2000/svg" width="40mm" height="30mm" '
                       'viewBox="0 0 40 30"><path d="M 10 L"/></svg>', "broken.svg.j2")
    with pytest.raises(ContentError, match=r"the SVG cannot be drawn: TypeError") as raised:
        store.drawing(face.layers[0])
    assert raised.value.path == "broken.svg.j2"


def test_reportlab_failing_inside_a_template_helper_is_not_the_templates() -> None:
    """A template reaches reportlab only through pnp's helpers: an exception out of
    reportlab's code is raised again for the CLI's internal error, while the template's own
    (a division by zero) stays a template error at its line."""
    import jinja2
    from reportlab.lib.colors import toColor

    from pnp.base.errors import ContentError
    from pnp.render.errors import template_error

    env = jinja2.Environment()
    env.globals["helper"] = lambda: toColor("no such colour")
    for source, fault in (("{{ helper() }}", None), ("{{ 1 // 0 }}", ContentError)):
        tpl = env.from_string(source)
        try:
            tpl.render()
        except Exception as exc:  # noqa: BLE001
            if fault is None:
                with pytest.raises(ValueError, match="no such colour"):
                    template_error(exc, tpl)
            else:
                assert isinstance(template_error(exc, tpl), fault)
        else:
            raise AssertionError(source)
