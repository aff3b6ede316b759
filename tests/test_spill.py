"""A large deck's faces wait on disk for their pages (facespill): the same bytes and the
same problems as faces held in memory, while the painter holds a block of them at a time,
and no file is left open, whether the build ends well or not."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_parallel import _big_deck

from pnp.base import workers as parallel
from pnp.base.errors import ProblemsFound
from pnp.draw import batches as faceparts
from pnp.draw import spill as facespill
from pnp.layout.options import BuildOptions
from pnp.render import layers

CARDS = 100
BLOCK = 7  # cards a block: 15 blocks for 100 cards


def _built(folder: Path, opts: BuildOptions) -> dict[str, bytes]:
    from pnp.load.content import shipped_dir
    from pnp.pipeline.build import prepare_game

    prepared = prepare_game(folder, shipped_dir("templates"), opts).prepared()
    return {name: bytes(data) for name, data, _ in prepared.outputs}


def _outcome(folder: Path, opts: BuildOptions) -> tuple[dict[str, bytes], list[str]]:
    """The files, or the problems the build stopped on."""
    try:
        return _built(folder, opts), []
    except ProblemsFound as found:
        return {}, [p.format() for p in found.problems]


def _spill_from(monkeypatch: pytest.MonkeyPatch, n: int) -> list[int]:
    """Spill from n items on; the list hears the size of every deck spilled."""
    spilled: list[int] = []
    spill = facespill.spill
    monkeypatch.setattr(facespill, "SPILL_FROM", n)
    monkeypatch.setattr(facespill, "spill", lambda store, items, *a: spilled.append(
        len(items)) or spill(store, items, *a))
    return spilled


def _lanes(monkeypatch: pytest.MonkeyPatch, forked: bool) -> None:
    monkeypatch.setattr(facespill, "BLOCK", BLOCK)
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
    monkeypatch.setattr(facespill, "SPILL_FROM", 10**9)
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

    def adopting(store: layers.LayerStore, found: dict, **kwargs: bool) -> None:
        adopt(store, found, **kwargs)
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
    monkeypatch.setattr(facespill, "SPILL_FROM", 10**9)
    assert from_disk == problems()
    assert any("9000000" in p and "front.svg.j2" in p for p in from_disk), from_disk


def test_without_room_for_temporary_files_the_faces_are_held_in_memory(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """TMPDIR unwritable or full: the deck is built as before spilling, not stopped."""
    import tempfile

    folder = _big_deck(tmp_path, CARDS)
    _lanes(monkeypatch, forked=False)
    monkeypatch.setattr(facespill, "SPILL_FROM", 10**9)
    held = _built(folder, BuildOptions())
    spilled = _spill_from(monkeypatch, 40)

    def no_room(*args: object, **kwargs: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(tempfile, "TemporaryFile", no_room)
    assert _built(folder, BuildOptions()) == held
    assert spilled == [CARDS]  # it was tried


OVERFLOWING = """{% import "pnp.svg.j2" as pnp %}
{% call pnp.face(face) %}{{ check_fits(item.top, 7) }}
<rect x="4" y="{{ item.top }}" width="20" height="20" rx="3" fill="{{ item.colour }}"/>
<text x="10" y="40" font-family="Fira Sans" font-size="5">{{ item.title }}</text>
{% endcall %}
"""


@pytest.mark.parametrize("spill", [False, True], ids=["held", "spilled"])
def test_text_that_does_not_fit_is_reported_from_every_worker(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, spill: bool) -> None:
    """What rendering notes in a worker (a stack of text past its room) comes back with
    the faces: the build stops on the same problems, in the same order, as in one
    process. One card in five (top 8) runs 1 mm past its 7 mm."""
    folder = _big_deck(tmp_path, CARDS)
    (folder / "templates" / "front.svg.j2").write_text(OVERFLOWING)
    _lanes(monkeypatch, forked=True)
    spilled = _spill_from(monkeypatch, 40 if spill else 10**9)
    forked = _outcome(folder, BuildOptions())
    assert spilled == ([CARDS] if spill else [])
    monkeypatch.setattr(faceparts, "workers", lambda jobs: 1)
    alone = _outcome(folder, BuildOptions())
    assert forked == alone
    assert not alone[0] and len(alone[1]) == CARDS // 5, alone[1]
    assert all("runs 1.0 mm past its 7 mm" in line for line in alone[1])


GUESTS = """
  extra:
    kind: deck
    title: Extra cards
    print_with: cards
    file: extra.yaml
    size: poker
    front: front.svg.j2
    back: back.svg.j2
    fields:
      title: {type: text}
      colour: {type: text}
      top: {type: number}
  chits:
    kind: tokens
    title: Chits
    print_with: cards
    file: extra.yaml
    size: 20mm
    front: chit.svg.j2
    back: back.svg.j2
    fields:
      title: {type: text}
"""
CHIT = """{% import "pnp.svg.j2" as pnp %}
{% call pnp.face(face) %}
<rect x="2" y="2" width="16" height="16" fill="#c0392b"/>
<text x="4" y="12" font-family="Fira Sans" font-size="6">{{ item.title }}</text>
{% endcall %}
"""


def _deck_with_guests(root: Path, bad_guest: bool = False) -> Path:
    """The deck, four extra cards of its own size (they join its grid; the first has the
    same face as card 0) and three chits (in the last page's spare space)."""
    folder = _big_deck(root, CARDS)
    with (folder / "game.yaml").open("a") as f:
        f.write(GUESTS)
    (folder / "templates" / "chit.svg.j2").write_text(CHIT)
    extra = ["extra:"]
    for i in range(4):
        top = 9_000_000 if bad_guest and i == 2 else 4 + i % 5
        title = "Card 0" if i == 0 else f"Extra {i}"
        extra += [f"- id: e{i}", f"  title: {title}", "  colour: '#c0392b'", f"  top: {top}"]
    extra += ["chits:"] + [f"- id: t{i}\n  title: T{i}" for i in range(3)]
    (folder / "extra.yaml").write_text("\n".join(extra) + "\n")
    return folder


@pytest.mark.parametrize("opts", [BuildOptions(), BuildOptions(paper="letter")],
                         ids=["a4", "letter"])
def test_guests_printed_with_a_spilled_deck_land_as_with_one_held(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opts: BuildOptions) -> None:
    folder = _deck_with_guests(tmp_path)
    _lanes(monkeypatch, forked=False)
    spilled = _spill_from(monkeypatch, 40)
    from_disk = _built(folder, opts)
    assert spilled == [CARDS]
    monkeypatch.setattr(facespill, "SPILL_FROM", 10**9)
    held = _built(folder, opts)
    assert from_disk == held
    # on A4 the chits print in the deck's spare space; on Letter they need a file of their own
    assert ("chits.pdf" in held) == (opts.paper == "letter")


def _watching_files(monkeypatch: pytest.MonkeyPatch) -> list:
    """Every temporary file spilling makes, kept here to be looked at afterwards."""
    import tempfile

    made: list = []
    make = tempfile.TemporaryFile

    def keeping(*args: object, **kwargs: object):  # type: ignore[no-untyped-def]
        made.append(make(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(tempfile, "TemporaryFile", keeping)
    return made


@pytest.mark.parametrize("ending", ["built", "a bad card", "a bad guest", "drawing fails"])
def test_spill_files_are_closed_however_the_build_ends(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, ending: str) -> None:
    """Closed by pnp, not left to the garbage collector: the files are held here, so
    only pnp's own closing can close them."""
    from pnp.draw.painter import SvgPainter

    folder = (_deck_with_guests(tmp_path, bad_guest=ending == "a bad guest")
              if ending != "a bad card" else _big_deck(tmp_path, CARDS, bad=90))
    _lanes(monkeypatch, forked=False)
    monkeypatch.setattr(facespill, "lanes_for", lambda items: 2)  # two files, one process
    spilled = _spill_from(monkeypatch, 40)
    made = _watching_files(monkeypatch)
    if ending == "drawing fails":
        draw = SvgPainter.draw
        drawn = {"n": 0}

        def failing(self: SvgPainter, *args: object, **kwargs: object) -> None:
            drawn["n"] += 1
            if drawn["n"] == 50:  # a few pages in: some files read, some not yet
                raise RuntimeError("the disk went away")
            draw(self, *args, **kwargs)  # type: ignore[arg-type]

        monkeypatch.setattr(SvgPainter, "draw", failing)
    if ending == "built":
        _built(folder, BuildOptions())
    else:
        with pytest.raises((ProblemsFound, RuntimeError)):
            _built(folder, BuildOptions())
    assert spilled == [CARDS] and len(made) == 2
    assert all(f.closed for f in made)


def test_a_spilled_block_names_its_own_template_for_a_layer_a_guest_parsed_first(
        tmp_path: Path) -> None:
    """Held in memory, the deck's faces are split before its guests', so a layer both
    print is the deck's template's (what an error drawing it names). Spilled, the guests
    are split first: a block read later gives the layer its template back."""
    from pnp.render.layers import LayerStore

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="20mm" '
           'viewBox="0 0 20 20"><g><rect x="1" y="1" width="5" height="5" '
           'fill="#ff0000"/></g></svg>')
    deck = LayerStore(tmp_path)
    key = deck.parse(svg, "front.svg.j2").layers[0]
    found = deck.export()
    for origins, expected in ((False, "guest.svg.j2"), (True, "front.svg.j2")):
        store = LayerStore(tmp_path)
        store.parse(svg, "guest.svg.j2")
        store.adopt(found, origins=origins)
        assert store.origin(key) == expected
