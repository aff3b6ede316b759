"""`pnp build` recorded for the next run (pnp.pipeline.uptodate): what the command reads,
taken before it runs, and every byte it prints, kept with its exit code once it ends.
Only a command started by `pnp` (pnp.__main__) with the cache on is recorded; the build
itself runs exactly as without."""

import functools
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer

from pnp.base.errors import PnpError
from pnp.pipeline import uptodate

RECORDED = (0, 1)  # built, or stopped by the content's problems: both repeat as they were


def recorded(command: Callable[..., None]) -> Callable[..., None]:
    """Run the build command, and record it when pnp.__main__ asked for it."""
    @functools.wraps(command)
    def run(**kwargs: Any) -> None:
        rec = uptodate.PENDING.pop() if uptodate.PENDING else None
        reads = _reads(kwargs) if rec is not None else None
        if rec is None or reads is None:
            command(**kwargs)
            return
        uptodate.PENDING.append(rec)  # write_game adds each folder it switches in
        tees = _Tee(1, sys.stdout), _Tee(2, sys.stderr)
        printed: list[tuple[int, bytes]] = []
        for tee in tees:
            tee.printed = printed
        sys.stdout, sys.stderr = (tee.stream for tee in tees)
        code = None
        try:
            command(**kwargs)
            code = 0
        except typer.Exit as exc:
            code = exc.exit_code
            raise
        finally:
            for tee in tees:
                tee.stream.flush()
            sys.stdout, sys.stderr = (tee.original for tee in tees)
            uptodate.PENDING.clear()
            if code in RECORDED:
                uptodate.record(rec, reads, printed, code)
    return run


def _reads(kwargs: dict[str, Any]) -> uptodate.Deps | None:
    """What the build will read: whether ./content holds games, the games' folders and
    the names beside them, the shared templates and the custom files."""
    from pnp.load.content import content_root, game_folder, resolve_games, shipped_dir

    content = kwargs.get("content")
    try:
        root = content_root(content)
        names = resolve_games(root, list(kwargs.get("games") or []))
        folders = [game_folder(root, gid) for gid in names]
    except PnpError:
        return None  # the command says what is wrong; that is not kept
    deps = [("tree", str(Path("content")))] if content is None else []
    deps += [("names", str(root)), ("tree", str(shipped_dir("templates")))]
    deps += [("tree", str(f)) for f in folders]
    deps += [("tree", str(p)) for p in kwargs.get("custom") or []]
    deps += [("tree", code) for code in _game_code(names)]
    return uptodate.read(deps)


def _game_code(names: list[str]) -> list[str]:
    """The folders of the games' own code from other packages (pnp's is in the cache's
    fingerprint): an edit to a plugin game's code misses too."""
    import importlib.util

    from pnp.load.registry import declared

    found = []
    for gid in names:
        top = declared().get(gid, "pnp").partition(":")[0].strip().split(".")[0]
        try:
            spec = importlib.util.find_spec(top) if top != "pnp" else None
        except (ImportError, ValueError):
            spec = None
        if spec is not None:
            found += list(spec.submodule_search_locations or []) or [spec.origin or ""]
    return [f for f in found if f]


class _Both(io.RawIOBase):
    """A stream's bytes kept (in the order of both streams) on their way out."""

    def __init__(self, fd: int, original: Any, printed: list[tuple[int, bytes]]) -> None:
        super().__init__()
        self.fd, self.original, self.printed = fd, original, printed

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return self.original.isatty()

    def fileno(self) -> int:
        return self.original.fileno()

    def write(self, data: Any) -> int:  # type: ignore[override]
        data = bytes(data)
        self.printed.append((self.fd, data))
        self.original.buffer.write(data)  # buffered as the stream buffers it (a pipe: to
        if self.original.line_buffering and b"\n" in data:  # the end), flushed as it would
            self.original.buffer.flush()
        return len(data)


class _Tee:
    """A text stream in place of sys.stdout or sys.stderr, writing through `_Both`."""

    def __init__(self, fd: int, original: Any) -> None:
        self.fd, self.original = fd, original
        self.printed: list[tuple[int, bytes]] = []
        original.flush()

    @functools.cached_property
    def stream(self) -> io.TextIOWrapper:
        raw = _Both(self.fd, self.original, self.printed)
        wrapper = io.TextIOWrapper(raw, encoding=self.original.encoding,  # type: ignore[arg-type]
                                   errors=self.original.errors, write_through=True)
        wrapper.unrecorded = self.original  # type: ignore[attr-defined]  (a progress line)
        return wrapper
