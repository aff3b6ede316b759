"""Packages entered without running their __init__, which pnp does not need; the first
other name asked of one runs it."""

from __future__ import annotations

import sys
from typing import Any


def defer_inits() -> None:
    """Enter two packages without running their __init__, which pnp does not need:
    - reportlab.platypus: reportlab.graphics (svglib's drawings) takes only `Flowable`
      from it, but its __init__ imports paragraphs, tables and page templates and compiles
      a large regular expression (~50 ms a command);
    - svglib: its __init__ is the svg2pdf command, and looks up its own version in the
      installed packages' metadata (~20 ms); pnp imports only svglib.svglib and
      svglib.fonts.
    Nothing is lost, only put off: the first other name asked of either runs its
    __init__."""
    _without_init("reportlab.platypus", {"Flowable": "flowables"})
    _without_init("svglib", {})


def _without_init(name: str, names: dict[str, str]) -> None:
    """Put package `name` in sys.modules with its folder but without running its
    __init__, giving `names` (name → the submodule that defines it) from their submodules
    when asked; any other name runs the __init__."""
    if name in sys.modules:
        return
    import importlib.util

    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None or not spec.submodule_search_locations:
        return
    package = importlib.util.module_from_spec(spec)
    loader = spec.loader

    def the_rest(attribute: str) -> Any:
        module = names.get(attribute)
        if module is not None:  # (imported when first asked: a deck without svglib never)
            try:
                value = getattr(importlib.import_module(f"{name}.{module}"), attribute)
            except (ImportError, AttributeError):  # a name moved (another reportlab)
                pass
            else:
                setattr(package, attribute, value)
                return value
        del package.__dict__["__getattr__"]
        loader.exec_module(package)
        return getattr(package, attribute)  # AttributeError when it has no such name

    package.__getattr__ = the_rest  # type: ignore[method-assign]
    parent_name, _, child = name.rpartition(".")
    parent = sys.modules[parent_name] if parent_name else None
    sys.modules[name] = package
    if parent is not None:
        setattr(parent, child, package)
