"""The `pnp` command line. The only module that prints or exits."""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from .errors import EXIT_INVALID, EXIT_UNREADABLE, PnpError, Problem, ProblemsFound

app = typer.Typer(
    add_completion=True,  # --install-completion / --show-completion for bash, zsh, fish
    no_args_is_help=True,
    rich_markup_mode=None,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="pnp turns board-game content (YAML) into print-ready PDFs: cards, tiles, tokens "
         "and sheets, with bleed, crop marks and duplex backs, on A4, US Letter and other "
         "papers. Problems go to stderr, results to stdout.",
)
QUIET = {"on": False}  # -q: results only, no file lists or summaries


class Flip(StrEnum):
    long = "long"
    short = "short"


class Format(StrEnum):
    text = "text"
    json = "json"


def _version(value: bool) -> None:
    if value:
        from . import __version__

        typer.echo(f"pnp {__version__}")
        raise typer.Exit(0)


@app.callback()
def _options(
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Print pnp's version and exit.")] = False,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Print only what a command must: errors on stderr, and "
        "the JSON or score you asked for.")] = False,
) -> None:
    """pnp turns board-game content (YAML) into print-ready PDFs."""
    QUIET["on"] = quiet


def _json(value: object, **options: object) -> str:
    """JSON text, json imported only for --format json: --help stays fast."""
    import json

    return json.dumps(value, **options)  # type: ignore[arg-type]


def _say(text: str) -> None:
    """A result line for people: left out with -q."""
    if not QUIET["on"]:
        typer.echo(text)

ContentOpt = Annotated[Path | None, typer.Option(
    "--content", help="Folder of game folders. Default: ./content if present, else the "
                      "content shipped with pnp.", show_default=False)]
GamesArg = Annotated[list[str] | None, typer.Argument(
    help="Games to use (e.g. temple-of-doom). None: every game.", show_default=False)]
CustomOpt = Annotated[list[Path] | None, typer.Option(
    "--custom", help="Extra YAML file of your own items, e.g. custom cards "
                     "('cards: [...]'): added to the game, each checked on its own; the "
                     "rules' counts apply to the shipped content. Repeatable.",
    show_default=False)]
ReplaceOpt = Annotated[list[str] | None, typer.Option(
    "--replace", help="Print the next custom item in place of this shipped card (its id), "
                      "so the game keeps its counts; or write 'replaces: ID' in the custom "
                      "file. Repeatable, one per custom item.", show_default=False)]


def _fail(exc: PnpError, outcome: str = "nothing was built") -> None:
    if isinstance(exc, ProblemsFound):
        for p in exc.problems:
            typer.echo(p.format(), err=True)
        errors = sum(1 for p in exc.problems if p.severity == "error")
        typer.echo(f"{errors} error(s); {outcome}", err=True)
    else:
        typer.echo(f"error: {exc.format()}", err=True)
    raise typer.Exit(exc.exit_code)


def _warn(warnings: list[Problem], game: str) -> None:
    """Warnings on stderr; the known gaps a later issue closes, in one line (pnp validate
    lists them)."""
    gaps = [w for w in warnings if w.gap]
    for w in warnings:
        if not w.gap:
            typer.echo(w.format(), err=True)
    if gaps:
        issues = sorted({w.gap.split(":", 1)[0] for w in gaps if w.gap})
        typer.echo(f"{game}: {len(gaps)} known gap(s) to be closed by {', '.join(issues)} "
                   f"(pnp validate {game} lists them)", err=True)


def _text_option(option: str, value: str | None) -> None:
    """Text printed on the pages must be text: bytes the terminal could not decode as
    UTF-8 arrive as lone surrogates, which no PDF can hold."""
    if value and any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        _usage(f"{option}: not valid text (it holds bytes that are not UTF-8)")


def _usage(message: str) -> None:
    typer.echo(f"error: {message}", err=True)
    raise typer.Exit(EXIT_UNREADABLE)


def _parse_offset(text: str) -> tuple[float, float]:
    import math

    from .units import MM

    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (float(p.strip().removesuffix("mm")) for p in parts)
        if not (math.isfinite(x) and math.isfinite(y)):
            raise ValueError
    except ValueError:
        _usage(f"--back-offset must be X,Y in mm, e.g. 1,-0.5 (got {text!r})")
    if abs(x) > 20 or abs(y) > 20:
        _usage(f"--back-offset of more than 20 mm is surely a mistake (got {text!r})")
    return x * MM, y * MM


@app.command("list")
def list_games(
    fmt: Annotated[Format, typer.Option("--format", help="text or json.")] = Format.text,
    content: ContentOpt = None,
) -> None:
    """List the games and their components, with item counts."""
    from .content import content_root, game_ids, load_game

    fmt = Format(fmt).value
    listed: list[dict[str, object]] = []
    try:
        root = content_root(content)
        for gid in game_ids(root):
            problems: list[Problem] = []
            game = load_game(root / gid, problems)
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
                what = f"{c['count']:>4} {c['unit']}"
                typer.echo(f"  {c['id']:<12} {c['kind']:<6} {what}{size}  {c['about']}")
    except PnpError as exc:
        _fail(exc)
    if fmt == "json":
        typer.echo(_json({"games": listed}, indent=2, ensure_ascii=False))


def _listed(game: object, comp: object) -> dict[str, object]:
    """One component as `pnp list` shows it: how many of what, its size and what it is."""
    spec = comp.spec  # type: ignore[attr-defined]
    kind = spec.kind
    if kind == "sheet":
        count, unit = 1, "page"
    elif kind == "pad":
        count, unit = game.spec.data.get("pad_sheets", 1), "sheets"  # type: ignore[attr-defined]
    elif kind == "board":
        count, unit = 1, "board"
    else:
        count = len(comp.shipped())  # type: ignore[attr-defined]
        unit = "item" if count == 1 else "items"
    return {"id": comp.id, "kind": kind, "count": count, "unit": unit,  # type: ignore[attr-defined]
            "size": spec.size, "about": spec.description or spec.title}


@app.command()
def new(
    name: Annotated[str, typer.Argument(help="The new game's id, e.g. my-game: lowercase "
                                        "letters, digits and hyphens.")],
    content: Annotated[Path | None, typer.Option(
        "--content", help="Folder of game folders to create it in. Default: ./content "
        "(created if needed).", show_default=False)] = None,
) -> None:
    """Start a new game: a folder with one deck of 6 cards, its front and back templates
    and an expectation, which validates and builds as it is."""
    from .newgame import create

    try:
        folder = create(content or Path("content"), name)
    except PnpError as exc:
        _fail(exc, "nothing was created")
    option = f" --content {folder.parent}" if content else ""
    _say(f"{folder}: game.yaml, cards.yaml, templates/card-front.svg.j2, "
         f"templates/card-back.svg.j2")
    _say(f"next: pnp validate {name}{option} && pnp build {name}{option}")


class PageLayout(StrEnum):
    duplex = "duplex"
    gutter_fold = "gutter-fold"


PAPER_HELP = ("Paper: a4, letter, a3, a5, legal, tabloid, any reportlab page size name "
              "(A0-A10, B0-B10, C0-C10, halfletter, juniorlegal, ledger ...) or WxH "
              "(210x297mm, 8.5x11in); add -landscape to feed it landscape (a3-landscape).")


def _paper(text: str) -> str:
    """--paper as pnp names it (a3, legal-landscape, 210x297mm); else a usage error."""
    from .paper import parse_paper

    try:
        return parse_paper(text).name
    except ValueError as exc:
        _usage(f"--paper: {exc}")
    return text  # not reached: _usage exits


@app.command()
def watch(
    game: Annotated[str, typer.Argument(help="The game to watch, e.g. temple-trip.")],
    custom: CustomOpt = None,
    out: Annotated[Path, typer.Option("--out", help="Output folder: PDFs in OUT/<game>/, "
                                      "previews in OUT/<game>/preview/.")] = Path("output"),
    lang: Annotated[str | None, typer.Option(help="Language of printed text.",
                                             show_default=False)] = None,
    dpi: Annotated[int, typer.Option(help="Resolution of the PNG previews.")] = 100,
    once: Annotated[bool, typer.Option("--once", help="One pass, then exit (for "
                                       "scripts).")] = False,
    content: ContentOpt = None,
) -> None:
    """Rebuild on every save of the game's content, templates or custom files: the
    faces that changed are drawn to PNG previews at once, then the game is checked and
    built as `pnp build` does, with its problems on stderr. Ctrl-C stops."""
    import time

    from .content import content_root, resolve_games, shipped_dir
    from .options import BuildOptions
    from .watch import Round, Session, watched_files
    from .watch import watch as loop

    if not 36 <= dpi <= 600:
        _usage(f"--dpi must be between 36 and 600 (got {dpi})")
    try:
        root = content_root(content)
        gid = resolve_games(root, [game])[0]
    except PnpError as exc:
        _fail(exc, "nothing was watched")
    templates = shipped_dir("templates")
    session = Session(root / gid, templates, out, BuildOptions(lang=lang), custom or [], dpi)

    def report(result: Round) -> None:
        clock = time.strftime("%H:%M:%S")
        for p in result.problems:
            typer.echo(p.format(), err=True)
        if result.failed:
            typer.echo(f"{clock} {gid}: {result.failed}", err=True)
        for path in result.refreshed[:20]:
            _say(f"{clock} {path}")
        if len(result.refreshed) > 20:
            _say(f"{clock} ... and {len(result.refreshed) - 20} more previews")
        if not result.failed:
            _say(f"{clock} {gid}: {len(result.refreshed)} preview(s) in "
                 f"{result.preview_seconds:.2f} s; built in {result.seconds:.2f} s: "
                 + "; ".join(result.built))
        if not once:
            _say(f"{clock} watching {root / gid} (Ctrl-C stops)")

    try:
        if once:
            result = session.run()
            report(result)
            raise typer.Exit(result.code)
        loop(session, lambda: watched_files(root / gid, templates, gid, custom or []),
             report, lambda: False)
    except KeyboardInterrupt:
        typer.echo("stopped", err=True)
        raise typer.Exit(0) from None


@app.command()
def build(
    games: GamesArg = None,
    out: Annotated[Path, typer.Option("--out", help="Output folder; files go to "
                                      "OUT/<game>/.")] = Path("output"),
    paper: Annotated[str, typer.Option(help=PAPER_HELP)] = "a4",
    layout: Annotated[PageLayout, typer.Option(
        help="duplex: fronts and backs on two sides of a sheet (see --duplex, --flip); "
        "gutter-fold: a deck's fronts and backs side by side on one side, to fold on the "
        "dashed line, glue and cut (no duplex printer needed).")] = PageLayout.duplex,
    bleed: Annotated[str, typer.Option(help="Art beyond the cut line, e.g. 3mm, 0.125in, "
                                       "0 for none.")] = "3mm",
    crop_marks: Annotated[bool, typer.Option("--crop-marks/--no-crop-marks",
                                             help="Draw crop marks in the margins.")] = True,
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
             "game's first language if it has no English.", show_default=False)] = None,
    overlap: Annotated[str, typer.Option(
        help="Boards larger than the paper: the strip neighbouring pages share.")] = "10mm",
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
    """Build print-ready PDFs and a manifest.json into OUT/<game>/."""
    fmt = Format(fmt).value
    from .units import MM, parse_length

    paper = _paper(paper)
    try:
        bleed_pt = parse_length(bleed) if bleed.strip() != "0" else 0.0
    except ValueError as exc:
        _usage(f"--bleed: {exc}")
    if not 0 <= bleed_pt <= 10 * MM:
        _usage(f"--bleed must be between 0 and 10mm (got {bleed})")
    offset = _parse_offset(back_offset)
    try:
        overlap_pt = parse_length(overlap)
    except ValueError as exc:
        _usage(f"--overlap: {exc}")
    if not 0 <= overlap_pt <= 50 * MM:
        _usage(f"--overlap must be between 0 and 50mm (got {overlap})")

    from .build import write_game
    from .content import content_root, resolve_games, shipped_dir
    from .options import BuildOptions
    from .parallel import Job, prepare_all

    opts = BuildOptions(paper=paper, bleed=bleed_pt, crop_marks=crop_marks, duplex=duplex,
                        flip=Flip(flip).value, back_offset=offset, lang=lang,
                        overlap=overlap_pt, layout=PageLayout(layout).value,
                        ink_saver=ink_saver)
    try:
        root = content_root(content)
        names = resolve_games(root, games or [])
        if (custom or replace) and len(names) != 1:
            _usage("--custom and --replace need exactly one GAME")
        status = None
        if sys.stderr.isatty():  # progress on a terminal only; quiet in pipes and CI
            from rich.console import Console

            status = Console(stderr=True).status("building")
            status.start()
        jobs = [Job(root / gid, shipped_dir("templates"), opts, tuple(custom or ()),
                    tuple(replace or ())) for gid in names]
        try:  # every game checked and rendered before any is written
            outcomes = prepare_all(
                jobs, progress=(lambda m: status.update(f"building {m}")) if status else None)
        finally:
            if status:
                status.stop()
        rendered = [o for o in outcomes if not isinstance(o, PnpError)]
        failures = [o for o in outcomes if isinstance(o, PnpError)]
        if len(failures) == 1:
            _fail(failures[0])
        if failures:  # several games: every game's problems, then the worst exit code
            for exc in failures:
                lines = [p.format() for p in exc.problems] if isinstance(
                    exc, ProblemsFound) else [f"error: {exc.format()}"]
                typer.echo("\n".join(lines), err=True)
            typer.echo(f"{len(failures)} game(s) failed; nothing was built", err=True)
            raise typer.Exit(max(e.exit_code for e in failures))
        written: list[str] = []
        built: list[dict[str, object]] = []
        for done in rendered:
            try:
                result = write_game(done, out)
            except PnpError as exc:
                if written:
                    typer.echo(f"written: {', '.join(written)}; {done.game_id} and the games "
                               "after it were not written", err=True)
                _fail(exc, "nothing more was written")
            written.append(done.game_id)
            _warn(result.warnings, result.game)
            built.append({"game": result.game, "folder": str(result.out_dir),
                          "files": result.files})
            if fmt == "json":
                continue
            for f in result.files:
                items, pages = int(f["items"]), int(f["pages"])  # type: ignore[call-overload]
                also = "".join(f" + {g['items']} {g['component']}"
                               for g in f.get("with", []))  # type: ignore[attr-defined]
                _say(f"{result.out_dir / str(f['path'])}: {items} item"
                     f"{'s' * (items != 1)}{also}, {pages} page{'s' * (pages != 1)}")
            _say(f"{result.out_dir / 'manifest.json'}")
    except PnpError as exc:
        _fail(exc)
    if fmt == "json":
        typer.echo(_json({"built": built}, indent=2, ensure_ascii=False))


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
        show_default=False)] = None,
    paper: Annotated[list[str] | None, typer.Option(
        help="Paper the pages are laid out and checked on; repeat it for several. "
        "Default: a4 and letter. " + PAPER_HELP, show_default=False)] = None,
    map_name: Annotated[str | None, typer.Option(
        "--map", help="Dice Trip: check this map (a shipped name or your own file) instead "
        "of every shipped map.", show_default=False)] = None,
    content: ContentOpt = None,
) -> None:
    """Check content against its schema and the rules' counts, then build every page in
    memory and preflight it (everything `build` does but writing); one line per problem.

    Exit 0: valid; 1: problems found; 2: a file cannot be read or the command is wrong."""
    from .units import PAPERS

    fmt = Format(fmt).value
    papers = list(dict.fromkeys(_paper(p) for p in paper)) if paper else list(PAPERS)
    from .content import content_root, resolve_games
    from .validation import validate_game

    reports = []
    try:
        root = content_root(content)
        names = resolve_games(root, games or [])
        if (custom or replace or rules_doc or map_name) and len(names) != 1:
            _usage("--custom, --replace, --rules-doc and --map need exactly one GAME")
        for gid in names:
            reports.append(validate_game(root / gid, custom or [], rules_doc, lang, papers,
                                         map_name, replace or []))
    except PnpError as exc:
        _fail(exc)
    if fmt == "json":
        typer.echo(_json({"games": [r.as_dict() for r in reports]}, indent=2,
                              ensure_ascii=False))
    else:
        for r in reports:
            for p in r.problems:
                typer.echo(p.format(), err=True)
            _say("\n".join(r.summary_lines()))
    raise typer.Exit(EXIT_INVALID if any(not r.ok for r in reports) else 0)


@app.command()
def sheets(
    game: Annotated[str, typer.Argument(help="The game, e.g. dice-trip.")],
    count: Annotated[int | None, typer.Option(
        help="Number of sheets. Default: a pad as in the box (50 for Dice Trip).",
        show_default=False)] = None,
    per_page: Annotated[int, typer.Option(
        "--per-page", help="2: two A5 sheets on each A4/Letter page, with a cut line; "
        "1: one sheet filling the page.")] = 2,
    names: Annotated[str, typer.Option(help="Names printed on the sheets in turn, "
                                       "e.g. 'Ann,Ben'.")] = "",
    map_name: Annotated[str | None, typer.Option(
        "--map", help="A shipped map (germany, france) or your own map file.",
        show_default=False)] = None,
    lang: Annotated[str, typer.Option(help="Language of the sheet: en or de.")] = "en",
    paper: Annotated[str, typer.Option(help=PAPER_HELP)] = "a4",
    out: Annotated[Path | None, typer.Option(
        help="The PDF to write. Default: output/<game>/sheets-<map>.pdf.",
        show_default=False)] = None,
    content: ContentOpt = None,
) -> None:
    """Print a pad of score sheets (the map is stored once, however many sheets)."""
    if per_page not in (1, 2):
        _usage(f"--per-page must be 1 or 2 (got {per_page})")
    _text_option("--names", names)
    if count is not None and not 1 <= count <= 5000:
        _usage(f"--count must be 1-5000 (got {count})")
    paper = _paper(paper)
    from .content import content_root, resolve_games, shipped_dir
    from .options import BuildOptions
    from .scoresheets import make_pad

    try:
        root = content_root(content)
        (gid,) = resolve_games(root, [game])
        _check_lang(root, gid, lang)
        target = out or Path("output") / gid / f"sheets-{Path(map_name or 'default').stem}.pdf"
        result = make_pad(root, shipped_dir("templates"), gid, target,
                          BuildOptions(paper=paper, lang=lang), count or 0, per_page,
                          [n.strip() for n in names.split(",") if n.strip()], map_name)
    except PnpError as exc:
        _fail(exc, "no sheets were written")
    _warn(result.warnings, gid)
    _say(f"{result.path}: {result.sheets} sheet{'s' * (result.sheets != 1)} on "
         f"{result.pages} page{'s' * (result.pages != 1)} ({result.size // 1024} KiB)")


@app.command()
def score(
    game: Annotated[str, typer.Argument(help="The game, e.g. dice-trip.")],
    filled: Annotated[Path, typer.Argument(help="The filled sheet as YAML: map, cities "
                                           "(number or x), optional die, round, powers.")],
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
    from .content import content_root, resolve_games, shipped_dir
    from .options import BuildOptions
    from .scoresheets import filled_pdf, score_file

    try:
        root = content_root(content)
        (gid,) = resolve_games(root, [game])
        result, problems, game_obj = score_file(root, gid, filled)
        for p in problems:
            typer.echo(p.format(), err=True)
        if result is None:
            errors = sum(1 for p in problems if p.severity == "error")
            typer.echo(f"{errors} error(s); the sheet was not scored", err=True)
            raise typer.Exit(EXIT_INVALID)
        if pdf is not None:
            _check_lang(root, gid, lang)
            powers = [p for p in (filled_powers(filled) or []) if isinstance(p, str)]
            filled_pdf(game_obj, shipped_dir("templates"), result, powers, pdf,
                       BuildOptions(lang=lang))
    except PnpError as exc:
        _fail(exc, "the sheet was not scored")
    if fmt == "json":
        typer.echo(_json(result.as_dict(), indent=2, ensure_ascii=False))
    else:
        typer.echo(_score_text(result))
    if pdf is not None and not QUIET["on"]:
        typer.echo(f"{pdf}: the filled sheet", err=fmt == "json")


@app.command()
def export(
    game: Annotated[str, typer.Argument(help="The game, e.g. temple-of-doom.")],
    fmt: Annotated[str, typer.Option(
        "--format", help="png: one PNG per item face (fronts and backs), board and sheet; "
        "tts: Tabletop Simulator deck sheets, images and a saved-object JSON; print-shop: "
        "one PDF per deck, one face per page at trim + 1/8 in bleed, front and back of each "
        "card in turn.", show_default=False)],
    dpi: Annotated[int, typer.Option(help="Pixels per inch of the PNGs and Tabletop "
                                     "Simulator images (36-1200).")] = 300,
    bleed: Annotated[bool, typer.Option(
        "--bleed/--no-bleed", help="PNGs: the trim plus 1/8 in bleed (boards: 3 mm), or "
        "the trim alone.")] = True,
    out: Annotated[Path, typer.Option(
        "--out", help="Output folder; files go to OUT/<game>/<format>/. Keep it apart from "
        "pnp build's: a build replaces OUT/<game>/ whole.")] = Path("output/export"),
    paper: Annotated[str, typer.Option(
        help="Sheets (setup guides, score sheets) are drawn on this paper; cards, tiles, "
        "tokens and boards ignore it.")] = "a4",
    lang: Annotated[str | None, typer.Option(
        help="Language of the texts. Default: English, or the game's first language.",
        show_default=False)] = None,
    custom: CustomOpt = None,
    replace: ReplaceOpt = None,
    content: ContentOpt = None,
) -> None:
    """Export a game for print shops (PNGs, one PDF per deck) or Tabletop Simulator, into
    OUT/<game>/<format>/ with a manifest.json. The game is checked as pnp build checks it.

    Exit 0: written; 1: invalid content; 2: unreadable file or wrong command."""
    from .export import FORMATS, MAX_DPI, MIN_DPI, ExportOptions, export_game

    if fmt not in FORMATS:
        _usage(f"--format must be one of {', '.join(FORMATS)} (got {fmt!r})")
    if not MIN_DPI <= dpi <= MAX_DPI:
        _usage(f"--dpi must be between {MIN_DPI} and {MAX_DPI} (got {dpi})")
    paper = _paper(paper)
    from .content import content_root, resolve_games, shipped_dir

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
                root / gid, shipped_dir("templates"), out,
                ExportOptions(fmt=fmt, dpi=dpi, bleed=bleed, paper=paper, lang=lang),
                custom or [], replace or [],
                (lambda m: status.update(f"exporting {m}")) if status else None)
        finally:
            if status:
                status.stop()
    except PnpError as exc:
        _fail(exc, "nothing was exported")
    _warn(result.warnings, gid)
    for line in result.lines:
        _say(f"{result.folder}/{line}" if line.split(":")[0].endswith((".pdf", ".json"))
             else f"{result.folder}: {line}")
    _say(f"{result.folder / 'manifest.json'}")


def filled_powers(path: Path) -> list[object]:
    from .load import read_yaml

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


def _check_lang(root: Path, gid: str, lang: str) -> None:
    from .load import read_yaml

    data = read_yaml(root / gid / "game.yaml").data
    langs = data.get("languages", ["en"]) if isinstance(data, dict) else ["en"]
    if lang not in langs:
        _usage(f"--lang {lang}: {gid} is available in {', '.join(map(str, langs))}")


EXIT_INTERNAL = 70  # a bug in pnp (sysexits' EX_SOFTWARE): the one time to report it
EXIT_INTERRUPTED = 130  # Ctrl-C
EXIT_PIPE = 141  # the reader of our output went away (128 + SIGPIPE)
GC_THRESHOLDS = (50_000, 50, 100)  # Python's defaults: (700, 10, 10)


def main() -> None:
    """Console entry: exit codes 0 ok, 1 invalid content, 2 unreadable input or wrong
    usage, 70 a bug in pnp, 130 interrupted; no traceback reaches the user (PNP_DEBUG=1
    shows it), and a closed pipe ends the command quietly."""
    import gc
    import os
    import signal

    # A build allocates millions of short-lived objects beside a few long-lived ones (the
    # content, the fonts); at Python's default thresholds the cyclic collector re-scans
    # those ~1,500 times for 10,000 cards (13 % of the run) and finds next to nothing.
    gc.set_threshold(*GC_THRESHOLDS)
    if hasattr(signal, "SIGPIPE"):  # `pnp list | head -1`: end quietly, as Unix tools do
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    try:
        code = app(standalone_mode=False)
        code = code if isinstance(code, int) else 0
    except typer.Exit as exc:
        code = exc.exit_code
    except (typer.Abort, KeyboardInterrupt):
        code = EXIT_INTERRUPTED
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(EXIT_PIPE)
    except Exception as exc:
        if callable(getattr(exc, "show", None)) and isinstance(getattr(exc, "exit_code", None),
                                                                int):
            exc.show()  # the command-line parser's own message: wrong usage
            sys.exit(EXIT_UNREADABLE)
        if os.environ.get("PNP_DEBUG"):  # a bug in pnp
            raise
        typer.echo(f"error: internal error {type(exc).__name__}: {str(exc)[:200]} (a bug in "
                   "pnp: please report it with the command you ran; PNP_DEBUG=1 shows the "
                   "traceback)", err=True)
        sys.exit(EXIT_INTERNAL)
    if code == EXIT_INTERRUPTED:  # typer turns Ctrl-C into exit 130
        typer.echo("interrupted; earlier output is left as it was", err=True)
    _end(code)


def _end(code: int) -> None:
    """Leave without tearing the interpreter down: freeing every object a large build
    made takes ~60 ms and does nothing for the user. What was printed is flushed first;
    every file pnp writes is closed (and renamed into place) before this point."""
    import os

    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):  # a closed pipe: the usual exit reports it
        sys.exit(code)
    os._exit(code)
