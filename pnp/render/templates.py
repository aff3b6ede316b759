"""Expand Jinja SVG templates into one SVG string per face.

The environment is sandboxed with XML autoescape and StrictUndefined: card text such
as `Tom & Jerry <3` prints as typed and cannot inject markup, a template cannot reach
Python internals, and the loader only reads inside its search folders. No value a
template makes passes a fixed size (sandbox), all the templates of a command share one
time budget (budget: PNP_TEMPLATE_SECONDS), and an item's face must be the item's size.
"""

from __future__ import annotations

import math
import os
import time
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

from pnp.base.errors import ContentError
from pnp.load.paths import is_within
from pnp.render import budget, compiled, sandbox, text
from pnp.render.errors import face_of, root_line, template_error, template_frame
from pnp.render.expanded import expand

Where = tuple[str | None, int | None, str | None]

SearchFolder = tuple[Path, Path]  # a folder templates are looked up in, and the root
#                                   it and every template in it must resolve inside


def search_path(game_folder: Path, templates_root: Path, game_id: str) -> list[SearchFolder]:
    """The game's own templates (in its folder), then templates/<game> and templates/common
    in the shipped templates: DESIGN.md section 3's order."""
    return [(game_folder / "templates", game_folder), (templates_root / game_id, templates_root),
            (templates_root / "common", templates_root)]


MAX_NAME = 200  # characters in a template name
MAX_FACE_CHARS = sandbox.MAX_TEXT  # characters of SVG one face may come to
MAX_TEXT = 5_000  # characters fit_text will lay out
MAX_DIGITS = 20  # decimals the num filter writes


class _Outside(jinja2.TemplateNotFound):
    """A template that is a link out of its folders."""

    def __init__(self, name: str, root: Path) -> None:
        super().__init__(name)
        self.root = root


_SETTINGS: dict[str, bool] = {"autoescape": True, "trim_blocks": True, "lstrip_blocks": True,
                              "keep_trailing_newline": False}  # they shape the compiled code


class ConfinedLoader(jinja2.BaseLoader):
    """Templates by name from the search folders, refusing any whose real path (every
    link followed, the folder's own included) leaves its root, and anything that is not
    a regular file (read through safeio, so a FIFO cannot hang it)."""

    def __init__(self, folders: list[SearchFolder]) -> None:
        self.folders = folders

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str | None, Any]:
        from jinja2.loaders import split_template_path

        from pnp.base.errors import InputError
        from pnp.load.safeio import MAX_DOCUMENT_BYTES, read_text

        if len(template) > MAX_NAME or "\x00" in template:
            raise jinja2.TemplateNotFound(template[:40] + "…")
        pieces = split_template_path(template)  # refuses '..'
        for folder, root in self.folders:
            path = folder.joinpath(*pieces)
            if not os.path.lexists(path):
                continue
            if not is_within(path, root):
                raise _Outside(template, root)
            try:
                source = read_text(path, MAX_DOCUMENT_BYTES, "template")
            except InputError as exc:
                raise jinja2.TemplateNotFound(f"{template} ({exc.message})") from exc
            return source, str(path), lambda: True
        raise jinja2.TemplateNotFound(template)

    def list_templates(self) -> list[str]:
        return sorted({p.name for folder, _ in self.folders if folder.is_dir()
                       for p in folder.iterdir()})


class Renderer:
    """One Jinja environment per game; records text that did not fit while rendering."""

    def __init__(self, folders: list[Path] | list[SearchFolder]) -> None:
        pairs = [f if isinstance(f, tuple) else (f, f) for f in folders]
        self.game_folder = pairs[0][1] if pairs else None  # icons are found here
        for folder, root in pairs:
            if os.path.lexists(folder) and not is_within(folder, root):
                raise ContentError(f"{folder.name}/ leads outside {root.name}/ (a link out "
                                   "of the game folder): templates are read only from inside",
                                   folder)
        pairs = [(f, r) for f, r in pairs if f.is_dir()]
        self.folders = [f for f, _ in pairs]
        self.seconds = budget.seconds()  # (a wrong PNP_TEMPLATE_SECONDS: said at once)
        self.budget = budget.current()
        self.env = _Sandbox(loader=ConfinedLoader(pairs), bytecode_cache=compiled.bytecode_cache(
                                _Sandbox, _SETTINGS),
                            undefined=jinja2.StrictUndefined, **_SETTINGS)
        self.env.globals.update(fit_text=self._fit_text, wrap_text=_wrap_text,
                                check_fits=self._check_fits)
        self.env.filters["num"] = _num
        self.env.renderer = self  # type: ignore[attr-defined]  (icon_calls)
        self.overflows: list[tuple[str, Where]] = []  # text that did not fit, and whose
        self.where: Where = (None, None, None)  # the item being rendered: file, line, key
        self._cache: dict[str, jinja2.Template] = {}
        self._reads: dict[str, frozenset[str]] = {}  # template → the variables it reads
        self._roots_ok: set[tuple[object, float, float]] = set()  # root tags found right

    def depends_on(self, name: str, variable: str) -> bool:
        """Whether a template may read `variable` (a back that does not read `item` is the
        same for every item: render it once). Answered from the compiled template's code:
        a name it looks up is a constant there (`resolve('item')`), so a template that
        reads `item` always says so; a text or attribute spelled `item` also does, and
        such a back is rendered for each item, as one that reads it. Parsing the source
        again for jinja2.meta's exact answer cost ~2 ms a template, on every build."""
        if name not in self._reads:
            tpl = self.template(name)  # a clear error if it is missing or broken
            self._reads[name] = compiled.constants(tpl)
        return variable in self._reads[name]

    def has(self, name: str) -> bool:
        if len(name) > MAX_NAME or "\x00" in name:
            return False
        try:
            return any((f / name).is_file() for f in self.folders)
        except OSError:  # a name the file system cannot hold
            return False

    def template(self, name: str) -> jinja2.Template:
        if name not in self._cache:
            try:
                self._cache[name] = self.env.get_template(name)
            except _Outside as exc:
                raise ContentError(f"template '{exc.name}' leads outside {exc.root.name}/ "
                                   "(a link): templates are read only from inside their "
                                   "folders") from exc
            except jinja2.TemplateNotFound as exc:
                where = ", ".join(str(f) for f in self.folders) or "no template folders"
                raise ContentError(f"template '{exc.name}' not found (searched {where})") from exc
            except jinja2.TemplateSyntaxError as exc:
                raise ContentError(f"template syntax error: {exc.message}",
                                   exc.filename or name, exc.lineno) from exc
        return self._cache[name]

    def render(self, name: str, context: dict[str, Any]) -> str:
        """One face's SVG, within what is left of the command's time for templates and
        MAX_FACE_CHARS; an item's face must have the item's size (`face` in `context`)."""
        tpl = self.template(name)
        left = self.seconds - self.budget.spent()
        if left <= 0:  # spent by earlier faces, here or in another process
            raise self._out_of_time(context, tpl.filename or name, None, "before")
        began = time.monotonic()
        self.env.printed = 0
        try:
            svg = expand(self, tpl, context, left, began)  # (validate: kept between runs)
        except budget.OutOfTime as exc:
            path, line = template_frame(exc, tpl)
            raise self._out_of_time(context, path, line, "while") from exc
        except ContentError:
            raise
        except Exception as exc:  # noqa: BLE001 - anything the template's own code raises
            raise template_error(exc, tpl) from exc
        finally:
            self.budget.add(time.monotonic() - began)
        face = context.get("face")
        if hasattr(face, "full_w") and hasattr(face, "full_h"):
            self._check_root(svg, face, tpl, context)
        return svg

    def _expand(self, tpl: jinja2.Template, context: dict[str, Any], left: float,
                began: float) -> str:
        with budget.deadline(left) as timed:
            parts: list[str] = []
            size = 0
            for chunk in tpl.generate(context):
                size += len(chunk)
                if size > MAX_FACE_CHARS:
                    raise sandbox.TooBig(f"the template's output passed {MAX_FACE_CHARS:,} "
                                         "characters for one face")
                if not timed and time.monotonic() - began > left:
                    raise budget.OutOfTime
                parts.append(chunk)
        return "".join(parts)

    def _out_of_time(self, context: dict[str, Any], path: str | None, line: int | None,
                     when: str) -> ContentError:
        """The face the command's time for templates ran out on, named."""
        comp, item, side = face_of(context)
        face = f"the {side} of item '{item}'" if item else f"the {side}"
        return ContentError(
            f"templates ran longer than {self.seconds:g} s in all, the time one command may "
            f"spend in them (set {budget.ENV} to allow more); it ran out {when} {face} "
            "was expanded",
            path, line, f"components.{comp}" if comp else None)

    def _check_root(self, svg: str, face: Any, tpl: jinja2.Template,
                    context: dict[str, Any]) -> None:
        """An item's face whose root <svg> is not the item's size (trim and bleed) is
        drawn at that other size: an error at the template, in validate and build."""
        from pnp.render.drawable import root_attrs, root_mismatch

        known = (root_attrs(svg), face.full_w, face.full_h)  # a deck's faces share it
        if known in self._roots_ok:
            return
        comp, _, side = face_of(context)
        what = f"a {comp} face" if comp else "the face"
        wrong = root_mismatch(svg, round(face.full_w, 4), round(face.full_h, 4),
                              f"{what} ({face.w:g} x {face.h:g} mm and {face.bleed:g} mm "
                              "bleed each side)")
        if wrong:
            raise ContentError(wrong, tpl.filename, root_line(self.env, tpl),
                               f"components.{comp}.{side}" if comp else None)
        self._roots_ok.add(known)

    def _check_fits(self, used: float, room: float, what: str = "text") -> str:
        """For templates that stack several texts: record when the stack runs past its
        room (mm), so `pnp validate` reports it like a single text that does not fit."""
        if used > room + 0.01:
            self.overflows.append((f"{what} runs {used - room:.1f} mm past its {room:g} mm",
                                   self.where))
        return ""

    def _fit_text(self, value: Any, width: float, height: float, size: float,
                  min_size: float = 6.0, bold: bool = False,
                  leading: float = 1.2) -> text.Fitted:
        numbers = (width, height, size, min_size, leading)
        if not all(isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)
                   for v in numbers) or not (0 < width <= 5000 and 0 < height <= 5000
                                             and 1 <= min_size <= size <= 400
                                             and 0.5 <= leading <= 5):
            raise ValueError(f"fit_text needs a box of 0-5000 mm and sizes of 1-400 pt "
                             f"(got width {width}, height {height}, size {size}, "
                             f"min_size {min_size})")
        sandbox.need(sandbox.size_of(value), "fit_text()", sandbox.MAX_TEXT)
        fitted = text.fit(str(value)[:MAX_TEXT], width, height, size, min_size, bold, leading)
        if not fitted.fits:
            self.overflows.append((
                f"text does not fit its {width:g}x{height:g} mm box even at "
                f"{min_size:g} pt: {str(value)[:40]!r}", self.where))
        return fitted


def _num(value: float, digits: int = 3) -> str:
    """Compact number for SVG attributes: 12.5, not 12.500000001."""
    if not isinstance(digits, int) or not 0 <= digits <= MAX_DIGITS:
        raise ValueError(f"num takes 0 to {MAX_DIGITS} digits (got {str(digits)[:20]})")
    if type(value) is float or type(value) is int:  # the same few sizes on every card
        return _num_cached(value, digits)
    return _num_text(value, digits)


@lru_cache(maxsize=4096)
def _num_cached(value: float, digits: int) -> str:
    return _num_text(value, digits)


def _num_text(value: float, digits: int) -> str:
    text_value = f"{float(value):.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text_value in ("-0", "") else text_value


_Sandbox = sandbox.Sandbox


def _wrap_text(value: Any, width_mm: float, size: float, bold: bool = False) -> list[str]:
    sandbox.need(sandbox.size_of(value), "wrap_text()", sandbox.MAX_TEXT)
    return text.wrap(value, width_mm, size, bold)
