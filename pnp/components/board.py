"""Boards larger than the paper: tiled onto pages with an overlap, alignment marks and an
assembly index, plus a single-page poster at full size for print shops. The board is
drawn once (a form) and shown through each page's window."""

from __future__ import annotations

import io
from typing import Any

from .. import fonts, impose
from ..furniture import draw_info, draw_marks, info_text, scale_bar
from ..games import module_for
from ..model import Component, Game
from ..options import BuildOptions
from ..pages import PdfRecord, Who
from ..pdf import SvgPainter, new_canvas
from ..render import Renderer
from ..units import MM
from .items import Built


def context(game: Game, comp: Component, opts: BuildOptions) -> dict[str, Any]:
    module = module_for(game.id)
    board = module.board_context(game, opts.lang) if module else {}
    return {"board": board, "data": game.spec.data, "lang": opts.lang,
            "game": {"id": game.id, "name": game.spec.name},
            "page": {"w": board["width"], "h": board["height"]}}


def render_svg(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions) -> str:
    return renderer.render(comp.spec.front, context(game, comp, opts))


def build(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions) -> Built:
    svg = render_svg(game, comp, renderer, opts)
    poster, poster_record = _poster(game, comp, svg, opts)
    tiled, pages, record = _tiled(game, comp, svg, opts)
    built = Built(tiled, 1, pages, False, 1, records=[record, poster_record])
    built.extra = {poster_record.name: (poster, 1)}
    return built


POSTER_SLUG = 15 * MM  # around the board: crop marks, the info line and the scale bar


def _poster(game: Game, comp: Component, svg: str,
            opts: BuildOptions) -> tuple[bytes, PdfRecord]:
    """The whole board on one page for a print shop: the board at full size with a slug
    around it for crop marks, the info line and the scale bar; TrimBox is the board."""
    buf = io.BytesIO()
    probe = SvgPainter(new_canvas(io.BytesIO(), 10, 10, ""), game.folder)
    face = probe.parse(svg, comp.spec.front)
    s = POSTER_SLUG
    page_w, page_h = face.width + 2 * s, face.height + 2 * s
    canvas = new_canvas(buf, page_w, page_h, f"{game.spec.name}: {comp.spec.title} "
                                             "(full-size poster)")
    painter = SvgPainter(canvas, game.folder)
    painter.draw(painter.parse(svg, comp.spec.front), s, s, role="board",
                 who=Who(comp.id, side="board", template=comp.spec.front))
    trim = (s, s, s + face.width, s + face.height)
    canvas.setTrimBox(trim)
    canvas.setBleedBox(trim)  # the board's art stops at its edge
    layout = impose.Layout(page_w, page_h, face.width, face.height, 0.0, 1, 1, 0.0,
                           (impose.Slot(s, s, face.width, face.height, 0, 0, 0, 0),))
    band = impose.info_band(layout)
    draw_marks(painter, impose.crop_marks(layout, band))
    if band:
        draw_info(painter, band, f"{game.spec.name} · {comp.spec.title} · full-size "
                                 f"poster, {face.width / MM:.0f} x {face.height / MM:.0f} mm "
                                 "· page 1/1 · print at 100 %")
    painter.show_page()
    return painter.finish(buf, f"{comp.id}-poster.pdf", comp.id)


def _tiled(game: Game, comp: Component, svg: str,
           opts: BuildOptions) -> tuple[bytes, int, PdfRecord]:
    paper_w, paper_h = opts.page_size
    buf = io.BytesIO()
    canvas = new_canvas(buf, paper_w, paper_h, f"{game.spec.name}: {comp.spec.title} (tiled)")
    painter = SvgPainter(canvas, game.folder)
    face = painter.parse(svg, comp.spec.front)
    painter.share(face)
    plan = impose.tile_board(face.width, face.height, paper_w, paper_h, opts.overlap)
    total = len(plan.tiles) + 1
    _index_page(painter, face, plan, game, comp, total)
    board_who = Who(comp.id, side="board", template=comp.spec.front)
    for n, tile in enumerate(plan.tiles, 2):
        canvas.setPageSize((plan.page_w, plan.page_h))
        # the tile's region, top-aligned in the page's area
        ox = plan.area_x - tile.x
        oy = plan.area_y + plan.area_h - (face.height - tile.y)
        top = plan.area_y + plan.area_h
        clip = (plan.area_x, top - tile.h, tile.w, tile.h)
        painter.draw(face, ox, oy, clip=clip, role="board", who=board_who)
        _tile_marks(canvas, plan, tile, top)
        _tile_info(painter, plan, tile, game, comp, n, total)
        painter.show_page()
    data, record = painter.finish(buf, f"{comp.id}.pdf", comp.id)
    return data, total, record


def _tile_marks(canvas: Any, plan: impose.TilePlan, tile: impose.Tile, top: float) -> None:
    """Overlap edges as dashed lines and registration crosses inside each overlap strip:
    the same crosses print on both neighbours, so laying one on the other aligns them."""
    ov = plan.overlap
    x0, x1 = plan.area_x, plan.area_x + tile.w
    y1, y0 = top, top - tile.h
    canvas.saveState()
    canvas.setLineWidth(0.35)
    canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
    canvas.setDash(2, 2)
    if tile.col + 1 < plan.cols:
        canvas.line(x1 - ov, y0, x1 - ov, y1)
    if tile.row + 1 < plan.rows:
        canvas.line(x0, y0 + ov, x1, y0 + ov)
    if tile.col > 0:
        canvas.line(x0 + ov, y0, x0 + ov, y1)
    if tile.row > 0:
        canvas.line(x0, y1 - ov, x1, y1 - ov)
    canvas.setDash()
    crosses = []
    for bx in _steps(tile.x, tile.w, 60 * MM):
        if tile.row > 0:
            crosses.append((bx, tile.y + ov / 2))
        if tile.row + 1 < plan.rows:
            crosses.append((bx, tile.y + tile.h - ov / 2))
    for by in _steps(tile.y, tile.h, 60 * MM):
        if tile.col > 0:
            crosses.append((tile.x + ov / 2, by))
        if tile.col + 1 < plan.cols:
            crosses.append((tile.x + tile.w - ov / 2, by))
    for bx, by in crosses:  # board points → page points
        px, py = x0 + (bx - tile.x), y1 - (by - tile.y)
        canvas.circle(px, py, 1.6 * MM, stroke=1, fill=0)
        canvas.line(px - 2.6 * MM, py, px + 2.6 * MM, py)
        canvas.line(px, py - 2.6 * MM, px, py + 2.6 * MM)
    canvas.restoreState()


def _steps(start: float, length: float, every: float) -> list[float]:
    """Board coordinates for alignment crosses: on a grid fixed to the board, so two
    neighbouring pages print them at the same places."""
    first = (int(start // every) + 1) * every
    return [v for v in (first + i * every for i in range(int(length // every) + 2))
            if start + 8 * MM < v < start + length - 8 * MM]


def _tile_info(painter: SvgPainter, plan: impose.TilePlan, tile: impose.Tile, game: Game,
               comp: Component, n: int, total: int) -> None:
    canvas = painter.canvas
    neighbours = []
    for dr, dc, word in ((0, 1, "right"), (1, 0, "below")):
        r, c = tile.row + dr, tile.col + dc
        if r < plan.rows and c < plan.cols:
            neighbours.append(f"{chr(ord('A') + r)}{c + 1} goes {word}, over the "
                              f"{plan.overlap / MM:g} mm strip")
    text = (f"{game.spec.name} · {comp.spec.title} · sheet {tile.name} (row {tile.row + 1}, "
            f"column {tile.col + 1} of {plan.rows}x{plan.cols}) · page {n}/{total}")
    canvas.saveState()
    canvas.setFont(fonts.BOLD, 16)
    canvas.drawString(plan.area_x, plan.area_y - 7 * MM, tile.name)
    painter.note("label", (plan.area_x, plan.area_y - 7 * MM,
                           plan.area_x + fonts.string_width(tile.name, 16, True),
                           plan.area_y - 7 * MM + 12), 16, tile.name)
    canvas.restoreState()
    room = plan.page_w - 2 * plan.area_x - 12 * MM - 66 * MM
    info_text(painter, plan.area_x + 12 * MM, plan.area_y - 3.8 * MM, text, room, 6.5)
    if neighbours:
        info_text(painter, plan.area_x + 12 * MM, plan.area_y - 7 * MM, "; ".join(neighbours),
                  room, 6.5)
    scale_bar(painter, plan.page_w - plan.area_x - 62 * MM, plan.area_y - 7.5 * MM)


def _index_page(painter: SvgPainter, face: Any, plan: impose.TilePlan,
                game: Game, comp: Component, total: int) -> None:
    """Page 1: the whole board, small, with the grid of sheets and their names."""
    canvas = painter.canvas
    canvas.setPageSize((plan.page_w, plan.page_h))
    avail_w = plan.page_w - 2 * plan.area_x
    avail_h = plan.page_h - 80 * MM
    scale = min(avail_w / face.width, avail_h / face.height)
    ox = (plan.page_w - face.width * scale) / 2
    oy = 20 * MM + (avail_h - face.height * scale) / 2
    painter.draw(face, ox, oy, scale=scale, role="thumbnail")
    canvas.saveState()
    canvas.setStrokeColorRGB(0.8, 0.1, 0.1)
    canvas.setLineWidth(0.8)
    for t in plan.tiles:
        x = ox + t.x * scale
        y = oy + (face.height - t.y - t.h) * scale
        canvas.rect(x, y, t.w * scale, t.h * scale, stroke=1, fill=0)
        canvas.setFillColorRGB(0.8, 0.1, 0.1)
        canvas.setFont(fonts.BOLD, 11)
        canvas.drawString(x + 2 * MM, y + t.h * scale - 5 * MM, t.name)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.BOLD, 16)
    top = plan.page_h - 16 * MM
    canvas.drawString(plan.area_x, top, f"{game.spec.name}: {comp.spec.title} — assembly")
    canvas.setFont(fonts.REGULAR, 9)
    w_mm, h_mm = face.width / MM, face.height / MM
    lines = [
        f"The board is {w_mm:.0f} x {h_mm:.0f} mm ({w_mm / 25.4:.0f} x {h_mm / 25.4:.0f} in) on "
        f"{len(plan.tiles)} sheets: {plan.rows} rows (A-{chr(ord('A') + plan.rows - 1)}) of "
        f"{plan.cols} columns. Print at 100 % (check the 50 mm bar on each sheet).",
        f"Neighbouring sheets share a {plan.overlap / MM:g} mm strip, marked by a dashed line "
        "and crosses: trim one sheet at its dashed line and lay it over the next so the "
        "crosses meet.",
        "Assemble row by row, A1 at the top left. The full board on one page, for a print "
        "shop, is in the poster PDF beside this one.",
    ]
    from ..text import wrap

    wrapped = [part for line in lines for part in wrap(line, avail_w / MM, 9)]
    for i, line in enumerate(wrapped):
        canvas.drawString(plan.area_x, top - (7 + i * 4.4) * MM, line)
    canvas.restoreState()
    info_text(painter, plan.area_x, 10 * MM, f"{game.spec.name} · {comp.spec.title} · "
                                             f"assembly index · page 1/{total}",
              plan.page_w - 2 * plan.area_x - 66 * MM, 6.5)
    scale_bar(painter, plan.page_w - plan.area_x - 62 * MM, 10 * MM)
    painter.show_page()
