"""The templates game.yaml names, checked before any face is rendered: each must be a
name inside the template folders, and load."""

from __future__ import annotations

from pnp.base.errors import ContentError, Problem
from pnp.load.model import Game
from pnp.load.source import key_text
from pnp.render.templates import Renderer


def _loc(game: Game, key: tuple) -> tuple[str, int | None, str]:
    return str(game.source.path), game.source.line(key), key_text(key)


def check_templates(game: Game, renderer: Renderer) -> list[Problem]:
    problems = []
    for comp in game.components.values():
        for side in ("front", "back", "overlay"):
            name = getattr(comp.spec, side)
            if name and (name.startswith(("/", "\\")) or ".." in name.replace("\\", "/").split("/")
                         or ":" in name):
                path, line, key = _loc(game, ("components", comp.id, side))
                problems.append(Problem("error", path, line, key,
                                        f"'{name}' must be a template name inside the template "
                                        "folders (no absolute path, no '..')"))
            elif name and (wrong := _template_problem(renderer, name)):
                path, line, key = _loc(game, ("components", comp.id, side))
                problems.append(Problem("error", path, line, key, wrong))
    return problems


def _template_problem(renderer: Renderer, name: str) -> str | None:
    """Why a template named in game.yaml cannot be loaded (missing, a folder or a FIFO in
    its place, a link out of its folder), said at the key that names it; None if it loads
    or its trouble is inside it (a syntax error has its own file and line)."""
    import os

    from pnp.load.safeio import file_problem

    if not renderer.has(name):
        for folder in renderer.folders:
            if os.path.lexists(folder / name):
                return f"template '{name}' {file_problem(folder / name) or 'is unreadable'}"
        return f"template '{name}' not found in {', '.join(str(f) for f in renderer.folders)}"
    try:
        renderer.template(name)
    except ContentError as exc:
        if exc.path is None:
            return exc.message
    return None
