"""A large deck's faces wait on disk for their pages (faceparts.Spilled): the same bytes
and the same problems as faces held in memory, while the painter holds a block of them at
a time, and nothing is left open or on disk afterwards."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from test_parallel import _big_deck

from pnp import faceparts, layers, parallel
from pnp.errors import ProblemsFound
from pnp.options import BuildOptions

CARDS = 100
BLOCK = 7  # cards a block: 15 blocks for 100 cards


def _built(folder: Path, opts: BuildOptions) -> dict[str, bytes]:
    from pnp.build import prepare_game
    from pnp.content import shipped_dir

    prepared = prepare_game(folder, shipped_dir("templates"), opts).prepared()
    return {name: bytes(data) for name, data, _ in prepared.outputs}


def _spill_from(monkeypatch: pytest.MonkeyPatch, n: int) -> list[int]:
    """Spill from n items on; the list hears the size of every deck spilled."""
    spilled: list[int] = []
    spill = faceparts._spill
    monkeypatch.setattr(faceparts, "SPILL_FROM", n)
    monkeypatch.setattr(faceparts, "_spill", lambda store, items, *a: spilled.append(
        len(items)) or spill(store, items, *a))
    return spilled


def _lanes(monkeypatch: pytest.MonkeyPatch, forked: bool) -> None:
    monkeypatch.setattr(faceparts, "BLOCK", BLOCK)
    if forked:
        if parallel.workers(2) < 2:
            pytest.skip("one core or no fork here: no worker to spill from")
        monkeypatch.setattr(faceparts, "PARALLEL_FROM", 20)  # 100 cards: two workers
    else:
        monkeypatch.setattr(faceparts, "workers", lambda jobs: 1)


@pytest.mark.parametrize("forked", [False, True], ids=["one process", "workers"])
@pytest.mark.parametrize("opts", [
    BuildOptions(), BuildOptions(layout="gutter-fold"), BuildOptions(duplex=False),
    BuildOptions(paper="letter", crop_marks=False)], ids=["duplex", "gutter-fold",
                                                          "backs after fronts", "letter"])
def test_a_spilled_deck_gives_the_bytes_of_one_held_in_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forked: bool,
        opts: BuildOptions) -> None:
    folder = _big_deck(tmp_path, CARDS)
    _lanes(monkeypatch, forked)
    spilled = _spill_from(monkeypatch, 40)
    from_disk = _built(folder, opts)
    # every back printed after every front reads the faces twice: held, not spilled
    assert spilled == ([] if not opts.duplex else [CARDS])
    monkeypatch.setattr(faceparts, "SPILL_FROM", 10**9)
    held = _built(folder, opts)
    assert from_disk == held and held["cards.pdf"].startswith(b"%PDF")


def test_a_spilled_deck_holds_a_block_of_layers_at_a_time(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each card has a title of its own: held in memory, the painter's store has every
    card's title layer before the first page is drawn; spilled, a block's worth."""
    folder = _big_deck(tmp_path, CARDS)
    _lanes(monkeypatch, forked=False)
    sizes: list[int] = []
    adopt = layers.LayerStore.adopt

    def adopting(store: layers.LayerStore, found: dict) -> None:
        adopt(store, found)
        sizes.append(len(store.runs))

    monkeypatch.setattr(layers.LayerStore, "adopt", adopting)
    spilled = _spill_from(monkeypatch, 40)
    _built(folder, BuildOptions())
    assert spilled == [CARDS]
    assert len(sizes) == -(-CARDS // BLOCK)  # one block read at a time
    assert max(sizes) < 3 * BLOCK + 10, sizes  # its cards' layers, the shared ones, and
    # the layers of the page before it, let go once drawn; not CARDS titles


@pytest.mark.parametrize("forked", [False, True], ids=["one process", "workers"])
def test_a_bad_card_in_a_spilled_block_is_the_error_held_faces_give(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, forked: bool) -> None:
    folder = _big_deck(tmp_path, CARDS, bad=61)
    _lanes(monkeypatch, forked)

    def problems() -> list[str]:
        with pytest.raises(ProblemsFound) as found:
            _built(folder, BuildOptions())
        return [p.format() for p in found.value.problems]

    spilled = _spill_from(monkeypatch, 40)
    from_disk = problems()
    assert spilled == [CARDS]
    monkeypatch.setattr(faceparts, "SPILL_FROM", 10**9)
    assert from_disk == problems()
    assert any("9000000" in p and "front.svg.j2" in p for p in from_disk), from_disk


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux's /proc")
def test_spill_files_are_closed_whether_the_build_ends_well_or_not(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    good = _big_deck(tmp_path / "good", CARDS)
    bad = _big_deck(tmp_path / "bad", CARDS, bad=90)
    _lanes(monkeypatch, forked=False)
    spilled = _spill_from(monkeypatch, 40)
    before = len(os.listdir("/proc/self/fd"))
    _built(good, BuildOptions())
    with pytest.raises(ProblemsFound):
        _built(bad, BuildOptions())
    assert spilled == [CARDS, CARDS]
    assert len(os.listdir("/proc/self/fd")) == before


def test_without_room_for_temporary_files_the_faces_are_held_in_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """TMPDIR unwritable or full: the deck is built as before spilling, not stopped."""
    import tempfile

    folder = _big_deck(tmp_path, CARDS)
    _lanes(monkeypatch, forked=False)
    monkeypatch.setattr(faceparts, "SPILL_FROM", 10**9)
    held = _built(folder, BuildOptions())
    spilled = _spill_from(monkeypatch, 40)

    def no_room(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "TemporaryFile", no_room)
    assert _built(folder, BuildOptions()) == held
    assert spilled == [CARDS]  # it was tried
