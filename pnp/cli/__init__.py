"""The `pnp` command line (console entry `pnp.cli:main`). The only package that prints or
exits: common.py holds the app and what the commands share (watching.py: what watch and
studio share), and each command lives with its kin (games.py: list, new; builds.py:
watch, build, validate; studio.py: studio;
sheets.py: sheets, score; export.py: export; schema.py: schema). Importing them registers
the commands, in --help's order.

These modules, unlike the rest of pnp, do not use `from __future__ import annotations`:
typer reads every command's annotations on every start, and strings it must evaluate,
twice a command, took ~16 ms of each run; as objects made once at import, ~5 ms."""

from pnp.base import startup  # noqa: F401  # isort: skip  (first: it tunes the collector for all)

import errno
import io
import os
import sys
from typing import NoReturn

import typer

from pnp.base.errors import EXIT_UNREADABLE
from pnp.cli.common import app

# Each module registers its commands on `app`, and --help lists them in this order.
from pnp.cli import games, builds, studio, sheets, export, schema  # noqa: E402, F401  # isort: skip

__all__ = ["app", "main"]

EXIT_INTERNAL = 70  # a bug in pnp (sysexits' EX_SOFTWARE): the one time to report it
EXIT_INTERRUPTED = 130  # Ctrl-C
EXIT_PIPE = 141  # the reader of our output went away (128 + SIGPIPE)


def main() -> None:
    """Console entry: exit codes 0 ok, 1 invalid content, 2 unreadable input or wrong
    usage, 70 a bug in pnp, 130 interrupted; no traceback reaches the user (PNP_DEBUG=1
    shows it), and a closed pipe ends the command quietly."""
    import signal

    if hasattr(signal, "SIGPIPE"):  # `pnp list | head -1`: end quietly, as Unix tools do
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # (killed by SIGPIPE: exit 141)
    _guard_stdout()
    _only_the_command_named()
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
    except StdoutError as exc:
        typer.echo(f"error: cannot write to standard output: {exc.strerror}", err=True)
        os._exit(EXIT_UNREADABLE)  # what could not be written is dropped, not retried
    except Exception as exc:
        if callable(getattr(exc, "show", None)) and isinstance(getattr(exc, "exit_code", None),
                                                                int):
            _usage(exc)  # the command-line parser's own message: wrong usage
            sys.exit(EXIT_UNREADABLE)
        _internal(exc)
    if code == EXIT_INTERRUPTED:  # typer turns Ctrl-C into exit 130
        typer.echo("interrupted; earlier output is left as it was", err=True)
    _end(code)


def _only_the_command_named() -> None:
    """Typer makes every registered command into a click command on each start (~3 ms
    for ten); `pnp build ...` needs only build's. Anything else (`pnp`, `pnp --help`, a
    mistyped name) keeps them all, for the list and the "did you mean"."""
    named = sys.argv[1] if len(sys.argv) > 1 else ""
    chosen = [c for c in app.registered_commands
              if (c.name or c.callback.__name__.replace("_", "-")) == named]  # type: ignore
    if len(chosen) == 1:
        app.registered_commands[:] = chosen


def _usage(exc: Exception) -> None:
    """The parser's message, each line clipped: it quotes the value it refused, and a
    5,000-character value would fill the terminal."""
    from pnp.cli.common import clip

    shown = io.StringIO()
    exc.show(file=shown)  # type: ignore[attr-defined]
    for line in shown.getvalue().splitlines():
        typer.echo(clip(line), err=True)


def _internal(exc: Exception) -> NoReturn:
    """A bug in pnp: one line asking for a report (PNP_DEBUG=1: the traceback)."""
    if os.environ.get("PNP_DEBUG"):
        raise exc
    typer.echo(f"error: internal error {type(exc).__name__}: {str(exc)[:200]} (a bug in "
               "pnp: please report it with the command you ran; PNP_DEBUG=1 shows the "
               "traceback)", err=True)
    sys.exit(EXIT_INTERNAL)


class StdoutError(OSError):
    """Standard output could not be written (a full disk, a closed stream): the user's
    problem, told apart from an OSError anywhere else, which is a bug in pnp."""


class _Stdout(io.RawIOBase):
    """Descriptor 1 under pnp's standard output, its failures raised as StdoutError; a
    closed pipe stays a BrokenPipeError (quiet, exit 141)."""

    def __init__(self, closed: bool) -> None:
        super().__init__()
        self.closed_before = closed

    def writable(self) -> bool:
        return True

    def fileno(self) -> int:
        return 1

    def isatty(self) -> bool:
        return not self.closed_before and os.isatty(1)

    def write(self, data: bytes) -> int:  # type: ignore[override]
        if self.closed_before:
            raise StdoutError(errno.EBADF, "it is closed")
        try:
            return os.write(1, data)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise StdoutError(exc.errno, exc.strerror) from None


def _guard_stdout() -> None:
    """sys.stdout through _Stdout. Closed before pnp started (`pnp list >&-`),
    descriptor 1 is held on /dev/null, so no file pnp opens later takes its place."""
    old = sys.stdout
    closed = old is None
    if closed:
        fd = os.open(os.devnull, os.O_WRONLY)
        if fd != 1:
            os.dup2(fd, 1)
            os.close(fd)
    sys.stdout = io.TextIOWrapper(
        io.BufferedWriter(_Stdout(closed)), encoding=old.encoding if old else "utf-8",
        errors=old.errors if old else "strict",
        line_buffering=old.line_buffering if old else False)


def _end(code: int) -> None:
    """Leave without tearing the interpreter down: freeing every object a large build
    made takes ~60 ms and does nothing for the user. What was printed is flushed first;
    every file pnp writes is closed (and renamed into place) before this point."""
    import os

    from pnp.base import classcode

    classcode.save()  # (the classes' code compiled in this run, for the next)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # the reader went away: quietly, as SIGPIPE would
        os._exit(EXIT_PIPE)
    except StdoutError as exc:  # e.g. a full disk: the output is not all there
        if code == 0:
            sys.stderr.write(f"error: cannot write to standard output: {exc.strerror}\n")
            code = EXIT_UNREADABLE
    except (OSError, ValueError):
        pass
    os._exit(code)
