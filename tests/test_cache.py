"""The cache between runs (pnp.base.cache, pnp.pipeline.uptodate, pnp.render.kept): a
build run again prints what it printed and leaves the same bytes, whatever was kept; an
input, an option or an output file changed is built again; a damaged entry is ignored."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT

GAMES = sorted(p.parent.name for p in (ROOT / "content").glob("*/game.yaml"))
TOD_CARD = ("cards.yaml", "value: 1, border: black, symbol: drop}",  # G01: hammers for drop
            "value: 1, border: black, symbol: hammers}")


def pnp(cache: Path | None, *args: object, cwd: Path = ROOT,
        wait: bool = True) -> subprocess.CompletedProcess[bytes]:
    """`pnp` in a new process, as typed, with its own cache folder (None: no cache)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PNP_CACHE")}
    env.update({"PNP_CACHE_DIR": str(cache)} if cache else {"PNP_CACHE": "0"})
    return subprocess.run([sys.executable, "-m", "pnp", *map(str, args)], cwd=cwd, env=env,
                          capture_output=True, timeout=300)


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file()}


def inodes(folder: Path) -> dict[str, int]:
    """A rebuild switches in new files: the same inodes mean nothing was written."""
    return {p.name: p.stat().st_ino for p in folder.iterdir() if p.is_file()}


def printed(result: subprocess.CompletedProcess[bytes]) -> tuple[int, bytes, bytes]:
    return result.returncode, result.stdout, result.stderr


def game_copy(tmp_path: Path, game: str = "temple-of-doom") -> Path:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / game, content / game)
    return content


def svglib_drawn(content: Path) -> None:
    """A layer of each card front drawn by svglib, whose drawings are kept (the shipped
    Temple of Doom is all plain layers, drawn without it): a skew, which the fast path
    (render/fastshapes.py) leaves to svglib."""
    edit(content, "templates/card-front.svg.j2", '<g transform="rotate({{ turn }}',
         '<g transform="skewX(0) rotate({{ turn }}')


def edit(content: Path, file: str, old: str, new: str, game: str = "temple-of-doom") -> None:
    target = content / game / file
    text = target.read_text(encoding="utf-8")
    assert old in text, (file, old)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("game", GAMES)
def test_an_unchanged_rebuild_prints_and_leaves_what_the_cold_build_did(
        tmp_path: Path, game: str) -> None:
    cache, out = tmp_path / "cache", tmp_path / "out"
    cold = pnp(cache, "build", game, "--out", out)
    assert cold.returncode == 0, cold.stderr.decode()
    before, ids = files(out / game), inodes(out / game)
    warm = pnp(cache, "build", game, "--out", out)
    assert printed(warm) == printed(cold)
    assert files(out / game) == before
    assert inodes(out / game) == ids, "the warm build wrote the files again"
    json_cold = pnp(cache, "build", game, "--out", out, "--format", "json")
    assert printed(pnp(cache, "build", game, "--out", out, "--format", "json")) == printed(
        json_cold)


def test_a_failed_build_fails_again_with_the_same_lines(tmp_path: Path) -> None:
    content = game_copy(tmp_path)
    edit(content, "cards.yaml", "{id: G02, background: pink, value: 2,",
         "{id: G02, background: pink, value: 9,")
    cache, out = tmp_path / "cache", tmp_path / "out"
    cold = pnp(cache, "build", "temple-of-doom", "--out", out, "--content", content)
    assert cold.returncode == 1 and b"cards[1].value" in cold.stderr
    assert printed(pnp(cache, "build", "temple-of-doom", "--out", out, "--content",
                       content)) == printed(cold)


def test_one_card_changed_gives_the_pdf_of_a_cold_build(tmp_path: Path) -> None:
    content = game_copy(tmp_path)
    svglib_drawn(content)
    cache = tmp_path / "cache"
    assert pnp(cache, "build", "--out", tmp_path / "first", "--content", content).returncode == 0
    assert list((cache / "v1" / "drawings").rglob("*")), "no layer drawing was kept"
    edit(content, *TOD_CARD)
    edit(content, "cards.yaml", "value: 2, border: black, symbol: hammers}",  # and G02: drop
         "value: 2, border: black, symbol: drop}")
    warm = pnp(cache, "build", "--out", tmp_path / "warm", "--content", content)
    cold = pnp(None, "build", "--out", tmp_path / "cold", "--content", content)
    assert warm.returncode == cold.returncode == 0, warm.stderr.decode()
    assert warm.stderr == cold.stderr
    got, want = files(tmp_path / "warm" / "temple-of-doom"), files(
        tmp_path / "cold" / "temple-of-doom")
    assert got == want
    assert got["cards.pdf"] != files(tmp_path / "first" / "temple-of-doom")["cards.pdf"]


def test_another_paper_or_an_edited_template_is_built_again(tmp_path: Path) -> None:
    content = game_copy(tmp_path)
    cache, out = tmp_path / "cache", tmp_path / "out"
    args = ("build", "temple-of-doom", "--out", out, "--content", content)
    assert pnp(cache, *args).returncode == 0
    a4 = files(out / "temple-of-doom")
    assert pnp(cache, *args, "--paper", "letter").returncode == 0
    assert json.loads((out / "temple-of-doom" / "manifest.json").read_text())["paper"] == "letter"
    assert pnp(cache, *args).returncode == 0
    assert files(out / "temple-of-doom") == a4
    edit(content, "templates/card-front.svg.j2", '"#4d4d4d"', '"#4d4d4e"')
    assert pnp(cache, *args).returncode == 0
    edited = files(out / "temple-of-doom")
    assert edited["cards.pdf"] != a4["cards.pdf"]
    assert pnp(None, "build", "temple-of-doom", "--out", tmp_path / "cold", "--content",
               content).returncode == 0
    assert edited == files(tmp_path / "cold" / "temple-of-doom")


def test_a_changed_or_deleted_output_file_is_built_again(tmp_path: Path) -> None:
    cache, out = tmp_path / "cache", tmp_path / "out"
    cold = pnp(cache, "build", "temple", "--out", out)
    want = files(out / "temple")
    (out / "temple" / "board.pdf").unlink()
    assert printed(pnp(cache, "build", "temple", "--out", out)) == printed(cold)
    assert files(out / "temple") == want
    (out / "temple" / "board.pdf").write_bytes(b"%PDF-1.4 not mine")
    assert printed(pnp(cache, "build", "temple", "--out", out)) == printed(cold)
    assert files(out / "temple") == want
    (out / "temple" / "notes.txt").write_text("mine")  # a build refuses a folder not pnp's
    assert pnp(cache, "build", "temple", "--out", out).returncode == 2


def test_a_truncated_or_corrupt_entry_is_ignored(tmp_path: Path) -> None:
    content = game_copy(tmp_path)
    svglib_drawn(content)
    cache, out = tmp_path / "cache", tmp_path / "out"
    cold = pnp(cache, "build", "temple-of-doom", "--out", out, "--content", content)
    want = files(out / "temple-of-doom")
    entries = [p for p in (cache / "v1").rglob("*") if p.is_file() and p.name != "pruned"]
    assert any("runs" in p.parts for p in entries) and any("drawings" in p.parts for p in entries)
    for n, entry in enumerate(entries):  # cut short (a kill), or one byte changed
        data = entry.read_bytes()
        entry.write_bytes(data[:len(data) // 2] if n % 2 else data[:-1] + bytes([data[-1] ^ 1]))
    ids = inodes(out / "temple-of-doom")
    again = pnp(cache, "build", "temple-of-doom", "--out", out, "--content", content)
    assert printed(again) == printed(cold)
    assert files(out / "temple-of-doom") == want
    assert inodes(out / "temple-of-doom") != ids, "a damaged record was trusted"


def test_two_builds_at_once_share_the_cache(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PNP_CACHE")}
    env["PNP_CACHE_DIR"] = str(cache)
    runs = [subprocess.Popen([sys.executable, "-m", "pnp", "build", "temple-of-doom", "--out",
                              tmp_path / name], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE) for name in ("a", "b")]
    for run in runs:
        assert run.wait(timeout=300) == 0, run.stderr.read() if run.stderr else ""
    assert files(tmp_path / "a" / "temple-of-doom") == files(tmp_path / "b" / "temple-of-doom")
    assert pnp(None, "build", "temple-of-doom", "--out", tmp_path / "c").returncode == 0
    assert files(tmp_path / "a" / "temple-of-doom") == files(tmp_path / "c" / "temple-of-doom")


def test_a_cache_that_cannot_be_written_is_no_cache(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = pnp(blocker / "cache", "build", "temple", "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr.decode()
    assert pnp(None, "build", "temple", "--out", tmp_path / "cold").returncode == 0
    assert files(tmp_path / "out" / "temple") == files(tmp_path / "cold" / "temple")


def test_pnp_cache_0_keeps_nothing(tmp_path: Path) -> None:
    env_cache = tmp_path / "cache"
    env = {**os.environ, "PNP_CACHE_DIR": str(env_cache), "PNP_CACHE": "0"}
    result = subprocess.run([sys.executable, "-m", "pnp", "build", "temple", "--out",
                             tmp_path / "out"], cwd=ROOT, env=env, capture_output=True)
    assert result.returncode == 0
    assert not env_cache.exists()


def test_warm_validate_reports_what_cold_validate_does(tmp_path: Path) -> None:
    content = game_copy(tmp_path, "temple-trip")
    cache = tmp_path / "cache"
    first = pnp(cache, "validate", "temple-trip", "--content", content)
    assert list((cache / "v1" / "drawings").rglob("*")), "validate kept no drawing"
    edit(content, "temples.yaml", "temple: Seattle Washington,", "temple: Seattle Wash.,",
         game="temple-trip")
    warm = pnp(cache, "validate", "temple-trip", "--content", content)
    cold = pnp(None, "validate", "temple-trip", "--content", content)
    assert printed(warm) == printed(cold)
    assert first.returncode == 0


def test_an_edit_that_keeps_size_and_mtime_is_still_seen(tmp_path: Path) -> None:
    """Files are known by their stat signature (ctime and inode included), then by content."""
    content = game_copy(tmp_path, "temple")
    cache, out = tmp_path / "cache", tmp_path / "out"
    args = ("build", "temple", "--out", out, "--content", content)
    time.sleep(2.1)  # files changed in the last 2 s are always read again: these are not
    assert pnp(cache, *args).returncode == 0
    before = files(out / "temple")
    yaml = content / "temple" / "game.yaml"
    st = yaml.stat()
    text = yaml.read_text(encoding="utf-8")
    assert "\nname: Temple\n" in text  # (in every PDF's title)
    yaml.write_text(text.replace("\nname: Temple\n", "\nname: Tempel\n", 1), encoding="utf-8")
    os.utime(yaml, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert yaml.stat().st_size == st.st_size and yaml.stat().st_mtime_ns == st.st_mtime_ns
    assert pnp(cache, *args).returncode == 0
    after = files(out / "temple")
    assert after != before
    assert pnp(None, "build", "temple", "--out", tmp_path / "cold", "--content",
               content).returncode == 0
    assert after == files(tmp_path / "cold" / "temple")


def test_the_cache_is_pruned_to_its_size(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp.base import cache

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("PNP_CACHE", raising=False)
    for n in range(20):
        cache.put("drawings", f"{n:064x}", bytes(100_000))
        os.utime(cache._path("drawings", f"{n:064x}"), (1_000_000 + n, 1_000_000 + n))
    assert cache.get("drawings", f"{0:064x}") == bytes(100_000)
    monkeypatch.setenv("PNP_CACHE_MB", "1")
    cache.prune()
    kept = [n for n in range(20) if cache.get("drawings", f"{n:064x}") is not None]
    assert kept == list(range(11, 20))  # the newest, 0.9 MB of them
    cache.put("drawings", f"{0:064x}", b"x")
    cache.prune()  # once a day: not again so soon
    assert cache.get("drawings", f"{0:064x}") == b"x"


def test_an_edit_to_pnp_itself_misses(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The key holds the digest of pnp's own source: a developer's edit is a new key."""
    from pnp.base import cache

    source = tmp_path / "pnp"
    (source / "render").mkdir(parents=True)
    (source / "render" / "layers.py").write_text("A = 1\n")
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr(cache, "_PNP", source)
    cache.fingerprint.cache_clear()
    try:
        first = cache.key("drawings", "layer")
        (source / "render" / "layers.py").write_text("A = 2\n")
        cache.fingerprint.cache_clear()
        assert cache.key("drawings", "layer") != first
    finally:
        cache.fingerprint.cache_clear()
