"""Boards larger than the paper: tiled onto pages with an overlap, alignment marks and an
assembly index, plus a single-page poster at full size for print shops. The board is
drawn once (a form) and shown through each page's window."""

from __future__ import annotations

from typing import Any

from pnp.base.units import MM
from pnp.components import tiles as board_tiles
from pnp.components.items import Built
from pnp.draw.furniture import draw_info, draw_marks
from pnp.draw.painter import SvgPainter
from pnp.draw.pdf import PdfBytes, about, new_canvas
from pnp.layout import impose
from pnp.layout.options import BuildOptions
from pnp.layout.pages import PdfRecord, Who
from pnp.layout.wording import words
from pnp.load.hooks import hooks_for
from pnp.load.model import Component, Game
from pnp.render.layers import LayerStore
from pnp.render.templates import Renderer


def context(game: Game, comp: Component, opts: BuildOptions) -> dict[str, Any]:
    hook = hooks_for(game.id).board_context
    board = hook(game, opts.lang) if hook else {}
    return {"board": board, "data": game.spec.data, "lang": opts.lang,
            "game": {"id": game.id, "name": game.spec.name},
            "page": {"w": board["width"], "h": board["height"]}}


def render_svg(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions) -> str:
    return renderer.render(comp.spec.front, context(game, comp, opts))


def build(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions) -> Built:
    ctx = context(game, comp, opts)
    svg = renderer.render(comp.spec.front, ctx)
    art_bleed = float(ctx["board"].get("bleed", 0.0)) * MM  # how far the art runs past trim
    return tiled(game, comp, svg, opts, art_bleed)


def tiled(game: Game, comp: Component, svg: str, opts: BuildOptions,
          art_bleed: float) -> Built:
    """The board (or a sheet too large for the paper) tiled at 100 %, and its poster."""
    store = LayerStore(game.folder)  # the poster and the tiled sheets draw the same layers
    poster, poster_record = _poster(game, comp, svg, opts, art_bleed, store)
    tiled, pages, record = board_tiles.build(game, comp, svg, opts, art_bleed, store)
    built = Built(tiled, 1, pages, False, 1, records=[record, poster_record])
    built.extra = {poster_record.name: (poster, 1)}
    return built


POSTER_SLUG = 15 * MM  # around the board: crop marks, the info line and the scale bar


def _poster(game: Game, comp: Component, svg: str, opts: BuildOptions,
            art_bleed: float, store: LayerStore) -> tuple[bytes, PdfRecord]:
    """The whole board on one page for a print shop: the board at full size, its art
    running `--bleed` (at most the art's own bleed) past the trim, and a slug around it
    for crop marks, the info line and the scale bar. TrimBox is the board, BleedBox the
    trim plus the bleed."""
    buf = PdfBytes()
    face = store.parse(svg, comp.spec.front)
    s = POSTER_SLUG
    bleed = max(0.0, min(opts.bleed, art_bleed))
    page_w, page_h = face.width + 2 * s, face.height + 2 * s
    canvas = new_canvas(buf, page_w, page_h,
                        about(game, comp, opts.lang, words(opts.lang)["poster"]))
    painter = SvgPainter(canvas, game.folder, store)
    painter.draw(painter.parse(svg, comp.spec.front), s, s, role="board",
                 clip=(s - bleed, s - bleed, face.width + 2 * bleed, face.height + 2 * bleed),
                 who=Who(comp.id, side="board", template=comp.spec.front))
    canvas.setTrimBox((s, s, s + face.width, s + face.height))
    canvas.setBleedBox((s - bleed, s - bleed, s + face.width + bleed, s + face.height + bleed))
    layout = impose.Layout(page_w, page_h, face.width, face.height, bleed, 1, 1, 0.0,
                           (impose.Slot(s, s, face.width, face.height, bleed, bleed, bleed,
                                        bleed),))
    band = impose.info_band(layout)
    draw_marks(painter, impose.crop_marks(layout, band))
    if band:
        draw_info(painter, band, f"{game.spec.name} · {comp.spec.title} · full-size "
                                 f"poster, {face.width / MM:.0f} x {face.height / MM:.0f} mm "
                                 f"and {bleed / MM:g} mm bleed · page 1/1 · print at 100 %")
    painter.show_page()
    return painter.finish(buf, f"{comp.id}-poster.pdf", comp.id)
