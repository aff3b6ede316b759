"""Preflight beside the drawing: each page's faces are checked as soon as the page is
drawn, so the painter can let go of a card's text and records once its page is done, and
a 10,000-card deck never holds every card at once.

What the face checks find is noted, not yet reported. `Streaming.finish` passes it on in
the order the checks of whole files would have made it (a file's page checks, then its
faces; then the checks across files), so the report is the same however it was made."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pnp.layout.pages import WATCH_PAGES, LayerSource, PageRecord, PdfRecord, Placed
from pnp.load.model import Game
from pnp.preflight import colour_cues, memo, page_checks, text_checks
from pnp.preflight.report import Reporter
from pnp.render.inkmap import LayerMap
from pnp.render.templates import Renderer


class NotedFaces:
    """A Reporter as the face checks see it: findings and counts noted for later."""

    def __init__(self, report: Reporter) -> None:
        self.game = report.game
        self.shared = report.shared
        self.faces_done = report.faces_done  # a face is checked once a run, in any file
        self._report = report
        self._adds: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
        self._counts: dict[str, int] = {}

    def layer_map(self, record: PdfRecord, key: str) -> LayerMap:
        """The painter's own map (let go with the layer), or one `pnp validate` shares
        between its renders."""
        if self.shared is not None:
            return self._report.layer_map(record, key)
        return record.layers.layer_map(key)

    def count(self, check: str, n: int = 1) -> None:
        self._counts[check] = self._counts.get(check, 0) + n

    def add(self, *args: Any, **kwargs: Any) -> None:
        self._adds.append((args, kwargs))

    def replay(self, report: Any) -> None:
        """Report what was noted. Counts only add up, so they follow the findings."""
        for args, kwargs in self._adds:
            report.add(*args, **kwargs)
        for check, n in self._counts.items():
            report.count(check, n)


class FileWatch:
    """One painter's pages, checked as each is drawn."""

    def __init__(self, streaming: Streaming, component: str) -> None:
        self.faces = NotedFaces(streaming.report)
        self.component = component
        # the checks across files read the faces of these again, after the drawing
        self._keep_all = component in streaming.fit_parts
        self._keep_owners = streaming.tell_apart

    def page(self, page: PageRecord, layers: LayerSource) -> None:
        record = PdfRecord("", self.component, [], layers)  # not the painter's: no cycle
        text_checks.check_page(self.faces, record, page)  # type: ignore[arg-type]

    def keeps(self, placed: Placed) -> bool:
        """Whether colour-cues or fits read this face after the drawing is done."""
        owner = placed.who.component if placed.who else self.component
        return self._keep_all or owner in self._keep_owners


class Streaming:
    """The preflight of one render of a game: pages checked as drawn, then the rest."""

    def __init__(self, game: Game, renderer: Renderer | None, paper: str) -> None:
        self.report = Reporter(game, renderer, paper, memo.SHARED.get())
        self.tell_apart = frozenset(cid for cid, c in game.components.items()
                                    if c.spec.preflight.tell_apart)
        self.fit_parts = frozenset(side.partition(":")[0]
                                   for fit in game.spec.preflight.fits
                                   for side in (fit.piece, fit.space) if ":" in side)

    def watch(self, component: str) -> FileWatch:
        return FileWatch(self, component)

    @contextmanager
    def watching(self) -> Iterator[Streaming]:
        """Painters made inside give this their pages as they draw them."""
        token = WATCH_PAGES.set(self.watch)
        try:
            yield self
        finally:
            WATCH_PAGES.reset(token)

    def finish(self, records: list[PdfRecord]) -> tuple[list[Any], dict[str, int]]:
        """Every problem found in these PDFs, and how many things each check looked at."""
        report = self.report
        for record in records:
            page_checks.check(report, record)
            if record.faces_checked is not None:
                record.faces_checked.replay(report)
            else:
                text_checks.check(report, record)
        colour_cues.check(report, records)
        if report.game.spec.preflight.fits:  # (a game without fits never imports them)
            from pnp.preflight import fits

            fits.check(report, records)
        return report.problems(), report.counts
