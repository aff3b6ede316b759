"""A deck with its own art (issue 35): N poker cards, each front a 525 x 750 px PNG of its
own, full-bleed, with a title; one shared back. `pnp build` of it beside img2pdf on the
same PNGs (the floor for embedding them losslessly).

The PNGs are made deterministically (numpy, a fixed seed per card): smooth colour waves
with a little noise, which compress like a photo (~410 KB each; 500 of them ~196 MiB).
The game folder starts as `pnp new` makes it; the cards, the front and game.yaml are
replaced by the art deck's.

Prints, for pnp and img2pdf: wall time, CPU (user + sys of the process and every process
it waited for, from os.wait4), peak RSS (the largest single process) and the PDF's bytes
beside the PNGs' bytes.

Run: python benchmarks/art_deck.py [--cards 500] [--runs 1] [--dir DIR]
(needs the `bench` extra: pip install -e '.[bench]').
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

W_PX, H_PX = 525, 750  # portrait: 2.5 x 1.75 in at 300 dpi, turned to the card
NOISE = 0.7  # grey levels of noise: ~410 KB a PNG, as a photo compresses

GAME_YAML = """\
id: art
name: Art Deck
rules: none
description: A deck with its own art on every card (benchmarks/art_deck.py).
languages: [en]
components:
  cards:
    kind: deck
    title: Cards
    file: cards.yaml
    size: poker
    front: card-front.svg.j2
    back: card-back.svg.j2
    fields:
      title: {type: text}
      art: {type: image}
"""

FRONT = """\
{% import "pnp.svg.j2" as pnp %}
{% set w = face.w %}{% set b = face.bleed %}
{% call pnp.face(face) %}
<g><image href="{{ item.art }}" x="{{ (-b)|num }}" y="{{ (-b)|num }}" \
width="{{ face.full_w|num }}" height="{{ face.full_h|num }}" preserveAspectRatio="none"/></g>
<g><rect x="5" y="5" width="{{ (w - 10)|num }}" height="10" rx="2" fill="#fbf7ef"/>
<text x="{{ (w / 2)|num }}" y="12" font-family="Fira Sans" font-weight="bold" font-size="6" \
text-anchor="middle" fill="#222222">{{ item.title }}</text></g>
{% endcall %}
"""


def art_png(i: int) -> bytes:
    """Card `i`'s art: the same bytes on every machine with the same numpy and Pillow."""
    import numpy as np
    from PIL import Image

    rng = np.random.default_rng(1000 + i)
    y, x = np.mgrid[0:H_PX, 0:W_PX].astype(np.float32)
    waves = np.stack([128 + 100 * np.sin(x / (40 + i % 7) + c + i) * np.cos(y / (55 + c * 9))
                      for c in range(3)], -1)
    pixels = np.clip(waves + rng.normal(0, NOISE, (H_PX, W_PX, 3)), 0, 255).astype(np.uint8)
    out = io.BytesIO()
    Image.fromarray(pixels, "RGB").save(out, "PNG", compress_level=6)
    return out.getvalue()


def write_game(content: Path, n: int) -> list[Path]:
    """content/art: `pnp new`'s folder made into the art deck; returns the PNGs in order."""
    import yaml

    subprocess.run([sys.executable, "-m", "pnp", "-q", "new", "art", "--content", str(content)],
                   check=True, stdout=subprocess.DEVNULL)
    game = content / "art"
    (game / "game.yaml").write_text(GAME_YAML)
    (game / "templates" / "card-front.svg.j2").write_text(FRONT)
    (game / "art").mkdir()
    cards, pngs = [], []
    for i in range(1, n + 1):
        png = game / "art" / f"card-{i:04d}.png"
        png.write_bytes(art_png(i))
        pngs.append(png)
        cards.append({"id": f"c{i:04d}", "title": f"Card {i}", "art": f"art/{png.name}"})
    (game / "cards.yaml").write_text(yaml.safe_dump({"cards": cards}, sort_keys=False))
    return pngs


@dataclass
class Run:
    wall: float
    cpu: float
    peak_mib: float


def run(cmd: list[str], where: Path, cache: dict[str, str] | None = None) -> Run:
    """One command in a fresh process: wall, CPU of it and its children, its peak RSS.
    It runs in `where` (`python -m pnp` takes pnp from the current folder first).
    `cache`: the cache's environment (PNP_CACHE_DIR); none: the cache off, a cold build."""
    start = time.perf_counter()
    env = {**os.environ, **(cache or {"PNP_CACHE": "0"})}
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env,
                            cwd=where)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.returncode:
        raise SystemExit(f"{' '.join(cmd[:4])} ... failed ({proc.returncode}):\n{err[-2000:]}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--cards", type=int, default=500)
    ap.add_argument("--runs", type=int, default=1, help="each command, interleaved (medians)")
    ap.add_argument("--dir", type=Path, help="work here and keep it (default: a temp folder)")
    ap.add_argument("--pnp", default=sys.executable + " -m pnp",
                    help="the pnp command to time (default: this Python's pnp)")
    args = ap.parse_args(argv)
    if shutil.which("img2pdf") is None:
        raise SystemExit("img2pdf is missing: pip install -e '.[bench]'")
    root = args.dir or Path(tempfile.mkdtemp(prefix="pnp-art-"))
    content = root / "content"
    if not (content / "art" / "cards.yaml").exists():
        shutil.rmtree(content, ignore_errors=True)
        print(f"making {args.cards} PNGs in {content}/art ...", flush=True)
        write_game(content, args.cards)
    pngs = sorted((content / "art" / "art").glob("card-*.png"))
    png_bytes = sum(p.stat().st_size for p in pngs)
    out, img_pdf = root / "out", root / "img2pdf.pdf"
    pnp_cmd = [*args.pnp.split(), "-q", "build", "art", "--content", str(content),
               "--out", str(out)]
    i2p_cmd = ["img2pdf", "-o", str(img_pdf), *map(str, pngs)]
    runs: dict[str, list[Run]] = {"pnp": [], "img2pdf": []}
    for _ in range(args.runs):
        shutil.rmtree(out, ignore_errors=True)  # cold: a fresh output folder
        runs["pnp"].append(run(pnp_cmd, root))
        runs["img2pdf"].append(run(i2p_cmd, root))
    sizes = {"pnp": (out / "art" / "cards.pdf").stat().st_size, "img2pdf": img_pdf.stat().st_size}
    print(f"{len(pngs)} cards, PNGs {png_bytes / 1e6:.1f} MB ({png_bytes / 2**20:.1f} MiB), "
          f"median of {args.runs}")
    print(f"{'':8} {'wall s':>8} {'CPU s':>8} {'peak MiB':>9} {'PDF MB':>8} {'PDF/PNG':>8}")
    for name, done in runs.items():
        wall = statistics.median(r.wall for r in done)
        cpu = statistics.median(r.cpu for r in done)
        peak = max(r.peak_mib for r in done)
        print(f"{name:8} {wall:8.2f} {cpu:8.2f} {peak:9.0f} {sizes[name] / 1e6:8.1f} "
              f"{sizes[name] / png_bytes:8.3f}")
    pnp_cpu = statistics.median(r.cpu for r in runs["pnp"])
    i2p_cpu = statistics.median(r.cpu for r in runs["img2pdf"])
    print(f"pnp / img2pdf: CPU {pnp_cpu / i2p_cpu:.2f}x, wall "
          f"{statistics.median(r.wall for r in runs['pnp']) / statistics.median(r.wall for r in runs['img2pdf']):.2f}x")
    if args.dir is None:
        shutil.rmtree(root, ignore_errors=True)


def _retitle(cards: Path, n: int) -> None:
    """One card's title changed: the edit a designer makes between two builds."""
    text = cards.read_text()
    old = "title: Card 1\n"
    new = f"title: Card 1 (edit {n})\n"
    if old not in text:  # an earlier edit's title back to the first
        import re

        text = re.sub(r"title: Card 1 \(edit \d+\)\n", old, text, count=1)
    cards.write_text(text.replace(old, new, 1))


def case(cards: int, runs: int) -> Any:
    """The art deck for benchmarks/run.py: cold builds interleaved with img2pdf, then one
    card's title changed before each warm build (the cache between runs on)."""
    from report import Case, Check

    if shutil.which("img2pdf") is None:
        case = Case("A deck with its own art: not measured", [""])
        case.checks = [Check(f"{cards} art cards: cold under 3x img2pdf", None,
                             "img2pdf is missing: pip install -e '.[bench]'")]
        return case
    with tempfile.TemporaryDirectory(prefix="pnp-art-") as tmp:
        root = Path(tmp)
        content = root / "content"
        write_game(content, cards)
        pngs = sorted((content / "art" / "art").glob("card-*.png"))
        png_bytes = sum(p.stat().st_size for p in pngs)
        out, img_pdf = root / "out", root / "img2pdf.pdf"
        pnp_cmd = [sys.executable, "-m", "pnp", "-q", "build", "art", "--content", str(content),
                   "--out", str(out)]
        i2p_cmd = ["img2pdf", "-o", str(img_pdf), *map(str, pngs)]
        cold: list[Run] = []
        i2p: list[Run] = []
        for _ in range(runs):
            shutil.rmtree(out, ignore_errors=True)
            cold.append(run(pnp_cmd, root))
            i2p.append(run(i2p_cmd, root))
        pdf = (out / "art" / "cards.pdf").stat().st_size
        i2p_pdf = img_pdf.stat().st_size
        cache = {"PNP_CACHE": "on", "PNP_CACHE_DIR": str(root / "cache")}
        run(pnp_cmd, root, cache)  # fills the cache
        edited: list[Run] = []
        for n in range(runs):
            _retitle(content / "art" / "cards.yaml", n)
            edited.append(run(pnp_cmd, root, cache))

    def med(done: list[Run], what: str) -> float:
        return statistics.median(getattr(r, what) for r in done)

    case = Case(f"A deck with its own art: {cards} poker cards, one {W_PX} x {H_PX} px PNG each "
                f"({png_bytes / 1e6:.0f} MB of PNGs), beside img2pdf on the same PNGs "
                f"({runs} interleaved runs)",
                ["", "wall median", "CPU median", "peak RSS", "PDF", "PDF/PNG bytes"])
    case.rows = [
        ["pnp build, cold (no cache, fresh output)", f"{med(cold, 'wall'):.2f} s",
         f"{med(cold, 'cpu'):.2f} s", f"{max(r.peak_mib for r in cold):.0f} MiB",
         f"{pdf / 1e6:.1f} MB", f"{pdf / png_bytes:.3f}"],
        ["img2pdf", f"{med(i2p, 'wall'):.2f} s", f"{med(i2p, 'cpu'):.2f} s",
         f"{max(r.peak_mib for r in i2p):.0f} MiB", f"{i2p_pdf / 1e6:.1f} MB",
         f"{i2p_pdf / png_bytes:.3f}"],
        ["pnp build after one card's title changed (cache warm)", f"{med(edited, 'wall'):.2f} s",
         f"{med(edited, 'cpu'):.2f} s", f"{max(r.peak_mib for r in edited):.0f} MiB", "", ""]]
    ratio = med(cold, "wall") / med(i2p, "wall")
    peak_mb = max(r.peak_mib for r in cold + edited) * 2**20 / 1e6
    case.checks = [
        Check(f"{cards} art cards, cold: under 3x img2pdf's time (median wall; CPU "
              f"{med(cold, 'cpu') / med(i2p, 'cpu'):.2f}x)", ratio < 3, f"{ratio:.2f}x"),
        Check("... the PDF within 5 % of the PNGs' bytes", abs(pdf / png_bytes - 1) <= 0.05,
              f"{100 * (pdf / png_bytes - 1):+.1f} %"),
        Check("... peak memory under 200 MB", peak_mb < 200, f"{peak_mb:.0f} MB"),
        Check("... one card changed: rebuilt in under 5 s (median wall)",
              med(edited, "wall") < 5, f"{med(edited, 'wall'):.2f} s")]
    return case


if __name__ == "__main__":
    main()
