"""What the studio page shows, as one JSON document with a version: the faces of the last
good pass (a broken YAML or template leaves them up, with its error above them) and the
problems of the last check, each with the boxes on the faces where preflight found it.

A pass tells the page twice: once its previews are drawn (0.2-0.3 s after a save), then
once the game is checked and built (the problems, a second or so later)."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

from pnp.base import colour
from pnp.base.errors import PnpError, Problem, location
from pnp.base.units import MM
from pnp.studio.pages import PagePreviews
from pnp.watch import Round, Session

KEEP_ALIVE = 15.0  # seconds between comments on an idle event stream


def filters() -> dict[str, list[float]]:
    """The colour matrices preflight's colour-cue check simulates with, as SVG
    feColorMatrix values in linear RGB: deuteranopia and protanopia (Machado et al.), and
    greyscale as relative luminance Y, whose lightness is the L* the check compares."""
    def rows(m: tuple[tuple[float, float, float], ...]) -> list[float]:
        return [v for row in m for v in (*row, 0.0, 0.0)] + [0.0, 0.0, 0.0, 1.0, 0.0]

    y = colour._TO_XYZ[1]  # noqa: SLF001 - the same numbers, not a copy of them
    return {"deutan": rows(colour._DEUTAN), "protan": rows(colour._PROTAN),  # noqa: SLF001
            "grey": rows((y, y, y))}


class Board:
    """The page's state, shared by the loop's thread and the server's threads."""

    def __init__(self, session: Session, game: str, preview_root: Path, bleed: float) -> None:
        self.session, self.game, self.preview_root, self.bleed = session, game, preview_root, bleed
        self._changed = threading.Condition()
        self.version = 0
        self.closing = False
        self._faces: list[dict[str, Any]] = []
        self._problems: list[dict[str, Any]] = []
        self._pages = PagePreviews(preview_root)
        self._pdfs: list[dict[str, Any]] = []  # the printed pages of the last build
        self._pages_note: str | None = None
        self._pages_at = ""  # when the pages shown were built
        self._fresh = False  # whether this pass drew the faces (else they are the last good)
        self._status: dict[str, Any] = {"state": "starting", "failed": None}
        self._json = b"{}"
        self._publish()

    # -- the loop's side ---------------------------------------------------------------
    def run(self) -> Round:
        """One pass of the session, the page told after the previews, once checked and
        built, and once the printed pages are drawn."""
        self._status = {"state": "checking", "failed": None}
        self._fresh = False
        result = self.session.run(self._drawn)  # previews that fail leave the last faces
        by_face = {(f["component"], f["item"], f["side"]): f for f in self._faces}
        copies: dict[tuple[str, str], list[str]] = {}
        for f in self._faces:
            copies.setdefault((f["component"], f["digest"]), []).append(f["id"])
        self._problems = [self._problem(p, by_face, copies) for p in result.problems]
        failed = result.failed
        errors = [p.format() for p in result.problems if p.severity == "error"]
        if failed and errors:  # "not built: fix the problems above" (the terminal's words)
            more = len(errors) - 1
            failed = f"not built: {errors[0]}" + (
                f"\n(and {more} more error{'s' if more > 1 else ''}, listed below)" if more
                else "")
        self._status = {"state": "failed" if result.failed else "ok", "failed": failed,
                        "faces": "saved" if self._fresh else "last good",
                        "seconds": round(result.seconds, 2), "built": result.built,
                        "at": time.strftime("%H:%M:%S")}
        self._publish()
        if result.pdfs:
            try:
                self._pdfs = self._pages.draw(result.pdfs)
                self._pages_note = None
                self._pages_at = self._status["at"]
            except PnpError as exc:  # pdfium or Pillow missing: say how to get them
                self._pages_note = exc.format()
            except OSError as exc:
                self._pages_note = f"the printed pages could not be drawn: {exc}"
            self._publish()
        return result

    def _drawn(self, result: Round) -> None:
        self._faces = self._face_list()
        self._fresh = True  # the faces shown are those of the files as saved
        self._status = {"state": "checking", "failed": None,
                        "drawn": round(result.preview_seconds, 2)}
        self._publish()

    def close(self) -> None:
        """Wake every event stream so that it ends."""
        with self._changed:
            self.closing = True
            self._changed.notify_all()

    # -- the server's side -------------------------------------------------------------
    def snapshot(self) -> bytes:
        with self._changed:
            return self._json

    def wait(self, seen: int, timeout: float = KEEP_ALIVE) -> int:
        """The version once it differs from `seen`, or `seen` after `timeout` seconds."""
        with self._changed:
            self._changed.wait_for(lambda: self.version != seen or self.closing, timeout)
            return self.version

    # -- what the page shows -----------------------------------------------------------
    def _publish(self) -> None:
        with self._changed:
            self.version += 1
            self._json = json.dumps({
                "version": self.version, "game": self.game, "status": self._status,
                "components": self._grouped(), "problems": self._problems,
                "pdfs": self._pdfs, "pages_note": self._pages_note, "pages_at": self._pages_at,
                "filters": filters()}, separators=(",", ":")).encode()
            self._changed.notify_all()

    def _face_list(self) -> list[dict[str, Any]]:
        faces = []
        for comp, item, custom, side, target, full_w, full_h in self.session.faces:
            rel = target.relative_to(self.preview_root).as_posix()
            digest = self.session.drawn.get(target, "")[:12]
            faces.append({
                "id": rel, "component": comp, "item": item, "side": side, "custom": custom,
                "src": f"/preview/{rel}?v={digest}", "digest": digest,
                "w": round(full_w / MM, 2), "h": round(full_h / MM, 2),
                "bleed": round(self.bleed / MM, 2)})
        return faces

    def _grouped(self) -> list[dict[str, Any]]:
        groups: dict[str, list[dict[str, Any]]] = {}
        for face in self._faces:
            groups.setdefault(face["component"], []).append(face)
        return [{"id": comp, "faces": faces} for comp, faces in groups.items()]

    @staticmethod
    def _problem(problem: Problem, by_face: dict[tuple[str, str, str], dict[str, Any]],
                 copies: dict[tuple[str, str], list[str]]) -> dict[str, Any]:
        """A problem as the page lists and boxes it: on every face that shows the same
        picture as the face it was found on (checks look at a repeated face once), and on
        the printed pages it names."""
        places: list[dict[str, Any]] = []
        seen: set[tuple[str, tuple[float, ...]]] = set()
        for comp, item, side, box in problem.places:
            if not comp and side.startswith("page "):  # ("", "cards.pdf", "page 3", box)
                ids = [f"{item}#{side[5:]}"]
            elif (comp, item, side) in by_face:
                face = by_face[(comp, item, side)]
                ids = copies.get((comp, face["digest"]), [face["id"]])
            else:
                continue
            for face_id in ids:
                if (face_id, box) not in seen:
                    seen.add((face_id, box))
                    places.append({"face": face_id, "box": list(box)})
        return {"severity": problem.severity, "where": location(problem.path, problem.line,
                                                                problem.key),
                "message": problem.message, "check": problem.check, "places": places}
