"""Generic checks every game gets, plus the registry of per-game checks."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from typing import Any

from pnp.base import fonts
from pnp.base.errors import Problem
from pnp.load.hooks import GameHooks, hooks_for
from pnp.load.model import Component, Expectation, Game, Item
from pnp.load.source import key_text, strings_in


def _loc(game: Game, key: tuple) -> tuple[str, int | None, str]:
    return str(game.source.path), game.source.line(key), key_text(key)


def measure(game: Game, exp: Expectation, index: int,
            printed: bool = False) -> tuple[Any, Problem | None]:
    """The value the shipped content has for an expectation (`printed`: what is printed,
    custom replacements in), or a problem if it cannot be measured."""
    key = ("expectations", index)
    if exp.check:
        if exp.check.startswith("data."):
            value: Any = game.spec.data
            for part in exp.check[5:].split("."):
                if not isinstance(value, dict) or part not in value:
                    path, line, k = _loc(game, key + ("check",))
                    return None, Problem("error", path, line, k,
                                         f"'{exp.check}' is not in the game's data")
                value = value[part]
            return value, None
        measures = hooks_for(game.id).measures
        if exp.check not in measures:
            path, line, k = _loc(game, key + ("check",))
            names = ", ".join(sorted(measures)) or "none"
            return None, Problem("error", path, line, k,
                                 f"unknown check '{exp.check}' (this game has: {names})")
        try:
            return measures[exp.check](game), None
        except Exception as exc:  # e.g. a map that failed to load: reported by its checks
            path, line, k = _loc(game, key + ("check",))
            return None, Problem("error", path, line, k,
                                 f"'{exp.check}' could not be measured ({exc})")
    comp = game.components.get(exp.component or "")
    if comp is None:
        path, line, k = _loc(game, key + ("component",))
        return None, Problem("error", path, line, k,
                             f"unknown component '{exp.component}' "
                             f"(components: {', '.join(game.components)})")
    items = [i for i in (comp.printed() if printed else comp.shipped())
             if all(str(i.fields.get(f)) == str(v) for f, v in exp.where.items())]
    if exp.per:
        return dict(sorted(Counter(str(i.fields.get(exp.per)) for i in items).items())), None
    return len(items), None


def _component_where(game: Game, exp: Expectation) -> tuple[str | None, int | None, str | None]:
    comp = game.components.get(exp.component or "")
    if comp is not None and comp.source is not None:
        top = comp.spec.items_key or comp.id
        return str(comp.source.path), comp.source.line((top,)), top
    return None, None, None


def check_expectations(game: Game) -> list[Problem]:
    problems: list[Problem] = []
    kept: list[tuple[int, Any]] = []
    hooks = hooks_for(game.id)
    blocked = hooks.expectation_blocked
    for i, exp in enumerate(game.spec.expectations):
        if blocked is not None and blocked(game, exp.check):
            continue  # the thing it measures reports its own problems, at its own file
        value, err = measure(game, exp, i)
        if err:
            problems.append(err)
            continue
        cite = f"(rules: {exp.section}; expectation '{exp.id}')"
        path, line, key = _component_where(game, exp)
        if path is None:
            path, line, key = _loc(game, ("expectations", i, "count"))
        if exp.per:
            groups = value if isinstance(value, dict) else {}
            wrong = {g: n for g, n in groups.items() if n != exp.count}
            if wrong:
                got = ", ".join(f"{g} {n}" for g, n in wrong.items())
                problems.append(Problem("error", path, line, key,
                                        f"{exp.what}: expected {exp.count} per {exp.per}, "
                                        f"got {got} {cite}"))
            if exp.groups is not None and len(groups) != exp.groups:
                problems.append(Problem("error", path, line, key,
                                        f"{exp.what}: expected {exp.groups} different "
                                        f"{exp.per} values, got {len(groups)} "
                                        f"({', '.join(groups)}) {cite}"))
            if not wrong and (exp.groups is None or len(groups) == exp.groups):
                kept.append((i, value))
        elif value != exp.count:
            detail, item = _explain(game, exp, hooks)
            if item is not None:
                path, line, key = str(item.source.path), item.line(), key_text(item.key)
            problems.append(Problem("error", path, line, key,
                                    f"{exp.what}: expected {exp.count}, got {value}{detail} "
                                    f"{cite}"))
        else:
            kept.append((i, value))
    return problems + _custom_changes(game, kept)


def _explain(game: Game, exp: Expectation, hooks: GameHooks) -> tuple[str, Item | None]:
    """The items behind a wrong count: the ones a component count found (or the game
    hooks' own account for a measured check), and the first of them to point at."""
    if exp.check:
        explain = hooks.explain.get(exp.check)
        if explain is None:
            return "", None
        text, item = explain(game)
        return (f": {text}" if text else ""), item
    comp = game.components.get(exp.component or "")
    if comp is None:
        return "", None
    items = [i for i in comp.shipped()
             if all(str(i.fields.get(f)) == str(v) for f, v in exp.where.items())]
    if not items or not exp.where:
        return "", None
    names = ", ".join(i.id for i in items[:8]) + (" …" if len(items) > 8 else "")
    return f" ({names})", items[0]


def _custom_changes(game: Game, kept: list[tuple[int, Any]]) -> list[Problem]:
    """What the user's own items do to the counts the rules state: an added card makes a
    19-card deck, a drop card in a circles card's place leaves a deck with four drops.
    Each rule the shipped game meets (`kept`: its index and value) is measured again on
    the game as printed (a computed rule, `check:`, on the deck as printed); every rule
    that changes goes into one warning per component, at the user's first item there."""
    changes: dict[int, list[str]] = {}
    blame: dict[int, Item] = {}
    scope: dict[int, list[Item]] = {}  # the user's items a warning speaks of
    customs = {cid: [i for i in c.items if i.custom] for cid, c in game.components.items()}
    everywhere = [i for items in customs.values() for i in items]
    if not everywhere:
        return []
    hooks = hooks_for(game.id)
    for index, shipped in kept:
        exp = game.spec.expectations[index]
        owned = customs.get(exp.component or "", []) if not exp.check else everywhere
        if not owned:
            continue
        detail = ""
        if exp.check:
            view = _as_printed(game)
            printed, err = measure(view, exp, index)
            if err is not None or printed == shipped:
                continue
            text, _ = _explain(view, exp, hooks)
            detail = f"{text.lstrip(': ')}; " if text else ""
        else:
            printed, _ = measure(game, exp, index, printed=True)
            if printed == shipped:
                continue
        first = owned[0]
        blame.setdefault(id(first), first)
        if exp.check or id(first) not in scope:
            scope[id(first)] = owned
        changes.setdefault(id(first), []).append(
            f"'{exp.what}' ({detail}the game: {_shown(shipped, printed)}; printed: "
            f"{_shown(printed, shipped)}; rules: {exp.section})")
    problems = []
    for key, lines in changes.items():
        first, mine = blame[key], scope[key]
        added = sum(i.copies for i in mine if not i.replaces)
        swapped = sum(1 for i in mine if i.replaces)
        what = ", ".join(part for part in (
            f"{added} added" if added else "", f"{swapped} in a card's place" if swapped else "")
            if part)
        hint = (" To print a card of yours in a shipped card's place instead, give it "
                "`replaces: ID` (or `--replace ID`).") if added else ""
        where = ("replaces",) if first.replaces else ()
        problems.append(Problem(
            "warning", str(first.source.path),
            (first.line("replaces") if first.replaces else None) or first.line(),
            key_text(first.key + where),
            f"with your items ({what}) the printed game no longer matches what the rules "
            f"count: {'; '.join(lines)}.{hint}"))
    return problems


def _shown(value: Any, other: Any) -> str:
    """A value as the warning shows it: of a count per group, only the groups that differ."""
    if isinstance(value, dict) and isinstance(other, dict):
        return ", ".join(f"{k}: {v}" for k, v in value.items() if other.get(k) != v) or "none"
    return str(value)


def _as_printed(game: Game) -> Game:
    """The game as it prints: each component's items the printed ones (a custom item in
    the place of the card it replaces), counted as the rules count the shipped ones."""
    if "as-printed" not in game.cache:
        comps = {cid: Component(c.id, c.spec, [replace(i, custom=False, copies=1, taken=0)
                                               for i in c.printed()], c.source)
                 for cid, c in game.components.items()}
        game.cache["as-printed"] = Game(game.spec, game.folder, game.source, comps,
                                        dict(game.options))
    return game.cache["as-printed"]


def check_ids(game: Game) -> list[Problem]:
    """Ids are unique across the whole game, custom files included."""
    seen: dict[str, Item] = {}
    problems = []
    for comp in game.components.values():
        for item in comp.items:
            first = seen.setdefault(item.id, item)
            if first is not item:  # lines looked up for problems only (load.Source)
                problems.append(Problem(
                    "error", str(item.source.path), item.line("id"),
                    key_text(item.key + ("id",)),
                    f"id '{item.id}' is used twice (first at {first.source.path}:"
                    f"{first.line('id')})"))
    return problems


def check_glyphs(game: Game) -> list[Problem]:
    """Every character that content prints must exist in the embedded font."""
    problems = []
    for comp in game.components.values():
        for item in comp.items:
            for name, value in item.fields.items():
                spec = comp.spec.fields.get(name)
                if spec is None or spec.type != "text":
                    continue
                missing = fonts.missing_glyphs("".join(strings_in(value)))
                if missing:
                    problems.append(Problem(
                        "error", str(item.source.path), item.line(name),
                        key_text(item.key + (name,)),
                        f"the font ({fonts.FAMILY}) has no glyph for "
                        f"{' '.join(repr(c) for c in missing)}; it would print as an empty box"))
    missing = fonts.missing_glyphs(game.spec.name + "".join(c.spec.title for c in
                                                            game.components.values()))
    if missing:
        problems.append(Problem("error", str(game.source.path), game.source.line(("name",)),
                                "name", f"the font has no glyph for {' '.join(missing)}"))
    return problems


def check_game(game: Game) -> list[Problem]:
    """Checks that need no rendering: ids, expectations, glyphs, the game's own rules."""
    problems = check_ids(game) + check_expectations(game) + check_glyphs(game)
    own = hooks_for(game.id).checks
    if own is not None:
        problems.extend(own(game))
    return problems
