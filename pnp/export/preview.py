"""A preview: the first page of a PDF drawn in memory written as one PNG (`pnp sheets
--preview`), so a sheet whose map still has problems can be looked at with the problems
the game marked on it. The same raster path as `pnp export --format png` (pypdfium2,
Pillow), imported only here, when a preview is drawn."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.base.errors import InputError
from pnp.export.draw import page_sizes, pixels, png_bytes, rasterize

PREVIEW_DPI = 150  # a whole A4 page is 1240 x 1754 pixels: names 2.2 mm high read well


def write_preview(pdf: bytes, out: Path, dpi: int = PREVIEW_DPI) -> tuple[int, int]:
    """Page 1 of `pdf` as a PNG at `dpi`; replaces only a PNG (never a user's other file
    named by mistake). Returns its size in pixels."""
    if out.suffix.lower() != ".png":
        raise InputError(f"--preview: a preview is a PNG picture: name a .png file "
                         f"(got {out.name!r})")
    if out.is_file() and os.path.getsize(out) > 0:
        with open(out, "rb") as fh:
            if fh.read(8) != b"\x89PNG\r\n\x1a\n":
                raise InputError("is not a PNG: pnp replaces only a PNG with a preview", out)
    w, h = page_sizes(pdf)[0]
    size = (pixels(w, dpi), pixels(h, dpi))
    image = next(rasterize(pdf, [(*size, dpi / 72)]))
    from pnp.pipeline.build import write_atomic

    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(out, png_bytes(image, dpi))
    except OSError as exc:
        raise InputError(f"cannot write: {exc.strerror}", out) from exc
    return size
