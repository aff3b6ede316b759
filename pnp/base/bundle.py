"""Small entries of the cache between runs (pnp.base.cache) kept as one file per kind and
game: a `pnp validate` keeps hundreds of faces, splits and notes, and writing each in a
file of its own costs more than the run saves (0.4 ms a file created).

Each entry is still found by its own key (a hash of everything that shapes it), so a
bundle holds any mix of old and new entries safely. It is read once, at the first look
in it; at the end of the run (`close`) it is written again, atomically, when this run
added to it: with what the run used, and then the older entries up to as many bytes
again (another language or paper's faces are kept; an edit's leftovers are let go)."""

from __future__ import annotations

import marshal
from contextvars import ContextVar
from typing import Any

from pnp.base import cache

# the bundles of the run in progress (kind, scope) → Bundle; None: none kept (a build)
OPEN: ContextVar[dict[tuple[str, str], Bundle] | None] = ContextVar("pnp_bundles",
                                                                    default=None)


class Bundle:
    """One kind of entry for one scope (a game's folder), read and written whole."""

    def __init__(self, kind: str, scope: str) -> None:
        self.kind, self.key = kind, cache.key(kind, "bundle", scope)
        self.old: dict[str, bytes] | None = None
        self.used: dict[str, bytes] = {}
        self.added = False

    def get(self, key: str) -> bytes | None:
        if self.old is None:
            self.old = _read(self.kind, self.key)
        found = self.used.get(key)
        if found is None:
            found = self.old.get(key)
            if found is not None:
                self.used[key] = found
        return found

    def put(self, key: str, payload: bytes) -> None:
        self.used[key] = payload
        self.added = True

    def close(self) -> None:
        if not self.added:
            return
        kept = dict(self.used)
        room = sum(map(len, kept.values()))
        for key, payload in (self.old or {}).items():
            if key not in kept and len(payload) <= room:
                kept[key] = payload
                room -= len(payload)
        cache.put(self.kind, self.key, marshal.dumps(kept))


def _read(kind: str, key: str) -> dict[str, bytes]:
    data = cache.get(kind, key)
    try:
        found = marshal.loads(data) if data else {}
    except (EOFError, ValueError, TypeError):
        return {}
    if type(found) is not dict or not all(type(k) is str and type(v) is bytes
                                          for k, v in found.items()):
        return {}
    return found


def find(kind: str, scope: str) -> Bundle | None:
    """The run's bundle of `kind` for `scope`, or None outside a run that keeps them
    (or with the cache off)."""
    bundles = OPEN.get()
    if bundles is None or cache.folder() is None:
        return None
    found = bundles.get((kind, scope))
    if found is None:
        found = bundles[kind, scope] = Bundle(kind, scope)
    return found


def close_all(bundles: dict[Any, Bundle]) -> None:
    """Write back each bundle the run added to."""
    for each in bundles.values():
        each.close()
