"""Every file pnp reads or writes goes through here: inputs must be regular files read
up to a cap (whatever `stat` says: devices, FIFOs and procfs report size 0), and outputs
replace only regular files, never a device, a FIFO, a folder or a link."""

from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import InputError

MAX_CONTENT_BYTES = 5 * 1024 * 1024  # a YAML file: content files are small
MAX_DOCUMENT_BYTES = 20 * 1024 * 1024  # a rules document, a template
MAX_IMAGE_BYTES = 40 * 1024 * 1024

_KINDS = {stat.S_IFIFO: "a FIFO (named pipe)", stat.S_IFCHR: "a character device",
          stat.S_IFBLK: "a block device", stat.S_IFSOCK: "a socket", stat.S_IFDIR: "a folder"}


def kind_of(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "not a regular file")


def read_bytes(path: Path, limit: int = MAX_CONTENT_BYTES, what: str = "file") -> bytes:
    """The bytes of a regular file, at most `limit`; anything else is an InputError
    (exit 2). Opened without blocking, so a FIFO is refused instead of waited on."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except FileNotFoundError as exc:
        raise InputError(f"{what} not found", path) from exc
    except IsADirectoryError as exc:
        raise InputError(f"is a folder, not a {what}", path) from exc
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror}", path) from exc
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"is {kind_of(info.st_mode)}, not a {what}", path)
        chunks, size = [], 0
        while size <= limit:
            chunk = os.read(fd, min(1 << 20, limit + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > limit:
            raise InputError(f"larger than {limit // (1024 * 1024)} MiB; a {what} is "
                             f"limited to that", path)
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
