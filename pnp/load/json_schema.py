"""JSON Schema (draft 2020-12) of pnp's content files, made from the dataclasses and type
hints schema.convert checks them with, so an editor's completion and inline errors say
what `pnp validate` says. Only keywords draft 7 shares are used ($defs reached by JSON
pointer; no prefixItems, no unevaluated*), so draft 7 validators (VS Code's YAML
extension, for years) read it as meant.

A schema may be more lenient than pnp, never stricter: what it refuses, pnp refuses too.
What types cannot say (a language code's form, a name that must be another key) is
checked by pnp alone."""

from __future__ import annotations

import dataclasses
import re
import types
import typing
from typing import Annotated, Any, Literal, get_args, get_origin, get_type_hints

from pnp.load.fieldtypes import MAX_NAME, MAX_TEXT, Colour, Range, Size, TemplateName
from pnp.load.keyhelp import KEYS, VALUES, docstring, explain
from pnp.load.model import ComponentSpec, FieldSpec, GameSpec

DIALECT = "https://json-schema.org/draft/2020-12/schema"
ITEM_FILES = (".yaml", ".yml")  # the files a JSON Schema describes (not spreadsheets)
NO_ITEMS = ("sheet", "pad", "board")  # kinds whose `file` is their own (content.load_game)
Schema = dict[str, Any]


def field_types() -> tuple[str, ...]:
    """The field types FieldSpec allows, as the code declares them."""
    return get_args(get_type_hints(FieldSpec)["type"])


def game_schema(data_schema: type | None = None) -> Schema:
    """The schema of a game.yaml; with a game's `data:` shape (its hooks' data_schema)."""
    builder = _Builder()
    root = builder.dataclass_schema(GameSpec)
    if data_schema is not None:
        root["properties"]["data"] = {**builder.of(data_schema),
                                      "description": KEYS["GameSpec.data"]}
    return {"$schema": DIALECT, "title": "pnp game.yaml", **root, "$defs": builder.defs}


def items_schema(spec: GameSpec, data_fields: dict[str, Any] | None = None,
                 file: str | None = None) -> Schema:
    """The schema of a game's item files (all of them, or the one named `file`): each
    component's list under its key (its id or `items_key`), each item its id, copies
    and the component's fields."""
    builder = _Builder()
    lists: dict[str, Schema] = {}
    for comp_id, comp in spec.components.items():
        if comp.file not in item_files(spec) or file not in (None, comp.file) or (
                comp.kind in NO_ITEMS):
            continue
        top = comp.items_key or comp_id
        entry = {"type": "array", "description": f"{comp.title}: the items of component "
                                                 f"{comp_id}, in {comp.file}",
                 "items": item_schema(comp, spec.languages, builder, data_fields or {})}
        lists[top] = {"anyOf": [lists[top], entry]} if top in lists else entry
    title = f"pnp item file of {spec.id}" + (f": {file}" if file else "")
    return {"$schema": DIALECT, "title": title, "type": "object", "properties": lists,
            "additionalProperties": False, "$defs": builder.defs}


def custom_schema(spec: GameSpec, data_fields: dict[str, Any] | None = None) -> Schema:
    """The schema of a custom file (`--custom`) for a game that reads the usual shape:
    items under their component's id, each of which may say `replaces`."""
    builder = _Builder()
    lists: Schema = {}
    for comp_id, comp in spec.components.items():
        if comp.kind != "sheet":  # as content._load_custom
            item = item_schema(comp, spec.languages, builder, data_fields or {})
            item["properties"]["replaces"] = item_base(custom=True)["replaces"]
            lists[comp_id] = {"type": "array", "items": item,
                              "description": f"your own {comp.title.lower()}"}
    return {"$schema": DIALECT, "title": f"pnp custom file for {spec.id}", "type": "object",
            "properties": lists, "additionalProperties": False, "$defs": builder.defs}


def item_files(spec: GameSpec) -> list[str]:
    """The YAML item files a game.yaml names, in its order."""
    files = [c.file for c in spec.components.values() if c.file and c.kind not in NO_ITEMS]
    return list(dict.fromkeys(f for f in files if f.lower().endswith(ITEM_FILES)))


def item_schema(comp: ComponentSpec, languages: list[str], builder: _Builder | None = None,
                data_fields: dict[str, Any] | None = None) -> Schema:
    """One item as items.load_items checks it."""
    builder = builder or _Builder()
    props = item_base()
    required = ["id"]
    for name, fspec in comp.fields.items():
        shape = (data_fields or {}).get(name) if fspec.type == "data" else None
        value = builder.of(shape) if shape is not None else field_value(fspec, languages)
        must = fspec.required or shape is not None  # null counts as missing
        props[name] = value if must else _or_null(value)
        if fspec.help:
            props[name] = {**props[name], "description": fspec.help}
        if must:
            required.append(name)
    return {"type": "object", "properties": props, "required": required,
            "additionalProperties": False}


def item_base(custom: bool = False) -> Schema:
    """The keys every item has, whatever its component's fields (and a custom file's)."""
    out: Schema = {
        "id": {"type": ["string", "integer"], "minLength": 1, "maxLength": MAX_NAME,
               "description": KEYS["Item.id"]},
        "copies": {"type": "integer", "minimum": 1, "maximum": 1000, "default": 1,
                   "description": KEYS["Item.copies"]},
    }
    if custom:
        out["replaces"] = {"type": ["string", "integer", "null"],
                           "description": KEYS["Item.replaces"]}
    return out


def field_value(spec: FieldSpec, languages: list[str]) -> Schema:
    """What an item's value of a field of this type may be (items._check_value)."""
    text: Schema = {"type": "string", "maxLength": MAX_TEXT}
    if spec.type == "text":
        if not spec.translated:
            return text
        return {"anyOf": [text, {"type": "object", "propertyNames": {"enum": languages},
                                 "additionalProperties": text}]}
    if spec.type in ("int", "number"):
        out: Schema = {"type": "integer" if spec.type == "int" else "number"}
        out.update(_bounds(spec.min, spec.max))
        return out
    if spec.type == "bool":
        return {"type": "boolean"}
    if spec.type == "image":  # a file's path: pnp checks the file
        return {"type": "string", "minLength": 1}
    if spec.type == "choice":  # pnp compares the value's text: 3 is the choice "3"
        return {"enum": [*(spec.choices or []), *_numbers(spec.choices or [])]}
    return {"not": {"type": "null"}}  # data, or a type this schema does not know: any value


def _numbers(choices: list[str]) -> list[int | float]:
    """The numbers YAML reads for choices written as digits (`3`, `1.5`)."""
    out: list[int | float] = []
    for c in choices:
        if re.fullmatch(r"-?\d+", c) and str(int(c)) == c:
            out.append(int(c))
        elif re.fullmatch(r"-?\d+\.\d+", c) and str(float(c)) == c:
            out.append(float(c))
    return out


def _bounds(lo: float | None, hi: float | None) -> Schema:
    out: Schema = {}
    if lo is not None:
        out["minimum"] = int(lo) if float(lo).is_integer() else lo
    if hi is not None:
        out["maximum"] = int(hi) if float(hi).is_integer() else hi
    return out


def _or_null(schema: Schema) -> Schema:
    """`schema`, or null (a key written with no value)."""
    kind = schema.get("type")
    if kind is not None and "anyOf" not in schema:
        return {**schema, "type": [*([kind] if isinstance(kind, str) else kind), "null"]}
    if set(schema) == {"enum"}:
        return {"enum": [*schema["enum"], None]}
    return {} if schema == {"not": {"type": "null"}} else {"anyOf": [schema, {"type": "null"}]}


class _Builder:
    """Turns type hints into schemas, each dataclass once under $defs."""

    def __init__(self) -> None:
        self.defs: dict[str, Schema] = {}
        self.names: dict[type, str] = {}

    def of(self, tp: Any) -> Schema:
        origin = get_origin(tp)
        if tp is Any:
            return {}
        if origin is Annotated:
            base, *marks = get_args(tp)
            out = dict(self.of(base))
            for mark in marks:
                out.update(_limits(mark, out))
            return out
        if tp is Colour:
            return colour_schema()
        if tp is TemplateName:
            return {"type": "string", "maxLength": MAX_TEXT, "title": "a template's file name"}
        if origin in (typing.Union, types.UnionType):
            options = get_args(tp)
            schemas = [self.of(o) for o in options if o is not type(None)]
            one = schemas[0] if len(schemas) == 1 else {"anyOf": schemas}
            return _or_null(one) if type(None) in options else one
        if origin is Literal:
            return {"enum": list(get_args(tp))}
        simple = {bool: "boolean", int: "integer", float: "number"}
        if tp in simple:
            return {"type": simple[tp]}
        if tp is str:  # a number written where text belongs is taken as its text
            return {"type": ["string", "number"], "maxLength": MAX_TEXT}
        if origin is list:
            return {"type": "array", "items": self.of(get_args(tp)[0])}
        if origin is dict:
            key_tp, val_tp = get_args(tp)
            out = {"type": "object", "additionalProperties": self.of(val_tp)}
            if key_tp is not str:
                out["propertyNames"] = self.of(key_tp)
            return out
        if dataclasses.is_dataclass(tp) and isinstance(tp, type):
            return {"$ref": f"#/$defs/{self.define(tp)}"}
        raise TypeError(f"no JSON Schema for {tp}")  # a model type this module misses

    def define(self, cls: type) -> str:
        """The name of `cls` under $defs, its schema made on first use."""
        if cls not in self.names:
            name = cls.__name__
            if name in self.defs:
                name = f"{cls.__module__}.{name}"
            self.names[cls] = name
            self.defs[name] = {}  # a model that holds itself finds its name
            self.defs[name] = self.dataclass_schema(cls)
        return self.names[cls]

    def dataclass_schema(self, cls: type) -> Schema:
        hints = get_type_hints(cls, include_extras=True)
        props: Schema = {}
        required: list[str] = []
        for f in dataclasses.fields(cls):
            if not f.init:
                continue
            key = f.metadata.get("yaml", f.name)
            prop = dict(self.of(hints[f.name]))
            about = explain(cls, key, f.name)
            if about:
                prop["description"] = about
            values = VALUES.get(f"{cls.__name__}.{key}")
            if values and "enum" in prop:  # VS Code shows them beside the choices
                prop["enumDescriptions"] = [values.get(v, "") for v in prop["enum"]]
            default = _default(f)
            if default is not None:
                prop["default"] = default
            elif f.default is dataclasses.MISSING and (
                    f.default_factory is dataclasses.MISSING):
                required.append(key)
            props[key] = prop
        out: Schema = {"type": "object"}
        doc = docstring(cls)
        if doc:
            out["description"] = doc
        out.update(properties=props, additionalProperties=False)
        if required:
            out["required"] = required
        return out


def _default(f: dataclasses.Field[Any]) -> Any:
    """A field's default as JSON, when it says something (not None, not an empty list)."""
    if f.default is not dataclasses.MISSING:
        value = f.default
    elif f.default_factory is not dataclasses.MISSING:
        value = f.default_factory()
    else:
        return None
    if isinstance(value, bool | int | float | str) or (
            isinstance(value, list) and value and all(isinstance(v, str) for v in value)):
        return value
    return None


def _limits(mark: Any, schema: Schema) -> Schema:
    """A Size or Range mark as JSON Schema keywords for the type it annotates."""
    kind = schema.get("type")
    kinds = set(kind) if isinstance(kind, list) else {kind}
    if isinstance(mark, Size):
        word = ("Items" if "array" in kinds else "Properties" if "object" in kinds
                else "Length")
        out: Schema = {f"min{word}": mark.least} if mark.least else {}
        if mark.most is not None:
            out[f"max{word}"] = mark.most
        return out
    if isinstance(mark, Range):
        return _bounds(mark.lo, mark.hi)
    return {}


def colour_schema() -> Schema:
    """#rgb, #rrggbb or a colour name in any case (base.colour.is_colour)."""
    from reportlab.lib.colors import getAllNamedColors

    names = sorted(n for n in getAllNamedColors() if n.islower())
    any_case = "|".join("".join(f"[{c}{c.upper()}]" if c.isalpha() else re.escape(c)
                                for c in n) for n in names)
    return {"type": "string", "title": "a colour: #rgb, #rrggbb or a name such as red",
            "anyOf": [{"pattern": "^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$"},
                      {"enum": names}, {"pattern": f"^(?:{any_case})$"}]}
