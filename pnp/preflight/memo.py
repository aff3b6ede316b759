"""What one `pnp validate` shares between its renders (every language on every paper):
a face checks the same on A4 as on Letter, so its SVG, layers and findings are worked out
once and said again, and a layer's map is made once. Outside validate nothing is shared.

A face's findings depend only on what the memo key holds: its layers (keys are content
hashes), size, scale, turn, bleed and role, its component, what svglib could not draw in
it, and, for sheets and overlays, which are checked against the page's printable area and
furniture, where it lies and the page. Which item it is (`who`) only says where a finding
points: the replay passes the face's own.

An item's or a board's findings are also kept between runs (pnp.base.cache): by that key,
with its component's preflight settings and shape (what `_check_face` reads of the game).
A layer's key is the hash of its XML, and what svglib draws from it depends on nothing
else (pnp's source, the libraries and the fonts are in every key), but for a linked image
file: a face with one is checked again each run, as are sheets and overlays (their
findings name the page they are on)."""

from __future__ import annotations

import io
import pickle
from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from pnp.layout.pages import PdfRecord, Placed
from pnp.render.inkmap import Box, LayerMap

Calls = list[tuple[str, tuple[Any, ...], dict[str, Any]]]  # a face's findings and counts
KIND = "face-checks"


class KeptFaces(dict[Hashable, Calls]):
    """Findings by face key, read from the cache between runs when this run has not
    checked the face yet, and kept there once checked (a key ending in its digest)."""

    def get(self, key: Hashable, default: Any = None) -> Any:
        found = dict.get(self, key)
        if found is None and isinstance(key, tuple) and key and isinstance(key[-1], str):
            found = _read(key[-1])
            if found is not None:
                dict.__setitem__(self, key, found)
        return default if found is None else found

    def __setitem__(self, key: Hashable, calls: Calls) -> None:
        dict.__setitem__(self, key, calls)
        if isinstance(key, tuple) and key and isinstance(key[-1], str):
            _write(key[-1], calls)


@dataclass
class Shared:
    """Findings by face, and layer maps by key, for the renders of one game."""

    faces: dict[Hashable, Calls] = field(default_factory=KeptFaces)
    maps: dict[str, LayerMap] = field(default_factory=dict)
    game: Any = None  # the game rendered (its components' preflight settings)
    links: dict[str, bool] = field(default_factory=dict)  # layer key → links to a file


SHARED: ContextVar[Shared | None] = ContextVar("pnp_preflight_shared", default=None)


@contextmanager
def sharing(game: Any = None) -> Iterator[Shared]:
    """Share between the renders run inside: faces' SVG (faces.RENDERED), their layers
    and svglib's drawings of them (layers.REUSE), layer maps and faces' findings; faces'
    SVG and splits are kept between runs (render.expanded, render.splits). Faces
    are recorded for preflight, not drawn (painter.RECORD_ONLY): what validate reads is
    the faces' layers and the pages' furniture, not the PDF's drawing operators."""
    from pnp.base import bundle
    from pnp.draw import painter
    from pnp.render import expanded, faces, layers

    shared, kept = Shared(game=game), {}
    tokens = (SHARED.set(shared), layers.REUSE.set(layers.Reuse()),
              faces.RENDERED.set({}), painter.RECORD_ONLY.set(True), expanded.ACTIVE.set({}),
              bundle.OPEN.set(kept))
    try:
        yield shared
    finally:
        bundle.OPEN.reset(tokens[5])
        bundle.close_all(kept)  # (faces' SVG, splits, svglib's notes: one file a kind)
        expanded.ACTIVE.reset(tokens[4])
        painter.RECORD_ONLY.reset(tokens[3])
        faces.RENDERED.reset(tokens[2])
        layers.REUSE.reset(tokens[1])
        SHARED.reset(tokens[0])


def face_key(record: PdfRecord, placed: Placed, page: tuple[float, float],
             furniture: list[Box]) -> Hashable:
    """Everything a face's checks read, but `who`."""
    complaints = getattr(record.layers, "complaints", {})
    where: tuple[Any, ...] = ()
    if placed.role not in ("item", "board"):  # checked against the page it is on
        where = (placed.x, placed.y, page, tuple(furniture))
    same = (placed.layers, placed.width, placed.height, placed.scale, placed.rotate180,
            placed.trim_inset, placed.role,
            placed.who.component if placed.who else record.component,
            tuple(tuple(complaints.get(k, ())) for k in placed.layers), where)
    return (*same, _kept_key(record, placed, same[7]))


def _kept_key(record: PdfRecord, placed: Placed, comp_id: str) -> str | None:
    """The key a face's findings are kept under between runs, or None: not kept."""
    shared = SHARED.get()
    if shared is None or shared.game is None or placed.role not in ("item", "board"):
        return None
    from pnp.base import cache

    if cache.folder() is None:
        return None
    store = getattr(record.layers, "layers", record.layers)  # a painter's, or the store
    runs, xml = getattr(store, "runs", None), getattr(store, "_layer_xml", None)
    if runs is None or xml is None:
        return None
    moved = getattr(store, "moved", {})
    for key in placed.layers:
        key = moved.get(key, (key,))[0]
        if runs.get(key) is None:
            if key not in shared.links:  # (a layer's key is its content: looked at once)
                shared.links[key] = key not in xml or _links(xml[key])
            if shared.links[key]:
                return None
    comp = shared.game.components.get(comp_id)
    complaints = getattr(record.layers, "complaints", {})
    settings = (repr(comp.spec.preflight), comp.spec.shape) if comp else None
    return cache.key(KIND, placed.layers, placed.width, placed.height, placed.scale,
                     placed.rotate180, placed.trim_inset, placed.role, comp_id, settings,
                     {k: complaints.get(k, []) for k in placed.layers})


def _links(layer: Any) -> bool:
    """Whether a layer links to a file (an image): its content is not in the layer's key."""
    return any(name.endswith("href") and not value.startswith(("#", "data:"))
               for el in layer.iter() for name, value in el.attrib.items())


WHO = object()  # stands for the face's `who` in a recorded call


class Recording:
    """A Reporter as a face's checks see it, noting each finding and count it passes on."""

    def __init__(self, report: Any, calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]],
                 who: object) -> None:
        self.report, self.calls, self.who = report, calls, who
        self.game = report.game

    def layer_map(self, record: PdfRecord, key: str) -> LayerMap:
        result: LayerMap = self.report.layer_map(record, key)
        return result

    def count(self, *args: Any) -> None:
        self.calls.append(("count", args, {}))
        self.report.count(*args)

    def add(self, *args: Any, **kwargs: Any) -> None:
        noted = dict(kwargs)
        if "who" in noted and noted["who"] is self.who:
            noted["who"] = WHO
        self.calls.append(("add", args, noted))
        self.report.add(*args, **kwargs)


def replay(report: Any, calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]],
           who: object) -> None:
    """Say again, for this face, what the same face said on an earlier render."""
    for name, args, kwargs in calls:
        if kwargs.get("who") is WHO:
            kwargs = {**kwargs, "who": who}
        getattr(report, name)(*args, **kwargs)


class _Pickler(pickle.Pickler):
    def persistent_id(self, obj: Any) -> str | None:
        return "who" if obj is WHO else None


class _Unpickler(pickle.Unpickler):
    def persistent_load(self, pid: Any) -> Any:
        if pid != "who":
            raise pickle.UnpicklingError("not a face's findings")
        return WHO


def _write(key: str, calls: Calls) -> None:
    from pnp.base import cache

    out = io.BytesIO()
    try:
        _Pickler(out, protocol=pickle.HIGHEST_PROTOCOL).dump(calls)
    except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
        return  # (findings holding what cannot be kept: the face is checked every run)
    cache.put(KIND, key, out.getvalue())


def _read(key: str) -> Calls | None:
    from pnp.base import cache

    data = cache.get(KIND, key)
    if data is None:
        return None
    try:
        calls = _Unpickler(io.BytesIO(data)).load()
    except Exception:  # noqa: BLE001 - an entry of another make: checked again, replaced
        return None
    return calls if isinstance(calls, list) else None
