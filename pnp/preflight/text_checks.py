"""Checks on what each face prints: fonts, glyphs, text size, text placement (safe
area, printable area, strokes crossing text), and what svglib could not draw.

A face that is placed many times (every card of a deck shares most layers) is checked
once per distinct placement (same layers, scale and role); within one `pnp validate`,
once for all its renders (memo)."""

from __future__ import annotations

import hashlib
from collections import defaultdict
from typing import cast

from pnp.base import fonts
from pnp.base.geometry import boxes_overlap, on_segment_band, point_in_polygon, segment_hits_box
from pnp.base.units import MM, parse_length
from pnp.layout.pages import PageRecord, PdfRecord, Placed
from pnp.preflight import inline_icons, memo
from pnp.preflight.areas import TEXTURE, allowed_area, check_furniture_clear
from pnp.preflight.page_checks import ALLOWED_FONTS
from pnp.preflight.report import Reporter, mm, quote, spot
from pnp.render.inkmap import Box, Fill, LayerMap, Stroke, Text

MIN_TEXT = 6.0  # pt: the smallest text a player must read
SAFE_AREA = 3 * MM  # text keeps this far inside an item's trim
HALO = 0.75  # a fill this opaque between a line and a text knocks the line back
GRID = 12.0  # pt: bucket size for looking up strokes near a text


def check(report: Reporter, record: PdfRecord) -> None:
    for page in record.pages:
        check_page(report, record, page)


def _face_key(placed: Placed) -> bytes:
    """What makes a face's checks the same wherever it is placed, as a 16-byte digest: a
    run remembers every face it checked (10,000 card fronts), not their layers' keys."""
    text = "\n".join((*placed.layers, f"{placed.scale:.4f}", placed.role,
                      repr(placed.trim_inset), str(placed.rotate180 and placed.role != "item")))
    return hashlib.blake2b(text.encode(), digest_size=16).digest()


def check_page(report: Reporter, record: PdfRecord, page: PageRecord) -> None:
    """The faces on one page of `record` (preflight.stream calls it as each page is
    drawn)."""
    done = report.faces_done
    size = (page.width, page.height)
    furniture = [f.box for f in page.furniture if f.kind in ("info", "scale-bar")]
    for placed in page.placed:
        if placed.role == "thumbnail":
            continue
        key = _face_key(placed)
        if key in done:
            continue
        done.add(key)
        if report.shared is None:
            _check_face(report, record, placed, page, furniture)
            continue
        same = memo.face_key(record, placed, size, furniture)
        calls = report.shared.faces.get(same)
        if calls is None:  # said on no earlier render of this validate
            calls = []
            _check_face(cast(Reporter, memo.Recording(report, calls, placed.who)), record,
                        placed, page, furniture)
            report.shared.faces[same] = calls
        else:
            memo.replay(report, calls, placed.who)


def _comp_checks(report: Reporter, comp_id: str) -> tuple[float, float]:
    comp = report.game.components.get(comp_id)
    settings = comp.spec.preflight if comp else None
    min_text = max(MIN_TEXT, settings.min_text or 0.0) if settings else MIN_TEXT
    if settings and settings.min_text is not None and settings.min_text < MIN_TEXT:
        report.add("text-size", f"preflight.min_text {settings.min_text:g} pt: a component "
                                f"can raise the {MIN_TEXT:g} pt minimum, not lower it",
                   component=comp_id)
    safe = SAFE_AREA
    if settings and settings.safe_area:
        try:
            safe = parse_length(settings.safe_area)
        except ValueError:
            report.add("text-placement", f"preflight.safe_area: not a length "
                                         f"({settings.safe_area!r})", component=comp_id)
    return min_text, safe


def _check_face(report: Reporter, record: PdfRecord, placed: Placed, page: PageRecord,
                furniture: list[Box]) -> None:
    who = placed.who
    comp_id = who.component if who else record.component
    min_text, safe = _comp_checks(report, comp_id)
    layers: list[tuple[int, LayerMap]] = []
    for i, key in enumerate(placed.layers):
        layers.append((i, report.layer_map(record, key)))
        for line in getattr(record.layers, "complaints", {}).get(key, []):
            report.add("svg", f"the SVG has something pnp cannot draw: {line}", who=who)
    texts = [(i, t) for i, lm in layers for t in lm.texts]
    report.count("fonts", len(texts))
    report.count("glyphs", len(texts))
    report.count("text-size", len(texts))
    report.count("text-placement", len(texts))
    comp = report.game.components.get(comp_id)
    area = allowed_area(placed, safe, (page.width, page.height),
                         bool(comp and comp.spec.shape == "circle"), comp_id)
    for _, t in texts:
        if t.font not in ALLOWED_FONTS:
            report.add("fonts", f"text {quote(t.text)} is set in {fonts.unavailable(t.font)}",
                       who=who, needles=_needles(t), at=spot(placed, t.box))
            continue
        missing = fonts.missing_glyphs(t.text)
        if missing:
            report.add("glyphs", f"the font has no glyph for {' '.join(map(repr, missing))} "
                                 f"in {quote(t.text)}; it would print as an empty box",
                       who=who, needles=_needles(t), at=spot(placed, t.box))
        size = t.size * placed.scale
        if size < min_text - 0.01:
            report.add("text-size", f"text {quote(t.text)} is {_pt(size)} pt at print size "
                                    f"(at least {min_text:g} pt)", who=who,
                       needles=_needles(t), at=spot(placed, t.box))
        over = area.overrun(t.box)
        if over > 0.05:
            report.add("text-placement", f"text {quote(t.text)} runs {mm(over)} outside the "
                                         f"{area.name}", who=who, needles=_needles(t),
                       at=spot(placed, t.box))
    inline_icons.check(report, placed, layers, area)
    if texts:
        _check_crossings(report, placed, layers, texts)
    if placed.role in ("sheet", "overlay"):
        check_furniture_clear(report, record, page, placed, layers, furniture)


def _needles(t: Text) -> tuple[str, str]:
    """What finds the template line that wrote `t` (only looked for when it is wrong)."""
    return t.text[:20], f'font-size="{_num(t.raw_size)}"'


def _pt(size: float) -> str:
    return f"{size:.2f}" if size > MIN_TEXT - 0.1 else f"{size:.1f}"


def _num(value: float) -> str:
    return f"{value:.3f}".rstrip("0").rstrip(".")


# -- strokes crossing text ------------------------------------------------------------

def _check_crossings(report: Reporter, placed: Placed, layers: list[tuple[int, LayerMap]],
                     texts: list[tuple[int, Text]]) -> None:
    strokes = [(i, s) for i, lm in layers for s in lm.strokes if s.opacity >= TEXTURE
               and not inline_icons.tagged(s.tags)]  # (an icon's own lines)
    if not strokes:
        return
    fills = [(i, f) for i, lm in layers for f in lm.fills if f.opacity >= HALO]
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    for n, (_, s) in enumerate(strokes):
        for cell in _cells(s.box):
            grid[cell].append(n)
    for ti, t in texts:
        inner = _shrink(t)
        if inner is None:
            continue
        seen: set[int] = set()
        for cell in _cells(inner):
            for n in grid.get(cell, ()):
                if n in seen:
                    continue
                seen.add(n)
                si, s = strokes[n]
                if not _hits(s, inner):
                    continue
                if (si, s.order) < (ti, t.order) and _covered(fills, (si, s.order),
                                                                (ti, t.order), t.box):
                    continue
                report.add("text-placement",
                           f"text {quote(t.text)} is crossed by a {s.width / MM:.2f} mm line "
                           f"at ({(inner[0] - placed.trim_inset) / MM:.1f}, "
                           f"{(placed.height - inner[3] - placed.trim_inset) / MM:.1f}) mm",
                           who=placed.who, at=spot(placed, inner),
                           needles=(t.text[:20], f'font-size="{_num(t.raw_size)}"'))
                break


CLEARANCE = 0.2 * MM  # ink that comes closer to a line than this touches it in print


def _shrink(t: Text) -> Box | None:
    """The text's ink box, less the glyphs' side bearings, plus CLEARANCE all round."""
    side = 0.06 * t.size
    x0, y0, x1, y1 = t.box
    if x1 - x0 <= 2 * side:
        return None
    return (x0 + side - CLEARANCE, y0 - CLEARANCE, x1 - side + CLEARANCE, y1 + CLEARANCE)


def _cells(box: Box) -> list[tuple[int, int]]:
    x0, y0, x1, y1 = (int(v // GRID) for v in box)
    if (x1 - x0 + 1) * (y1 - y0 + 1) > 4096:  # a huge stroke: one coarse bucket
        return [(-1, -1)]
    return [(x, y) for x in range(x0, x1 + 1) for y in range(y0, y1 + 1)]


def _hits(stroke: Stroke, box: Box) -> bool:
    """Whether an edge of the stroke runs through the text. Text lying wholly on a
    wide stroke (a label on a ribbon) is not crossed by it."""
    half = stroke.width / 2
    grown = (box[0] - half, box[1] - half, box[2] + half, box[3] + half)
    if not boxes_overlap(stroke.box, grown):
        return False
    x0, y0, x1, y1 = grown
    touching = [seg for seg in stroke.segments
                if min(seg[0], seg[2]) <= x1 and max(seg[0], seg[2]) >= x0
                and min(seg[1], seg[3]) <= y1 and max(seg[1], seg[3]) >= y0
                and segment_hits_box((seg[0], seg[1]), (seg[2], seg[3]), grown)]
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    return bool(touching) and not any(
        all(on_segment_band(p, (seg[0], seg[1]), (seg[2], seg[3]), half) for p in corners)
        for seg in touching)


def _covered(fills: list[tuple[int, Fill]], below: tuple[int, int], above: tuple[int, int],
             box: Box) -> bool:
    """An opaque fill painted between the stroke and the text hides the stroke there."""
    corners = [(box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])]
    for fi, f in fills:
        if below < (fi, f.order) < above and boxes_overlap(f.box, box) and all(
                point_in_polygon(p, f.outline) for p in corners):
            return True
    return False
