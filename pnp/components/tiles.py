"""A board larger than the paper, tiled onto sheets, and how they join.

Each join has one cut line. The left (or upper) sheet of a join is cut at its edge, with
art bleeding past the cut and crop marks in the margin, and is laid over the strip its
neighbour shares with it. That strip is faded and carries the registration marks (a
guide line where the covering sheet's edge goes, and the covering sheet's name), so the
finished board shows none of them. Page 1 is an index of the sheets."""

from __future__ import annotations

from typing import Any

from pnp.base import fonts
from pnp.base.errors import ContentError
from pnp.base.units import MM
from pnp.draw.furniture import draw_marks, info_text, scale_bar
from pnp.draw.painter import SvgPainter
from pnp.draw.pdf import PdfBytes, about, new_canvas
from pnp.layout import impose, tiling
from pnp.layout.impose import Mark
from pnp.layout.options import BuildOptions
from pnp.layout.pages import PdfRecord, Who
from pnp.layout.wording import words
from pnp.load.model import Component, Game
from pnp.render.layers import LayerStore
from pnp.render.text import wrap

MARGIN = 12 * MM  # paper edge to a sheet's art: bleed, then crop marks, then 5 mm clear
GUIDE_INSET = 0.6 * MM  # the guide line sits this far inside the hidden strip
MARK_START = 0.5 * MM  # crop marks start this far beyond the bleed


def visible_region(plan: tiling.TilePlan, tile: tiling.Tile) -> tuple[float, float, float,
                                                                        float]:
    """The board region (x0, y0, x1, y1, points, y down) this sheet shows in the finished
    board: its shared left and top strips lie under its neighbours."""
    ov = plan.overlap
    return (tile.x + (ov if tile.col else 0.0), tile.y + (ov if tile.row else 0.0),
            tile.x + tile.w, tile.y + tile.h)


def build(game: Game, comp: Component, svg: str, opts: BuildOptions,
          art_bleed: float, store: LayerStore | None = None) -> tuple[bytes, int, PdfRecord]:
    paper_w, paper_h = opts.page_size
    buf = PdfBytes(splice=True)  # image files read as the PDF is written
    canvas = new_canvas(buf, paper_w, paper_h,
                        about(game, comp, opts.lang, words(opts.lang)["tiled"]))
    painter = SvgPainter(canvas, game.folder, store)
    face = painter.parse(svg, comp.spec.front)
    painter.share(face)
    try:
        plan = tiling.tile_board(face.width, face.height, paper_w, paper_h, opts.overlap,
                                 margin=MARGIN, landscape=opts.sheet.landscape)
    except ValueError as exc:  # a paper too small for a sheet of the board and its margins
        key = ("components", comp.id)
        raise ContentError(f"the board cannot be tiled on {opts.paper}: {exc}",
                           game.source.path, game.source.line(key),
                           f"components.{comp.id}") from exc
    bleed = max(0.0, min(opts.bleed, art_bleed, 3 * MM))
    total = len(plan.tiles) + 1
    _index_page(painter, face, plan, game, comp, total)
    who = Who(comp.id, side="board", template=comp.spec.front)
    for n, tile in enumerate(plan.tiles, 2):
        canvas.setPageSize((plan.page_w, plan.page_h))
        top = plan.area_y + plan.area_h  # the tile's region, top-aligned in the area
        ox, oy = plan.area_x - tile.x, top - face.height + tile.y
        left = bleed if tile.col == 0 else 0.0  # a covered edge needs no bleed
        up = bleed if tile.row == 0 else 0.0
        clip = (plan.area_x - left, top - tile.h - bleed, tile.w + left + bleed,
                tile.h + up + bleed)
        painter.draw(face, ox, oy, clip=clip, role="board", who=who)
        _hidden_strips(painter, plan, tile, top)
        draw_marks(painter, _crop_marks(plan, tile, top, bleed, left, up))
        _tile_info(painter, plan, tile, game, comp, n, total)
        painter.show_page()
    data, record = painter.finish(buf, f"{comp.id}.pdf", comp.id)
    return data, total, record


def _crop_marks(plan: tiling.TilePlan, tile: tiling.Tile, top: float, bleed: float,
                left: float, up: float) -> list[Mark]:
    """The cut lines: right and bottom always (a covering edge or the board's edge), left
    and top only on the board's edge. Each is marked at both ends, in the margin."""
    x0, x1, y0, y1 = plan.area_x, plan.area_x + tile.w, top - tile.h, top
    length = MARGIN - bleed - MARK_START - impose.PRINT_MARGIN - impose.MARK_CLEARANCE
    if length < impose.MIN_MARK:
        return []
    xs = [x1] + ([x0] if tile.col == 0 else [])
    ys = [y0] + ([y1] if tile.row == 0 else [])
    out = []
    for x in xs:
        out.append(Mark(x, y1 + up + MARK_START, x, y1 + up + MARK_START + length))
        out.append(Mark(x, y0 - bleed - MARK_START - length, x, y0 - bleed - MARK_START))
    for y in ys:
        out.append(Mark(x0 - left - MARK_START - length, y, x0 - left - MARK_START, y))
        out.append(Mark(x1 + bleed + MARK_START, y, x1 + bleed + MARK_START + length, y))
    return out


def _hidden_strips(painter: SvgPainter, plan: tiling.TilePlan, tile: tiling.Tile,
                   top: float) -> None:
    """Fade the strips this sheet's left and upper neighbours cover, and mark where their
    cut edges go: all of it ends up under them."""
    c = painter.canvas
    ov = plan.overlap
    x0, y0, y1 = plan.area_x, top - tile.h, top
    c.saveState()
    strips = []
    if tile.col:
        strips.append(("left", (x0, y0, ov, tile.h), f"{_name(tile.row, tile.col - 1)}"))
    if tile.row:
        strips.append(("top", (x0, y1 - ov, tile.w, ov), f"{_name(tile.row - 1, tile.col)}"))
    for _, (x, y, w, h), _ in strips:
        c.setFillColorRGB(1, 1, 1)
        c.setFillAlpha(0.55)
        c.rect(x, y, w, h, stroke=0, fill=1)
        c.setFillAlpha(1)
    c.setStrokeColorRGB(0.15, 0.15, 0.15)
    c.setLineWidth(0.5)
    c.setDash(3, 2)
    for side, (x, y, w, h), _ in strips:
        if side == "left":
            c.line(x + ov - GUIDE_INSET, y, x + ov - GUIDE_INSET, y + h)
        else:
            c.line(x, y + GUIDE_INSET, x + w, y + GUIDE_INSET)
    c.setDash()
    c.setFillColorRGB(0.1, 0.1, 0.1)
    size = 6.5
    for side, (x, y, w, h), name in strips:
        text = f"{name} covers this strip: lay its cut edge just over the dashed line"
        width = fonts.string_width(text, size, True)
        c.setFont(fonts.BOLD, size)
        if side == "left":
            for cy in _along(y + ov, h - ov, width):
                c.saveState()
                c.translate(x + ov / 2 - size * 0.35, cy)
                c.rotate(90)
                c.drawCentredString(0, 0, text)
                c.restoreState()
                painter.note("label", (x + ov / 2 - size * 0.6, cy - width / 2,
                                       x + ov / 2 + size * 0.2, cy + width / 2), size, text)
        else:
            left = ov if tile.col else 0.0
            for cx in _along(x + left, w - left, width):
                by = y + ov / 2 - size * 0.1
                c.drawCentredString(cx, by, text)
                painter.note("label", (cx - width / 2, by - size * 0.25, cx + width / 2,
                                       by + size * 0.75), size, text)
    c.restoreState()


def _along(start: float, length: float, width: float) -> list[float]:
    """Centres for a strip's label: one per 200 mm of strip, none where it does not fit."""
    if length < width + 10 * MM:
        return []
    n = max(1, int(length // (200 * MM)))
    return [start + length * (i + 0.5) / n for i in range(n)]


def _name(row: int, col: int) -> str:
    return f"{chr(ord('A') + row)}{col + 1}"


def _tile_info(painter: SvgPainter, plan: tiling.TilePlan, tile: tiling.Tile, game: Game,
               comp: Component, n: int, total: int) -> None:
    canvas = painter.canvas
    steps = []
    if tile.col + 1 < plan.cols:
        steps.append(f"cut the right edge, lay it over {_name(tile.row, tile.col + 1)}")
    if tile.row + 1 < plan.rows:
        steps.append(f"cut the bottom edge, lay it over {_name(tile.row + 1, tile.col)}")
    text = (f"{game.spec.name} · {comp.spec.title} · sheet {tile.name} (row {tile.row + 1}, "
            f"column {tile.col + 1} of {plan.rows}x{plan.cols}) · page {n}/{total}")
    base = plan.area_y - 9 * MM
    canvas.saveState()
    canvas.setFont(fonts.BOLD, 16)
    name_x = plan.area_x + 2 * MM
    canvas.drawString(name_x, base, tile.name)
    painter.note("label", (name_x, base, name_x + fonts.string_width(tile.name, 16, True),
                           base + 12), 16, tile.name)
    canvas.restoreState()
    room = plan.page_w - 2 * plan.area_x - 16 * MM - 66 * MM
    info_text(painter, plan.area_x + 16 * MM, base + 4 * MM, text, room, 6.5)
    info_text(painter, plan.area_x + 16 * MM, base + 0.8 * MM,
              "; ".join(steps) if steps else "last sheet: cut only the board's edges",
              room, 6.5)
    scale_bar(painter, plan.page_w - plan.area_x - 62 * MM, base)


def _index_page(painter: SvgPainter, face: Any, plan: tiling.TilePlan,
                game: Game, comp: Component, total: int) -> None:
    """Page 1: the whole board, small, with the grid of sheets, and how to join them."""
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
        x0, y0, x1, y1 = visible_region(plan, t)
        x, y = ox + x0 * scale, oy + (face.height - y1) * scale
        canvas.rect(x, y, (x1 - x0) * scale, (y1 - y0) * scale, stroke=1, fill=0)
        canvas.setFillColorRGB(0.8, 0.1, 0.1)
        canvas.setFont(fonts.BOLD, 11)
        canvas.drawString(x + 2 * MM, y + (y1 - y0) * scale - 5 * MM, t.name)
    canvas.setFillColorRGB(0, 0, 0)
    canvas.setFont(fonts.BOLD, 16)
    top = plan.page_h - 16 * MM
    canvas.drawString(plan.area_x, top, f"{game.spec.name}: {comp.spec.title} — assembly")
    canvas.setFont(fonts.REGULAR, 9)
    w_mm, h_mm = face.width / MM, face.height / MM
    last = chr(ord("A") + plan.rows - 1)
    lines = [
        f"The board is {w_mm:.0f} x {h_mm:.0f} mm ({w_mm / 25.4:.0f} x {h_mm / 25.4:.0f} in) on "
        f"{len(plan.tiles)} sheets: {plan.rows} rows (A-{last}) of {plan.cols} columns. Print "
        "at 100 % (check the 50 mm bar on each sheet).",
        "1. Cut each sheet along its crop marks: its right and bottom edges, and the board's "
        "outer edges. Leave the faded strips along the left and top edges: they go under "
        "the neighbouring sheets.",
        f"2. Join each row from the left: lay the sheet's cut right edge over the faded "
        f"{plan.overlap / MM:g} mm strip of the next sheet, just past its dashed line, match "
        "the map, and glue or tape from behind.",
        "3. Join the rows from the top the same way: each row's cut bottom edge over the "
        "faded strip of the row below. The strips and their marks end up hidden.",
        "The full board on one page, for a print shop, is in the poster PDF beside this one.",
    ]
    wrapped = [part for line in lines for part in wrap(line, avail_w / MM, 9)]
    for i, line in enumerate(wrapped):
        canvas.drawString(plan.area_x, top - (7 + i * 4.4) * MM, line)
    canvas.restoreState()
    info_text(painter, plan.area_x, 10 * MM, f"{game.spec.name} · {comp.spec.title} · "
                                             f"assembly index · page 1/{total}",
              plan.page_w - 2 * plan.area_x - 66 * MM, 6.5)
    scale_bar(painter, plan.page_w - plan.area_x - 62 * MM, 10 * MM)
    painter.show_page()
