"""`pnp export`: a game for print shops (PNG per face, one PDF per deck) and for Tabletop
Simulator, from the same templates and painter as `pnp build`.

The game is first checked exactly as `pnp build` checks it (content, templates,
preflight on the laid-out pages), so what exports also builds. Everything is drawn in
memory, then written as OUT/<game>/<format>/ in one atomic switch (output.switch_in): a
failed export leaves the previous one whole, and files of one format never mix with
another's. File names come from component and item ids made file-safe, so nothing is
written outside that folder."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.base.errors import InputError, Problem

FORMATS = ("png", "tts", "print-shop")
MIN_DPI, MAX_DPI = 36, 1200


@dataclass(frozen=True)
class ExportOptions:
    fmt: str
    dpi: int = 300
    bleed: bool = True  # png: trim plus bleed, or the trim alone
    paper: str = "a4"  # sheets are laid out for a paper; items ignore it
    lang: str | None = None
    shop: str | None = None  # print-shop: a key of pnp.export.shops.SHOPS


@dataclass
class ExportResult:
    folder: Path
    files: list[str]
    lines: list[str]  # what was written, one line per component
    warnings: list[Problem] = field(default_factory=list)


def check_options(opts: ExportOptions) -> None:
    if opts.fmt not in FORMATS:
        raise InputError(f"--format must be one of {', '.join(FORMATS)} (got {opts.fmt!r})")
    if not MIN_DPI <= opts.dpi <= MAX_DPI:
        raise InputError(f"--dpi must be between {MIN_DPI} and {MAX_DPI} (got {opts.dpi})")
    if opts.shop is not None:
        from pnp.export.shops import SHOPS

        if opts.fmt != "print-shop" or opts.shop not in SHOPS:
            raise InputError(f"--shop takes {', '.join(SHOPS)} with --format print-shop "
                             f"(got --shop {opts.shop} with --format {opts.fmt})")


def export_game(folder: Path, templates_root: Path, out_root: Path, opts: ExportOptions,
                custom: list[Path] | None = None, replace: list[str] | None = None,
                progress: Callable[[str], None] | None = None) -> ExportResult:
    """Check, draw and write one game's export; a PnpError if anything is wrong."""
    from pnp.export.collect import collect
    from pnp.layout.options import BuildOptions
    from pnp.pipeline.build import prepare_game
    from pnp.write.output import switch_in
    from pnp.write.ownership import export_owner

    check_options(opts)
    rendered = prepare_game(folder, templates_root,
                            BuildOptions(paper=opts.paper, lang=opts.lang), custom or [],
                            progress, replace or [])
    game = rendered.game
    game_dir = out_root / game.id
    if os.path.lexists(game_dir) and (game_dir.is_symlink() or not game_dir.is_dir()):
        raise InputError("is in the way of the game's export folder (a link or a file): "
                         "pnp writes only into real folders", game_dir)
    if progress:
        progress(f"{game.id}: drawing {opts.fmt}")
    parts = collect(rendered, templates_root)
    notes: list[str] = []
    final = game_dir / opts.fmt
    if opts.fmt == "png":
        from pnp.export import png

        files, described = png.export(game.folder, parts, opts.dpi, opts.bleed, notes)
        lines = _png_lines(described)
        meta: dict[str, Any] = {"dpi": opts.dpi, "bleed": opts.bleed, "files": described}
    elif opts.fmt == "tts":
        from pnp.export import tts

        files, summary = tts.export(game.folder, parts, opts.dpi, game.id, final)
        decks = summary["decks"]
        lines = [f"{d['component']}: {_n(d['cards'], 'card')} ({_n(d['distinct'], 'face')}) "
                 f"on {_n(len(d['sheets']), 'sheet')} of " + ", ".join(
                     f"{w} x {h}" for w, h in d["sheets"].values()) +
                 f", {d['card_px'][0]} x {d['card_px'][1]} px a card" for d in decks]
        if summary["tiles"]:
            lines.append(f"{_n(summary['tiles'], 'Custom_Tile')}: tiles, tokens, boards, sheets")
        lines += [f"{d['component']}: {d['path']}, {_n(d['pages'], 'page')} as a Custom_PDF"
                  for d in summary["pdfs"]]
        lines.append(f"{game.id}.json: Tabletop Simulator saved object (copy it into "
                     "Tabletop Simulator/Saves/Saved Objects)")
        meta = {"json": f"{game.id}.json", "decks": decks, "tiles": summary["tiles"],
                **({"pdfs": summary["pdfs"]} if summary["pdfs"] else {}),
                "files": [name for name, _ in files]}
    else:
        from pnp.export import shops

        files, described, lines = shops.export(game.folder, parts, opts.shop, notes)
        meta = {**({"shop": opts.shop} if opts.shop else {}), "files": described}
    if not files or [name for name, _ in files] == [f"{game.id}.json"]:
        notes.append(f"{game.id} has nothing to export as {opts.fmt} (print-shop takes "
                     "cards, tiles, tokens and boards; tts leaves out score pads)")
    manifest = {"game": game.id, "format": opts.fmt, "lang": rendered.opts.lang, **meta}
    files.append(("manifest.json",
                  (json.dumps(manifest, indent=2, ensure_ascii=False) + "\n").encode()))
    folder_out = switch_in(game_dir, opts.fmt, files,
                           export_owner(game.id, opts.fmt, (game.folder, game.folder.parent)))
    warnings = [p for p in rendered.problems if p.severity != "error"] + [
        Problem("warning", None, None, None, note) for note in notes]
    return ExportResult(folder_out, [name for name, _ in files], lines, warnings)


def _png_lines(described: list[dict[str, Any]]) -> list[str]:
    """One line per component: how many PNGs and their sizes."""
    out: dict[str, dict[tuple[int, int, int], int]] = {}
    for d in described:
        sizes = out.setdefault(d["component"], {})
        key = (d["px"][0], d["px"][1], d["dpi"])
        sizes[key] = sizes.get(key, 0) + 1
    return [f"{comp}: " + ", ".join(f"{_n(n, 'PNG')} of {w} x {h} px at {dpi} dpi"
                                    for (w, h, dpi), n in sizes.items())
            for comp, sizes in out.items()]


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}{'s' * (count != 1)}"
