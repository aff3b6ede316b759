"""What svglib and reportlab spend drawing a game, against "pnp validate of one game
< 0.5 s": a bound for validate as pnp draws today, not for any pnp.

    python benchmarks/validate_floor.py [GAME ...] [--runs N]

`pnp validate` runs every stage of the build but the writing (DESIGN section 1), on A4 and
Letter. Every face reaches the PDF through svglib (its SVG becomes reportlab shapes:
`SvgRenderer.render`) and reportlab (the shapes become PDF operators: `renderPDF.draw`).
For each game and paper, this builds the game in a fresh process (PNP_JOBS=1, pnp's own
entry point) and times those two calls. The bound: a command that only imports reportlab,
typer, Jinja2 and PyYAML (measure.DESIGN_IMPORTS, the interpreter's start included), plus
svglib's work once (its drawings hardly depend on the paper, so it could be shared) and
reportlab's for each paper, split perfectly over the machine's cores. It leaves out
svglib's import, the loading, the checks and all of pnp's own work; but it holds only for
the SVG pnp writes today through svglib: simpler SVG, or another way from pnp's geometry
to PDF operators, would lower it. Shown for both papers (validate's default) and for one
(`--paper a4`). Default GAME: temple-trip, the slowest to validate."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from statistics import median

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from measure import DESIGN_IMPORTS, PY, ROOT, child_env, imports_only, run_once  # noqa: E402,E501

PAPERS = ["a4", "letter"]  # what `pnp validate` checks when no --paper is given

CHILD = """
import json, os, sys, time
import pnp.cli as cli
from pnp.render import layers, rlspeed  # pnp's reportlab set-up, before reportlab.graphics loads
rlspeed.install()
import svglib.svglib as sv
from reportlab.graphics import renderPDF
spent = {"svglib": 0.0, "reportlab": 0.0}
def timed(name, fn):
    def call(*a, **k):
        t = time.perf_counter()
        try:
            return fn(*a, **k)
        finally:
            spent[name] += time.perf_counter() - t
    return call
sv.SvgRenderer.render = timed("svglib", sv.SvgRenderer.render)
renderPDF.draw = timed("reportlab", renderPDF.draw)
start = time.perf_counter()
def end(code):
    spent["command"] = time.perf_counter() - start
    spent["code"] = code
    print(json.dumps(spent), file=sys.stderr)
    os._exit(0)
cli._end = end
sys.argv = ["pnp", *sys.argv[1:]]
cli.main()
"""


def one_build(game: str, paper: str, out: str) -> dict[str, float]:
    env = child_env() | {"PNP_JOBS": "1"}
    done = subprocess.run([PY, "-c", CHILD, "build", game, "--paper", paper, "--out", out],
                          capture_output=True, text=True, env=env, cwd=ROOT)
    got = json.loads(done.stderr.strip().splitlines()[-1])
    if got["code"] != 0:
        raise RuntimeError(f"pnp build {game} --paper {paper} failed:\n{done.stderr[-2000:]}")
    return got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[3:]))
    parser.add_argument("games", nargs="*", default=["temple-trip"])
    parser.add_argument("--runs", type=int, default=3, help="builds of each (default 3)")
    args = parser.parse_args()
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    cores = cores or 1
    run_once(imports_only(DESIGN_IMPORTS))  # warm-up
    imports = median(run_once(imports_only(DESIGN_IMPORTS)).wall for _ in range(args.runs))
    print(f"{cores} cores; medians of {args.runs} runs, each a fresh process")
    print(f"  importing reportlab, typer, Jinja2 and PyYAML, nothing else: {imports * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as out:
        for game in args.games:
            one_build(game, PAPERS[0], out)  # warm-up: .pyc files, template cache
            svglib: list[float] = []
            reportlab: list[float] = []
            for paper in PAPERS:
                runs = [one_build(game, paper, out) for _ in range(args.runs)]
                svglib.append(median(r["svglib"] for r in runs))
                reportlab.append(median(r["reportlab"] for r in runs))
                whole = median(r["command"] for r in runs)
                print(f"  {game} on {paper}: svglib {svglib[-1] * 1000:.0f} ms + reportlab "
                      f"{reportlab[-1] * 1000:.0f} ms, in a build of {whole * 1000:.0f} ms "
                      "(timed from pnp.cli's import to the end)")
            for shown, n in ((", ".join(PAPERS), len(PAPERS)), (PAPERS[0], 1)):
                bound = imports + (max(svglib[:n]) + sum(reportlab[:n])) / cores
                verdict = "below" if bound < 0.5 else "above"
                print(f"  {game}, validate on {shown}: imports + (svglib once + reportlab "
                      f"each paper) / {cores} cores = {bound * 1000:.0f} ms, {verdict} the "
                      "0.5 s target")


if __name__ == "__main__":
    t0 = time.perf_counter()
    main()
    print(f"(took {time.perf_counter() - t0:.0f} s)")
