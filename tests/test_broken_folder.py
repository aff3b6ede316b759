"""One broken game folder is reported while the other games still list, validate and
build: the worst exit code, every sound game done."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES, run_pnp


@pytest.fixture()
def content(tmp_path: Path) -> Path:
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / "probe", root / "probe")
    (root / "broken").mkdir()
    (root / "broken" / "game.yaml").write_text("id: [\n")
    return root


ERROR = "content/broken/game.yaml:2: malformed YAML"


def test_list_shows_the_other_games(content: Path) -> None:
    result = run_pnp("list", "--content", content, cwd=content.parent)
    assert result.returncode == 2
    assert "probe:" in result.stdout and "broken: cannot be read" in result.stdout
    assert ERROR in result.stderr and "Traceback" not in result.stderr
    data = json.loads(run_pnp("list", "--format", "json", "--content", content,
                              cwd=content.parent).stdout)
    assert {g["id"]: g["loads"] for g in data["games"]} == {"broken": False, "probe": True}


def test_validate_checks_the_other_games(content: Path) -> None:
    result = run_pnp("validate", "--content", content, cwd=content.parent)
    assert result.returncode == 2
    assert "probe: ok" in result.stdout and "broken: 1 error(s)" in result.stdout
    assert ERROR in result.stderr


def test_build_writes_the_other_games(content: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = run_pnp("build", "--content", content, "--out", out, cwd=content.parent)
    assert result.returncode == 2
    assert (out / "probe" / "cards.pdf").read_bytes().startswith(b"%PDF-")
    assert not (out / "broken").exists()
    assert ERROR in result.stderr
    assert "1 game(s) failed (broken); the others were built" in result.stderr


def test_the_broken_game_alone_fails_in_one_line(content: Path) -> None:
    result = run_pnp("validate", "broken", "--content", content, cwd=content.parent)
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [f"error: {ERROR}: did not find expected "
                                                  "node content"]
