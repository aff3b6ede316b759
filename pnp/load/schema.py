"""Turn parsed YAML into typed dataclasses, collecting every problem with its line.

Small on purpose: content models are plain dataclasses, and this module checks their
type hints (str, int, float, bool, Literal, list, dict, unions with None, nested
dataclasses). Unknown keys are errors with a "did you mean" hint.
"""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from typing import (
    Annotated,
    Any,
    Literal,
    TypeVar,
    get_args,
    get_origin,
    get_type_hints,
)

from pnp.base.errors import Problem, shown
from pnp.load.fieldtypes import (  # noqa: F401  (the content models import them from here)
    MAX_NAME,
    MAX_TEXT,
    Colour,
    Name,
    NonEmpty,
    Range,
    Size,
    TemplateName,
    limit_problem,
    too_long,
)
from pnp.load.source import Key, Source

T = TypeVar("T")

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        _HINTS[cls] = get_type_hints(cls, include_extras=True)
    return _HINTS[cls]


def problem(src: Source, key: Key, message: str, severity: str = "error") -> Problem:
    return Problem(severity, str(src.path), src.line(key), src.label(key) or None, message)


def did_you_mean(word: str, choices: typing.Iterable[str]) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def not_a_key(value: object, names: typing.Iterable[str], what: str) -> str:
    """The message for a value that must name an entry of another mapping."""
    known = [str(n) for n in names]
    return (f"no {what} '{value}' ({what}s: {', '.join(known) or 'none'})"
            f"{did_you_mean(str(value), known)}")


def _type_name(tp: Any) -> str:
    origin = get_origin(tp)
    if origin is Annotated:
        return _type_name(get_args(tp)[0])
    if tp is str:
        return "text"
    if tp is Colour:
        return "a colour"
    if tp is int:
        return "a whole number"
    if tp is float:
        return "a number"
    if tp is bool:
        return "true or false"
    if origin is list:
        return "a list"
    if origin is dict or (dataclasses.is_dataclass(tp)):
        return "a mapping"
    if origin is Literal:
        return "one of " + ", ".join(str(a) for a in get_args(tp))
    return str(tp)


def _got(value: Any) -> str:
    return shown(value, 40)  # a long value: its start and its length


def convert(tp: Any, value: Any, src: Source, key: Key, problems: list[Problem]) -> Any:
    """Check `value` against type `tp`; append problems; return the converted value."""
    origin = get_origin(tp)
    if tp is Any:
        return value
    if origin is Annotated:
        base, *marks = get_args(tp)
        for mark in marks if isinstance(value, str) else ():  # its own limit, not MAX_TEXT
            message = limit_problem(mark, value)
            if message:
                problems.append(problem(src, key, message))
                return None
        before = len(problems)
        out = convert(base, value, src, key, problems)
        if len(problems) == before:
            for mark in marks:
                message = limit_problem(mark, out)
                if message:
                    problems.append(problem(src, key, message))
        return out
    if tp is Colour:
        from pnp.base.colour import is_colour

        if not is_colour(value):
            problems.append(problem(src, key, f"must be a colour: #rrggbb, #rgb or a name such "
                                              f"as 'red' (got {_got(value)})"))
            return None
        return value
    if tp is TemplateName:
        if not isinstance(value, str):
            problems.append(problem(src, key, f"must be a template file name such as "
                                              f"card-front.svg.j2 (got {_got(value)})"))
            return None
        return convert(str, value, src, key, problems)
    if origin in (typing.Union, types.UnionType):
        options = get_args(tp)
        if value is None and type(None) in options:
            return None
        non_none = [o for o in options if o is not type(None)]
        if len(non_none) == 1:
            return convert(non_none[0], value, src, key, problems)
        for option in non_none:  # first option that converts cleanly wins
            trial: list[Problem] = []
            out = convert(option, value, src, key, trial)
            if not trial:
                return out
        names = " or ".join(_type_name(o) for o in non_none)
        problems.append(problem(src, key, f"must be {names} (got {_got(value)})"))
        return None
    if origin is Literal:
        allowed = get_args(tp)
        if value not in allowed:
            hint = did_you_mean(str(value), [str(a) for a in allowed])
            names = ", ".join(str(a) for a in allowed)
            problems.append(problem(src, key, f"must be one of {names} (got {_got(value)}){hint}"))
            return None
        return value
    if tp is bool:
        if not isinstance(value, bool):
            problems.append(problem(src, key, f"must be true or false (got {_got(value)})"))
            return None
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            problems.append(problem(src, key, f"must be a whole number (got {_got(value)})"))
            return None
        if abs(value) > 10**9:
            problems.append(problem(src, key, f"number too large (got {_got(value)})"))
            return None
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            problems.append(problem(src, key, f"must be a number (got {_got(value)})"))
            return None
        if abs(value) > 1e9 or value != value:
            problems.append(problem(src, key, f"number out of range (got {_got(value)})"))
            return None
        return float(value)
    if tp is str:
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            problems.append(problem(src, key, f"must be text (got {_got(value)})"))
            return None
        if isinstance(value, str) and len(value) > MAX_TEXT:
            problems.append(problem(src, key, too_long(value, MAX_TEXT)))
            return None
        return str(value)
    if origin is list:
        if not isinstance(value, list):
            problems.append(problem(src, key, f"must be a list (got {_got(value)})"))
            return []
        (item_tp,) = get_args(tp)
        if item_tp is float and all(type(v) is float and abs(v) <= 1e9 for v in value):
            return list(value)  # (an outline's coordinates: each as it is, in one pass)
        if item_tp == list[float] and all(  # (a ring of points: 13,000 of them a board)
                type(p) is list and all(type(v) is float and abs(v) <= 1e9 for v in p)
                for p in value):
            return [list(p) for p in value]
        return [convert(item_tp, v, src, key + (i,), problems) for i, v in enumerate(value)]
    if origin is dict:
        if not isinstance(value, dict):
            problems.append(problem(src, key, f"must be a mapping (got {_got(value)})"))
            return {}
        key_tp, val_tp = get_args(tp)
        if key_tp is not str:  # e.g. Literal["1", "2"]: the keys the code looks up
            for k in value:
                convert(key_tp, k, src, key + (k,), problems)
        return {k: convert(val_tp, v, src, key + (k,), problems) for k, v in value.items()}
    if dataclasses.is_dataclass(tp):
        return convert_dataclass(tp, value, src, key, problems)
    raise TypeError(f"unsupported type in model: {tp}")  # a bug in pnp, not in content


def convert_dataclass(cls: type[T], value: Any, src: Source, key: Key,
                      problems: list[Problem]) -> T | None:
    if not isinstance(value, dict):
        problems.append(problem(src, key, f"must be a mapping (got {_got(value)})"))
        return None
    hints = _hints(cls)
    fields = {f.name: f for f in dataclasses.fields(cls) if f.init}  # type: ignore[arg-type]
    names = {f.metadata.get("yaml", f.name): f.name for f in fields.values()}
    for k in value:
        if k not in names:
            hint = did_you_mean(k, names)
            problems.append(problem(src, key + (k,), f"unknown key{hint}"))
    kwargs: dict[str, Any] = {}
    ok = True
    for yaml_name, attr in names.items():
        f = fields[attr]
        if yaml_name in value:
            before = len(problems)
            kwargs[attr] = convert(hints[attr], value[yaml_name], src, key + (yaml_name,),
                                   problems)
            ok = ok and len(problems) == before
        elif (f.default is dataclasses.MISSING
              and f.default_factory is dataclasses.MISSING):  # type: ignore[misc]
            problems.append(problem(src, key + (yaml_name,), "required key is missing"))
            ok = False
    if not ok:
        return None
    obj = cls(**kwargs)
    if hasattr(obj, "_where"):
        obj._where = (src, key)  # type: ignore[attr-defined]
    shape = getattr(obj, "shape_problems", None)
    if shape is not None:  # what types alone cannot say: a value naming a sibling's key
        found = [problem(src, key + sub, message) for sub, message in shape()]
        problems.extend(found)
        if found:
            return None
    return obj


def checked_data(cls: type, value: Any, src: Source, key: Key, problems: list[Problem]) -> Any:
    """`value` (at `key` of `src`) checked against `cls`, as plain mappings and lists for
    the code and templates that read it: the values as written, but text given as a number
    (`name: 5`) as the text '5' that the schema accepted. None when it has problems."""
    before = len(problems)
    obj = convert_dataclass(cls, value, src, key, problems)
    if obj is None or len(problems) > before:
        return None
    return as_plain(obj, value)


def as_plain(converted: Any, raw: Any) -> Any:
    """`raw` as written, with text written as a number replaced by the text `converted`
    (what the schema made of it) holds."""
    if dataclasses.is_dataclass(converted) and isinstance(raw, dict):
        names = {f.metadata.get("yaml", f.name): f.name for f in dataclasses.fields(converted)}
        return {k: as_plain(getattr(converted, names[k]), v) if k in names else v
                for k, v in raw.items()}
    if isinstance(converted, dict) and isinstance(raw, dict):
        return {k: as_plain(converted.get(k), v) for k, v in raw.items()}
    if isinstance(converted, list) and isinstance(raw, list) and len(converted) == len(raw):
        if all(type(c) is float for c in converted):  # numbers stay as written
            return list(raw)
        return [as_plain(c, r) for c, r in zip(converted, raw, strict=True)]
    if isinstance(converted, str) and not isinstance(raw, str):
        return converted  # a number written where text belongs: its text
    return raw
