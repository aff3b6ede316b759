"""Every file pnp reads or writes goes through here: inputs must be regular files read
up to a cap (whatever `stat` says: devices, FIFOs and procfs report size 0), and outputs
replace only regular files, never a device, a FIFO, a folder or a link."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from pnp.base.errors import InputError

MAX_CONTENT_BYTES = 5 * 1024 * 1024  # a YAML file: content files are small
MAX_DOCUMENT_BYTES = 20 * 1024 * 1024  # a rules document, a template
MAX_IMAGE_BYTES = 40 * 1024 * 1024

_KINDS = {stat.S_IFIFO: "a FIFO (named pipe)", stat.S_IFCHR: "a character device",
          stat.S_IFBLK: "a block device", stat.S_IFSOCK: "a socket", stat.S_IFDIR: "a folder"}


def kind_of(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "not a regular file")


def article(word: str) -> str:
    """'a file', 'an image': the messages name what was expected."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def file_problem(path: Path, what: str = "file") -> str | None:
    """Why `path` cannot be read as a `what`, in the words a user needs ("not found", "is
    a folder, not a map file", "is a link to nothing"); None for a regular file. A folder
    or a FIFO is there, so "not found" would send the user looking for the wrong thing."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        if os.path.islink(path):
            return f"is a link to {os.readlink(path)[:200]!r}, which does not exist"
        return f"{what} not found"
    except OSError as exc:
        return f"cannot read: {exc.strerror}"
    if stat.S_ISREG(info.st_mode):
        return None
    return f"is {kind_of(info.st_mode)}, not {article(what)}"


def require_file(path: Path, what: str = "file") -> None:
    """An InputError (exit 2) unless `path` is a regular file; see file_problem."""
    problem = file_problem(path, what)
    if problem is not None:
        raise InputError(problem, path)


def require_folder(path: Path, what: str = "folder") -> None:
    """An InputError (exit 2) unless `path` is a folder: a file in its place is named as
    what it is, not as missing."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        raise InputError(f"{what} not found", path) from None
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path) from exc
    if not stat.S_ISDIR(info.st_mode):
        kind = "a file" if stat.S_ISREG(info.st_mode) else kind_of(info.st_mode)
        raise InputError(f"is {kind}, not {article(what)}", path)


def read_bytes(path: Path, limit: int = MAX_CONTENT_BYTES, what: str = "file") -> bytes:
    """The bytes of a regular file, at most `limit`; anything else is an InputError
    (exit 2). Opened without blocking, so a FIFO is refused instead of waited on."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError as exc:
        raise InputError(file_problem(path, what) or f"{what} not found", path) from exc
    except IsADirectoryError as exc:
        raise InputError(f"is a folder, not {article(what)}", path) from exc
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path) from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"is {kind_of(info.st_mode)}, not {article(what)}", path)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise InputError(f"larger than {limit // (1024 * 1024)} MiB; {article(what)} "
                             f"is limited to that", path)
        return b"".join(chunks)
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path) from exc
    finally:
        os.close(fd)


def read_text(path: Path, limit: int = MAX_CONTENT_BYTES, what: str = "file") -> str:
    raw = read_bytes(path, limit, what)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError("not UTF-8 text (binary file?)", path) from exc
    if "\x00" in text:
        raise InputError("not a text file (contains NUL bytes)", path)
    return text


def check_output(path: Path) -> None:
    """An output may only replace a regular file: refuse a link, a device, a FIFO or a
    folder in its place (exit 2), before anything is written."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"cannot write here: {exc.strerror}", path) from exc
    if stat.S_ISLNK(info.st_mode):
        raise InputError("is a symbolic link: pnp writes only over regular files", path)
    if not stat.S_ISREG(info.st_mode):
        raise InputError(f"is {kind_of(info.st_mode)}: pnp writes only over regular files",
                         path)
