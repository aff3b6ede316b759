"""Orchestrate one build: load, validate, render every component in memory, then write
the files atomically (temp name + rename) so a failed build leaves old output intact."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .components import board as board_kind
from .components import items as items_kind
from .components import pad as pad_kind
from .components import sheet as sheet_kind
from .content import load_game
from .errors import InputError, Problem, ProblemsFound
from .model import Game
from .options import BuildOptions
from .render import Renderer, search_path
from .validate import check_game, check_templates


@dataclass
class GameBuild:
    game: str
    out_dir: Path
    files: list[dict[str, object]] = field(default_factory=list)
    warnings: list[Problem] = field(default_factory=list)


def load_valid_game(folder: Path, custom: list[Path]) -> tuple[Game, list[Problem]]:
    """Load and run every check that needs no rendering; errors stop here."""
    problems: list[Problem] = []
    game = load_game(folder, problems, custom)
    if game is not None and not any(p.severity == "error" for p in problems):
        problems.extend(check_game(game))
    if game is None or any(p.severity == "error" for p in problems):
        raise ProblemsFound(problems)
    return game, problems


def build_game(folder: Path, templates_root: Path, out_root: Path, opts: BuildOptions,
               custom: list[Path] | None = None,
               progress: Callable[[str], None] | None = None) -> GameBuild:
    game, problems = load_valid_game(folder, custom or [])
    renderer = Renderer(search_path(folder, templates_root, game.id))
    missing = check_templates(game, renderer)
    if missing:
        raise ProblemsFound(missing)
    if opts.lang not in game.spec.languages:
        raise InputError(f"--lang {opts.lang}: {game.spec.name} is available in "
                         f"{', '.join(game.spec.languages)}")
    outputs: list[tuple[str, bytes, dict[str, object]]] = []
    for n, comp in enumerate(game.components.values(), 1):
        if progress:
            progress(f"{game.id}: {comp.id} ({n}/{len(game.components)})")
        kind = {"sheet": sheet_kind, "pad": pad_kind, "board": board_kind}.get(
            comp.spec.kind, items_kind)
        built = kind.build(game, comp, renderer, opts)
        name = f"{comp.id}.pdf"
        outputs.append((name, built.data, {
            "path": name, "component": comp.id, "kind": comp.spec.kind,
            "items": built.items, "pages": built.pages, "duplex": built.duplex,
            "sha256": hashlib.sha256(built.data).hexdigest(),
        }))
        for extra_name, (data, pages) in built.extra.items():
            outputs.append((extra_name, data, {
                "path": extra_name, "component": comp.id, "kind": f"{comp.spec.kind}-poster",
                "items": 1, "pages": pages, "duplex": False,
                "sha256": hashlib.sha256(data).hexdigest()}))
    result = GameBuild(game.id, out_root / game.id,
                       warnings=[p for p in problems if p.severity != "error"])
    result.warnings.extend(Problem("warning", None, None, None, o) for o in renderer.overflows)
    manifest = {"game": game.id, "paper": opts.paper, "files": [meta for _, _, meta in outputs]}
    manifest_bytes = (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()
    try:
        result.out_dir.mkdir(parents=True, exist_ok=True)
        with _locked(result.out_dir):  # parallel builds into one folder take turns
            for name, data, meta in outputs:
                write_atomic(result.out_dir / name, data)
                result.files.append(meta)
            write_atomic(result.out_dir / "manifest.json", manifest_bytes)
    except OSError as exc:
        raise InputError(f"cannot write output: {exc.strerror}", exc.filename) from exc
    return result


@contextmanager
def _locked(folder: Path) -> Iterator[None]:
    """An advisory lock on the output folder while its files are replaced, so the
    manifest always describes the PDFs beside it."""
    with open(folder / ".pnp.lock", "a+b") as fh:
        try:
            import fcntl
        except ImportError:  # pragma: no cover - Windows: renames are still atomic
            yield
            return
        fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh.fileno(), fcntl.LOCK_UN)


def write_atomic(path: Path, data: bytes) -> None:
    """Write to a temporary file in the same folder, then rename over the target."""
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
