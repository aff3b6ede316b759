"""Interrupted and parallel builds never leave a broken file under a final name."""

import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, run_pnp
from pypdf import PdfReader


def big_probe(tmp_path: Path, cards: int) -> Path:
    content = tmp_path / "content"
    shutil.copytree(FIXTURES / "probe", content / "probe")
    (content / "probe" / "cards.yaml").write_text(
        "cards:\n" + "".join(f"  - {{id: p{i:04d}, label: F{i:04d}}}\n" for i in range(cards)))
    game = content / "probe" / "game.yaml"
    game.write_text(game.read_text().replace("count: 12", f"count: {cards}"))
    return content


def snapshot(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir() if not p.name.startswith(".")}


def assert_consistent(folder: Path) -> None:
    """Every file is whole and the manifest describes exactly the files beside it."""
    manifest = json.loads((folder / "manifest.json").read_text())
    for f in manifest["files"]:
        data = (folder / f["path"]).read_bytes()
        assert data.rstrip().endswith(b"%%EOF")
        assert hashlib.sha256(data).hexdigest() == f["sha256"]
        assert len(PdfReader(folder / f["path"]).pages) == f["pages"]


def test_killed_build_leaves_previous_output_intact(tmp_path: Path) -> None:
    content = big_probe(tmp_path, 3000)
    out = tmp_path / "out"
    assert run_pnp("build", "probe", "--content", content, "--out", out).returncode == 0
    before = snapshot(out / "probe")
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "build", "probe", "--content",
                             str(content), "--out", str(out), "--paper", "letter"], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.5)  # imports done, rendering under way
    assert proc.poll() is None, "the build finished before it could be interrupted"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    after = snapshot(out / "probe")
    assert after == before
    assert_consistent(out / "probe")


@pytest.mark.skipif(not Path("/proc/self/task").is_dir() or len(os.sched_getaffinity(0)) < 2,
                    reason="needs Linux's /proc and two cores (a build with a worker)")
def test_killed_build_leaves_no_worker_behind(tmp_path: Path) -> None:
    """A large deck is rendered by pnp and a forked worker; pnp killed outright, the
    worker ends too (it used to wait for ever on the pipe of its results)."""
    content = big_probe(tmp_path, 3000)
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "build", "probe", "--content",
                             str(content), "--out", str(tmp_path / "out")], cwd=ROOT,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    workers: list[int] = []
    deadline = time.monotonic() + 60
    while not workers and proc.poll() is None and time.monotonic() < deadline:
        workers = [int(pid) for pid in children.read_text().split()]
        time.sleep(0.01)
    assert workers, "the build forked no worker before it finished"
    time.sleep(0.3)  # the worker well into its range
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and any(Path(f"/proc/{w}").exists() for w in workers):
        time.sleep(0.05)
    assert [w for w in workers if _running(w)] == [], "a worker was left running"


def _running(pid: int) -> bool:
    """Alive and not a zombie waiting to be reaped."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state != "Z"


def test_parallel_builds_into_one_folder(tmp_path: Path) -> None:
    content = big_probe(tmp_path, 60)
    out = tmp_path / "out"
    procs = [subprocess.Popen([sys.executable, "-m", "pnp", "build", "probe", "--content",
                               str(content), "--out", str(out), "--paper", paper], cwd=ROOT,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
             for paper in ("a4", "letter", "a4", "letter")]
    for p in procs:
        _, err = p.communicate(timeout=120)
        assert p.returncode == 0, err
    assert_consistent(out / "probe")
    leftovers = [p.name for p in (out / "probe").iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []


def test_two_builds_are_byte_identical_and_match_their_manifest(tmp_path: Path) -> None:
    content = big_probe(tmp_path, 20)
    for name in ("one", "two"):
        assert run_pnp("build", "probe", "--content", content, "--out", tmp_path / name).returncode == 0
        assert_consistent(tmp_path / name / "probe")
    assert snapshot(tmp_path / "one" / "probe") == snapshot(tmp_path / "two" / "probe")
