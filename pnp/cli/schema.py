"""`pnp schema`: the JSON Schema of game.yaml and item files, for an editor's completion
and inline errors, or the same rules as the content reference in Markdown."""

from pathlib import Path
from typing import Annotated

import typer

from pnp.base.errors import PnpError, Problem, ProblemsFound
from pnp.cli.common import ContentOpt, app, fail, to_json, usage_error


def _targets(incomplete: str) -> list[str]:
    return [t for t in ("game.yaml", "items", "custom") if t.startswith(incomplete)]


@app.command()
def schema(
    target: Annotated[str, typer.Argument(
        metavar="[game.yaml|items|custom|FILE]", autocompletion=_targets,
        help="What to describe: game.yaml (the default); items: every YAML item file of "
             "the game named by --game (its components' lists, items and fields); custom: "
             "a file of your own items for --custom (each may say replaces); or one item "
             "file that game's game.yaml names, e.g. cards.yaml (only its lists).")
    ] = "game.yaml",
    game: Annotated[str | None, typer.Option(
        "--game", metavar="GAME", help="The game whose own shapes fill the schema in: its "
        "components' fields for item files (needed there), its code's shape of the "
        "data: block for game.yaml. Without it, game.yaml's schema fits every game.",
        show_default=False)] = None,
    markdown: Annotated[bool, typer.Option(
        "--markdown", help="Print the rules as a Markdown reference instead of JSON "
        "Schema: `pnp schema --markdown` is docs/reference.md; with items --game GAME, "
        "that game's fields.")] = False,
    content: ContentOpt = None,
) -> None:
    """Print what game.yaml or a game's item files may hold, as a JSON Schema for
    editors (draft 2020-12, readable as draft 7) or as a Markdown reference, made from
    the rules pnp validate checks. Save the schema and point your editor at it for
    completion and inline errors, e.g. VS Code's YAML extension with a first line
    `# yaml-language-server: $schema=game.schema.json`:

    \b
        pnp schema > game.schema.json
        pnp schema items --game my-game > items.schema.json

    Exit 0: printed; 1: the game's game.yaml is invalid; 2: unreadable file or wrong
    command."""
    from pnp.load import json_schema, reference

    folder = None
    if target != "game.yaml" and game is None:
        usage_error(f"pnp schema {target} needs --game GAME: item files hold what the "
                    "game's fields say (e.g. pnp schema items --game my-game)")
    try:
        if game is not None:
            from pnp.load.content import content_root, game_folder, resolve_games

            root = content_root(content)
            folder = game_folder(root, resolve_games(root, [game])[0])
        if target == "game.yaml":
            out = json_schema.game_schema(_data_schema(folder))
            text = reference.game_reference(out) if markdown else ""
        else:
            spec = _spec(folder)  # type: ignore[arg-type]
            files = json_schema.item_files(spec)
            if target not in ("items", "custom", *files):
                usage_error(f"{target}: not an item file of {spec.id} (its YAML item files: "
                            f"{', '.join(files) or 'none'}); or game.yaml, items, custom")
            from pnp.load.hooks import hooks_for

            hooks = hooks_for(spec.id)  # type: ignore[attr-defined]
            fields = dict(hooks.data_fields)  # the shapes its code gives `data` fields
            if target == "custom":
                if hooks.custom_entries is not None:
                    usage_error(f"{spec.id} reads custom files of its own shape (the README "
                                "shows it): there is no schema for them")
                out = json_schema.custom_schema(spec, fields)
            else:
                out = json_schema.items_schema(spec, fields,
                                               None if target == "items" else target)
            text = reference.items_reference(out, spec.id) if markdown else ""
    except PnpError as exc:
        fail(exc, "no schema was printed", game)
    typer.echo(text.rstrip("\n") if markdown else to_json(out, indent=2, ensure_ascii=False))


def _spec(folder: Path) -> object:
    """The game's game.yaml as a model; its problems end the command (exit 1)."""
    from pnp.load.model import GameSpec
    from pnp.load.schema import convert_dataclass
    from pnp.load.source import read_yaml

    problems: list[Problem] = []
    src = read_yaml(folder / "game.yaml")
    spec = convert_dataclass(GameSpec, src.data, src, (), problems)
    if spec is None or any(p.severity == "error" for p in problems):
        raise ProblemsFound(problems)
    return spec


def _data_schema(folder: Path | None) -> type | None:
    """The shape the game's code gives its data: block (None: any mapping)."""
    from pnp.load.hooks import hooks_for
    from pnp.load.source import read_yaml

    if folder is None:
        return None
    data = read_yaml(folder / "game.yaml").data  # even a broken game.yaml names its id
    gid = data.get("id") if isinstance(data, dict) else None
    return hooks_for(gid if isinstance(gid, str) else folder.name).data_schema
