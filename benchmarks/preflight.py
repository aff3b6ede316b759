"""What preflight costs: every shipped game built in memory (load, render, lay out,
draw the PDFs) with preflight and with preflight replaced by a no-op, interleaved
(A, B, A, B ...) in one process so both see the same machine. Target: at most +15 %.

python3 benchmarks/preflight.py [--runs N] [--paper a4|letter]

In-process on purpose: the imports (a third of a whole `pnp build`) are the same either
way, so leaving them out makes the ratio stricter, not kinder.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from pnp import preflight  # noqa: E402
from pnp.layout.options import BuildOptions  # noqa: E402
from pnp.load.content import content_root, game_ids, shipped_dir  # noqa: E402
from pnp.pipeline import build  # noqa: E402

REAL = preflight.run


def _skip(game, records, renderer, paper):  # type: ignore[no-untyped-def]
    return [], {}


def build_all(with_preflight: bool, paper: str) -> float:
    """Seconds for one in-memory build of every shipped game."""
    preflight.run = REAL if with_preflight else _skip  # type: ignore[assignment]
    root = content_root(None)
    start = time.perf_counter()
    for gid in game_ids(root):
        game, _ = build.load_valid_game(root / gid, [])
        build.render_game(game, shipped_dir("templates"), BuildOptions(paper=paper))
    preflight.run = REAL  # type: ignore[assignment]
    return time.perf_counter() - start


def measure(runs: int, paper: str = "a4") -> dict[str, float]:
    build_all(True, paper)  # warm: caches, fonts, compiled templates
    with_, without = [], []
    for _ in range(runs):
        with_.append(build_all(True, paper))
        without.append(build_all(False, paper))
    ratios = [a / b for a, b in zip(with_, without, strict=True)]
    return {"with_median": statistics.median(with_), "with_min": min(with_),
            "without_median": statistics.median(without), "without_min": min(without),
            "ratio_median": statistics.median(ratios), "ratio_min_over_min": min(with_) / min(without)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--paper", default="a4")
    args = parser.parse_args()
    r = measure(args.runs, args.paper)
    print(f"every shipped game in memory, {args.paper}, {args.runs} interleaved pairs")
    print(f"  with preflight     median {r['with_median']:.2f} s   min {r['with_min']:.2f} s")
    print(f"  without preflight  median {r['without_median']:.2f} s   min {r['without_min']:.2f} s")
    print(f"  preflight adds     {100 * (r['ratio_median'] - 1):+.1f} % (median of pair ratios), "
          f"{100 * (r['ratio_min_over_min'] - 1):+.1f} % (min over min); target at most +15 %")


if __name__ == "__main__":
    main()
