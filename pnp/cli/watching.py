"""What `pnp watch` and `pnp studio` share: their preview options and the watched
session they start from them."""

from pathlib import Path
from typing import Annotated, Any

import typer

from pnp.base.errors import PnpError
from pnp.cli.common import complete_langs, fail, out_path, usage_error

# `pnp watch` and `pnp studio`: where the previews and the build go, in which language
PreviewOutOpt = Annotated[Path, typer.Option(
    "--out", parser=out_path, metavar="DIR",
    help="Output folder: PDFs in OUT/<game>/, previews in OUT/<game>/preview/.")]
PreviewLangOpt = Annotated[str | None, typer.Option(
    help="Language of printed text.", show_default=False, autocompletion=complete_langs)]
DpiOpt = Annotated[int, typer.Option(help="Resolution of the PNG previews.")]


def watch_session(game: str, content: Path | None, out: Path, lang: str | None,
                  custom: list[Path] | None, dpi: int, nothing: str) -> tuple[str, Any]:
    """The game's id and the `pnp.watch.Session` that `pnp watch` and `pnp studio` run;
    a wrong --dpi or an unknown game ends the command ("nothing was <nothing>")."""
    from pnp.layout.options import BuildOptions
    from pnp.load.content import content_root, game_folder, resolve_games, shipped_dir
    from pnp.watch import Session

    if not 36 <= dpi <= 600:
        usage_error(f"--dpi must be between 36 and 600 (got {dpi})")
    try:
        root = content_root(content)
        gid = resolve_games(root, [game])[0]
    except PnpError as exc:
        fail(exc, f"nothing was {nothing}")
    session = Session(game_folder(root, gid), shipped_dir("templates"), out,
                      BuildOptions(lang=lang), custom or [], dpi)
    return gid, session
