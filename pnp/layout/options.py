"""Build options as the command line gives them, already parsed into points."""

from __future__ import annotations

from dataclasses import dataclass, field

from pnp.base.units import MM
from pnp.layout.paper import Paper, paper

# A tiled board's shared strip, mm: at least room for the neighbour's dashed guide line and
# the 6.5 pt label that names it (a narrower strip would print them over the map).
OVERLAP_MM = (5.0, 50.0)


@dataclass(frozen=True)
class BuildOptions:
    """What the command line asked of a build (paper, bleed, marks, duplex ...)."""

    paper: str = "a4"  # a name pnp.layout.paper parses: a4, a3-landscape, 210x297mm ...
    bleed: float = 3 * MM
    crop_marks: bool = True
    duplex: bool = True
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # points; x right, y up
    lang: str | None = None  # None: the game's first language
    overlap: float = 10 * MM  # boards tiled on pages: shared strip between neighbours
    extra: dict[str, str] = field(default_factory=dict)
    layout: str = "duplex"  # or "gutter-fold": fronts and backs side by side, to fold
    ink_saver: bool = False  # large fills as light tints (pnp.render.inksaver)
    own_bleed: bool = False  # every item its full bleed on every side: a 2×bleed gutter

    @property
    def sheet(self) -> Paper:
        return paper(self.paper)

    @property
    def page_size(self) -> tuple[float, float]:
        """The sheet upright (width, height); `sheet.landscape` says how it is fed."""
        return self.sheet.portrait_size
