"""Checks on each page as a whole: the PDF's resources and fonts, and the page furniture
(crop marks, info line, scale bar) in the printable area."""

from __future__ import annotations

from pnp.base import fonts
from pnp.draw.furniture import MIN_INFO_SIZE
from pnp.layout.impose import PRINT_MARGIN
from pnp.layout.pages import PdfRecord
from pnp.preflight.report import Reporter, mm, page_place

ALLOWED_FONTS = fonts.FACES


def check(report: Reporter, record: PdfRecord) -> None:
    comp = record.component
    report.count("pdf-resources", len(record.pages))
    for line in record.unresolved:
        report.add("pdf-resources", f"{record.name} {line} (a defect of pnp: please report "
                                    "it)", component=comp)
    for name in record.fonts:
        base = name.split("+", 1)[-1]
        if not any(base.startswith(f) for f in ALLOWED_FONTS):
            report.add("fonts", f"{record.name} {fonts.stand_in(base)}", component=comp)
    for page in record.pages:
        where = f"{record.name} page {page.number} ({report.paper})"
        kinds = {f.kind for f in page.furniture}
        report.count("printable-area")
        for missing, what in (("info", "the info line"), ("scale-bar", "the 50 mm scale bar")):
            if missing not in kinds:
                report.add("printable-area", f"{where} has no {what}", component=comp)
        for f in page.furniture:
            x0, y0, x1, y1 = f.box
            gap = min(x0, y0, page.width - x1, page.height - y1)
            if gap < PRINT_MARGIN - 0.05:
                what = f.kind.replace("-", " ") + (f" {f.text!r}" if f.text else "")
                report.add("printable-area",
                           f"{where}: {what} is {mm(max(gap, 0))} from the paper edge "
                           f"(at least {mm(PRINT_MARGIN)}: home printers print nothing "
                           "there)", component=comp, places=[page_place(record, page, f.box)])
            if f.text:
                report.count("text-size")
                if f.size < MIN_INFO_SIZE - 0.01:
                    report.add("text-size", f"{where}: page text {f.text[:30]!r} is "
                                            f"{f.size:.1f} pt (at least {MIN_INFO_SIZE} pt)",
                               component=comp, places=[page_place(record, page, f.box)])
                missing_glyphs = fonts.missing_glyphs(f.text)
                report.count("glyphs")
                if missing_glyphs:
                    report.add("glyphs", f"{where}: the font has no glyph for "
                                         f"{' '.join(map(repr, missing_glyphs))} in "
                                         f"{f.text[:30]!r}", component=comp,
                               places=[page_place(record, page, f.box)])
