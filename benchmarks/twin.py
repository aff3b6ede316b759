"""The reportlab-direct twin of the standard deck: "B" in the benchmark's A/B pairs.

    python benchmarks/twin.py N OUT.pdf       draw N cards into OUT.pdf
    python benchmarks/twin.py --check         its layout against pnp.layout.impose's (exit 1 if not)

Draws N standard-deck cards (benchmarks/standard_deck.py: title, number, coloured frame
with 3 mm bleed, one shared back stored once as a form) straight with reportlab calls,
9-up on A4 with crop marks and duplex backs, and writes OUT.pdf. Run as a fresh process it
is the floor for the whole `pnp build` command; it leaves as pnp does (os._exit), so that
neither side pays the interpreter's teardown (~15 ms at 62 cards).

It regenerates the cards from N with `cards(n)` (the same list standard_deck writes to
cards.yaml) instead of parsing the YAML: no YAML, no validation, no templates, which is
what makes it a lower bound. It imports only reportlab and fontpkg_fira_sans (the font
file). pnp's imposition is inlined (`grid`, `crop_marks`, `back`: what pnp.layout.impose computes
for this deck) because importing pnp.layout.impose costs ~8 ms (dataclasses, inspect), and
pnp.base.fonts.register also loads svglib; `check()` keeps the inlined layout equal to pnp's.
"""

from __future__ import annotations

import functools
import math
import os
import sys
from pathlib import Path
from typing import IO

MM = 72.0 / 25.4
A4 = (210 * MM, 297 * MM)
W, H, BLEED = 63.5 * MM, 88 * MM, 3 * MM  # poker cards, 3 mm bleed
REGULAR, BOLD = "FiraSans", "FiraSans-Bold"  # the names pnp.base.fonts registers
# pnp.layout.impose's margins: PRINT_MARGIN 5 mm, crop marks 5 mm long (3 mm at least: the
# outer bleed gives way to make that room) and 0.1 mm clear of it, the info band 3 mm + 0.8 mm
# gap below the grid; the grid itself needs 1.5 mm for marks beside its trim
EDGE, MARK, MIN_MARK, BAND_ROOM = 5.1 * MM, 5 * MM, 3 * MM, 3.8 * MM
SIDE, BAND_MARGIN = 5 * MM + 0.1 * MM + 1.5 * MM, 5 * MM + 3 * MM + 0.8 * MM + 1.5 * MM

COLOURS = ["#c0392b", "#2980b9", "#27ae60", "#8e44ad", "#d35400", "#16a085"]
# the titles the peers' standard content uses: accented and non-Latin-1 letters, which a
# tool that handles only ASCII would draw wrong or cheaper
PLACES = ["Zürich", "Łódź", "Ærøskøbing", "São Paulo", "Reykjavík", "Straße"]

Box = tuple[float, float, float, float]
Slot = tuple[float, float, float, float, float, float]  # trim x, y; bleed left, bottom, right, top


def cards(n: int) -> list[dict[str, object]]:
    """The standard deck's cards, as written to cards.yaml by standard_deck.write_game."""
    return [{"id": f"c{i}", "title": f"Card {i} · {PLACES[i % len(PLACES)]}", "number": i,
             "colour": COLOURS[i % len(COLOURS)]} for i in range(n)]


def grid(page_w: float, page_h: float, w: float, h: float, b: float) -> list[Slot]:
    """pnp.layout.impose.plan's layout for this deck: the largest grid with shared cuts, centred
    (raised if the info band needed room below), bleed only on the grid's outer sides.
    Reading order: top row first, left to right."""
    cols = int(math.floor((page_w - 2 * SIDE - 2 * b + 1e-6) / w))
    rows = int(math.floor((page_h - 2 * SIDE - 2 * b + 1e-6) / h))
    x0 = (page_w - cols * w) / 2
    y_top = max((page_h - rows * h) / 2, BAND_MARGIN + b) + rows * h
    y0, x1 = y_top - rows * h, x0 + cols * w
    # the outer bleed cut back where a margin has less than MIN_MARK for the marks
    left = min(b, x0 - EDGE - MIN_MARK)
    right = min(b, page_w - EDGE - MIN_MARK - x1)
    top = min(b, page_h - EDGE - MIN_MARK - y_top)
    bottom = min(b, y0 - EDGE - BAND_ROOM - MIN_MARK)
    return [(x0 + c * w, y_top - (r + 1) * h, left if c == 0 else 0.0,
             bottom if r == rows - 1 else 0.0, right if c == cols - 1 else 0.0,
             top if r == 0 else 0.0)
            for r in range(rows) for c in range(cols)]


def art(s: Slot, w: float, h: float) -> Box:
    """(x, y, w, h) of the visible art: trim plus the slot's bleed."""
    x, y, left, bottom, right, top = s
    return (x - left, y - bottom, w + left + right, h + bottom + top)


def back(s: Slot, page_w: float, w: float) -> Slot:
    """Where a front's back goes for long-edge duplex on a portrait page: mirrored in x."""
    x, y, left, bottom, right, top = s
    return (page_w - x - w, y, right, bottom, left, top)


def crop_marks(slots: list[Slot], w: float, h: float, page_w: float,
               page_h: float) -> list[Box]:
    """(x0, y0, x1, y1) of a mark on every cut line from the outer bleed edge outwards,
    5 mm long or shorter to keep 5.1 mm from the paper edge (none under 1.5 mm)."""
    arts = [art(s, w, h) for s in slots]
    bx0, by0 = min(a[0] for a in arts), min(a[1] for a in arts)
    bx1, by1 = max(a[0] + a[2] for a in arts), max(a[1] + a[3] for a in arts)
    top, bottom = min(MARK, page_h - EDGE - by1), min(MARK, by0 - EDGE)
    left, right = min(MARK, bx0 - EDGE), min(MARK, page_w - EDGE - bx1)
    xs = sorted({round(v, 4) for s in slots for v in (s[0], s[0] + w)})
    ys = sorted({round(v, 4) for s in slots for v in (s[1], s[1] + h)})
    ok = MIN_MARK - 1e-6
    marks: list[Box] = []
    for x in xs:
        marks += [(x, by1, x, by1 + top)] * (top >= ok) + [(x, by0 - bottom, x, by0)] * (bottom >= ok)
    for y in ys:
        marks += [(bx0 - left, y, bx0, y)] * (left >= ok) + [(bx1, y, bx1 + right, y)] * (right >= ok)
    return marks


def check() -> list[str]:
    """What of the inlined layout differs from pnp.layout.impose's for this deck (empty: nothing)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from pnp.layout import backs as back_layout
    from pnp.layout import impose

    layout = impose.plan(*A4, W, H, BLEED)
    ours = grid(*A4, W, H, BLEED)
    theirs = [(s.x, s.y, s.bleed_left, s.bleed_bottom, s.bleed_right, s.bleed_top)
              for s in layout.slots]
    backs = [back_layout.back_slot(s, layout, "long", (0, 0)) for s in layout.slots]
    compared = {
        "slots": (ours, theirs),
        "backs": ([back(s, A4[0], W) for s in ours],
                  [(s.x, s.y, s.bleed_left, s.bleed_bottom, s.bleed_right, s.bleed_top)
                   for s in backs]),
        "crop marks": (crop_marks(ours, W, H, *A4),
                       [(m.x0, m.y0, m.x1, m.y1) for m in impose.crop_marks(layout)])}
    return [name for name, (a, b) in compared.items()
            if len(a) != len(b) or any(not math.isclose(u, v, abs_tol=1e-6)
                                       for p, q in zip(a, b, strict=True)
                                       for u, v in zip(p, q, strict=True))]


@functools.cache
def register_fonts() -> None:
    """Fira Sans regular and bold with reportlab only (embedded and subset, as pnp does)."""
    import fontpkg_fira_sans
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    files = Path(fontpkg_fira_sans.__file__).resolve().parent / "files"
    pdfmetrics.registerFont(TTFont(REGULAR, str(files / "FiraSans-Regular.ttf")))
    pdfmetrics.registerFont(TTFont(BOLD, str(files / "FiraSans-Bold.ttf")))


def draw(n: int, out: str | IO[bytes]) -> None:
    """Draw the N-card deck and save it to `out` (a path or a binary file object)."""
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    page_w, page_h = A4
    w, h, b = W, H, BLEED
    slots = grid(page_w, page_h, w, h, b)
    marks = crop_marks(slots, w, h, page_w, page_h)
    c = Canvas(out, pagesize=(page_w, page_h), invariant=1)
    c.beginForm("back")
    c.setFillColor("#34495e")
    c.rect(0, 0, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    c.setStrokeColor("#ecf0f1")
    c.setLineWidth(2 * MM)
    c.circle(b + w / 2, b + h / 2, 18 * MM, stroke=1, fill=0)
    c.setFillColor("#ecf0f1")
    c.setFont(BOLD, 6 * MM)
    c.drawCentredString(b + w / 2, b + h / 2 - 2 * MM, "BENCH")
    c.endForm()
    deck = cards(n)
    per = len(slots)

    def page_marks() -> None:
        c.setLineWidth(0.25)
        c.setStrokeColor("#000000")
        for m in marks:
            c.line(*m)

    for start in range(0, n, per):
        chunk = deck[start:start + per]
        for slot, card in zip(slots, chunk, strict=False):
            x, y = slot[0], slot[1]
            c.saveState()
            p = c.beginPath()
            p.rect(*art(slot, w, h))
            c.clipPath(p, stroke=0, fill=0)
            c.setFillColor(str(card["colour"]))
            c.rect(x - b, y - b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
            c.setFillColor("#ffffff")
            c.roundRect(x + 4 * MM, y + 4 * MM, w - 8 * MM, h - 8 * MM, 3 * MM, stroke=0, fill=1)
            c.setFillColor("#000000")
            c.setFont(BOLD, 5 * MM)
            c.drawCentredString(x + w / 2, y + h - 16 * MM, str(card["title"]))
            c.setFont(REGULAR, 20 * MM)
            c.drawCentredString(x + w / 2, y + h - 56 * MM, str(card["number"]))
            c.restoreState()
        page_marks()
        c.showPage()
        for slot, _ in zip(slots, chunk, strict=False):
            turned = back(slot, page_w, w)
            c.saveState()
            p = c.beginPath()
            p.rect(*art(turned, w, h))
            c.clipPath(p, stroke=0, fill=0)
            c.translate(turned[0] - b, turned[1] - b)
            c.doForm("back")
            c.restoreState()
        page_marks()
        c.showPage()
    c.save()


def main() -> None:
    if sys.argv[1:] == ["--check"]:
        differ = check()
        print("the inlined layout differs from pnp.layout.impose in: " + ", ".join(differ)
              if differ else "the inlined layout is pnp.layout.impose's")
        sys.exit(1 if differ else 0)
    if len(sys.argv) != 3 or not sys.argv[1].isdigit():
        sys.exit("usage: python benchmarks/twin.py N OUT.pdf | --check")
    draw(int(sys.argv[1]), sys.argv[2])
    sys.stdout.flush()
    os._exit(0)  # as pnp leaves (cli._end): no interpreter teardown on either side


if __name__ == "__main__":
    main()
