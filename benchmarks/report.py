"""How the benchmark's figures are shown: one table per case, printed aligned on the console
and as Markdown for RESULTS.md, and the targets with met / MISSED and the figure beside."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
HEAD = "# Benchmark results\n"


@dataclass
class Check:
    target: str
    ok: bool | None  # None: not measured in this run (a case or a size left out)
    figure: str

    def line(self) -> str:
        verdict = {True: "met", False: "MISSED", None: "n/a"}[self.ok]
        return f"{verdict}: {self.target} ({self.figure})"


@dataclass
class Case:
    title: str
    header: list[str]
    rows: list[list[str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    checks: list[Check] = field(default_factory=list)

    def show(self) -> None:
        widths = [max(len(r[i]) for r in [self.header, *self.rows])
                  for i in range(len(self.header))]
        print(f"\n{self.title}")
        for row in [self.header, *self.rows]:
            cells = [row[0].ljust(widths[0])] + [c.rjust(w) for c, w in zip(row[1:], widths[1:],
                                                                          strict=True)]
            print("  " + "  ".join(cells))
        for note in self.notes:
            print(f"  {note}")

    def markdown(self) -> list[str]:
        lines = [f"### {self.title}", "", "| " + " | ".join(self.header) + " |",
                 "|" + "---|" * len(self.header)]
        lines += ["| " + " | ".join(row) + " |" for row in self.rows]
        return lines + [""] + [f"{note}  " for note in self.notes] + [""]


def summary(cases: list[Case]) -> list[str]:
    return [c.line() for case in cases for c in case.checks]


def write(command: str, about: list[str], cases: list[Case]) -> None:
    """A dated section, newest first, right after the heading of RESULTS.md."""
    old = RESULTS.read_text().removeprefix(HEAD) if RESULTS.exists() else ""
    lines = ["", f"## {dt.date.today()}: `{command}`", ""] + [f"{a}  " for a in about] + [""]
    for case in cases:
        lines += case.markdown()
    lines += ["Targets (issue 16 and earlier):", ""] + [f"- {s}" for s in summary(cases)]
    RESULTS.write_text(HEAD + "\n".join(lines) + "\n" + old)
    print(f"\nwritten: {RESULTS}")
