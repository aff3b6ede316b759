"""Pages that stay as drawn through Ghostscript.

A "compress PDF" pass (`gs -sDEVICE=pdfwrite`, `ps2pdf`) turns each page so that most of
its text reads upright: pdfwrite's AutoRotatePages (/PageByPage by default, /All for
-dPDFSETTINGS=/ebook) adds up the bytes of every string a page shows, by direction, and
sets /Rotate 90, 180 or 270 when text in another direction has more bytes than upright
text (a tie keeps the page as drawn). pnp's pages are drawn as they must print: a backs
page is upside down on purpose (its backs lie behind their fronts when the sheet turns
over its short edge) and a board or sheet may run most of its text sideways; turned by
/Rotate, the backs print 180° off and the sheet a quarter turn. So every page with text
also shows, invisibly (text render mode 3: no ink), one upright space more than it has
bytes of text in all: whatever direction its own text runs, upright text then has the
most bytes and Ghostscript leaves the page alone. Working out each string's direction
would spare ~60 bytes a page (compressed), not worth a content-stream interpreter.
"""

from __future__ import annotations

import re

from reportlab.pdfgen.canvas import Canvas

from pnp.base import fonts

# a literal string (reportlab escapes every parenthesis in it) or a hex string
_STRING = re.compile(rb"\((?:[^()\\]|\\.)*\)|<[0-9A-Fa-f\s]*>", re.DOTALL)
# Each line is a call into reportlab (~40 us a page at 20 spaces of 1 pt a line): 80
# spaces of 0.25 pt make a line as wide (5.3 x 0.25 pt) in a quarter of the calls.
LINE = 80  # spaces a line, all lines in one place
SIZE = 0.25  # pt


def text_bytes(code: list[str]) -> int:
    """At least as many bytes as the strings in these content operators show (escapes
    and hex digits count in full: never fewer than Ghostscript counts)."""
    data = "\n".join(code).encode("latin-1", "replace")
    return sum(len(m) - 2 for m in _STRING.findall(data))


def hold_upright(canvas: Canvas, count: int, x: float, y: float) -> None:
    """Show `count` invisible upright spaces with their baseline at (x, y): lines of LINE
    spaces, one on top of another (no ink; nothing to select but white space, in a
    2 x 0.1 mm box a page corner keeps free of art and of the info line)."""
    canvas.saveState()
    text = canvas.beginText(x, y)
    text.setTextRenderMode(3)
    text.setFont(fonts.REGULAR, SIZE, leading=0)
    while count > 0:
        text.textLine(" " * min(count, LINE))
        count -= LINE
    canvas.drawText(text)
    canvas.restoreState()
