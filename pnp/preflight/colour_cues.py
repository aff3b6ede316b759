"""Colour is never the only cue: the values of each attribute a component declares
(`preflight.tell_apart`) must differ clearly in greyscale and under deuteranopia and
protanopia simulation, or carry a printed cue (a name, a mark, a pattern) that differs
between them and stands out from what lies under it in grey.

Templates tag what preflight measures: `data-pnp="colour:A=v"` on the element whose
colour shows value v of attribute A, `data-pnp="cue:A=v"` on its printed cue."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from itertools import combinations

from pnp.base import colour
from pnp.base.geometry import on_segment_band, point_in_polygon
from pnp.layout.pages import PdfRecord, Placed, Who
from pnp.preflight.report import Place, Reporter, face_place
from pnp.render.inkmap import LayerMap, Part


@dataclass
class _Attribute:
    """A colour cue's values across the faces that carry it."""

    colours: dict[str, colour.RGB] = field(default_factory=dict)
    faces: dict[str, list[tuple[Who | None, list[Part]]]] = field(
        default_factory=lambda: defaultdict(list))  # value → (face, its cues)
    faint: dict[str, float] = field(default_factory=dict)  # value → worst cue contrast
    # where each value's colour and its cues are on the faces (what `pnp studio` boxes)
    colour_at: dict[str, list[Place]] = field(default_factory=lambda: defaultdict(list))
    cue_at: dict[str, list[Place]] = field(default_factory=lambda: defaultdict(list))


def check(report: Reporter, records: list[PdfRecord]) -> None:
    built = {r.component for r in records} | {
        p.who.component for r in records for page in r.pages for p in page.placed if p.who}
    for comp_id, comp in report.game.components.items():
        wanted = comp.spec.preflight.tell_apart
        if not wanted or comp_id not in built:
            continue
        found = {a: _Attribute() for a in wanted}
        for record in records:
            seen: set[tuple[str, ...]] = set()
            for page in record.pages:
                for placed in page.placed:
                    owner = placed.who.component if placed.who else record.component
                    if owner != comp_id or placed.layers in seen or placed.role == "thumbnail":
                        continue
                    seen.add(placed.layers)
                    _collect(found, report, record, placed)
        for attr, info in found.items():
            _judge(report, comp_id, attr, info)


def _collect(found: dict[str, _Attribute], report: Reporter, record: PdfRecord,
             placed: Placed) -> None:
    layers = [(i, report.layer_map(record, k)) for i, k in enumerate(placed.layers)]
    values: dict[str, set[str]] = defaultdict(set)
    cues: dict[tuple[str, str], list[Part]] = defaultdict(list)
    for i, lm in layers:
        for part in lm.parts:
            kind, _, rest = part.tag.partition(":")
            attr, _, value = rest.partition("=")
            if attr not in found or not value:
                continue
            if kind == "colour" and part.colours:
                found[attr].colours.setdefault(value, part.colours[0])
                values[attr].add(value)
                found[attr].colour_at[value] += face_place(placed, part.box)
            elif kind == "cue":
                cues[(attr, value)].append(part)
                found[attr].cue_at[value] += face_place(placed, part.box)
                contrast = _contrast(layers, i, part)
                if contrast is not None:
                    worst = found[attr].faint.get(value, 100.0)
                    found[attr].faint[value] = min(worst, contrast)
    for attr, vals in values.items():
        for value in vals:
            found[attr].faces[value].append((placed.who, cues.get((attr, value), [])))


def _contrast(layers: list[tuple[int, LayerMap]], layer: int, part: Part) -> float | None:
    """ΔL* in grey between a cue and what it is printed on: for each of its shapes and
    texts, its ink against the topmost fill or line under its centre; the cue reads as
    well as its clearest element."""
    best: float | None = None
    for order, box, ink in part.elements:
        if ink is None:
            continue
        ground = _ground(layers, (layer, order), ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2))
        if ground is None:
            continue
        contrast = abs(colour.lightness(ink) - colour.lightness(ground))
        best = contrast if best is None else max(best, contrast)
    return best


def _ground(layers: list[tuple[int, LayerMap]], before: tuple[int, int],
            point: tuple[float, float]) -> colour.RGB | None:
    """The colour painted last under `point` before paint order `before`: an opaque fill
    containing it, or a line whose width covers it."""
    found: colour.RGB | None = None
    found_key = (-1, -1)
    x, y = point
    for i, lm in layers:
        for f in lm.fills:
            key = (i, f.order)
            if found_key < key < before and f.colour is not None and f.opacity >= 0.95 \
                    and f.box[0] <= x <= f.box[2] and f.box[1] <= y <= f.box[3] \
                    and point_in_polygon(point, f.outline):
                found, found_key = f.colour, key
        for s in lm.strokes:
            key = (i, s.order)
            if found_key < key < before and s.colour is not None and s.opacity >= 0.95 \
                    and s.box[0] <= x <= s.box[2] and s.box[1] <= y <= s.box[3] \
                    and any(on_segment_band(point, seg[:2], seg[2:], s.width / 2)
                            for seg in s.segments):
                found, found_key = s.colour, key
    return found


def _judge(report: Reporter, comp_id: str, attr: str, info: _Attribute) -> None:
    values = sorted(info.colours)
    report.count("colour-cues")
    if len(values) < 2:
        report.add("colour-cues", f"preflight.tell_apart names '{attr}', but its faces tag "
                                  f"{len(values)} colour(s) for it (a template marks the "
                                  f"element that shows a value with data-pnp=\"colour:{attr}="
                                  "VALUE\")", component=comp_id, attribute=attr)
        return
    for a, b in combinations(values, 2):
        report.count("colour-cues")
        diff = colour.differences(info.colours[a], info.colours[b])
        if colour.clear(diff):
            continue
        numbers = (f"ΔL* {diff['grey']:.1f} in grey, ΔE {diff['deutan']:.1f} deuteranopia, "
                   f"ΔE {diff['protan']:.1f} protanopia")
        missing = [w for v in (a, b) for w, cues in info.faces[v] if not cues]
        bare = {(w.component, w.item or "", w.side) for w in missing if w}
        if missing:
            names = sorted({w.item or w.side for w in missing if w})
            shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3
                                            else "")
            report.add("colour-cues", f"{attr} {a} and {b} differ by colour alone ({numbers}), "
                                      f"and {len(missing)} face(s) print no other cue for it "
                                      f"({shown}; a template tags its cue with "
                                      f"data-pnp=\"cue:{attr}=VALUE\")",
                       component=comp_id, attribute=attr,
                       places=[p for v in (a, b) for p in info.colour_at[v] if p[:3] in bare])
            continue
        sigs_a = {_signature(c) for _, cues in info.faces[a] for c in [cues]}
        sigs_b = {_signature(c) for _, cues in info.faces[b] for c in [cues]}
        if sigs_a & sigs_b:
            report.add("colour-cues", f"{attr} {a} and {b} differ by colour alone ({numbers}) "
                                      "and their printed cues look the same without colour",
                       component=comp_id, attribute=attr,
                       places=info.cue_at[a] + info.cue_at[b])
    for value, contrast in sorted(info.faint.items()):
        if contrast < colour.GREY_MIN:
            report.add("colour-cues", f"the printed cue of {attr} {value} stands out from what "
                                      f"is under it by ΔL* {contrast:.1f} in grey (at least "
                                      f"{colour.GREY_MIN:g})", component=comp_id,
                       attribute=attr, places=info.cue_at[value])


def _signature(cues: list[Part]) -> tuple:
    """What is left of a face's cues without colour: their shapes and words."""
    return tuple(sorted(tuple(map(tuple, p.signature)) for p in cues))
