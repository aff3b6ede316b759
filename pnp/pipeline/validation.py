"""`pnp validate`: every stage of a build but the writing, for every language and paper,
and a report of what was checked, so that nothing passes validate and then fails build.

The renders share what does not depend on the paper (preflight.memo.sharing): each face
is expanded, split into layers, drawn by svglib and checked once; per paper only the
layout and the page checks are worked out. The faces are recorded where they go, not
drawn into a PDF nobody reads."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.base.errors import Problem
from pnp.layout.options import BuildOptions


@dataclass
class ValidationReport:
    game: str
    problems: list[Problem] = field(default_factory=list)
    loaded: bool = False
    expectations: int = 0
    phrased: int = 0
    confirmed: int | None = None
    languages: list[str] = field(default_factory=list)
    papers: list[str] = field(default_factory=list)
    components: int = 0
    items: int = 0
    pages: int = 0
    checks: dict[str, int] = field(default_factory=dict)
    _seen: set[Problem] = field(default_factory=set, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._seen.update(self.problems)  # problems given at the start count as seen

    @property
    def errors(self) -> int:
        return sum(1 for p in self.problems if p.severity == "error")

    @property
    def ok(self) -> bool:
        return self.loaded and self.errors == 0

    def add(self, found: list[Problem]) -> None:
        """Each problem once, in the order first found: a set, not a scan of the list,
        so 15,000 problems cost 15,000 look-ups, not 100 million comparisons."""
        for p in found:
            if p not in self._seen:
                self._seen.add(p)
                self.problems.append(p)

    def summary_lines(self) -> list[str]:
        warnings = len(self.problems) - self.errors
        status = "ok" if self.ok else f"{self.errors} error(s)"
        if warnings:
            status += f", {warnings} warning(s)"
        lines = [f"{self.game}: {status}"]
        if not self.loaded:
            return lines
        doc = (f"; {self.confirmed} of {self.phrased} with a phrase confirmed by the rules "
               "document" if self.confirmed is not None else "")
        lines.append(f"  content    schema, ids, {self.expectations} expectations checked{doc}, "
                     "glyphs, the game's own rules")
        if self.languages:
            lines.append(f"  rendered   {self.components} components in "
                         f"{', '.join(self.languages)} on {', '.join(self.papers)}: "
                         f"{self.items} items, {self.pages} pages")
        if self.checks:
            shown = " · ".join(f"{k} {v}" for k, v in self.checks.items())
            lines.append(f"  preflight  {shown}")
        return lines

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game, "ok": self.ok, "expectations": self.expectations,
            "confirmed_by_rules_doc": self.confirmed,
            "checked": {"languages": self.languages, "papers": self.papers,
                        "components": self.components, "items": self.items,
                        "pages": self.pages, "preflight": self.checks},
            "problems": [p.as_dict() for p in self.problems],
        }


def validate_game(folder: Path, custom: list[Path], rules_doc: Path | None,
                  lang: str | None, papers: list[str], map_name: str | None,
                  replace: list[str] | None = None) -> ValidationReport:
    from pnp.check.expectations import check_game
    from pnp.check.rules_doc import cross_check
    from pnp.load.content import load_game, shipped_dir
    from pnp.pipeline.build import game_language, render_game
    from pnp.preflight.memo import sharing

    report = ValidationReport(folder.name)
    problems: list[Problem] = []
    game = load_game(folder, problems, custom, replace)
    report.add(problems)
    if game is None:
        return report
    report.loaded = True
    report.expectations = len(game.spec.expectations)
    report.phrased = sum(1 for e in game.spec.expectations if e.phrase)
    if map_name:
        game.options["map"] = map_name
    game.options["papers"] = list(papers)  # what a game checks for print: these papers
    if report.errors == 0:
        report.add(check_game(game))
    if report.errors == 0:  # rendering needs sound data
        languages = [game_language(game, lang)] if lang else game.spec.languages
        report.languages, report.papers = languages, papers
        report.components = len(game.components)
        results = []
        with sharing(game):  # each face rendered and checked once for every paper; no PDF
                             # drawn; items' findings kept between runs
            for each in languages:
                for paper in papers:
                    done = render_game(game, shipped_dir("templates"),
                                       BuildOptions(paper=paper, lang=each))
                    results.append((done.problems, done.items, done.pages, done.checks))
        for found, items, pages, checks in results:
            report.add(found)
            report.items = max(report.items, items)
            report.pages += pages
            for k, v in checks.items():
                report.checks[k] = report.checks.get(k, 0) + v
    if rules_doc is not None:
        found, report.confirmed = cross_check(game, rules_doc)
        report.add(found)
    return report


def unreadable_report(game: str, exc: Exception) -> ValidationReport:
    """A game folder that cannot be read, reported beside the games that can: its one
    error is the reason (a malformed game.yaml, a file that is not there)."""
    from pnp.base.errors import PnpError

    if isinstance(exc, PnpError):
        problem = Problem("error", exc.path, exc.line, exc.key, exc.message)
    else:
        problem = Problem("error", None, None, None, str(exc))
    return ValidationReport(game, problems=[problem])
