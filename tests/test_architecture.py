"""The map of the code holds: stages import only earlier stages (the import-linter contract
in pyproject.toml), no import cycle anywhere in pnp, the core names no game, every module
fits a small room, and ARCHITECTURE.md names every package that exists."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "pnp"
MAX_LINES = 300
GAME_IDS = [p.parent.name for p in (ROOT / "content").glob("*/game.yaml")]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("pnp", cache_dir=None)


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_the_import_contracts_are_kept(capsys: pytest.CaptureFixture[str]) -> None:
    import logging

    from importlinter.cli import lint_imports

    loggers = [lg for lg in logging.root.manager.loggerDict.values()
               if isinstance(lg, logging.Logger) and not lg.disabled]
    code = lint_imports(config_filename=str(ROOT / "pyproject.toml"), no_cache=True,
                        no_logo=True)
    for lg in loggers:  # its logging set-up disables every logger (svglib's: pnp reads it)
        lg.disabled = False
    report = capsys.readouterr().out
    contracts = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"][
        "contracts"]
    assert code == 0, report
    assert f"Contracts: {len(contracts)} kept, 0 broken." in report, report


def test_the_layers_contract_lists_every_package() -> None:
    """A new package must take its place in the stages, not slip between them."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]
    layers = next(c for c in config["contracts"] if c["type"] == "layers")["layers"]
    named = {name.strip() for layer in layers for name in layer.split("|")}
    packages = {f"pnp.{p.stem}" for p in PACKAGE.iterdir()
                if (p / "__init__.py").exists() or p.suffix == ".py"}
    packages -= {"pnp.__init__", "pnp.__main__"}
    assert packages == named


def test_no_import_cycles(graph: grimp.ImportGraph) -> None:
    """Counted with the imports inside functions and under TYPE_CHECKING."""
    cycles = []
    for module in sorted(graph.modules):
        for other in graph.find_modules_directly_imported_by(module):
            if graph.chain_exists(importer=other, imported=module):
                cycles.append(f"{module} <-> {other}")
    assert not cycles, cycles


def test_the_core_names_no_game() -> None:
    """Games are found through their hooks (entry points), never by name."""
    assert len(GAME_IDS) == 5
    spellings = {form for gid in GAME_IDS for form in (gid, gid.replace("-", "_"))}
    word = re.compile(r"(?<![\w-])(" + "|".join(map(re.escape, sorted(spellings))) +
                      r")(?![\w-])", re.IGNORECASE)
    found = []
    for path in _modules():
        if "games" in path.relative_to(PACKAGE).parts:
            continue
        for number, line in enumerate(path.read_text().splitlines(), 1):
            if word.search(line) or re.search(r"\b(from|import) +pnp\.games\b", line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert not found, "\n".join(found)


def test_every_module_fits_a_small_room() -> None:
    long = {str(p.relative_to(ROOT)): n for p in _modules()
            if (n := len(p.read_text().splitlines())) > MAX_LINES}
    assert not long, long


def test_no_family_of_modules_told_apart_by_prefix() -> None:
    """`board_tiles.py` beside `board.py`, or `dice_trip_map.py` beside `dice_trip_zones.py`:
    a family that wants to be a package."""
    families = []
    for folder in {p.parent for p in _modules()}:
        names = sorted(p.stem for p in folder.glob("*.py") if not p.stem.startswith("_"))
        for name in names:
            heads = [other for other in names if other.startswith(f"{name}_")]
            if heads:
                families.append(f"{folder.relative_to(ROOT)}: {name}, {', '.join(heads)}")
        prefixes: dict[str, list[str]] = {}
        for name in names:
            if "_" in name:
                prefixes.setdefault(name.split("_")[0], []).append(name)
        families += [f"{folder.relative_to(ROOT)}: {', '.join(group)}"
                     for group in prefixes.values() if len(group) > 1]
    assert not families, families


def test_architecture_md_names_every_package() -> None:
    text = (ROOT / "ARCHITECTURE.md").read_text()
    for package in sorted(p for p in PACKAGE.iterdir() if (p / "__init__.py").exists()):
        assert f"pnp/{package.name}/" in text, package.name
