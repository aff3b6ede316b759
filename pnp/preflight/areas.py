"""Where a face's text and icons may go: inside an item's safe area, a board's, or, for
sheets and overlays, the page's printable area, clear of its info line and scale bar.
(text_checks and inline_icons measure against these.)"""

from __future__ import annotations

from pnp.base.geometry import boxes_overlap, segment_hits_box
from pnp.base.units import MM
from pnp.components.sheet import FOOTER
from pnp.layout.impose import PRINT_MARGIN
from pnp.layout.pages import PageRecord, PdfRecord, Placed
from pnp.preflight.report import Reporter, page_place, quote
from pnp.render.inkmap import Box, LayerMap

TEXTURE = 0.5  # strokes fainter than this are texture, not lines that cross text


class Area:
    """Where text may go on a face, in face points: a box, or a disc for round items."""

    def __init__(self, box: Box, round_: bool = False, name: str = "") -> None:
        self.box, self.round, self.name = box, round_, name

    def overrun(self, ink: Box) -> float:
        """How far (points) the ink box reaches outside; 0 when inside."""
        x0, y0, x1, y1 = self.box
        if self.round:
            cx, cy, r = (x0 + x1) / 2, (y0 + y1) / 2, (x1 - x0) / 2
            far = max(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
                      for x in (ink[0], ink[2]) for y in (ink[1], ink[3]))
            return max(0.0, far - r)
        return max(0.0, x0 - ink[0], y0 - ink[1], ink[2] - x1, ink[3] - y1)


def allowed_area(placed: Placed, safe: float, page: tuple[float, float],
                  round_: bool, comp_id: str | None = None) -> Area:
    w, h, s = placed.width, placed.height, placed.scale
    if placed.role == "item":
        inset = placed.trim_inset + safe
        what = "round item's" if round_ else "item's"
        setting = f"; components.{comp_id}.size and .preflight.safe_area set it" if (
            comp_id) else ""  # the template's text, or the game's setting: either is the fix
        return Area((inset, inset, w - inset, h - inset), round_,
                     f"{what} safe area ({safe / MM:g} mm inside the cut{setting})")
    if placed.role == "board":
        return Area((safe, safe, w - safe, h - safe), False,
                     f"board's safe area ({safe / MM:g} mm inside its edge)")
    # sheets and overlays: inside the face and inside the page's printable area
    page_box = ((PRINT_MARGIN - placed.x) / s, (FOOTER - placed.y) / s,
                (page[0] - PRINT_MARGIN - placed.x) / s, (page[1] - PRINT_MARGIN - placed.y) / s)
    return Area((max(0.0, page_box[0]), max(0.0, page_box[1]), min(w, page_box[2]),
                  min(h, page_box[3])), False,
                 "printable area (5 mm from the paper edge, above the info line)")


def check_furniture_clear(report: Reporter, record: PdfRecord, page: PageRecord,
                          placed: Placed, layers: list[tuple[int, LayerMap]],
                          furniture: list[Box]) -> None:
    """A sheet's lines and texts keep clear of the page's info line and scale bar (a
    background fill may run under them); a finding is boxed on the printed page."""
    if not furniture:
        return
    clearance = 0.5 * MM
    zones = [(b[0] - clearance, b[1] - clearance, b[2] + clearance, b[3] + clearance)
             for b in furniture]
    for _, lm in layers:
        for t in lm.texts:
            on_page = placed.box_to_page(t.box)
            if any(boxes_overlap(on_page, z) for z in zones):
                report.add("printable-area", f"text {quote(t.text)} runs into the page's info "
                                             "line or scale bar", who=placed.who,
                           needles=(t.text[:20],), places=[page_place(record, page, on_page)])
                return
        for s in lm.strokes:
            if s.opacity < TEXTURE:
                continue
            for seg in s.segments:
                a = placed.to_page(seg[0], seg[1])
                b = placed.to_page(seg[2], seg[3])
                if any(segment_hits_box(a, b, z) for z in zones):
                    line = (min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1]))
                    report.add("printable-area", f"a {s.width / MM:.2f} mm line runs into the "
                                                 "page's info line or scale bar (keep the "
                                                 "sheet's art above page.footer)",
                               who=placed.who, places=[page_place(record, page, line)])
                    return
