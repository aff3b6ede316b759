"""`pnp build`, `pnp validate` and `pnp watch`: the commands that run a game through
the whole pipeline (load, check, render, preflight) and write or report it."""

import sys
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from pnp.base.errors import EXIT_INVALID, PnpError, ProblemsFound
from pnp.cli import cached
from pnp.cli.common import (
    PAPER_HELP,
    ContentOpt,
    CustomOpt,
    Flip,
    Format,
    GamesArg,
    OwnBleedOpt,
    PageLayout,
    ReplaceOpt,
    app,
    clip,
    complete_games,
    complete_langs,
    complete_papers,
    fail,
    length_option,
    out_path,
    paper_name,
    parse_offset,
    problem_lines,
    say,
    to_json,
    usage_error,
    warn,
)
from pnp.cli.watching import DpiOpt, PreviewLangOpt, PreviewOutOpt, watch_session


@app.command()
def watch(
    game: Annotated[str, typer.Argument(help="The game to watch, by id (`pnp list` shows them).",
                                        autocompletion=complete_games)],
    custom: CustomOpt = None,
    out: PreviewOutOpt = Path("output"),
    lang: PreviewLangOpt = None,
    dpi: DpiOpt = 100,
    once: Annotated[bool, typer.Option("--once", help="One pass, then exit (for "
                                       "scripts).")] = False,
    content: ContentOpt = None,
) -> None:
    """Rebuild on every save of the game's content, templates or custom files: the
    faces that changed are drawn to PNG previews at once, then the game is checked and
    built as `pnp build` does, with its problems on stderr. Ctrl-C stops."""
    import time

    from pnp.watch import Round, watched_files
    from pnp.watch import watch as loop

    gid, session = watch_session(game, content, out, lang, custom, dpi, "watched")
    folder, templates = session.folder, session.templates_root

    def report(result: Round) -> None:
        clock = time.strftime("%H:%M:%S")
        for line in problem_lines(result.problems, gid):
            typer.echo(line, err=True)
        if result.failed:
            typer.echo(clip(f"{clock} {gid}: {result.failed}"), err=True)
        for path in result.refreshed[:20]:
            say(f"{clock} {path}")
        if len(result.refreshed) > 20:
            say(f"{clock} ... and {len(result.refreshed) - 20} more previews")
        if not result.failed:
            say(f"{clock} {gid}: {len(result.refreshed)} preview(s) in "
                 f"{result.preview_seconds:.2f} s; built in {result.seconds:.2f} s: "
                 + "; ".join(result.built))
        if not once:
            say(f"{clock} watching {folder} (Ctrl-C stops)")

    try:
        if once:
            result = session.run()
            report(result)
            raise typer.Exit(result.code)
        loop(session, lambda: watched_files(folder, templates, gid, custom or []),
             report, lambda: False)
    except KeyboardInterrupt:
        typer.echo("stopped", err=True)
        raise typer.Exit(0) from None


@app.command()
@cached.recorded
def build(
    games: GamesArg = None,
    out: Annotated[Path, typer.Option(
        "--out", parser=out_path, metavar="DIR", help="Output folder; files go to "
        "OUT/<game>/ (a folder pnp wrote: pnp never replaces other files).")] = Path("output"),
    paper: Annotated[str, typer.Option(help=PAPER_HELP,
                                       autocompletion=complete_papers)] = "a4",
    layout: Annotated[PageLayout, typer.Option(
        help="duplex: fronts and backs on two sides of a sheet (see --duplex, --flip); "
        "gutter-fold: a deck's fronts and backs side by side on one side, to fold on the "
        "dashed line, glue and cut (no duplex printer needed).")] = PageLayout.duplex,
    bleed: Annotated[str, typer.Option(help="Art beyond the cut line, e.g. 3mm, 0.125in, "
                                       "0 for none.")] = "3mm",
    crop_marks: Annotated[bool, typer.Option("--crop-marks/--no-crop-marks",
                                             help="Draw crop marks in the margins.")] = True,
    own_bleed: OwnBleedOpt = False,
    duplex: Annotated[bool, typer.Option(
        "--duplex/--no-duplex", help="Duplex: each fronts page is followed by its backs "
        "page. --no-duplex puts all backs pages at the end.")] = True,
    flip: Annotated[Flip, typer.Option(help="How your printer turns the sheet for the "
                                      "second side: long (edge) or short.")] = "long",
    back_offset: Annotated[str, typer.Option(
        "--back-offset", help="Shift backs by X,Y mm (X to the right, Y up, as seen on the "
        "backs page) to correct a printer's misregistration, e.g. 1,-0.5.")] = "0,0",
    lang: Annotated[str | None, typer.Option(
        help="Language of printed text, e.g. en, de or fr. Default: English, or the "
             "game's first language if it has no English.", show_default=False,
        autocompletion=complete_langs)] = None,
    overlap: Annotated[str, typer.Option(
        help="Boards larger than the paper: the strip neighbouring pages share, 5mm to "
        "50mm.")] = "10mm",
    ink_saver: Annotated[bool, typer.Option(
        "--ink-saver", help="Print large fills (card backgrounds, frames, zones) as light "
        "tints and light text on them dark; symbols, marks and every printed cue keep "
        "their colours, and preflight checks the result.")] = False,
    fmt: Annotated[Format, typer.Option(
        "--format", help="text: a line per file; json: the manifests of what was "
        "written, on stdout.")] = Format.text,
    custom: CustomOpt = None,
    replace: ReplaceOpt = None,
    content: ContentOpt = None,
) -> None:
    """Build print-ready PDFs and a manifest.json into OUT/<game>/. The same build again,
    nothing changed, prints what it printed at once (PNP_CACHE=0 turns the cache off)."""
    fmt, paper = Format(fmt).value, paper_name(paper)
    from pnp.layout.options import OVERLAP_MM, BuildOptions
    from pnp.layout.paper import display

    bleed_pt = length_option("--bleed", bleed, least_mm=0, most_mm=10)
    offset = parse_offset(back_offset)
    overlap_pt = length_option("--overlap", overlap, *OVERLAP_MM)
    from pnp.load.content import content_root, game_folder, resolve_games, shipped_dir
    from pnp.pipeline.build import write_game
    from pnp.pipeline.jobs import Job, prepare_all

    opts = BuildOptions(paper=paper, bleed=bleed_pt, crop_marks=crop_marks, duplex=duplex,
                        flip=Flip(flip).value, back_offset=offset, lang=lang, overlap=overlap_pt,
                        layout=PageLayout(layout).value, ink_saver=ink_saver, own_bleed=own_bleed)
    try:
        root = content_root(content)
        names = resolve_games(root, games or [])
        if (custom or replace) and len(names) != 1:
            usage_error("--custom and --replace need exactly one GAME")
        status = None
        if sys.stderr.isatty():  # progress on a terminal only; quiet in pipes and CI
            from rich.console import Console  # (not kept by the cache: cached.recorded)
            status = Console(file=getattr(sys.stderr, "unrecorded", None) or sys.stderr
                             ).status("building")
            status.start()
        jobs = [Job(game_folder(root, gid), shipped_dir("templates"), opts, tuple(custom or ()),
                    tuple(replace or ())) for gid in names]
        try:  # every game checked and rendered before any is written
            outcomes = prepare_all(
                jobs, progress=(lambda m: status.update(f"building {m}")) if status else None)
        finally:
            if status:
                status.stop()
        rendered = [o for o in outcomes if not isinstance(o, PnpError)]
        failures = [(gid, o) for gid, o in zip(names, outcomes, strict=True)
                    if isinstance(o, PnpError)]
        if failures and (games or len(names) == 1):  # games named: all or nothing
            if len(names) == 1:
                fail(failures[0][1], game=failures[0][0])
            report_failures(failures, "nothing was built")
        # every game of the content folder: the sound ones are built, the broken reported
        written: list[str] = []
        built: list[dict[str, object]] = []
        refused: list[str] = []  # components the paper cannot hold, printed last
        for done in rendered:
            try:
                result = write_game(done, out)
            except PnpError as exc:
                if written:
                    typer.echo(f"written: {', '.join(written)}; {done.game_id} and the games "
                               "after it were not written", err=True)
                fail(exc, "nothing more was written")
            written.append(done.game_id)
            warn(result.warnings, result.game)
            refused += [clip(p.format()) for p in result.refused]
            built.append({"game": result.game, "folder": str(result.out_dir), "files": result.files,
                          "refused": [p.as_dict() for p in result.refused]})
            if fmt == "json":
                continue
            for f in result.files:
                items, pages = int(f["items"]), int(f["pages"])  # type: ignore[call-overload]
                also = "".join(f" + {g['items']} {g['component']}"
                               for g in f.get("with", []))  # type: ignore[attr-defined]
                say(f"{result.out_dir / str(f['path'])}: {items} item"
                     f"{'s' * (items != 1)}{also}, {pages} page{'s' * (pages != 1)}")
            say(f"{result.out_dir / 'manifest.json'}")
    except PnpError as exc:
        fail(exc)
    if fmt == "json":
        typer.echo(to_json({"built": built}, indent=2, ensure_ascii=False))
    if refused:  # (pnp.layout.paper.Refused: one line each, then what was built)
        others = "; the others were" if any(b["files"] for b in built) else ""
        typer.echo("\n".join(refused) + f"\n{len(refused)} component(s) do not fit on "
                   f"{display(opts.sheet)} and were not built{others}", err=True)
    if failures:
        report_failures(failures, "the others were built" if built else "nothing was built")
    if refused:
        raise typer.Exit(EXIT_INVALID)


def report_failures(failures: list[tuple[str, PnpError]], outcome: str) -> NoReturn:
    """Every failed game's problems, then the worst exit code."""
    for gid, exc in failures:
        lines = problem_lines(exc.problems, gid) if isinstance(
            exc, ProblemsFound) else [clip(f"error: {exc.format()}")]
        typer.echo("\n".join(lines), err=True)
    typer.echo(f"{len(failures)} game(s) failed ({', '.join(g for g, _ in failures)}); "
               f"{outcome}", err=True)
    raise typer.Exit(max(e.exit_code for _, e in failures))


@app.command()
def validate(
    games: GamesArg = None,
    custom: CustomOpt = None,
    replace: ReplaceOpt = None,
    rules_doc: Annotated[Path | None, typer.Option(
        "--rules-doc", help="The game's rules document: each expectation's phrase and "
        "number must be found in it.", show_default=False)] = None,
    fmt: Annotated[Format, typer.Option("--format", help="text or json.")] = Format.text,
    lang: Annotated[str | None, typer.Option(
        help="Language whose texts are checked. Default: every language of the game.",
        show_default=False, autocompletion=complete_langs)] = None,
    paper: Annotated[list[str] | None, typer.Option(
        help="Paper the pages are laid out and checked on; repeat it for several. "
        "Default: a4 and letter. " + PAPER_HELP, show_default=False,
        autocompletion=complete_papers)] = None,
    map_name: Annotated[str | None, typer.Option(
        "--map", help="Dice Trip: check this map (a shipped name or your own file) instead "
        "of every shipped map.", show_default=False)] = None,
    content: ContentOpt = None,
) -> None:
    """Check content against its schema and the rules' counts, then build every page in
    memory and preflight it (everything `build` does but writing); one line per problem.

    Exit 0: valid; 1: problems found; 2: a file cannot be read or the command is wrong."""
    from pnp.base.units import PAPERS

    fmt = Format(fmt).value
    papers = list(dict.fromkeys(paper_name(p) for p in paper)) if paper else list(PAPERS)
    from pnp.load.content import content_root, game_folder, resolve_games
    from pnp.pipeline.validation import unreadable_report, validate_game

    reports = []
    unreadable: list[int] = []
    try:
        root = content_root(content)
        names = resolve_games(root, games or [])
        if (custom or replace or rules_doc or map_name) and len(names) != 1:
            usage_error("--custom, --replace, --rules-doc and --map need exactly one GAME")
        for gid in names:
            try:
                reports.append(validate_game(game_folder(root, gid), custom or [], rules_doc, lang,
                                             papers, map_name, replace or []))
            except PnpError as exc:
                if len(names) == 1:
                    raise
                unreadable.append(exc.exit_code)  # the other games are still checked
                reports.append(unreadable_report(gid, exc))
    except PnpError as exc:
        fail(exc)
    if fmt == "json":
        typer.echo(to_json({"games": [r.as_dict() for r in reports]}, indent=2, ensure_ascii=False))
    else:
        for r in reports:
            for line in problem_lines(r.problems, r.game):
                typer.echo(line, err=True)
            say("\n".join(r.summary_lines()))
    raise typer.Exit(max(unreadable + [EXIT_INVALID if any(not r.ok for r in reports) else 0]))
