"""`pnp validate` renders each face once for every paper (issue 35): what it reports is
what building the game on each paper finds, in the same order, and each distinct layer
goes through svglib once however many papers are checked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES, ROOT
from test_preflight import messy_game

from pnp.base.errors import Problem
from pnp.layout.options import BuildOptions
from pnp.pipeline.validation import validate_game

TEMPLATES = ROOT / "templates"
CONTENT = ROOT / "content"
TOD_CARDS = ("cards:\n  - {id: my-1, background: green, value: 2, border: red, symbol: drop}\n"
             "  - {id: my-2, background: pink, value: 9, border: red, symbol: drop, "
             "replaces: G07}\n")


@pytest.fixture(autouse=True)
def _no_kept_drawings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing kept between runs: every drawing svglib makes is made here."""
    monkeypatch.setenv("PNP_CACHE", "off")


def built_on_each_paper(folder: Path, papers: list[str], custom: list[Path] | None = None,
                        map_name: str | None = None) -> dict[str, Any]:
    """What building the game on each paper and in each language finds, one render after
    another, each drawing its PDFs in full: the problems in the order first found (as
    validate lists them), the pages and the preflight counts."""
    from pnp.check.expectations import check_game
    from pnp.load.content import load_game
    from pnp.pipeline.build import render_game

    problems: list[Problem] = []
    game = load_game(folder, problems, custom or [])
    assert game is not None
    if map_name:
        game.options["map"] = map_name
    game.options["papers"] = list(papers)
    if not any(p.severity == "error" for p in problems):
        problems += check_game(game)
    pages, checks = 0, {}
    if not any(p.severity == "error" for p in problems):
        for lang in game.spec.languages:
            for paper in papers:
                done = render_game(game, TEMPLATES, BuildOptions(paper=paper, lang=lang))
                assert done.outputs, "the reference draws its PDFs"
                problems += done.problems
                pages += done.pages
                for k, v in done.checks.items():
                    checks[k] = checks.get(k, 0) + v
    return {"problems": list(dict.fromkeys(problems)), "pages": pages, "checks": checks}


def validated(folder: Path, papers: list[str], custom: list[Path] | None = None,
              map_name: str | None = None) -> dict[str, Any]:
    report = validate_game(folder, custom or [], None, None, papers, map_name)
    return {"problems": report.problems, "pages": report.pages, "checks": report.checks}


def same(folder: Path, papers: list[str], **kw: Any) -> None:
    found, reference = validated(folder, papers, **kw), built_on_each_paper(folder, papers, **kw)
    assert [p.format() for p in found["problems"]] == \
        [p.format() for p in reference["problems"]]
    assert found == reference


@pytest.mark.parametrize("papers", [["a4", "letter"], ["a5", "letter", "a3"]])
def test_a_game_with_findings_of_every_kind_reports_what_each_paper_finds(
        tmp_path: Path, papers: list[str]) -> None:
    folder = messy_game(tmp_path)
    same(folder, papers)
    assert len(validated(folder, papers)["problems"]) > 50  # (there is plenty to compare)


@pytest.mark.parametrize("game", sorted(p.name for p in CONTENT.iterdir()
                                        if (p / "game.yaml").is_file()))
def test_every_shipped_game_reports_what_its_builds_find(game: str) -> None:
    same(CONTENT / game, ["a4", "letter"])


@pytest.mark.parametrize("name", ["italy", "japan"])
def test_a_dice_trip_map_of_the_corpus(name: str) -> None:
    same(CONTENT / "dice-trip", ["letter", "a4"],
         map_name=str(FIXTURES / "dice-trip-maps" / f"{name}.yaml"))


def test_custom_cards_and_temples(tmp_path: Path) -> None:
    cards = tmp_path / "mine.yaml"
    cards.write_text(TOD_CARDS)
    same(CONTENT / "temple-of-doom", ["letter", "a4"], custom=[cards])
    same(CONTENT / "temple-trip", ["a4", "letter"],
         custom=[FIXTURES / "temple-trip-customs" / "miami.yaml"])
    same(FIXTURES / "designer-game", ["a4", "a5"])


def test_each_layer_goes_through_svglib_once_for_every_paper(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Temple Trip on three papers: every layer svglib draws (the board, the cards' art)
    is drawn once, and validate draws no layer a build on one paper does not."""
    from lxml import etree

    from pnp.render import svglib_draw

    drawn: dict[bytes, int] = {}
    real = svglib_draw._render

    def counting(renderer: Any, layer: etree._Element) -> Any:
        text = etree.tostring(layer)
        drawn[text] = drawn.get(text, 0) + 1
        return real(renderer, layer)

    monkeypatch.setattr(svglib_draw, "_render", counting)
    monkeypatch.setenv("PNP_JOBS", "1")  # (a worker's drawings are counted in the worker)
    report = validate_game(CONTENT / "temple-trip", [], None, None, ["a4", "letter", "a3"],
                           None)
    assert report.ok and len(drawn) >= 5  # the board's clipped layers (the rest: fastshapes)
    assert max(drawn.values()) == 1, sorted(drawn.values())[-5:]
