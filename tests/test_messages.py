"""Messages a user can act on (issue 29, "Messages"): each names what is wrong where the
user gave it (the option, or their file, line and key), with nothing false in it, and
Ctrl-C ends a command at once."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, assert_clean_failure, run_pnp

EXAMPLE = FIXTURES / "dice-trip" / "example-sheet.yaml"


@pytest.fixture()
def new_game(tmp_path: Path) -> Path:
    """A fresh `pnp new` game (content/my-game) to break on purpose."""
    content = tmp_path / "content"
    result = run_pnp("new", "my-game", "--content", content)
    assert result.returncode == 0, result.stderr
    return content / "my-game"


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def _sheet(tmp_path: Path, name_line: str) -> Path:
    """The example filled sheet with its name: line replaced."""
    lines = [ln for ln in EXAMPLE.read_text().splitlines() if not ln.startswith("name:")]
    path = tmp_path / "sheet.yaml"
    path.write_text(name_line + "\n" + "\n".join(lines) + "\n")
    return path


# -- a, b: names on the sheets ---------------------------------------------------------

@pytest.mark.parametrize(("names", "why"), [
    ("Ann\x01,Ben", "control character (U+0001)"),
    ("Ann,Be\x1bn", "control character (U+001B)"),
    ("Ann中", "no glyph for '中'"),
])
def test_a_name_that_cannot_print_is_refused_at_the_option(tmp_path: Path, names: str,
                                                           why: str) -> None:
    lines = assert_clean_failure(run_pnp("sheets", "dice-trip", "--count", "2", "--names",
                                         names, "--out", tmp_path / "pad.pdf"), 2)
    assert len(lines) == 1 and lines[0].startswith("error: --names: ") and why in lines[0], lines
    assert "template" not in lines[0] and "game.yaml" not in lines[0]
    assert not (tmp_path / "pad.pdf").exists()


# -- c (and a, b): a filled sheet's name: ----------------------------------------------

@pytest.mark.parametrize(("name_line", "why"), [
    ("name: [1, x]", "name: must be text (got a list: [1, x])"),
    ("name: {first: Ann}", "name: must be text (got a mapping: {first: Ann})"),
    ('name: "Ann\\x01"', "name: holds a control character (U+0001)"),
])
def test_a_filled_sheets_name_is_checked_at_its_line(tmp_path: Path, name_line: str,
                                                     why: str) -> None:
    sheet = _sheet(tmp_path, name_line)
    lines = assert_clean_failure(run_pnp("score", "dice-trip", sheet), 1)
    assert f"sheet.yaml:1: {why}" in lines[0], lines
    assert "'x'" not in lines[0]  # not Python's [1, 'x']


def test_a_glyph_missing_from_a_filled_sheets_name_is_at_its_line(tmp_path: Path) -> None:
    sheet = _sheet(tmp_path, "name: Ann中")
    pdf = tmp_path / "filled.pdf"
    lines = assert_clean_failure(run_pnp("score", "dice-trip", sheet, "--pdf", pdf), 1)
    assert lines[0].endswith("sheet.yaml:1: name: the font (Fira Sans) has no glyph for '中'; "
                             "it would print as an empty box"), lines
    assert not any("game.yaml" in ln for ln in lines) and not pdf.exists()
    scored = run_pnp("score", "dice-trip", sheet)  # not drawn: the name need not print
    assert scored.returncode == 0 and "score for Ann中" in scored.stdout, scored.stderr


# -- d, e: file: and template names, at the key that names them -------------------------

@pytest.mark.parametrize(("kind", "why"), [
    ("missing", "'nothing.yaml': file not found"),
    ("folder", "'nothing.yaml': is a folder, not a file"),
    ("fifo", "'nothing.yaml': is a FIFO (named pipe), not a file"),
])
def test_an_unreadable_items_file_is_said_at_its_file_key(new_game: Path, kind: str,
                                                          why: str) -> None:
    if kind == "folder":
        (new_game / "nothing.yaml").mkdir()
    elif kind == "fifo":
        os.mkfifo(new_game / "nothing.yaml")
    _edit(new_game / "game.yaml", "file: cards.yaml", "file: nothing.yaml")
    out = ("--out", new_game.parent.parent / "out")
    for command in (("validate",), ("build", *out)):
        lines = assert_clean_failure(run_pnp(*command, "my-game", "--content", new_game.parent),
                                     2)
        assert lines[0].endswith(f"my-game/game.yaml:15: components.cards.file: {why}"), lines


@pytest.mark.parametrize(("kind", "why"), [
    ("folder", "template 'front.svg.j2' is a folder, not a file"),
    ("fifo", "template 'front.svg.j2' is a FIFO (named pipe), not a file"),
    ("link", "template 'front.svg.j2' leads outside my-game/ (a link)"),
])
def test_a_template_that_cannot_load_is_said_at_its_key(new_game: Path, kind: str,
                                                        why: str) -> None:
    target = new_game / "templates" / "front.svg.j2"
    if kind == "folder":
        target.mkdir()
    elif kind == "fifo":
        os.mkfifo(target)
    else:
        outside = new_game.parent.parent / "elsewhere.svg.j2"
        outside.write_text((new_game / "templates" / "card-front.svg.j2").read_text())
        target.symlink_to(outside)
    _edit(new_game / "game.yaml", "front: card-front.svg.j2", "front: front.svg.j2")
    out = ("--out", new_game.parent.parent / "out")
    for command in (("validate",), ("build", *out)):
        lines = assert_clean_failure(run_pnp(*command, "my-game", "--content", new_game.parent),
                                     1)
        assert any(f"game.yaml:17: components.cards.front: {why}" in ln for ln in lines), lines


def test_a_folder_or_fifo_given_for_a_file_is_named_as_what_it_is(tmp_path: Path) -> None:
    (tmp_path / "mine.yaml").mkdir()
    os.mkfifo(tmp_path / "pipe.yaml")
    (tmp_path / "file.txt").write_text("not a folder")
    for given, why in (("mine.yaml", "is a folder, not a map file"),
                       ("pipe.yaml", "is a FIFO (named pipe), not a map file")):
        lines = assert_clean_failure(run_pnp("sheets", "dice-trip", "--count", "1", "--map",
                                             tmp_path / given, "--out", tmp_path / "p.pdf"), 2)
        assert lines[0] == f"error: {tmp_path / given}: {why}", lines
    lines = assert_clean_failure(run_pnp("list", "--content", tmp_path / "file.txt"), 2)
    assert lines[0] == f"error: {tmp_path / 'file.txt'}: is a file, not a content folder", lines


def test_an_image_that_is_a_folder_is_not_called_missing(new_game: Path) -> None:
    (new_game / "art").mkdir()
    _edit(new_game / "templates" / "card-front.svg.j2", "{% endcall %}",
          '<image href="art" x="0" y="0" width="5" height="5"/>{% endcall %}')
    lines = assert_clean_failure(run_pnp("validate", "my-game", "--content", new_game.parent),
                                 1)
    assert any("image 'art': is a folder, not an image" in ln for ln in lines), lines
    assert not any("not found" in ln for ln in lines), lines


# -- f: alias bombs, not large files ---------------------------------------------------

def test_a_large_file_without_aliases_is_read(tmp_path: Path) -> None:
    sheet = tmp_path / "sheet.yaml"
    sheet.write_text(EXAMPLE.read_text() + "notes: [" + ", ".join(["1"] * 250_000) + "]\n")
    lines = assert_clean_failure(run_pnp("score", "dice-trip", sheet), 1)
    assert not any("alias" in ln or "too many values" in ln for ln in lines), lines[:3]
    assert any(ln.endswith("notes: unknown key") or "notes" in ln for ln in lines), lines[:3]


def test_an_alias_bomb_is_refused_at_its_alias(tmp_path: Path) -> None:
    bomb = "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
    for i, name in enumerate("bcdefg"):
        bomb += f"{name}: &{name} [" + ", ".join([f"*{'abcdefg'[i]}"] * 10) + "]\n"
    sheet = tmp_path / "bomb.yaml"
    sheet.write_text(bomb)
    lines = assert_clean_failure(run_pnp("score", "dice-trip", sheet), 2)
    assert "bomb.yaml:" in lines[0] and "aliases (*name) in this file expand to over" in lines[0]
    assert "200,000 values (an alias bomb?)" in lines[0], lines


# -- g: paper sizes --------------------------------------------------------------------

@pytest.mark.parametrize(("paper", "why"), [
    ("200x200in", "a side of 5080 mm is larger than pnp prints on"),
    ("1600x800mm", "a side of 1600 mm is larger than pnp prints on"),
    ("a10", "a side of 26 mm is too small to print on"),
    ("40x200mm", "a side of 40 mm is too small to print on"),
])
def test_a_paper_pnp_cannot_print_on_is_a_usage_error(tmp_path: Path, paper: str,
                                                      why: str) -> None:
    for command in (("sheets", "dice-trip", "--count", "1", "--out", tmp_path / "p.pdf"),
                    ("build", "temple", "--out", tmp_path / "out")):
        lines = assert_clean_failure(run_pnp(*command, "--paper", paper), 2)
        assert lines == [f"error: --paper: paper '{paper}': {why} (sheets of 50 to 1,500 mm "
                         "a side)"], lines


def test_the_largest_named_paper_prints_and_a_larger_one_is_refused(tmp_path: Path) -> None:
    result = run_pnp("sheets", "dice-trip", "--count", "1", "--paper", "b0", "--out",
                     tmp_path / "p.pdf")  # B0, 1,000 x 1,414 mm: reportlab's largest name
    assert result.returncode == 0, result.stderr
    lines = assert_clean_failure(run_pnp("sheets", "dice-trip", "--count", "1", "--paper",
                                         "1000x1501mm", "--out", tmp_path / "q.pdf"), 2)
    assert "a side of 1501 mm is larger than pnp prints on" in lines[0], lines


# -- h: italic -------------------------------------------------------------------------

def test_oblique_text_is_said_to_be_missing_from_fira_sans(new_game: Path) -> None:
    _edit(new_game / "templates" / "card-front.svg.j2", 'font-size="6" fill="#ffffff">',
          'font-size="6" font-style="oblique" fill="#ffffff">')
    lines = assert_clean_failure(run_pnp("validate", "my-game", "--content", new_game.parent),
                                 1)
    texts = [ln for ln in lines if "text '1' is set in" in ln]
    assert texts and "a slanted font pnp does not embed" in texts[0] and \
        'font-family="Fira Sans" font-style="italic"' in texts[0], lines
    stand_ins = [ln for ln in lines if "DejaVu" in ln]
    assert all("put in for a font or style pnp does not have" in ln for ln in stand_ins), lines


# -- i: plain decimal numbers ----------------------------------------------------------

@pytest.mark.parametrize("offset", ["1_0,0", "0,1e1"])
def test_a_back_offset_is_plain_numbers(tmp_path: Path, offset: str) -> None:
    lines = assert_clean_failure(run_pnp("build", "temple", "--back-offset", offset, "--out",
                                         tmp_path), 2)
    assert lines == [f"error: --back-offset must be X,Y in mm, e.g. 1,-0.5 (got {offset!r})"]


# -- j: Ctrl-C -------------------------------------------------------------------------

_SLOW_JOBS = """
import os, sys, time
from pnp.base import workers as parallel

def job(i):
    os.write(1, b"started\\n")  # one write: the two workers' lines never run together
    time.sleep(60)
    return i

parallel.forked_map(job, 2)
"""


def test_ctrl_c_ends_the_workers_at_once() -> None:
    from pnp.base import workers as parallel

    if parallel.workers(2) < 2:
        pytest.skip("one core or no fork here: no workers to end")
    proc = subprocess.Popen([sys.executable, "-c", _SLOW_JOBS], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "started\n"
        time.sleep(0.3)  # both workers well inside their jobs
        start = time.monotonic()
        proc.send_signal(signal.SIGINT)  # to pnp only, as `kill -INT` does
        _, err = proc.communicate(timeout=20)
        took = time.monotonic() - start
    finally:
        proc.kill()
    assert "KeyboardInterrupt" in err and took < 2, (took, err[-500:])
