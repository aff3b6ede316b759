"""Rebuilds with the cache between runs (issue 35): every shipped game built again unchanged,
beside the twin's whole command, and Temple of Doom rebuilt after one card changed, its PDF
compared byte for byte with a cold build of the same content.

Each command is a fresh process with its own cache folder (PNP_CACHE_DIR), filled by a
first build; the twin is benchmarks/twin.py at 62 cards, as in the deck case."""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from pathlib import Path
from statistics import median as mid

import measure
from measure import (
    PY,
    ROOT,
    Run,
    child_env,
    cpu,
    cpu_ratios,
    interleave,
    median,
    ms,
    ratios,
    run_once,
)
from report import Case, Check

HERE = Path(__file__).resolve().parent
PNP = [PY, "-m", "pnp"]
# before each run two cards of one border (one deck) trade symbols, a pair not edited
# before, so no drawing of the edited cards is in the cache yet; every count stays
CARD = re.compile(r"\{id: (G\d\d), .*border: (\w+), symbol: (\w+)\}")


def _with_cache(folder: Path) -> None:
    measure.EXTRA_ENV.update({"PNP_CACHE": "on", "PNP_CACHE_DIR": str(folder)})


def _without_cache() -> None:
    measure.EXTRA_ENV.pop("PNP_CACHE_DIR", None)
    measure.EXTRA_ENV["PNP_CACHE"] = "0"


def unchanged_case(games: list[str], runs: int) -> Case:
    """`pnp build GAME` a second time, nothing changed, against the twin's whole command."""
    with tempfile.TemporaryDirectory() as tmp:
        _with_cache(Path(tmp) / "cache")
        out = Path(tmp) / "out"
        cmds: dict[str, list[str]] = {g: [*PNP, "build", g, "--out", str(out)] for g in games}
        cmds["twin"] = [PY, str(HERE / "twin.py"), "62", str(Path(tmp) / "twin.pdf")]
        try:
            got = interleave(cmds, runs)  # its warm-up run fills the cache
        finally:
            _without_cache()
    twin = got["twin"]
    case = Case(f"Unchanged rebuild: pnp build GAME again, beside the twin's whole command "
                f"({runs} interleaved rounds)",
                ["", "wall median", "CPU median", "peak RSS", "wall/twin", "CPU/twin"])
    case.rows = [[f"pnp build {g} (unchanged)", ms(median(got[g])), ms(cpu(got[g])),
                  f"{max(r.peak_mb for r in got[g]):.0f} MB",
                  f"{mid(ratios(got[g], twin)):.2f}x", f"{mid(cpu_ratios(got[g], twin)):.2f}x"]
                 for g in games]
    case.rows.append(["twin.py, 62 cards (whole command)", ms(median(twin)), ms(cpu(twin)),
                      f"{max(r.peak_mb for r in twin):.0f} MB", "", ""])
    worst = max(games, key=lambda g: mid(ratios(got[g], twin)))
    case.checks = [Check("an unchanged rebuild of any game: under 0.6x the twin's whole command "
                         "(median pair ratio, wall)", mid(ratios(got[worst], twin)) < 0.6,
                         f"slowest {worst}: {mid(ratios(got[worst], twin)):.2f}x")]
    return case


def _edit(cards: Path, done: set[str]) -> None:
    """Swap the symbols of the first two cards of one border not edited yet."""
    text = cards.read_text()
    found = [(m, m.group(2)) for m in CARD.finditer(text) if m.group(1) not in done]
    for i, (a, border) in enumerate(found):
        b = next((m for m, other in found[i + 1:] if other == border
                  and m.group(3) != a.group(3)), None)
        if b is None:
            continue
        done.update({a.group(1), b.group(1)})
        swap = {a.group(0): a.group(0).replace(f"symbol: {a.group(3)}", f"symbol: {b.group(3)}"),
                b.group(0): b.group(0).replace(f"symbol: {b.group(3)}", f"symbol: {a.group(3)}")}
        for old, new in swap.items():
            text = text.replace(old, new)
        cards.write_text(text)
        return
    raise RuntimeError("no pair of cards left to edit")


def changed_case(runs: int) -> Case:
    """Temple of Doom with two cards trading symbols before every run, the cache warm."""
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "content"
        shutil.copytree(ROOT / "content" / "temple-of-doom", root / "temple-of-doom")
        cards, out = root / "temple-of-doom" / "cards.yaml", Path(tmp) / "out"
        cmd = [*PNP, "build", "temple-of-doom", "--content", str(root), "--out", str(out)]
        _with_cache(Path(tmp) / "cache")
        done: set[str] = set()
        try:
            run_once(cmd)  # fills the cache
            got: list[Run] = [run_once(cmd, lambda: _edit(cards, done)) for _ in range(runs)]
            warm = (out / "temple-of-doom" / "cards.pdf").read_bytes()
            _with_cache(Path(tmp) / "cold-cache")  # empty: a cold build of the same content
            subprocess.run(cmd, check=True, capture_output=True, env=child_env(), cwd=ROOT)
            cold = (out / "temple-of-doom" / "cards.pdf").read_bytes()
        finally:
            _without_cache()
    case = Case(f"Temple of Doom, two cards (a pair not edited before) trading symbols before "
                f"each build, the cache warm ({runs} runs)", ["", "wall median", "CPU median", "wall max"])
    case.rows = [["pnp build temple-of-doom (after the edit)", ms(median(got)), ms(cpu(got)),
                  ms(max(r.wall for r in got))]]
    case.checks = [Check("one card changed on Temple of Doom: rebuilt in under 1 s (median, "
                         "wall)", median(got) < 1.0, ms(median(got))),
                   Check("... and cards.pdf byte-identical to a cold build", warm == cold,
                         "identical" if warm == cold else
                         f"differs ({len(warm):,} and {len(cold):,} bytes)")]
    return case
