"""The size of a face's root <svg> and its viewBox, in points: every card of a deck has
the same root, so each is worked out once."""

from __future__ import annotations

import functools

from pnp.base.errors import ContentError


@functools.lru_cache(maxsize=256)  # every card of a deck has the same root
def length(value: str | None, origin: str) -> float:
    from pnp.base.units import parse_length

    if value is None:
        raise ContentError("the <svg> root needs width and height in mm", origin)
    try:
        size = parse_length(value)
    except ValueError as exc:
        raise ContentError(f"<svg> width/height: {exc}", origin) from exc
    if not 0 < size <= 5000 * 72 / 25.4:
        raise ContentError(f"<svg> width/height must be between 0 and 5 m (got {value!r})",
                           origin)
    return size


@functools.lru_cache(maxsize=256)
def view(box: str | None, width: float, height: float,
          origin: str) -> tuple[float, float, float, float, float]:
    """(min_x, min_y, x scale, y scale, height): SVG user units to PDF points."""
    import math

    if not box:
        return 0.0, 0.0, 1.0, 1.0, height
    try:
        min_x, min_y, vw, vh = (float(v) for v in box.replace(",", " ").split())
    except ValueError as exc:
        raise ContentError(f"<svg> viewBox must be four numbers (got {box!r})", origin) from exc
    if not all(math.isfinite(v) for v in (min_x, min_y, vw, vh)) or vw <= 0 or vh <= 0:
        raise ContentError(f"<svg> viewBox needs a positive size (got {box!r})", origin)
    return min_x, min_y, width / vw, height / vh, height
