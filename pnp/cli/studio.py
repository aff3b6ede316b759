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
    fail,
    problem_lines,
    say,
    usage_error,
)
from pnp.cli.watching import DpiOpt, PreviewLangOpt, PreviewOutOpt, watch_session


@app.command()
def studio(
    game: Annotated[str, typer.Argument(help="The game to show, by id (`pnp list` shows them).",
                                        autocompletion=complete_games)],
    port: Annotated[int, typer.Option(help="Port on 127.0.0.1 (0: any free one).")] = 8036,
    custom: CustomOpt = None,
    out: PreviewOutOpt = Path("output"),
    lang: PreviewLangOpt = None,
    dpi: DpiOpt = 100,
    content: ContentOpt = None,
) -> None:
    """A page in your browser (http://127.0.0.1:PORT/, this computer only) with every face
    of the game, the printed pages of its last build, and every problem drawn where it is
    on its face or page; on each save of the game's content, templates or custom files it
    is redrawn, and built as `pnp watch` does. Ctrl-C stops."""
    import time

    from pnp.studio.board import Board
    from pnp.studio.server import preview_root, start
    from pnp.watch import Round, watched_files
    from pnp.watch import watch as loop

    if not 0 <= port <= 65535:
        usage_error(f"--port must be between 0 and 65535 (got {port})")
    gid, session = watch_session(game, content, out, lang, custom, dpi, "shown")
    folder, templates = session.folder, session.templates_root
    board = Board(session, gid, preview_root(out, gid), session.opts.bleed)
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
