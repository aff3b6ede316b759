"""Paper sizes as users name them: every size reportlab knows by name (A0-A10, B0-B10,
C0-C10, Letter, Legal, Tabloid, Ledger, ...), any `WxH` with units, and `-landscape`.

A paper is a sheet (its short and long side) and whether it is fed landscape. pnp turns
the pages of cards, tiles, tokens and board sheets by itself, to need the fewest sheets;
`-landscape` fixes those pages landscape. One-page sheets and pads keep the orientation
they are designed in (a setup guide stays upright). The name is kept as the user's key:
it goes into the manifest and the preflight messages."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from pnp.base.errors import ContentError
from pnp.base.units import INCH, MM, PAPERS, parse_length

LANDSCAPE = "-landscape"
# The sheets pnp prints on, a side: from 50 mm (an A8 card still holds a page's info line
# and scale bar inside the printer's margins; smaller sheets drew pads of negative size)
# to 1,500 mm (B0, reportlab's largest named size, 1,414 mm; a larger page made templates
# of over 5 m, which pnp refuses, so a 200 in paper failed as a template error)
MIN_SIDE = 50 * MM
MAX_SIDE = 1500 * MM
COMMON = ("a3", "a4", "a5", "letter", "legal", "tabloid")  # named first in messages
_SUFFIX = re.compile(r"[\s_-]*landscape$")
_NUM = r"(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)?"
_WXH = re.compile(rf"^{_NUM}\s*[x×]\s*{_NUM}$")


@dataclass(frozen=True)
class Paper:
    """A sheet as the printer is fed it: its name, its sides and how it is turned."""

    name: str  # as pnp writes it: 'a3', 'a3-landscape', '210x297mm'
    short: float  # points
    long: float
    landscape: bool  # fed landscape: pages pnp turns by itself are all landscape

    @property
    def portrait_size(self) -> tuple[float, float]:
        """(width, height) of the sheet upright."""
        return self.short, self.long

    @property
    def label(self) -> str:
        """How a page footer names it: 'A4', 'LETTER', '210x297mm'."""
        base = self.name.removesuffix(LANDSCAPE)
        return base.upper() if base in named_sizes() else base


@lru_cache(maxsize=1)
def named_sizes() -> dict[str, tuple[float, float]]:
    """Every page size reportlab.lib.pagesizes defines, by its name in lower case
    without underscores ('juniorlegal', 'halfletter', 'elevenseventeen'), as reportlab
    gives it (Ledger is Tabloid turned: 17 x 11 in). A4 and Letter keep pnp's own exact
    values, so their PDFs stay byte for byte as they were."""
    from reportlab.lib import pagesizes

    sizes: dict[str, tuple[float, float]] = {}
    for key, value in vars(pagesizes).items():
        if key.startswith("_") or not isinstance(value, tuple) or len(value) != 2:
            continue
        if all(isinstance(v, int | float) for v in value):
            sizes.setdefault(key.lower().replace("_", ""), (float(value[0]), float(value[1])))
    sizes.update(PAPERS)
    sizes["halfletter"] = (5.5 * INCH, 8.5 * INCH)  # reportlab's is 5.5 x 8 in; ANSI's 8.5
    return dict(sorted(sizes.items(), key=lambda kv: _order(kv[0])))


def _order(name: str) -> tuple[int, str, int]:
    m = re.fullmatch(r"([abc])(\d+)", name)
    return (0, m.group(1), int(m.group(2))) if m else (1, name, 0)


def parse_paper(text: str) -> Paper:
    """'A3', 'legal-landscape', '8.5x11in', '200mm x 150mm' → a Paper. A WxH wider than
    high is fed landscape, as written. ValueError says what is wrong (a usage error)."""
    raw = str(text).strip().lower()
    base = _SUFFIX.sub("", raw)
    landscape = base != raw
    if not base:
        raise ValueError(f"not a paper size: {text!r}")
    m = _WXH.match(base)
    if m:
        w_num, w_unit, h_num, h_unit = m.groups()
        if h_unit is None:
            raise ValueError(f"paper {text!r}: give a unit (mm, cm, in or pt), e.g. "
                             f"{_num(w_num)}x{_num(h_num)}mm")
        w = parse_length(f"{w_num}{w_unit or h_unit}")
        h = parse_length(f"{h_num}{h_unit}")
        name = f"{_num(w_num)}{w_unit or ''}x{_num(h_num)}{h_unit}"
    else:
        key = re.sub(r"[\s_-]", "", base)
        if key not in named_sizes():
            raise ValueError(f"unknown paper {text!r}: use {', '.join(COMMON)}, another "
                             "reportlab page size name (A0-A8, B0-B8, C0-C8, juniorlegal, "
                             "halfletter, ledger ...) or WxH with units, e.g. 210x297mm")
        w, h = named_sizes()[key]
        name = key
    for side in (w, h):
        if side <= 0:
            raise ValueError(f"paper {text!r}: a side must be longer than 0")
        if not MIN_SIDE - 1e-9 <= side <= MAX_SIDE + 1e-9:
            what = "too small to print on" if side < MIN_SIDE else "larger than pnp prints on"
            raise ValueError(f"paper {text!r}: a side of {side / MM:.4g} mm is {what} "
                             f"(sheets of {MIN_SIDE / MM:g} to {MAX_SIDE / MM:,.0f} mm a side)")
    return Paper(name + (LANDSCAPE if landscape else ""), min(w, h), max(w, h),
                 landscape or w > h + 1e-9)


def _num(text: str) -> str:
    """'8.50' → '8.5', '210.0' → '210': one spelling per size in the manifest."""
    return f"{float(text):g}"


@lru_cache(maxsize=64)
def paper(name: str) -> Paper:
    """A paper by the name pnp stored (parsed once)."""
    return parse_paper(name)


# One-page sheets and pads are designed for A4 and Letter: a page at least as large as
# both (each side the smaller of the two) gets the design as it is; a smaller one gets it
# scaled, tiled or refused (pnp.components.sheet, pad).
DESIGN = ("a4", "letter")
# What a refusal offers, smallest first: the first ISO and the first US paper that fit.
LADDER = ("a7", "a6", "a5", "b5", "a4", "b4", "a3", "a2", "a1", "a0")
US_LADDER = ("halfletter", "letter", "legal", "tabloid")


def design_size(landscape: bool = False) -> tuple[float, float]:
    """(width, height), points, of the page every one-page sheet is designed to fill."""
    short = min(paper(n).short for n in DESIGN)
    long_ = min(paper(n).long for n in DESIGN)
    return (long_, short) if landscape else (short, long_)


def smallest(fits: Callable[[Paper], bool]) -> list[Paper]:
    """The smallest ISO paper and the smallest US paper on which `fits` holds (either
    may be missing): what a refusal tells the user to print on."""
    found: list[Paper] = []
    for ladder in (LADDER, US_LADDER):
        found += [p for p in (paper(n) for n in ladder) if fits(p)][:1]
    return found


def display(p: Paper) -> str:
    """How a message names a paper: 'A5', 'half-letter', 'Letter', '210x297mm'."""
    names = {"halfletter": "half-letter", "letter": "Letter", "legal": "Legal",
             "tabloid": "Tabloid"}
    return names.get(p.name, p.label)


def spoken(p: Paper) -> str:
    """'A5 (--paper a5)', 'half-letter (--paper halfletter)'."""
    return f"{display(p)} (--paper {p.name})"


class Refused(ContentError):
    """One component that cannot be printed on the paper asked for, saying the smallest
    paper it needs. The build goes on with the others (pnp.pipeline.build) and exits 1."""

    check = "paper"


def refusal(what: str, on: Paper, fits: Callable[[Paper], bool], why: str = "") -> str:
    """'Setup guide needs A5 (--paper a5) or half-letter (--paper halfletter) or
    larger; on A6 its smallest text would print at 4.4 pt': one line, the papers
    checked with `fits`, not guessed."""
    found = [p for p in smallest(fits) if p.name != on.name]
    if not found:
        need = "fits on no paper pnp names (A7 to A0, half-letter to Tabloid)"
    else:
        need = f"needs {' or '.join(spoken(p) for p in found)} or larger"
    return f"{what}: {need}, not built on {display(on)}" + (f" ({why})" if why else "")


def laid_out(planner: Any, on: Paper, w: float, h: float, bleed: float, **how: Any) -> bool:
    """Whether `planner` (impose.plan, gutterfold.plan) lays items of w x h out on `on`."""
    try:
        planner(*on.portrait_size, w, h, bleed, landscape=on.landscape, **how)
    except ValueError:
        return False
    return True


def scaled_page(page_w: float, page_h: float, design_w: float, design_h: float,
                margin: float, footer: float) -> tuple[float, float, float]:
    """A design too large for the page, shrunk to fill its printable area: (w, h, scale)
    of the page the design is laid out on (at least the design's size on each side, the
    paper's shape), so that at `scale` its printable area (`margin` from every edge,
    `footer` at the bottom) lands on the paper's exactly."""
    scale = min(1.0, (page_w - 2 * margin) / (design_w - 2 * margin),
                (page_h - margin - footer) / (design_h - margin - footer))
    return ((page_w - 2 * margin) / scale + 2 * margin,
            (page_h - margin - footer) / scale + margin + footer, scale)
