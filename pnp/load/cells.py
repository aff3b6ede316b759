"""A spreadsheet's rows as items. The header row names the keys; each cell is typed by its
column's field (int, number, bool, choice, text, data); a translated text takes one column
per language (`title`: the game's first language, `title_de` ...); an empty cell is a
missing key. Each row is its own Source, so every problem, here or in any later stage,
points at the file, the row and the column: `cards.csv:14: number: must be a whole number`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pnp.base.errors import Problem
from pnp.load.items import load_items
from pnp.load.model import Component, ComponentSpec, Item
from pnp.load.schema import did_you_mean
from pnp.load.source import Key, Source, key_text
from pnp.load.tables import Book, Unsaved, cell_value

ITEM_KINDS = ("deck", "tiles", "tokens")


@dataclass
class TableSource(Source):
    """Where a spreadsheet's values came from: a row (the file itself: its header row),
    and the column each key was read from, which problems name instead of cards[12].title."""

    columns: dict[Key, str] = field(default_factory=dict)

    def label(self, key: Key) -> str:
        if len(key) >= 2 and isinstance(key[1], int):  # (cards, 12, ...): a row of the file
            key = key[2:]
        for n in range(len(key), 0, -1):
            name = self.columns.get(key[:n])
            if name is not None:
                return name + "".join(f"[{p}]" if isinstance(p, int) else f".{p}"
                                      for p in key[n:])
        return key_text(key)


@dataclass(frozen=True)
class Column:
    index: int
    name: str  # as the header row writes it
    key: Key  # ("points",), or ("title", "de") for a translation
    kind: str  # "id", "copies", "replaces" or a field's type


RowEntry = tuple[TableSource, dict[str, Any] | None, list[Problem]]  # its source, its entry
#                                 (None: not an item), what its cells alone have wrong


def _letter(index: int) -> str:
    """Column 0 -> A, 26 -> AA: as a spreadsheet names it."""
    out = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        out = chr(65 + rest) + out
    return out


def _known(spec: ComponentSpec, languages: list[str], custom: bool) -> dict[str, tuple[Key, str]]:
    """Every column a component's file may have: its key and how its cells are typed."""
    known: dict[str, tuple[Key, str]] = {"id": (("id",), "id"), "copies": (("copies",), "int")}
    if custom:
        known["replaces"] = (("replaces",), "id")
    for name, fspec in spec.fields.items():
        if fspec.type == "text" and fspec.translated:
            known[name] = ((name, languages[0]), "text")
            known.update({f"{name}_{lang}": ((name, lang), "text") for lang in languages})
    known.update({name: ((name,), f.type) for name, f in spec.fields.items()
                  if not (f.type == "text" and f.translated)})
    return known


def _columns(header: list[Any], spec: ComponentSpec, languages: list[str], custom: bool,
             src: TableSource, problems: list[Problem]) -> list[Column]:
    """The header row's columns; an unknown or repeated one is a problem at the header."""
    known = _known(spec, languages, custom)
    out: list[Column] = []
    taken: dict[Key, str] = {}
    for index, cell in enumerate(header):
        name = "" if cell is None else str(cell).strip()
        if not name:
            continue
        where = f"column {_letter(index)}"
        if name not in known:
            problems.append(Problem("error", str(src.path), 1, name,
                                    f"unknown column ({where}){did_you_mean(name, known)} "
                                    f"(columns: {', '.join(known)})"))
            continue
        key, kind = known[name]
        if key in taken:
            problems.append(Problem("error", str(src.path), 1, name,
                                    f"{where} gives the same value as column '{taken[key]}'"))
            continue
        taken[key] = name
        out.append(Column(index, name, key, kind))
    src.columns = {c.key: c.name for c in out} | {c.key[:1]: c.key[0] for c in out}
    return out


def rows_of(book: Book, sheet: str | None, comp_id: str, spec: ComponentSpec,
            languages: list[str], problems: list[Problem], custom: bool
            ) -> tuple[TableSource, list[RowEntry], set[str]]:
    """The file's source (its header row), each row's source and entry, and the names of
    required fields the header has no column for (said once, at the header)."""
    top = spec.items_key or comp_id
    file_src = TableSource(book.path, None, {(): 1, (top,): 1})
    rows = book.rows(sheet)
    if not rows or not any(c is not None and str(c).strip() for c in rows[0][1]):
        problems.append(Problem("error", str(book.path), 1, None,
                                f"the first row must name the columns, e.g. "
                                f"{', '.join(['id', *spec.fields][:4])}"))
        return file_src, [], set()
    columns = _columns(rows[0][1], spec, languages, custom, file_src, problems)
    named = {c.key[0] for c in columns}
    missing = {n for n, f in spec.fields.items() if f.required and n not in named}
    for name in sorted(missing):
        problems.append(Problem("error", str(book.path), 1, None,
                                f"no column '{name}' (a required field of {comp_id})"))
    width = max(c.index for c in columns) + 1 if columns else 0
    stray: set[int] = set()
    out: list[RowEntry] = []
    comma = book.delimiter == ";"
    for i, (number, cells) in enumerate(rows[1:]):
        file_src.lines[(top, i)] = number
        src = TableSource(book.path, None, {(): number}, columns=file_src.columns)
        entry: dict[str, Any] | None = {} if "id" in named else {"id": f"row-{number}"}
        early: list[Problem] = []
        for col in columns:
            value = cell_value(cells[col.index] if col.index < len(cells) else None,
                               col.kind, comma)
            if isinstance(value, Unsaved):
                early.append(Problem("error", str(book.path), number, col.name,
                                     f"a formula saved without its value ({value[:40]}): "
                                     "open the file in a spreadsheet app and save it"))
                entry = None
            elif value is not None and entry is not None and len(col.key) == 2:
                entry.setdefault(col.key[0], {})[col.key[1]] = value
            elif value is not None and entry is not None:
                entry[col.key[0]] = value
        used = {c.index for c in columns}
        for index, cell in enumerate(cells):
            if index in used or index in stray or cell is None or not str(cell).strip():
                continue
            if index >= width or not str(rows[0][1][index] or "").strip():
                stray.add(index)
                early.append(Problem("error", str(book.path), number, None,
                                     f"a value in column {_letter(index)}, which has no "
                                     "name in the header row (row 1)"))
        out.append((src, entry, early))
    return file_src, out, missing


def load_rows(spec: ComponentSpec, comp_id: str, rows: list[RowEntry], missing: set[str],
              languages: list[str], problems: list[Problem], custom: bool,
              data_types: dict[str, Any]) -> list[Item]:
    """Each row checked as one item, at its own row (key () of its source)."""
    items: list[Item] = []
    for src, entry, early in rows:
        problems += early
        if entry is None:
            continue
        found: list[Problem] = []
        items += load_items(spec, comp_id, src, [entry], (), languages, found, custom,
                            single=True, data_types=data_types)
        problems += [p for p in found if not (p.key in missing and
                                              p.message == "required key is missing")]
    return items


def sheet_of(book: Book, names: list[str]) -> str | None | Problem:
    """The sheet named like the component (its items_key or id), else the first sheet."""
    found = book.sheet_for(names)
    if found is not None or book.names == [None]:
        return found
    if not book.names:
        return Problem("error", str(book.path), None, None, "the workbook holds no sheet")
    return book.names[0]


def table_component(book: Book, comp_id: str, spec: ComponentSpec, languages: list[str],
                    problems: list[Problem], data_types: dict[str, Any], shared: bool
                    ) -> tuple[TableSource, list[Item]]:
    """A component whose `file:` is a spreadsheet: its sheet's rows as items. Components
    that share a workbook each need their own sheet, named like them."""
    names = [spec.items_key or comp_id, comp_id]
    sheet = sheet_of(book, names)
    if shared and book.names != [None] and book.sheet_for(names) is None:
        sheets = [str(n) for n in book.names]
        sheet = Problem("error", str(book.path), None, None,
                        f"no sheet named '{names[0]}' for {comp_id} (sheets: "
                        f"{', '.join(sheets)}){did_you_mean(names[0], sheets)}")
    if isinstance(sheet, Problem):
        problems.append(sheet)
        return TableSource(book.path, None, {(): 1}), []
    src, rows, missing = rows_of(book, sheet, comp_id, spec, languages, problems, False)
    return src, load_rows(spec, comp_id, rows, missing, languages, problems, False, data_types)


CustomHook = Callable[[Source, list[Problem]], Any]


def custom_table(book: Book, components: dict[str, Component], languages: list[str],
                 problems: list[Problem], hook: CustomHook | None,
                 data_types: dict[str, Any]) -> None:
    """A user's spreadsheet (--custom): the sheets named like components (a workbook),
    else the rows of the component the file is named after (my-cards.csv: cards), or of
    the only one. A game's custom_entries hook sees the rows as `{items_key: [rows]}`."""
    items = {cid: c for cid, c in components.items() if c.spec.kind in ITEM_KINDS}
    chosen = [(cid, book.sheet_for([c.spec.items_key or cid, cid])) for cid, c in items.items()]
    chosen = [(cid, sheet) for cid, sheet in chosen if sheet is not None]
    if not chosen:
        stem = book.path.stem.lower()
        exact = [cid for cid, c in items.items() if stem in (cid, c.spec.items_key)]
        near = [cid for cid, c in items.items() if (c.spec.items_key or cid) in stem]
        pick = exact or (near if len(near) == 1 else list(items) if len(items) == 1 else [])
        if not pick:
            sheet_hint = "" if book.names == [None] else " or its sheet"
            problems.append(Problem("error", str(book.path), 1, None,
                                    f"which component do these rows add to? Name the file"
                                    f"{sheet_hint} after it, e.g. my-{next(iter(items), 'cards')}"
                                    f"{book.path.suffix} (components: {', '.join(items)})"))
            return
        sheet = sheet_of(book, [pick[0]])
        if isinstance(sheet, Problem):
            problems.append(sheet)
            return
        chosen = [(pick[0], sheet)]
    for cid, sheet in chosen:
        comp = components[cid]
        src, rows, missing = rows_of(book, sheet, cid, comp.spec, languages, problems, True)
        if hook is None:
            comp.items += load_rows(comp.spec, cid, rows, missing, languages, problems, True,
                                    data_types)
            continue
        problems += [p for _, _, early in rows for p in early]
        rows = [row for row in rows if row[1] is not None]
        top = comp.spec.items_key or cid
        src.lines.update({(top, i): row[0].line(()) or 1 for i, row in enumerate(rows)})
        src.data = {top: [entry for _, entry, _ in rows]}
        converted = hook(src, problems) or []
        src.data = None
        for target, key, entries, single in converted:
            spec = components[target].spec
            if target == cid and not single and len(entries) == len(rows):
                pairs: list[RowEntry] = [(row_src, e, []) for (row_src, _, _), e
                                    in zip(rows, entries, strict=True)]
                new = load_rows(spec, cid, pairs, missing, languages, problems, True, data_types)
            else:  # the hook's own shape: at the rows the file source maps its keys to
                new = load_items(spec, target, src, entries, key, languages, problems, True,
                                 single=single, data_types=data_types)
            components[target].items += new
