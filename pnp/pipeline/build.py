"""Orchestrate one build: load, validate, render every component in memory, preflight
the laid-out pages, then switch the files in together (output.switch_in) so a failed or
killed build leaves the old output whole. `pnp validate` runs all of it but the writing."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from types import ModuleType

from pnp.base.errors import ContentError, InputError, Problem, ProblemsFound
from pnp.check.expectations import check_game
from pnp.components import items as items_kind
from pnp.draw.pdf import sha256_of
from pnp.layout.options import BuildOptions
from pnp.layout.pages import PdfRecord
from pnp.load.content import load_game
from pnp.load.model import Game
from pnp.load.source import key_text
from pnp.pipeline import uptodate
from pnp.render import rlspeed
from pnp.render.template_check import check_templates
from pnp.render.templates import Renderer, search_path


@dataclass
class GameBuild:
    """What a game's build wrote and the warnings it gave."""

    game: str
    out_dir: Path
    files: list[dict[str, object]] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)
    refused: list[Problem] = field(default_factory=list)  # components the paper cannot hold


@dataclass
class Rendered:
    """A game built in memory: its files, every problem found, what was checked."""

    game: Game
    opts: BuildOptions
    outputs: list[tuple[str, bytes, dict[str, object]]] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    checks: dict[str, int] = field(default_factory=dict)
    pages: int = 0
    items: int = 0

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    def prepared(self) -> Prepared:
        folder = self.game.folder
        return Prepared(self.game.id, self.opts, self.outputs, self.problems,
                        (folder, folder.parent))


@dataclass
class Prepared:
    """What writing a game needs: its files and problems, not the game in memory (it
    comes back from a worker process when several games are built at once)."""

    game_id: str
    opts: BuildOptions
    outputs: list[tuple[str, bytes, dict[str, object]]]
    problems: list[Problem]
    protect: tuple[Path, ...] = ()  # the game's folder and its content root: never replaced


def load_valid_game(folder: Path, custom: list[Path],
                    replace: list[str] | None = None) -> tuple[Game, list[Problem]]:
    """Load and run every check that needs no rendering; errors stop here."""
    rlspeed.install()  # (before the glyph check parses the font)
    problems: list[Problem] = []
    game = load_game(folder, problems, custom, replace)
    if game is not None and not any(p.severity == "error" for p in problems):
        problems.extend(check_game(game))
    if game is None or any(p.severity == "error" for p in problems):
        raise ProblemsFound(problems)
    return game, problems


def game_language(game: Game, lang: str | None) -> str:
    """`--lang`, checked against the game's languages; none given: English where the
    game has it, else the game's first language."""
    if lang is None:
        return "en" if "en" in game.spec.languages else game.spec.languages[0]
    if lang not in game.spec.languages:
        raise InputError(f"--lang {lang}: {game.spec.name} is available in "
                         f"{', '.join(game.spec.languages)}")
    return lang


def render_game(game: Game, templates_root: Path, opts: BuildOptions,
                progress: Callable[[str], None] | None = None) -> Rendered:
    """Render, lay out and preflight every component of a loaded, valid game."""
    from pnp.render import inksaver

    token = inksaver.ACTIVE.set(opts.ink_saver)
    try:
        return _render_game(game, templates_root, opts, progress)
    finally:
        inksaver.ACTIVE.reset(token)


def _render_game(game: Game, templates_root: Path, opts: BuildOptions,
                 progress: Callable[[str], None] | None = None) -> Rendered:
    from pnp import preflight

    opts = replace(opts, lang=game_language(game, opts.lang))
    renderer = Renderer(search_path(game.folder, templates_root, game.id))
    result = Rendered(game, opts)
    missing = check_templates(game, renderer)
    if missing:
        result.problems.extend(missing)
        return result
    records: list[PdfRecord] = []
    checks = preflight.Streaming(game, renderer, opts.paper)
    with checks.watching():  # each page's faces checked as it is drawn
        _render_components(game, renderer, opts, progress, result, records)
    seen = set(result.problems)  # each once, found in a set: 30,000 cards, not 30,000²
    for message, (path, line, key) in renderer.overflows:
        problem = Problem("error", path, line, key, message, "text-placement")
        if problem not in seen:
            seen.add(problem)
            result.problems.append(problem)
    found, counts = checks.finish(records)
    result.problems.extend(found)
    result.checks = counts
    return result


def _builder(kind: str) -> ModuleType:
    """The module that builds a component of this kind. Boards, sheets and pads are
    imported when a game has one: a deck's build needs none of them."""
    if kind == "board":
        from pnp.components import board

        return board
    if kind == "sheet":
        from pnp.components import sheet

        return sheet
    if kind == "pad":
        from pnp.components import pad

        return pad
    return items_kind


def _render_components(game: Game, renderer: Renderer, opts: BuildOptions,
                       progress: Callable[[str], None] | None, result: Rendered,
                       records: list[PdfRecord]) -> None:
    """Build each component in memory, hosts before their guests (`print_with`)."""
    printed_with: dict[str, str] = {}  # guest → the host whose sheet carries it
    hosts_first = sorted(game.components.values(), key=lambda c: c.spec.print_with is not None)
    for n, comp in enumerate(hosts_first, 1):
        if progress:
            progress(f"{game.id}: {comp.id} ({n}/{len(game.components)})")
        if comp.id in printed_with:
            continue
        kind = _builder(comp.spec.kind)
        key = ("components", comp.id)
        renderer.where = (str(game.source.path), game.source.line(key), key_text(key))
        guests = [c for c in game.components.values() if c.spec.print_with == comp.id]
        try:
            if guests and kind is items_kind:
                built = items_kind.build(game, comp, renderer, opts, guests)
                printed_with.update(dict.fromkeys(built.guests, comp.id))
            else:
                built = kind.build(game, comp, renderer, opts)
        except ContentError as exc:
            result.problems.append(Problem("error", exc.path, exc.line, exc.key or comp.id,
                                           exc.message, getattr(exc, "check", None)))
            continue
        records.extend(built.records)
        result.pages += built.pages
        result.items += built.items + sum(built.guests.values())
        files = [(f"{comp.id}.pdf", built.data, built.pages, comp.spec.kind)]
        files += [(name, data, pages, f"{comp.spec.kind}-poster")
                  for name, (data, pages) in built.extra.items()]
        custom = [{"id": i.id, "file": str(i.source.path), **(
            {"replaces": i.replaces} if i.replaces else {})} for i in comp.items if i.custom]
        for name, data, pages, kind_name in files:
            meta: dict[str, object] = {
                "path": name, "component": comp.id, "kind": kind_name,
                "items": built.items if name == f"{comp.id}.pdf" else 1, "pages": pages,
                "duplex": built.duplex if name == f"{comp.id}.pdf" else False,
                "sha256": sha256_of(data)}  # a deck's image files read a span at a time
            if custom and name == f"{comp.id}.pdf":
                meta["custom"] = custom  # the user's own items printed in this file
            if built.guests and name == f"{comp.id}.pdf":
                meta["with"] = [{"component": g, "items": n} for g, n in built.guests.items()]
            result.outputs.append((name, data, meta))


def prepare_game(folder: Path, templates_root: Path, opts: BuildOptions,
                 custom: list[Path] | None = None,
                 progress: Callable[[str], None] | None = None,
                 replace: list[str] | None = None) -> Rendered:
    """Everything but the writing; a ProblemsFound if anything is wrong."""
    game, problems = load_valid_game(folder, custom or [], replace)
    rendered = render_game(game, templates_root, opts, progress)
    if any(p.check != "paper" for p in rendered.errors):  # a refused component alone
        raise ProblemsFound(problems + rendered.problems)  # (paper.Refused) stops no build
    rendered.problems = problems + rendered.problems
    return rendered


def write_game(rendered: Rendered | Prepared, out_root: Path) -> GameBuild:
    """The files and their manifest, switched in together (output.switch_in)."""
    from pnp.write.output import switch_in
    from pnp.write.ownership import build_owner

    if isinstance(rendered, Rendered):
        rendered = rendered.prepared()
    game_id = rendered.game_id
    manifest: dict[str, object] = {
        "game": game_id, "paper": rendered.opts.paper, "layout": rendered.opts.layout,
        "files": [meta for _, _, meta in rendered.outputs]}
    refused = [p for p in rendered.problems if p.severity == "error"]
    if refused:  # components that do not fit the paper: not built, each says what it needs
        manifest["refused"] = [{"component": (p.key or "").removeprefix("components.")
                                .split(".")[0], "message": p.message} for p in refused]
    manifest_bytes = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()
    files = [(name, data) for name, data, _ in rendered.outputs]
    files.append(("manifest.json", manifest_bytes))
    out_dir = switch_in(out_root, game_id, files, build_owner(game_id, rendered.protect))
    uptodate.wrote(out_dir, files)  # (a `pnp build` being recorded for the next run)
    return GameBuild(game_id, out_dir, [meta for _, _, meta in rendered.outputs],
                     [p for p in rendered.problems if p.severity != "error"], refused)


def build_game(folder: Path, templates_root: Path, out_root: Path, opts: BuildOptions,
               custom: list[Path] | None = None,
               progress: Callable[[str], None] | None = None,
               replace: list[str] | None = None) -> GameBuild:
    return write_game(prepare_game(folder, templates_root, opts, custom, progress, replace),
                      out_root)


def write_atomic(path: Path, data: bytes) -> None:
    """One file: written beside its target under a temporary name, then renamed over it,
    and only over a regular file (safeio.check_output)."""
    from pnp.load.safeio import check_output

    check_output(path)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
