"""Count the inputs that end in an internal error (a traceback, or exit 70) rather than a
clean one-line problem: every YAML file of every shipped game mutated at random paths with
hostile values, then `pnp validate` in-process. Seeded, so a run can be repeated.

python3 tools/fuzz.py [--per-file N] [--seed S] [--paper a4]

Prints one line per distinct internal error (type and where it was raised) and the
totals. Used for the hardening work: the count before and after goes in its note.
"""

from __future__ import annotations

import argparse
import random
import shutil
import sys
import tempfile
import traceback
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

HOSTILE: list[Any] = [
    None, True, False, 0, -1, 10**30, 1e308, float("nan"), float("inf"), "", " ", "x" * 400,
    [1, "x"], {}, {"a": 1}, [], "../../../../etc/passwd", "/etc/passwd", "#zzzzzz", "-1",
    "url(file:///etc/passwd)", "\u202e\u0000", "{{ 7*7 }}", "<svg>", "★漢", "nan", "1e400mm",
    "-3mm", "0mm", "999999mm", [[1, 2], [3]], {"en": None}, {"xx": "y"}, 3.5, "3.5",
]


def mutate(data: Any, rng: random.Random) -> Any:
    """Replace one value at a random depth (a key at a mapping, an entry of a list)."""
    if not isinstance(data, dict | list) or not data or rng.random() < 0.25:
        return rng.choice(HOSTILE)
    if isinstance(data, dict):
        key = rng.choice(list(data))
        if rng.random() < 0.08:
            data.pop(key)
            return data
        data[key] = mutate(data[key], rng)
    else:
        i = rng.randrange(len(data))
        data[i] = mutate(data[i], rng)
    return data


def run_validate(content: Path, game: str, paper: str) -> tuple[int, str | None]:
    """Exit code, and the internal error if there was one."""
    from typer.testing import CliRunner

    from pnp.cli import app

    result = CliRunner().invoke(app, ["validate", game, "--content", str(content),
                                      "--paper", paper])
    exc = result.exception
    if exc is not None and not isinstance(exc, SystemExit):
        frame = traceback.extract_tb(exc.__traceback__)[-1]
        where = f"{Path(frame.filename).name}:{frame.lineno}"
        return 70, f"{type(exc).__name__} at {where}: {str(exc)[:80]}"
    if result.exit_code == 70 or "unexpected" in result.output:
        return 70, result.output.strip().splitlines()[-1][:120]
    return result.exit_code, None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-file", type=int, default=8)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--paper", default="a4")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    found: dict[str, int] = {}
    runs = crashes = 0
    with tempfile.TemporaryDirectory() as tmp:
        for game_dir in sorted((ROOT / "content").iterdir()):
            files = sorted(p.relative_to(game_dir) for p in game_dir.rglob("*.yaml"))
            for rel in files:
                for _ in range(args.per_file):
                    content = Path(tmp) / "content"
                    shutil.rmtree(content, ignore_errors=True)
                    shutil.copytree(game_dir, content / game_dir.name)
                    target = content / game_dir.name / rel
                    try:
                        data = yaml.safe_load(target.read_text())
                    except yaml.YAMLError:
                        continue
                    target.write_text(yaml.safe_dump(mutate(data, rng), allow_unicode=True))
                    runs += 1
                    code, error = run_validate(content, game_dir.name, args.paper)
                    if error:
                        crashes += 1
                        key = f"{game_dir.name}/{rel}: {error}"
                        found[key] = found.get(key, 0) + 1
    for key, n in sorted(found.items()):
        print(f"{n:3d}  {key}")
    print(f"{runs} mutated inputs, {crashes} internal errors, {len(found)} distinct")


if __name__ == "__main__":
    main()
