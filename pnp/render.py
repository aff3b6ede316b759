"""Expand Jinja SVG templates into one SVG string per face.

The environment is sandboxed with XML autoescape and StrictUndefined: card text such
as `Tom & Jerry <3` prints as typed and cannot inject markup, a template cannot reach
Python internals, and the loader only reads inside its search folders.
"""

from __future__ import annotations

import traceback
from pathlib import Path
from typing import Any

import jinja2
from jinja2.sandbox import ImmutableSandboxedEnvironment

from . import text
from .errors import ContentError
from .paths import is_within

TEMPLATE_SUFFIX = ".svg.j2"
Where = tuple[str | None, int | None, str | None]


def search_path(game_folder: Path, templates_root: Path, game_id: str) -> list[Path]:
    """content/<game>/templates, then templates/<game>, then templates/common."""
    return [game_folder / "templates", templates_root / game_id, templates_root / "common"]


class ConfinedLoader(jinja2.FileSystemLoader):
    """A FileSystemLoader that also refuses files whose real path (symlinks followed)
    leaves their search folder."""

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str | None, Any]:
        source, filename, uptodate = super().get_source(environment, template)
        real = Path(filename).resolve() if filename else None
        if real is None or not any(is_within(real, Path(f).resolve()) for f in self.searchpath):
            raise jinja2.TemplateNotFound(f"{template} (it leads outside the template folders)")
        return source, filename, uptodate



class Renderer:
    """One Jinja environment per game; records text that did not fit while rendering."""

    def __init__(self, folders: list[Path]) -> None:
        self.folders = [f for f in folders if f.is_dir()]
        self.env = ImmutableSandboxedEnvironment(
            loader=ConfinedLoader([str(f) for f in self.folders]),
            bytecode_cache=_bytecode_cache(),
            autoescape=True,
            undefined=jinja2.StrictUndefined,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=False,
        )
        self.env.globals.update(fit_text=self._fit_text, wrap_text=text.wrap,
                                check_fits=self._check_fits)
        self.env.filters["num"] = _num
        self.overflows: list[tuple[str, Where]] = []  # text that did not fit, and whose
        self.where: Where = (None, None, None)  # the item being rendered: file, line, key
        self._cache: dict[str, jinja2.Template] = {}

    def depends_on(self, name: str, variable: str) -> bool:
        """Whether a template reads `variable` (a back that does not read `item` is the
        same for every item: render it once)."""
        from jinja2 import meta

        self.template(name)  # a clear error if it is missing or broken
        source, _, _ = self.env.loader.get_source(self.env, name)  # type: ignore[union-attr]
        return variable in meta.find_undeclared_variables(self.env.parse(source))

    def has(self, name: str) -> bool:
        return any((f / name).is_file() for f in self.folders)

    def template(self, name: str) -> jinja2.Template:
        if name not in self._cache:
            try:
                self._cache[name] = self.env.get_template(name)
            except jinja2.TemplateNotFound as exc:
                where = ", ".join(str(f) for f in self.folders) or "no template folders"
                raise ContentError(f"template '{exc.name}' not found (searched {where})") from exc
            except jinja2.TemplateSyntaxError as exc:
                raise ContentError(f"template syntax error: {exc.message}",
                                   exc.filename or name, exc.lineno) from exc
        return self._cache[name]

    def render(self, name: str, context: dict[str, Any]) -> str:
        tpl = self.template(name)
        try:
            return tpl.render(context)
        except jinja2.TemplateNotFound as exc:
            path, line = _template_frame(exc, tpl)
            raise ContentError(f"template '{exc.name}' not found (templates can use only "
                               "files in their search folders)", path, line) from exc
        except jinja2.UndefinedError as exc:
            path, line = _template_frame(exc, tpl)
            raise ContentError(f"template uses an undefined value: {exc.message}",
                               path, line) from exc
        except jinja2.exceptions.SecurityError as exc:
            path, line = _template_frame(exc, tpl)
            raise ContentError(f"template not allowed: {exc}", path, line) from exc
        except jinja2.TemplateError as exc:
            path, line = _template_frame(exc, tpl)
            raise ContentError(f"template error: {exc}", path, line) from exc
        except (TypeError, ValueError, ZeroDivisionError, KeyError) as exc:
            path, line = _template_frame(exc, tpl)
            raise ContentError(f"template error: {exc}", path, line) from exc

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
        fitted = text.fit(str(value), width, height, size, min_size, bold, leading)
        if not fitted.fits:
            self.overflows.append((
                f"text does not fit its {width:g}x{height:g} mm box even at "
                f"{min_size:g} pt: {str(value)[:40]!r}", self.where))
        return fitted


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates kept between runs (~30 ms a command), keyed by template source;
    none when the cache folder cannot be written."""
    import os

    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = Path(base) / "pnp" / f"jinja-{jinja2.__version__}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return jinja2.FileSystemBytecodeCache(str(folder))


def _num(value: float, digits: int = 3) -> str:
    """Compact number for SVG attributes: 12.5, not 12.500000001."""
    text_value = f"{float(value):.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text_value in ("-0", "") else text_value


def _template_frame(exc: BaseException, tpl: jinja2.Template) -> tuple[str | None, int | None]:
    """The template file and line where rendering failed, from Jinja's rewritten traceback."""
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename and frame.filename.endswith(TEMPLATE_SUFFIX):
            return frame.filename, frame.lineno
    return tpl.filename, None
