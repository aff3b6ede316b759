"""Where backs go on a backs page, printed double-sided: each behind its own front, and the
page's crop marks with them."""

from __future__ import annotations

from dataclasses import replace

from pnp.layout.impose import Band, Layout, Mark, Slot, rooms


def mirrors_x(layout: Layout, flip: str) -> bool:
    """Whether backs mirror left↔right (else top↔bottom, turned 180°).

    The sheet turns over about the paper's long edge (`flip` long) or its short edge.
    On a portrait page the long edges are left and right: turning about them mirrors x.
    A landscape page is turned on the paper by the printer, front and back alike, so its
    long edges are top and bottom: the same flip mirrors y there."""
    return (flip == "long") != layout.landscape


def back_slot(front: Slot, layout: Layout, flip: str, offset: tuple[float, float]) -> Slot:
    """Where the back of `front` goes on the backs page so that, printed double-sided
    and flipped on the given edge, it lies behind its front; then shifted by `offset`
    (x to the right, y up, in points) to correct a printer's misregistration."""
    dx, dy = offset
    if mirrors_x(layout, flip):  # turned over left↔right
        return Slot(layout.page_w - front.x - front.w + dx, front.y + dy, front.w, front.h,
                    front.bleed_right, front.bleed_bottom, front.bleed_left, front.bleed_top)
    # turned over top↔bottom
    return Slot(front.x + dx, layout.page_h - front.y - front.h + dy, front.w, front.h,
                front.bleed_left, front.bleed_top, front.bleed_right, front.bleed_bottom)


def backs_layout(page: Layout, flip: str, offset: tuple[float, float] = (0.0, 0.0)) -> Layout:
    """The backs page of `page`: every back where `back_slot` puts it."""
    return replace(page, slots=tuple(back_slot(s, page, flip, offset) for s in page.slots))


def moved_marks(marks: list[Mark], unmoved: Layout, band: Band | None,
                offset: tuple[float, float]) -> list[Mark]:
    """The backs page's crop marks moved with the backs by `offset` (someone cutting
    from the back cuts on them), each outer end kept where the unmoved marks may reach:
    PRINT_MARGIN from the paper's edge, clear of the info band."""
    dx, dy = offset
    if not (dx or dy):
        return marks
    bx0, by0, bx1, by1 = unmoved.bleed_box()
    room = rooms(unmoved, band)
    lo_x, hi_x = bx0 - room["left"], bx1 + room["right"]
    lo_y, hi_y = by0 - room["bottom"], by1 + room["top"]
    out = []
    for m in marks:
        x0, y0, x1, y1 = m.x0 + dx, m.y0 + dy, m.x1 + dx, m.y1 + dy
        out.append(Mark(max(x0, lo_x), max(y0, lo_y), min(x1, hi_x), min(y1, hi_y)))
    return out
