"""Spreadsheets as content (issue 32): a deck whose cards are a CSV, an XLSX or an ODS file
builds as its YAML twin would, cells typed by the component's fields, and every problem
points at the spreadsheet's row and column. The workbook readers are an optional extra
that `pnp --help` and a YAML game never import."""

from __future__ import annotations

import csv
import io
import os
import re
import shutil
import subprocess
import sys
import time
import zipfile
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

import pytest
from conftest import FIXTURES, ROOT, assert_clean_failure, run_pnp

DECK = FIXTURES / "spreadsheets" / "sheet-deck"
TYPES = {"value": int, "cost": float, "copies": int}  # typed cells in the workbooks
BOOLS = {"yes": True, "true": True, "no": False, "false": False, "0": False}


def _content(tmp_path: Path, cards: str | None = None, text: str | None = None) -> Path:
    """A content folder holding the fixture deck; `cards` renames its cards file (and
    game.yaml's `file:`), `text` replaces what the cards file holds."""
    content = tmp_path / "content"
    shutil.copytree(DECK, content / "sheet-deck")
    if cards is not None:
        game = content / "sheet-deck" / "game.yaml"
        game.write_text(game.read_text().replace("file: cards.csv", f"file: {cards}"))
        (content / "sheet-deck" / "cards.csv").unlink()
    if text is not None:
        (content / "sheet-deck" / (cards or "cards.csv")).write_text(text, encoding="utf-8")
    return content


def _rows() -> list[list[object]]:
    """The fixture's cards as a workbook holds them: numbers as numbers, yes/no as
    true/false, an empty cell as nothing."""
    rows = list(csv.reader(io.StringIO((DECK / "cards.csv").read_text(encoding="utf-8"))))
    header = rows[0]
    typed: list[list[object]] = [list(header)]
    for row in rows[1:]:
        cells: list[object] = []
        for name, cell in zip(header, row, strict=True):
            if cell == "":
                cells.append(None)
            elif name == "rare":
                cells.append(BOOLS[cell.lower()])
            else:
                cells.append(TYPES.get(name, str)(cell))
        typed.append(cells)
    return typed


def _pdf_text(path: Path) -> str:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return "\n".join(page.extract_text() or "" for page in pdf.pages)


def _built(content: Path, out: Path, *extra: str) -> str:
    result = run_pnp("build", "sheet-deck", "--content", content, "--out", out, *extra)
    assert result.returncode == 0, result.stderr
    return _pdf_text(out / "sheet-deck" / "cards.pdf")


@pytest.fixture(scope="module")
def csv_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The fixture deck (cards.csv) built once: its cards' text, in order."""
    tmp = tmp_path_factory.mktemp("csv")
    return _built(_content(tmp), tmp / "out")


def test_a_csv_deck_builds_and_prints_its_cells(csv_text: str, tmp_path: Path) -> None:
    for printed in ("First Light", "Long Shadow", "Eclipse", "Every other player discards a",
                    "COST 1.5", "COST 0.25", "13"):
        assert printed in csv_text, printed
    assert "Erstes Licht" not in csv_text  # title = the game's first language, English
    assert "RARE" in csv_text and csv_text.count("RARE") == 4  # yes, True: 3 + 1 cards


def test_copies_repeat_a_row(csv_text: str, tmp_path: Path) -> None:
    """High Noon's `copies` is 3; the empty cells of the others mean 1."""
    assert csv_text.count("High Noon") == 3 and csv_text.count("Tide") == 1
    result = run_pnp("validate", "sheet-deck", "--content", _content(tmp_path))
    assert result.returncode == 0, result.stderr  # the expectation counts 8 cards
    content = _content(tmp_path / "again", text=(DECK / "cards.csv").read_text().replace(
        "sun,,yes,3", "sun,,yes,2"))
    lines = assert_clean_failure(run_pnp("validate", "sheet-deck", "--content", content), 1)
    assert any("cards in the deck: expected 8, got 7" in line for line in lines), lines


def test_a_translated_column(tmp_path: Path) -> None:
    text = _built(_content(tmp_path), tmp_path / "out", "--lang", "de")
    assert "Erstes Licht" in text and text.count("Mittag") == 3 and "Finsternis" in text
    assert "First Light" not in text and "Draw a card." in text  # text is not translated


def test_a_semicolon_csv_with_decimal_commas_prints_the_same(csv_text: str,
                                                             tmp_path: Path) -> None:
    """As Excel writes CSV in Germany or France: ';', 1,5 for one and a half, a BOM and
    CRLF line ends."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter=";", lineterminator="\r\n")
    for row in csv.reader(io.StringIO((DECK / "cards.csv").read_text(encoding="utf-8"))):
        writer.writerow([c.replace(".", ",") if c.replace(".", "").isdigit() else c
                         for c in row])
    assert "1,5" in out.getvalue() and ";" in out.getvalue()
    content = _content(tmp_path, text="\ufeff" + out.getvalue())
    assert _built(content, tmp_path / "out") == csv_text


def test_errors_point_at_row_and_column(tmp_path: Path) -> None:
    text = (DECK / "cards.csv").read_text(encoding="utf-8")
    text = re.sub(r"(?m)^(c0\d),", r"\1,,", text.replace("id,", "id,titel,"))  # a column
    text = text.replace("Draw a card.,1,", "Draw a card.,x,")  # row 2: value
    text = text.replace(",3,sun,2,FALSE,", ",3,star,2,maybe,")  # row 4: suit, rare
    text = text.replace(",moon,0.25,,1", ",moon,cheap,,0")  # row 5: cost, copies
    content = _content(tmp_path, text=text)
    result = run_pnp("validate", "sheet-deck", "--content", content, cwd=tmp_path)
    lines = assert_clean_failure(result, 1)
    where = "content/sheet-deck/cards.csv"
    expected = [
        f"{where}:1: titel: unknown column (column B); did you mean 'title'? (columns: id, "
        "copies, title, title_en, title_de, text, value, suit, cost, rare)",
        f"{where}:2: value: must be a whole number (got 'x')",
        f"{where}:4: rare: must be true or false (got 'maybe')",
        f"{where}:4: suit: must be one of sun, moon (got 'star')",
        f"{where}:5: copies: must be a whole number 1..1000 (got 0)",
        f"{where}:5: cost: must be a finite number (got 'cheap')",
    ]
    for line in expected:
        assert line in lines, (line, lines)


def test_a_translation_and_a_row_without_an_id_column(tmp_path: Path) -> None:
    """No `id` column: each row is named by its row number. A too long German title is
    said at its column, title_de."""
    rows = list(csv.reader(io.StringIO((DECK / "cards.csv").read_text(encoding="utf-8"))))
    rows = [r[1:] for r in rows]
    rows[3][1] = "Sehr-" * 500
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(rows)
    content = _content(tmp_path, text=out.getvalue())
    result = run_pnp("validate", "sheet-deck", "--content", content, cwd=tmp_path)
    lines = assert_clean_failure(result, 1)
    assert lines[0] == ("content/sheet-deck/cards.csv:4: title_de: too long: 2500 characters, "
                        "at most 2000"), lines
    assert len(lines) == 1, lines  # the other rows load, their ids row-2, row-3 ... unique


def _xlsx(path: Path, rows: list[list[object]], first_sheet: str | None = None) -> None:
    openpyxl = pytest.importorskip("openpyxl", reason="openpyxl (the 'sheets' extra) is not "
                                                      "installed: XLSX is not tested")
    book = openpyxl.Workbook()
    sheet = book.active
    if first_sheet:  # a sheet before the cards: the one named `cards` is read
        sheet.title = first_sheet
        sheet.append(["notes", "not a column of the cards"])
        sheet = book.create_sheet("cards")
    for row in rows:
        sheet.append(row)
    book.save(path)


def test_the_same_deck_as_xlsx_prints_the_same(csv_text: str, tmp_path: Path) -> None:
    rows = _rows()
    value = rows[0].index("value")
    rows[6][value] = "=10+3"  # Eclipse's 13, as a formula with its saved value
    content = _content(tmp_path, "cards.xlsx")
    target = content / "sheet-deck" / "cards.xlsx"
    _xlsx(target, rows, first_sheet="Notes")
    _saved_value(target, "<f>10+3</f><v></v>", "<f>10+3</f><v>13</v>")
    assert _built(content, tmp_path / "out") == csv_text


def _saved_value(path: Path, old: str, new: str) -> None:
    """openpyxl writes a formula without its value; a spreadsheet app saves both."""
    with zipfile.ZipFile(path) as src:
        parts = {info.filename: src.read(info) for info in src.infolist()}
    name = next(n for n, data in parts.items() if old.encode() in data)
    parts[name] = parts[name].replace(old.encode(), new.encode())
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for n, data in parts.items():
            out.writestr(n, data)


def test_xlsx_errors_point_at_row_and_column(tmp_path: Path) -> None:
    rows = _rows()
    rows[2][rows[0].index("value")] = "two"
    rows[4][rows[0].index("cost")] = "=1/4"  # never opened in an app: no saved value
    content = _content(tmp_path, "cards.xlsx")
    _xlsx(content / "sheet-deck" / "cards.xlsx", rows)
    result = run_pnp("validate", "sheet-deck", "--content", content, cwd=tmp_path)
    lines = assert_clean_failure(result, 1)
    assert lines[:2] == [
        "content/sheet-deck/cards.xlsx:3: value: must be a whole number (got 'two')",
        "content/sheet-deck/cards.xlsx:5: cost: a formula saved without its value (=1/4): "
        "open the file in a spreadsheet app and save it"], lines


ODS_NS = ('xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
          'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
          'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
          'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"')


def _ods_cell(value: object) -> str:
    if value is None:
        return "<table:table-cell/>"
    if isinstance(value, bool):
        return (f'<table:table-cell office:value-type="boolean" office:boolean-value='
                f'"{str(value).lower()}"><text:p>{str(value).upper()}</text:p></table:table-cell>')
    if isinstance(value, int | float):
        return (f'<table:table-cell office:value-type="float" office:value="{value}">'
                f"<text:p>{value}</text:p></table:table-cell>")
    if isinstance(value, tuple):  # (formula, the value LibreOffice saved with it)
        return (f"<table:table-cell table:formula={quoteattr(value[0])} office:value-type="
                f'"float" office:value="{value[1]}"><text:p>{value[1]}</text:p></table:table-cell>')
    return (f'<table:table-cell office:value-type="string"><text:p>{escape(str(value))}'
            "</text:p></table:table-cell>")


def _ods(path: Path, rows: list[list[object]]) -> None:
    """An ODS file as LibreOffice writes one: the cells' values, a formula's saved value,
    and empty rows and columns repeated to the sheet's end."""
    body = "".join("<table:table-row>" + "".join(map(_ods_cell, row)) +
                   '<table:table-cell table:number-columns-repeated="1015"/></table:table-row>'
                   for row in rows)
    xml = (f'<?xml version="1.0" encoding="UTF-8"?><office:document-content {ODS_NS} '
           'office:version="1.3"><office:body><office:spreadsheet><table:table '
           f'table:name="Sheet1"><table:table-column table:number-columns-repeated="9"/>{body}'
           '<table:table-row table:number-rows-repeated="1048560"><table:table-cell '
           'table:number-columns-repeated="1024"/></table:table-row></table:table>'
           "</office:spreadsheet></office:body></office:document-content>")
    manifest = ('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest='
                '"urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" manifest:version="1.3">'
                '<manifest:file-entry manifest:full-path="/" manifest:media-type='
                '"application/vnd.oasis.opendocument.spreadsheet"/><manifest:file-entry '
                'manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
                "</manifest:manifest>")
    with zipfile.ZipFile(path, "w") as out:
        out.writestr("mimetype", "application/vnd.oasis.opendocument.spreadsheet")
        out.writestr("META-INF/manifest.xml", manifest, zipfile.ZIP_DEFLATED)
        out.writestr("content.xml", xml, zipfile.ZIP_DEFLATED)


def test_the_same_deck_as_ods_prints_the_same(csv_text: str, tmp_path: Path) -> None:
    pytest.importorskip("python_calamine", reason="python-calamine (the 'sheets' extra) is "
                                                  "not installed: ODS is not tested")
    rows = _rows()
    rows[6][rows[0].index("value")] = ("of:=10+3", 13)
    content = _content(tmp_path, "cards.ods")
    _ods(content / "sheet-deck" / "cards.ods", rows)
    assert _built(content, tmp_path / "out") == csv_text


def test_a_missing_reader_is_one_line_naming_the_file(tmp_path: Path) -> None:
    """Without the extra, reading an XLSX says what to install (exit 2)."""
    content = _content(tmp_path, "cards.xlsx", text="")
    code = ("import sys; sys.modules['openpyxl'] = None; from pnp.cli import main; "
            f"sys.argv = ['pnp', 'validate', 'sheet-deck', '--content', {str(content)!r}]; "
            "main()")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            cwd=tmp_path, timeout=120)
    lines = assert_clean_failure(result, 2)
    assert lines == ["error: content/sheet-deck/game.yaml:12: components.cards.file: "
                     "'cards.xlsx': reading .xlsx files needs openpyxl: pip install "
                     "'pnp-print-and-play[sheets]'"], lines


def test_help_and_a_yaml_build_import_no_spreadsheet_reader(tmp_path: Path) -> None:
    assert run_pnp("new", "deck", "--content", tmp_path / "games").returncode == 0
    code = ("import sys\nfrom pnp.cli import app\n"  # main() leaves with os._exit
            "for argv in (['--help'], ['build', 'deck', '--content', sys.argv[1], '--out', "
            "sys.argv[2]]):\n"
            "    assert not app(args=argv, standalone_mode=False)\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('openpyxl', 'python_calamine', 'odf', 'csv')), file=sys.stderr)\n")
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path / "games"),
                             str(tmp_path / "out")], capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip().splitlines()[-1] in ("[]", "['csv']"), result.stderr
    assert "openpyxl" not in result.stderr and "calamine" not in result.stderr
    assert (tmp_path / "out" / "deck" / "cards.pdf").exists()


def test_custom_cards_from_a_csv(tmp_path: Path) -> None:
    content = _content(tmp_path)
    mine = tmp_path / "my-cards.csv"
    mine.write_text("title,title_de,text,value,suit\nComet,Komet,Wish upon it.,7,sun\n"
                    "Meteor,,Falls fast.,many,moon\n", encoding="utf-8")
    result = run_pnp("validate", "sheet-deck", "--content", content, "--custom", mine,
                     cwd=tmp_path)
    assert assert_clean_failure(result, 1) == [
        "my-cards.csv:3: value: must be a whole number (got 'many')"]
    mine.write_text(mine.read_text().replace("many", "8"))
    text = _built(content, tmp_path / "out", "--custom", mine)
    assert "Comet" in text and "Meteor" in text and "Wish upon it." in text


def test_watch_follows_a_custom_spreadsheet_outside_the_game(tmp_path: Path) -> None:
    content = _content(tmp_path)
    mine = tmp_path / "elsewhere" / "my-cards.csv"
    mine.parent.mkdir()
    mine.write_text("title,text,value,suit\nComet,Wish upon it.,7,sun\n", encoding="utf-8")
    (content / "sheet-deck" / "~$cards.xlsx").write_bytes(b"")  # Excel's lock file
    from pnp.watch import watched_files

    watched = watched_files(content / "sheet-deck", ROOT / "templates", "sheet-deck", [mine])
    assert mine in watched and not any(p.name.startswith("~$") for p in watched)
    out = tmp_path / "out"
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "watch", "sheet-deck", "--content",
                             str(content), "--out", str(out), "--custom", str(mine)],
                            cwd=ROOT, text=True, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, bufsize=1)
    seen: list[str] = []
    try:
        _wait_for(proc, "watching", seen)
        assert "Comet" in _pdf_text(out / "sheet-deck" / "cards.pdf")
        time.sleep(0.05)
        mine.write_text(mine.read_text().replace("Comet", "Shooting Star"), encoding="utf-8")
        _wait_for(proc, "cards.pdf", seen)
        assert "Shooting Star" in _pdf_text(out / "sheet-deck" / "cards.pdf")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def _wait_for(proc: subprocess.Popen[str], needle: str, seen: list[str]) -> None:
    end = time.monotonic() + 120
    while time.monotonic() < end:
        line = proc.stdout.readline() if proc.stdout else ""
        if line:
            seen.append(line)
            if needle in line:
                return
        elif proc.poll() is not None:
            break
    raise AssertionError(f"no {needle!r} in {seen}")


def test_new_csv_validates_and_builds_as_it_is(tmp_path: Path) -> None:
    games = tmp_path / "games"
    result = run_pnp("new", "my-deck", "--csv", "--content", games)
    assert result.returncode == 0, result.stderr
    assert "cards.csv" in result.stdout
    folder = games / "my-deck"
    assert (folder / "cards.csv").exists() and not (folder / "cards.yaml").exists()
    assert run_pnp("validate", "my-deck", "--content", games).returncode == 0
    text = _built_game(games, tmp_path / "out", "my-deck")
    assert "First Light" in text and "Cancel a card just played." in text


def _built_game(content: Path, out: Path, game: str) -> str:
    result = run_pnp("build", game, "--content", content, "--out", out)
    assert result.returncode == 0, result.stderr
    return _pdf_text(out / game / "cards.pdf")


def test_new_under_a_file_or_a_dangling_link_is_a_user_error(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("x")
    lines = assert_clean_failure(run_pnp("new", "deck", "--content",
                                         tmp_path / "notes.txt" / "sub"), 2)
    assert len(lines) == 1 and "is a file, not a folder" in lines[0], lines
    os.symlink(tmp_path / "nowhere", tmp_path / "gone")
    lines = assert_clean_failure(run_pnp("new", "deck", "--content", tmp_path / "gone" / "sub"), 2)
    assert len(lines) == 1 and "which does not exist" in lines[0], lines
    assert not (tmp_path / "nowhere").exists()
