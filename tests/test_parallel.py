"""Games (and validate's papers) rendered in forked workers give what one process gives:
the same bytes, the same problems at the same file, line and key, the same exit codes."""

from __future__ import annotations

import hashlib
import pickle
import shutil
from pathlib import Path

import pytest
from conftest import ROOT, assert_clean_failure, run_pnp

from pnp.base import workers as parallel
from pnp.base.errors import ContentError, InputError, Problem, ProblemsFound
from pnp.pipeline import jobs as game_jobs

SMALL = ("temple", "dice-trip")  # the two quickest games: enough for two workers


def _digests(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and not p.name.endswith(".lock")}


def test_errors_cross_processes_whole() -> None:
    error = pickle.loads(pickle.dumps(ContentError("bad count", "game.yaml", 7, "cards")))
    assert (type(error), error.message, error.path, error.line, error.key) == (
        ContentError, "bad count", "game.yaml", 7, "cards")
    assert error.format() == "game.yaml:7: cards: bad count"
    problem = Problem("error", "cards.yaml", 3, "cards[2].title", "too long", "text-fit")
    found = pickle.loads(pickle.dumps(ProblemsFound([problem])))
    assert found.problems == [problem] and found.exit_code == 1 and str(found) == str(
        ProblemsFound([problem]))
    assert pickle.loads(pickle.dumps(InputError("unreadable", "x.yaml"))).exit_code == 2


def test_forked_map_keeps_the_order_and_runs_elsewhere(monkeypatch) -> None:
    import os

    if parallel.workers(4) < 2:
        pytest.skip("one core or no fork here: jobs run in this process")
    here = os.getpid()
    got = parallel.forked_map(lambda i: (i * i, os.getpid() != here), 5, first=[4])
    assert [v for v, _ in got] == [0, 1, 4, 9, 16]
    assert all(elsewhere for _, elsewhere in got)
    got = parallel.forked_map(lambda i: (i, os.getpid() != here), 3, here=True)
    assert got == [(0, False), (1, True), (2, True)]  # job 0 here, beside the workers
    monkeypatch.setattr(parallel, "workers", lambda jobs: 1)
    assert parallel.forked_map(lambda i: (i, os.getpid()), 3) == [(0, here), (1, here),
                                                                   (2, here)]


def test_games_built_together_match_each_built_alone(tmp_path: Path) -> None:
    together, alone = tmp_path / "together", tmp_path / "alone"
    result = run_pnp("build", *SMALL, "--out", together)
    assert result.returncode == 0, result.stderr
    for game in SMALL:
        result = run_pnp("build", game, "--out", alone)
        assert result.returncode == 0, result.stderr
    assert _digests(together) == _digests(alone) and len(_digests(alone)) > 4


def test_a_failing_game_among_several_is_reported_and_nothing_is_written(
        tmp_path: Path) -> None:
    content = tmp_path / "content"
    for game in SMALL:
        shutil.copytree(ROOT / "content" / game, content / game)
    game_yaml = content / "temple" / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace("components:", "componnets:", 1))
    out = tmp_path / "out"
    result = run_pnp("build", *SMALL, "--content", content, "--out", out)
    lines = assert_clean_failure(result, 1)
    assert any("game.yaml" in line and "componnets" in line for line in lines), lines
    assert not out.exists() or not any(out.rglob("*.pdf"))


def test_validate_reports_the_same_forked_or_not(monkeypatch) -> None:
    from pnp.pipeline.validation import validate_game

    if parallel.workers(2) < 2:
        pytest.skip("one core or no fork here: nothing to compare")
    folder = ROOT / "content" / "temple"
    forked = validate_game(folder, [], None, None, ["a4", "letter"], None).as_dict()
    monkeypatch.setattr(parallel, "workers", lambda jobs: 1)
    alone = validate_game(folder, [], None, None, ["a4", "letter"], None).as_dict()
    assert forked == alone and forked["checked"]["pages"] > 0


def test_pnp_jobs_caps_the_workers(monkeypatch) -> None:
    monkeypatch.setenv("PNP_JOBS", "1")
    assert parallel.workers(5) == 1
    monkeypatch.setenv("PNP_JOBS", "junk")  # not a number: ignored, not an error
    assert parallel.workers(1) == 1 and parallel.workers(5) >= 1


def test_games_start_largest_first(monkeypatch, tmp_path: Path) -> None:
    """Every game is queued by size, largest first, so the small ones fill in at the end
    and the workers finish together (not just the largest put first)."""
    sizes = {"mid": 3000, "tiny": 10, "huge": 90000, "small": 400}
    jobs = []
    for name, size in sizes.items():
        (tmp_path / name).mkdir()
        (tmp_path / name / "game.yaml").write_text("x" * size)
        jobs.append(game_jobs.Job(tmp_path / name, tmp_path, None))  # type: ignore[arg-type]
    seen: dict[str, object] = {}

    def record(task: object, count: int, first: tuple[int, ...] = (),
               here: bool = False) -> list:
        seen["first"] = [jobs[i].folder.name for i in first]
        return []

    monkeypatch.setattr(parallel, "forked_map", record)
    monkeypatch.setattr(parallel, "workers", lambda jobs: 2)
    game_jobs.prepare_all(jobs)
    assert seen["first"] == ["huge", "mid", "small", "tiny"]


def test_one_job_does_not_load_multiprocessing() -> None:
    """One job never forks, so it does not pay for importing multiprocessing."""
    import subprocess
    import sys

    probe = ("import sys\nfrom pnp.base import workers as parallel\n"
             "print(parallel.workers(1), 'multiprocessing' in sys.modules,"
             " 'concurrent.futures' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["1", "False", "False"]


FRONT = """{% import "pnp.svg.j2" as pnp %}
{% call pnp.face(face) %}
<rect x="{{ (-face.bleed)|num }}" y="{{ (-face.bleed)|num }}" width="{{ face.full_w|num }}" height="{{ face.full_h|num }}" fill="{{ item.colour }}"/>
<rect x="4" y="{{ item.top }}" width="20" height="20" rx="3" fill="#ffffff"/>
<text x="10" y="40" font-family="Fira Sans" font-size="5">{{ item.title }}</text>
{% endcall %}
"""
BACK = """{% import "pnp.svg.j2" as pnp %}
{% call pnp.face(face) %}
<circle cx="{{ (face.w / 2)|num }}" cy="{{ (face.h / 2)|num }}" r="9" fill="#34495e"/>
{% endcall %}
"""


def _big_deck(root: Path, cards: int, bad: int | None = None) -> Path:
    """A deck large enough to be split among workers: coloured frames and rounded
    boxes (svglib's layers, repeated), a title per card (text), a shared back."""
    game = root / "big"
    (game / "templates").mkdir(parents=True)
    (game / "templates" / "front.svg.j2").write_text(FRONT)
    (game / "templates" / "back.svg.j2").write_text(BACK)
    (game / "game.yaml").write_text(
        "id: big\nname: Big\nrules: none\ncomponents:\n  cards:\n    kind: deck\n"
        "    title: Cards\n    file: cards.yaml\n    size: poker\n    front: front.svg.j2\n"
        "    back: back.svg.j2\n    fields:\n      title: {type: text}\n"
        "      colour: {type: text}\n      top: {type: number}\n")
    colours = ["#c0392b", "#2980b9", "#27ae60"]
    lines = ["cards:"]
    for i in range(cards):
        top = 9_000_000 if i == bad else 4 + i % 5
        lines += [f"- id: c{i}", f"  title: Card {i}", f"  colour: '{colours[i % 3]}'",
                  f"  top: {top}"]
    (game / "cards.yaml").write_text("\n".join(lines) + "\n")
    return game


def _built(folder: Path) -> dict[str, bytes]:
    from pnp.layout.options import BuildOptions
    from pnp.load.content import shipped_dir
    from pnp.pipeline.build import prepare_game

    prepared = prepare_game(folder, shipped_dir("templates"), BuildOptions()).prepared()
    return {name: data for name, data, _ in prepared.outputs}


def test_a_large_deck_split_among_workers_gives_the_same_bytes(
        tmp_path: Path, monkeypatch) -> None:
    from pnp.draw import batches as faceparts

    if parallel.workers(2) < 2:
        pytest.skip("one core or no fork here: nothing to compare")
    folder = _big_deck(tmp_path, faceparts.PARALLEL_FROM + 50)
    split: list[int] = []
    forked_map = parallel.forked_map
    monkeypatch.setattr(faceparts, "forked_map", lambda task, count, **kw: split.append(
        count) or forked_map(task, count, **kw))
    forked = _built(folder)
    assert split and split[0] >= 2  # the faces were parsed in parts
    monkeypatch.setattr(faceparts, "workers", lambda jobs: 1)
    alone = _built(folder)
    assert forked == alone and forked["cards.pdf"].startswith(b"%PDF")


def test_a_bad_card_in_a_worker_is_the_error_one_process_gives(
        tmp_path: Path, monkeypatch) -> None:
    from pnp.draw import batches as faceparts

    folder = _big_deck(tmp_path, faceparts.PARALLEL_FROM + 50, bad=faceparts.PARALLEL_FROM)

    def problems() -> list[str]:
        with pytest.raises(ProblemsFound) as found:
            _built(folder)
        return [p.format() for p in found.value.problems]

    forked = problems()
    monkeypatch.setattr(faceparts, "workers", lambda jobs: 1)
    assert forked == problems()
    assert any("9000000" in p and "front.svg.j2" in p for p in forked), forked


def test_a_forgotten_layer_met_again_is_split_again(tmp_path: Path) -> None:
    """A painter lets go of a layer once it has drawn and checked it for the last time;
    the same SVG parsed later comes back whole (not a face whose layers are gone)."""
    from pnp.render.layers import LayerStore

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" '
           'viewBox="0 0 20 20"><g><text x="2" y="10" font-family="Fira Sans" '
           'font-size="3">Once</text></g><g><rect x="1" y="1" width="5" height="5" '
           'fill="#ff0000"/></g></svg>')
    store = LayerStore(tmp_path)
    face = store.parse(svg, "t.svg.j2")
    runs = [store.runs[k] for k in face.layers]
    store.forget(list(face.layers))
    assert not any(k in store.runs or k in store.size for k in face.layers)
    again = store.parse(svg, "t.svg.j2")
    assert again.layers == face.layers and [store.runs[k] for k in again.layers] == runs
    assert store.layer_map(again.layers[1]).fills  # the rect drawn by svglib maps again
