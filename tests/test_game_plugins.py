"""A game from another installed package: found through the entry point group `pnp.games`,
listed, validated with its own hooks and built, like pnp's own games."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from pypdf import PdfReader

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "plugin-game"


@pytest.fixture(scope="module")
def plugin_python(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A virtual environment that sees the test environment's packages (pnp included)
    with the fixture game's package installed into it by pip."""
    where = tmp_path_factory.mktemp("plugin")
    venv = where / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--system-site-packages", str(venv)],
                   check=True)
    python = venv / "bin" / "python"
    source = where / "src"
    shutil.copytree(FIXTURE, source)  # pip builds in the source folder: keep tests/ clean
    installed = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-deps",
                                str(source)], capture_output=True, text=True)
    if installed.returncode != 0 and ("No matching distribution" in installed.stderr
                                      or "NewConnectionError" in installed.stderr):
        pytest.skip("no package index to fetch setuptools (the fixture's build backend)")
    assert installed.returncode == 0, installed.stderr
    shutil.rmtree(source)  # the game is read from the installed copy, not from here
    return python


def _pnp(python: Path, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    return subprocess.run([str(python), "-m", "pnp", *args], cwd=cwd, capture_output=True,
                          text=True, env=env, timeout=300)


def test_an_installed_game_is_listed_beside_the_shipped_ones(plugin_python: Path,
                                                              tmp_path: Path) -> None:
    listed = _pnp(plugin_python, "list", "--format", "json", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    ids = [g["id"] for g in json.loads(listed.stdout)["games"]]
    assert "fixture-dominoes" in ids and "temple-of-doom" in ids


def test_an_installed_game_validates_with_its_own_hooks(plugin_python: Path,
                                                         tmp_path: Path) -> None:
    checked = _pnp(plugin_python, "validate", "fixture-dominoes", "--format", "json",
                   cwd=tmp_path)
    assert checked.returncode == 0, checked.stderr + checked.stdout
    report = json.loads(checked.stdout)["games"][0]
    assert report["ok"] and report["expectations"] == 2, report  # one answered by its hook


def test_an_installed_game_builds(plugin_python: Path, tmp_path: Path) -> None:
    built = _pnp(plugin_python, "build", "fixture-dominoes", "--out", "out", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    pdf = tmp_path / "out" / "fixture-dominoes" / "cards.pdf"
    pages = PdfReader(pdf).pages
    assert len(pages) == 2  # six poker cards on one A4 page, and their backs
    width_mm, height_mm = (float(v) * 25.4 / 72 for v in pages[0].mediabox[2:])
    assert (round(width_mm), round(height_mm)) == (210, 297)
    assert "First Light" in pages[0].extract_text()


def test_its_rule_check_runs_on_a_users_copy(plugin_python: Path, tmp_path: Path) -> None:
    """The hooks follow the game's id: a copy of its folder in the user's content, with two
    cards of one title, is judged by the game's own rule."""
    listed = _pnp(plugin_python, "-q", "list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    probe = subprocess.run([str(plugin_python), "-c", "import pnp_fixture_game as g; "
                            "print(g.HOOKS.folder)"], capture_output=True, text=True,
                           cwd=tmp_path)
    shutil.copytree(Path(probe.stdout.strip()), tmp_path / "content" / "fixture-dominoes")
    cards = tmp_path / "content" / "fixture-dominoes" / "cards.yaml"
    cards.write_text(cards.read_text().replace("title: High Noon", "title: First Light"))
    checked = _pnp(plugin_python, "validate", "fixture-dominoes", cwd=tmp_path)
    assert checked.returncode == 1, checked.stderr
    assert "cards.yaml:4: title: 'First Light' is the title of another card" in checked.stderr


def test_the_quick_scan_agrees_with_importlib_metadata(plugin_python: Path,
                                                       tmp_path: Path) -> None:
    """pnp reads the entry point files itself to skip importlib.metadata (25 ms) for games
    with no code; it must find exactly the games importlib.metadata finds."""
    code = ("from pnp.load.registry import declared, registered; "
            "print(declared() == {k: p.value for k, p in registered().items()}, "
            "sorted(registered()))")
    for python in (Path(sys.executable), plugin_python):
        answer = subprocess.run([str(python), "-c", code], capture_output=True, text=True,
                                cwd=tmp_path)
        assert answer.stdout.startswith("True"), answer.stdout + answer.stderr
    assert "fixture-dominoes" in answer.stdout
