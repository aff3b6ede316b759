"""Turning preflight findings into one-line problems that point at their cause: the
template line that prints the text, or the content line of the item, or the component in
game.yaml; the same finding on many items is one line that names them."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field

from pnp.base.errors import Problem
from pnp.layout.pages import PageRecord, PdfRecord, Placed, Who
from pnp.load.model import Game
from pnp.load.source import key_text
from pnp.preflight.memo import Shared
from pnp.render.inkmap import Box, LayerMap
from pnp.render.templates import Renderer

Spot = tuple[float, float, float, float]  # a box on a face: fractions of its trim, y down
# where a finding shows: (component, item, side, spot) on a face, or on a printed page
# ("", "cards.pdf", "page 3", spot as fractions of the page): what `pnp studio` boxes
Place = tuple[str, str, str, Spot]
PLACES = 200  # boxes kept a finding: enough to show, never one per card of a huge deck


@dataclass
class _Finding:
    """One finding as the report groups it."""

    severity: str
    path: str | None
    line: int | None
    key: str | None
    message: str
    check: str
    gap: str | None = None
    items: list[str] = field(default_factory=list)
    named: set[str] = field(default_factory=set)  # the items, looked up without a scan
    places: list[Place] = field(default_factory=list)  # (studio)


class Reporter:
    def __init__(self, game: Game, renderer: Renderer | None, paper: str,
                 shared: Shared | None = None) -> None:
        self.game = game
        self.renderer = renderer
        self.paper = paper
        self.shared = shared  # what the renders of one `pnp validate` share (memo)
        self.counts: dict[str, int] = {}
        self.faces_done: set[bytes] = set()  # a face checked once a run, in any file
        self._maps: dict[str, LayerMap] = shared.maps if shared is not None else {}
        self._findings: dict[tuple[str, str | None, int | None, str], _Finding] = {}
        self._sources: dict[str, tuple[str, list[str]] | None] = {}
        self._lines: dict[tuple[str, tuple[str, ...]], tuple[str, int | None] | None] = {}

    def layer_map(self, record: PdfRecord, key: str) -> LayerMap:
        """A layer's map, shared by every file of the run (and by the runs of one
        validate): keys are content hashes, and the poster and the tiled board draw the
        same layers."""
        if key not in self._maps:
            self._maps[key] = record.layers.layer_map(key)
        return self._maps[key]

    def count(self, check: str, n: int = 1) -> None:
        self.counts[check] = self.counts.get(check, 0) + n

    # -- where a finding points ------------------------------------------------------
    def _component_where(self, comp_id: str) -> tuple[str, int | None, str]:
        key = ("components", comp_id)
        return str(self.game.source.path), self.game.source.line(key), key_text(key)

    def _fit_where(self, fit_id: str) -> tuple[str, int | None, str | None]:
        fits = self.game.spec.preflight.fits
        index = next((i for i, f in enumerate(fits) if f.id == fit_id), None)
        if index is None:
            return str(self.game.source.path), None, None
        key = ("preflight", "fits", index)
        return str(self.game.source.path), self.game.source.line(key), key_text(key)

    def _template(self, name: str | None) -> tuple[str, list[str]] | None:
        """(path, lines) of a template as the renderer finds it."""
        if not name or self.renderer is None:
            return None
        if name not in self._sources:
            try:
                source, filename, _ = self.renderer.env.loader.get_source(  # type: ignore[union-attr]
                    self.renderer.env, name)
            except Exception:  # noqa: BLE001 - a template that vanished: no line to show
                self._sources[name] = None
            else:
                self._sources[name] = (filename or name, source.splitlines())
        return self._sources[name]

    def template_line(self, name: str | None, *needles: str) -> tuple[str, int | None] | None:
        """The template's path and the first line holding all needles (then fewer); the
        same search on every item of a deck is made once, not once per item."""
        if not name:
            return self._find_line(name, needles)
        if (name, needles) not in self._lines:
            self._lines[name, needles] = self._find_line(name, needles)
        return self._lines[name, needles]

    def _find_line(self, name: str | None,
                   needles: tuple[str, ...]) -> tuple[str, int | None] | None:
        found = self._template(name)
        if found is None:
            return None
        path, lines = found
        wanted = [n for n in needles if len(n) >= 4]  # "A" is in every line
        while wanted:
            for i, line in enumerate(lines, 1):
                if all(n in line for n in wanted):
                    return path, i
            wanted.pop()
        return path, None

    # -- recording ------------------------------------------------------------------
    def add(self, check: str, message: str, *, who: Who | None = None,
            component: str | None = None, needles: tuple[str, ...] = (),
            severity: str = "error", attribute: str | None = None,
            fit: str | None = None, at: Spot | None = None,
            places: Iterable[Place] = ()) -> None:
        """One finding. It points at the template line found by `needles`, else at the
        item's content, else at the component in game.yaml. `at` is where on `who`'s face
        it is; `places` more of them, for a finding about many faces or about a page."""
        comp_id = who.component if who else component
        gap = None
        if self._known_gap(check, comp_id, fit, attribute):
            severity = "warning"
            gap = self._gap_issue(check, comp_id, fit, attribute)
            message = f"{message} [known gap: {gap}]"
        path: str | None
        line: int | None
        key: str | None
        located = self.template_line(who.template, *needles) if who and needles else None
        label = ""
        if who is not None:
            label = f"{who.component}" + (f" {who.item}" if who.item else "") + \
                (f" {who.side}" if who.side not in ("sheet", "board") else "")
        if located is not None and located[1] is not None:
            path, line = located
            key = who.component if who else None
        elif who is not None and who.path:
            path, line, key = who.path, who.line, who.key
            if who.template:
                message = f"{message} ({who.template})"
        elif comp_id is not None:
            path, line, key = self._component_where(comp_id)
            if who and who.template:
                message = f"{message} ({who.template})"
        elif fit is not None:
            path, line, key = self._fit_where(fit)
        else:
            path, line, key = str(self.game.source.path), None, None
        dedupe = (check, path, line, message)
        finding = self._findings.get(dedupe)
        if finding is None:
            finding = _Finding(severity, path, line, key, message, check, gap)
            self._findings[dedupe] = finding
        if label and label not in finding.named:  # one finding on 30,000 items: linear
            finding.named.add(label)
            finding.items.append(label)
        if at is not None and who is not None and len(finding.places) < PLACES:
            finding.places.append((who.component, who.item or "", who.side, at))
        for place in places:
            if len(finding.places) >= PLACES:
                break
            if place not in finding.places:
                finding.places.append(place)

    def problems(self) -> list[Problem]:
        out = []
        for f in self._findings.values():
            message = f.message
            if f.items:  # which component, item and side it was found on
                shown = ", ".join(f.items[:3])
                more = f" and {len(f.items) - 3} more" if len(f.items) > 3 else ""
                message = f"{message} [{shown}{more}]"
            out.append(Problem(f.severity, f.path, f.line, f.key, message, f.check, f.gap,
                               tuple(f.places)))
        return out

    # -- known gaps -------------------------------------------------------------------
    def _gaps(self, check: str, component: str | None, fit: str | None,
              attribute: str | None) -> list[str]:
        return [g.issue for g in self.game.spec.preflight.known_gaps
                if g.check == check
                and (g.component is None or g.component == component)
                and (g.fit is None or g.fit == fit)
                and (g.attribute is None or g.attribute == attribute)]

    def _known_gap(self, check: str, component: str | None, fit: str | None,
                   attribute: str | None) -> bool:
        return bool(self._gaps(check, component, fit, attribute))

    def _gap_issue(self, check: str, component: str | None, fit: str | None,
                   attribute: str | None) -> str:
        return self._gaps(check, component, fit, attribute)[0]


def mm(points: float) -> str:
    return f"{points * 25.4 / 72:.1f} mm"


def quote(text: str, limit: int = 30) -> str:
    text = re.sub(r"\s+", " ", text)
    return repr(text if len(text) <= limit else text[:limit - 1] + "…")


def spot(placed: Placed, box: Box) -> Spot:
    """Where `box` (the face's points, y up, art box with its bleed) lies on the face's
    trim, as fractions with y down: what a picture of the face at any size can draw."""
    inset, w, h = placed.trim_inset, placed.width, placed.height
    tw, th = max(w - 2 * inset, 1e-9), max(h - 2 * inset, 1e-9)
    return (round((box[0] - inset) / tw, 4), round((h - inset - box[3]) / th, 4),
            round((box[2] - inset) / tw, 4), round((h - inset - box[1]) / th, 4))


def face_place(placed: Placed, box: Box | None) -> list[Place]:
    """`box` on `placed`'s face, as `add(places=)` takes it (none for a face of no item)."""
    if box is None or placed.who is None:
        return []
    who = placed.who
    return [(who.component, who.item or "", who.side, spot(placed, box))]


def page_place(record: PdfRecord, page: PageRecord, box: Box) -> Place:
    """`box` (page points, y up) on a printed page of `record`, as fractions, y down."""
    w, h = max(page.width, 1e-9), max(page.height, 1e-9)
    name = record.name or f"{record.component}.pdf"  # (pages checked as drawn: not named yet)
    return ("", name, f"page {page.number}",
            (round(box[0] / w, 4), round((h - box[3]) / h, 4), round(box[2] / w, 4),
             round((h - box[1]) / h, 4)))
