"""What was put on each page, as preflight needs it: which face went where, at what scale,
for which item, and the page furniture (crop marks, info line, scale bar) with its boxes.

The component builders fill these records while they draw; preflight reads them with the
layer maps of the faces (facemap). All lengths in PDF points, y up.
"""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from pnp.render.inkmap import Box, LayerMap

Role = Literal["item", "sheet", "board", "overlay", "thumbnail"]


@dataclass(frozen=True, slots=True)
class Who:
    """The content a face comes from, so a problem can point at it."""

    component: str
    item: str | None = None
    side: str = "front"
    path: str | None = None
    line: int | None = None
    key: str | None = None
    template: str | None = None


@dataclass(frozen=True, slots=True)
class Placed:
    """One face drawn on a page: its layers, where its art box went, and how."""

    layers: tuple[str, ...]
    width: float  # the face's art box, face points
    height: float
    x: float  # page position of the art box's lower-left corner (before rotation)
    y: float
    scale: float
    rotate180: bool
    clip: Box | None
    trim_inset: float  # bleed: the trim box lies this far inside the art box
    role: Role
    who: Who | None

    def to_page(self, px: float, py: float) -> tuple[float, float]:
        """A face point → a page point."""
        if self.rotate180:
            px, py = self.width - px, self.height - py
        return self.x + px * self.scale, self.y + py * self.scale

    def box_to_page(self, box: Box) -> Box:
        ax, ay = self.to_page(box[0], box[1])
        bx, by = self.to_page(box[2], box[3])
        return min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)


FurnitureKind = Literal["crop-mark", "info", "scale-bar", "label", "cut-line", "fold-line"]


@dataclass(frozen=True, slots=True)
class Furniture:
    """Page furniture: what pnp prints around the items (not part of any face)."""

    kind: FurnitureKind
    box: Box
    size: float = 0.0  # font size, for texts
    text: str = ""


@dataclass
class PageRecord:
    """One page of a PDF: its size and the faces placed on it."""

    number: int
    width: float
    height: float
    placed: list[Placed] = field(default_factory=list)
    furniture: list[Furniture] = field(default_factory=list)


class LayerSource(Protocol):
    def layer_map(self, key: str) -> LayerMap: ...


class CheckedFaces(Protocol):
    """What the face checks found on a file's pages while it was drawn, to be reported
    in the order the checks of the whole file would have (preflight.stream)."""

    def replay(self, report: Any) -> None: ...


class PageWatch(Protocol):
    """Checks one painter's pages as each is drawn (preflight.stream.Streaming.watch)."""

    faces: CheckedFaces

    def page(self, page: PageRecord, layers: LayerSource) -> None: ...

    def keeps(self, placed: Placed) -> bool: ...


# Set while a game is built (build.render_game): a painter that owns its layers gives
# each finished page to this, then lets go of what no later check reads.
WATCH_PAGES: ContextVar[Callable[[str], PageWatch] | None] = ContextVar(
    "pnp_watch_pages", default=None)


@dataclass
class PdfRecord:
    """One PDF file as preflight sees it."""

    name: str
    component: str
    pages: list[PageRecord]
    layers: LayerSource
    unresolved: list[str] = field(default_factory=list)  # PDF names without a resource
    fonts: list[str] = field(default_factory=list)  # fonts embedded in the file
    faces_checked: CheckedFaces | None = None  # its faces, checked as it was drawn
