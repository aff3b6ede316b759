"""`pnp list` says where its games are: once ./content exists, the games shipped with pnp
are no longer listed, and the last line says how to list them."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

from conftest import run_pnp


def test_a_local_content_folder_says_where_the_shipped_games_are(tmp_path: Path) -> None:
    assert run_pnp("new", "my-deck", cwd=tmp_path).returncode == 0
    listed = run_pnp("list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert "my-deck: My Deck" in listed.stdout and "temple-of-doom" not in listed.stdout
    last = listed.stdout.splitlines()[-1]
    assert last.startswith("1 game in ./content"), last
    command = shlex.split(last.split("the games shipped with pnp: ", 1)[1])
    assert command[:2] == ["pnp", "list"]
    shipped = run_pnp(*command[1:], cwd=tmp_path)  # the command as printed
    assert shipped.returncode == 0 and "temple-of-doom: Temple of Doom" in shipped.stdout
    assert "my-deck" not in shipped.stdout
    assert shipped.stdout.splitlines()[-1].startswith("5 games shipped with pnp (in ")
    assert run_pnp("-q", "list", cwd=tmp_path).stdout.splitlines()[-1].startswith("  cards")
    data = json.loads(run_pnp("list", "--format", "json", cwd=tmp_path).stdout)
    assert data["content"] == "content" and [g["id"] for g in data["games"]] == ["my-deck"]


def test_from_anywhere_the_shipped_games_say_what_a_local_folder_does(tmp_path: Path) -> None:
    listed = run_pnp("list", cwd=tmp_path)
    assert listed.returncode == 0, listed.stderr
    assert listed.stdout.splitlines()[-1].endswith(
        "a ./content folder of games in the current folder is listed instead "
        "(pnp new NAME starts one)")
