"""Score-sheet pads and scoring filled sheets (`pnp sheets`, `pnp score`).

Only games whose hooks can score a sheet (a `scorer`) take part: they also draw the pad
(a `pad` component) it is filled on."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pnp.base.errors import InputError, Problem, ProblemsFound
from pnp.base.units import to_mm
from pnp.components import pad
from pnp.layout.options import BuildOptions
from pnp.load.hooks import Scorer, hooks_for
from pnp.load.model import Component, Game
from pnp.load.registry import declared
from pnp.pipeline.build import write_atomic
from pnp.render.template_check import check_templates
from pnp.render.templates import Renderer, search_path
from pnp.write.ownership import check_pdf_target

_KINDS = ((bool, "true or false"), (int | float, "a number"), (list, "a list"),
          (dict, "a mapping"))


def shown(value: Any, limit: int = 60) -> str:
    """A value as the user wrote it in YAML ([1, x], not Python's [1, 'x']), cut short."""
    import yaml

    text = yaml.safe_dump(value, default_flow_style=True, allow_unicode=True,
                          width=10**9).strip().removesuffix("...").strip()
    return text if len(text) <= limit else text[:limit - 1] + "…"


def name_problem(name: Any, printed: bool = True) -> str | None:
    """Why a player's name cannot go on a sheet (--names, or a filled sheet's name:), said
    where the name was given; None if it can. A control character is no text a sheet can
    hold (the template's SVG was refused, blamed on pnp), nor a glyph the font lacks (it
    was blamed on pnp's own game.yaml). `printed`: also check that every glyph prints."""
    if not isinstance(name, str):
        kind = next((k for t, k in _KINDS if isinstance(name, t)), "not text")
        return f"must be text (got {kind}: {shown(name)})"
    bad = dict.fromkeys(ch for ch in name if unicodedata.category(ch) in ("Cc", "Cs")
                        or ch in "\ufffe\uffff")
    if bad:
        codes = ", ".join(f"U+{ord(ch):04X}" for ch in bad)
        return f"holds a control character ({codes}): a name is plain text on one line"
    if printed:
        from pnp.base import fonts

        missing = fonts.missing_glyphs(name)
        if missing:
            return (f"the font ({fonts.FAMILY}) has no glyph for "
                    f"{' '.join(map(repr, missing))}; it would print as an empty box")
    return None


def _pad_component(game: Game) -> Component:
    for comp in game.components.values():
        if comp.spec.kind == "pad":
            return comp
    raise InputError(f"{game.spec.name} has no score sheets (no component of kind pad)")


def _renderer(game: Game, templates_root: Path) -> Renderer:
    renderer = Renderer(search_path(game.folder, templates_root, game.id))
    missing = check_templates(game, renderer)
    if missing:
        raise ProblemsFound(missing)
    return renderer


def _scorer(game_id: str) -> Scorer:
    """The game's scorer; a game without one is named with the games that have one."""
    scorer = hooks_for(game_id).scorer
    if scorer is None:
        scorable = [gid for gid in sorted(declared()) if hooks_for(gid).scorer]
        raise InputError(f"'{game_id}' has no score sheets (games with sheets: "
                         f"{', '.join(scorable)})")
    return scorer


def _game(root: Path, game_id: str, map_name: str | None) -> tuple[Game, list[Problem]]:
    _scorer(game_id)
    from pnp.load.content import game_folder, load_game

    problems: list[Problem] = []
    game = load_game(game_folder(root, game_id), problems)
    if game is None or any(p.severity == "error" for p in problems):
        raise ProblemsFound(problems)
    if map_name:
        game.options["map"] = map_name
    return game, problems


@dataclass
class PadResult:
    path: Path
    sheets: int
    pages: int
    size: int
    warnings: list[Problem]
    pdf: bytes = b""  # a preview's page, not written: the command draws it as a PNG


def make_pad(root: Path, templates_root: Path, game_id: str, out: Path, opts: BuildOptions,
             count: int, per_page: int | None, names: list[str], map_name: str | None,
             preview: bool = False) -> PadResult:
    """The pad written to `out`; `preview`: one sheet drawn (not written) whatever the
    game's checks found, its problems marked on it by the game and returned with it."""
    game, _ = _game(root, game_id, map_name)
    game.options.update(map=map_name, count=1 if preview else count, per_page=per_page,
                        names=names, papers=[opts.paper], preview=preview)
    try:
        game, warnings = load_valid_game_with(game)
    except ProblemsFound as exc:
        if not preview:
            raise
        warnings = exc.problems
    built, found = _build_pad(game, templates_root, opts, stop=not preview)
    if preview:
        return PadResult(out, built.items, built.pages, len(built.data), warnings + found,
                         built.data)
    fitted = hooks_for(game.id).name_problems
    if names and fitted:  # names shortened to fit their line
        w, h = (to_mm(v) for v in pad.sheet_box(opts, per_page or pad.default_per_page(opts)))
        found += fitted(names, (w, h))
    _write(out, built.data)
    return PadResult(out, built.items, built.pages, len(built.data), warnings + found)


def _build_pad(game: Game, templates_root: Path, opts: BuildOptions,
               stop: bool = True) -> tuple[pad.Built, list[Problem]]:
    """The pad drawn in memory and preflighted (names from the command line and filled
    values included); errors stop here, before anything is written."""
    from pnp import preflight

    renderer = _renderer(game, templates_root)
    comp = _pad_component(game)
    from pnp.load.source import key_text

    key = ("components", comp.id)
    renderer.where = (str(game.source.path), game.source.line(key), key_text(key))
    built = pad.build(game, comp, renderer, opts)
    if not stop:  # a preview: its red marks are no defect to measure (validate measures)
        return built, []
    found, _ = preflight.run(game, built.records, renderer, opts.paper)
    found += [Problem("error", path, line, k, message, "text-placement")
              for message, (path, line, k) in renderer.overflows]
    if any(p.severity == "error" for p in found):
        raise ProblemsFound(found)
    return built, [p for p in found if p.severity != "error"]


def load_valid_game_with(game: Game) -> tuple[Game, list[Problem]]:
    """Run the game's checks with its options (e.g. --map) in force."""
    from pnp.check.expectations import check_game

    problems = check_game(game)
    if any(p.severity == "error" for p in problems):
        raise ProblemsFound(problems)
    return game, [p for p in problems if p.severity != "error"]


def score_file(root: Path, game_id: str, filled: Path,
               drawn: bool = False) -> tuple[Any, list[Problem], Game]:
    """The sheet's score, or None and its problems. `drawn`: the sheet is also drawn
    (score --pdf), so its name must print."""
    scorer = _scorer(game_id)
    src = scorer.read(filled)
    data = src.data if isinstance(src.data, dict) else {}
    if not isinstance(src.data, dict):
        raise ProblemsFound([Problem("error", str(filled), 1, None,
                                     "a filled sheet is a mapping with map:, cities: ...")])
    map_name = data.get("map")
    if map_name is not None and not isinstance(map_name, str):
        raise ProblemsFound([Problem("error", str(filled), src.line(("map",)), "map",
                                     f"must be a map name (got {shown(map_name)})")])
    try:
        game, _ = _game(root, game_id, map_name)
        game.options["sheet"] = filled  # its map: may be a file beside it
        game, _ = load_valid_game_with(game)
        prepared = scorer.prepare(game)
    except InputError as exc:
        if map_name is None:
            raise
        raise ProblemsFound([Problem("error", str(filled), src.line(("map",)), "map",
                                     exc.message)]) from exc
    problems: list[Problem] = []
    wrong = name_problem(data["name"], drawn) if data.get("name") is not None else None
    if wrong:
        problems.append(Problem("error", str(filled), src.line(("name",)), "name", wrong))
    return scorer.score(src, prepared, game, problems), problems, game


def filled_pdf(game: Game, templates_root: Path, result: Any, powers: list[str],
               out: Path, opts: BuildOptions) -> None:
    game.options["filled"] = {**_scorer(game.id).overlay(result, game), "powers": powers}
    game.options["per_page"] = 1
    built, _ = _build_pad(game, templates_root, opts)
    _write(out, built.data)


def _write(out: Path, data: bytes) -> None:
    try:
        check_pdf_target(out)
        out.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(out, data)
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror}", out) from exc

