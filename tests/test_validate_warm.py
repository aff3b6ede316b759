"""`pnp validate` with the cache between runs (pnp.base.cache): a warm run after an edit
reports exactly what a cold run reports, in text and in JSON, and a damaged entry is
ignored; only the faces an edit changed are expanded, split and drawn again. What Temple
Trip keeps (its large YAML files parsed, its board files' check, its board and what the
board checks find on it) is read back equal to a fresh build."""

from __future__ import annotations

import os
import pickle
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

USA_FLAG = ("board.yaml", "{country: USA, at: [-100.0, 45.5]}",  # on Canada's land
            "{country: USA, at: [-90.0, 52.5]}")
SMALL_TEXT = ("templates/card-front.svg.j2", 'font-size="2.3"',  # a border's name: 3.7 pt
              'font-size="1.3"')
SWAPPED = ("cards.yaml", "symbol: drop}\n  - {id: G02, background: pink, value: 2, border: "
           "black, symbol: hammers}", "symbol: hammers}\n  - {id: G02, background: pink, "
           "value: 2, border: black, symbol: drop}")  # two cards' symbols: counts kept


def pnp(cache: Path | None, *args: object) -> subprocess.CompletedProcess[bytes]:
    """`pnp` in a new process with its own cache folder (None: no cache)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PNP_CACHE")}
    env.update({"PNP_CACHE_DIR": str(cache)} if cache else {"PNP_CACHE": "0"})
    return subprocess.run([sys.executable, "-m", "pnp", *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, timeout=300)


def edit(content: Path, game: str, file: str, old: str, new: str) -> None:
    target = content / game / file
    text = target.read_text(encoding="utf-8")
    assert old in text, (file, old)
    target.write_text(text.replace(old, new, 1), encoding="utf-8")


def reports(cache: Path | None, content: Path, game: str) -> list[tuple[int, bytes, bytes]]:
    return [(r.returncode, r.stdout, r.stderr) for r in (
        pnp(cache, "validate", game, "--content", content),
        pnp(cache, "validate", game, "--content", content, "--format", "json"))]


def entries(cache: Path, kind: str) -> list[Path]:
    return [p for p in (cache / "v1" / kind).rglob("*") if p.is_file()]


@pytest.mark.parametrize("game, first, second", [
    ("temple-trip", USA_FLAG, ("temples.yaml", "temple: Seattle Washington",
                               "temple: Seattle Washington Temple")),
    ("temple-of-doom", SMALL_TEXT, SWAPPED),
])
def test_warm_after_an_edit_reports_what_cold_reports(tmp_path: Path, game: str,
                                                      first: tuple[str, str, str],
                                                      second: tuple[str, str, str]) -> None:
    content, cache = tmp_path / "content", tmp_path / "cache"
    shutil.copytree(ROOT / "content" / game, content / game)
    edit(content, game, *first)
    cold = reports(None, content, game)
    assert reports(cache, content, game) == cold  # the cache filled
    assert reports(cache, content, game) == cold  # read back
    edit(content, game, *second)  # one edit: the rest read back, this file read anew
    cold = reports(None, content, game)
    assert reports(cache, content, game) == cold
    if game == "temple-of-doom":  # found on each card's face: kept with the face
        assert b"at print size (at least 6 pt)" in cold[0][2]
        assert entries(cache, "face-checks")
    if game == "temple-trip":
        assert b"USA flag is not wholly on its own land" in cold[0][2]  # kept with the board
        for kind in ("yaml", "board-files", "board"):
            assert entries(cache, kind), kind


def test_a_damaged_entry_is_ignored(tmp_path: Path) -> None:
    content, cache = tmp_path / "content", tmp_path / "cache"
    shutil.copytree(ROOT / "content" / "temple-trip", content / "temple-trip")
    edit(content, "temple-trip", *USA_FLAG)
    cold = reports(None, content, "temple-trip")
    reports(cache, content, "temple-trip")
    kept = [p for kind in ("yaml", "board-files", "board", "face-checks")
            for p in entries(cache, kind)]
    assert kept
    for n, path in enumerate(kept):
        data = path.read_bytes()
        if n % 2:  # cut short: fails its checksum
            path.write_bytes(data[:len(data) // 2])
        else:  # sound as an entry, but not what pnp keeps there
            from pnp.base import cache as store

            os.environ["PNP_CACHE_DIR"], before = str(cache), os.environ.get("PNP_CACHE_DIR")
            try:
                store.put(path.parent.parent.name, path.name, b"not what was kept")
            finally:
                os.environ["PNP_CACHE_DIR"] = before or ""
    assert reports(cache, content, "temple-trip") == cold
    assert reports(cache, content, "temple-trip") == cold  # put right, then read back


def test_board_read_back_is_a_fresh_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                          ) -> None:
    from pnp.games.temple_trip import checks, data
    from pnp.load.content import load_game

    def board_of(cache: str | None) -> tuple[bytes, list, list]:
        monkeypatch.setenv("PNP_CACHE", "1" if cache else "0")
        monkeypatch.setenv("PNP_CACHE_DIR", cache or "")
        game = load_game(ROOT / "content" / "temple-trip", [], [], [])
        assert game is not None
        found = checks.board_checks(game)
        b = data.board(game)
        outlines = data.board_files(game)[1]
        state = {k: v for k, v in b.__dict__.items() if k not in data.REMADE}
        return pickle.dumps(state), found, [outlines.data, outlines.lines]

    fresh = board_of(None)
    board_of(str(tmp_path))  # kept

    def built(*args: object) -> None:
        raise AssertionError("the board was built again")

    monkeypatch.setattr(data, "_build", built)
    again = board_of(str(tmp_path))  # read back
    assert _same(pickle.loads(again[0]), pickle.loads(fresh[0]))
    assert again[1:] == fresh[1:]


def _same(a: object, b: object) -> bool:
    """Value by value, through objects' attributes (a board's cities, routes, squares)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(_same(a[k], b[k]) for k in a)  # type: ignore
    if isinstance(a, (list, tuple)):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b, strict=True))  # type: ignore
    if isinstance(a, (set, frozenset)):
        return a == b and list(a) == list(b)  # type: ignore[call-overload]
    if hasattr(a, "__dict__") or hasattr(type(a), "__slots__"):
        names = list(getattr(a, "__dict__", {})) + list(getattr(type(a), "__slots__", ()))
        return all(_same(getattr(a, n, None), getattr(b, n, None)) for n in names)
    return a == b


def _validate(content: Path, game: str) -> tuple[list[str], dict[str, Any]]:
    """`pnp validate GAME` in this process, on A4 and Letter: its summary and its report."""
    from pnp.pipeline.validation import validate_game

    report = validate_game(content / game, [], None, None, ["a4", "letter"], None)
    return report.summary_lines(), report.as_dict()


def test_warm_validate_works_again_only_on_the_faces_an_edit_changed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp.render import layers, templates

    content = tmp_path / "content"
    shutil.copytree(ROOT / "content" / "temple-trip", content / "temple-trip")
    edit(content, "temple-trip", "temples.yaml", 'state: "WA"',
         'state: "Washington State and the Whole Puget Sound Region of the Northwest"')
    work = {"expanded": 0, "split": 0, "drawn": 0}
    expand, parse, drawn = templates.Renderer._expand, layers.LayerStore._parse, layers.drawn

    def expanding(*args: Any) -> Any:
        work["expanded"] += 1
        return expand(*args)

    def splitting(*args: Any) -> Any:
        work["split"] += 1
        return parse(*args)

    def drawing(*args: Any) -> Any:  # svglib's drawing of a layer, made or unpickled
        work["drawn"] += 1
        return drawn(*args)

    monkeypatch.setattr(templates.Renderer, "_expand", expanding)
    monkeypatch.setattr(layers, "drawn", drawing)
    monkeypatch.setattr(layers.LayerStore, "_parse", splitting)

    def run(cache: bool) -> tuple[tuple[list[str], dict[str, Any]], dict[str, int]]:
        monkeypatch.setenv("PNP_CACHE", "1" if cache else "0")
        work.update(expanded=0, split=0, drawn=0)
        return _validate(content, "temple-trip"), dict(work)

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    cold, cold_work = run(False)
    assert [p["line"] for p in cold[1]["problems"]  # noted while its card was expanded
            if "does not fit" in p["message"]] == [5]
    assert run(True)[0] == cold  # the cache filled
    assert run(True) == (cold, {"expanded": 0, "split": 0, "drawn": 0})  # no work
    # lines move (the note must point at the card's new line) and one temple is renamed
    edit(content, "temple-trip", "temples.yaml", "temples:\n", "temples:\n  # renamed\n")
    edit(content, "temple-trip", "temples.yaml", "temple: Chicago Illinois",
         "temple: Chicago Illinois Temple")
    cold, cold_work = run(False)
    assert [p["line"] for p in cold[1]["problems"] if "does not fit" in p["message"]] == [6]
    warm, warm_work = run(True)
    assert warm == cold
    assert 0 < warm_work["expanded"] <= 4 < cold_work["expanded"]  # Chicago's faces only
    assert 0 < warm_work["split"] <= 4 < cold_work["split"]
    assert warm_work["drawn"] < cold_work["drawn"]


def test_a_kept_face_is_expanded_again_when_a_template_or_an_icon_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from pnp.preflight.memo import sharing
    from pnp.render.templates import Renderer

    game = tmp_path / "game"
    (game / "templates").mkdir(parents=True)
    template = game / "templates" / "face.svg.j2"
    template.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">'
                        '{{ icon("icons/a.svg", 0, 0, 5) }}{{ item }}</svg>', encoding="utf-8")
    (game / "icons").mkdir()
    icon = game / "icons" / "a.svg"
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PNP_CACHE", raising=False)

    def face(shape: str, item: object = "A") -> str:
        icon.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                        f'<{shape} width="4" height="4" r="2"/></svg>', encoding="utf-8")
        with sharing():  # as `pnp validate` renders
            return Renderer([(game / "templates", game)]).render("face.svg.j2", {"item": item})

    assert "<rect" in face("rect")
    assert "<circle" in face("circle")  # the icon changed: expanded again
    assert "bytearray" in face("circle", bytearray(b"A"))  # values told apart by type
    assert "bytearray" not in face("circle", b"A")
    template.write_text(template.read_text(encoding="utf-8").replace("{{ item }}", "B"),
                        encoding="utf-8")
    assert face("circle").endswith("B</svg>")  # the template changed


def test_a_kept_split_is_split_again_when_an_image_it_links_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PIL import Image

    from pnp.base.errors import ContentError
    from pnp.preflight.memo import sharing
    from pnp.render import layers

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("PNP_CACHE", raising=False)
    Image.new("RGB", (4, 4)).save(tmp_path / "art.png")
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="10mm" height="10mm">'
           '<image href="art.png" width="5" height="5"/></svg>')

    def split() -> layers.Face:
        with sharing():  # as `pnp validate` splits
            return layers.LayerStore(tmp_path).parse(svg, "face.svg.j2")

    assert split().layers == split().layers  # kept, then read back
    (tmp_path / "art.png").write_bytes(b"no image")
    with pytest.raises(ContentError, match="not a PNG or JPEG"):
        split()
