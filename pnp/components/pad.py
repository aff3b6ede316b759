"""Pads: many copies of one sheet (score sheets), two to a page with a cut line or one
per page. The sheet is drawn once as a form; only each sheet's overlay (its player's
name, or a filled sheet's values) is new.

A sheet is laid out for the paper it is printed on, never scaled: its template gets the
box it may fill (`page.w` x `page.h`, mm), inside the printable area and above the info
line."""

from __future__ import annotations

from typing import Any

from pnp.base.units import MM, to_mm
from pnp.components.items import Built
from pnp.components.sheet import FOOTER
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

SHEET_MARGIN = 6 * MM  # around each sheet: the printable margin, or half the cut gap


def page_size(opts: BuildOptions, per_page: int) -> tuple[float, float]:
    """Two sheets side by side on the paper turned landscape, or one on it upright."""
    w, h = opts.page_size
    short, long_ = min(w, h), max(w, h)
    return (long_, short) if per_page == 2 else (short, long_)


def sheet_box(opts: BuildOptions, per_page: int) -> tuple[float, float]:
    """The size (points) a sheet's template draws, the same for every slot."""
    page_w, page_h = page_size(opts, per_page)
    return page_w / per_page - 2 * SHEET_MARGIN, page_h - SHEET_MARGIN - FOOTER


def context(game: Game, comp: Component, opts: BuildOptions, per_page: int) -> dict[str, Any]:
    w, h = (round(to_mm(v), 3) for v in sheet_box(opts, per_page))
    hook = hooks_for(game.id).sheet_context
    extra = hook(game, comp.id, opts.lang, (w, h)) if hook else {}
    return {"page": {"w": w, "h": h}, "data": game.spec.data,
            "game": {"id": game.id, "name": game.spec.name},
            "component": {"id": comp.id, "title": comp.spec.title}, "lang": opts.lang,
            "sheet": extra}


def render_svgs(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions,
                overlays: list[dict[str, Any]], per_page: int = 2) -> tuple[str, list[str]]:
    """The sheet once, and one overlay per sheet."""
    ctx = context(game, comp, opts, per_page)
    sheet = renderer.render(comp.spec.front, ctx)
    if not comp.spec.overlay:
        return sheet, []
    extra = hooks_for(game.id).player_context  # e.g. the name fitted to its line
    return sheet, [renderer.render(comp.spec.overlay, {**ctx, "player": {
        **o, **(extra(ctx, o) if extra else {})}}) for o in overlays]


def players(game: Game) -> list[dict[str, Any]]:
    """One overlay per sheet: names in turn (--names), or a filled sheet (pnp score)."""
    if "filled" in game.options:
        return [game.options["filled"]]
    count = int(game.options.get("count") or game.spec.data.get("pad_sheets", 1))
    names = [n for n in game.options.get("names", []) if n]
    return [{"name": names[i % len(names)] if names else ""} for i in range(count)]


def build(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions) -> Built:
    per_page = int(game.options.get("per_page") or 2)
    overlays = players(game)
    sheet_svg, overlay_svgs = render_svgs(game, comp, renderer, opts, overlays, per_page)
    page_w, page_h = page_size(opts, per_page)
    slot_w = page_w / per_page
    buf = PdfBytes()
    canvas = new_canvas(buf, page_w, page_h, about(game, comp, opts.lang))
    painter = SvgPainter(canvas, game.folder, component=comp.id)
    sheet = painter.parse(sheet_svg, comp.spec.front)
    faces = [painter.parse(o, comp.spec.overlay or "") for o in overlay_svgs] or \
        [None] * len(overlays)
    if len(faces) > 1:
        painter.share(sheet)  # one form for the sheet, however many copies
    sheet_who = Who(comp.id, side="sheet", template=comp.spec.front)
    pages = 0
    total = -(-len(faces) // per_page)
    for start in range(0, len(faces), per_page):
        pages += 1
        for slot, face in enumerate(faces[start:start + per_page]):
            x = slot * slot_w + SHEET_MARGIN
            painter.draw(sheet, x, FOOTER, role="sheet", who=sheet_who)
            if face is not None:
                painter.draw(face, x, FOOTER, role="overlay",
                             who=Who(comp.id, f"sheet {start + slot + 1}", "overlay",
                                     template=comp.spec.overlay))
        say = words(opts.lang)
        what = f"{game.spec.name} · {comp.spec.title_in(opts.lang)} · {say['page']} " \
               f"{pages}/{total}"
        if per_page == 2:
            _cut_line(painter, page_w, page_h)
            what += f" · {say['cut_dashed']}"
        draw_info(painter, Band(10 * MM, PRINT_MARGIN, False, page_w - 20 * MM, BAND),
                  f"{what} · {opts.sheet.label}")
        painter.show_page()
    data, record = painter.finish(buf, f"{comp.id}.pdf", comp.id)
    return Built(data, len(faces), pages, False, per_page, records=[record])


def _cut_line(painter: SvgPainter, page_w: float, page_h: float) -> None:
    """A dashed line between the two sheets, inside the printable area."""
    canvas = painter.canvas
    x, y0, y1 = page_w / 2, FOOTER - 1 * MM, page_h - PRINT_MARGIN
    canvas.saveState()
    canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
    canvas.setLineWidth(0.3)
    canvas.setDash(3, 2)
    canvas.line(x, y0, x, y1)
    canvas.restoreState()
    painter.note("cut-line", (x - 0.15, y0, x + 0.15, y1))
