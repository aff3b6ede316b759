"""Faces' SVG kept between runs (pnp.base.cache) by `pnp validate`: a warm validate after
one edit expands only the faces the edit changed (Jinja is a fifth of a warm run).

A face's SVG is keyed by everything that shapes it: the template's name, the name and
content of every file in the renderer's search folders (a template includes and imports
from any of them), the content of every image in the game folder (icon() and fit_rich()
read icons from there), and the context the template is given, value by value, plus the
cache's fingerprint (pnp's source, Jinja's and the fonts' versions). The texts that did
not fit, noted while it was expanded, are kept with it and noted again for the item
being rendered now (its file and line may have moved). What cannot be keyed exactly is
expanded every time: a context holding other than plain data (str, numbers, lists,
dicts, pnp's dataclasses), search folders reached through a link to a folder, and
templates that can name Jinja's `random` or `lipsum` (a different face each run). A face
that fails is never kept: its error is found again."""

from __future__ import annotations

import dataclasses
import hashlib
import marshal
import os
from contextvars import ContextVar
from pathlib import Path
from typing import Any

from pnp.base import bundle, cache

KIND = "faces"
# `pnp validate` (preflight.memo.sharing): what this run found of the search folders
ACTIVE: ContextVar[dict[Any, Any] | None] = ContextVar("pnp_expanded", default=None)
_CHANCE = (b"random", b"lipsum")  # Jinja's: a template naming them is expanded each run
_SCALARS = frozenset({str, int, float, bool, type(None)})
MAX_DEPTH = 64  # nested values in a context: deeper, the face is expanded each run


class _NotPlain(Exception):
    """A value whose text may not say all a template can read of it."""


def expand(renderer: Any, tpl: Any, context: dict[str, Any], left: float,
           began: float) -> str:
    """`renderer._expand`, or the SVG the same template expanded to from the same context
    in an earlier run, its notes (text that did not fit) noted again."""
    known = ACTIVE.get()
    kept = None if known is None else bundle.find(KIND, repr(renderer.folders))
    key = None if kept is None or known is None else _key(known, renderer, tpl, context)
    if key is None or kept is None:
        result: str = renderer._expand(tpl, context, left, began)
        return result
    data = kept.get(key)
    if data is not None:
        try:
            svg, notes = marshal.loads(data)
        except (EOFError, ValueError, TypeError):  # an entry of another make: replaced
            svg, notes = None, None
        if type(svg) is str and type(notes) is list and all(type(n) is str for n in notes):
            renderer.overflows.extend((note, renderer.where) for note in notes)
            return svg
    before = len(renderer.overflows)
    svg = renderer._expand(tpl, context, left, began)
    noted = renderer.overflows[before:]
    if all(type(m) is str and where == renderer.where for m, where in noted):
        kept.put(key, marshal.dumps((svg, [message for message, _ in noted])))
    return svg


def _key(known: dict[Any, Any], renderer: Any, tpl: Any, context: dict[str, Any]
         ) -> str | None:
    folders = tuple(str(f) for f in renderer.folders)
    game = str(renderer.game_folder) if renderer.game_folder is not None else None
    if ("templates", folders) not in known:  # (looked at once a run)
        known["templates", folders] = _sources(folders)
    if ("images", game) not in known:
        known["images", game] = _images(game)
    sources, images = known["templates", folders], known["images", game]
    if sources is None or images is None:
        return None
    try:
        plain = [(name, _value(value, known)) for name, value in context.items()]
    except _NotPlain:
        return None
    return cache.key(KIND, tpl.name, folders, sources, game, images, plain)


def _sources(folders: tuple[str, ...]) -> str | None:
    """One hash of every file's name and content in the search folders; None when one
    is reached through a link to a folder, or a template may name random or lipsum."""
    h = hashlib.sha256()
    for folder in folders:
        for dirpath, dirs, files in os.walk(folder):
            if any(os.path.islink(os.path.join(dirpath, d)) for d in dirs):
                return None
            dirs.sort()
            for name in sorted(files):
                path = os.path.join(dirpath, name)
                try:
                    if not os.path.isfile(path):  # a FIFO: never opened (it could block)
                        return None
                    with open(path, "rb") as fh:
                        data = fh.read()
                except OSError:
                    return None
                if any(word in data for word in _CHANCE):
                    return None
                h.update(f"{os.path.relpath(path, folder)}\0{len(data)}\0".encode(
                    "utf-8", "surrogateescape") + data)
        h.update(b"\1")
    return h.hexdigest()


def _images(game: str | None) -> str | None:
    """One hash of every image file's name and content in the game folder (what icon()
    and fit_rich() may read); None when a folder in it is a link."""
    if game is None:
        return ""
    from pnp.load.imagefiles import SUFFIXES

    digests = cache.Digests()
    h = hashlib.sha256()
    for dirpath, dirs, files in os.walk(game):
        if any(os.path.islink(os.path.join(dirpath, d)) for d in dirs):
            return None
        dirs.sort()
        for name in sorted(files):
            if Path(name).suffix.lower() in SUFFIXES:
                h.update(digests.entry(os.path.join(dirpath, name), game))
    digests.save()
    return h.hexdigest()


def _value(value: Any, known: dict[Any, Any]) -> Any:
    """One value of a context as plain data: where marshal takes it whole (the game's
    data, at C speed), the hash of its marshal (format 2: no references nor interning, so
    equal values give equal bytes, types told apart), once `_plain` found only plain
    types in it (marshal writes a bytearray as bytes); else `_plain`'s."""
    try:
        digest = hashlib.sha256(marshal.dumps(value, 2)).hexdigest()
    except ValueError:  # a dataclass (the face's box), a str subclass...
        return _plain(value, 0)
    if known.get(("plain", id(value))) != digest:  # (the same data: walked once a run)
        _plain(value, 0)
        known["plain", id(value)] = digest
    return "marshal", digest


def _plain(value: Any, depth: int) -> Any:
    """`value` as plain data whose repr says all of it, type by type; _NotPlain if not."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if depth > MAX_DEPTH:
        raise _NotPlain
    if kind is dict:
        return ("dict", [(_plain(k, depth + 1), _plain(v, depth + 1))
                         for k, v in value.items()])
    if kind is list or kind is tuple:
        return (kind.__name__, [_plain(v, depth + 1) for v in value])
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        names = [f.name for f in dataclasses.fields(value)]
        if set(getattr(value, "__dict__", ())) - set(names):  # more than its fields
            raise _NotPlain
        return (kind.__module__, kind.__qualname__,
                [(n, _plain(getattr(value, n), depth + 1)) for n in names])
    raise _NotPlain
