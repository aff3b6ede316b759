"""The standard deck benchmark: 62 poker cards (title, number, coloured frame with bleed,
one shared back), 9-up on A4 with crop marks.

Prints, from the same run:
- the whole `pnp build` command (a new process: imports included), best of N;
- pnp's rendering of the deck in-process, and the reportlab lower bound: the same cards
  drawn directly with reportlab calls, imposed the same way; and their ratio.

Run: python benchmarks/standard_deck.py [--runs N]. The figures issue 16 sets targets for
(the whole command interleaved with the twin as a whole command, twin.py) come from
benchmarks/run.py; this script is the quick in-process look.
"""

from __future__ import annotations

import argparse
import io
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from twin import cards  # noqa: E402 - the deck's cards live with the twin that draws them

GAME_YAML = """\
id: bench
name: Benchmark
rules: none
components:
  cards:
    kind: deck
    title: Cards
    file: cards.yaml
    size: poker
    front: front.svg.j2
    back: back.svg.j2
    fields:
      title: {type: text}
      number: {type: int}
      colour: {type: text}
"""

FRONT = """\
{% import "pnp.svg.j2" as pnp %}
{% call pnp.face(face) %}
<g><rect x="{{ (-face.bleed)|num }}" y="{{ (-face.bleed)|num }}" width="{{ face.full_w|num }}" height="{{ face.full_h|num }}" fill="{{ item.colour }}"/>
<rect x="4" y="4" width="{{ (face.w - 8)|num }}" height="{{ (face.h - 8)|num }}" rx="3" fill="#ffffff"/></g>
<g><text x="{{ (face.w / 2)|num }}" y="16" font-family="Fira Sans" font-weight="bold" font-size="5" text-anchor="middle">{{ item.title }}</text>
<text x="{{ (face.w / 2)|num }}" y="56" font-family="Fira Sans" font-size="20" text-anchor="middle">{{ item.number }}</text></g>
{% endcall %}
"""

BACK = """\
{% import "pnp.svg.j2" as pnp %}
{% call pnp.face(face) %}
<g><rect x="{{ (-face.bleed)|num }}" y="{{ (-face.bleed)|num }}" width="{{ face.full_w|num }}" height="{{ face.full_h|num }}" fill="#34495e"/>
<circle cx="{{ (face.w / 2)|num }}" cy="{{ (face.h / 2)|num }}" r="18" fill="none" stroke="#ecf0f1" stroke-width="2"/>
<text x="{{ (face.w / 2)|num }}" y="{{ (face.h / 2 + 2)|num }}" font-family="Fira Sans" font-weight="bold" font-size="6" text-anchor="middle" fill="#ecf0f1">BENCH</text></g>
{% endcall %}
"""


def write_game(root: Path, n: int) -> Path:
    import yaml

    game = root / "bench"
    (game / "templates").mkdir(parents=True)
    (game / "game.yaml").write_text(GAME_YAML)
    (game / "cards.yaml").write_text(yaml.safe_dump({"cards": cards(n)}, sort_keys=False))
    (game / "templates" / "front.svg.j2").write_text(FRONT)
    (game / "templates" / "back.svg.j2").write_text(BACK)
    return root


def time_command(content: Path, out: Path, runs: int) -> float:
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        subprocess.run([sys.executable, "-m", "pnp", "build", "bench", "--content", str(content),
                        "--out", str(out)], check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - t)
    return min(times)


def pnp_render(content: Path, n: int) -> tuple[float, int]:
    """In-process: load, validate, render and impose the deck (no file writes)."""
    from pnp.components import items
    from pnp.layout.options import BuildOptions
    from pnp.load.content import shipped_dir
    from pnp.pipeline.build import load_valid_game
    from pnp.render.templates import Renderer, search_path

    t = time.perf_counter()
    game, _ = load_valid_game(content / "bench", [])
    renderer = Renderer(search_path(game.folder, shipped_dir("templates"), "bench"))
    built = items.build(game, game.components["cards"], renderer, BuildOptions())
    return time.perf_counter() - t, len(built.data)


def reportlab_lower_bound(n: int) -> tuple[float, int]:
    """The same cards drawn directly with reportlab (twin.py), in memory: the floor."""
    import twin

    twin.register_fonts()
    t = time.perf_counter()
    buf = io.BytesIO()
    twin.draw(n, buf)
    return time.perf_counter() - t, len(buf.getvalue())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cards", type=int, default=62)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = write_game(Path(tmp) / "content", args.cards)
        command = time_command(root, Path(tmp) / "out", args.runs)
        pnp_render(root, args.cards)  # warm caches (fonts, templates) like a second build
        ours = [pnp_render(root, args.cards) for _ in range(args.runs)]
        floor = [reportlab_lower_bound(args.cards) for _ in range(args.runs)]
    t_ours, size_ours = min(ours)[0], ours[0][1]
    t_floor, size_floor = min(floor)[0], floor[0][1]
    print(f"standard deck: {args.cards} poker cards, 9-up A4, bleed 3 mm, crop marks, duplex")
    print(f"  whole command (pnp build, new process): {command * 1000:7.1f} ms"
          f"   target <= 300 ms: {'ok' if command <= 0.3 else 'MISSED'}")
    print(f"  pnp render in-process:                  {t_ours * 1000:7.1f} ms"
          f"   PDF {size_ours / 1024:.0f} KiB   "
          f"({t_ours / args.cards * 1000:.2f} ms/card, median "
          f"{statistics.median(t for t, _ in ours) * 1000:.1f} ms)")
    print(f"  reportlab direct (lower bound):         {t_floor * 1000:7.1f} ms"
          f"   PDF {size_floor / 1024:.0f} KiB")
    ratio = t_ours / t_floor
    print(f"  ratio pnp / reportlab: {ratio:.2f}x   target < 3x: "
          f"{'ok' if ratio < 3 else 'MISSED'}")


if __name__ == "__main__":
    main()
