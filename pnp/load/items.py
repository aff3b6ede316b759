"""Items (cards, tiles, tokens) as a component's file or a custom file gives them: each
entry checked against the component's field specs, every problem at its line."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from pnp.base.errors import Problem, shown
from pnp.load.model import Component, ComponentSpec, FieldSpec, Game, Item
from pnp.load.schema import (
    MAX_NAME,
    MAX_TEXT,
    as_plain,
    convert,
    did_you_mean,
    problem,
    too_long,
)
from pnp.load.source import Key, Source, key_text


def _long_texts(value: Any, src: Source, key: Key) -> list[Problem]:
    """Every text in a value (a `data` field's nested texts too) is printed: each has
    the content's limit on text."""
    if isinstance(value, str):
        return [problem(src, key, too_long(value, MAX_TEXT))] if len(value) > MAX_TEXT else []
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _long_texts(v, src, key + (k,))]
    if isinstance(value, list):
        return [p for i, v in enumerate(value) for p in _long_texts(v, src, key + (i,))]
    return []


def _check_value(spec: FieldSpec, value: Any, src: Source, key: Key,
                 languages: list[str]) -> list[Problem]:
    out: list[Problem] = _long_texts(value, src, key)
    if out:
        return out
    if spec.type == "text" and spec.translated and isinstance(value, dict):
        for lang, text in value.items():
            if lang not in languages:
                out.append(problem(src, key + (lang,),
                                   f"unknown language (game languages: {', '.join(languages)})"))
            elif not isinstance(text, str):
                out.append(problem(src, key + (lang,), f"must be text (got {shown(text)})"))
        return out
    if spec.type == "text":
        if isinstance(value, bool):
            out.append(problem(src, key, f"must be text (got {shown(value)}: YAML reads a bare ON, "
                                         "OFF, YES or NO as true or false; put it in quotes, "
                                         "e.g. 'ON')"))
        elif not isinstance(value, str):
            out.append(problem(src, key, f"must be text (got {shown(value)})"))
    elif spec.type == "int" or spec.type == "number":
        want_int = spec.type == "int"
        ok_type = int if want_int else (int, float)
        if isinstance(value, bool) or not isinstance(value, ok_type) or (
                isinstance(value, float) and not math.isfinite(value)):
            noun = "a whole number" if want_int else "a finite number"
            out.append(problem(src, key, f"must be {noun} (got {shown(value)})"))
        elif (spec.min is not None and value < spec.min) or (
                spec.max is not None and value > spec.max):
            lo = "" if spec.min is None else f"{spec.min:g}"
            hi = "" if spec.max is None else f"{spec.max:g}"
            out.append(problem(src, key, f"must be in {lo}..{hi} (got {shown(value)})"))
    elif spec.type == "bool":
        if not isinstance(value, bool):
            out.append(problem(src, key, f"must be true or false (got {shown(value)})"))
    elif spec.type == "image":
        from pnp.load.imagefiles import kind_of

        if not isinstance(value, str) or not value.strip():
            out.append(problem(src, key, f"must be the path of an icon file (got {shown(value)})"))
        elif kind_of(value) is None:
            out.append(problem(src, key, f"must be an .svg, .png or .jpg file (got "
                                         f"{shown(value)})"))
    elif spec.type == "choice":
        choices = spec.choices or []
        if str(value) not in choices or isinstance(value, bool):
            hint = did_you_mean(str(value), choices)
            out.append(problem(src, key,
                               f"must be one of {', '.join(choices)} (got {shown(value)}){hint}"))
    return out


def load_items(spec: ComponentSpec, comp_id: str, src: Source, entries: Any, key: Key,
               languages: list[str], problems: list[Problem], custom: bool,
               single: bool = False, data_types: dict[str, Any] | None = None) -> list[Item]:
    """Check each entry against the component's field specs and build Items. `single`:
    the file holds one item at `key` itself, not a list. `data_types`: the shape the game
    module gives a `data` field (its DATA_FIELDS), checked like the game's `data:` block,
    since its templates read inside it."""
    if not isinstance(entries, list):
        problems.append(problem(src, key, f"must be a list of {comp_id} (got {shown(entries)})"))
        return []
    items: list[Item] = []
    allowed = {"id", "copies", *spec.fields} | ({"replaces"} if custom else set())
    for i, entry in enumerate(entries):
        k = key if single else key + (i,)
        if not isinstance(entry, dict):
            problems.append(problem(src, k, f"must be a mapping (got {shown(entry)})"))
            continue
        bad = False
        for name in entry:
            if name not in allowed:
                problems.append(problem(src, k + (name,),
                                        f"unknown key{did_you_mean(name, allowed)}"))
        item_id = entry.get("id")
        if not isinstance(item_id, str | int) or isinstance(item_id, bool) or item_id == "":
            problems.append(problem(src, k + ("id",), "required key is missing (a unique id)"
                                    if item_id is None else f"must be text (got {shown(item_id)})"))
            bad = True
        elif len(str(item_id)) > MAX_NAME:
            problems.append(problem(src, k + ("id",), too_long(str(item_id), MAX_NAME)))
            bad = True
        copies = entry.get("copies", 1)
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= 1000:
            problems.append(problem(src, k + ("copies",),
                                    f"must be a whole number 1..1000 (got {shown(copies)})"))
            bad = True
        values: dict[str, Any] = {}
        for name, fspec in spec.fields.items():
            shape = (data_types or {}).get(name) if fspec.type == "data" else None
            if name not in entry or entry[name] is None:
                if fspec.required or shape is not None:  # its templates read inside it
                    problems.append(problem(src, k + (name,), "required key is missing"))
                    bad = True
                continue
            found = _check_value(fspec, entry[name], src, k + (name,), languages)
            value = entry[name]
            if shape is not None and not found:
                value = as_plain(convert(shape, value, src, k + (name,), found), value)
            problems.extend(found)
            bad = bad or bool(found)
            values[name] = value
        replaces = entry.get("replaces") if custom else None
        if replaces is not None and (not isinstance(replaces, str | int) or
                                     isinstance(replaces, bool)):
            problems.append(problem(src, k + ("replaces",),
                                    f"must be the id of a card to replace (got {shown(replaces)})"))
            bad = True
        if not bad:
            items.append(Item(str(item_id), copies, values, src, k, custom,
                              None if replaces is None else str(replaces)))
    return items


def undrawn_choices(game: Game, drawn: tuple[tuple[str, str, str], ...]) -> list[Problem]:
    """Every choice an item field offers has its entry in the game's `data` block, where
    the templates look it up: `drawn` holds (component, field, data block). A field that
    is not a choice is said at its spec: its values could name anything."""
    out: list[Problem] = []
    for comp_id, name, block in drawn:
        comp = game.components.get(comp_id)
        if comp is None:
            continue
        spec = comp.spec.fields.get(name)
        if spec is None or spec.type != "choice" or not spec.choices:
            key: Key = ("components", comp_id, "fields") + ((name,) if spec else ())
            what = "must be" if spec else f"needs '{name}':"
            out.append(problem(game.source, key, f"{what} a choice (type: choice, choices: "
                                                 f"[...]): the templates look each value up "
                                                 f"in data.{block}"))
            continue
        entries = game.spec.data.get(block, {})
        missing = [c for c in spec.choices if c not in entries]
        if missing:
            out.append(problem(game.source, ("data", block),
                               f"no entry for {', '.join(missing)} (a choice of "
                               f"{comp_id}.{name}: the templates draw it from here)"))
    return out


def image_problems(folder: Path, game_src: Source, data: Any,
                   components: dict[str, Component]) -> list[Problem]:
    """Every icon file the game names, checked once: its items' `image` fields (paths
    relative to the game folder, custom items' too) and `data.icons` (the names rich
    text writes as `:name:`). Each problem is said at the line that names the file."""
    if not (isinstance(data, dict) and "icons" in data) and not any(
            f.type == "image" for c in components.values() for f in c.spec.fields.values()):
        return []  # (no icons: lxml and PIL stay unimported)
    from pnp.load.imagefiles import NAME, check

    out: list[Problem] = []
    verdicts: dict[str, str | None] = {}

    def verdict(relative: str) -> str | None:
        if relative not in verdicts:
            verdicts[relative] = check(folder, relative)
        return verdicts[relative]

    for comp in components.values():
        images = [n for n, f in comp.spec.fields.items() if f.type == "image"]
        for item in comp.items if images else ():
            for name in images:
                value = item.fields.get(name)
                wrong = verdict(value) if isinstance(value, str) else None
                if wrong:
                    out.append(Problem("error", str(item.source.path), item.line(name),
                                       key_text(item.key + (name,)), wrong))
    icons = data.get("icons") if isinstance(data, dict) else None
    if icons is None:
        return out
    key: Key = ("data", "icons")
    if not isinstance(icons, dict):
        return out + [problem(game_src, key, "must be a mapping of icon names to files, "
                                             "e.g. {coin: icons/coin.svg}")]
    for name, relative in icons.items():
        if not isinstance(name, str) or not NAME.match(name):
            out.append(problem(game_src, key + (name,), "an icon's name is a letter, then "
                               "letters, digits, '-' or '_' (text writes it as :name:)"))
        elif (wrong := check(folder, relative) if not isinstance(relative, str)
              else verdict(relative)):
            out.append(problem(game_src, key + (name,), wrong))
    return out
