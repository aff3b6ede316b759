"""`pnp studio`: `pnp watch` with a page in the browser that shows every face and every
problem on it, updated on each save."""

from pathlib import Path
from typing import Annotated

import typer

from pnp.base.errors import PnpError
from pnp.cli.common import (
    ContentOpt,
    CustomOpt,
    app,
    clip,
    complete_games,
    complete_langs,
    fail,
    out_path,
    problem_lines,
    say,
    usage_error,
)


@app.command()
def studio(
    game: Annotated[str, typer.Argument(help="The game to show, by id (`pnp list` shows them).",
                                        autocompletion=complete_games)],
    port: Annotated[int, typer.Option(help="Port on 127.0.0.1 (0: any free one).")] = 8036,
    custom: CustomOpt = None,
    out: Annotated[Path, typer.Option("--out", parser=out_path, metavar="DIR",
                                      help="Output folder: PDFs in OUT/<game>/, "
                                      "previews in OUT/<game>/preview/.")] = Path("output"),
    lang: Annotated[str | None, typer.Option(help="Language of printed text.",
                                             show_default=False,
                                             autocompletion=complete_langs)] = None,
    dpi: Annotated[int, typer.Option(help="Resolution of the PNG previews.")] = 100,
    content: ContentOpt = None,
) -> None:
    """A page in your browser (http://127.0.0.1:PORT/, this computer only) with every face
    of the game, the printed pages of its last build, and every problem drawn where it is
    on its face or page; on each save of the game's content, templates or custom files it
    is redrawn, and built as `pnp watch` does. Ctrl-C stops."""
    import time

    from pnp.layout.options import BuildOptions
    from pnp.load.content import content_root, game_folder, resolve_games, shipped_dir
    from pnp.studio.board import Board
    from pnp.studio.server import preview_root, start
    from pnp.watch import Round, Session, watched_files
    from pnp.watch import watch as loop

    if not 36 <= dpi <= 600:
        usage_error(f"--dpi must be between 36 and 600 (got {dpi})")
    if not 0 <= port <= 65535:
        usage_error(f"--port must be between 0 and 65535 (got {port})")
    try:
        root = content_root(content)
        gid = resolve_games(root, [game])[0]
    except PnpError as exc:
        fail(exc, "nothing was shown")
    templates = shipped_dir("templates")
    folder = game_folder(root, gid)
    opts = BuildOptions(lang=lang)
    session = Session(folder, templates, out, opts, custom or [], dpi)
    board = Board(session, gid, preview_root(out, gid), opts.bleed)
    try:
        server = start(board, port)
    except PnpError as exc:
        fail(exc, "nothing was shown")
    say(f"pnp studio: {server.url} (Ctrl-C stops)")

    def report(result: Round) -> None:
        clock = time.strftime("%H:%M:%S")
        for line in problem_lines(result.problems, gid):
            typer.echo(line, err=True)
        if result.failed:
            typer.echo(clip(f"{clock} {gid}: {result.failed}"), err=True)
        else:
            say(f"{clock} {gid}: {len(result.refreshed)} preview(s) in "
                f"{result.preview_seconds:.2f} s; built in {result.seconds:.2f} s; "
                f"{server.url}")

    try:
        loop(board, lambda: watched_files(folder, templates, gid, custom or []),  # type: ignore[arg-type]
             report, lambda: False)
    except KeyboardInterrupt:
        typer.echo("stopped", err=True)
        raise typer.Exit(0) from None
    finally:
        server.stop()
