"""Page furniture: crop marks, the info line and the 50 mm scale bar, drawn on the page
and recorded with their boxes so preflight can check they stay in the printable area."""

from __future__ import annotations

from collections.abc import Callable

from pnp.base import fonts
from pnp.base.units import MM
from pnp.draw.painter import SvgPainter
from pnp.layout.impose import Band, Mark

MARK_WIDTH = 0.25  # pt: a hairline that still prints on home printers
INFO_SIZE = 6.0  # pt
MIN_INFO_SIZE = 5.5  # pt: the smallest furniture text (preflight checks it)
BAR = 50 * MM
BAR_LABEL = "50 mm"
GREY = (0.25, 0.25, 0.25)


def draw_marks(painter: SvgPainter, marks: list[Mark]) -> None:
    painter.repeat(("marks", tuple(marks)), lambda: _draw_marks(painter, marks))


def _draw_marks(painter: SvgPainter, marks: list[Mark]) -> None:
    c = painter.canvas
    c.saveState()
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(MARK_WIDTH)
    half = MARK_WIDTH / 2
    for m in marks:
        c.line(m.x0, m.y0, m.x1, m.y1)
        painter.note("crop-mark", (min(m.x0, m.x1) - half, min(m.y0, m.y1) - half,
                                   max(m.x0, m.x1) + half, max(m.y0, m.y1) + half))
    c.restoreState()


FOLD_WIDTH = 0.4  # pt: dashed and grey, unlike the black hairline crop marks
FOLD_GREY = (0.45, 0.45, 0.45)


def draw_fold_line(painter: SvgPainter, line: Mark) -> None:
    """The dashed line a gutter-fold page is folded on (never a cut: it lies in the
    gutter, which is cut away)."""
    c = painter.canvas
    c.saveState()
    c.setStrokeColorRGB(*FOLD_GREY)
    c.setLineWidth(FOLD_WIDTH)
    c.setDash(4, 2)
    c.line(line.x0, line.y0, line.x1, line.y1)
    c.restoreState()
    half = FOLD_WIDTH / 2
    painter.note("fold-line", (min(line.x0, line.x1) - half, min(line.y0, line.y1) - half,
                               max(line.x0, line.x1) + half, max(line.y0, line.y1) + half))


def shorten(text: str, width: float, size: float) -> str:
    """`text` cut to fit `width` at `size`: whole ' · ' parts dropped from the end
    first, then letters, so the line never shrinks below a readable size. The longest
    prefix that fits is found by bisection (a prefix is never wider than a longer one):
    a 20,000-letter name is measured some 15 times, not 20,000."""
    if fonts.string_width(text, size) <= width:
        return text
    parts = text.split(" · ")
    if len(parts) > 1:
        keep = _longest(1, len(parts) - 1, lambda n: fonts.string_width(
            " · ".join(parts[:n]) + " …", size) <= width)
        if keep:
            return " · ".join(parts[:keep]) + " …"
    keep = _longest(1, len(text), lambda n: fonts.string_width(text[:n] + "…", size) <= width)
    return text[:keep] + "…" if keep else ""


def _longest(least: int, most: int, fits: Callable[[int], bool]) -> int:
    """The largest n in least..most for which `fits(n)`, or 0 when none: `fits` holds
    for every n up to some point and for none beyond it."""
    if most < least or not fits(least):
        return 0
    lo, hi = least, most  # fits(lo) holds; the answer lies in lo..hi
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid - 1
    return lo


def scale_bar(painter: SvgPainter, x: float, y: float) -> float:
    """The 50 mm bar with its label, baseline at (x, y); returns its total width."""
    c = painter.canvas
    c.saveState()
    c.setStrokeColorRGB(*GREY)
    c.setFillColorRGB(*GREY)
    c.setLineWidth(0.4)
    c.line(x, y, x + BAR, y)
    for i in range(6):
        tick = 2.2 * MM if i in (0, 5) else 1.3 * MM
        c.line(x + i * 10 * MM, y, x + i * 10 * MM, y + tick)
    c.setFont(fonts.REGULAR, MIN_INFO_SIZE)
    label_x = x + BAR + 1.5 * MM
    c.drawString(label_x, y + 0.3 * MM, BAR_LABEL)
    c.restoreState()
    label_w = fonts.string_width(BAR_LABEL, MIN_INFO_SIZE)
    painter.note("scale-bar", (x - 0.2, y - 0.2, x + BAR + 0.2, y + 2.2 * MM))
    painter.note("label", (label_x, y + 0.3 * MM - 0.3, label_x + label_w,
                           y + 0.3 * MM + 0.75 * MIN_INFO_SIZE), MIN_INFO_SIZE, BAR_LABEL)
    return BAR + 1.5 * MM + label_w


def info_text(painter: SvgPainter, x: float, y: float, text: str, width: float,
              size: float = INFO_SIZE) -> None:
    """One line of page information at baseline (x, y), shortened to `width`."""
    c = painter.canvas
    text = shorten(text, width, size)
    c.saveState()
    c.setFillColorRGB(*GREY)
    c.setFont(fonts.REGULAR, size)
    line = c.beginText(x, y)  # c.drawString, without measuring the text once more
    line.textLine(text)
    c.drawText(line)
    c.restoreState()
    painter.note("info", (x, y - 0.25 * size, x + fonts.string_width(text, size),
                          y + 0.75 * size), size, text)


def draw_info(painter: SvgPainter, band: Band, text: str) -> None:
    """The page's info line and a 50 mm scale bar to check that printing was at 100 %."""
    c = painter.canvas
    c.saveState()
    c.translate(band.x, band.y)
    if band.rotated:
        c.rotate(90)
    bar_w = BAR + 1.5 * MM + fonts.string_width(BAR_LABEL, MIN_INFO_SIZE)
    start = max(band.length - bar_w, 0)
    # draw in band coordinates, record in page coordinates
    recorder = _BandRecorder(painter, band)
    info_text(recorder, 0, 0.9 * MM, text, start - 3 * MM)  # type: ignore[arg-type]
    painter.repeat(("scale-bar", band, start),
                   lambda: scale_bar(recorder, start, 0.6 * MM))  # type: ignore[arg-type]
    c.restoreState()


class _BandRecorder:
    """Looks like a painter to the drawing helpers; records boxes turned into page
    coordinates when the band runs up the right margin."""

    def __init__(self, painter: SvgPainter, band: Band) -> None:
        self.canvas = painter.canvas
        self._painter = painter
        self._band = band

    def note(self, kind, box, size: float = 0.0, text: str = "") -> None:  # type: ignore[no-untyped-def]
        b = self._band
        x0, y0, x1, y1 = box
        if b.rotated:  # band x runs up the page, band y runs to the left
            box = (b.x - y1, b.y + x0, b.x - y0, b.y + x1)
        else:
            box = (b.x + x0, b.y + y0, b.x + x1, b.y + y1)
        self._painter.note(kind, box, size, text)
