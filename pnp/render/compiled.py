"""What pnp keeps of Jinja's compiled templates: their bytecode between runs, and the
names a compiled template looks up (Renderer.depends_on)."""

from __future__ import annotations

import hashlib
import os
import types
from pathlib import Path
from typing import Any

import jinja2

from pnp.render import sandbox


def constants(tpl: jinja2.Template) -> frozenset[str]:
    """Every text constant in a compiled template's code: its root, the macros and call
    blocks nested in it, and its blocks. A name the template looks up is one of them
    (`resolve('item')`), so this holds every variable it reads, and perhaps more."""
    found: set[str] = set()
    codes = [tpl.root_render_func.__code__, *(f.__code__ for f in tpl.blocks.values())]
    while codes:
        for const in codes.pop().co_consts:
            if type(const) is str:
                found.add(const)
            elif isinstance(const, types.CodeType):
                codes.append(const)
    return frozenset(found)


def bytecode_cache(env_class: Any, settings: dict[str, bool]) -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs (~30 ms a command), keyed by template source;
    none when the cache folder cannot be written. Jinja checks only the source, so the
    folder is named by everything else the compiled code depends on: Jinja's version and
    the sandbox's settings (code compiled before `**` was guarded is never loaded by a
    pnp that guards it)."""
    shape = repr((jinja2.__version__, sorted(env_class.intercepted_binops),
                  sorted(env_class.intercepted_unops), sorted(settings.items()),
                  env_class.code_generator_class.__name__, sandbox.GUARDS))
    tag = hashlib.sha1(shape.encode()).hexdigest()[:12]
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "pnp" / f"jinja-{jinja2.__version__}-{tag}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(str(folder))
