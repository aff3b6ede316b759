"""`pnp list` and `pnp new`: the games there are, and a new one to start from."""

from pathlib import Path
from typing import Annotated

import typer

from pnp.base.errors import PnpError, Problem
from pnp.cli.common import ContentOpt, Format, app, fail, say, to_json


@app.command("list")
def list_games(
    fmt: Annotated[Format, typer.Option("--format", help="text or json.")] = Format.text,
    content: ContentOpt = None,
) -> None:
    """List the games and their components, with item counts, and the folder they are
    in: ./content when the current folder has one, else the games shipped with pnp."""
    from pnp.load.content import content_root, game_folder, game_ids, load_game

    fmt = Format(fmt).value
    listed: list[dict[str, object]] = []
    broken: list[int] = []
    try:
        root = content_root(content)
        for gid in game_ids(root):
            problems: list[Problem] = []
            try:
                game = load_game(game_folder(root, gid), problems)
            except PnpError as exc:  # one unreadable folder: the other games still list
                broken.append(exc.exit_code)
                listed.append({"id": gid, "loads": False, "error": exc.format()})
                typer.echo(f"error: {exc.format()}", err=True)
                if fmt == "text":
                    typer.echo(f"{gid}: cannot be read (see the error above)")
                continue
            if game is None:
                listed.append({"id": gid, "loads": False, "problems": len(problems)})
                if fmt == "text":
                    typer.echo(f"{gid}: cannot be loaded ({len(problems)} problem(s); "
                               f"run pnp validate {gid})")
                continue
            comps = [_listed(game, comp) for comp in game.components.values()]
            listed.append({"id": gid, "name": game.spec.name, "loads": True,
                           "components": comps})
            if fmt == "json":
                continue
            typer.echo(f"{gid}: {game.spec.name}")
            for c in comps:
                size = f", {c['size']}" if c["size"] else ""
                what = f"{'?' if c['count'] is None else c['count']:>4} {c['unit']}"
                if "booklet_pages" in c:
                    folded = c["booklet_pages"]
                    article = "an" if str(folded).startswith("8") or folded in (11, 18) else "a"
                    what += f" ({article} {folded}-page booklet)"
                typer.echo(f"  {c['id']:<12} {c['kind']:<6} {what}{size}  {c['about']}")
    except PnpError as exc:
        fail(exc)
    if fmt == "json":
        typer.echo(to_json({"content": str(root), "games": listed}, indent=2,
                           ensure_ascii=False))
    else:
        say(_found_in(root, content, len(listed)))
    if broken:
        raise typer.Exit(max(broken))


def _found_in(root: Path, option: Path | None, count: int) -> str:
    """Where the listed games are, and how to list the others: once ./content exists it
    hides the games shipped with pnp, which a user should not have to guess."""
    import shlex

    from pnp.load.content import shipped_dir

    games = f"{count} game{'s' * (count != 1)}"
    shipped = shipped_dir("content")
    try:
        is_shipped = root.resolve() == shipped.resolve()
    except OSError:
        is_shipped = False
    if is_shipped:
        return (f"{games} shipped with pnp (in {shipped}); a ./content folder of games in "
                "the current folder is listed instead (pnp new NAME starts one)")
    where = root.as_posix() if option is not None else "./content, the current folder's"
    return f"{games} in {where}; the games shipped with pnp: pnp list --content " \
           f"{shlex.quote(str(shipped))}"


def _listed(game: object, comp: object) -> dict[str, object]:
    """One component as `pnp list` shows it: how many of what, its size and what it is."""
    spec = comp.spec  # type: ignore[attr-defined]
    kind = spec.kind
    extra: dict[str, object] = {}
    if kind == "sheet":
        count, unit, extra = _sheet_pages(game, comp)
    elif kind == "pad":
        count, unit = game.spec.data.get("pad_sheets", 1), "sheets"  # type: ignore[attr-defined]
    elif kind == "board":
        count, unit = 1, "board"
    else:
        count = len(comp.shipped())  # type: ignore[attr-defined]
        unit = "item" if count == 1 else "items"
    return {"id": comp.id, "kind": kind, "count": count, "unit": unit,  # type: ignore[attr-defined]
            **extra, "size": spec.size, "about": spec.description or spec.title}


def _sheet_pages(game: object, comp: object) -> tuple[int | None, str, dict[str, object]]:
    """A sheet's pages as `pnp build` prints them on A4 (a booklet's template says how
    many), and the booklet's own page count when they fold into one."""
    from pnp.components.sheet import printed_pages
    from pnp.layout.options import BuildOptions
    from pnp.pipeline.build import game_language

    try:
        opts = BuildOptions(lang=game_language(game, None))  # type: ignore[arg-type]
        pages, folded = printed_pages(game, comp, opts)  # type: ignore[arg-type]
    except PnpError:  # the sheet's own content is wrong: validate says where
        return None, f"pages (run pnp validate {game.id})", {}  # type: ignore[attr-defined]
    unit = "page" if pages == 1 else "pages"
    return pages, unit, {} if folded is None else {"booklet_pages": folded}


@app.command()
def new(
    name: Annotated[str, typer.Argument(help="The new game's id, e.g. my-game: lowercase "
                                        "letters, digits and hyphens.")],
    content: Annotated[Path | None, typer.Option(
        "--content", help="Folder of game folders to create it in. Default: ./content "
        "(created if needed).", show_default=False)] = None,
    csv: Annotated[bool, typer.Option(
        "--csv", help="The cards as a spreadsheet, cards.csv (one row a card; open it in "
        "any spreadsheet app), instead of cards.yaml.")] = False,
) -> None:
    """Start a new game: a folder with one deck of 6 cards, its front and back templates
    and an expectation, which validates and builds as it is."""
    from pnp.write.newgame import create

    try:
        folder = create(content or Path("content"), name, csv)
    except PnpError as exc:
        fail(exc, "nothing was created")
    option = f" --content {folder.parent}" if content else ""
    say(f"{folder}: game.yaml, cards.{'csv' if csv else 'yaml'}, "
        f"templates/card-front.svg.j2, templates/card-back.svg.j2")
    say(f"next: pnp validate {name}{option} && pnp build {name}{option}")
