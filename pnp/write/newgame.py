"""`pnp new NAME`: a game folder that validates and builds as it is, a starting point
for a designer (one deck, its two templates, an expectation), written all at once. With
`--csv` the deck's cards are a spreadsheet (cards.csv) instead of YAML."""

from __future__ import annotations

import os
import re
import shutil
import stat
import tempfile
from pathlib import Path

from pnp.base.errors import InputError
from pnp.load.safeio import kind_of

STARTER = Path(__file__).parent / "starter"
NAME = re.compile(r"^[a-z][a-z0-9]*(-[a-z0-9]+)*$")


def check_name(name: str) -> None:
    """A game id is a folder name and a command-line word: lowercase, digits, hyphens."""
    if not NAME.fullmatch(name) or len(name) > 40:
        raise InputError(f"a game name is lowercase letters, digits and single hyphens, "
                         f"starting with a letter, at most 40 characters, e.g. my-game "
                         f"(got {name!r})")


def create(root: Path, name: str, csv: bool = False) -> Path:
    """Write ROOT/NAME (game.yaml, cards.yaml or cards.csv, templates/) and return it; an
    existing folder is never touched."""
    check_name(name)
    _content_folder(root)
    target = root / name
    if target.exists() or target.is_symlink():
        raise InputError(f"{target} already exists: pick another name or delete it first")
    title = " ".join(part.capitalize() for part in name.split("-"))
    try:
        root.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=root, prefix=f".{name}.") as tmp:
            folder = Path(tmp) / name
            (folder / "templates").mkdir(parents=True)
            cards = "cards.csv" if csv else "cards.yaml"
            for stem in ("game.yaml", cards):
                text = (STARTER / f"{stem}.tmpl").read_text(encoding="utf-8")
                (folder / stem).write_text(text.format(id=name, name=title, file=cards),
                                           encoding="utf-8")
            for template in ("card-front.svg.j2", "card-back.svg.j2"):
                shutil.copyfile(STARTER / template, folder / "templates" / template)
            folder.rename(target)  # all files appear at once, or none
    except OSError as exc:  # a full disk, no permission: the temporary folder is gone
        raise InputError(f"cannot create the game here: {exc.strerror or exc}", root) from exc
    return target


def _content_folder(root: Path) -> None:
    """ROOT is a folder, or nothing yet (it is created): a file, a link to nothing or
    anything else in its place is named as what it is."""
    if os.path.islink(root) and not os.path.exists(root):  # (False on any OSError)
        raise InputError(f"is a link to {os.readlink(root)}, which does not exist: "
                         "--content must be a folder", root)
    for part in [root, *root.parents]:  # the first that exists must be a folder
        try:
            info = os.stat(part)
        except (FileNotFoundError, NotADirectoryError):
            if os.path.islink(part):  # a link to nothing on the way: mkdir says "exists"
                raise InputError(f"is a link to {os.readlink(part)}, which does not exist: "
                                 "--content must be a folder", part) from None
            continue
        except OSError as exc:
            raise InputError(f"cannot use it: {exc.strerror}", part) from exc
        if not stat.S_ISDIR(info.st_mode):
            kind = "a file" if stat.S_ISREG(info.st_mode) else kind_of(info.st_mode)
            raise InputError(f"is {kind}, not a folder: --content must be a folder", part)
        return
