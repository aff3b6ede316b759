"""Pads: many copies of one sheet (score sheets), two to a page with a cut line or one
per page. The sheet is drawn once as a form; only each sheet's overlay (its player's
name, or a filled sheet's values) is new.

A sheet is laid out for the paper it is printed on, never scaled: its template gets the
box it may fill (`page.w` x `page.h`, mm), inside the printable area and above the info
line. That box is at least the one a sheet is designed for (two a page on A4 and on
Letter, each side the smaller): two a page where two such boxes fit, else one, else the
pad is refused, naming the smallest paper that holds it."""

from __future__ import annotations

from dataclasses import replace
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
from pnp.layout.paper import DESIGN, Refused, refusal
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


def design_box() -> tuple[float, float]:
    """The smallest box (points) a sheet is designed for: two a page on A4 and Letter."""
    boxes = [sheet_box(BuildOptions(paper=name), 2) for name in DESIGN]
    return min(b[0] for b in boxes), min(b[1] for b in boxes)


def holds(opts: BuildOptions, per_page: int) -> bool:
    w, h = sheet_box(opts, per_page)
    least_w, least_h = design_box()
    return w >= least_w - 0.01 and h >= least_h - 0.01


def default_per_page(opts: BuildOptions) -> int:
    return 2 if holds(opts, 2) else 1


def choose_per_page(game: Game, comp: Component, opts: BuildOptions,
                    asked: int | None = None) -> int:
    """Sheets a page: as asked (--per-page), else two where two fit, else one; a paper
    that holds not even one (or not the two asked for) is refused in one line."""
    if asked in (1, 2) and holds(opts, asked):
        return asked
    if asked is None and holds(opts, 2):
        return 2
    if asked is None and holds(opts, 1):
        return 1
    want = asked or 1
    w, h = (to_mm(v) for v in sheet_box(opts, want))
    least = " x ".join(f"{to_mm(v):.1f}" for v in design_box())
    what = f"{comp.spec.title}, two a page" if want == 2 else comp.spec.title
    why = f"a sheet would be {w:.1f} x {h:.1f} mm, under the {least} mm it is designed for"
    if want == 2 and holds(opts, 1):
        why += "; one a page fits (--per-page 1)"
    key = ("components", comp.id)
    raise Refused(refusal(what, opts.sheet, lambda p: holds(replace(opts, paper=p.name), want),
                          why), game.source.path, game.source.line(key), f"components.{comp.id}")


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
    per_page = choose_per_page(game, comp, opts, game.options.get("per_page"))
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
