"""Path confinement: content may only reach files inside its own folders."""

from __future__ import annotations

from pathlib import Path

from pnp.load.source import Key, Source


def is_within(path: Path, folder: Path) -> bool:
    """True when `path` (resolved: symlinks followed) lies inside `folder` (resolved)."""
    try:
        path.resolve().relative_to(folder.resolve())
    except (ValueError, OSError, RuntimeError):  # outside, unreadable, or a link loop
        return False
    return True


def game_file(game_folder: Path, relative: object, source: Source, key: Key) -> Path:
    """A file a game's own data names (data.board, data.map ...): it must resolve, every
    link followed, to a regular file inside the game folder. Anything else is a
    ContentError at the key that names it; the file's content is never echoed."""
    from pnp.base.errors import ContentError
    from pnp.load.source import key_text

    where = (source.path, source.line(key), key_text(key))
    if not isinstance(relative, str) or not relative.strip():
        raise ContentError(f"must be the name of a file in the game folder (got {relative!r})",
                           *where)
    path = game_folder / relative
    if Path(relative).is_absolute() or not is_within(path, game_folder):
        raise ContentError(f"'{relative}' leads outside the game folder: a game reads only "
                           "its own files", *where)
    if not path.resolve().is_file():
        raise ContentError(f"'{relative}' is not a file in the game folder", *where)
    return path
