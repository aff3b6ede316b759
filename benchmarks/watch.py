"""`pnp watch` on a one-card save: the time from the save to the changed card's PNG
preview (the target: under 1 s), and to the rebuilt, preflighted PDFs, for Temple of
Doom (54 cards, 36 tiles, 8 tokens, 2 reference cards). Alternates two titles of one
reference card so every pass has exactly one changed face.

python3 benchmarks/watch.py [--runs N]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    from pnp.layout.options import BuildOptions
    from pnp.load.content import shipped_dir
    from pnp.watch import Session

    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as tmp:
        game = Path(tmp) / "temple-of-doom"
        shutil.copytree(shipped_dir("content") / "temple-of-doom", game)
        session = Session(game, shipped_dir("templates"), Path(tmp) / "out", BuildOptions(),
                          [])
        first = session.run()
        assert not first.failed, first.failed
        cards = game / "reference.yaml"
        text = cards.read_text()
        preview, whole = [], []
        for i in range(runs):
            cards.write_text(text if i % 2 else text.replace("title: A round", "title: One round", 1))
            result = session.run()
            assert not result.failed and len(result.refreshed) >= 1, result
            preview.append(result.preview_seconds)
            whole.append(result.seconds)
    print(f"first pass (every preview): {first.preview_seconds:.2f} s, "
          f"with the build {first.seconds:.2f} s")
    print(f"one changed card, {runs} saves: preview median {statistics.median(preview):.2f} s "
          f"(target < 1 s), rebuilt median {statistics.median(whole):.2f} s")


if __name__ == "__main__":
    main()
