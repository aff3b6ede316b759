"""An icon repeated in card text, wherever the text puts it, is stored once in the PDF:
each use is the one form of its drawing, moved to its place (pnp/render/moved.py), and
preflight measures each use where it is printed."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import pypdf
from conftest import FIXTURES, run_pnp

GAME = "designer-game"


def _drawn(pdf: Path, path_ops: bytes) -> int:
    """How many times the PDF's content streams (pages and forms) hold a drawing."""
    reader = pypdf.PdfReader(pdf)
    seen: set[int] = set()
    count = sum(page.get_contents().get_data().count(path_ops) for page in reader.pages)
    stack = [page.get("/Resources") for page in reader.pages]
    while stack:
        resources = stack.pop()
        xobjects = resources.get("/XObject") if resources else None
        for name in xobjects or {}:
            ref = xobjects.raw_get(name)
            if ref.idnum not in seen:
                seen.add(ref.idnum)
                form = ref.get_object()
                count += form.get_data().count(path_ops)
                stack.append(form.get("/Resources"))
    return count


def test_an_icon_at_forty_places_is_one_form(tmp_path: Path) -> None:
    root = tmp_path / "content"
    shutil.copytree(FIXTURES / GAME, root / GAME)
    table = root / GAME / "cards.csv"
    with table.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    for i, row in enumerate(rows):  # the coin lands at 40 different places
        row["text"] = "Pay " + "W" * (i % 20 + 1) + " :coin:" + (" then rest" if i >= 20 else "")
        row["suit"], row["icon"] = "coins", "icons/coin.svg"  # one background, one suit icon
    with table.open("w", encoding="utf-8", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    out = tmp_path / "out"
    result = run_pnp("build", GAME, "--content", root, "--out", out)
    assert result.returncode == 0, result.stderr
    # the coin's "$" stroke, as svglib writes it: once for the suit icon and once for each
    # size the text is fitted at (the same drawing, scaled), never once a card
    drawn = _drawn(out / GAME / "cards.pdf", b"n 14.8 9 m 14.43087 8.359677")
    assert 2 <= drawn <= 8, drawn
    validate = run_pnp("validate", GAME, "--content", root)
    assert validate.returncode == 0, validate.stderr  # each use measured where it prints
