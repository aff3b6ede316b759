"""`pnp export`: a game as PNGs, print-shop PDFs or a Tabletop Simulator set."""

import sys
from pathlib import Path
from typing import Annotated

import typer

from pnp.base.errors import PnpError
from pnp.cli.common import (
    PAPER_HELP,
    QUIET,
    ContentOpt,
    CustomOpt,
    GameArg,
    LangOpt,
    ReplaceOpt,
    app,
    complete_papers,
    fail,
    out_path,
    paper_name,
    say,
    usage_error,
    warn,
)

FORMATS_SHOWN = "<png|tts|print-shop>"  # pnp.export.FORMATS, not imported for --help


SHOPS_SHOWN = "<dtc|mbprint|mpc|tgc>"  # pnp.export.shops.SHOPS, not imported for --help


def _shops(incomplete: str) -> list[str]:
    from pnp.export.shops import SHOPS

    return [s for s in SHOPS if s.startswith(incomplete)]


def _formats(incomplete: str) -> list[str]:
    from pnp.export import FORMATS

    return [f for f in FORMATS if f.startswith(incomplete)]


@app.command()
def export(
    game: GameArg,
    fmt: Annotated[str, typer.Option(
        "--format", metavar=FORMATS_SHOWN, autocompletion=_formats,
        help="png: one PNG per item face (fronts and backs), board and sheet; "
        "tts: Tabletop Simulator deck sheets, images and a saved-object JSON; print-shop: "
        "one PDF per deck, one face per page at trim + 1/8 in bleed, front and back of each "
        "card in turn.", show_default=False)],
    dpi: Annotated[int, typer.Option(help="Pixels per inch of the PNGs and Tabletop "
                                     "Simulator images (36-1200).")] = 300,
    bleed: Annotated[bool, typer.Option(
        "--bleed/--no-bleed", help="PNGs: the trim plus 1/8 in bleed (boards: 3 mm), or "
        "the trim alone.")] = True,
    out: Annotated[Path, typer.Option(
        "--out", parser=out_path, metavar="DIR", help="Output folder; files go to "
        "OUT/<game>/<format>/ (a build into the same folder keeps them).")
    ] = Path("output/export"),
    paper: Annotated[str, typer.Option(
        metavar="<paper>", autocompletion=complete_papers,
        help="Sheets (setup guides, score sheets) are drawn on this paper; cards, tiles, "
        "tokens and boards ignore it. " + PAPER_HELP)] = "a4",
    shop: Annotated[str | None, typer.Option(
        "--shop", metavar=SHOPS_SHOWN, autocompletion=_shops,
        help="print-shop: the files one shop's published spec asks for. dtc: DriveThruCards, "
        "PDF/X-1a:2003 in CMYK with at most 240% ink, back of each card first (needs "
        "Ghostscript and pikepdf); mbprint: MB Print, 3 mm bleed, transparency flattened "
        "(the same); mpc: MakePlayingCards, PNGs of 822 x 1122 px a poker card; tgc: The "
        "Game Crafter, PNGs of 825 x 1125 px. Text inside the shop's safe area is a "
        "warning.", show_default=False)] = None,
    lang: LangOpt = None,
    custom: CustomOpt = None,
    replace: ReplaceOpt = None,
    content: ContentOpt = None,
) -> None:
    """Export a game for print shops (PNGs, one PDF per deck) or Tabletop Simulator, into
    OUT/<game>/<format>/ with a manifest.json. The game is checked as pnp build checks it.

    Exit 0: written; 1: invalid content; 2: unreadable file or wrong command."""
    from pnp.export import FORMATS, MAX_DPI, MIN_DPI, ExportOptions, export_game

    if fmt not in FORMATS:
        usage_error(f"--format must be one of {', '.join(FORMATS)} (got {fmt!r})")
    if not MIN_DPI <= dpi <= MAX_DPI:
        usage_error(f"--dpi must be between {MIN_DPI} and {MAX_DPI} (got {dpi})")
    if shop is not None:
        from pnp.export.shops import SHOPS

        if shop not in SHOPS:
            usage_error(f"--shop must be one of {', '.join(SHOPS)} (got {shop!r})")
        if fmt != "print-shop":
            usage_error(f"--shop goes with --format print-shop (got --format {fmt})")
    paper = paper_name(paper)
    from pnp.load.content import content_root, game_folder, resolve_games, shipped_dir

    status = None
    try:
        root = content_root(content)
        (gid,) = resolve_games(root, [game])
        if sys.stderr.isatty() and not QUIET["on"]:  # progress on a terminal only
            from rich.console import Console

            status = Console(stderr=True).status(f"exporting {gid}")
            status.start()
        try:
            result = export_game(
                game_folder(root, gid), shipped_dir("templates"), out,
                ExportOptions(fmt=fmt, dpi=dpi, bleed=bleed, paper=paper, lang=lang,
                              shop=shop),
                custom or [], replace or [],
                (lambda m: status.update(f"exporting {m}")) if status else None)
        finally:
            if status:
                status.stop()
    except PnpError as exc:
        fail(exc, "nothing was exported")
    warn(result.warnings, gid)
    for line in result.lines:
        say(f"{result.folder}/{line}" if line.split(":")[0].endswith((".pdf", ".json"))
             else f"{result.folder}: {line}")
    say(f"{result.folder / 'manifest.json'}")
