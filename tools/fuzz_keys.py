"""Content mutations for tools/fuzz_all.py: every key path of every YAML file of every
shipped game, each with the hostile values its type invites (delete it, another type,
empty, 100k characters, 5,000 entries, negative/zero/NaN/inf, control characters, an
unknown key, a duplicated entry, ../ and a symlink out of the game folder), plus the
file and data-folder attacks (a file or a folder entry linked out, a FIFO, a folder).
What leads out of the game folder leads to a decoy in the sandbox, never a system file.

Key paths are grouped by pattern (list indexes as `*`: 17,751 paths, 1,446 patterns);
each pattern stands for its paths, and a case picks one of them, the same one for a
seed. Package-free: the standard library and PyYAML (which pnp needs anyway)."""

from __future__ import annotations

import copy
import os
import random
import re
import shutil
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
DELETE = object()  # a mutation's answer: take the key (or the entry) away
NUMBER = re.compile(r"^\s*[-+]?\d+(\.\d+)?")  # "3mm", "0.125in", "1,-0.5"
FILE_ATTACKS = ("file:delete", "file:empty", "file:folder", "file:fifo", "file:link-out",
                "file:secret-link")
DIR_ATTACKS = ("dir:link-out", "dir:secret-link", "dir:fifo", "dir:folder", "dir:dangling")
# What links and ../ lead to: a file of the sandbox, outside the game folder, that reads like
# /etc/passwd. Never a real system file: pnp runs as whoever runs the fuzzer (root, here),
# and a bug that writes through a link would damage it.
SECRET = "root:x:0:0:root:/root:/bin/bash (a decoy of /etc/passwd)\n"


@dataclass(frozen=True)
class ContentCase:
    """One mutation of one game's content: `path` None for a file or folder attack."""

    game: str
    rel: str  # the YAML file (or data folder) inside the game folder
    pattern: tuple[Any, ...] | None
    mutation: str

    @property
    def id(self) -> str:
        where = "" if self.pattern is None else ":" + dotted(self.pattern)
        return f"{self.game}/{self.rel}{where}:{self.mutation}"


def dotted(path: tuple[Any, ...]) -> str:
    """data.decks[*].name, as a user reads a key."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) or part == "*" else f".{part}"
    return out.lstrip(".") or "(root)"


def walk(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    yield path, data
    if isinstance(data, dict):
        for key, value in data.items():
            yield from walk(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from walk(value, (*path, i))


def pattern_of(path: tuple[Any, ...]) -> tuple[Any, ...]:
    return tuple("*" if isinstance(p, int) else p for p in path)


def mutations_for(value: Any, is_root: bool, file_ref: bool) -> list[str]:
    """The hostile values that `value`'s type invites, by name (see `mutated`)."""
    kinds = [] if is_root else ["delete"]
    kinds += [f"type:{t}" for t, ok in (("number", isinstance(value, int | float)),
                                         ("string", isinstance(value, str)),
                                         ("list", isinstance(value, list)),
                                         ("mapping", isinstance(value, dict)),
                                         ("null", value is None),
                                         ("bool", isinstance(value, bool))) if not ok]
    if isinstance(value, str):
        kinds += ["empty", "huge-string", "control", "traversal"]
        if NUMBER.match(value):
            kinds += ["negative", "zero", "nan", "inf"]
        if file_ref:
            kinds += ["symlink-out"]
    elif isinstance(value, int | float) and not isinstance(value, bool):
        kinds += ["negative", "zero", "nan", "inf", "huge-number"]
    elif isinstance(value, list):
        kinds += ["empty", "huge-list"] + (["duplicate"] if value else [])
    elif isinstance(value, dict):
        kinds += ["empty", "unknown-key"]
    return kinds


def mutated(value: Any, kind: str) -> Any:
    """`value` after the mutation `kind` (DELETE: remove it)."""
    simple = {"delete": DELETE, "type:number": 42, "type:string": "x", "type:list": ["x", 1],
              "type:mapping": {"x": 1}, "type:null": None, "type:bool": True,
              "huge-string": "W" * 100_000, "traversal": "../../passwd",
              "huge-number": 10**30}
    if kind in simple:
        return simple[kind]
    if kind == "empty":
        return type(value)()
    if kind == "control":
        return f"{value}\x00\x07\x1b[2J\u202e\r\nx"
    if kind == "huge-list":
        items = value if isinstance(value, list) and value else [value]  # (a pattern's
        return [copy.deepcopy(items[i % len(items)]) for i in range(5000)]  # values vary)
    if kind == "duplicate":
        items = value if isinstance(value, list) and value else [value]
        return [*items, copy.deepcopy(items[0])]
    if kind == "unknown-key":
        return {**(value if isinstance(value, dict) else {}), "zz_unknown_key": 1}
    special = {"negative": -1, "zero": 0, "nan": float("nan"), "inf": float("inf")}
    if isinstance(value, str):  # a number with a unit or a list: the same text, that number
        text = {"negative": "-1", "zero": "0", "nan": "nan", "inf": "inf"}[kind]
        return NUMBER.sub(text, value, count=1)
    if kind == "negative" and value:
        return -abs(value)
    return special[kind]


def is_file_ref(game_dir: Path, rel: Path, value: Any) -> bool:
    """A string naming a file pnp reads: beside the YAML file, in the game folder or among
    the game's shipped templates."""
    if not isinstance(value, str) or not value or len(value) > 200 or "\n" in value:
        return False
    places = (game_dir / rel).parent, game_dir, ROOT / "templates" / game_dir.name
    return any((place / value).is_file() for place in places)


def game_files(game_dir: Path) -> list[Path]:
    return sorted(p.relative_to(game_dir) for p in game_dir.rglob("*.yaml"))


def all_cases(content: Path = CONTENT) -> list[tuple[ContentCase, list[tuple[Any, ...]]]]:
    """Every (pattern, mutation) of every file, with the concrete paths of its pattern."""
    out: list[tuple[ContentCase, list[tuple[Any, ...]]]] = []
    for game_dir in sorted(p for p in content.iterdir() if p.is_dir()):
        game = game_dir.name
        for rel in game_files(game_dir):
            out += [(ContentCase(game, str(rel), None, kind), []) for kind in FILE_ATTACKS]
            data = yaml.safe_load((game_dir / rel).read_text())
            groups: dict[tuple[Any, ...], list[tuple[Any, ...]]] = {}
            kinds: dict[tuple[Any, ...], list[str]] = {}
            for path, value in walk(data):
                pat = pattern_of(path)
                groups.setdefault(pat, []).append(path)
                for kind in mutations_for(value, not path, is_file_ref(game_dir, rel, value)):
                    kinds.setdefault(pat, [])
                    if kind not in kinds[pat]:
                        kinds[pat].append(kind)
            out += [(ContentCase(game, str(rel), pat, kind), groups[pat])
                    for pat in groups for kind in kinds.get(pat, [])]
        for folder in sorted(p for p in game_dir.rglob("*")  # data folders (maps/)
                             if p.is_dir() and any(p.glob("*.yaml"))):
            rel_dir = str(folder.relative_to(game_dir))
            out += [(ContentCase(game, rel_dir, None, kind), []) for kind in DIR_ATTACKS]
    return out


def apply(case: ContentCase, paths: list[tuple[Any, ...]], game_dir: Path, outside: Path,
          seed: int) -> str:
    """Mutate the copy `game_dir` as `case` says (`outside`: a folder beside it, for what
    links point to); the concrete change, in words, for the reproducer."""
    target = game_dir / case.rel
    original = ROOT / "content" / case.game / case.rel
    outside.mkdir(parents=True, exist_ok=True)
    if case.pattern is None:
        return _attack(case.mutation, target, original, outside)
    data = yaml.safe_load(target.read_text())
    path = random.Random(f"{seed}:{case.id}").choice(paths)
    value = dict(walk(data))[path]
    if case.mutation == "symlink-out":
        new = _link_out(game_dir, Path(case.rel), value, outside)
    else:
        new = mutated(value, case.mutation)
    if not path:
        data = new
    else:
        parent = dict(walk(data))[path[:-1]]
        if new is DELETE:
            del parent[path[-1]]
        else:
            parent[path[-1]] = new
    target.write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=1000))
    return f"{dotted(path)} := {short(new)}"


def _link_out(game_dir: Path, rel: Path, value: str, outside: Path) -> str:
    """A link named like `value`'s file that leads to a copy of it outside the folder."""
    places = (game_dir / rel).parent, game_dir, ROOT / "templates" / game_dir.name
    place = next(place for place in places if (place / value).is_file())
    copied = outside / Path(value).name
    shutil.copy(place / value, copied)
    # a shipped template is looked up in the game's templates/ first: the link goes there
    folder = game_dir / "templates" if place == places[2] else place
    folder.mkdir(exist_ok=True)
    link = folder / ("linked-" + Path(value).name)
    link.symlink_to(copied)
    return link.name


def _attack(kind: str, target: Path, original: Path, outside: Path) -> str:
    """A file (file:*) or a data folder's new entry (dir:*)."""
    if kind.startswith("dir:"):
        sample = next(iter(sorted(original.glob("*.yaml"))), None)
        entry = target / "zz-extra.yaml"
        what = {"dir:link-out": "a link to a valid copy outside the game folder",
                "dir:secret-link": "a link to a secret outside", "dir:fifo": "a FIFO",
                "dir:folder": "a folder", "dir:dangling": "a dangling link"}[kind]
        if kind == "dir:link-out" and sample is not None:
            shutil.copy(sample, outside / "outside.yaml")
            entry.symlink_to(outside / "outside.yaml")
        elif kind == "dir:secret-link":
            entry.symlink_to(_secret(outside))
        elif kind == "dir:fifo":
            os.mkfifo(entry)
        elif kind == "dir:folder":
            entry.mkdir()
        else:
            entry.symlink_to(outside / "nowhere.yaml")
        return f"{target.name}/zz-extra.yaml is {what}"
    target.unlink()
    if kind == "file:empty":
        target.write_text("")
    elif kind == "file:folder":
        target.mkdir()
    elif kind == "file:fifo":
        os.mkfifo(target)
    elif kind == "file:link-out":
        shutil.copy(original, outside / original.name)
        target.symlink_to(outside / original.name)
    elif kind == "file:secret-link":
        target.symlink_to(_secret(outside))
    return {"file:delete": "deleted", "file:empty": "empty", "file:folder": "a folder",
            "file:fifo": "a FIFO", "file:link-out": "a link to a valid copy outside the game",
            "file:secret-link": "a link to a secret outside"}[kind]


def _secret(outside: Path) -> Path:
    """The decoy secret beside the game folder (see SECRET)."""
    path = outside / "passwd"
    path.write_text(SECRET)
    return path


def short(value: Any) -> str:
    """A mutated value as a reproducer names it: 'W' * 100000, not the 100,000 W."""
    if value is DELETE:
        return "(deleted)"
    if isinstance(value, str) and len(value) > 60:
        return f"{value[:1]!r} * {len(value)}"
    if isinstance(value, list) and len(value) > 8:
        return f"[{short(value[0])}, ...] ({len(value)} entries)"
    text = repr(value)
    return text if len(text) <= 120 else text[:117] + "..."
