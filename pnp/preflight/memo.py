"""What one `pnp validate` shares between its renders (every language on every paper):
a face checks the same on A4 as on Letter, so its findings are worked out once and said
again, and a layer's map is made once. Outside validate nothing is shared.

A face's findings depend only on what the memo key holds: its layers (keys are content
hashes), size, scale, turn, bleed and role, its component, what svglib could not draw in
it, and, for sheets and overlays, which are checked against the page's printable area and
furniture, where it lies and the page. Which item it is (`who`) only says where a finding
points: the replay passes the face's own."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any

from pnp.layout.pages import PdfRecord, Placed
from pnp.render.inkmap import Box, LayerMap


@dataclass
class Shared:
    """Findings by face, and layer maps by key, for the renders of one game."""

    faces: dict[Hashable, list[tuple[str, tuple[Any, ...], dict[str, Any]]]] = field(
        default_factory=dict)
    maps: dict[str, LayerMap] = field(default_factory=dict)


SHARED: ContextVar[Shared | None] = ContextVar("pnp_preflight_shared", default=None)


@contextmanager
def sharing() -> Iterator[Shared]:
    """Share findings and layer maps between the preflights run inside."""
    shared = Shared()
    token = SHARED.set(shared)
    try:
        yield shared
    finally:
        SHARED.reset(token)


def face_key(record: PdfRecord, placed: Placed, page: tuple[float, float],
             furniture: list[Box]) -> Hashable:
    """Everything a face's checks read, but `who`."""
    complaints = getattr(record.layers, "complaints", {})
    where: tuple[Any, ...] = ()
    if placed.role not in ("item", "board"):  # checked against the page it is on
        where = (placed.x, placed.y, page, tuple(furniture))
    return (placed.layers, placed.width, placed.height, placed.scale, placed.rotate180,
            placed.trim_inset, placed.role,
            placed.who.component if placed.who else record.component,
            tuple(tuple(complaints.get(k, ())) for k in placed.layers), where)


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
