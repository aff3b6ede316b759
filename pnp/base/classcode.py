"""The code `dataclasses` generates for pnp's classes, compiled once and kept, as Python
keeps a module's bytecode.

`@dataclass` writes the source of each method it adds (__init__, __repr__, __eq__; for a
frozen class __setattr__, __delattr__ and __hash__ too) and compiles it on every start:
~225 small compilations, ~14 ms of the ~170 ms a 62-card deck's whole `pnp build` takes.
What they compile to depends only on that source text, so the command line (pnp.__main__)
gives dataclasses an `exec` that compiles each text as the built-in would (same file name,
no inherited flags) and keeps the result, keyed by the text, in one file beside Jinja's
compiled templates ($XDG_CACHE_HOME/pnp, as pnp.render.templates). The code run is the
code the text compiles to; only the compiling is skipped. The file is named by the
interpreter's bytecode tag and magic number, read whole (a damaged file is no file) and
replaced whole, atomically, when a run compiled a text it did not hold."""

from __future__ import annotations

import builtins
import hashlib
import marshal
import os
import sys
from importlib.util import MAGIC_NUMBER
from typing import Any

MAX_BYTES = 8_000_000  # a file past it is not pnp's: ignored, written again
MAX_ENTRIES = 1500  # (pnp has ~600) past it, texts of older pnps: only this run's kept

_known: dict[bytes, bytes] = {}  # sha1 of a text → its code, marshalled (read when used)
_used: set[bytes] = set()  # the texts this run compiled or read
_added = False  # a text was compiled that the file did not hold
_path: str | None = None


def install() -> None:
    """Route the dataclasses module's `exec` through the kept code. Idempotent; does
    nothing where the cache folder cannot be made."""
    global _path
    import dataclasses

    if vars(dataclasses).get("exec") is _exec:
        return
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "pnp")
    try:
        os.makedirs(folder, mode=0o700, exist_ok=True)
    except OSError:
        return
    _path = os.path.join(folder, f"classes-{sys.implementation.cache_tag}-"
                                 f"{MAGIC_NUMBER.hex()}.marshal")
    try:
        with open(_path, "rb") as kept:
            data = marshal.loads(kept.read(MAX_BYTES + 1))  # (past it: damaged, ignored)
        if isinstance(data, dict):
            _known.update((k, v) for k, v in data.items()
                          if isinstance(k, bytes) and isinstance(v, bytes))
    except (OSError, EOFError, ValueError, TypeError):
        pass  # none yet, or damaged: compiled afresh and written again
    dataclasses.exec = _exec  # type: ignore[attr-defined]  (shadows the built-in there)


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:  # noqa: A002
    global _added
    if globals is None:  # as the built-in: the caller's globals (and locals)
        caller = sys._getframe(1)
        globals = caller.f_globals  # noqa: A001
        locals = caller.f_locals if locals is None else locals  # noqa: A001
    if type(source) is str:
        key = hashlib.sha1(source.encode("utf-8")).digest()
        _used.add(key)
        kept = _known.get(key)
        code = None
        if kept is not None:
            try:
                code = marshal.loads(kept)
            except (EOFError, ValueError, TypeError):
                code = None
        if code is None:  # as exec(text) compiles it: "<string>", none of our flags
            code = compile(source, "<string>", "exec", dont_inherit=True)
            _known[key] = marshal.dumps(code)
            _added = True
        source = code
    builtins.exec(source, globals, locals)


def save() -> None:
    """Write the file again if this run compiled a text it did not hold (a new pnp, or
    the first run); a file that cannot be written is left as it was."""
    global _added
    if not _added or _path is None:
        return
    _added = False
    import tempfile

    known = _known if len(_known) <= MAX_ENTRIES else {k: _known[k] for k in _used}
    try:
        with tempfile.NamedTemporaryFile(dir=os.path.dirname(_path), prefix=".classes-",
                                         delete=False) as out:
            marshal.dump(known, out)
        os.replace(out.name, _path)
    except OSError:
        try:
            os.unlink(out.name)
        except (OSError, UnboundLocalError):
            pass
