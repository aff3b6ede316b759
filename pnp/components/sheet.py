"""One-off sheets (setup guides, references): one template, one page (or the few pages
its game's sheet context asks for: a booklet), generated data.

A sheet is designed for A4 and Letter (paper.design_size). On a paper at least that
large its template lays it out for the paper. On a smaller one it is laid out on a page
of the paper's shape and shrunk onto the paper's printable area, as long as its smallest
text stays readable; a sheet other pieces must fit on (a board: a `space` of the game's
preflight fits) is tiled at 100 % instead, and a sheet of pieces (a `piece` of them) is
laid out for the paper itself. A template that reads `flow` lays itself out for the
smaller paper at 100 % (its parts in one column, over more pages): it gets the paper's
page, `flow` true and `page.number`, and says how many pages it needs on its root,
`<svg data-pnp-pages="N">`. What cannot be printed at all is refused in one line that
names the smallest paper it needs (paper.Refused)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from pnp.base.units import MM, to_mm
from pnp.components.items import Built
from pnp.draw.furniture import draw_info
from pnp.draw.painter import SvgPainter
from pnp.draw.pdf import PdfBytes, about, new_canvas
from pnp.layout.impose import BAND, PRINT_MARGIN, Band
from pnp.layout.options import BuildOptions
from pnp.layout.pages import Who
from pnp.layout.paper import Paper, Refused, design_size, refusal, scaled_page
from pnp.layout.wording import words
from pnp.load.hooks import hooks_for
from pnp.load.model import Component, Game
from pnp.render.layers import Face
from pnp.render.templates import Renderer

FOOTER = PRINT_MARGIN + BAND + 2 * MM  # kept free at the bottom for the info line
READABLE = 6.0  # pt: preflight's smallest readable text (text_checks.MIN_TEXT)
_PAGES = re.compile(r'<svg\b[^>]*?\sdata-pnp-pages="(\d+)"')  # a flowing sheet's page count


@dataclass(frozen=True)
class SheetFit:
    """How a sheet goes on the paper: laid out for it ('page'), laid out larger and
    shrunk by `scale` ('scaled'), laid out by its template for the paper over as many
    pages as it needs ('flow'), or drawn at 100 % on a page of the design's size and
    tiled ('tiled'); `w` x `h` (points) is the page its template lays out."""

    how: str
    w: float
    h: float
    scale: float = 1.0


def page_size(comp: Component, opts: BuildOptions) -> tuple[float, float]:
    w, h = opts.page_size
    return (h, w) if comp.spec.orientation == "landscape" else (w, h)


def _role(game: Game, comp: Component) -> str:
    """'space' when pieces must fit on this sheet, 'piece' when it holds pieces."""
    fits = game.spec.preflight.fits
    if any(f.space.split(":")[0] == comp.id for f in fits):
        return "space"
    return "piece" if any(f.piece.split(":")[0] == comp.id for f in fits) else ""


def flows(comp: Component, renderer: Renderer) -> bool:
    """Whether the sheet's template lays itself out for a smaller paper (reads `flow`);
    `pnp validate` parses the template for it once for every paper (faces.RENDERED)."""
    from pnp.render.faces import RENDERED

    memo, key = RENDERED.get(), ("flows", comp.spec.front, tuple(renderer.folders))
    if memo is None:
        return renderer.depends_on(comp.spec.front, "flow")
    if key not in memo:
        memo[key] = renderer.depends_on(comp.spec.front, "flow")
    return bool(memo[key])


def sheet_fit(game: Game, comp: Component, opts: BuildOptions,
              flowing: bool = False) -> SheetFit:
    w, h = page_size(comp, opts)
    dw, dh = design_size(comp.spec.orientation == "landscape")
    role = _role(game, comp)
    if (w >= dw - 0.01 and h >= dh - 0.01) or role == "piece":
        return SheetFit("page", w, h)
    if role == "space":
        return SheetFit("tiled", dw, dh)
    if flowing:
        return SheetFit("flow", w, h)
    return SheetFit("scaled", *scaled_page(w, h, dw, dh, PRINT_MARGIN, FOOTER))


def context(game: Game, comp: Component, opts: BuildOptions,
            flowing: bool = False) -> dict[str, Any]:
    fit = sheet_fit(game, comp, opts, flowing)
    w, h = fit.w, fit.h
    hook = hooks_for(game.id).sheet_context
    extra: dict[str, Any] = {}
    if hook is not None:
        extra = hook(game, comp.id, opts.lang, (to_mm(w), to_mm(h)))
    return {
        "page": {"w": round(to_mm(w), 3), "h": round(to_mm(h), 3), "paper": opts.paper,
                 "margin": round(to_mm(PRINT_MARGIN), 3), "footer": round(to_mm(FOOTER), 3)},
        "data": game.spec.data,
        "game": {"id": game.id, "name": game.spec.name},
        "component": {"id": comp.id, "title": comp.spec.title},
        "lang": opts.lang,
        "sheet": extra,
        "flow": fit.how == "flow",
    }


def render_svg(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions) -> str:
    return renderer.render(comp.spec.front, context(game, comp, opts))


def page_count(ctx: dict[str, Any]) -> int:
    """How many pages the template draws: 1, unless the game's sheet context says
    `pages` (a booklet); the template then gets `page.number` and `page.count`."""
    pages = ctx["sheet"].get("pages", 1) if isinstance(ctx["sheet"], dict) else 1
    return pages if isinstance(pages, int) and 1 <= pages <= 100 else 1


def printed_pages(game: Game, comp: Component, opts: BuildOptions) -> tuple[int, int | None]:
    """(pages the sheet prints, pages of the booklet they fold into, or None), so that a
    listing states what a build prints; a game's sheet context that makes a booklet
    says `booklet: {count: N}` (N pages once folded)."""
    ctx = context(game, comp, opts)
    book = ctx["sheet"].get("booklet") if isinstance(ctx["sheet"], dict) else None
    folded = book.get("count") if isinstance(book, dict) else None
    return page_count(ctx), folded if isinstance(folded, int) and folded > 0 else None


def build(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions) -> Built:
    said = len(renderer.overflows)
    try:
        return _build(game, comp, renderer, opts)
    except Refused:  # what its texts would overflow on this paper is no longer news
        del renderer.overflows[said:]
        raise


def _build(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions) -> Built:
    w, h = page_size(comp, opts)
    flowing = flows(comp, renderer)
    fit = sheet_fit(game, comp, opts, flowing)
    if fit.how == "tiled":
        svg = renderer.render(comp.spec.front, context(game, comp, opts))
        return _tiled(game, comp, svg, opts)
    svgs = _pages(game, comp, renderer, opts, flowing)
    count = len(svgs)
    buf = PdfBytes()
    canvas = new_canvas(buf, w, h, about(game, comp, opts.lang))
    painter = SvgPainter(canvas, game.folder, component=comp.id)
    s = fit.scale
    for number, svg in enumerate(svgs, 1):
        face = painter.parse(svg, comp.spec.front)
        if s < 1:
            _readable(game, comp, opts, painter, face, s)
        elif fit.how in ("page", "flow") and _spills(painter, face, w, h):
            _refuse_spill(game, comp, renderer, opts, fit.how)
        # the printable area of the page laid out lands on the paper's
        painter.draw(face, PRINT_MARGIN * (1 - s), FOOTER * (1 - s), scale=s, role="sheet",
                     who=Who(comp.id, side="sheet", template=comp.spec.front))
        band = Band(10 * MM, PRINT_MARGIN, False, w - 20 * MM, BAND)  # templates keep FOOTER free
        shrunk = f" · the design at {s:.0%}" if s < 1 else ""
        draw_info(painter, band, f"{game.spec.name} · {comp.spec.title_in(opts.lang)} · "
                                 f"{words(opts.lang)['page']} {number}/{count} · "
                                 f"{opts.sheet.label}{shrunk}")
        painter.show_page()
    data, record = painter.finish(buf, f"{comp.id}.pdf", comp.id)
    # a flowing sheet's pages are read side by side (its board on one, its steps on the next)
    return Built(data, 1, count, count > 1 and fit.how != "flow", 1, records=[record])


def _pages(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions,
           flowing: bool) -> list[str]:
    """The SVG of each page the sheet prints: one, a booklet's (its sheet context says
    how many), or as many as a flowing template says on its first page."""
    ctx = context(game, comp, opts, flowing)
    if not ctx["flow"]:
        count = page_count(ctx)
        svgs = []
        for number in range(1, count + 1):
            if count > 1:
                ctx["page"].update(number=number, count=count)
            svgs.append(renderer.render(comp.spec.front, ctx))
        return svgs
    svgs, count = [], 1
    while len(svgs) < count:
        ctx["page"]["number"] = len(svgs) + 1
        svgs.append(renderer.render(comp.spec.front, ctx))
        if len(svgs) == 1:
            said = _PAGES.search(svgs[0][:2000])
            count = min(int(said.group(1)), 100) if said else 1
    return svgs


def _readable(game: Game, comp: Component, opts: BuildOptions, painter: SvgPainter,
              face: Face, scale: float) -> None:
    """Refuse a sheet whose smallest text, shrunk by `scale`, would be too small to read,
    naming the papers on which it is not."""
    sizes = [t.size for key in face.layers for t in painter.layer_map(key).texts]
    if not sizes:
        return
    smallest = min(sizes)
    least = max(READABLE, comp.spec.preflight.min_text or 0.0)
    if smallest * scale >= least - 0.01:
        return
    landscape = comp.spec.orientation == "landscape"

    def fits(on: Paper) -> bool:
        pw, ph = on.portrait_size
        pw, ph = (ph, pw) if landscape else (pw, ph)
        dw, dh = design_size(landscape)
        return smallest * scaled_page(pw, ph, dw, dh, PRINT_MARGIN, FOOTER)[2] >= least - 0.01

    key = ("components", comp.id)
    raise Refused(refusal(comp.spec.title, opts.sheet, fits,
                          f"shrunk to {scale:.0%}, its {smallest:.3g} pt text would print at "
                          f"{smallest * scale:.1f} pt, under {least:g} pt"),
                  game.source.path, game.source.line(key), f"components.{comp.id}")


def _spills(maps: Any, face: Face, w: float, h: float) -> bool:
    """Whether anything on a sheet of pieces, laid out for a paper smaller than its
    design, lies outside the printable area (the pieces need more room)."""
    if w >= design_size(w > h)[0] - 0.01 and h >= design_size(w > h)[1] - 0.01:
        return False
    m = PRINT_MARGIN - 0.1
    for key in face.layers:
        box = maps.layer_map(key).ink_box()
        if box and (box[0] < m or box[1] < FOOTER - 0.1 or box[2] > w - m or box[3] > h - m):
            return True
    return False


def _refuse_spill(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions,
                  how: str) -> None:
    """A sheet of pieces, or one laid out over more pages, with no room on the paper:
    refused, naming the papers (each laid out and measured) that hold it."""
    from dataclasses import replace

    from pnp.render.layers import LayerStore

    flowing = how == "flow"

    def fits(on: Paper) -> bool:
        there = replace(opts, paper=on.name)
        store = LayerStore(game.folder)
        return not any(_spills(store, store.parse(svg, comp.spec.front), *page_size(comp, there))
                       for svg in _pages(game, comp, renderer, there, flowing))

    what = ("a part of it, at 100 % and one to a page, needs" if flowing
            else "its pieces, at 100 %, need")
    key = ("components", comp.id)
    raise Refused(refusal(comp.spec.title, opts.sheet, fits, f"{what} more room than the "
                          "paper's printable area"),
                  game.source.path, game.source.line(key), f"components.{comp.id}")


def _tiled(game: Game, comp: Component, svg: str, opts: BuildOptions) -> Built:
    """A sheet pieces must fit on, too large for the paper: at 100 % on pages that
    overlap, with assembly marks and an index page, and a one-page poster (as a board
    is)."""
    from pnp.components import board

    return board.tiled(game, comp, svg, opts, 0.0)
