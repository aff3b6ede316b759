"""A template's failures as one line each, at the template's file and line, naming the
face (component, item, side) where that helps: Jinja's errors, a value too large, the
command's time for templates spent, a face's root of the wrong size; but never a failure
of reportlab's or svglib's own code, which is pnp's."""

from __future__ import annotations

import re
import traceback
from typing import Any

import jinja2

from pnp.base.errors import ContentError
from pnp.render.sandbox import TooBig

TEMPLATE_SUFFIX = ".svg.j2"
RENDERERS = ("reportlab", "svglib")  # packages whose failures are never a template's


def template_frame(exc: BaseException, tpl: jinja2.Template) -> tuple[str | None, int | None]:
    """The template file and line where rendering failed, from Jinja's rewritten traceback."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename and frame.filename.endswith(TEMPLATE_SUFFIX):
            return frame.filename, frame.lineno
    return tpl.filename, None


def face_of(context: dict[str, Any]) -> tuple[str, str, str]:
    """(component id, item id, side) of the face a context is for ('' when unknown)."""
    def field(name: str, key: str) -> str:
        value = context.get(name)
        return str(value.get(key, ""))[:80] if isinstance(value, dict) else ""

    return field("component", "id"), field("item", "id"), str(context.get("side", "face"))


def root_line(env: jinja2.Environment, tpl: jinja2.Template) -> int | None:
    """The template line that writes the face's root: its <svg>, or its pnp.face() call."""
    try:
        source, _, _ = env.loader.get_source(env, tpl.name or "")  # type: ignore[union-attr]
    except jinja2.TemplateError:
        return None
    found = re.search(r"<svg\b|\bface\(", source)
    return source.count("\n", 0, found.start()) + 1 if found else None


def raised_in_renderer(exc: BaseException) -> bool:
    """Whether `exc` came out through reportlab's or svglib's code. A template reaches them
    only through pnp's helpers (fit_text measures with the registered font), which pass
    them what pnp has checked: a failure there is pnp's, or an incompatible release's."""
    tb = exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_globals.get("__name__", "").partition(".")[0] in RENDERERS:
            return True
        tb = tb.tb_next
    return False


def template_error(exc: BaseException, tpl: jinja2.Template) -> ContentError:
    """A template's failure as one line at its file and line; an exception raised inside
    reportlab or svglib is raised again (raised_in_renderer), for the CLI's internal
    error."""
    path, line = template_frame(exc, tpl)
    if isinstance(exc, TooBig):
        return ContentError(f"template too large: {exc}", path, line)
    if isinstance(exc, jinja2.TemplateNotFound):
        return ContentError(f"template '{exc.name}' not found (templates can use only "
                            "files in their search folders)", path, line)
    if isinstance(exc, jinja2.UndefinedError):
        return ContentError(f"template uses an undefined value: {exc.message}", path, line)
    if isinstance(exc, jinja2.exceptions.SecurityError):
        return ContentError(f"template not allowed: {exc}", path, line)
    if isinstance(exc, jinja2.TemplateError):
        return ContentError(f"template error: {exc}", path, line)
    if raised_in_renderer(exc):
        raise exc  # pnp's own helpers called it with what pnp checked: exit 70, not 1
    if isinstance(exc, RecursionError | MemoryError):
        return ContentError(f"template too large: {type(exc).__name__}", path, line)
    return ContentError(f"template error: {type(exc).__name__}: {str(exc)[:120]}", path, line)
