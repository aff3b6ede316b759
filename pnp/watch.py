"""`pnp watch`: a card designer's loop. On every save of the game's content, its
templates or a custom file, the faces that changed are drawn to PNG previews at once
(well under a second for one card: only changed faces are rasterized), then the game
is checked and built exactly as `pnp build` does, and its problems reported.

Polling, not file-system events: it works the same on every system and in containers,
and a game folder is small. Previews go to OUT/<game>/preview/<component>/<item>-front.png
and are written atomically (a viewer never shows half a file)."""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pnp.base.errors import InputError, PnpError, Problem, ProblemsFound
from pnp.layout.options import BuildOptions
from pnp.write.ownership import check_out_folder, spare_content

ITEM_KINDS = ("deck", "tiles", "tokens")
MAX_FILES = 5000  # a game folder holding more than this is not a game folder


@dataclass
class Round:
    """What one pass saw and did."""

    refreshed: list[Path] = field(default_factory=list)  # previews redrawn
    preview_seconds: float = 0.0
    built: list[str] = field(default_factory=list)  # "cards.pdf: 54 items, 12 pages"
    pdfs: list[Path] = field(default_factory=list)  # the files written, in build order
    problems: list[Problem] = field(default_factory=list)
    failed: str | None = None  # one line: why the game was not built
    code: int = 0  # the exit code a one-off run ends with (pnp build's for the same)
    seconds: float = 0.0


def watched_files(folder: Path, templates_root: Path, game_id: str,
                  custom: list[Path]) -> list[Path]:
    """The files whose change means a rebuild: the game folder (its own templates and
    spreadsheets in it), the shipped templates it may use (templates/<game>,
    templates/common) and the custom files, wherever they are. Not the lock files that
    spreadsheet apps keep beside an open file (~$cards.xlsx, .~lock.cards.ods#): opening
    a spreadsheet is not a change."""
    roots = [folder, templates_root / game_id, templates_root / "common"]
    files: list[Path] = []
    for root in roots:
        if root.is_dir():
            files.extend(p for p in sorted(root.rglob("*")) if p.is_file()
                         and not p.name.startswith((".", "~$")))
        if len(files) > MAX_FILES:
            break
    return files[:MAX_FILES] + [Path(c) for c in custom]


def stamp(files: list[Path]) -> tuple[tuple[str, int, int], ...]:
    """What the files look like now: a change in any mtime or size, or a file that
    comes or goes, changes the stamp."""
    out = []
    for f in files:
        try:
            st = f.stat()
            out.append((str(f), st.st_mtime_ns, st.st_size))
        except OSError:
            out.append((str(f), -1, -1))
    return tuple(out)


class Session:
    """One watched game: remembers each preview's face so only changed ones are drawn."""

    def __init__(self, folder: Path, templates_root: Path, out_root: Path,
                 opts: BuildOptions, custom: list[Path], dpi: int = 100) -> None:
        self.folder, self.templates_root, self.out_root = folder, templates_root, out_root
        self.opts, self.custom, self.dpi = opts, custom, dpi
        self.drawn: dict[Path, str] = {}  # preview file -> digest of the face it shows
        # every face of the last good pass: (component, item, custom, side, preview file,
        # width and height with bleed in points), in content order (what `pnp studio` shows)
        self.faces: list[tuple[str, str, bool, str, Path, float, float]] = []

    def run(self, drawn: Callable[[Round], None] | None = None) -> Round:
        """One pass; `drawn` hears of the previews before the slower build starts."""
        from pnp.render import budget

        budget.start()  # each pass has the time for templates a command has
        start = time.perf_counter()
        result = Round()
        try:
            check_out_folder(self.out_root)
            result.refreshed = self._previews()
        except ProblemsFound as exc:
            result.problems = exc.problems
            result.failed = "not built: fix the problems above"
            result.code = exc.exit_code
            result.seconds = time.perf_counter() - start
            return result
        except PnpError as exc:
            result.failed = exc.format()
            result.code = exc.exit_code
            result.seconds = time.perf_counter() - start
            return result
        result.preview_seconds = time.perf_counter() - start
        if drawn is not None:
            drawn(result)
        self._build(result)
        result.seconds = time.perf_counter() - start
        return result

    def _previews(self) -> list[Path]:
        """Draw the faces whose SVG changed since the last pass."""
        from pnp.base.units import to_mm
        from pnp.export.collect import safe_names
        from pnp.export.draw import Page, faces_pdf, pixels, png_bytes, rasterize
        from pnp.pipeline.build import game_language, load_valid_game
        from pnp.render.faces import item_size, render_faces
        from pnp.render.templates import Renderer, search_path

        game, _ = load_valid_game(self.folder, self.custom)
        # previews go beside the build: never into the game's content (--out content)
        spare_content(self.out_root / game.id, (game.folder, game.folder.parent))
        lang = game_language(game, self.opts.lang)
        renderer = Renderer(search_path(game.folder, self.templates_root, game.id))
        base = self.out_root / game.id / "preview"
        todo: list[tuple[Path, str, str, float, float]] = []
        shown: list[tuple[str, str, bool, str, Path, float, float]] = []
        comps = [c for c in game.components.values() if c.spec.kind in ITEM_KINDS]
        for comp, comp_name in zip(comps, safe_names([c.id for c in comps]), strict=True):
            w, h = item_size(game, comp)
            full_w, full_h = w + 2 * self.opts.bleed, h + 2 * self.opts.bleed
            faces = render_faces(game, comp, renderer, to_mm(self.opts.bleed), lang)
            unique = {id(item): (item, front, back) for item, front, back in faces}
            names = safe_names([item.id for item, _, _ in unique.values()])
            for (item, front, back), name in zip(unique.values(), names, strict=True):
                for side, svg, origin in (("front", front, comp.spec.front),
                                          ("back", back, comp.spec.back or "")):
                    if svg is None:
                        continue
                    target = base / comp_name / f"{name}-{side}.png"
                    shown.append((comp.id, item.id, item.custom, side, target, full_w, full_h))
                    digest = hashlib.sha256(svg.encode()).hexdigest()
                    if self.drawn.get(target) != digest:
                        todo.append((target, svg, origin, full_w, full_h))
                        self.drawn[target] = digest
        if renderer.overflows:
            raise ProblemsFound([Problem("error", path, line, key, message, "text-placement")
                                 for message, (path, line, key) in renderer.overflows])
        self.faces = shown
        if not todo:
            return []
        # a face many items share (a deck's one back) is drawn once, its PNG written to each
        distinct = list(dict.fromkeys((svg, origin, fw, fh) for _, svg, origin, fw, fh in todo))
        pages = [Page(svg, origin, fw, fh) for svg, origin, fw, fh in distinct]
        windows = [(pixels(fw, self.dpi), pixels(fh, self.dpi), self.dpi / 72)
                   for _, _, fw, fh in distinct]
        images = rasterize(faces_pdf(game.folder, pages, game.spec.name), windows)
        drawn = {face: png_bytes(image, self.dpi)
                 for face, image in zip(distinct, images, strict=True)}
        from pnp.pipeline.build import write_atomic

        for target, *face in todo:
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                write_atomic(target, drawn[tuple(face)])
            except OSError as exc:  # --out is a file, a FIFO, a dangling link, too long
                del self.drawn[target]  # not drawn: the next pass tries again
                raise InputError(f"cannot write the preview: {exc.strerror}",
                                 exc.filename or target) from exc
        return [t for t, *_ in todo]

    def _build(self, result: Round) -> None:
        """Check and build as `pnp build` does: the PDFs, or the problems."""
        from pnp.pipeline.build import prepare_game, write_game

        try:
            rendered = prepare_game(self.folder, self.templates_root, self.opts, self.custom)
        except ProblemsFound as exc:
            result.problems = exc.problems
            result.failed = "not built: fix the problems above"
            result.code = exc.exit_code
            return
        except PnpError as exc:
            result.failed = exc.format()
            result.code = exc.exit_code
            return
        try:
            done = write_game(rendered, self.out_root)  # the previews are carried over
        except PnpError as exc:
            result.failed = exc.format()
            result.code = exc.exit_code
            return
        result.problems = done.warnings
        result.pdfs = [done.out_dir / str(f["path"]) for f in done.files]
        result.built = [f"{f['path']}: {_count(f['items'], 'item')}, "
                        f"{_count(f['pages'], 'page')}"
                        for f in done.files]


def watch(session: Session, files: Callable[[], list[Path]],
          report: Callable[[Round], None], stop: Callable[[], bool],
          interval: float = 0.25) -> None:
    """Run once, then again after every change, until `stop()`."""
    seen = stamp(files())
    report(session.run())
    while not stop():
        time.sleep(interval)
        now = stamp(files())
        if now != seen:
            time.sleep(0.05)  # an editor that writes a file in two steps
            seen = stamp(files())
            report(session.run())


def _count(n: object, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
