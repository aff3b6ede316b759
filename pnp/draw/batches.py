"""A large component's faces rendered and split into layers by this process and forked
workers at once, one contiguous range of its items each.

Rendering a face (Jinja) and splitting it into checked layers (lxml, svgcheck, text runs)
is about half of building a large deck, and no face depends on another. This process
takes the first range straight into its layer store; each worker takes another with a
store of its own and sends back its faces, the layers they use and what rendering noted
(text that did not fit), which are taken in order, as if this process had parsed every
face itself. What is drawn, and how (a layer used twice becomes one form), is decided
afterwards from the same faces in the same order, so the PDF's bytes are those of one
process. (facespill: the same faces, kept on disk until their pages are drawn.)"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence

from pnp.base.workers import forked_map, workers
from pnp.layout.pages import Who
from pnp.render.fasttext import TextRun
from pnp.render.layers import Face, LayerStore

PARALLEL_FROM = 400  # printed items: below this, starting workers costs what it saves

Parse = Callable[[str, str], Face]  # (SVG, origin) → its face
Parsed = list[tuple[Face, Face | None, Who, Who]]  # front, back and where each comes from


def parse_in_parts(store: LayerStore, items: Sequence[object],
                   parse_range: Callable[[Parse, Sequence[object]], Parsed],
                   count: Callable[[Face], None], notes: list) -> Parsed:
    """`parse_range(parse, items)` over all `items`, in worker processes when there are
    enough of them; the layers they found are added to `store`. `count` hears of every
    face parsed (a painter counts the uses of each layer). `notes`: the list rendering
    notes into (Renderer.overflows); what it noted in a worker is added in item order."""
    lanes = lanes_for(items)

    def counting(svg: str, origin: str) -> Face:
        face = store.parse(svg, origin)
        count(face)
        return face

    if lanes < 2:
        return parse_range(counting, items)
    ranges = split(items, lanes)

    def part(i: int) -> tuple[Parsed, None] | tuple[Packed, Noted]:
        if i == 0:  # in this process (forked_map's `here`), straight into the store
            return parse_range(counting, ranges[0]), None
        own = LayerStore(store.reference_root)
        before = len(notes)
        packed = pack(parse_range(own.parse, ranges[i]), own.export())
        return packed, noted_since(notes, before)

    out: Parsed = []
    for i, (result, noted) in enumerate(forked_map(part, len(ranges), here=True)):
        if i == 0:  # in order
            out.extend(result)  # type: ignore[arg-type]
            continue
        parsed, layers = unpack(result)  # type: ignore[arg-type]
        take_notes(notes, noted)  # type: ignore[arg-type]
        store.adopt(layers)
        for front, back, _, _ in parsed:
            count(front)
            if back is not None:
                count(back)
        out.extend(parsed)
    return out


def lanes_for(items: Sequence[object]) -> int:
    """Processes worth parsing `items` in."""
    return workers(len(items) // (PARALLEL_FROM // 2))


def split(items: Sequence[object], lanes: int) -> list[Sequence[object]]:
    """`items` in `lanes` contiguous ranges, in order."""
    size = -(-len(items) // lanes)
    return [items[i:i + size] for i in range(0, len(items), size)]


Noted = tuple[int, list]  # the process that rendered, and what it noted


def noted_since(notes: list, before: int) -> Noted:
    return os.getpid(), notes[before:]


def take_notes(notes: list, noted: Noted) -> None:
    """Add what another process noted; what this one noted is in `notes` already."""
    pid, found = noted
    if pid != os.getpid():
        notes.extend(found)


def counting_into(store: LayerStore, uses: dict[str, int]) -> Parse:
    """`store.parse`, counting in `uses` each use of a layer."""
    def parse(svg: str, origin: str) -> Face:
        face = store.parse(svg, origin)
        for key in face.layers:
            uses[key] = uses.get(key, 0) + 1
        return face

    return parse


# What a worker sends back, as plain tuples: they cross between processes about three
# times faster than the dataclasses they stand for (~0.15 s of 10,000 cards).
Packed = tuple[list[tuple], list[tuple], dict[str, tuple]]


def _fields(obj: object) -> tuple:
    return tuple(getattr(obj, name) for name in obj.__slots__)  # type: ignore[attr-defined]


def pack(parsed: Parsed, layers: dict[str, tuple]) -> Packed:
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
    runs = {key: (None if r is None else [_fields(run) if type(run) is TextRun else run  # or a
                         for run in r], *rest)  # fastshapes ShapeLayer, sent as it is
            for key, (r, *rest) in layers.items()}
    return faces, entries, runs


def unpack(packed: Packed) -> tuple[Parsed, dict[str, tuple]]:
    faces_, entries, layers = packed
    faces = [Face(*f) for f in faces_]
    parsed: Parsed = [(faces[front], faces[back] if back >= 0 else None, Who(*w_front),
                       Who(*w_back)) for front, back, w_front, w_back in entries]
    return parsed, {key: (None if r is None else [TextRun(*run) if type(run) is tuple else run
                                                 for run in r], *rest)
                    for key, (r, *rest) in layers.items()}
