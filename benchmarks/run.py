"""All benchmarks in one run: python3 benchmarks/run.py [--runs N] [--write]

Cases, each timed side by side with the reportlab lower bound where one exists:
- the standard deck (62 poker cards) as a whole command and rendered in-process;
- a scaling series of 100, 300 and 1000 cards: time, peak memory of the whole command,
  PDF size, ratio to reportlab;
- a full `pnp build` of every shipped game;
- 50 Dice Trip score sheets, against the same sheet drawn with reportlab;
- what preflight adds to building every game (with and without it, interleaved).
--write also records the figures in benchmarks/RESULTS.md (newest first).
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import platform
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import dice_trip_pad as dtp  # noqa: E402
import preflight as pf  # noqa: E402
import standard_deck as sd  # noqa: E402

_MEASURE = """
import resource, subprocess, sys, time
t = time.perf_counter()
subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)
wall = time.perf_counter() - t
print(wall, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""


def measure_command(args: list[str]) -> tuple[float, float]:
    """Wall time (s) and peak RSS (MB) of one command in a fresh process."""
    out = subprocess.run([sys.executable, "-c", _MEASURE, *args], check=True,
                         capture_output=True, text=True).stdout.split()
    return float(out[0]), int(out[1]) / 1024


def pnp_cmd(*args: str) -> list[str]:
    return [sys.executable, "-m", "pnp", *args]


def deck_case(n: int, runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        root = sd.write_game(Path(tmp) / "content", n)
        out = Path(tmp) / "out"
        walls, peaks = zip(*(measure_command(pnp_cmd("build", "bench", "--content", str(root),
                                                     "--out", str(out))) for _ in range(runs)),
                           strict=True)
        size = (out / "bench" / "cards.pdf").stat().st_size
        sd.pnp_render(root, n)
        ours = min(sd.pnp_render(root, n)[0] for _ in range(runs))
        floor_runs = [sd.reportlab_lower_bound(n) for _ in range(runs)]
    floor = min(t for t, _ in floor_runs)
    return {"cards": n, "command_s": min(walls), "peak_mb": max(peaks), "pdf_kb": size / 1024,
            "render_s": ours, "floor_s": floor, "floor_pdf_kb": floor_runs[0][1] / 1024,
            "ratio": ours / floor}


def games_case(runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        results = [measure_command(pnp_cmd("build", "--out", tmp)) for _ in range(runs)]
        files = [p for p in Path(tmp).rglob("*.pdf")]
        size = sum(p.stat().st_size for p in files)
    return {"command_s": min(r[0] for r in results), "peak_mb": max(r[1] for r in results),
            "pdf_kb": size / 1024, "files": len(files)}


def pad_case(runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "pad.pdf"
        results = [measure_command(pnp_cmd("sheets", "dice-trip", "--count", "50", "--out",
                                           str(out))) for _ in range(runs)]
        size = out.stat().st_size
    dtp.pnp_pad(50)
    ours = min(dtp.pnp_pad(50)[0] for _ in range(runs))
    floor = min(dtp.reportlab_pad(50)[0] for _ in range(runs))
    return {"command_s": min(r[0] for r in results), "peak_mb": max(r[1] for r in results),
            "pdf_kb": size / 1024, "render_s": ours, "floor_s": floor, "ratio": ours / floor}


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    import os

    return f"{cpu}, {os.cpu_count()} cores; Python {platform.python_version()}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--write", action="store_true", help="append to RESULTS.md")
    args = parser.parse_args()
    rows = []
    for n in (62, 100, 300, 1000):
        r = deck_case(n, args.runs)
        rows.append(r)
        print(f"{n:>5} cards: command {r['command_s'] * 1000:7.0f} ms, peak {r['peak_mb']:5.0f} MB, "
              f"PDF {r['pdf_kb']:6.0f} KiB | render {r['render_s'] * 1000:6.0f} ms vs reportlab "
              f"{r['floor_s'] * 1000:5.0f} ms (PDF {r['floor_pdf_kb']:.0f} KiB): "
              f"{r['ratio']:.2f}x", flush=True)
    g = games_case(args.runs)
    print(f"every shipped game: command {g['command_s'] * 1000:.0f} ms, peak {g['peak_mb']:.0f} MB, "
          f"{g['files']:.0f} PDFs, {g['pdf_kb']:.0f} KiB (no reportlab twin: the games' art is "
          "the templates themselves)")
    p = pad_case(args.runs)
    print(f"50 Dice Trip sheets: command {p['command_s'] * 1000:.0f} ms, peak {p['peak_mb']:.0f} MB, "
          f"PDF {p['pdf_kb']:.0f} KiB | render {p['render_s'] * 1000:.0f} ms vs reportlab "
          f"{p['floor_s'] * 1000:.0f} ms: {p['ratio']:.2f}x")
    f = pf.measure(max(args.runs, 5))
    print(f"preflight: every game in memory {f['with_median']:.2f} s with it, "
          f"{f['without_median']:.2f} s without (medians of interleaved pairs): "
          f"{100 * (f['ratio_median'] - 1):+.1f} %")
    std, big = rows[0], rows[-1]
    per_card = [(r["render_s"] / r["cards"]) * 1000 for r in rows]
    checks = {
        "standard deck command < 0.5 s": std["command_s"] < 0.5,
        "standard deck within 3x reportlab": std["ratio"] < 3,
        "1000 cards < 10 s": big["command_s"] < 10,
        "peak memory < 150 MB": max(r["peak_mb"] for r in rows) < 150,
        "1000-card PDF < 5 MB": big["pdf_kb"] < 5 * 1024,
        "linear (ms/card at 1000 within 1.5x of at 100)": per_card[-1] < 1.5 * per_card[1],
        "50 Dice Trip sheets well under 2 s": p["command_s"] < 1.5,
        "the pad stores its map once (PDF < 200 KiB)": p["pdf_kb"] < 200,
        "preflight adds at most 15 % to building every game": f["ratio_median"] <= 1.15,
    }
    for name, ok in checks.items():
        print(f"  {'ok    ' if ok else 'MISSED'} {name}")
    if args.write:
        write_results(rows, g, p, f, checks, per_card)


def write_results(rows: list[dict[str, float]], g: dict[str, float], p: dict[str, float],
                  f: dict[str, float], checks: dict[str, bool], per_card: list[float]) -> None:
    path = HERE / "RESULTS.md"
    head = "# Benchmark results\n"
    old = path.read_text().removeprefix(head) if path.exists() else ""
    lines = [f"\n## {dt.date.today()}: `python3 benchmarks/run.py`\n", f"Machine: {machine()}.\n",
             "| cards | whole command | peak memory | PDF | pnp render | reportlab direct | ratio | ms/card |",
             "|---|---|---|---|---|---|---|---|"]
    for r, pc in zip(rows, per_card, strict=True):
        lines.append(f"| {r['cards']} | {r['command_s'] * 1000:.0f} ms | {r['peak_mb']:.0f} MB | "
                     f"{r['pdf_kb']:.0f} KiB | {r['render_s'] * 1000:.0f} ms | "
                     f"{r['floor_s'] * 1000:.0f} ms ({r['floor_pdf_kb']:.0f} KiB) | "
                     f"{r['ratio']:.2f}x | {pc:.2f} |")
    lines.append(f"\nEvery shipped game (`pnp build`): {g['command_s'] * 1000:.0f} ms, peak "
                 f"{g['peak_mb']:.0f} MB, {g['files']:.0f} PDFs, {g['pdf_kb']:.0f} KiB.\n")
    lines.append(f"50 Dice Trip sheets (`pnp sheets dice-trip`): {p['command_s'] * 1000:.0f} ms, "
                 f"peak {p['peak_mb']:.0f} MB, {p['pdf_kb']:.0f} KiB; in-process "
                 f"{p['render_s'] * 1000:.0f} ms vs reportlab {p['floor_s'] * 1000:.0f} ms "
                 f"({p['ratio']:.2f}x).\n")
    lines.append(f"Preflight (every game built in memory, interleaved pairs): "
                 f"{f['with_median']:.2f} s with it, {f['without_median']:.2f} s without, "
                 f"median ratio {f['ratio_median']:.3f} ({100 * (f['ratio_median'] - 1):+.1f} %).\n")
    lines += [f"- {'met' if ok else 'MISSED'}: {name}" for name, ok in checks.items()]
    path.write_text(head + "\n".join(lines) + "\n" + old)
    print(json.dumps({"written": str(path)}))


if __name__ == "__main__":
    main()
