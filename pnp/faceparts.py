"""A large component's faces rendered and split into layers by this process and forked
workers at once, one contiguous range of its items each.

Rendering a face (Jinja) and splitting it into checked layers (lxml, svgcheck, text runs)
is about half of building a large deck, and no face depends on another. This process
takes the first range straight into its layer store; each worker takes another with a
store of its own and sends back its faces and the layers they use, which are taken in
order, as if this process had parsed every face itself. What is drawn, and how (a layer
used twice becomes one form), is decided afterwards from the same faces in the same
order, so the PDF's bytes are those of one process."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .layers import Face, LayerStore
from .pages import Who
from .parallel import forked_map, workers
from .svgtext import TextRun

PARALLEL_FROM = 400  # printed items: below this, starting workers costs what it saves

Parse = Callable[[str, str], Face]  # (SVG, origin) → its face
Parsed = list[tuple[Face, Face | None, Who, Who]]  # front, back and where each comes from


def parse_in_parts(store: LayerStore, items: Sequence[object],
                   parse_range: Callable[[Parse, Sequence[object]], Parsed],
                   count: Callable[[Face], None]) -> Parsed:
    """`parse_range(parse, items)` over all `items`, in worker processes when there are
    enough of them; the layers they found are added to `store`. `count` hears of every
    face parsed (a painter counts the uses of each layer)."""
    lanes = workers(len(items) // (PARALLEL_FROM // 2))

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
