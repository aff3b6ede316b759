"""Writing a game's files so that they and their manifest change together or not at all.

The new set is written whole into a hidden folder beside the old one (`.<game>.new-…`),
each file synced to disk, and then switched in with one atomic step: on Linux the two
folders are exchanged (renameat2 RENAME_EXCHANGE), so `OUT/<game>` always holds either the
complete old set or the complete new set, each matching its manifest; the old set is then
removed. Where the exchange is not available, the old folder is renamed aside and the new
one into place: a crash between those two renames leaves the old set whole under
`.<game>.old-…`, which the next build puts back before it does anything else. A failure
at any step before the switch leaves the old set as it was.
"""

from __future__ import annotations

import ctypes
import errno
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.base.errors import InputError
from pnp.load.safeio import check_output
from pnp.write.ownership import Owner, carry, check_out_folder, claim, spare_content

if TYPE_CHECKING:
    from pnp.draw.pdf import Spliced

_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Swap two paths atomically; False where the system cannot."""
    try:  # the C library already loaded into this process: find_library("c") would run
        # `ldconfig -p`, a process and ~10 ms a build
        libc = ctypes.CDLL(None, use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p,
                          ctypes.c_uint]
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(err, os.strerror(err), str(a))


def _sync_dir(folder: Path) -> None:
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _write_file(path: Path, data: bytes | Spliced) -> None:
    """One file of the set; a PDF whose image files are spliced in (draw.pdf.Spliced) is
    written a part at a time, its images read from their files, never held whole."""
    with open(path, "xb") as fh:  # a fresh name in a fresh folder: never follows a link
        if isinstance(data, bytes):
            fh.write(data)
        else:
            for chunk in data.chunks():
                fh.write(chunk)
        fh.flush()
        os.fsync(fh.fileno())
    os.chmod(path, 0o644)


def _inside(stage: Path, name: str) -> Path:
    """`name` in the fresh staging folder; a name may hold subfolders (an export's
    `cards/G01-front.png`), never `..` or an absolute path."""
    parts = Path(name).parts
    if not parts or Path(name).is_absolute() or ".." in parts:
        raise InputError(f"not a file name inside the output folder: {name!r}")
    target = stage.joinpath(*parts)
    target.parent.mkdir(parents=True, exist_ok=True)
    return target


def _recover(out_root: Path, game: str) -> None:
    """Undo what a killed switch left: an old set moved aside with no set in place goes
    back; leftover staging folders go."""
    public = out_root / game
    olds = sorted(out_root.glob(f".{game}.old-*"))
    if olds and not os.path.lexists(public):
        os.rename(olds[-1], public)
        olds = olds[:-1]
    for stale in olds + sorted(out_root.glob(f".{game}.new-*")):
        shutil.rmtree(stale, ignore_errors=True)


def switch_in(out_root: Path, game: str, files: list[tuple[str, bytes | Spliced]],
              owner: Owner) -> Path:
    """Write `files` (name, bytes; the manifest among them) as OUT/<game>, replacing the
    previous set in one step, and only a set that `owner` says is pnp's (ownership.claim);
    what other pnp commands wrote there is carried over. Returns the game's folder."""
    public = out_root / game
    spare_content(public, owner.protect)  # before anything, even the lock, is written
    check_out_folder(out_root)
    try:
        out_root.mkdir(parents=True, exist_ok=True)
        if os.path.lexists(public) and (public.is_symlink() or not public.is_dir()):
            check_output(public)  # a link, a device, a file in the way: refused
            if not public.is_dir():
                raise InputError("is in the way of the game's output folder", public)
        with _locked(out_root, game):
            _recover(out_root, game)
            kept = claim(public, owner)
            stage = out_root / f".{game}.new-{os.getpid()}"
            shutil.rmtree(stage, ignore_errors=True)
            stage.mkdir()
            try:
                folders = {stage}
                for name, data in files:
                    target = _inside(stage, name)
                    _write_file(target, data)
                    folders.add(target.parent)
                carry(public, stage, kept)
                for folder in sorted(folders, reverse=True):  # subfolders before stage
                    _sync_dir(folder)
                if not os.path.lexists(public):
                    os.rename(stage, public)
                elif _exchange(stage, public):
                    shutil.rmtree(stage, ignore_errors=True)  # now the old set
                else:
                    aside = out_root / f".{game}.old-{os.getpid()}"
                    os.rename(public, aside)
                    os.rename(stage, public)
                    shutil.rmtree(aside, ignore_errors=True)
                _sync_dir(out_root)
            except BaseException:
                shutil.rmtree(stage, ignore_errors=True)
                raise
    except OSError as exc:
        raise InputError(f"cannot write output: {exc.strerror}",
                         _public_name(exc.filename, out_root, game) or public) from exc
    return public


def _public_name(name: str | bytes | None, out_root: Path, game: str) -> Path | None:
    """An error's path as the user knows it: a file in pnp's hidden staging folder is
    named by its place in OUT/<game>."""
    if not name:
        return None
    path = Path(os.fsdecode(name))
    for hidden in (f".{game}.new-", f".{game}.old-"):
        for i, part in enumerate(path.parts):
            if part.startswith(hidden) and Path(*path.parts[:i]) == out_root:
                return out_root.joinpath(game, *path.parts[i + 1:])
    return path


@contextmanager
def _locked(out_root: Path, game: str) -> Iterator[None]:
    """Runs writing one game (or one export) into one folder take turns: an advisory lock
    on `.<game>.lock`, which the holder removes before it lets go, so no lock file stays
    behind. A run that waited on a file its holder then removed locks the new one instead
    (the path must still name the file it locked), so two runs never both hold the lock."""
    lock = out_root / f".{game}.lock"
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no advisory locks here
        yield
        return
    while True:
        check_output(lock)
        fh = open(lock, "a+b")
        try:
            fcntl.flock(fh.fileno(), fcntl.LOCK_EX)
            try:
                if os.path.samestat(os.fstat(fh.fileno()), os.lstat(lock)):
                    break  # locked, and still the lock file
            except FileNotFoundError:
                pass  # removed by the run that held it: lock the next one
        except BaseException:
            fh.close()
            raise
        fh.close()
    try:
        yield
    finally:
        try:
            os.unlink(lock)  # while still holding it: a waiter then sees it gone
        except OSError:
            pass
        fh.close()  # lets go of the lock
