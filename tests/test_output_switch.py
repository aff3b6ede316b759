"""A game's files and manifest change together or not at all: failures injected at every
step of writing leave the complete old set, matching its manifest; a kill at any point
leaves the old set or the new one, never a mix."""

from __future__ import annotations

import hashlib
import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, assert_clean_failure, run_pnp

from pnp.base.errors import InputError
from pnp.layout.options import BuildOptions
from pnp.pipeline.build import build_game
from pnp.write import output

GAME = "probe"


def build(out: Path, paper: str = "a4") -> None:
    build_game(FIXTURES / GAME, ROOT / "templates", out, BuildOptions(paper=paper))


def state(folder: Path) -> tuple[str, dict[str, str]]:
    """The paper of the set a reader finds, after checking it is whole: every file named
    by the manifest is there with its sha256, and nothing else."""
    manifest = json.loads((folder / "manifest.json").read_text())
    names = {f["path"] for f in manifest["files"]} | {"manifest.json"}
    assert {p.name for p in folder.iterdir()} == names
    sums = {}
    for f in manifest["files"]:
        data = (folder / f["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == f["sha256"]
        sums[f["path"]] = f["sha256"]
    return manifest["paper"], sums


def hidden(out: Path) -> list[str]:
    return sorted(p.name for p in out.iterdir() if p.name.startswith(f".{GAME}.")
                  and not p.name.endswith(".lock"))


@pytest.mark.parametrize("failing", [1, 2, 3])  # the cards PDF, the manifest, the sync
def test_a_failure_at_any_write_leaves_the_old_set(tmp_path: Path, failing: int,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    build(out)
    before = state(out / GAME)
    calls = {"n": 0}
    real_write, real_sync = output._write_file, output._sync_dir

    def count() -> None:
        calls["n"] += 1
        if calls["n"] == failing:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(output, "_write_file", lambda p, d: (count(), real_write(p, d)))
    monkeypatch.setattr(output, "_sync_dir", lambda f: (count(), real_sync(f)))
    with pytest.raises(InputError, match="No space left on device"):
        build(out, "letter")
    assert state(out / GAME) == before and before[0] == "a4"
    assert hidden(out) == []


def test_a_failing_switch_leaves_the_old_set(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "out"
    build(out)
    before = state(out / GAME)

    def refuse(a: Path, b: Path) -> bool:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(output, "_exchange", refuse)
    with pytest.raises(InputError):
        build(out, "letter")
    assert state(out / GAME) == before and hidden(out) == []


def test_a_file_or_link_in_the_way_is_refused_untouched(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / GAME).write_text("mine")
    lines = assert_clean_failure(run_pnp("build", GAME, "--content", FIXTURES, "--out", out), 2)
    assert "is in the way" in lines[0] or "regular" in lines[0], lines
    assert (out / GAME).read_text() == "mine"
    (out / GAME).unlink()
    (tmp_path / "elsewhere").mkdir()
    os.symlink(tmp_path / "elsewhere", out / GAME)
    lines = assert_clean_failure(run_pnp("build", GAME, "--content", FIXTURES, "--out", out), 2)
    assert "symbolic link" in lines[0], lines
    assert list((tmp_path / "elsewhere").iterdir()) == []


KILL = """
import os, signal, sys
from pathlib import Path
from pnp.write import output
step = sys.argv[1]
real_exchange, real_rename = output._exchange, os.rename
def die():
    os.kill(os.getpid(), signal.SIGKILL)
if step == "before-switch":
    output._exchange = lambda a, b: die()
elif step == "after-switch":
    def exchange(a, b):
        real_exchange(a, b)
        die()
    output._exchange = exchange
elif step == "between-renames":  # where the exchange is missing: two renames
    output._exchange = lambda a, b: False
    def rename(a, b):
        real_rename(a, b)
        if ".old-" in str(b):
            die()
    output.os.rename = rename
from pnp.pipeline.build import build_game
from pnp.layout.options import BuildOptions
build_game(Path(sys.argv[2]), Path(sys.argv[3]), Path(sys.argv[4]), BuildOptions(paper="letter"))
"""


@pytest.mark.parametrize("step,paper", [("before-switch", "a4"), ("after-switch", "letter"),
                                        ("between-renames", None)])
def test_a_kill_leaves_one_whole_set(tmp_path: Path, step: str, paper: str | None) -> None:
    out = tmp_path / "out"
    build(out)
    killed = subprocess.run([sys.executable, "-c", KILL, step, str(FIXTURES / GAME),
                             str(ROOT / "templates"), str(out)], cwd=ROOT, timeout=300)
    assert killed.returncode == -signal.SIGKILL
    if paper is not None:  # the exchange: the old set or the new, whole, at all times
        assert state(out / GAME)[0] == paper
    else:  # two renames: the old set waits aside, whole, and the next build restores it
        assert not (out / GAME).exists()
        aside = [out / n for n in hidden(out) if ".old-" in n]
        assert len(aside) == 1 and state(aside[0])[0] == "a4"
    result = run_pnp("build", GAME, "--content", FIXTURES, "--out", out, "--paper", "letter")
    assert result.returncode == 0, result.stderr
    assert state(out / GAME)[0] == "letter" and hidden(out) == []


def test_recovery_puts_the_old_set_back_before_anything_else(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(out)
    os.rename(out / GAME, out / f".{GAME}.old-1")
    output._recover(out, GAME)
    assert state(out / GAME)[0] == "a4" and hidden(out) == []


def test_a_multi_game_build_writes_nothing_when_one_game_fails(tmp_path: Path) -> None:
    """Dice Trip has German, Temple has not: `--lang de` used to write dice-trip/ and
    then stop; now every game is checked and rendered before any is written. Games named
    on the command line are built all or none; with no GAME, every sound game of the
    content folder is built and the others reported."""
    import shutil

    content = tmp_path / "content"
    for game in ("dice-trip", "temple"):
        shutil.copytree(ROOT / "content" / game, content / game)
    named = run_pnp("build", "dice-trip", "temple", "--content", content, "--out",
                    tmp_path / "out", "--lang", "de")
    lines = assert_clean_failure(named, 2)
    assert any("--lang de: Temple is available in en" in ln for ln in lines), lines
    assert lines[-1] == "1 game(s) failed (temple); nothing was built"
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())
    every = run_pnp("build", "--content", content, "--out", tmp_path / "out", "--lang", "de")
    lines = assert_clean_failure(every, 2)
    assert lines[-1] == "1 game(s) failed (temple); the others were built"
    assert sorted(p.name for p in (tmp_path / "out").iterdir()
                  if not p.name.startswith(".")) == ["dice-trip"]


def locks(out: Path) -> list[str]:
    return sorted(p.relative_to(out).as_posix() for p in out.rglob("*.lock"))


def test_no_lock_file_stays_and_runs_still_take_turns(tmp_path: Path) -> None:
    """`.<game>.lock` is gone when a build or an export ends, also when it fails; two runs
    still never hold the lock together, even one that waited on a file its holder removed."""
    import threading
    import time

    out = tmp_path / "out"
    assert run_pnp("build", GAME, "--content", FIXTURES, "--out", out).returncode == 0
    assert run_pnp("export", GAME, "--format", "png", "--content", FIXTURES, "--out", out,
                   "--dpi", "50").returncode == 0
    assert locks(out) == []
    (out / GAME / "notes.txt").write_text("mine")  # a refusal inside the lock
    assert_clean_failure(run_pnp("build", GAME, "--content", FIXTURES, "--out", out), 2)
    assert locks(out) == [] and (out / GAME / "notes.txt").read_text() == "mine"

    inside: list[str] = []
    overlaps: list[tuple[str, ...]] = []

    def run(name: str, hold: float) -> None:
        with output._locked(out, "turns"):
            if inside:
                overlaps.append((name, *inside))
            inside.append(name)
            time.sleep(hold)
            inside.remove(name)

    first = threading.Thread(target=run, args=("first", 0.6))
    first.start()
    time.sleep(0.2)
    second = threading.Thread(target=run, args=("second", 0.6))  # waits on first's file
    second.start()
    time.sleep(0.7)  # first has removed its file and let go; second holds a new one
    third = threading.Thread(target=run, args=("third", 0.1))
    third.start()
    for t in (first, second, third):
        t.join(10)
    assert overlaps == [] and locks(out) == []
