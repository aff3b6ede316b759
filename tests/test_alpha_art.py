"""Pictures with alpha, as designers' art often is: PDF cannot take such a PNG as it is,
so pnp decodes it and encodes its colours and its alpha again. What it encodes waits for
the PDF's write in a temporary file, not in memory: a deck of them builds in the memory a
deck of one does; built beside another game (in a worker process), the PDF is the same."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pikepdf
import pytest
import yaml
from conftest import run_pnp
from PIL import Image
from test_art_deck import FRONT, GAME_YAML

CARDS = 40
SIDE = 640  # px: each picture's colours take 1.2 MB decoded, ~1.2 MB encoded (noise)


def noise_picture(i: int) -> Image.Image:
    import numpy as np

    rng = np.random.default_rng(100 + i)
    pixels = rng.integers(0, 256, (SIDE, SIDE, 4), dtype=np.uint8)
    pixels[..., 3] = np.linspace(40, 255, SIDE, dtype=np.uint8)[None, :]  # a fade
    return Image.fromarray(pixels, "RGBA")


def art_game(content: Path, n: int) -> Path:
    made = run_pnp("new", "art", "--content", content)
    assert made.returncode == 0, made.stderr
    game = content / "art"
    (game / "game.yaml").write_text(GAME_YAML)
    (game / "templates" / "card-front.svg.j2").write_text(FRONT)
    (game / "pictures").mkdir()
    cards = []
    for i in range(n):
        noise_picture(i).save(game / "pictures" / f"p{i}.png", compress_level=1)
        cards.append({"id": f"c{i}", "title": f"Card {i}", "art": f"pictures/p{i}.png"})
    (game / "cards.yaml").write_text(yaml.safe_dump({"cards": cards}, sort_keys=False))
    return game


def peak_rss_mb(*args: str) -> float:
    """The peak memory of `pnp ARGS`, in a process of its own (cold: no cache)."""
    probe = ("import resource, subprocess, sys; "
             "done = subprocess.run([sys.executable, '-m', 'pnp', *sys.argv[1:]], "
             "capture_output=True, env={**__import__('os').environ, 'PNP_CACHE': '0'}); "
             "assert done.returncode == 0, done.stderr[-2000:]; "
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    return int(out.stdout) / 1024


@pytest.fixture(scope="module")
def decks(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    one = tmp_path_factory.mktemp("one") / "content"
    many = tmp_path_factory.mktemp("many") / "content"
    art_game(one, 1)
    art_game(many, CARDS)
    return one, many


def test_a_deck_of_pictures_with_alpha_builds_in_the_memory_of_one(
        decks: tuple[Path, Path], tmp_path: Path) -> None:
    one, many = decks
    base = peak_rss_mb("build", "art", "--content", str(one), "--out", str(tmp_path / "1"))
    peak = peak_rss_mb("build", "art", "--content", str(many), "--out", str(tmp_path / "n"))
    with pikepdf.open(tmp_path / "n" / "art" / "cards.pdf") as pdf:
        encoded = sum(len(o.read_raw_bytes()) for o in pdf.objects
                      if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image")
    assert encoded > 40e6  # what holding them would have cost
    assert peak < base + 25, (base, peak)  # (one picture decoded at a time: a few MB)


def test_built_beside_another_game_the_pdf_is_the_same(tmp_path: Path) -> None:
    """Two games prepare in two worker processes, and each sends its PDF to the one that
    writes: the pictures it encoded (past 4 MiB, kept apart until the write) go with it."""
    content = tmp_path / "content"
    game = art_game(content, 5)
    twin = content / "art2"
    for path in sorted(game.rglob("*")):
        target = twin / path.relative_to(game)
        if path.is_dir():
            target.mkdir(parents=True, exist_ok=True)
        else:
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(path.read_bytes())
    (twin / "game.yaml").write_text(GAME_YAML.replace("id: art", "id: art2"))
    alone = run_pnp("build", "art", "--content", content, "--out", tmp_path / "alone")
    both = run_pnp("build", "art", "art2", "--content", content, "--out", tmp_path / "both")
    assert alone.returncode == 0 and both.returncode == 0, both.stderr[-2000:]
    pdf = (tmp_path / "alone" / "art" / "cards.pdf").read_bytes()
    assert len(pdf) > 5e6
    assert pdf == (tmp_path / "both" / "art" / "cards.pdf").read_bytes()
    with pikepdf.open(tmp_path / "both" / "art" / "cards.pdf") as opened:
        assert any("/SMask" in o for o in opened.objects if isinstance(o, pikepdf.Stream))


def test_without_room_for_temporary_files_the_pictures_are_held(
        decks: tuple[Path, Path], tmp_path: Path) -> None:
    """No room for a temporary file (a full disk) costs memory, not the build."""
    import os

    one, _ = decks
    full = ("import sys, tempfile\n"
            "def full(*a, **k):\n"
            "    raise OSError(28, 'No space left on device')\n"
            "tempfile.TemporaryFile = full\n"
            "sys.argv = ['pnp', *sys.argv[1:]]\n"
            "from pnp.__main__ import main\n"
            "main()\n")
    outs = []
    for name, how in (("held", ["-c", full]), ("spilled", ["-m", "pnp"])):
        done = subprocess.run([sys.executable, *how, "build", "art", "--content", str(one),
                               "--out", str(tmp_path / name)],
                              env={**os.environ, "PNP_CACHE": "0"}, capture_output=True,
                              text=True, timeout=300)
        assert done.returncode == 0, done.stderr[-2000:]
        outs.append((tmp_path / name / "art" / "cards.pdf").read_bytes())
    assert outs[0] == outs[1]
