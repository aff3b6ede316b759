"""Decks, tiles and tokens: many items of one size, imposed on pages with bleed, crop
marks and duplex backs."""

from __future__ import annotations

import io
from dataclasses import dataclass, field, replace

from .. import impose
from ..errors import ContentError
from ..faces import item_size, render_faces
from ..furniture import draw_info, draw_marks
from ..model import Component, Game, Item
from ..options import BuildOptions
from ..pages import PdfRecord, Who
from ..pdf import Face, SvgPainter, new_canvas
from ..render import Renderer
from ..units import to_mm


@dataclass
class Built:
    data: bytes
    items: int
    pages: int
    duplex: bool
    per_page: int
    extra: dict[str, tuple[bytes, int]] = field(default_factory=dict)  # more files: pages
    records: list[PdfRecord] = field(default_factory=list)  # what preflight checks


def who(comp: Component, item: Item, side: str, template: str | None) -> Who:
    from ..load import key_text

    return Who(comp.id, item.id, side, str(item.source.path), item.line(),
               key_text(item.key), template)


def layout_for(game: Game, comp: Component, opts: BuildOptions,
               count: int | None = None) -> impose.Layout:
    w, h = item_size(game, comp)
    try:
        return impose.plan(*opts.page_size, w, h, opts.bleed,
                           gutter_only=comp.spec.shape == "circle", count=count)
    except ValueError as exc:
        raise ContentError(str(exc), game.source.path,
                           game.source.line(("components", comp.id, "size")),
                           f"components.{comp.id}.size") from exc


def build(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions) -> Built:
    w, h = item_size(game, comp)
    faces = render_faces(game, comp, renderer, to_mm(opts.bleed), opts.lang)
    layout = layout_for(game, comp, opts, len(faces))
    buf = io.BytesIO()
    canvas = new_canvas(buf, layout.page_w, layout.page_h,
                        f"{game.spec.name}: {comp.spec.title}")
    painter = SvgPainter(canvas, game.folder)
    back_tpl = comp.spec.back or ""
    parsed: list[tuple[Face, Face | None, Who, Who]] = [
        (painter.parse(front, comp.spec.front),
         painter.parse(back, back_tpl) if back else None,
         who(comp, item, "front", comp.spec.front), who(comp, item, "back", back_tpl))
        for item, front, back in faces]
    per = layout.per_page
    chunks = [parsed[i:i + per] for i in range(0, len(parsed), per)]
    has_backs = comp.spec.back is not None
    total_pages = len(chunks) * (2 if has_backs else 1)
    page_no = 0
    deferred: list[list] = []

    def furniture(side: str, page: impose.Layout) -> None:
        band = impose.info_band(page)
        if opts.crop_marks:
            draw_marks(painter, impose.crop_marks(page, band))
        if band:
            info = (f"{game.spec.name} · {comp.spec.title} · {side} · page {page_no}/"
                    f"{total_pages} · {to_mm(w):g}×{to_mm(h):g} mm, bleed {to_mm(opts.bleed):g} mm")
            draw_info(painter, band, info)

    def fronts_page(chunk: list) -> None:
        nonlocal page_no
        page_no += 1
        page = impose.subset(layout, len(chunk))
        for slot, (front, _, front_who, _) in zip(page.slots, chunk, strict=True):
            painter.draw(front, slot.x - opts.bleed, slot.y - opts.bleed, slot.art_box(),
                         who=front_who, trim_inset=opts.bleed)
        furniture("fronts", page)
        painter.show_page()

    def backs_page(chunk: list) -> None:
        nonlocal page_no
        page_no += 1
        page = impose.subset(layout, len(chunk))
        upside_down = not impose.mirrors_x(page, opts.flip)
        backs = [impose.back_slot(slot, page, opts.flip, opts.back_offset)
                 for slot in page.slots]
        for bslot, (_, back, _, back_who) in zip(backs, chunk, strict=True):
            painter.draw(back, bslot.x - opts.bleed, bslot.y - opts.bleed, bslot.art_box(),
                         rotate180=upside_down, who=back_who, trim_inset=opts.bleed)
        furniture(f"backs (flip on the {opts.flip} edge)",
                  replace(page, slots=tuple(impose.back_slot(s, page, opts.flip, (0.0, 0.0))
                                            for s in page.slots)))
        painter.show_page()

    for chunk in chunks:
        fronts_page(chunk)
        if has_backs:
            if opts.duplex:
                backs_page(chunk)
            else:
                deferred.append(chunk)
    for chunk in deferred:
        backs_page(chunk)
    data, record = painter.finish(buf, f"{comp.id}.pdf", comp.id)
    return Built(data, len(parsed), page_no, has_backs and opts.duplex, per,
                 records=[record])
