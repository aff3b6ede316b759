"""`pnp sheets` and `pnp score`: pads of score sheets (for games whose hooks score them),
and a filled sheet checked and scored."""

from pathlib import Path
from typing import Annotated

import typer

from pnp.base.errors import EXIT_INVALID, PnpError
from pnp.cli.common import (
    PAPER_HELP,
    QUIET,
    ContentOpt,
    Format,
    app,
    check_lang,
    fail,
    out_path,
    paper_name,
    problem_lines,
    say,
    text_option,
    to_json,
    usage_error,
    warn,
)


@app.command()
def sheets(
    game: Annotated[str, typer.Argument(help="The game, by id: one whose hooks score sheets.")],
    count: Annotated[int | None, typer.Option(
        help="Number of sheets. Default: a pad as in the box (50 for Dice Trip).",
        show_default=False)] = None,
    per_page: Annotated[int | None, typer.Option(
        "--per-page", help="2: two A5 sheets on each A4/Letter page, with a cut line; "
        "1: one sheet filling the page. Default: 2 where two fit (A4, Letter and larger), "
        "else 1.", show_default=False)] = None,
    names: Annotated[str, typer.Option(help="Names printed on the sheets in turn, "
                                       "e.g. 'Ann,Ben'.")] = "",
    map_name: Annotated[str | None, typer.Option(
        "--map", help="A shipped map (germany, france) or your own map file.",
        show_default=False)] = None,
    lang: Annotated[str, typer.Option(help="Language of the sheet: en or de.")] = "en",
    paper: Annotated[str, typer.Option(help=PAPER_HELP)] = "a4",
    out: Annotated[Path | None, typer.Option(
        parser=out_path, metavar="FILE",
        help="The PDF to write. Default: output/<game>/sheets-<map>.pdf.",
        show_default=False)] = None,
    preview: Annotated[Path | None, typer.Option(
        parser=out_path, metavar="FILE.png",
        help="Draw one sheet as a PNG picture instead of the pad, even when the map has "
        "problems: each is boxed in red and listed (exit 1 if any). For your own map.",
        show_default=False)] = None,
    content: ContentOpt = None,
) -> None:
    """Print a pad of score sheets (the map is stored once, however many sheets)."""
    if per_page not in (None, 1, 2):
        usage_error(f"--per-page must be 1 or 2 (got {per_page})")
    text_option("--names", names)
    if count is not None and not 1 <= count <= 5000:
        usage_error(f"--count must be 1-5000 (got {count})")
    paper = paper_name(paper)
    from pnp.layout.options import BuildOptions
    from pnp.load.content import content_root, resolve_games, shipped_dir
    from pnp.pipeline.sheets import make_pad, name_problem

    players = [n.strip() for n in names.split(",") if n.strip()]
    for name in players:  # refused here, at the option, not in pnp's template or game.yaml
        if wrong := name_problem(name):
            shown = name if len(name) <= 60 else name[:59] + "…"
            usage_error(f"--names: {shown!r}: {wrong}")
    try:
        root = content_root(content)
        (gid,) = resolve_games(root, [game])
        check_lang(root, gid, lang)
        target = out or Path("output") / gid / f"sheets-{Path(map_name or 'default').stem}.pdf"
        result = make_pad(root, shipped_dir("templates"), gid, target,
                          BuildOptions(paper=paper, lang=lang), count or 0, per_page,
                          players, map_name, preview=preview is not None)
        if preview is not None:
            from pnp.export.preview import write_preview

            write_preview(result.pdf, preview)
    except PnpError as exc:
        fail(exc, "no sheets were written" if preview is None else "no preview was drawn")
    if preview is not None:
        _previewed(preview, result.warnings, gid)
        return
    warn(result.warnings, gid)
    say(f"{result.path}: {result.sheets} sheet{'s' * (result.sheets != 1)} on "
         f"{result.pages} page{'s' * (result.pages != 1)} ({result.size // 1024} KiB)")


@app.command()
def score(
    game: Annotated[str, typer.Argument(help="The game, by id: one whose hooks score sheets.")],
    filled: Annotated[Path, typer.Argument(help="The filled sheet as YAML: map (a shipped "
                                           "name, or your map file's path from the sheet's "
                                           "folder), cities (number or x), optional die, "
                                           "round, powers.")],
    fmt: Annotated[Format, typer.Option("--format", help="text or json.")] = Format.text,
    pdf: Annotated[Path | None, typer.Option(
        help="Also draw the filled sheet, numbers written in, into this PDF.",
        show_default=False)] = None,
    lang: Annotated[str, typer.Option(help="Language of the --pdf sheet.")] = "en",
    content: ContentOpt = None,
) -> None:
    """Check a filled score sheet against the rules and score it, line by line.

    Exit 0: scored; 1: the sheet breaks a rule; 2: unreadable file or wrong command."""
    fmt = Format(fmt).value
    from pnp.layout.options import BuildOptions
    from pnp.load.content import content_root, resolve_games, shipped_dir
    from pnp.pipeline.sheets import filled_pdf, score_file

    try:
        root = content_root(content)
        (gid,) = resolve_games(root, [game])
        result, problems, game_obj = score_file(root, gid, filled, drawn=pdf is not None)
        for line in problem_lines(problems, listed=False):  # score lists no more
            typer.echo(line, err=True)
        if result is None:
            errors = sum(1 for p in problems if p.severity == "error")
            typer.echo(f"{errors} error(s); the sheet was not scored", err=True)
            raise typer.Exit(EXIT_INVALID)
        if pdf is not None:
            check_lang(root, gid, lang)
            powers = [p for p in (filled_powers(filled) or []) if isinstance(p, str)]
            filled_pdf(game_obj, shipped_dir("templates"), result, powers, pdf,
                       BuildOptions(lang=lang))
    except PnpError as exc:
        fail(exc, "the sheet was not scored")
    if fmt == "json":
        typer.echo(to_json(result.as_dict(), indent=2, ensure_ascii=False))
    else:
        typer.echo(_score_text(result))
    if pdf is not None and not QUIET["on"]:
        typer.echo(f"{pdf}: the filled sheet", err=fmt == "json")




def _previewed(path: Path, problems: list, gid: str) -> None:
    """A preview's problems (each boxed in red on it), then exit 1 if any is an error."""
    errors = sum(1 for p in problems if p.severity == "error")
    warn(problems, gid)
    say(f"{path}: one sheet, {errors} error(s) boxed in red" if errors
        else f"{path}: one sheet, no problems")
    if errors:
        raise typer.Exit(EXIT_INVALID)


def filled_powers(path: Path) -> list[object]:
    from pnp.load.source import read_yaml

    data = read_yaml(path).data
    return list(data.get("powers") or []) if isinstance(data, dict) else []


def _score_text(result: object) -> str:
    r = result.as_dict()  # type: ignore[attr-defined]
    s, d = r["scores"], r["details"]
    def cities(items: list[dict[str, object]]) -> str:
        return " → ".join(f"{i['city']} {i['number']}" for i in items)
    lines = [f"Dice Trip score{' for ' + r['name'] if r['name'] else ''} (map: {r['map']})",
             f"  bonus cities      {s['bonus']:>4}   {len(d['doubles'])} double(s), "
             f"{len(d['matching_dice'])} matching die colour(s)",
             f"  crossed out       {s['crossed']:>4}   {', '.join(d['crossed_out']) or 'none'}",
             f"  longest road      {s['road']:>4}   {len(d['road'])} cities: {cities(d['road'])}",
             f"  consecutive       {s['series']:>4}   {len(d['series'])} cities: "
             f"{cities(d['series'])}",
             f"  clean zones       {s['zones']:>4}   {', '.join(d['clean_zones']) or 'none'}",
             f"  tens variant      {s['tens']:>4}   {d['tens']}",
             f"  total             {s['total']:>4}",
             "Readings where the rules leave it open:"]
    lines += [f"  - {reading}" for reading in r["readings"]]
    return "\n".join(lines)
