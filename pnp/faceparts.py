"""A large component's faces rendered and split into layers by this process and forked
workers at once, one contiguous range of its items each.

Rendering a face (Jinja) and splitting it into checked layers (lxml, svgcheck, text runs)
is about half of building a large deck, and no face depends on another. This process
takes the first range straight into its layer store; each worker takes another with a
store of its own and sends back its faces and the layers they use, which are taken in
order, as if this process had parsed every face itself. What is drawn, and how (a layer
used twice becomes one form), is decided afterwards from the same faces in the same
order, so the PDF's bytes are those of one process.

From SPILL_FROM items on, the faces do not wait in memory for their pages: each range
(every one in a worker, this process waiting) is parsed a block at a time, and each
block, packed, goes to a temporary file of its own; only the number of uses of every
layer comes back. The deck is then drawn from the
files a block at a time (`Spilled`), so a 10,000-card deck holds a block of faces, not
all of them, and its memory grows little with the cards."""

from __future__ import annotations

import pickle
import tempfile
from collections.abc import Callable, Iterator, Sequence
from typing import IO

from .layers import Face, LayerStore
from .pages import Who
from .parallel import forked_map, workers
from .svgtext import TextRun

PARALLEL_FROM = 400  # printed items: below this, starting workers costs what it saves
SPILL_FROM = 2_000  # printed items: from here parsed faces wait on disk for their pages
BLOCK = 450  # items parsed, packed and written to disk at a time (50 pages of 9)

Parse = Callable[[str, str], Face]  # (SVG, origin) → its face
Parsed = list[tuple[Face, Face | None, Who, Who]]  # front, back and where each comes from


def parse_in_parts(store: LayerStore, items: Sequence[object],
                   parse_range: Callable[[Parse, Sequence[object]], Parsed],
                   count: Callable[[Face], None],
                   add_uses: Callable[[dict[str, int]], None] | None = None
                   ) -> Parsed | Spilled:
    """`parse_range(parse, items)` over all `items`, in worker processes when there are
    enough of them; the layers they found are added to `store`. `count` hears of every
    face parsed (a painter counts the uses of each layer). Given `add_uses` (which takes
    the uses of many layers at once), SPILL_FROM items or more are parsed to disk and
    come back as `Spilled`, their layers joining `store` as they are read."""
    lanes = workers(len(items) // (PARALLEL_FROM // 2))
    if add_uses is not None and len(items) >= SPILL_FROM:
        try:
            return _spill(store, items, parse_range, add_uses, lanes)
        except OSError:  # no room for temporary files (TMPDIR): held in memory instead
            pass

    def counting(svg: str, origin: str) -> Face:
        face = store.parse(svg, origin)
        count(face)
        return face

    if lanes < 2:
        return parse_range(counting, items)
    size = -(-len(items) // lanes)
    ranges = [items[i:i + size] for i in range(0, len(items), size)]

    def part(i: int) -> tuple[Parsed, dict[str, tuple] | None] | _Packed:
        if i == 0:  # in this process (forked_map's `here`), straight into the store
            return parse_range(counting, ranges[0]), None
        own = LayerStore(store.reference_root)
        return _pack(parse_range(own.parse, ranges[i]), own.export())

    out: Parsed = []
    for i, result in enumerate(forked_map(part, len(ranges), here=True)):  # in order
        parsed, layers = result if i == 0 else _unpack(result)  # type: ignore[arg-type]
        if layers is not None:
            store.adopt(layers)
            for front, back, _, _ in parsed:
                count(front)
                if back is not None:
                    count(back)
        out.extend(parsed)
    return out


class Spilled:
    """Parsed faces waiting on disk, in item order, then `extend`ed ones held here. Read
    once, a block at a time: each block's layers join the store just before its faces
    are handed out."""

    def __init__(self, store: LayerStore, files: list[IO[bytes]], length: int) -> None:
        self._store = store
        self._files = files
        self._length = length
        self._tail: Parsed = []

    def __len__(self) -> int:
        return self._length + len(self._tail)

    def extend(self, faces: Parsed) -> None:
        self._tail.extend(faces)

    def __iter__(self) -> Iterator[tuple[Face, Face | None, Who, Who]]:
        files, self._files = self._files, []  # read once: each file is closed when read
        for file in files:
            with file:
                file.seek(0)
                while True:
                    try:
                        packed = pickle.load(file)  # noqa: S301 (written by this build)
                    except EOFError:
                        break
                    parsed, layers = _unpack(packed)
                    self._store.adopt(layers)
                    yield from parsed
        yield from self._tail

    def close(self) -> None:
        for file in self._files:
            file.close()
        self._files = []


def _spill(store: LayerStore, items: Sequence[object],
           parse_range: Callable[[Parse, Sequence[object]], Parsed],
           add_uses: Callable[[dict[str, int]], None], lanes: int) -> Spilled:
    """Every range parsed a block at a time into a temporary file of its own (made here,
    so a forked worker writes the file this process reads), each block with a store of
    its own: what a block packs is all its faces need, and no process holds more than a
    block of layers. A layer shared across blocks (the back) is split once a block and
    taken once."""
    size = -(-len(items) // lanes)
    ranges = [items[i:i + size] for i in range(0, len(items), size)]
    files = [tempfile.TemporaryFile(prefix="pnp-faces-") for _ in ranges]

    def part(i: int) -> dict[str, int]:
        uses: dict[str, int] = {}
        for start in range(0, len(ranges[i]), BLOCK):
            own = LayerStore(store.reference_root)
            parsed = parse_range(_counting(own, uses), ranges[i][start:start + BLOCK])
            pickle.dump(_pack(parsed, own.export()), files[i], pickle.HIGHEST_PROTOCOL)
        files[i].flush()
        return uses

    spilled = Spilled(store, files, len(items))
    try:
        for uses in forked_map(part, len(ranges)):  # in order, as one process counts
            add_uses(uses)
    except BaseException:
        spilled.close()
        raise
    return spilled


def _counting(store: LayerStore, uses: dict[str, int]) -> Parse:
    """`store.parse`, counting in `uses` each use of a layer."""
    def parse(svg: str, origin: str) -> Face:
        face = store.parse(svg, origin)
        for key in face.layers:
            uses[key] = uses.get(key, 0) + 1
        return face

    return parse


# What a worker sends back, as plain tuples: they cross between processes about three
# times faster than the dataclasses they stand for (~0.15 s of 10,000 cards).
_Packed = tuple[list[tuple], list[tuple], dict[str, tuple]]


def _fields(obj: object) -> tuple:
    return tuple(getattr(obj, name) for name in obj.__slots__)  # type: ignore[attr-defined]


def _pack(parsed: Parsed, layers: dict[str, tuple]) -> _Packed:
    index: dict[int, int] = {}  # a face met again (a shared back) is sent once
    faces: list[tuple] = []

    def ref(face: Face | None) -> int:
        if face is None:
            return -1
        if id(face) not in index:
            index[id(face)] = len(faces)
            faces.append(_fields(face))
        return index[id(face)]

    entries = [(ref(front), ref(back), _fields(w_front), _fields(w_back))
               for front, back, w_front, w_back in parsed]
    runs = {key: (None if r is None else [_fields(run) for run in r], *rest)
            for key, (r, *rest) in layers.items()}
    return faces, entries, runs


def _unpack(packed: _Packed) -> tuple[Parsed, dict[str, tuple]]:
    faces_, entries, layers = packed
    faces = [Face(*f) for f in faces_]
    parsed: Parsed = [(faces[front], faces[back] if back >= 0 else None, Who(*w_front),
                       Who(*w_back)) for front, back, w_front, w_back in entries]
    return parsed, {key: (None if r is None else [TextRun(*run) for run in r], *rest)
                    for key, (r, *rest) in layers.items()}
