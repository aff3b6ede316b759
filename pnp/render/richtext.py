r"""Rich text: `**bold**`, `*italic*`, `***bold italic***` and `:name:` icons inside text
wrapped and fitted with each embedded face's own metrics, as text.fit does plain text.

Emphasis pairs the same asterisks (`*` with `*`, `**` with `**`, `***` with `***`, nested
as `**bold *both* bold**`): an opening run comes before a non-space, a closing one after
one, and a single `*` inside a word (`2*3*4`) is none. An unpaired or `\*` asterisk prints.

An inline icon is 1 em tall (the font size), as wide as its aspect makes it, and sits
from 0.8 em above the baseline to 0.2 em below; it wraps with the word it is written in
(`2:coin:` never breaks). The result places each run of one face, and each icon, for the
`rich` macro of pnp.svg.j2."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from pnp.base import fonts
from pnp.base.units import MM

ICON_EM = 1.0  # an inline icon's height, in font sizes
ICON_RISE = 0.8  # its top above the baseline, in font sizes
PT_MM = 25.4 / 72
ICON_NAME = re.compile(r":([A-Za-z][A-Za-z0-9_-]*):")
_TOKEN = re.compile(r"\\\*|\*+|[^\\*]+|\\")  # an escaped *, a run of *, other text
_SPACE = re.compile(r"(\s+)")


class RichTextError(ValueError):
    """Markup the text cannot print (an unknown icon): said at the item."""


@dataclass(frozen=True, slots=True)
class Piece:
    text: str  # a word's text, or an icon's name
    bold: bool = False
    aspect: float = 0.0  # > 0: an icon, this wide for its height
    italic: bool = False


@dataclass(frozen=True, slots=True)
class Run:
    """One run of text of one face, placed: x, y (baseline) in the face's mm."""

    x: float
    y: float
    text: str
    bold: bool
    italic: bool = False


@dataclass(frozen=True, slots=True)
class Placed:
    """One inline icon, placed: its box's top-left corner and size in mm."""

    name: str
    path: str
    x: float
    y: float
    w: float
    h: float


@dataclass(frozen=True)
class Rich:
    """Rich text fitted to a box: what `fit_rich` gives the `rich` macro."""

    lines_: tuple[tuple[tuple[float, Piece], ...], ...]  # (dx mm, piece) per line
    widths: tuple[float, ...]  # each line's width, mm
    size: float  # font size, pt
    line_height: float  # mm
    fits: bool
    paths: tuple[tuple[str, str], ...] = ()  # icon name → its file

    @property
    def lines(self) -> list[str]:
        """Each line's text, icons as :name: (as written)."""
        em = self.size * PT_MM
        out = []
        for line in self.lines_:
            text, end = "", None
            for dx, p in line:
                text += ("" if end is None or abs(dx - end) < 1e-6 else " ") + _shown(p)
                end = dx + _width(p, em)
            out.append(text)
        return out

    def _start(self, x: float, i: int, anchor: str) -> float:
        width = self.widths[i]
        return x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x

    def runs(self, x: float, y: float, anchor: str = "start") -> list[Run]:
        """The text runs: words of one face next to each other are one run."""
        out: list[Run] = []
        em = self.size * PT_MM
        for i, line in enumerate(self.lines_):
            x0, base = self._start(x, i, anchor), y + i * self.line_height
            run: list[str] = []  # the current run's text
            first = end = 0.0
            bold = italic = False
            for dx, piece in line:
                if run and not piece.aspect and (piece.bold, piece.italic) == (bold, italic):
                    if abs(dx - end) < 1e-6:  # glued to the last piece
                        run.append(piece.text)
                        end = dx + _width(piece, em)
                        continue
                    if abs(dx - end - _space(bold, italic, em)) < 1e-6:  # one space
                        run.append(" " + piece.text)
                        end = dx + _width(piece, em)
                        continue
                if run:
                    out.append(Run(x0 + first, base, "".join(run), bold, italic))
                    run = []
                if not piece.aspect:
                    run, first, end = [piece.text], dx, dx + _width(piece, em)
                    bold, italic = piece.bold, piece.italic
            if run:
                out.append(Run(x0 + first, base, "".join(run), bold, italic))
        return out

    def icons(self, x: float, y: float, anchor: str = "start") -> list[Placed]:
        """The inline icons, each in its box beside its words."""
        paths = dict(self.paths)
        em = self.size * PT_MM
        out: list[Placed] = []
        for i, line in enumerate(self.lines_):
            x0, base = self._start(x, i, anchor), y + i * self.line_height
            for dx, p in line:
                if p.aspect:
                    out.append(Placed(p.text, paths[p.text], x0 + dx, base - ICON_RISE * em,
                                      em * ICON_EM * p.aspect, em * ICON_EM))
        return out


def _shown(p: Piece) -> str:
    return f":{p.text}:" if p.aspect else p.text


def _width(p: Piece, em: float) -> float:
    """A piece's advance in mm at a font size of `em` mm."""
    if p.aspect:
        return em * ICON_EM * p.aspect
    return fonts.string_width(p.text, em / PT_MM, p.bold, p.italic) / MM


def _space(bold: bool, italic: bool, em: float) -> float:
    return fonts.string_width(" ", em / PT_MM, bold, italic) / MM


def _gap(a: Piece, b: Piece, em: float) -> float:
    """The space between two words: in their face when they share it, else regular
    (bold only when both are, italic only when both are)."""
    return _space(a.bold and b.bold, a.italic and b.italic, em)


Word = tuple[Piece, ...]


def parse(text: str, aspects: Mapping[str, float]) -> tuple[tuple[Word, ...], ...]:
    """Paragraphs of words, each word its pieces (`2:coin:` is one word of two)."""
    paras = []
    for para in text.split("\n"):
        words: list[Word] = []
        glued = False  # the next piece continues the last word
        for part, bold, italic in emphasis(para):
            for chunk in _SPACE.split(part):
                if not chunk:
                    continue
                if chunk.isspace():
                    glued = False
                    continue
                for piece in _pieces(chunk, bold, italic, aspects):
                    if glued and words:
                        words[-1] = (*words[-1], piece)
                    else:
                        words.append((piece,))
                    glued = True
        paras.append(tuple(words))
    return tuple(paras)


def emphasis(para: str) -> list[tuple[str, bool, bool]]:
    """(text, bold, italic) segments of one paragraph: each run of asterisks paired with
    the nearest open run of the same length before it (the runs opened after that one
    and still unpaired print as written)."""
    tokens = _TOKEN.findall(para)
    stack: list[int] = []  # indexes of open runs
    paired: dict[int, int] = {}  # opening run → +1, closing run → -1 (by index)
    for i, tok in enumerate(tokens):
        if not tok.startswith("*") or len(tok) > 3:
            continue
        before = tokens[i - 1][-1] if i else " "
        after = tokens[i + 1][0] if i + 1 < len(tokens) else " "
        single = len(tok) == 1
        closes = not before.isspace() and not (single and _wordy(after))
        opens = not after.isspace() and not (single and _wordy(before))
        match = next((n for n in range(len(stack) - 1, -1, -1)
                      if tokens[stack[n]] == tok), None) if closes else None
        if match is not None:
            paired[stack[match]], paired[i] = 1, -1
            del stack[match:]
        elif opens:
            stack.append(i)
    out: list[tuple[str, bool, bool]] = []
    bold = italic = 0
    for i, tok in enumerate(tokens):
        if i in paired:
            step = paired[i]
            bold += step if len(tok) > 1 else 0
            italic += step if len(tok) != 2 else 0
            continue
        shown = "*" if tok == "\\*" else tok
        if out and out[-1][1:] == (bold > 0, italic > 0):
            out[-1] = (out[-1][0] + shown, *out[-1][1:])
        else:
            out.append((shown, bold > 0, italic > 0))
    return out


def _wordy(ch: str) -> bool:
    return ch.isalnum() or ch == "_"


def _pieces(chunk: str, bold: bool, italic: bool,
            aspects: Mapping[str, float]) -> list[Piece]:
    out: list[Piece] = []
    pos = 0
    for m in ICON_NAME.finditer(chunk):
        name = m.group(1)
        if name not in aspects:
            known = ", ".join(sorted(aspects)) or "none: name them in game.yaml data.icons"
            raise RichTextError(f"unknown icon ':{name}:' (icons: {known})")
        if m.start() > pos:
            out.append(Piece(chunk[pos:m.start()], bold, italic=italic))
        out.append(Piece(name, bold, aspects[name], italic))
        pos = m.end()
    if pos < len(chunk):
        out.append(Piece(chunk[pos:], bold, italic=italic))
    return out


def names(text: str) -> set[str]:
    """The icon names a text writes as :name:."""
    return set(ICON_NAME.findall(text))


@lru_cache(maxsize=2048)
def fit(text: str, width_mm: float, height_mm: float, size: float, min_size: float,
        leading: float, icons: tuple[tuple[str, str, float], ...]) -> Rich:
    """Largest size ≤ `size` (steps of 0.5 pt) at which the text fits the box, as
    text.fit; `icons`: (name, file, aspect) of each icon the text may use."""
    paras = parse(text, {name: aspect for name, _, aspect in icons})
    paths = tuple((name, path) for name, path, _ in icons)
    s = size
    while True:
        lines, widths = _wrap(paras, width_mm, s)
        height = len(lines) * s * leading * PT_MM
        fits = max(widths, default=0.0) <= width_mm + 0.01 and height <= height_mm + 0.01
        if fits or s - 0.5 < min_size:
            return Rich(lines, widths, s, s * leading * PT_MM, fits, paths)
        s -= 0.5


def _wrap(paras: tuple[tuple[Word, ...], ...], width_mm: float,
          size: float) -> tuple[tuple[tuple[tuple[float, Piece], ...], ...], tuple[float, ...]]:
    """Greedy wrap of words, as text.wrap: (dx, piece) of every piece of every line."""
    em = size * PT_MM
    lines: list[tuple[tuple[float, Piece], ...]] = []
    widths: list[float] = []
    for words in paras:
        line: list[tuple[float, Piece]] = []
        end = 0.0
        for word in words:
            word_w = sum(_width(p, em) for p in word)
            gap = _gap(line[-1][1], word[0], em) if line else 0.0
            if line and end + gap + word_w > width_mm + 1e-9:
                lines.append(tuple(line))
                widths.append(end)
                line, end, gap = [], 0.0, 0.0
            x = end + gap
            for p in word:
                line.append((x, p))
                x += _width(p, em)
            end = x
        lines.append(tuple(line))
        widths.append(end)
    return tuple(lines), tuple(widths)
