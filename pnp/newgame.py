"""`pnp new NAME`: a game folder that validates and builds as it is, a starting point
for a designer (one deck, its two templates, an expectation), written all at once."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path

from .errors import InputError

STARTER = Path(__file__).parent / "starter"
NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


def check_name(name: str) -> None:
    """A game id is a folder name and a command-line word: lowercase, digits, hyphens."""
    if not NAME.fullmatch(name) or len(name) > 40:
        raise InputError(f"a game name is lowercase letters, digits and single hyphens, "
                         f"starting with a letter, at most 40 characters, e.g. my-game "
                         f"(got {name!r})")


def create(root: Path, name: str) -> Path:
    """Write ROOT/NAME (game.yaml, cards.yaml, templates/) and return it; an existing
    folder is never touched."""
    check_name(name)
    target = root / name
    if target.exists() or target.is_symlink():
        raise InputError(f"{target} already exists: pick another name or delete it first")
    root.mkdir(parents=True, exist_ok=True)
    title = " ".join(part.capitalize() for part in name.split("-"))
    with tempfile.TemporaryDirectory(dir=root, prefix=f".{name}.") as tmp:
        folder = Path(tmp) / name
        (folder / "templates").mkdir(parents=True)
        for stem in ("game.yaml", "cards.yaml"):
            text = (STARTER / f"{stem}.tmpl").read_text(encoding="utf-8")
            (folder / stem).write_text(text.format(id=name, name=title), encoding="utf-8")
        for template in ("card-front.svg.j2", "card-back.svg.j2"):
            shutil.copyfile(STARTER / template, folder / "templates" / template)
        folder.rename(target)  # all files appear at once, or none
    return target
