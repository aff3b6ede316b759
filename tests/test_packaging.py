"""What a user installs: the wheel built from this repository installs into a fresh
virtual environment and builds every game from any folder; the command line follows the
usual conventions; the distribution declares exactly what pnp imports."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from conftest import ROOT, run_pnp

import pnp

PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text())


def test_version_help_and_quiet() -> None:
    version = run_pnp("--version")
    assert version.returncode == 0 and version.stdout.strip() == f"pnp {pnp.__version__}"
    for flag in ("-h", "--help"):
        result = run_pnp(flag)
        assert result.returncode == 0 and "Commands:" in result.stdout
    assert "--flip <long|short>" in run_pnp("build", "-h").stdout.replace("\n", " ")
    bad = run_pnp("validate", "temple", "--format", "xml")
    assert bad.returncode == 2 and "'xml' is not one of 'text', 'json'" in bad.stderr
    quiet = run_pnp("-q", "validate", "temple")
    assert quiet.returncode == 0 and quiet.stdout == ""


def test_list_and_build_as_json(tmp_path: Path) -> None:
    listed = json.loads(run_pnp("list", "--format", "json").stdout)
    temple = next(g for g in listed["games"] if g["id"] == "temple")
    assert {c["id"]: c["count"] for c in temple["components"]} == {
        "board": 1, "stones": 18, "reference": 1}
    built = run_pnp("build", "temple", "--format", "json", "--out", tmp_path)
    assert built.returncode == 0, built.stderr
    result = json.loads(built.stdout)["built"]
    manifest = json.loads((tmp_path / "temple" / "manifest.json").read_text())
    assert result[0]["files"] == manifest["files"]


def _imported_top_level(folder: Path) -> set[str]:
    names = set()
    for path in folder.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names |= {a.name.split(".")[0] for a in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
    return names - set(sys.stdlib_module_names) - {"pnp"}


def test_dependencies_are_exactly_what_pnp_imports() -> None:
    import re

    declared = {re.split(r"[<>=!~\[ ]", d)[0].lower() for d in
                PYPROJECT["project"]["dependencies"]}
    as_imported = {"pyyaml": "yaml", "fontpkg-fira-sans": "fontpkg_fira_sans", "pillow": "PIL"}
    declared_modules = {as_imported.get(d, d) for d in declared}
    imported = _imported_top_level(ROOT / "pnp")
    optional = {m for extra in PYPROJECT["project"].get("optional-dependencies", {}).values()
                for m in (re.split(r"[<>=!~\[ ]", d)[0].lower() for d in extra)}
    optional_modules = {"pypdfium2", "pillow", "PIL",  # lazily, for export
                        "openpyxl", "python_calamine",  # the 'sheets' extra
                        "pikepdf", "numpy"} & imported  # the 'shops' extra
    assert imported - optional_modules <= declared_modules | {"fontpkg_fira_sans"}, imported
    assert declared_modules - {"fontpkg_fira_sans"} <= imported  # nothing declared unused
    for module in optional_modules:
        assert module.lower().replace("_", "-") in declared | optional | {"pil"}, module
    assert "svgwrite" not in declared  # pnp draws with Jinja SVG templates


def test_one_version_and_a_licence() -> None:
    assert "version" in PYPROJECT["project"]["dynamic"]
    assert PYPROJECT["tool"]["hatch"]["version"]["path"] == "pnp/__init__.py"
    assert PYPROJECT["project"]["name"] != "pnp"  # the PyPI name belongs to another project
    assert "MIT License" in (ROOT / "LICENSE").read_text()


@pytest.mark.skipif(os.environ.get("PNP_SKIP_WHEEL") == "1", reason="PNP_SKIP_WHEEL=1")
def test_wheel_installs_into_a_fresh_venv_and_builds_every_game(tmp_path: Path) -> None:
    """Built from the repository, installed with its dependencies into an empty virtual
    environment, run from an unrelated folder: every shipped game builds."""
    wheel_dir = tmp_path / "wheel"
    made = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                           str(wheel_dir), str(ROOT)], capture_output=True, text=True)
    if made.returncode != 0 and "No matching distribution" in made.stderr:
        pytest.skip("no package index to fetch the build backend from")
    assert made.returncode == 0, made.stderr
    wheel = next(wheel_dir.glob("*.whl"))
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = venv / "bin" / "python"
    installed = subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)],
                               capture_output=True, text=True)
    if installed.returncode != 0 and ("No matching distribution" in installed.stderr
                                      or "NewConnectionError" in installed.stderr):
        pytest.skip("no package index to install the dependencies from")
    assert installed.returncode == 0, installed.stderr
    away = tmp_path / "elsewhere"
    away.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    where = subprocess.run([str(python), "-c", "import pnp; print(pnp.__file__)"], cwd=away,
                           capture_output=True, text=True, env=env)
    assert str(venv) in where.stdout, where.stdout  # the wheel's copy, not the repository
    built = subprocess.run([str(venv / "bin" / "pnp"), "build", "--out", "out"], cwd=away,
                           capture_output=True, text=True, env=env)
    assert built.returncode == 0, built.stderr
    games = sorted(p.name for p in (away / "out").iterdir() if p.is_dir())
    assert games == ["dice-trip", "temple", "temple-of-doom", "temple-rush", "temple-trip"]
    assert all((away / "out" / g / "manifest.json").exists() for g in games)
