"""Timing helpers for the benchmarks: every run a fresh process, measured on its own.

Each command runs under a tiny wrapper process (`python -S -c WRAPPER cmd ...`) that starts
it with subprocess.Popen and reaps it with os.wait4, so the wall time excludes the wrapper's
own start and the peak RSS is that child's alone. Its CPU time (user + system) is the child's
with every worker it forked and reaped: on two cores a command can take less wall time than
CPU, so the ratios the targets name are taken on CPU and wall both. The wrapper is there because Linux records
the address space a process execs away from in its ru_maxrss: a child spawned (vfork) straight
from this script would report at least this script's own peak, which grows once the in-process
cases have imported pnp. The wrapper's ~10 MB is then the floor instead.
"""

from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable

WRAPPER = """
import os, subprocess, sys, time
t = time.perf_counter()
p = subprocess.Popen(sys.argv[1:], stdout=subprocess.DEVNULL)
_, status, usage = os.wait4(p.pid, 0)
wall = time.perf_counter() - t
print(wall, usage.ru_maxrss, os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime)
"""

# What twin.py imports (D), and that with the libraries the design card names for pnp's
# command line, templates and content (C). C - D is import time no pnp can avoid and the
# twin does not pay: the twin plus C - D is a floor under any pnp that draws its cards.
TWIN_IMPORTS = "import fontpkg_fira_sans, reportlab.pdfgen.canvas, reportlab.pdfbase.ttfonts"
DESIGN_IMPORTS = TWIN_IMPORTS + ", typer, jinja2.sandbox, yaml"


def imports_only(statement: str) -> list[str]:
    """A command that imports and then leaves as pnp does (os._exit: no teardown)."""
    return [PY, "-c", f"{statement}; import os; os._exit(0)"]


@dataclass(frozen=True)
class Run:
    wall: float  # seconds
    peak_mb: float  # peak RSS, MB (10^6 bytes)
    cpu: float = 0.0  # seconds of user + system time, the command's reaped workers included


# what every child gets on top of child_env(): the cache between runs off, so that every
# run is a cold build (the rebuild cases turn it on, in a folder of their own)
EXTRA_ENV: dict[str, str] = {"PNP_CACHE": "0"}


def child_env() -> dict[str, str]:
    """This environment without PYTHONDONTWRITEBYTECODE: a user's machine keeps .pyc files,
    without which every command recompiles pnp's sources."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env | EXTRA_ENV


def run_once(cmd: Sequence[str], before: Callable[[], None] | None = None) -> Run:
    """One run of `cmd` in a fresh process (cwd: the repository, so `-m pnp` is this pnp).
    `before`: called first, untimed (an edit the command is to see)."""
    if before is not None:
        before()
    done = subprocess.run([PY, "-S", "-c", WRAPPER, *cmd], capture_output=True, text=True,
                          env=child_env(), cwd=ROOT)
    fields = done.stdout.split()
    if done.returncode or len(fields) != 4 or fields[2] != "0":
        raise RuntimeError(f"failed: {' '.join(cmd)}\n{done.stderr[-2000:]}")
    return Run(float(fields[0]), int(fields[1]) * 1024 / 1e6, float(fields[3]))


def interleave(cmds: dict[str, Sequence[str]], runs: int) -> dict[str, list[Run]]:
    """One warm-up run of each (pyc files and pnp's template cache exist afterwards, as on a
    user's machine), then A, B, A, B ... so every command sees the same machine load."""
    for cmd in cmds.values():
        run_once(cmd)
    out: dict[str, list[Run]] = {name: [] for name in cmds}
    for _ in range(runs):
        for name, cmd in cmds.items():
            out[name].append(run_once(cmd))
    return out


def interleave_calls(calls: dict[str, Callable[[], float]], runs: int) -> dict[str, list[float]]:
    """The same for in-process functions returning seconds: warm-up, then A, B, A, B ..."""
    for call in calls.values():
        call()
    out: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(runs):
        for name, call in calls.items():
            out[name].append(call())
    return out


def median(runs: Sequence[Run]) -> float:
    return statistics.median(r.wall for r in runs)


def cpu(runs: Sequence[Run]) -> float:
    """The median CPU time (user + system) of the runs, seconds."""
    return statistics.median(r.cpu for r in runs)


def cpu_ratios(a: Sequence[Run], b: Sequence[Run]) -> list[float]:
    """A_i / B_i of the CPU times, for each interleaved pair."""
    return [x.cpu / y.cpu for x, y in zip(a, b, strict=True)]


def fastest(runs: Sequence[Run]) -> float:
    return min(r.wall for r in runs)


def peak(runs: Sequence[Run]) -> float:
    """The highest peak RSS of the runs, MB."""
    return max(r.peak_mb for r in runs)


def ratios(a: Sequence[Run], b: Sequence[Run]) -> list[float]:
    """A_i / B_i for each interleaved pair."""
    return [x.wall / y.wall for x, y in zip(a, b, strict=True)]


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def mb(value: float) -> str:
    return f"{value:.0f} MB"


def kb(size: int) -> str:
    """Bytes as kB (10^3 bytes)."""
    return f"{size / 1000:.0f} kB"


def in_venv() -> bool:
    return sys.prefix != sys.base_prefix


def machine() -> str:
    cpu = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def interpreter() -> str:
    kind = "a venv" if in_venv() else "not a venv"
    return f"Python {platform.python_version()} at {sys.executable} ({kind})"


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min)"
