"""Pads: many copies of one sheet (score sheets), two to a page with a cut line or one
per page. The sheet is drawn once as a form; only each sheet's overlay (its player's
name, or a filled sheet's values) is new."""

from __future__ import annotations

import io
from typing import Any

from ..games import module_for
from ..model import Component, Game
from ..options import BuildOptions
from ..pdf import SvgPainter, new_canvas
from ..render import Renderer
from ..units import MM, PAPERS
from .items import Built

SHEET_W, SHEET_H = 148.0, 210.0  # mm: templates draw an A5 sheet


def context(game: Game, comp: Component, opts: BuildOptions) -> dict[str, Any]:
    module = module_for(game.id)
    extra = module.sheet_context(game, comp.id, opts.lang) if module and hasattr(
        module, "sheet_context") else {}
    return {"page": {"w": SHEET_W, "h": SHEET_H}, "data": game.spec.data,
            "game": {"id": game.id, "name": game.spec.name},
            "component": {"id": comp.id, "title": comp.spec.title}, "lang": opts.lang,
            "sheet": extra}


def render_svgs(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions,
                overlays: list[dict[str, Any]]) -> tuple[str, list[str]]:
    """The sheet once, and one overlay per sheet."""
    ctx = context(game, comp, opts)
    sheet = renderer.render(comp.spec.front, ctx)
    if not comp.spec.overlay:
        return sheet, []
    return sheet, [renderer.render(comp.spec.overlay, {**ctx, "player": o}) for o in overlays]


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
    sheet_svg, overlay_svgs = render_svgs(game, comp, renderer, opts, overlays)
    w, h = PAPERS[opts.paper]
    page_w, page_h = (h, w) if per_page == 2 else (w, h)
    slot_w = page_w / per_page
    scale = min(slot_w / (SHEET_W * MM), page_h / (SHEET_H * MM))
    buf = io.BytesIO()
    canvas = new_canvas(buf, page_w, page_h, f"{game.spec.name}: {comp.spec.title}")
    painter = SvgPainter(canvas, game.folder)
    sheet = painter.parse(sheet_svg, comp.spec.front)
    faces = [painter.parse(o, comp.spec.overlay or "") for o in overlay_svgs] or \
        [None] * len(overlays)
    if len(faces) > 1:
        painter.share(sheet)  # one form for the sheet, however many copies
    pages = 0
    total = -(-len(faces) // per_page)
    for start in range(0, len(faces), per_page):
        pages += 1
        for slot, face in enumerate(faces[start:start + per_page]):
            x = slot * slot_w + (slot_w - SHEET_W * MM * scale) / 2
            y = (page_h - SHEET_H * MM * scale) / 2
            painter.draw(sheet, x, y, scale=scale)
            if face is not None:
                painter.draw(face, x, y, scale=scale)
        if per_page == 2:
            _cut_line(canvas, page_w, page_h,
                      f"{game.spec.name} · {comp.spec.title} · page {pages}/{total} · cut here")
        canvas.showPage()
    canvas.save()
    return Built(buf.getvalue(), len(faces), pages, False, per_page)


def _cut_line(canvas: Any, page_w: float, page_h: float, info: str) -> None:
    from .. import fonts

    x = page_w / 2
    canvas.saveState()
    canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
    canvas.setLineWidth(0.3)
    canvas.setDash(3, 2)
    canvas.line(x, 0, x, page_h)
    canvas.setFillColorRGB(0.45, 0.45, 0.45)
    canvas.setFont(fonts.REGULAR, 5)
    canvas.translate(x - 1.2, 12 * MM)
    canvas.rotate(90)
    canvas.drawString(0, 0, info)
    canvas.restoreState()
