"""Decks, tiles and tokens: many items of one size, imposed on pages with bleed, crop
marks and duplex backs."""

from __future__ import annotations

import io
from dataclasses import dataclass, field, replace

from .. import impose
from ..errors import ContentError
from ..faces import item_size, render_faces
from ..model import Component, Game
from ..options import BuildOptions
from ..pdf import SvgPainter, draw_info, draw_marks, new_canvas
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


def build(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions) -> Built:
    page_w, page_h = opts.page_size
    w, h = item_size(game, comp)
    try:
        layout = impose.plan(page_w, page_h, w, h, opts.bleed,
                             gutter_only=comp.spec.shape == "circle")
    except ValueError as exc:
        raise ContentError(str(exc), game.source.path,
                           game.source.line(("components", comp.id, "size")),
                           f"components.{comp.id}.size") from exc
    faces = render_faces(game, comp, renderer, to_mm(opts.bleed), opts.lang)
    buf = io.BytesIO()
    canvas = new_canvas(buf, page_w, page_h, f"{game.spec.name}: {comp.spec.title}")
    painter = SvgPainter(canvas, game.folder)
    origin = comp.spec.front
    parsed = [(painter.parse(front, origin),
               painter.parse(back, comp.spec.back or "") if back else None)
              for _, front, back in faces]
    per = layout.per_page
    chunks = [parsed[i:i + per] for i in range(0, len(parsed), per)]
    has_backs = comp.spec.back is not None
    sides_per_chunk = 2 if has_backs else 1
    total_pages = len(chunks) * sides_per_chunk
    band = impose.info_band(layout)
    page_no = 0
    deferred: list[list] = []

    def furniture(side: str, page: impose.Layout) -> None:
        if opts.crop_marks:
            draw_marks(canvas, impose.crop_marks(page))
        if band:
            info = (f"{game.spec.name} · {comp.spec.title} · {side} · page {page_no}/"
                    f"{total_pages} · {to_mm(w):g}×{to_mm(h):g} mm, bleed {to_mm(opts.bleed):g} mm")
            draw_info(canvas, band, info)

    def fronts_page(chunk: list) -> None:
        nonlocal page_no
        page_no += 1
        page = impose.subset(layout, len(chunk))
        for slot, (front, _) in zip(page.slots, chunk, strict=True):
            painter.draw(front, slot.x - opts.bleed, slot.y - opts.bleed, slot.art_box())
        furniture("fronts", page)
        canvas.showPage()

    def backs_page(chunk: list) -> None:
        nonlocal page_no
        page_no += 1
        page = impose.subset(layout, len(chunk))
        backs = [impose.back_slot(slot, page, opts.flip, opts.back_offset)
                 for slot in page.slots]
        for bslot, (_, back) in zip(backs, chunk, strict=True):
            painter.draw(back, bslot.x - opts.bleed, bslot.y - opts.bleed, bslot.art_box(),
                         rotate180=opts.flip == "short")
        furniture(f"backs (flip on the {opts.flip} edge)",
                  replace(page, slots=tuple(impose.back_slot(s, page, opts.flip, (0.0, 0.0))
                                            for s in page.slots)))
        canvas.showPage()

    for chunk in chunks:
        fronts_page(chunk)
        if has_backs:
            if opts.duplex:
                backs_page(chunk)
            else:
                deferred.append(chunk)
    for chunk in deferred:
        backs_page(chunk)
    canvas.save()
    return Built(buf.getvalue(), len(parsed), page_no, has_backs and opts.duplex, per)
