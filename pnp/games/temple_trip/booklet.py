"""The Rules Booklet: booklet.yaml's sections flowed onto A5 pages after a cover, and the
pages imposed two to a landscape sheet in booklet order, so that the printed stack,
folded in the middle, reads 1, 2, 3 ... SVG cannot wrap text, so pnp wraps it here with
the embedded font's metrics (legend.wrap_runs) and the template only draws."""

from __future__ import annotations

import string
from typing import Any

from pnp.base.errors import ContentError
from pnp.base.units import MM
from pnp.components.sheet import FOOTER
from pnp.games.temple_trip.legend import Run, wrap_runs
from pnp.load.model import Game
from pnp.load.paths import game_file
from pnp.load.source import Key, Source, key_text, read_yaml

BODY = 10.5  # pt: the body text, well above the game's 7 pt floor
HEAD = 12.5  # pt: section titles
LEADING = 1.28
MARGIN = 13.0  # mm: top, outer and inner (the fold) margins of an A5 page
FOOT = 9.0  # mm above the sheet's footer band: the page number's room
PARA_GAP, HEAD_GAP, SECTION_GAP = 1.8, 1.6, 4.2  # mm
COVER_TOP = 62.0  # mm: below the cover's title band
BLUE = "#1f4e8c"
MAX_PAGES = 64  # A5 pages: 16 sheets, about as many as a fold can take


def _lh(size: float) -> float:
    return size * LEADING / MM


def _runs(par: Any, fill: dict[str, Any], where: tuple[Source, Key]) -> list[Run]:
    if isinstance(par, dict):
        lead, text = par.get("lead"), par.get("text")
        runs = [Run(_fill(str(lead), fill, where), "name")] if lead else []
        return runs + [Run(_fill(str(text or ""), fill, where), "text")]
    return [Run(_fill(str(par), fill, where), "text")]


def _fill(text: str, values: dict[str, Any], where: tuple[Source, Key]) -> str:
    """{name} replaced by the kit's value; an unknown name is the content's mistake."""
    src, key = where
    at = (src.path, src.line(key), key_text(key))
    try:
        names = [n for _, n, _, _ in string.Formatter().parse(text) if n is not None]
    except ValueError:
        raise ContentError("a lone '{' or '}': a value is written {name}, a brace "
                           "itself {{ or }}", *at) from None
    unknown = [n for n in names if n not in values]
    if unknown:
        raise ContentError(f"{{{unknown[0]}}} is not a value the booklet knows (it knows "
                           f"{', '.join(sorted(values))})", *at)
    return text.format_map(values) if names else text


class _Flow:
    """Lines laid onto pages: each line a baseline and its pieces (x in page mm)."""

    def __init__(self, page_w: float, page_h: float, footer: float) -> None:
        self.width = page_w - 2 * MARGIN
        self.bottom = page_h - footer - FOOT
        self.pages: list[list[dict[str, Any]]] = [[]]
        self.y = COVER_TOP
        self.starts: list[tuple[str, int]] = []

    def new_page(self) -> None:
        self.pages.append([])
        self.y = MARGIN

    def add(self, lines: list[list[dict[str, Any]]], size: float, keep: int = 1) -> None:
        lh = _lh(size)
        for i, line in enumerate(lines):
            need = lh * (min(keep, len(lines) - i) if i == 0 else 1)
            if self.y + need > self.bottom:
                self.new_page()
            self.y += lh if self.pages[-1] or i else size * 0.8 / MM
            self.pages[-1].append({"y": round(self.y, 3), "size": size, "pieces": [
                dict(p, x=round(MARGIN + p["x"], 3)) for p in line]})

    def heading(self, title: str) -> None:
        lines = [[{"x": 0.0, "text": title, "bold": True, "fill": BLUE, "role": "name"}]]
        if self.pages[-1]:
            self.y += SECTION_GAP
        if self.y + _lh(HEAD) + 3 * _lh(BODY) > self.bottom:  # a title keeps 2 lines of text
            self.new_page()
        self.starts.append((title, len(self.pages)))
        self.add(lines, HEAD)
        self.y += HEAD_GAP


def _wrap(runs: list[Run], width: float, size: float) -> list[list[dict[str, Any]]]:
    return [[dict(p, fill="#1a1a1a") for p in line] for line in wrap_runs(runs, width, size)]


def layout(game: Game, file: str, comp_id: str, size: tuple[float, float],
           values: dict[str, Any]) -> dict[str, Any]:
    """The sheets' sides, each two A5 pages (left, right) in booklet order, for the
    template; `pages` tells the sheet how many printed pages to draw."""
    src = read_yaml(game_file(game.folder, file, game.source, ("components", comp_id, "file")))
    spec = src.data.get("booklet") if isinstance(src.data, dict) else None
    if not isinstance(spec, dict) or not isinstance(spec.get("sections"), list):
        raise ContentError("must hold booklet: {title, intro, printing, sections: [...]}",
                           src.path, 1, "booklet")
    page_w, page_h, footer = size[0] / 2, size[1], FOOTER / MM
    flow = _Flow(page_w, page_h, footer)
    cover = BODY + 1
    flow.add(_wrap(_runs(spec.get("intro", ""), values, (src, ("booklet", "intro"))),
                   flow.width, cover), cover)
    contents_at = flow.y + 2 * PARA_GAP  # the contents, once the pages are known
    flow.y = contents_at + 8 + len(spec["sections"]) * _lh(cover) + 2 * PARA_GAP
    flow.add(_wrap(_runs(spec.get("printing", ""), values, (src, ("booklet", "printing"))),
                   flow.width, BODY), BODY)
    flow.new_page()
    back = _Flow(page_w, page_h, footer)  # the back cover's sections (`back_cover: true`)
    back.y = MARGIN
    for i, section in enumerate(spec["sections"]):
        key: Key = ("booklet", "sections", i)
        if not isinstance(section, dict) or not isinstance(section.get("text"), list):
            raise ContentError("a section is {title, text: [paragraphs]}", src.path,
                               src.line(key), key_text(key))
        into = back if section.get("back_cover") else flow
        if section.get("new_page") and into.pages[-1]:
            into.new_page()
        into.heading(str(section.get("title", "")))
        for j, par in enumerate(section["text"]):
            into.add(_wrap(_runs(par, values, (src, key + ("text", j))), into.width, BODY),
                     BODY, keep=2)
            into.y += PARA_GAP
    backs = back.pages if back.pages[-1] else []
    total = -(-(len(flow.pages) + len(backs)) // 4) * 4
    if total > MAX_PAGES:
        raise ContentError(f"the booklet runs to {total} pages; one that folds has at most "
                           f"{MAX_PAGES}", src.path, src.line(("booklet", "sections")),
                           "booklet.sections")
    pages = flow.pages + [[] for _ in range(total - len(flow.pages) - len(backs))] + backs
    starts = flow.starts + [(t, n + total - len(backs)) for t, n in back.starts]
    contents = [{"title": t, "page": n, "y": round(contents_at + 8 + k * _lh(cover), 3)}
                for k, (t, n) in enumerate(starts)]
    return {"pages": total // 2, "sides": impose(pages), "contents": contents,
            "contents_y": round(contents_at + 3, 3), "font": {"body": BODY, "cover": cover},
            "title": str(spec.get("title", "")),
            "page_w": round(page_w, 3), "margin": MARGIN, "count": total,
            "number_y": round(page_h - footer - FOOT / 2, 3)}


def impose(pages: list[Any]) -> list[list[dict[str, Any]]]:
    """Booklet order: sheet k carries pages n-2k and 2k+1 on its front, 2k+2 and
    n-2k-1 on its back (numbered from 1); printed double-sided, flipped on the short
    edge, stacked and folded, the pages follow each other."""
    n = len(pages)
    sides = []
    for k in range(n // 4):
        for left, right in ((n - 2 * k, 2 * k + 1), (2 * k + 2, n - 2 * k - 1)):
            sides.append([{"number": p, "lines": pages[p - 1]} for p in (left, right)])
    return sides
