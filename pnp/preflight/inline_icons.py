"""Icons inside rich text (`:coin:`, drawn by pnp.svg.j2's rich macro, tagged icon:NAME)
measured as the text's ink: each keeps to the area its words keep to, and its own
lines are the text's, not lines that cross it."""

from __future__ import annotations

from typing import Any

from pnp.layout.pages import Placed
from pnp.preflight.report import Reporter, mm, spot
from pnp.render.inkmap import LayerMap

INLINE_ICON = "icon:"  # the tag the rich macro gives each inline icon


def tagged(tags: frozenset[str]) -> bool:
    """Whether a stroke or fill belongs to an inline icon."""
    return any(t.startswith(INLINE_ICON) for t in tags)


def check(report: Reporter, placed: Placed, layers: list[tuple[int, LayerMap]],
          area: Any) -> None:
    """Each inline icon's box inside `area` (text_checks' safe or printable area)."""
    found = [p for _, lm in layers for p in lm.parts
             if p.tag.startswith(INLINE_ICON) and p.box is not None]
    report.count("text-placement", len(found))
    for part in found:
        over = area.overrun(part.box)
        if over > 0.05:
            name = part.tag[len(INLINE_ICON):]
            report.add("text-placement", f"icon :{name}: in a text runs {mm(over)} outside "
                                         f"the {area.name}", who=placed.who,
                       needles=(f":{name}:", "pnp.rich("), at=spot(placed, part.box))
