"""Stage 7, preflight: check the laid-out pages, as they go to the printer, before anything is
written. `pnp build`, `pnp sheets`, `pnp score --pdf` and `pnp validate` all run it.

Checks (each problem names its check):
- pdf-resources  every name a page or form uses is defined in its resources
- svg            nothing in a template's SVG that the drawing library had to skip
- fonts          only the embedded font, for every text
- glyphs         every character printed exists in the font
- text-size      readable text ≥ 6 pt at print size (per component: more), furniture ≥ 5.5
- text-placement text inside the item's safe area, the printable area, never crossed by
                 another element's stroke
- printable-area crop marks, info line and scale bar ≥ 5 mm from every paper edge, and
                 every page carries the info line and the 50 mm bar
- colour-cues    attributes players tell apart differ clearly in grey and under CVD
                 simulation, or carry a printed non-colour cue
- fits           pieces fit the spaces they go on (game.yaml preflight.fits)

While a game is built, each page's faces are checked as soon as the page is drawn
(stream.py), so a large deck never holds all its cards at once; the report is the same
as checking the finished files.
"""

from __future__ import annotations

from pnp.base.errors import Problem
from pnp.layout.pages import PdfRecord
from pnp.load.model import Game
from pnp.preflight.stream import Streaming
from pnp.render.templates import Renderer

CHECKS = ("pdf-resources", "svg", "fonts", "glyphs", "text-size", "text-placement",
          "printable-area", "colour-cues", "fits")

__all__ = ["CHECKS", "Streaming", "run"]


def run(game: Game, records: list[PdfRecord], renderer: Renderer | None,
        paper: str) -> tuple[list[Problem], dict[str, int]]:
    """Every problem found in these PDFs, and how many things each check looked at."""
    return Streaming(game, renderer, paper).finish(records)
