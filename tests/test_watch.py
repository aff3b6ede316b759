"""`pnp watch`: a save redraws the previews of the card that changed, and only those,
rebuilds the PDFs, and reports problems on stderr; Ctrl-C stops it cleanly."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from conftest import ROOT, run_pnp


def _wait_for(proc: subprocess.Popen, needle: str, seen: list[str], timeout: float = 60) -> str:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if line:
            seen.append(line)
            if needle in line:
                return line
        elif proc.poll() is not None:
            break
    raise AssertionError(f"no {needle!r} in {seen}")


def test_once_draws_previews_and_builds(tmp_path: Path) -> None:
    assert run_pnp("new", "deck", "--content", tmp_path / "games").returncode == 0
    result = run_pnp("watch", "deck", "--once", "--content", tmp_path / "games", "--out",
                     tmp_path / "out")
    assert result.returncode == 0, result.stderr
    previews = sorted(p.name for p in (tmp_path / "out" / "deck" / "preview" / "cards").iterdir())
    assert len(previews) == 12 and "c01-front.png" in previews
    assert (tmp_path / "out" / "deck" / "cards.pdf").exists()


def test_a_save_redraws_only_the_changed_card(tmp_path: Path) -> None:
    games = tmp_path / "games"
    assert run_pnp("new", "deck", "--content", games).returncode == 0
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "watch", "deck", "--content",
                             str(games), "--out", str(out)], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=1)
    seen: list[str] = []
    try:
        _wait_for(proc, "watching", seen)
        preview = out / "deck" / "preview" / "cards"
        before = {p.name: p.stat().st_mtime_ns for p in preview.iterdir()}
        cards = games / "deck" / "cards.yaml"
        cards.write_text(cards.read_text().replace("title: Tide,", "title: Spring Tide,"))
        line = _wait_for(proc, "preview(s)", seen)
        assert line.split(": ")[1].startswith("1 preview(s)"), line
        after = {p.name: p.stat().st_mtime_ns for p in preview.iterdir()}
        assert [n for n in before if before[n] != after[n]] == ["c05-front.png"]
        import pdfplumber

        text = pdfplumber.open(out / "deck" / "cards.pdf").pages[0].extract_text()
        assert "Spring Tide" in text
        _wait_for(proc, "watching", seen)  # that pass is over
        cards.write_text(cards.read_text().replace("value: 2, suit: moon", "value: 200, suit: moon"))
        _wait_for(proc, "watching", seen)
    finally:
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    assert "cards.yaml" in err and "value" in err and "not built" in err, err
    assert "Spring Tide" in pdfplumber.open(out / "deck" / "cards.pdf").pages[0].extract_text()
    assert proc.returncode == 0 and "stopped" in err
    assert os.path.isdir(out / "deck" / "preview")
