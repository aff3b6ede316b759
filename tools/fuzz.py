"""Count the inputs that end in an internal error (a traceback, or exit 70) rather than a
clean one-line problem: every YAML file of every shipped game mutated at random paths with
hostile values, then `pnp validate` in-process. Seeded, so a run can be repeated.

python3 tools/fuzz.py [--per-file N] [--seed S] [--paper a4]

Prints one line per distinct internal error (type and where it was raised) and the
totals. Used for the hardening work: the count before and after goes in its note.
"""

from __future__ import annotations

import argparse
import os
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


def corpus(tmp: Path) -> list[tuple[str, list[str]]]:
    """Hostile inputs named in the hardening issue, each a whole command line: (name,
    argv after `pnp`). Files they need are written into `tmp`."""
    game = tmp / "tod"
    shutil.copytree(ROOT / "content" / "temple-of-doom", game / "temple-of-doom")
    tpl = game / "temple-of-doom" / "templates"
    tpl.mkdir(exist_ok=True)
    front = (ROOT / "content" / "temple-of-doom" / "templates" / "cube-token.svg.j2").read_text()
    cases: list[tuple[str, list[str]]] = []

    def variant(name: str, template: str | None = None, game_yaml: tuple[str, str] | None = None
                ) -> list[str]:
        root = tmp / name
        shutil.copytree(game, root)
        if template is not None:
            (root / "temple-of-doom" / "templates" / "cube-token.svg.j2").write_text(template)
        if game_yaml is not None:
            path = root / "temple-of-doom" / "game.yaml"
            path.write_text(path.read_text().replace(*game_yaml, 1))
        return ["validate", "temple-of-doom", "--content", str(root), "--paper", "a4"]

    head = "{% call pnp.face(face) %}"
    cases.append(("range(10**9)", variant("range", front.replace(head, head + "{{ range(10**9)|length }}"))))
    cases.append(("nested range(100000) loops", variant("loops", front.replace(head, head + "{% for i in range(100000) %}{% for j in range(100000) %}{% endfor %}{% endfor %}"))))
    cases.append(("10**7 elements", variant("elements", front.replace(head, head + "{% for i in range(100000) %}{% for j in range(100) %}<rect/>{% endfor %}{% endfor %}"))))
    cases.append(("50,000 layers", variant("layers", front.replace(head, head + "{% for i in range(50000) %}<g/>{% endfor %}"))))
    cases.append(("'x' * 10**9", variant("mult", front.replace(head, head + "{{ 'x' * 10**9 }}"))))
    cases.append(("fill:url(file://)", variant("url", front.replace(head, head + "<rect width='1' height='1' style='fill:url(file:///etc/passwd)'/>"))))
    cases.append(("bad base64", variant("b64", front.replace(head, head + "<image width='1' height='1' href='data:image/png;base64,@@@@'/>"))))
    bomb = tmp / "bomb.png"
    from PIL import Image

    Image.new("1", (30000, 30000)).save(bomb, optimize=True)
    bombed = variant("bomb", front.replace(head, head + "<image width='1' height='1' href='bomb.png'/>"))
    shutil.copy(bomb, tmp / "bomb" / "temple-of-doom" / "bomb.png")
    cases.append(("PNG bomb", bombed))
    cases.append(("template name of 300 characters", variant("name", None, (
        "front: cube-token.svg.j2", "front: " + "x" * 300 + ".svg.j2"))))
    cases.append(("colour -1", variant("colour", None, ('yellow: {fill: "#f2c22e"', "yellow: {fill: -1"))))
    cases.append(("name [1, x]", variant("type", None, ('name: YELLOW', "name: [1, x]"))))
    cases.append(("--back-offset nan,0", ["build", "temple-of-doom", "--back-offset", "nan,0",
                                          "--out", str(tmp / "o")]))
    cases.append(("--names undecodable", ["sheets", "dice-trip", "--count", "1", "--names",
                                          "Ann\udcff", "--out", str(tmp / "n.pdf")]))
    nan_temple = tmp / "nan.yaml"
    nan_temple.write_text("temple: T\ncity: Nanville\nstate: UT\ncountry: USA\n"
                          "region: Downtown\ntravel: road\nlat: .nan\nlon: -111\n")
    cases.append(("NaN latitude", ["validate", "temple-trip", "--custom", str(nan_temple),
                                   "--paper", "a4"]))
    dt = tmp / "dt"
    shutil.copytree(ROOT / "content" / "dice-trip", dt / "dice-trip")
    path = dt / "dice-trip" / "game.yaml"
    path.write_text(path.read_text().replace("    en:\n      title: DICE TRIP", "    xx:\n      title: DICE TRIP", 1))
    cases.append(("data.labels.en missing", ["validate", "dice-trip", "--content", str(dt)]))
    fifo = tmp / "fifo.yaml"
    os.mkfifo(fifo)
    cases.append(("FIFO as --custom", ["validate", "temple-of-doom", "--custom", str(fifo)]))
    cases.append(("/dev/zero as --custom", ["validate", "temple-of-doom", "--custom", "/dev/zero"]))
    cases.append(("FIFO as --rules-doc", ["validate", "temple-of-doom", "--rules-doc", str(fifo)]))
    cases.append(("FIFO as a filled sheet", ["score", "dice-trip", str(fifo)]))
    return cases


def run_corpus(tmp: Path) -> list[str]:
    """The corpus as a user runs it: a process each; what ended badly."""
    import subprocess

    bad = []
    for name, argv in corpus(tmp):
        try:
            run = subprocess.run([sys.executable, "-m", "pnp", *argv], cwd=ROOT, timeout=60,
                                 capture_output=True, text=True, errors="replace")
        except subprocess.TimeoutExpired:
            bad.append(f"{name}: still running after 60 s")
            continue
        text = run.stdout + run.stderr
        if run.returncode not in (0, 1, 2) or "Traceback" in text or "unexpected" in text:
            bad.append(f"{name}: exit {run.returncode}: {text.strip().splitlines()[-1][:100]}")
    return bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--per-file", type=int, default=8)
    parser.add_argument("--seed", type=int, default=9)
    parser.add_argument("--paper", default="a4")
    parser.add_argument("--corpus", action="store_true", help="the named hostile inputs only")
    args = parser.parse_args()
    if args.corpus:
        with tempfile.TemporaryDirectory() as tmp:
            bad = run_corpus(Path(tmp))
        print("\n".join(bad))
        print(f"{len(corpus_names())} hostile inputs, {len(bad)} ended badly")
        return
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


def corpus_names() -> list[str]:
    with tempfile.TemporaryDirectory() as tmp:
        return [name for name, _ in corpus(Path(tmp))]


if __name__ == "__main__":
    main()
