"""What every pnp command shares: the typer app, its global options, the option types
several commands take, and the few ways a command speaks (results, problems, usage
errors). Only the pnp.cli package prints or exits."""

from collections.abc import Sequence
from enum import StrEnum
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from pnp.base.errors import EXIT_UNREADABLE, PnpError, Problem, ProblemsFound

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
        from pnp import __version__

        typer.echo(f"pnp {__version__}")
        raise typer.Exit(0)


@app.callback()
def _options(
    ctx: typer.Context,
    version: Annotated[bool, typer.Option(
        "--version", callback=_version, is_eager=True,
        help="Print pnp's version and exit.")] = False,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="Print only what a command must: errors on stderr, and "
        "the JSON or score you asked for.")] = False,
) -> None:
    """pnp turns board-game content (YAML) into print-ready PDFs."""
    from pnp.render import budget

    QUIET["on"] = quiet
    budget.start()  # one time budget for the command's templates (PNP_TEMPLATE_SECONDS)
    ctx.call_on_close(budget.stop)


def to_json(value: object, **options: object) -> str:
    """JSON text, json imported only for --format json: --help stays fast."""
    import json

    return json.dumps(value, **options)  # type: ignore[arg-type]


def say(text: str) -> None:
    """A result line for people: left out with -q."""
    if not QUIET["on"]:
        typer.echo(text)

def _content_root(ctx: typer.Context) -> Path:
    """The content folder of the command line being completed (--content if typed)."""
    from pnp.load.content import content_root

    typed = ctx.params.get("content")  # a string while the line is being completed
    return content_root(Path(typed) if typed else None)


def complete_games(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of a GAME: the ids `pnp list` shows, less those already typed."""
    try:
        from pnp.load.content import game_ids

        typed = ctx.params.get("games") or []
        return [g for g in game_ids(_content_root(ctx))
                if g.startswith(incomplete) and g not in typed]
    except Exception:  # noqa: BLE001 - completion never prints an error into a shell
        return []


def complete_langs(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of --lang: the languages of the game(s) typed, else of every game."""
    try:
        from pnp.load.content import game_folder, game_ids
        from pnp.load.source import read_yaml

        root = _content_root(ctx)
        ids = game_ids(root)
        # the games typed so far (still unparsed in ctx.args while an option is completed)
        typed = [*(ctx.params.get("games") or ()), ctx.params.get("game"), *ctx.args]
        langs: set[str] = set()
        for gid in [g for g in typed if g in ids] or ids:
            data = read_yaml(game_folder(root, gid) / "game.yaml").data
            found = data.get("languages", ["en"]) if isinstance(data, dict) else ["en"]
            langs.update(str(lang) for lang in found)
        return sorted(lang for lang in langs if lang.startswith(incomplete))
    except Exception:  # noqa: BLE001 - completion never prints an error into a shell
        return []


def complete_papers(incomplete: str) -> list[str]:
    """Shell completion of --paper: the common papers, then every named size (and its
    -landscape once the name is typed)."""
    from pnp.layout.paper import COMMON, LANDSCAPE, named_sizes

    text = incomplete.lower()
    names = [*COMMON, *(n for n in named_sizes() if n not in COMMON)]
    found = [n for n in names if n.startswith(text)]
    found += [n + LANDSCAPE for n in names if text.startswith(n) and (n + LANDSCAPE)
              .startswith(text)]
    return found


ContentOpt = Annotated[Path | None, typer.Option(
    "--content", help="Folder of game folders. Default: ./content if present, else the "
                      "content shipped with pnp.", show_default=False)]
GamesArg = Annotated[list[str] | None, typer.Argument(
    help="Games to use, by id (`pnp list` shows them). None: every game.", show_default=False,
    autocompletion=complete_games)]
GameArg = Annotated[str, typer.Argument(
    help="The game, by id (`pnp list` shows them).", autocompletion=complete_games)]
LangOpt = Annotated[str | None, typer.Option(
    metavar="<code>", autocompletion=complete_langs, show_default=False,
    help="Language of printed text: one the game's game.yaml lists under languages "
         "(e.g. en, de, fr). Default: English, or the game's first language.")]
OwnBleedOpt = Annotated[bool, typer.Option(
    "--own-bleed", help="Give every card, tile and token its own bleed on all four sides: "
    "a gap of twice the bleed between neighbours, cut on both sides. By default neighbours "
    "share a cut where that saves paper, with no bleed there; this may take more sheets.")]
CustomOpt = Annotated[list[Path] | None, typer.Option(
    "--custom", help="Extra file of your own items, e.g. custom cards: YAML "
                     "('cards: [...]') or a spreadsheet (my-cards.csv, .xlsx, .ods: a row an "
                     "item): added to the game, each checked on its own; the rules' counts "
                     "apply to the shipped content. Repeatable.",
    show_default=False)]
ReplaceOpt = Annotated[list[str] | None, typer.Option(
    "--replace", help="Print the next custom item in place of this shipped card (its id), "
                      "so the game keeps its counts; or write 'replaces: ID' in the custom "
                      "file. Repeatable, one per custom item.", show_default=False)]


MAX_PROBLEMS = 200  # problem lines a game prints as text; --format json lists them all
MAX_LINE = 1000  # characters of one printed line: a user's value can be any length


def clip(line: str) -> str:
    """One printed line of at most MAX_LINE characters: its start and its end (where a
    message says what to do), with the count of what was left out between them."""
    if len(line) <= MAX_LINE:
        return line
    head, tail = MAX_LINE - 300, 200
    return f"{line[:head]} …[{len(line) - head - tail:,} characters left out]… {line[-tail:]}"


def problem_lines(problems: Sequence[Problem], game: str | None = None,
                  listed: bool = True) -> list[str]:
    """A game's problems as printed: the first MAX_PROBLEMS, then how many more there
    are, so 150,000 problems are 201 lines (the summary still counts them all). Errors
    come first: what stops the build is what a user reads first."""
    problems = sorted(problems, key=lambda p: p.severity != "error")
    lines = [clip(p.format()) for p in problems[:MAX_PROBLEMS]]
    more = len(problems) - MAX_PROBLEMS
    if more > 0:
        where = (f" (pnp validate {game or 'GAME'} --format json, with the same options, "
                 "lists them all)" if listed else "")
        lines.append(f"... and {more:,} more problem{'s' * (more != 1)}{where}")
    return lines


def fail(exc: PnpError, outcome: str = "nothing was built", game: str | None = None) -> None:
    if isinstance(exc, ProblemsFound):
        for line in problem_lines(exc.problems, game):
            typer.echo(line, err=True)
        errors = sum(1 for p in exc.problems if p.severity == "error")
        typer.echo(f"{errors} error(s); {outcome}", err=True)
    else:
        typer.echo(clip(f"error: {exc.format()}"), err=True)
    raise typer.Exit(exc.exit_code)


def warn(warnings: list[Problem], game: str) -> None:
    """Warnings on stderr; the known gaps a later issue closes, in one line (pnp validate
    lists them)."""
    gaps = [w for w in warnings if w.gap]
    for line in problem_lines([w for w in warnings if not w.gap], game):
        typer.echo(line, err=True)
    if gaps:
        issues = sorted({w.gap.split(":", 1)[0] for w in gaps if w.gap})
        typer.echo(f"{game}: {len(gaps)} known gap(s) to be closed by {', '.join(issues)} "
                   f"(pnp validate {game} lists them)", err=True)


def text_option(option: str, value: str | None) -> None:
    """Text printed on the pages must be text: bytes the terminal could not decode as
    UTF-8 arrive as lone surrogates, which no PDF can hold."""
    if value and any(0xD800 <= ord(ch) <= 0xDFFF for ch in value):
        usage_error(f"{option}: not valid text (it holds bytes that are not UTF-8)")


def out_path(value: str | Path) -> Path:
    """--out: an empty value would write into the current folder; it is refused (the
    default comes in as a Path already)."""
    if isinstance(value, Path):
        return value
    if not value.strip():
        usage_error("--out: must name a folder or file (got an empty value)")
    return Path(value)


def usage_error(message: str) -> NoReturn:
    typer.echo(clip(f"error: {message}"), err=True)
    raise typer.Exit(EXIT_UNREADABLE)


def length_option(option: str, text: str, least_mm: float, most_mm: float) -> float:
    """A length option (--bleed, --overlap) in points: a number with its unit (3mm,
    0.125in, 9pt), or 0 alone; anything else, or outside least_mm..most_mm, is a usage
    error."""
    from pnp.base.units import MM, parse_length

    try:
        value = 0.0 if text.strip() == "0" else parse_length(text)
    except ValueError as exc:
        usage_error(f"{option}: {exc}")
    if not least_mm * MM - 1e-9 <= value <= most_mm * MM + 1e-9:
        usage_error(f"{option} must be between {least_mm:g} and {most_mm:g}mm (got {text})")
    return value


def parse_offset(text: str) -> tuple[float, float]:
    from pnp.base.units import MM, parse_number

    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = (parse_number(p.strip().removesuffix("mm")) for p in parts)  # not 1_0, inf
    except ValueError:
        usage_error(f"--back-offset must be X,Y in mm, e.g. 1,-0.5 (got {text!r})")
    if abs(x) > 20 or abs(y) > 20:
        usage_error(f"--back-offset of more than 20 mm is surely a mistake (got {text!r})")
    return x * MM, y * MM


class PageLayout(StrEnum):
    duplex = "duplex"
    gutter_fold = "gutter-fold"


PAPER_HELP = ("Paper: a4, letter, a3, a5, legal, tabloid, any reportlab page size name "
              "(A0-A8, B0-B8, C0-C8, halfletter, juniorlegal, ledger ...) or WxH "
              "(210x297mm, 8.5x11in); add -landscape to feed it landscape (a3-landscape).")


def paper_name(text: str) -> str:
    """--paper as pnp names it (a3, legal-landscape, 210x297mm); else a usage error."""
    from pnp.layout.paper import parse_paper

    try:
        return parse_paper(text).name
    except ValueError as exc:
        usage_error(f"--paper: {exc}")


def check_lang(root: Path, gid: str, lang: str) -> None:
    from pnp.load.content import game_folder
    from pnp.load.source import read_yaml

    data = read_yaml(game_folder(root, gid) / "game.yaml").data
    langs = data.get("languages", ["en"]) if isinstance(data, dict) else ["en"]
    if lang not in langs:
        usage_error(f"--lang {lang}: {gid} is available in {', '.join(map(str, langs))}")
