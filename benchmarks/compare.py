"""Two versions of pnp, interleaved: python3 benchmarks/compare.py OLD_TREE NEW_TREE CASES [N]

OLD_TREE and NEW_TREE are checkouts (e.g. `git worktree add /tmp/old <commit>`); each
command runs in a fresh process with PYTHONPATH set to its tree, old and new in turn
(A, B, A, B; one warm-up each), and prints medians of wall and CPU time (user + sys),
each run's peak RSS and the median per-pair CPU ratio new/old. CPU time moves less than
wall time when other work shares the machine. CASES: comma-separated names from CASES
below; the deck cases need `python3 benchmarks/standard_deck.py`'s game, written with
`--cards N` into /tmp/deckN by `write_decks()` here.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

CASES = {
    "help": ["--help"],
    "deck62": ["build", "bench", "--content", "/tmp/deck62", "--out", "/tmp/cmp62"],
    "deck1000": ["build", "bench", "--content", "/tmp/deck1000", "--out", "/tmp/cmp1000"],
    "deck10000": ["build", "bench", "--content", "/tmp/deck10000", "--out", "/tmp/cmp10000"],
    "temple-trip": ["build", "temple-trip", "--out", "/tmp/cmptt"],
    "temple": ["build", "temple", "--out", "/tmp/cmpt"],
    "temple-of-doom": ["build", "temple-of-doom", "--out", "/tmp/cmptod"],
    "temple-rush": ["build", "temple-rush", "--out", "/tmp/cmptr"],
    "dice-trip": ["build", "dice-trip", "--out", "/tmp/cmpdt"],
    "all": ["build", "--out", "/tmp/cmpall"],
    "validate-tt": ["validate", "temple-trip"],
}


def write_decks() -> None:
    import shutil

    import standard_deck

    for n in (62, 1000, 10000):
        root = Path(f"/tmp/deck{n}")
        if not (root / "bench" / "game.yaml").exists():
            shutil.rmtree(root, ignore_errors=True)
            standard_deck.write_game(root, n)


def run(tree: str, args: list[str]) -> tuple[float, float, float]:
    """Wall s, CPU s and peak RSS MB of one command run against `tree`."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPATH"] = tree
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "-q", *args], env=env, cwd="/tmp",
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(proc.pid, 0)
    return time.perf_counter() - start, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    old, new, cases = sys.argv[1], sys.argv[2], sys.argv[3].split(",")
    n = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    write_decks()
    for name in cases:
        args = CASES[name]
        run(old, args)
        run(new, args)
        a, b = [], []
        for _ in range(n):
            a.append(run(old, args))
            b.append(run(new, args))

        def med(runs: list[tuple[float, float, float]], i: int) -> float:
            return statistics.median(r[i] for r in runs)

        ratio = statistics.median(y[1] / x[1] for x, y in zip(a, b, strict=True))
        print(f"{name:12s} old: wall {med(a, 0):6.2f} s, cpu {med(a, 1):6.2f} s, peak "
              f"{max(r[2] for r in a):4.0f} MB | new: wall {med(b, 0):6.2f} s, cpu "
              f"{med(b, 1):6.2f} s, peak {max(r[2] for r in b):4.0f} MB | cpu new/old "
              f"{ratio:.2f}", flush=True)


if __name__ == "__main__":
    main()
