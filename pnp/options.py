"""Build options as the command line gives them, already parsed into points."""

from __future__ import annotations

from dataclasses import dataclass, field

from .units import MM, PAPERS


@dataclass(frozen=True)
class BuildOptions:
    paper: str = "a4"
    bleed: float = 3 * MM
    crop_marks: bool = True
    duplex: bool = True
    flip: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)  # points; x right, y up
    lang: str | None = None  # None: the game's first language
    overlap: float = 10 * MM  # boards tiled on pages: shared strip between neighbours
    extra: dict[str, str] = field(default_factory=dict)

    @property
    def page_size(self) -> tuple[float, float]:
        return PAPERS[self.paper]
