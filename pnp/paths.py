"""Path confinement: content may only reach files inside its own folders."""

from __future__ import annotations

from pathlib import Path


def is_within(path: Path, folder: Path) -> bool:
    """True when `path` (resolved: symlinks followed) lies inside `folder` (resolved)."""
    try:
        path.resolve().relative_to(folder.resolve())
    except ValueError:
        return False
    return True
