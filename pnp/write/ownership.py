"""Whether a folder pnp is about to replace is pnp's own output, and what in it to keep.

A build replaces `OUT/<game>` whole, and an export `OUT/<game>/<format>`. Before either,
the folder there must be pnp's: absent, empty, or holding pnp's manifest for that very game
(and format), with nothing in it that pnp did not write. Anything else (a game's content
folder, a folder holding the content, a user's notes beside the PDFs) is refused with one
line, so `--out content` can never wipe a game. What other pnp commands wrote into a
build's folder (the pad of `pnp sheets`, the previews of `pnp watch`, the exports) is
carried over into the new set, so a build never removes it. An export's lock file and
staging folder (`.png.lock`, `.png.new-…`) are pnp's too: a build while the export runs is
refused with a line saying so; left by a killed run, they are dropped, not refused.
"""

from __future__ import annotations

import fnmatch
import json
import os
import shutil
import stat
from pathlib import Path
from typing import NamedTuple

from pnp.base.errors import InputError
from pnp.load.safeio import read_bytes
from pnp.load.source import strings_in

MANIFEST = "manifest.json"
EXPORT_FORMATS = ("png", "tts", "print-shop")
# Written into OUT/<game>/ by commands other than build; kept across builds.
BUILD_NEIGHBOURS = ("preview", *EXPORT_FORMATS, "sheets-*.pdf",
                    *(f".{fmt}.old-*" for fmt in EXPORT_FORMATS))  # an export's last set
# What an export writes beside its folder while it runs (output.switch_in): not carried.
EXPORT_WORK = tuple(f".{fmt}.{part}" for fmt in EXPORT_FORMATS for part in ("lock", "new-*"))
_SHOWN = 3  # names quoted in a refusal


class Owner(NamedTuple):
    """What pnp's manifest in the folder must say, what it may keep, what it must spare."""

    manifest: dict[str, str]  # e.g. {"game": "<game id>"}, plus "format" for exports
    neighbours: tuple[str, ...] = ()  # names (globs) other pnp commands write: carried over
    protect: tuple[Path, ...] = ()  # content folders: never replaced
    work: tuple[str, ...] = ()  # other pnp runs' lock files and staging: left behind


def build_owner(game: str, protect: tuple[Path, ...] = ()) -> Owner:
    return Owner({"game": game}, BUILD_NEIGHBOURS, protect, EXPORT_WORK)


def export_owner(game: str, fmt: str, protect: tuple[Path, ...] = ()) -> Owner:
    return Owner({"game": game, "format": fmt}, (), protect)


def claim(folder: Path, owner: Owner) -> list[str]:
    """Check that `folder` may be replaced; return the entries to carry into the new set.
    An InputError (exit 2) says what is there and what to do otherwise."""
    spare_content(folder, owner.protect)
    if not folder.is_dir():
        return []
    names = sorted(os.listdir(folder))
    if not names:
        return []
    work = [n for n in names if _is_neighbour(n, owner.work)]
    for name in work:
        if name.endswith(".lock") and _held(folder / name):
            what = name[1:-len(".lock")]
            raise InputError(f"is being written by `pnp export --format {what}` right now: "
                             "build again when it ends", folder / what)
    carried = [n for n in names if _is_neighbour(n, owner.neighbours)]
    rest = [n for n in names if n not in carried and n not in work]
    if not rest:
        return carried
    listed = _manifest_names(folder, owner)
    if listed is None:
        shown = _names(rest)
        raise InputError(
            f"holds {shown}, which pnp did not write (no pnp manifest for "
            f"{_what(owner)}): pnp replaces only its own output; choose another --out, or "
            "empty or remove this folder yourself", folder)
    foreign = [n for n in _files(folder, rest) if n != MANIFEST and n not in listed]
    if foreign:
        raise InputError(
            f"holds {_names(foreign)}, which pnp did not write beside its output: pnp "
            "replaces only its own files; move them elsewhere, or choose another --out",
            folder)
    return carried


def carry(old: Path, new: Path, entries: list[str]) -> None:
    """Put `entries` of the old set into the new one (hard links where the filesystem
    allows: no copy, and the old set stays whole until the switch). A name the new set
    already has is the new set's."""
    for name in entries:
        src, dst = old / name, new / name
        if os.path.lexists(dst) or not os.path.lexists(src):
            continue
        info = os.lstat(src)
        if stat.S_ISDIR(info.st_mode):
            shutil.copytree(src, dst, symlinks=True, copy_function=_link_or_copy)
        elif stat.S_ISREG(info.st_mode) or stat.S_ISLNK(info.st_mode):
            if stat.S_ISLNK(info.st_mode):
                os.symlink(os.readlink(src), dst)
            else:
                _link_or_copy(str(src), str(dst))


def _link_or_copy(src: str, dst: str) -> None:
    try:
        os.link(src, dst, follow_symlinks=False)
    except OSError:
        shutil.copy2(src, dst, follow_symlinks=False)


def spare_content(folder: Path, protect: tuple[Path, ...]) -> None:
    """The output folder may neither be, nor hold, a game's content."""
    target = _real(folder)
    for guarded in protect:
        real = _real(guarded)
        if real == target:
            raise InputError("is the game's content folder: pnp never writes its output "
                             "there; choose another --out (the default is output)", folder)
        if target in real.parents:
            raise InputError(f"holds the game's content ({guarded}): pnp never replaces "
                             "it; choose another --out (the default is output)", folder)


def _real(path: Path) -> Path:
    try:
        return Path(os.path.realpath(path))
    except (OSError, ValueError):
        return Path(os.path.abspath(path))


def _held(lock: Path) -> bool:
    """Whether a running pnp holds this lock file (output._locked)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - no advisory locks here
        return False
    try:
        fd = os.open(lock, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except OSError:
        return True
    finally:
        os.close(fd)  # also lets go of the shared lock taken to test it
    return False


def _is_neighbour(name: str, patterns: tuple[str, ...]) -> bool:
    return any(fnmatch.fnmatchcase(name, p) for p in patterns)


def _manifest_names(folder: Path, owner: Owner) -> set[str] | None:
    """The names pnp's manifest in `folder` lists, or None if it is not pnp's manifest
    for this owner."""
    path = folder / MANIFEST
    try:
        if not stat.S_ISREG(os.lstat(path).st_mode):
            return None
        data = json.loads(read_bytes(path, what="manifest").decode("utf-8"))
    except (OSError, InputError, ValueError):
        return None
    if not isinstance(data, dict):
        return None
    if any(data.get(k) != v for k, v in owner.manifest.items()):
        return None
    if "format" not in owner.manifest:
        if "format" in data or not isinstance(data.get("files"), list):
            return None  # an export's manifest is not a build's
        return {f["path"] for f in data["files"]
                if isinstance(f, dict) and isinstance(f.get("path"), str)}
    # each format lists its files in its own way: its file names are among its strings
    return set(strings_in(data))


def _files(folder: Path, names: list[str]) -> list[str]:
    """Every entry under `names` that is not a folder, as a relative POSIX path (an
    export's PNGs sit in a folder per component)."""
    found: list[str] = []
    for name in names:
        path = folder / name
        if path.is_dir() and not path.is_symlink():
            for root, dirs, files in os.walk(path):
                dirs.sort()
                rel = Path(root).relative_to(folder).as_posix()
                found += [f"{rel}/{f}" for f in sorted(files)]
                found += [f"{rel}/{d}" for d in dirs if (Path(root) / d).is_symlink()]
        else:
            found.append(name)
    return found


def _what(owner: Owner) -> str:
    game = owner.manifest.get("game", "?")
    fmt = owner.manifest.get("format")
    return f"{game}'s {fmt} export" if fmt else f"a build of {game}"


def _names(names: list[str]) -> str:
    shown = ", ".join(repr(n) for n in names[:_SHOWN])
    more = len(names) - _SHOWN
    return shown + (f" and {more} more" if more > 0 else "")


def check_pdf_target(path: Path) -> None:
    """A single PDF written to a path the user named (`pnp sheets --out`, `pnp score
    --out`) replaces only a PDF: never a user's other file given by mistake."""
    try:
        info = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError:
        return  # the write itself will say what is wrong
    if not stat.S_ISREG(info.st_mode):
        return  # safeio.check_output refuses links, folders and devices
    try:
        with open(path, "rb") as fh:
            head = fh.read(1024)
    except OSError:
        return
    if b"%PDF-" not in head:
        raise InputError("is a file that is not a PDF: pnp replaces only a PDF there; "
                         "choose another --out, or remove the file yourself", path)


def check_out_folder(folder: Path) -> None:
    """--out names a folder: a file, FIFO, device or a link to nothing in its place is
    refused by what it is (mkdir would only say "File exists")."""
    from pnp.load.safeio import kind_of

    try:
        info = os.lstat(folder)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(f"cannot use as the output folder: {exc.strerror}", folder) from exc
    if stat.S_ISLNK(info.st_mode) and not os.path.exists(folder):
        raise InputError("is a link to nothing, not a folder: --out names the folder pnp "
                         "writes into", folder)
    if not stat.S_ISDIR(os.stat(folder).st_mode if stat.S_ISLNK(info.st_mode)
                        else info.st_mode):
        mode = os.stat(folder).st_mode
        what = "a file" if stat.S_ISREG(mode) else kind_of(mode)
        raise InputError(f"is {what}, not a folder: --out names the folder pnp writes into",
                         folder)
