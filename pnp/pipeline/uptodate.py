"""An unchanged `pnp build` answered from the cache, before the command line is loaded.

A build run through the `pnp` command is recorded (pnp.cli.cached): its command line, its
folder and the PNP_* settings name the record (with pnp.base.cache's fingerprint: pnp's
source, Python and the libraries); the record holds what the build read (the game folders
by content hash, the names in the content folder, the shared templates, the custom files,
whether ./content exists), what it wrote (every file of OUT/<game> by SHA-256) and what it
printed, in order, with its exit code. The same command again, with every input and every
output file as recorded, prints the same bytes and exits with the same code; nothing is
rendered, written or skipped: the findings printed are those the build found. Anything
else, or a record that fails its checksum, runs the build.

This module imports nothing but pnp.base.cache: it runs before typer and the renderer."""

from __future__ import annotations

import hashlib
import marshal
import os
import stat
import sys
from pathlib import Path

from pnp.base import cache

KIND = "runs"
Deps = list[tuple[str, str, str]]  # (how: "tree" or "names", path, digest)
Outputs = list[tuple[str, list[str], list[tuple[str, str]]]]  # folder, names, (file, sha)


class Recording:
    """The command being recorded: its key, and each game folder it wrote."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.wrote: list[tuple[str, list[tuple[str, str]]]] = []


PENDING: list[Recording] = []  # set by replay() when the command runs for real


def command_key(argv: list[str]) -> str:
    """The command line as typed, where it ran, what the environment sets for pnp."""
    env = sorted((k, v) for k, v in os.environ.items()
                 if k.startswith("PNP_") and not k.startswith("PNP_CACHE"))
    ttys = tuple(os.isatty(fd) for fd in (1, 2))
    return cache.key("command", argv, os.getcwd(), env, ttys)


def replay(argv: list[str]) -> tuple[list[tuple[int, bytes]], int] | None:
    """What an unchanged build printed (fd, bytes in order) and its exit code; None when
    the command is not a build, the cache is off, or anything changed (the build then
    runs, and PENDING holds the recording it will leave)."""
    words = [a for a in argv if not a.startswith("-")]
    if not words or words[0] != "build" or any(a in ("--help", "-h") for a in argv):
        return None
    if cache.folder() is None or not _writable(1) or not _writable(2):
        return None  # (a closed stream: the command says so as it always does)
    key = command_key(argv)
    PENDING[:] = [Recording(key)]
    data = cache.get(KIND, key)
    if data is None:
        return None
    try:
        deps, outputs, printed, code = marshal.loads(data)
    except (EOFError, ValueError, TypeError):
        return None
    digests = cache.Digests()
    try:
        if any(_digest(digests, how, path) != digest for how, path, digest in deps):
            return None
        if not all(_intact(folder, names, files, digests)
                   for folder, names, files in outputs):
            return None
    finally:
        digests.save()
    return printed, code


def _digest(digests: cache.Digests, how: str, path: str) -> str:
    if how == "names":
        try:
            return hashlib.sha256("\0".join(sorted(os.listdir(path))).encode(
                "utf-8", "surrogateescape")).hexdigest()
        except OSError:
            return "absent"
    return digests.tree(path)


def _intact(folder: str, names: list[str], files: list[tuple[str, str]],
            digests: cache.Digests | None = None) -> bool:
    """OUT/<game> holds exactly the names the build left, each file as it wrote it.
    `digests`: a file whose size, times and inode are as when it was last hashed keeps
    that hash (any write changes its ctime), so 200 MB of photos are not read again."""
    try:
        if os.path.islink(folder) or sorted(os.listdir(folder)) != names:
            return False
        for name, sha in files:
            path = os.path.join(folder, name)
            st = os.lstat(path)
            if not stat.S_ISREG(st.st_mode):  # a link or a FIFO in its place
                return False
            if digests is not None:
                if digests.file(path, st) != sha:
                    return False
                continue
            digest = hashlib.sha256()
            with open(path, "rb") as fh:  # a block at a time: a deck of photos is 200 MB
                for block in iter(lambda: fh.read(1 << 20), b""):
                    digest.update(block)
            if digest.hexdigest() != sha:
                return False
    except OSError:
        return False
    return True


def wrote(folder: Path, files: list[tuple[str, bytes]]) -> None:
    """A game's output folder was switched in by this command, with these files."""
    if PENDING:
        PENDING[0].wrote.append((os.path.abspath(folder), [
            (name, hashlib.sha256(data).hexdigest() if isinstance(data, bytes)
             else data.sha256()) for name, data in files]))  # draw.pdf.Spliced


def read(deps: list[tuple[str, str]]) -> Deps:
    """What a build is about to read, with its digests (taken before it reads: a file
    saved while it runs misses next time, never the other way round)."""
    digests = cache.Digests()
    found = [(how, os.path.abspath(path), _digest(digests, how, os.path.abspath(path)))
             for how, path in deps]
    digests.save()
    return found


def record(rec: Recording, read: Deps, printed: list[tuple[int, bytes]], code: int) -> None:
    """Keep what the build read, wrote and printed, under the command's key."""
    outputs: Outputs = []
    for folder, files in rec.wrote:  # as this command wrote them (not another's since)
        try:
            names = sorted(os.listdir(folder))
        except OSError:
            return
        if not _intact(folder, names, files):
            return
        outputs.append((folder, names, files))
    cache.put(KIND, rec.key, marshal.dumps((read, outputs, printed, code)))
    cache.prune()


def write_out(printed: list[tuple[int, bytes]]) -> None:
    """Print what the build printed, to the same streams in the same order (into a pipe
    or a file, standard output comes last, as the build's, buffered, did)."""
    if not os.isatty(1):
        printed = sorted(printed, key=lambda chunk: chunk[0] == 1)
    for fd, data in printed:
        stream = sys.stdout if fd == 1 else sys.stderr
        stream.flush()
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view):]


def _writable(fd: int) -> bool:
    try:
        os.fstat(fd)
    except OSError:
        return False
    return True
