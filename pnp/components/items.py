"""Decks, tiles and tokens: many items of one size, imposed on pages with bleed, crop
marks and duplex backs."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pnp.base.units import to_mm
from pnp.components import spare
from pnp.draw import spill as facespill
from pnp.draw.batches import Parse, Parsed, parse_in_parts
from pnp.draw.furniture import draw_fold_line, draw_info, draw_marks
from pnp.draw.painter import SvgPainter
from pnp.draw.pdf import PdfBytes, about, new_canvas
from pnp.draw.spill import Spilled
from pnp.layout import backs, impose
from pnp.layout.options import BuildOptions
from pnp.layout.pages import PdfRecord, Who
from pnp.layout.paper import Paper, Refused, laid_out, refusal
from pnp.layout.repeats import Repeats
from pnp.layout.wording import bleed_words, words
from pnp.load.model import Component, Game, Item
from pnp.render.faces import item_size, iter_faces, printed_items, render_faces
from pnp.render.layers import Face
from pnp.render.templates import Renderer

if TYPE_CHECKING:  # imported when a gutter-fold layout is asked for
    from pnp.layout import gutterfold


@dataclass
class Built:
    """A component's PDF and what it holds."""

    data: bytes
    items: int
    pages: int
    duplex: bool
    per_page: int
    extra: dict[str, tuple[bytes, int]] = field(default_factory=dict)  # more files: pages
    records: list[PdfRecord] = field(default_factory=list)  # what preflight checks
    guests: dict[str, int] = field(default_factory=dict)  # printed in the spare space: items


def _whos(comp: Component, item: Item, back_template: str) -> tuple[Who, Who]:
    """Where an item's front and back come from (its place worked out once for both)."""
    from pnp.load.source import key_text

    path = sys.intern(str(item.source.path))  # one path text for a deck, not one a card
    line, key = item.line(), key_text(item.key)
    return (Who(comp.id, item.id, "front", path, line, key, comp.spec.front),
            Who(comp.id, item.id, "back", path, line, key, back_template))


def layout_for(game: Game, comp: Component, opts: BuildOptions,
               count: int | None = None) -> impose.Layout:
    return _planned(impose.plan, game, comp, opts, count)


def gutterfold_of(game: Game, comp: Component, opts: BuildOptions,
                  count: int) -> gutterfold.FoldLayout | None:
    """The gutter-fold layout when it is asked for and the items have backs; items
    without backs are laid out as usual."""
    if opts.layout != "gutter-fold" or comp.spec.back is None:
        return None
    from pnp.layout import gutterfold

    return _planned(gutterfold.plan, game, comp, opts, count)


def _planned(planner: Any, game: Game, comp: Component, opts: BuildOptions,
             count: int | None) -> Any:
    """The items' page layout by `planner` (plain or gutter-fold) on the paper."""
    w, h = item_size(game, comp)
    try:
        return planner(*opts.page_size, w, h, opts.bleed,
                       gutter_only=comp.spec.shape == "circle", count=count,
                       full_bleed=opts.own_bleed,
                       landscape=opts.sheet.landscape)
    except ValueError as exc:  # a paper too small: one line, the papers that hold them
        def fits(on: Paper) -> bool:
            return laid_out(planner, on, w, h, opts.bleed, gutter_only=comp.spec.shape ==
                            "circle", full_bleed=opts.own_bleed)

        raise Refused(refusal(comp.spec.title, opts.sheet, fits, str(exc)), game.source.path,
                      game.source.line(("components", comp.id, "size")),
                      f"components.{comp.id}.size") from exc


def _parsed(painter: SvgPainter, comp: Component, faces: Iterable[tuple[Item, str, str | None]],
            parse: Parse | None = None) -> Parsed:
    parse = parse or painter.parse
    back_tpl = comp.spec.back or ""
    return [(parse(front, comp.spec.front), parse(back, back_tpl) if back else None,
             *_whos(comp, item, back_tpl)) for item, front, back in faces]


def build(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions,
          guests: list[Component] | None = None) -> Built:
    """`guests`: components printed with this one (`print_with`), placed in the spare
    space of its last page when they all fit there."""
    spilled: list[Spilled] = []
    try:
        return _build(game, comp, renderer, opts, guests or [], spilled)
    finally:  # however the build ends: a guest that fails, a drawing that stops
        for faces in spilled:
            faces.close()


def _build(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions,
           guests: list[Component], spilled: list[Spilled]) -> Built:
    w, h = item_size(game, comp)
    printed = printed_items(game, comp)
    joining, others = _joining(game, comp, guests)
    has_backs = comp.spec.back is not None
    count = len(printed) + sum(len(printed_items(game, g)) for g in joining)
    fold = gutterfold_of(game, comp, opts, count)
    layout = fold.fronts if fold else layout_for(game, comp, opts, count)
    buf = PdfBytes(splice=True)  # image files read as the PDF is written
    canvas = new_canvas(buf, layout.page_w, layout.page_h,
                        about(game, comp, opts.lang))
    painter = SvgPainter(canvas, game.folder, component=comp.id)
    deferring = has_backs and not opts.duplex and not fold  # every back after every front
    # each face is split into layers as it is rendered: its SVG text is not kept; a large
    # deck's faces wait on disk for their pages (read twice when deferring: not spilled)
    parsed = _parse_faces(game, comp, renderer, opts, painter, printed, spill=not deferring)
    if isinstance(parsed, Spilled):
        spilled.append(parsed)
    per = layout.per_page
    joined = [(g, _parsed(painter, g, render_faces(game, g, renderer, to_mm(opts.bleed),
                                                   opts.lang))) for g in joining]
    parsed.extend(face for _, faces_of in joined for face in faces_of)
    n_chunks = -(-len(parsed) // per)
    extras = _guests(game, layout, len(parsed) - (n_chunks - 1) * per if n_chunks else 0,
                     others, renderer, opts, painter)
    extras.counts = {**{g.id: len(f) for g, f in joined}, **extras.counts}
    total_pages = n_chunks * (2 if has_backs and not fold else 1)
    page_no = 0
    deferred: list[list] = []
    say = words(opts.lang)
    repeats = Repeats()  # every full page has one layout

    def furniture(side: str, page: impose.Layout, offset: tuple[float, float] = (0.0, 0.0),
                  move: Any = backs.moved_marks) -> impose.Band | None:
        """Crop marks (the backs' moved by `offset` with them) and the info line."""
        band = repeats.band(page)
        if opts.crop_marks:
            draw_marks(painter, repeats.marks(page, offset, move))
        if band:
            info = (f"{game.spec.name} · {comp.spec.title_in(opts.lang)} · {side} · "
                    f"{say['page']} {page_no}/{total_pages} · {to_mm(w):g}×{to_mm(h):g} mm, "
                    f"{bleed_words(say, to_mm(opts.bleed), page)}")
            draw_info(painter, band, info)
        return band

    def draw_fronts(chunk: list, page: impose.Layout, last: bool) -> None:
        for slot, (front, _, front_who, _) in zip(page.slots, chunk, strict=True):
            painter.draw(front, slot.x - opts.bleed, slot.y - opts.bleed, slot.art_box(),
                         who=front_who, trim_inset=opts.bleed)
        if last:
            for slot, (front, _, front_who, _) in extras.placed:
                painter.draw(front, slot.x - spare.GUEST_BLEED, slot.y - spare.GUEST_BLEED,
                             slot.art_box(), who=front_who, trim_inset=spare.GUEST_BLEED)

    def draw_backs(chunk: list, backs: list[impose.Slot], guest_backs: list[impose.Slot],
                   upside_down: bool, last: bool) -> None:
        for bslot, (_, back, _, back_who) in zip(backs, chunk, strict=True):
            painter.draw(back, bslot.x - opts.bleed, bslot.y - opts.bleed, bslot.art_box(),
                         rotate180=upside_down, who=back_who, trim_inset=opts.bleed)
        if last:
            for bslot, (_, (_, back, _, back_who)) in zip(guest_backs, extras.placed,
                                                          strict=True):
                if back is not None:
                    painter.draw(back, bslot.x - spare.GUEST_BLEED, bslot.y - spare.GUEST_BLEED,
                                 bslot.art_box(), rotate180=upside_down, who=back_who,
                                 trim_inset=spare.GUEST_BLEED)

    def fronts_page(chunk: list, last: bool) -> None:
        nonlocal page_no
        page_no += 1
        page = impose.subset(layout, len(chunk))
        draw_fronts(chunk, page, last)
        furniture(say["fronts"], page)
        painter.show_page()

    def backs_page(chunk: list, last: bool) -> None:
        nonlocal page_no
        page_no += 1
        page = impose.subset(layout, len(chunk))
        backs_page = repeats.backs(page, opts.flip, opts.back_offset)
        guest_backs = spare.back_slots([s for s, _ in extras.placed], page, opts.flip,
                                       opts.back_offset)
        draw_backs(chunk, list(backs_page.slots), guest_backs,
                   not backs.mirrors_x(page, opts.flip), last)
        furniture(say["backs_flip"].format(edge=say[f"edge_{opts.flip}"]),
                  repeats.backs(page, opts.flip), opts.back_offset)
        painter.show_page()

    def folded_page(chunk: list, fold: gutterfold.FoldLayout, last: bool) -> None:
        """Fronts in one half, their backs mirrored in the other, the fold between."""
        nonlocal page_no
        page_no += 1
        page, whole = fold.page(len(chunk))
        draw_fronts(chunk, page, last)
        draw_backs(chunk, [fold.back_slot(s, opts.back_offset) for s in page.slots],
                   [fold.back_slot(s, opts.back_offset) for s, _ in extras.placed],
                   fold.upside_down, last)
        band = furniture(say["fold"], whole, opts.back_offset, fold.moved_marks)
        draw_fold_line(painter, fold.fold_line(whole, band))
        painter.show_page()

    for index, chunk in enumerate(facespill.pages_of(parsed, per)):
        last = index == n_chunks - 1
        if fold:
            folded_page(chunk, fold, last)
        else:
            fronts_page(chunk, last)
            if deferring:
                deferred.append(chunk)
                continue
            if has_backs:
                backs_page(chunk, last)
        chunk.clear()  # its faces are drawn and checked
    for index, chunk in enumerate(deferred):
        backs_page(chunk, index == len(deferred) - 1)
        chunk.clear()
    data, record = painter.finish(buf, f"{comp.id}.pdf", comp.id)
    return Built(data, len(printed), page_no, has_backs and opts.duplex and not fold, per,
                 records=[record], guests=extras.counts)


def _parse_faces(game: Game, comp: Component, renderer: Renderer, opts: BuildOptions,
                 painter: SvgPainter, printed: list[Item], spill: bool) -> Parsed | Spilled:
    """The printed items' faces, rendered and split into layers whose uses the painter
    counts: on disk from facespill.SPILL_FROM items when `spill` (and TMPDIR has room),
    else in memory."""
    def parse_range(parse: Parse, part: list[Item]) -> Parsed:
        return _parsed(painter, comp, iter_faces(game, comp, renderer, to_mm(opts.bleed),
                                                 opts.lang, part), parse)

    if spill and len(printed) >= facespill.SPILL_FROM:
        try:
            return facespill.spill(painter.layers, printed, parse_range,  # type: ignore[arg-type]
                                   painter.add_uses, renderer.overflows)
        except facespill.NoRoom:
            pass
    return parse_in_parts(painter.layers, printed, parse_range,  # type: ignore[arg-type]
                          painter.count, renderer.overflows)


@dataclass
class _Guests:
    """Other components' items placed in a deck's spare slots."""

    placed: list[tuple[impose.Slot, tuple[Face, Face | None, Who, Who]]] = field(
        default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def _joining(game: Game, comp: Component,
             guests: list[Component]) -> tuple[list[Component], list[Component]]:
    """Guests of the host's own size and sides (a card of another size among a deck's cards)
    join its grid as if they were its items: same bleed, same cuts, backs aligned. That
    never takes more sheets than printing them apart. The others go to the spare space
    (`_guests`)."""
    joining: list[Component] = []
    others = []
    for guest in guests:
        if item_size(game, guest) == item_size(game, comp) and \
                (guest.spec.back is None) == (comp.spec.back is None) and \
                guest.spec.shape == comp.spec.shape:
            joining.append(guest)
        else:
            others.append(guest)
    return joining, others


def _guests(game: Game, layout: impose.Layout, used: int, guests: list[Component],
            renderer: Renderer, opts: BuildOptions, painter: SvgPainter) -> _Guests:
    """The guests' faces and their slots in the last page's spare space, one component
    after another, as long as every item of a component fits."""
    out = _Guests()
    for guest in guests:
        gw, gh = item_size(game, guest)
        faces = render_faces(game, guest, renderer, to_mm(spare.GUEST_BLEED), opts.lang)
        slots = spare.place(layout, used, len(out.placed) + len(faces), gw, gh)
        if slots is None or (out.placed and any(
                (a.w, a.h) != (gw, gh) for a, _ in out.placed)):
            continue
        parsed = _parsed(painter, guest, faces)
        out.placed += list(zip(slots[len(out.placed):], parsed, strict=True))
        out.counts[guest.id] = len(faces)
    return out
