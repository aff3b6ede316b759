"""Find games on disk and load them into models: game.yaml, item files, custom files."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from .errors import InputError, Problem
from .load import Key, Source, key_text, read_yaml
from .model import Component, ComponentSpec, FieldSpec, Game, GameSpec, Item
from .paths import is_within
from .schema import convert_dataclass, did_you_mean, problem

_PACKAGE = Path(__file__).resolve().parent


def shipped_dir(name: str) -> Path:
    """`content` or `templates` as installed (wheel) or beside the package (checkout)."""
    installed = _PACKAGE / "_data" / name
    return installed if installed.is_dir() else _PACKAGE.parent / name


def content_root(option: Path | None) -> Path:
    """--content DIR, else ./content when present, else the content shipped with pnp."""
    if option is not None:
        if not option.is_dir():
            raise InputError("content folder not found", option)
        return option
    local = Path("content")
    if (local.is_dir() and any(local.glob("*/game.yaml"))):
        return local
    return shipped_dir("content")


def game_ids(root: Path) -> list[str]:
    return sorted(p.parent.name for p in root.glob("*/game.yaml"))


def resolve_games(root: Path, names: list[str]) -> list[str]:
    known = game_ids(root)
    if not names:
        if not known:
            raise InputError("no games found (no */game.yaml)", root)
        return known
    for name in names:
        if name not in known:
            hint = did_you_mean(name, known)
            raise InputError(f"unknown game '{name}' (games: {', '.join(known)}){hint}")
    return list(dict.fromkeys(names))


def _check_value(spec: FieldSpec, value: Any, src: Source, key: Key,
                 languages: list[str]) -> list[Problem]:
    out: list[Problem] = []
    if spec.type == "text" and spec.translated and isinstance(value, dict):
        for lang, text in value.items():
            if lang not in languages:
                out.append(problem(src, key + (lang,),
                                   f"unknown language (game languages: {', '.join(languages)})"))
            elif not isinstance(text, str):
                out.append(problem(src, key + (lang,), f"must be text (got {text!r})"))
        return out
    if spec.type == "text":
        if isinstance(value, bool):
            out.append(problem(src, key, f"must be text (got {value!r}: YAML reads a bare ON, "
                                         "OFF, YES or NO as true or false; put it in quotes, "
                                         "e.g. 'ON')"))
        elif not isinstance(value, str):
            out.append(problem(src, key, f"must be text (got {value!r})"))
    elif spec.type == "int" or spec.type == "number":
        want_int = spec.type == "int"
        ok_type = int if want_int else (int, float)
        if isinstance(value, bool) or not isinstance(value, ok_type) or (
                isinstance(value, float) and not math.isfinite(value)):
            noun = "a whole number" if want_int else "a finite number"
            out.append(problem(src, key, f"must be {noun} (got {value!r})"))
        elif (spec.min is not None and value < spec.min) or (
                spec.max is not None and value > spec.max):
            lo = "" if spec.min is None else f"{spec.min:g}"
            hi = "" if spec.max is None else f"{spec.max:g}"
            out.append(problem(src, key, f"must be in {lo}..{hi} (got {value!r})"))
    elif spec.type == "bool":
        if not isinstance(value, bool):
            out.append(problem(src, key, f"must be true or false (got {value!r})"))
    elif spec.type == "choice":
        choices = spec.choices or []
        if str(value) not in choices or isinstance(value, bool):
            hint = did_you_mean(str(value), choices)
            out.append(problem(src, key,
                               f"must be one of {', '.join(choices)} (got {value!r}){hint}"))
    return out


def load_items(spec: ComponentSpec, comp_id: str, src: Source, entries: Any, key: Key,
               languages: list[str], problems: list[Problem], custom: bool,
               single: bool = False) -> list[Item]:
    """Check each entry against the component's field specs and build Items. `single`:
    the file holds one item at `key` itself, not a list."""
    if not isinstance(entries, list):
        problems.append(problem(src, key, f"must be a list of {comp_id} (got {entries!r})"))
        return []
    items: list[Item] = []
    allowed = {"id", "copies", *spec.fields} | ({"replaces"} if custom else set())
    for i, entry in enumerate(entries):
        k = key if single else key + (i,)
        if not isinstance(entry, dict):
            problems.append(problem(src, k, f"must be a mapping (got {entry!r})"))
            continue
        bad = False
        for name in entry:
            if name not in allowed:
                problems.append(problem(src, k + (name,),
                                        f"unknown key{did_you_mean(name, allowed)}"))
        item_id = entry.get("id")
        if not isinstance(item_id, str | int) or isinstance(item_id, bool) or item_id == "":
            problems.append(problem(src, k + ("id",), "required key is missing (a unique id)"
                                    if item_id is None else f"must be text (got {item_id!r})"))
            bad = True
        copies = entry.get("copies", 1)
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= 1000:
            problems.append(problem(src, k + ("copies",),
                                    f"must be a whole number 1..1000 (got {copies!r})"))
            bad = True
        values: dict[str, Any] = {}
        for name, fspec in spec.fields.items():
            if name not in entry or entry[name] is None:
                if fspec.required:
                    problems.append(problem(src, k + (name,), "required key is missing"))
                    bad = True
                continue
            found = _check_value(fspec, entry[name], src, k + (name,), languages)
            problems.extend(found)
            bad = bad or bool(found)
            values[name] = entry[name]
        replaces = entry.get("replaces") if custom else None
        if replaces is not None and (not isinstance(replaces, str | int) or
                                     isinstance(replaces, bool)):
            problems.append(problem(src, k + ("replaces",),
                                    f"must be the id of a card to replace (got {replaces!r})"))
            bad = True
        if not bad:
            items.append(Item(str(item_id), copies, values, src, k, custom,
                              None if replaces is None else str(replaces)))
    return items


def load_game(folder: Path, problems: list[Problem],
              custom_files: list[Path] | None = None,
              replace: list[str] | None = None) -> Game | None:
    """Load one game folder. Schema problems are appended; returns None if unusable.
    `replace`: ids of shipped cards the custom items take the place of, in order (the
    command line's --replace), for custom items that do not say `replaces:`."""
    src = read_yaml(folder / "game.yaml")
    spec = convert_dataclass(GameSpec, src.data, src, (), problems)
    if spec is None:
        return None
    components: dict[str, Component] = {}
    read: dict[Path, Source] = {}  # a file several components share is read once
    for comp_id, cspec in spec.components.items():
        key: Key = ("components", comp_id)
        if cspec is None:
            continue
        if cspec.kind in ("sheet", "pad", "board") or cspec.file is None:
            if cspec.kind not in ("sheet", "pad", "board"):
                problems.append(problem(src, key + ("file",),
                                        f"a {cspec.kind} needs a file of items"))
            components[comp_id] = Component(comp_id, cspec, [], None)
            continue
        item_path = folder / cspec.file
        if not is_within(item_path, folder):
            problems.append(problem(src, key + ("file",), "must be a file inside the game folder"))
            continue
        if item_path not in read:
            read[item_path] = read_yaml(item_path)
        isrc = read[item_path]
        top = cspec.items_key or comp_id
        if not isinstance(isrc.data, dict) or top not in isrc.data:
            problems.append(Problem("error", str(item_path), 1, top,
                                    f"the file must hold a list under '{top}:'"))
            components[comp_id] = Component(comp_id, cspec, [], isrc)
            continue
        sharing = [c.items_key or cid for cid, c in spec.components.items()
                   if c is not None and c.file == cspec.file]  # one file, several lists
        for extra in isrc.data:
            if extra not in sharing:
                problems.append(problem(isrc, (extra,),
                                        f"unknown key{did_you_mean(extra, sharing)}"))
        items = load_items(cspec, comp_id, isrc, isrc.data[top], (top,), spec.languages,
                           problems, custom=False)
        components[comp_id] = Component(comp_id, cspec, items, isrc)
    for isrc in read.values():  # its values live on in the items; its lines stay
        isrc.data = None  # (10,000 cards: ~2 MB of mappings let go)
    _check_data(spec, src, problems)
    _check_print_with(spec, src, problems)
    for path in custom_files or []:
        _load_custom(path, spec, components, problems)
    _place_replacements(components, replace or [], problems)
    return Game(spec, folder, src, components)


def _check_print_with(spec: GameSpec, src: Source, problems: list[Problem]) -> None:
    """`print_with` names another component of cut items (not a sheet, not itself, not
    one that is printed with a third)."""
    items_kinds = ("deck", "tiles", "tokens")
    for comp_id, cspec in spec.components.items():
        host_id = cspec.print_with if cspec else None
        if host_id is None:
            continue
        host = spec.components.get(host_id)
        key: Key = ("components", comp_id, "print_with")
        if host is None:
            problems.append(problem(src, key, f"no component '{host_id}'"
                                              f"{did_you_mean(host_id, list(spec.components))}"))
        elif host_id == comp_id or host.print_with or host.kind not in items_kinds \
                or cspec.kind not in items_kinds:
            problems.append(problem(src, key, "a deck, tiles or tokens component prints with "
                                              "another deck, tiles or tokens component that "
                                              "is printed on its own"))


def _place_replacements(components: dict[str, Component], replace: list[str],
                        problems: list[Problem]) -> None:
    """Each custom item with `replaces: ID` (or the next --replace) prints in that
    shipped card's place, so the game keeps its counts."""
    pending = list(replace)
    for comp in components.values():
        shipped = {i.id: i for i in comp.items if not i.custom}
        for item in comp.items:
            if not item.custom:
                continue
            if item.replaces is None and pending:
                item.replaces = pending.pop(0)
            if item.replaces is None:
                continue
            target = shipped.get(item.replaces)
            message = None
            if target is None:
                message = (f"there is no {comp.id} card '{item.replaces}' to replace"
                           f"{did_you_mean(item.replaces, shipped)}")
            elif target.taken + item.copies > target.copies:
                message = (f"'{target.id}' is printed {target.copies} time(s) and is already "
                           "replaced")
            if message:
                problems.append(Problem("error", str(item.source.path),
                                        item.line("replaces") or item.line(),
                                        key_text(item.key + ("replaces",)), message))
                item.replaces = None
            else:
                target.taken += item.copies
    if pending:
        raise InputError(f"--replace {pending[0]}: there is no custom item left to take its "
                         "place (one --replace for each custom item)")



def _check_data(spec: GameSpec, src: Source, problems: list[Problem]) -> None:
    """A game module may declare the shape of its `data:` block (DATA_SCHEMA)."""
    from .games import module_for

    module = module_for(spec.id)
    schema = getattr(module, "DATA_SCHEMA", None) if module else None
    if schema is not None:
        convert_dataclass(schema, spec.data, src, ("data",), problems)


def _load_custom(path: Path, spec: GameSpec, components: dict[str, Component],
                 problems: list[Problem]) -> None:
    """A user's file: `<component id>: [items...]`, checked like shipped content. A game
    module may accept its own shape of file (`custom_entries`), e.g. one temple per file."""
    from .games import module_for

    csrc = read_yaml(path)
    module = module_for(spec.id)
    hook = getattr(module, "custom_entries", None) if module else None
    if hook is not None:
        converted = hook(csrc, problems)
        if converted is None:
            return
        for comp_id, key, entries, single in converted:
            comp = components[comp_id]
            comp.items.extend(load_items(comp.spec, comp_id, csrc, entries, key,
                                         spec.languages, problems, custom=True, single=single))
        return
    if not isinstance(csrc.data, dict):
        problems.append(Problem("error", str(path), 1, None,
                                "must be a mapping of component id to a list of items, "
                                f"e.g. '{next(iter(components), 'cards')}:'"))
        return
    for comp_id, entries in csrc.data.items():
        comp = components.get(comp_id)
        if comp is None or comp.spec.kind == "sheet":
            choices = [c for c, v in components.items() if v.spec.kind != "sheet"]
            problems.append(problem(csrc, (comp_id,),
                                    f"unknown component{did_you_mean(comp_id, choices)} "
                                    f"(components: {', '.join(choices)})"))
            continue
        comp.items.extend(load_items(comp.spec, comp_id, csrc, entries, (comp_id,),
                                     spec.languages, problems, custom=True))

