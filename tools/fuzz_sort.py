"""Sorting a fuzz run's outcome, for tools/fuzz_all.py (whose docstring lists the
outcomes): what pnp said and how it ended, the files it left, and the frame that raised
an internal error, read from a traceback."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


@dataclass
class Result:
    id: str
    kind: str  # validate, build or cli
    outcome: str  # ok, clean, or one of fuzz_all.BAD
    cause: str = ""  # what groups runs: the exception and its frame, or the symptom
    reproducer: str = ""
    message: str = ""  # what pnp said (its first line), or the exception's text
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)  # traceback, noisy, rewrote,
    # blames-template


def snapshot(root: Path) -> dict[str, tuple[int, int]]:
    """Every file and link under `root`: (size, mtime in ns)."""
    out = {}
    for folder, dirs, files in os.walk(root):
        for name in files + [d for d in dirs if os.path.islink(os.path.join(folder, d))]:
            path = os.path.join(folder, name)
            st = os.lstat(path)
            out[os.path.relpath(path, root)] = (st.st_size, st.st_mtime_ns)
    return out


def frames_cause(exc_type: str, frames: list[tuple[str, int, str]]) -> str:
    """'IndexError at pnp/build.py:12 in f' from a traceback's frames (the deepest in pnp;
    where it ended, if that is a library)."""
    ours = [f for f in frames if "/pnp/" in f[0] and "/tools/" not in f[0]]
    if not ours:
        last = frames[-1] if frames else ("?", 0, "?")
        return f"{exc_type} at {Path(last[0]).name}:{last[1]} in {last[2]}"
    path, line, func = ours[-1]
    where = f"{exc_type} at pnp/{path.rsplit('/pnp/', 1)[1]}:{line} in {func}"
    if frames and frames[-1] != ours[-1]:
        where += f" (raised in {Path(frames[-1][0]).name}:{frames[-1][1]})"
    return where


def parse_traceback(text: str) -> tuple[str, str]:
    """(cause, message) from a printed traceback."""
    frames = [(m[1], int(m[2]), m[3]) for m in FRAME.finditer(text)]
    tail = [line for line in text.strip().splitlines() if line.strip()]
    last = next((line for line in reversed(tail) if re.match(r"^[\w.]+(Error|Exception|"
                                                             r"Interrupt|Exit)\b", line)),
                tail[-1] if tail else "?")
    exc_type, _, message = last.partition(":")
    return frames_cause(exc_type.split(".")[-1], frames), message.strip()


def classify(info: dict[str, Any] | None, result: Result, expect: tuple[int, ...] = (0, 1, 2)
             ) -> Result:
    """Sort one run's outcome into `result` (see fuzz_all's docstring)."""
    if info is None:
        result.outcome, result.cause = "hang", f"hang: {result.id}"
        return result
    text, code = info.get("output", ""), info["code"]
    first = next((line for line in text.splitlines() if line.strip()), "")
    result.message = info.get("message") or first[:300]
    if "Traceback (most recent call last)" in text:
        result.notes.append("traceback")
    if info.get("widest", 0) > 1000 or info.get("lines", 0) > 300:
        result.notes.append("noisy")
    if info.get("internal"):
        result.outcome, result.cause = "internal", info["internal"]
    elif code == 70 or "traceback" in result.notes or "internal error" in text:
        result.outcome, result.cause = "internal", f"exit {code}: {first[:120]}"
    elif "root:x:0:0" in text:
        result.outcome, result.cause = "escape", "a secret outside the game echoed"
    elif code not in expect:
        result.outcome, result.cause = "exit", f"exit {code} (expected {expect})"
    elif code and not (info.get("stderr", text)).strip():
        result.outcome, result.cause = "silent", f"exit {code} without a word"
    else:
        result.outcome = "clean" if code else "ok"
    return result


def losses(before: dict[str, tuple[int, int]], after: dict[str, tuple[int, int]],
           result: Result, users: set[str]) -> None:
    """Files gone since `before` make the run 'deleted'; files of the user's (`users`:
    there before the first command) rewritten make it 'overwritten'; files an earlier
    command wrote, rewritten, are a note."""
    gone = sorted(set(before) - set(after))
    changed = sorted(p for p in set(before) & set(after) if before[p] != after[p])
    theirs = [p for p in changed if p in users]
    if gone and result.outcome in ("ok", "clean"):
        result.outcome = "deleted"
        result.cause = (f"deleted {len(gone)} file(s) that were there before "
                        f"({', '.join(gone[:3])})")
    elif theirs and result.outcome in ("ok", "clean"):
        result.outcome = "overwritten"
        result.cause = f"replaced a file of the user's ({', '.join(theirs[:3])})"
    if changed:
        result.notes.append("rewrote")
        result.message = f"rewrote {', '.join(changed[:3])}; " + result.message
