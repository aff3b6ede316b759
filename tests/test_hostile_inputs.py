"""Hostile and careless inputs: every one ends in a clean one-line error with exit 1 or 2,
in bounded time and memory, nothing read from outside the game folder, nothing written
over what is not a regular file."""

from __future__ import annotations

import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from conftest import ROOT, assert_clean_failure, run_pnp

sys.path.insert(0, str(ROOT / "tools"))
import fuzz  # noqa: E402


def test_the_hostile_corpus_ends_cleanly(tmp_path: Path) -> None:
    """The inputs the hardening issue names (range(10**9), nested loops, 10**7 elements,
    50,000 layers, 'x' * 10**9, url(file://), bad base64, a PNG bomb, a 300-character
    template name, colour -1, a list for a name, --back-offset nan,0, undecodable
    --names, a NaN latitude, no English labels, FIFOs and /dev/zero as inputs)."""
    assert fuzz.run_corpus(tmp_path) == []


def test_mutated_data_files_of_every_game_never_crash(tmp_path: Path) -> None:
    """Every YAML file of every game (board, outlines and maps included) mutated with
    hostile values: validate answers with problems, never an internal error."""
    rng = random.Random(int(os.environ.get("PNP_FUZZ_SEED", "11")))
    crashes = []
    for game_dir in sorted((ROOT / "content").iterdir()):
        for rel in sorted(p.relative_to(game_dir) for p in game_dir.rglob("*.yaml")):
            content = tmp_path / "content"
            shutil.rmtree(content, ignore_errors=True)
            shutil.copytree(game_dir, content / game_dir.name)
            target = content / game_dir.name / rel
            data = yaml.safe_load(target.read_text())
            target.write_text(yaml.safe_dump(fuzz.mutate(data, rng), allow_unicode=True))
            _, error = fuzz.run_validate(content, game_dir.name, "a4")
            if error:
                crashes.append(f"{game_dir.name}/{rel}: {error}")
    assert crashes == []


@pytest.mark.parametrize("game,key,value", [
    ("temple-trip", "  board: board.yaml", "  board: /etc/passwd"),
    ("temple-trip", "  outlines: outlines.yaml", "  outlines: ../../../../etc/hostname"),
    ("temple", "  board: board.yaml", "  board: /etc/passwd"),
    ("dice-trip", "  map: germany ", "  map: /etc/passwd.yaml "),
])
def test_data_files_are_confined_and_never_echoed(tmp_path: Path, game: str, key: str,
                                                  value: str) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / game, content / game)
    path = content / game / "game.yaml"
    text = path.read_text()
    assert key in text, key
    path.write_text(text.replace(key, value, 1))
    lines = assert_clean_failure(run_pnp("validate", game, "--content", content), 1)
    assert any("game.yaml:" in ln and "data." in ln and ("outside the game folder" in ln
               or "not a file" in ln) for ln in lines), lines
    assert not any("root:" in ln for ln in lines)  # nothing of /etc/passwd is echoed


def test_a_data_file_linked_out_of_the_game_folder(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "temple", content / "temple")
    (content / "temple" / "board.yaml").unlink()
    os.symlink("/etc/passwd", content / "temple" / "board.yaml")
    lines = assert_clean_failure(run_pnp("validate", "temple", "--content", content), 1)
    assert any("'board.yaml' leads outside the game folder" in ln for ln in lines), lines


def test_a_templates_folder_linked_to_the_root_cannot_include_system_files(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "temple-of-doom", content / "temple-of-doom")
    shutil.rmtree(content / "temple-of-doom" / "templates")
    os.symlink("/", content / "temple-of-doom" / "templates")
    game = content / "temple-of-doom" / "game.yaml"
    game.write_text(game.read_text().replace("front: cube-token.svg.j2", "front: etc/passwd"))
    for command in ("validate", "build"):
        args = [command, "temple-of-doom", "--content", content]
        if command == "build":
            args += ["--out", tmp_path / "out"]
        lines = assert_clean_failure(run_pnp(*args), 1)
        assert any("templates/ leads outside temple-of-doom/" in ln for ln in lines), lines
    assert not (tmp_path / "out" / "temple-of-doom").exists()


@pytest.mark.parametrize("target", ["link", "folder", "fifo"])
def test_outputs_replace_only_regular_files(tmp_path: Path, target: str) -> None:
    out = tmp_path / "pad.pdf"
    if target == "link":
        (tmp_path / "precious.txt").write_text("keep")
        os.symlink(tmp_path / "precious.txt", out)
    elif target == "folder":
        out.mkdir()
    else:
        os.mkfifo(out)
    lines = assert_clean_failure(run_pnp("sheets", "dice-trip", "--count", "1", "--out", out), 2)
    assert str(out) in lines[0] or "pad.pdf" in lines[0], lines
    if target == "link":
        assert (tmp_path / "precious.txt").read_text() == "keep" and out.is_symlink()
    sheet = ROOT / "tests" / "fixtures" / "dice-trip" / "example-sheet.yaml"
    lines = assert_clean_failure(run_pnp("score", "dice-trip", sheet, "--pdf", out), 2)
    assert "pad.pdf" in lines[-1] or "pad.pdf" in lines[0], lines


@pytest.mark.skipif(os.geteuid() != 0, reason="only root could replace /dev/null")
def test_dev_null_is_never_replaced() -> None:
    result = run_pnp("sheets", "dice-trip", "--count", "1", "--out", "/dev/null")
    assert result.returncode == 2 and "character device" in result.stderr
    assert Path("/dev/null").is_char_device()


def test_exit_codes_for_a_bug_an_interrupt_and_a_closed_pipe(tmp_path: Path) -> None:
    import signal
    import time

    pipe = subprocess.run(f"{sys.executable} -m pnp list | head -1", shell=True, cwd=ROOT,
                          capture_output=True, text=True, timeout=120,
                          executable="/bin/bash")
    assert pipe.stderr == "" and pipe.stdout.count("\n") == 1
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "build", "--out", str(tmp_path)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True)
    children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
    deadline = time.monotonic() + 60  # Ctrl-C once the games are being rendered (its
    while time.monotonic() < deadline and proc.poll() is None:  # workers are up): a
        if children.exists() and children.read_text().strip():  # fixed wait outlasted
            break  # the whole build on a fast machine
        if not children.exists():
            time.sleep(1.0)  # no /proc: the old fixed wait
            break
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130 and err.strip() == "interrupted; earlier output is left as it was"
    bug = subprocess.run([sys.executable, "-c", "import sys; sys.argv=['pnp','list'];"
                          "import pnp.cli as c; c.list_games = None;"
                          "from pnp.load import content; content.game_ids = lambda r: 1/0;"
                          "c.main()"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert bug.returncode == 70 and "internal error ZeroDivisionError" in bug.stderr
    assert "please report" in bug.stderr and "Traceback" not in bug.stderr


def test_a_component_prints_a_bounded_number_of_items(tmp_path: Path) -> None:
    custom = tmp_path / "many.yaml"
    custom.write_text("cards:\n" + "".join(
        f"  - {{id: m{i}, background: green, value: 1, border: red, symbol: drop, "
        f"copies: 1000}}\n" for i in range(21)))
    lines = assert_clean_failure(run_pnp("validate", "temple-of-doom", "--custom", custom,
                                         "--paper", "a4"), 1)
    assert any("21,054 items to print; one component prints at most 20,000" in ln
               for ln in lines), lines
