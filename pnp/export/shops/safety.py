"""A shop's safe area, checked on the pages as exported: text that lies within the shop's
safety distance of the cut (or past it) may be cut off, as the cut can wander that far.

Measured on the drawn PDF with pdfium (pypdfium2, as the PNG export draws): each glyph's
tight box, against the TrimBox shrunk by the safe distance. One warning per component,
naming the faces (item and side) and the text that lies in the unsafe band, and how close
to the cut it comes."""

from __future__ import annotations

from pnp.export.draw import _modules
from pnp.export.shops.pages import Deck

SHOWN = 4  # faces named in a warning; the rest counted


def _unsafe(doc: object, index: int, trim: tuple[float, float, float, float],
            safe: float) -> tuple[str, float] | None:
    """The page's text in the unsafe band (glyphs in order) and its nearest approach to
    the cut in points (negative: past it), or None."""
    x0, y0, x1, y1 = trim
    page = doc[index]  # type: ignore[index]
    text = page.get_textpage()
    try:
        chars, nearest = [], None
        for i in range(text.count_chars()):
            ch = text.get_text_range(i, 1)
            if not ch.strip():
                continue
            left, bottom, right, top = text.get_charbox(i)
            gap = min(left - x0, bottom - y0, x1 - right, y1 - top)
            if gap < safe - 0.01:  # 0.01 pt: a glyph on the line is inside
                chars.append(ch)
                nearest = gap if nearest is None else min(nearest, gap)
        return ("".join(chars), nearest) if nearest is not None else None
    finally:
        text.close()
        page.close()


def check(deck: Deck, safe: float, shop: str) -> str | None:
    """One warning for the deck's faces with text in `shop`'s unsafe band, or None."""
    pdfium, _ = _modules()
    doc = pdfium.PdfDocument(deck.data)
    seen: dict[str, tuple[str, float]] = {}
    try:
        for i, (page, owner) in enumerate(zip(deck.pages, deck.owners, strict=True)):
            if owner in seen or page.trim is None:
                continue
            tw, th = page.trim
            x0, y0 = (page.width - tw) / 2, (page.height - th) / 2
            found = _unsafe(doc, i, (x0, y0, x0 + tw, y0 + th), safe)
            if found:
                seen[owner] = found
    finally:
        doc.close()
    if not seen:
        return None
    mm = safe / 72 * 25.4
    faces = [f"{owner} '{text[:30]}' ({gap / 72 * 25.4:.1f} mm from the cut)"
             for owner, (text, gap) in list(seen.items())[:SHOWN]]
    more = len(seen) - SHOWN
    glyphs = sum(len(t) for t, _ in seen.values())
    return (f"{deck.part.comp_id}: {glyphs} glyph{'s' * (glyphs != 1)} on "
            f"{len(seen)} face{'s' * (len(seen) != 1)} lie within {shop}'s {mm:g} mm safety "
            f"distance of the cut and may be cut off: " + "; ".join(faces)
            + (f"; and {more} more face{'s' * (more != 1)}" if more > 0 else ""))
