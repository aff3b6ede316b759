"""Template contexts and SVG faces for every item of a component (no PDF here)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from pnp.base.errors import ContentError
from pnp.base.units import parse_size, to_mm
from pnp.load.model import Component, Game, Item
from pnp.render.templates import Renderer

MAX_PRINTED = 20_000  # items (copies counted) one component prints
# `pnp validate`: an item's face is the same on every paper (its context names none), so
# it is expanded once: (template, component, item, side, size, language) → its SVG and
# what it noted (and what else its renders share: sheet.flows)
RENDERED: ContextVar[dict[tuple, Any] | None] = ContextVar("pnp_faces_rendered", default=None)
MAX_KEPT = 4000


@dataclass(frozen=True)
class FaceBox:
    """Face size in mm, as templates see it: trim w×h, plus bleed on every side."""

    w: float
    h: float
    bleed: float

    @property
    def full_w(self) -> float:
        return self.w + 2 * self.bleed

    @property
    def full_h(self) -> float:
        return self.h + 2 * self.bleed


MIN_SIDE_MM, MAX_SIDE_MM = 2.0, 2_000.0  # a piece one can cut; a board tiled on pages


def item_size(game: Game, comp: Component) -> tuple[float, float]:
    """The item's trim size in points; a side outside MIN_SIDE_MM..MAX_SIDE_MM (zero,
    negative, a poster of metres) is a ContentError at `size:`."""
    spec = comp.spec
    where = (game.source.path, game.source.line(("components", comp.id, "size")),
             f"components.{comp.id}.size")
    try:
        w, h = parse_size(spec.size or "poker")
    except ValueError as exc:
        raise ContentError(str(exc), *where) from exc
    if not all(MIN_SIDE_MM <= to_mm(side) <= MAX_SIDE_MM for side in (w, h)):
        raise ContentError(f"each side must be {MIN_SIDE_MM:g} to {MAX_SIDE_MM:,.0f} mm (got "
                           f"{to_mm(w):g} x {to_mm(h):g} mm)", *where)
    return w, h


def localise(value: Any, lang: str, item: Item, name: str) -> Any:
    """A translated text in the chosen language; a clear error when it is missing."""
    if isinstance(value, dict):
        if lang in value:
            return value[lang]
        have = ", ".join(value) or "none"
        raise ContentError(f"no '{lang}' translation (has: {have})", item.source.path,
                           item.line(name), _key(item, name))
    return value


def _key(item: Item, name: str) -> str:
    from pnp.load.source import key_text

    return key_text(item.key + (name,))


def item_context(game: Game, comp: Component, item: Item, box: FaceBox, lang: str,
                 side: str) -> dict[str, Any]:
    """What an item's templates see. A game's hooks may add computed values (e.g. the
    bricks of a silhouette) with `item_context(game, component_id, item, lang)`: they
    arrive as `extra`."""
    from pnp.load.hooks import hooks_for

    fields = {k: localise(v, lang, item, k) for k, v in item.fields.items()}
    hook = hooks_for(game.id).item_context
    return {
        "extra": hook(game, comp.id, item, lang) if hook else {},
        "item": {"id": item.id, **fields},
        "face": box,
        "side": side,
        "shape": comp.spec.shape,
        "data": game.spec.data,
        "game": {"id": game.id, "name": game.spec.name},
        "component": {"id": comp.id, "title": comp.spec.title},
        "lang": lang,
    }


def render_faces(game: Game, comp: Component, renderer: Renderer, bleed_mm: float,
                 lang: str) -> list[tuple[Item, str, str | None]]:
    """(item, front SVG, back SVG or None) for every printed copy, in content order."""
    return list(iter_faces(game, comp, renderer, bleed_mm, lang, printed_items(game, comp)))


def printed_items(game: Game, comp: Component) -> list[Item]:
    """Every copy the component prints, within MAX_PRINTED."""
    printed = comp.printed()
    if len(printed) > MAX_PRINTED:
        raise ContentError(f"{len(printed):,} items to print; one component prints at most "
                           f"{MAX_PRINTED:,}", game.source.path,
                           game.source.line(("components", comp.id)), f"components.{comp.id}")
    return printed


def iter_faces(game: Game, comp: Component, renderer: Renderer, bleed_mm: float, lang: str,
               printed: list[Item]) -> Iterator[tuple[Item, str, str | None]]:
    """`render_faces` one face at a time, so a large deck is drawn as it is rendered
    and its SVG texts are never all held at once."""
    w, h = item_size(game, comp)
    box = FaceBox(round(to_mm(w), 4), round(to_mm(h), 4), round(bleed_mm, 4))
    memo: dict[int, tuple[str, str | None]] = {}
    shared_back = comp.spec.back and not any(renderer.depends_on(comp.spec.back, name)
                                             for name in ("item", "extra"))
    common_back: str | None = None
    from pnp.load.source import key_text

    left = Counter(id(item) for item in printed)  # copies still to print
    for item in printed:
        left[id(item)] -= 1
        if id(item) not in memo:
            renderer.where = (str(item.source.path), item.line(), key_text(item.key))
            front = _render(renderer, comp.spec.front, game, comp, item, box, lang, "front")
            back = common_back
            if comp.spec.back and back is None:
                back = _render(renderer, comp.spec.back, game, comp, item, box, lang, "back")
                if shared_back:
                    common_back = back
            memo[id(item)] = (front, back)
        yield (item, *(memo[id(item)] if left[id(item)] else memo.pop(id(item))))


def _render(renderer: Renderer, template: str, game: Game, comp: Component, item: Item,
            box: FaceBox, lang: str, side: str) -> str:
    """`renderer.render`, or, in `pnp validate`, the SVG this face got on an earlier
    paper, with what rendering noted then (text that did not fit) noted again."""
    memo = RENDERED.get()
    if memo is None:
        return renderer.render(template, item_context(game, comp, item, box, lang, side))
    key = (template, comp.id, id(item), side, box, lang)  # (the game holds its items)
    done = memo.get(key)
    if done is None:
        before = len(renderer.overflows)
        done = (renderer.render(template, item_context(game, comp, item, box, lang, side)),
                renderer.overflows[before:])
        if len(memo) < MAX_KEPT:  # a huge deck's faces: expanded again, not all held
            memo[key] = done
    else:
        renderer.overflows.extend(done[1])
    return done[0]
