"""The `pnp` command line (console entry `pnp.cli:main`). The only package that prints or
exits: common.py holds the app and what the commands share, and each command lives with
its kin (games.py: list, new; builds.py: watch, build, validate; sheets.py: sheets,
score; export.py: export). Importing them registers the commands, in --help's order.

These modules, unlike the rest of pnp, do not use `from __future__ import annotations`:
typer reads every command's annotations on every start, and strings it must evaluate,
twice a command, took ~16 ms of each run; as objects made once at import, ~5 ms."""

from . import startup  # noqa: F401  # isort: skip  (first: it tunes the collector for all)

import sys

import typer

from ..errors import EXIT_UNREADABLE
from .common import app

# Each module registers its commands on `app`, and --help lists them in this order.
from . import games, builds, sheets, export  # noqa: E402, F401  # isort: skip

__all__ = ["app", "main"]

EXIT_INTERNAL = 70  # a bug in pnp (sysexits' EX_SOFTWARE): the one time to report it
EXIT_INTERRUPTED = 130  # Ctrl-C
EXIT_PIPE = 141  # the reader of our output went away (128 + SIGPIPE)


def main() -> None:
    """Console entry: exit codes 0 ok, 1 invalid content, 2 unreadable input or wrong
    usage, 70 a bug in pnp, 130 interrupted; no traceback reaches the user (PNP_DEBUG=1
    shows it), and a closed pipe ends the command quietly."""
    import os
    import signal

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
