"""Find games on disk and load them into models: game.yaml, item files, custom files."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp.base.errors import InputError, Problem
from pnp.load.items import image_problems, load_items
from pnp.load.model import Component, Game, GameSpec
from pnp.load.paths import is_within
from pnp.load.schema import checked_data, convert_dataclass, did_you_mean, problem
from pnp.load.source import Key, Source, key_text, read_yaml
from pnp.load.tables import Book, is_table, open_book  # (light: its readers load on use)

_PACKAGE = Path(__file__).resolve().parent.parent  # pnp/


def shipped_dir(name: str) -> Path:
    """`content` or `templates` as installed (wheel) or beside the package (checkout)."""
    installed = _PACKAGE / "_data" / name
    return installed if installed.is_dir() else _PACKAGE.parent / name


def content_root(option: Path | None) -> Path:
    """--content DIR, else ./content when present, else the content shipped with pnp."""
    if option is not None:
        from pnp.load.safeio import require_folder

        require_folder(option, "content folder")  # a file in its place is named so
        return option
    local = Path("content")
    if (local.is_dir() and any(local.glob("*/game.yaml"))):
        return local
    return shipped_dir("content")


def game_ids(root: Path) -> list[str]:
    """The games in `root`; with pnp's shipped content, also the games other installed
    packages ship (entry points `pnp.games` with a folder). A game in `root` wins."""
    found = {p.parent.name for p in root.glob("*/game.yaml")}
    if _is_shipped(root):
        found |= set(_installed())
    return sorted(found)


def game_folder(root: Path, game_id: str) -> Path:
    """Where a game's content lies: `root/<id>`, else the folder its package ships."""
    local = root / game_id
    if (local / "game.yaml").is_file():
        return local
    return _installed().get(game_id, local)


def _is_shipped(root: Path) -> bool:
    try:
        return root.resolve() == shipped_dir("content").resolve()
    except OSError:
        return False


def _installed() -> dict[str, Path]:
    from pnp.load.hooks import installed_folders

    return installed_folders()


def resolve_games(root: Path, names: list[str]) -> list[str]:
    """The games `names` asks for (all of them when empty), each checked to exist. An
    installed game can be named whichever content folder is in use."""
    known = game_ids(root)
    if names and any(name not in known for name in names):
        known = sorted(set(known) | set(_installed()))
    if not names:
        if not known:
            raise InputError("no games found (no */game.yaml)", root)
        return known
    for name in names:
        if name not in known:
            hint = did_you_mean(name, known)
            raise InputError(f"unknown game '{name}' (games: {', '.join(known)}){hint}")
    return list(dict.fromkeys(names))


def load_game(folder: Path, problems: list[Problem],
              custom_files: list[Path] | None = None,
              replace: list[str] | None = None) -> Game | None:
    """Load one game folder. Schema problems are appended; returns None if unusable.
    `replace`: ids of shipped cards the custom items take the place of, in order (the
    command line's --replace), for custom items that do not say `replaces:`."""
    if not is_within(folder / "game.yaml", folder):  # a link out: never read, never echoed
        raise InputError("leads outside the game folder: a game reads only its own files",
                         folder / "game.yaml")
    src = read_yaml(folder / "game.yaml")
    spec = convert_dataclass(GameSpec, src.data, src, (), problems)
    if spec is None:
        return None
    components: dict[str, Component] = {}
    read: dict[Path, Source | Book] = {}  # a file several components share is read once
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
            try:
                read[item_path] = open_book(item_path) if is_table(item_path) \
                    else read_yaml(item_path)
            except InputError as exc:  # the file as a whole: said at the key that names it
                if exc.line is not None:
                    raise
                at = key + ("file",)
                raise InputError(f"'{cspec.file}': {exc.message}", src.path, src.line(at),
                                 key_text(at)) from exc
        isrc = read[item_path]
        sharing = [c.items_key or cid for cid, c in spec.components.items()
                   if c is not None and c.file == cspec.file]  # one file, several lists
        if isinstance(isrc, Book):  # a spreadsheet: its rows (pnp/load/cells.py)
            from pnp.load.cells import table_component

            tsrc, items = table_component(isrc, comp_id, cspec, spec.languages, problems,
                                          _data_types(spec), len(sharing) > 1)
            components[comp_id] = Component(comp_id, cspec, items, tsrc)
            continue
        top = cspec.items_key or comp_id
        if not isinstance(isrc.data, dict) or top not in isrc.data:
            problems.append(Problem("error", str(item_path), 1, top,
                                    f"the file must hold a list under '{top}:'"))
            components[comp_id] = Component(comp_id, cspec, [], isrc)
            continue
        for extra in isrc.data:
            if extra not in sharing:
                problems.append(problem(isrc, (extra,),
                                        f"unknown key{did_you_mean(extra, sharing)}"))
        items = load_items(cspec, comp_id, isrc, isrc.data[top], (top,), spec.languages,
                           problems, custom=False, data_types=_data_types(spec))
        components[comp_id] = Component(comp_id, cspec, items, isrc)
    for isrc in read.values():  # its values live on in the items; its lines stay
        if isinstance(isrc, Source):
            isrc.data = None  # (10,000 cards: ~2 MB of mappings let go)
    _check_data(spec, src, problems)
    _check_print_with(spec, src, problems)
    for path in custom_files or []:
        _load_custom(path, spec, components, problems)
    _place_replacements(components, replace or [], problems)
    problems.extend(image_problems(folder, src, spec.data, components))  # icon files
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
    """A game's hooks may declare the shape of its `data:` block (data_schema)."""
    from pnp.load.hooks import hooks_for

    schema = hooks_for(spec.id).data_schema
    if schema is not None:  # the game's code and templates read the checked values
        data = checked_data(schema, spec.data, src, ("data",), problems)
        if data is not None:
            spec.data = data


def _data_types(spec: GameSpec) -> dict[str, Any]:
    """The shapes a game's hooks give its items' `data` fields (data_fields: field name
    to type, checked by the schema like data_schema)."""
    from pnp.load.hooks import hooks_for

    return dict(hooks_for(spec.id).data_fields)


def _load_custom(path: Path, spec: GameSpec, components: dict[str, Component],
                 problems: list[Problem]) -> None:
    """A user's file: `<component id>: [items...]`, checked like shipped content. A game
    game's hooks may accept its own shape of file (`custom_entries`), e.g. one item a file."""
    from pnp.load.hooks import hooks_for

    hook = hooks_for(spec.id).custom_entries
    if is_table(path):  # a spreadsheet of the user's own items
        from pnp.load.cells import custom_table

        custom_table(open_book(path), components, spec.languages, problems, hook,
                     _data_types(spec))
        return
    csrc = read_yaml(path)
    if hook is not None:
        converted = hook(csrc, problems)
        if converted is None:
            return
        for comp_id, key, entries, single in converted:
            comp = components[comp_id]
            comp.items.extend(load_items(comp.spec, comp_id, csrc, entries, key,
                                         spec.languages, problems, custom=True, single=single,
                                         data_types=_data_types(spec)))
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
                                     spec.languages, problems, custom=True,
                                     data_types=_data_types(spec)))

