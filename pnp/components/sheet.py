"""One-off sheets (setup guides, references): one template, one page (or the few pages
its game's sheet context asks for: a booklet), generated data."""

from __future__ import annotations

from typing import Any

from pnp.base.units import MM, to_mm
from pnp.components.items import Built
from pnp.draw.furniture import draw_info
from pnp.draw.painter import SvgPainter
from pnp.draw.pdf import PdfBytes, about, new_canvas
from pnp.layout.impose import BAND, PRINT_MARGIN, Band
from pnp.layout.options import BuildOptions
from pnp.layout.pages import Who
from pnp.layout.wording import words
from pnp.load.hooks import hooks_for
from pnp.load.model import Component, Game
from pnp.render.templates import Renderer

FOOTER = PRINT_MARGIN + BAND + 2 * MM  # kept free at the bottom for the info line


def page_size(comp: Component, opts: BuildOptions) -> tuple[float, float]:
    w, h = opts.page_size
    return (h, w) if comp.spec.orientation == "landscape" else (w, h)


def context(game: Game, comp: Component, opts: BuildOptions) -> dict[str, Any]:
    w, h = page_size(comp, opts)
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
    w, h = page_size(comp, opts)
    ctx = context(game, comp, opts)
    count = page_count(ctx)
    buf = PdfBytes()
    canvas = new_canvas(buf, w, h, about(game, comp, opts.lang))
    painter = SvgPainter(canvas, game.folder, component=comp.id)
    for number in range(1, count + 1):
        if count > 1:
            ctx["page"].update(number=number, count=count)
        face = painter.parse(renderer.render(comp.spec.front, ctx), comp.spec.front)
        painter.draw(face, 0, 0, role="sheet", who=Who(comp.id, side="sheet",
                                                       template=comp.spec.front))
        band = Band(10 * MM, PRINT_MARGIN, False, w - 20 * MM, BAND)  # templates keep FOOTER free
        draw_info(painter, band, f"{game.spec.name} · {comp.spec.title_in(opts.lang)} · "
                                 f"{words(opts.lang)['page']} {number}/{count} · "
                                 f"{opts.sheet.label}")
        painter.show_page()
    data, record = painter.finish(buf, f"{comp.id}.pdf", comp.id)
    return Built(data, 1, count, count > 1, 1, records=[record])
