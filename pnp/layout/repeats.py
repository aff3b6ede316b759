"""What every full page of a layout shares, worked out on its first page only: its info
band, its crop marks and its backs page. A deck's pages all have one layout (impose.subset
gives the same object for a full page), and working these out again for each of 10,000
cards' 2,224 pages took ~4 % of the build."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pnp.layout import backs, impose


class Repeats:
    """Results by the identity of the page's layout (each layout met is kept, so its id
    is never another's)."""

    def __init__(self) -> None:
        self._found: dict[tuple, tuple[impose.Layout, Any]] = {}

    def _once(self, what: tuple, page: impose.Layout, make: Callable[[], Any]) -> Any:
        key = (*what, id(page))
        hit = self._found.get(key)
        if hit is None or hit[0] is not page:
            hit = self._found[key] = (page, make())
        return hit[1]

    def band(self, page: impose.Layout) -> impose.Band | None:
        return self._once(("band",), page, lambda: impose.info_band(page))

    def marks(self, page: impose.Layout, offset: tuple[float, float],
              move: Callable[..., list[impose.Mark]]) -> list[impose.Mark]:
        """The page's crop marks, moved by `move` (the backs' go with the backs)."""
        band = self.band(page)
        return self._once(("marks", offset, move), page,
                          lambda: move(impose.crop_marks(page, band), page, band, offset))

    def backs(self, page: impose.Layout, flip: str,
              offset: tuple[float, float] = (0.0, 0.0)) -> impose.Layout:
        return self._once(("backs", flip, offset), page,
                          lambda: backs.backs_layout(page, flip, offset))
