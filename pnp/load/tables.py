"""Spreadsheets as item files: a CSV or tab-separated file (the standard library's csv),
an XLSX workbook (openpyxl) or an ODS one (python-calamine), read into rows of cells, each
with its row number as a spreadsheet shows it (1: the header row). The workbook readers
are an optional extra, imported only when such a file is read: `pnp --help` and a game
written in YAML never pay for them (openpyxl alone takes ~120 ms to import)."""

from __future__ import annotations

import datetime
import io
import re
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pnp.base.errors import InputError
from pnp.load.safeio import MAX_CONTENT_BYTES, read_bytes
from pnp.load.source import parse_yaml

TEXT_SUFFIXES = (".csv", ".tsv")
BOOK_SUFFIXES = (".xlsx", ".xlsm", ".ods")
REFUSED = {".xls": "an Excel 97-2003 workbook: save it as .xlsx (or CSV UTF-8)",
           ".numbers": "a Numbers file: export it as CSV or Excel (.xlsx)",
           ".fods": "a flat ODS file: save it as .ods (or CSV)"}
EXTRA = "pip install 'pnp-print-and-play[sheets]'"
MAX_UNPACKED = 64 * 1024 * 1024  # bytes a workbook's zip may unpack to: content is small
DELIMITERS = ",;\t"

Row = tuple[int, list[Any]]  # (row number, its cells)
_INT = re.compile(r"[+-]?\d{1,4000}")  # Python reads at most 4,300 digits as a number
_NUMBER = re.compile(r"[+-]?(\d{1,300}\.?\d{0,300}|\.\d{1,300})([eE][+-]?\d{1,4})?")
_COMMA_NUMBER = re.compile(r"[+-]?\d+,\d+")  # 1,5 in a ';' file (Excel in German, French...)
_CELL = Path("cell")  # a data cell is parsed as YAML on its own; its errors are not shown
_BOOLS = {"true": True, "yes": True, "1": True, "false": False, "no": False, "0": False}


def is_table(path: Path) -> bool:
    """A file read as a spreadsheet (or refused as one), by its suffix."""
    suffix = path.suffix.lower()
    return suffix in TEXT_SUFFIXES or suffix in BOOK_SUFFIXES or suffix in REFUSED


@dataclass
class Book:
    """A spreadsheet file's sheets (a CSV: one, named None), each read on first use."""

    path: Path
    names: list[str | None]
    read_sheet: Callable[[str | None], list[Row]] = field(repr=False)
    delimiter: str | None = None  # a CSV's: ';' files write 1,5 for one and a half
    _rows: dict[str | None, list[Row]] = field(default_factory=dict, repr=False)

    def rows(self, name: str | None) -> list[Row]:
        """The sheet's rows that hold anything, the header row (row 1) always first."""
        if name not in self._rows:
            self._rows[name] = self.read_sheet(name)
        return self._rows[name]

    def sheet_for(self, names: list[str]) -> str | None:
        """The first sheet called one of `names` (a component's items_key or id), else None."""
        return next((n for want in names for n in self.names if n == want), None)


def open_book(path: Path) -> Book:
    """Read a spreadsheet file; anything wrong with the file as a whole (not found, not
    UTF-8, not a workbook, the reader missing) is an InputError naming it."""
    suffix = path.suffix.lower()
    if suffix in REFUSED:
        raise InputError(f"{REFUSED[suffix]}: pnp reads .csv, .tsv, .xlsx and .ods files", path)
    data = read_bytes(path, MAX_CONTENT_BYTES, "spreadsheet")
    if suffix in TEXT_SUFFIXES:
        rows, delimiter = _csv_rows(data, path)
        return Book(path, [None], lambda _name: rows, delimiter)
    reader = _ods if suffix == ".ods" else _xlsx
    return reader(data, path)


def _csv_rows(data: bytes, path: Path) -> tuple[list[Row], str]:
    import csv  # here, not above: a game written in YAML never needs it

    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError("not UTF-8 text: save it as 'CSV UTF-8' (Excel) or pick UTF-8 as "
                         "the character set when you export it", path) from exc
    if "\x00" in text:
        raise InputError("not a text file (contains NUL bytes): a CSV is text", path)
    delimiter = sniff(text)
    rows: list[Row] = []
    number = 0  # the row a spreadsheet app shows: a cell's line breaks stay in its row
    try:
        for cells in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter,
                                strict=True):
            number += 1
            if number == 1 or any(c.strip() for c in cells):
                rows.append((number, cells))
    except csv.Error as exc:
        raise InputError(f"malformed CSV: {exc}", path, number + 1) from exc
    return rows, delimiter


def sniff(text: str) -> str:
    """The delimiter: the one of , ; tab the header row uses most (column names hold none
    of them; a comma wins a tie, as in a file of one column)."""
    header = (text[:8192].splitlines() or [""])[0]
    counts = {d: header.count(d) for d in DELIMITERS}
    best = max(DELIMITERS, key=lambda d: counts[d])
    return best if counts[best] else ","


def _check_zip(data: bytes, path: Path) -> None:
    """A workbook is a zip: refuse one that is not, or that unpacks to far more than any
    game's content (a zip bomb), before a reader spends memory on it."""
    import zipfile

    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(info.file_size for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError) as exc:
        raise InputError(f"not an {path.suffix.lower()[1:].upper()} workbook (not a zip "
                         f"file): save it again from the spreadsheet app", path) from exc
    if unpacked > MAX_UNPACKED:
        raise InputError(f"unpacks to {unpacked // (1024 * 1024):,} MiB; a workbook of "
                         f"content is limited to {MAX_UNPACKED // (1024 * 1024)} MiB", path)


def _missing(path: Path, module: str) -> InputError:
    return InputError(f"reading {path.suffix.lower()} files needs {module}: {EXTRA}", path)


def _unreadable(path: Path, exc: Exception) -> InputError:
    detail = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
    return InputError(f"cannot read this {path.suffix.lower()[1:].upper()} workbook "
                      f"({detail}): save it again from the spreadsheet app", path)


def _kept(rows: list[list[Any]]) -> list[Row]:
    """Rows numbered from 1, the empty ones left out (the header row kept)."""
    return [(n, cells) for n, cells in enumerate(rows, 1)
            if n == 1 or any(c is not None and str(c).strip() for c in cells)]


def _xlsx(data: bytes, path: Path) -> Book:
    """XLSX via openpyxl: formulas as the values the spreadsheet app saved with them."""
    try:
        import openpyxl
    except ImportError:
        raise _missing(path, "openpyxl") from None
    _check_zip(data, path)

    def load(values: bool) -> Any:
        with warnings.catch_warnings():  # "extension is not supported": not the user's
            warnings.simplefilter("ignore")
            return openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=values)

    try:
        book = load(False)
        names = [ws.title for ws in book.worksheets]
    except Exception as exc:  # any of openpyxl's many ways to refuse a broken file
        raise _unreadable(path, exc) from exc

    def sheet(name: str | None) -> list[Row]:
        try:
            grid: list[list[Any]] = []
            formulas: list[tuple[int, int]] = []
            for r, row in enumerate(book[name].iter_rows()):
                grid.append([cell.value for cell in row])
                formulas += [(r, c) for c, cell in enumerate(row) if cell.data_type == "f"]
            if formulas:  # their saved values: a file never opened in an app has none
                saved = list(load(True)[name].iter_rows(values_only=True))
                for r, c in formulas:
                    value = saved[r][c]
                    grid[r][c] = Unsaved(str(grid[r][c])) if value is None else value
        except Exception as exc:  # a sheet openpyxl cannot read further
            raise _unreadable(path, exc) from exc
        return _kept([[_plain(v) for v in row] for row in grid])

    return Book(path, list(names), sheet)


def _ods(data: bytes, path: Path) -> Book:
    """ODS via python-calamine (formulas: the values LibreOffice saved with them)."""
    try:
        from python_calamine import CalamineWorkbook
    except ImportError:
        raise _missing(path, "python-calamine") from None
    _check_zip(data, path)
    try:
        book = CalamineWorkbook.from_filelike(io.BytesIO(data))
        names = list(book.sheet_names)
    except Exception as exc:  # calamine's errors: one class per file format
        raise _unreadable(path, exc) from exc

    def sheet(name: str | None) -> list[Row]:
        try:  # skip_empty_area=False: row 1 stays row 1 when the first rows are empty
            grid = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
        except Exception as exc:
            raise _unreadable(path, exc) from exc
        return _kept([[_plain(v) for v in row] for row in grid])

    return Book(path, names, sheet)


class Unsaved(str):
    """A formula saved without its value (a workbook written by a program, never opened
    and saved in a spreadsheet app): an error at its cell, not an empty one."""


def _plain(value: Any) -> Any:
    """A cell as text, a number or true/false: None or '' for an empty one, a date as
    2024-05-01 (a date and time as 2024-05-01 12:30:00), a whole float as an int."""
    if value is None or isinstance(value, str | bool | int):
        return value
    if isinstance(value, float):
        return int(value) if value.is_integer() and abs(value) < 2**53 else value
    if isinstance(value, datetime.datetime) and value.time() == datetime.time():
        return value.date().isoformat()
    if isinstance(value, datetime.date | datetime.time):
        return value.isoformat(sep=" ") if isinstance(value, datetime.datetime) \
            else value.isoformat()
    return str(value)


def cell_value(raw: Any, kind: str, comma_decimal: bool = False) -> Any:
    """A cell typed for its column; None for an empty one. A cell that does not convert
    stays as written, so the field's check says what it must be (got 'x')."""
    if raw is None or isinstance(raw, Unsaved):
        return raw
    if isinstance(raw, str):
        raw = raw.strip()
        if not raw:
            return None
    if kind in ("text", "choice", "id"):
        if isinstance(raw, bool):
            return str(raw).upper()  # as the spreadsheet shows it
        return raw if isinstance(raw, str) else str(raw)
    if not isinstance(raw, str):
        if kind == "bool" and not isinstance(raw, bool) and raw in (0, 1):
            return bool(raw)
        return raw
    if kind == "int" and _INT.fullmatch(raw):
        return int(raw)
    if kind == "number":
        if comma_decimal and _COMMA_NUMBER.fullmatch(raw):
            raw = raw.replace(",", ".")
        if _NUMBER.fullmatch(raw):
            return float(raw) if any(c in raw for c in ".eE") else int(raw)
    if kind == "bool" and raw.lower() in _BOOLS:
        return _BOOLS[raw.lower()]
    if kind == "data":
        try:  # a cell of YAML, such as [1, 2] or {a: 1}
            return parse_yaml(raw, _CELL).data
        except InputError:
            return raw
    return raw
