"""Shared helpers: run pnp as a user would (a new process), and measure the PDFs."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
SEEDS = ROOT.parent / "shared" / "seeds"
TOD_RULES = SEEDS / "004_766e214d45982702.txt"
MM = 72 / 25.4

# The cache between runs (pnp.base.cache) is on, as for a user, but in a folder of this
# test session's own, never the user's ~/.cache/pnp: every build the suite runs twice goes
# through it. A test that must see the work done (svglib counted, a patched function met)
# turns it off with PNP_CACHE=0; tests/test_cache.py gives each test its own folder.
if not os.environ.get("PNP_CACHE_DIR"):
    os.environ["PNP_CACHE_DIR"] = tempfile.mkdtemp(prefix="pnp-test-cache-")


def run_pnp(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pnp", *map(str, args)], cwd=cwd or ROOT,
                          capture_output=True, text=True, timeout=300)


def assert_clean_failure(result: subprocess.CompletedProcess[str], code: int) -> list[str]:
    """Failed with `code`, said why in one line per problem, and no traceback."""
    assert result.returncode == code, (result.returncode, result.stdout, result.stderr)
    assert "Traceback" not in result.stderr + result.stdout
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines, "a failure must say why"
    return lines


@pytest.fixture(scope="session")
def tt_a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Temple Trip built once on A4, shared by its test modules."""
    out = tmp_path_factory.mktemp("tt-a4")
    result = run_pnp("build", "temple-trip", "--out", out)
    assert result.returncode == 0, result.stderr
    return out / "temple-trip"


@pytest.fixture(scope="session")
def tod_a4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tod-a4")
    result = run_pnp("build", "temple-of-doom", "--out", out)
    assert result.returncode == 0, result.stderr
    return out / "temple-of-doom"


@pytest.fixture()
def content_copy(tmp_path: Path) -> Path:
    """A private copy of the shipped content to break on purpose."""
    dest = tmp_path / "content"
    shutil.copytree(ROOT / "content", dest)
    return dest


GERMANY = ROOT / "content" / "dice-trip" / "maps" / "germany.yaml"


def edited_map(target: Path, old: str, new: str) -> Path:
    """The shipped Germany map with one text replaced, written to `target`."""
    text = GERMANY.read_text()
    assert old in text, old
    target.write_text(text.replace(old, new, 1))
    return target


def edited_game(tmp_path: Path, game: str, file: str, old: str, new: str) -> Path:
    """A content folder holding a copy of one shipped game with `old` replaced by `new`
    (once) in `file`."""
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / game, content / game)
    target = content / game / file
    text = target.read_text(encoding="utf-8")
    assert old in text, (file, old)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")
    return content


def run_in_process(args: list[str]) -> tuple[int, list[str]]:
    """A command in-process as the user runs it: its exit code and its stderr lines; an
    exception escaping the command (exit 70 at the console) fails the test."""
    from typer.testing import CliRunner

    from pnp.cli import app

    result = CliRunner().invoke(app, args)
    exc = result.exception
    assert exc is None or isinstance(exc, SystemExit), f"internal error: {exc!r}"
    return result.exit_code, [ln for ln in result.stderr.splitlines() if ln.strip()]


def probe_copy(content: Path, cards: int) -> Path:
    """A copy of the probe deck in `content`/probe with `cards` cards (p00, p01 ...);
    returns `content`, the folder of game folders."""
    shutil.copytree(FIXTURES / "probe", content / "probe")
    (content / "probe" / "cards.yaml").write_text("cards:\n" + "".join(
        f"  - {{id: p{i:02d}, label: F{i:02d}}}\n" for i in range(cards)))
    game = content / "probe" / "game.yaml"
    game.write_text(game.read_text().replace("count: 12", f"count: {cards}"))
    return content


def build_probe(tmp_path: Path, *options: str, cards: int = 12) -> Path:
    """The probe deck built with `options`; `cards` other than 12 builds a copy of it
    with that many cards."""
    content = FIXTURES if cards == 12 else probe_copy(tmp_path / "fixtures", cards)
    out = tmp_path / "out"
    result = run_pnp("build", "probe", "--content", content, "--out", out, *options)
    assert result.returncode == 0, result.stderr
    return out / "probe" / "cards.pdf"


def markers(page, colour: tuple[float, float, float]) -> list[tuple[float, float]]:
    """Centres (PDF points, y up) of the probe deck's 4 mm square markers of a colour."""
    found = []
    for r in page.rects:
        if abs(r["width"] - 4 * MM) < 0.2 and abs(r["height"] - 4 * MM) < 0.2 \
                and tuple(r["non_stroking_color"] or ()) == colour:
            found.append(((r["x0"] + r["x1"]) / 2, (r["y0"] + r["y1"]) / 2))
    return sorted(found)


def word_centres(page) -> dict[str, tuple[float, float]]:
    """Word → centre (x, y with y up) for the probe labels."""
    out = {}
    for w in page.extract_words():
        out[w["text"]] = ((w["x0"] + w["x1"]) / 2, page.height - (w["top"] + w["bottom"]) / 2)
    return out


@pytest.fixture(scope="session")
def tt_board():  # -> pnp.games.temple_trip.board.Board
    """The shipped Temple Trip board, built once from its content files (no custom temples)."""
    import yaml

    from pnp.games.temple_trip.board import Board

    folder = ROOT / "content" / "temple-trip"

    def load(name: str) -> dict:
        return yaml.safe_load((folder / name).read_text())

    temples = [t for t in load("temples.yaml")["temples"] if not t.get("blank")]
    return Board(load("board.yaml")["board"], load("layout.yaml"), temples, load("outlines.yaml"))
