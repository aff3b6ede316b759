"""The template functions for icons, registered in the sandbox: `icon(path, x, y, w, h)`
draws an icon file of the game, `fit_rich(text, w, h, size)` fits text with **bold**,
*italic* and ***bold italic*** words and :name: icons (the `rich` macro of pnp.svg.j2
draws what it returns).

Both read the renderer that expands the template (`environment.renderer`): the game
folder icon paths are relative to, the item being drawn (an unknown :name: is said at
the item's line) and the list of texts that did not fit (reported as fit_text's are)."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jinja2
from jinja2.exceptions import TemplateRuntimeError
from markupsafe import Markup

from pnp.base.errors import ContentError
from pnp.render.limits import MAX_TEXT, need, size_of

if TYPE_CHECKING:  # imported when a template first draws an icon: lxml and the metrics
    from pnp.render.richtext import Rich

MAX_RICH = 5_000  # characters fit_rich lays out (as fit_text)
MAX_COORD = 100_000.0  # mm
_TAG = re.compile(r"^[\w:=.-]{1,80}$")


def _renderer(context: Any) -> Any:
    return getattr(context.environment, "renderer", None)


def _folder(context: Any) -> Path:
    renderer = _renderer(context)
    folder = getattr(renderer, "game_folder", None)
    if folder is None:
        raise TemplateRuntimeError("icon(): no game folder to find icons in")
    return Path(folder)


def _number(name: str, value: Any, positive: bool = False) -> float:
    if not isinstance(value, int | float) or isinstance(value, bool) or not math.isfinite(
            value) or abs(value) > MAX_COORD or (positive and value <= 0):
        want = "a positive number" if positive else "a number"
        raise TemplateRuntimeError(f"icon(): {name} must be {want} of mm up to "
                                   f"{MAX_COORD:,.0f} (got {str(value)[:30]})")
    return float(value)


@jinja2.pass_context
def icon(context: Any, path: Any, x: Any, y: Any, w: Any = None, h: Any = None,
         colour: str = "#000000", tag: str | None = None) -> Markup:
    """An icon file (path relative to the game folder) in the box x, y, w, h (mm, the
    top-left corner); give w or h to keep its aspect, neither for its true size.
    `colour` is what the icon's currentColor prints as; `tag` a data-pnp tag."""
    from pnp.base.colour import is_colour
    from pnp.load.imagefiles import BadImage
    from pnp.render import icons as icon_files

    box = [_number("x", x), _number("y", y)] + [
        None if v is None else _number(n, v, True) for n, v in (("w", w), ("h", h))]
    if not isinstance(colour, str) or not is_colour(colour):
        raise TemplateRuntimeError(f"icon(): colour must be #rgb, #rrggbb or a colour name "
                                   f"(got {str(colour)[:30]!r})")
    if tag is not None and (not isinstance(tag, str) or not _TAG.match(tag)):
        raise TemplateRuntimeError(f"icon(): tag must be a data-pnp tag such as part:suit "
                                   f"(got {str(tag)[:30]!r})")
    try:
        found = icon_files.load(_folder(context), str(path)[:300])
    except BadImage as exc:
        raise TemplateRuntimeError(f"icon(): {exc}") from exc
    return Markup(icon_files.markup(found, *box, colour=colour, tag=tag))  # type: ignore[arg-type]


@jinja2.pass_context
def fit_rich(context: Any, value: Any, width: float, height: float, size: float,
             min_size: float = 6.0, leading: float = 1.2,
             icons: Mapping[str, str] | None = None) -> Rich:
    """Text with **bold**, *italic* and :name: icons (named in the game's `data.icons`,
    or the mapping given), fitted to a width x height mm box as fit_text fits plain text."""
    numbers = (width, height, size, min_size, leading)
    if not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
               for v in numbers) or not (0 < width <= 5000 and 0 < height <= 5000 and
                                         1 <= min_size <= size <= 400 and 0.5 <= leading <= 5):
        raise ValueError(f"fit_rich needs a box of 0-5000 mm and sizes of 1-400 pt (got "
                         f"width {width}, height {height}, size {size}, min_size {min_size})")
    need(size_of(value), "fit_rich()", MAX_TEXT)
    from pnp.load.imagefiles import BadImage
    from pnp.render import icons as icon_files
    from pnp.render import richtext

    renderer = _renderer(context)
    where = getattr(renderer, "where", (None, None, None))
    mapping = icons if icons is not None else _game_icons(context)
    text = str(value)[:MAX_RICH]
    specs = []
    for name in sorted(richtext.names(text) & set(mapping)):
        try:
            found = icon_files.load(_folder(context), str(mapping[name]))
        except BadImage as exc:
            raise ContentError(f"icon ':{name}:': {exc}", *where) from exc
        specs.append((name, str(mapping[name]), found.aspect))
    try:
        fitted = richtext.fit(text, float(width), float(height), float(size),
                              float(min_size), float(leading), tuple(specs))
    except richtext.RichTextError as exc:
        raise ContentError(str(exc), *where) from exc
    if not fitted.fits and renderer is not None:
        renderer.overflows.append((f"text does not fit its {width:g}x{height:g} mm box even "
                                   f"at {min_size:g} pt: {text[:40]!r}", where))
    return fitted


def _game_icons(context: Any) -> Mapping[str, str]:
    data = context.get("data")
    found = data.get("icons") if isinstance(data, Mapping) else None
    return found if isinstance(found, Mapping) else {}
