"""Pieces fit their spaces: the physical relations game.yaml states (preflight.fits),
measured on the built components, e.g. "two archaeologist tokens side by side on a
tile" or "a paper brick has the card drawing's stud pitch"."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass

from pnp.base.units import MM, parse_length, parse_size
from pnp.layout.pages import PdfRecord, Placed
from pnp.load.model import Fit
from pnp.preflight.report import Place, Reporter, face_place
from pnp.render.faces import item_size


@dataclass(frozen=True)
class Size:
    """A piece's or space's size in points (round: a disc)."""

    w: float  # points
    h: float
    round: bool
    label: str
    places: tuple[Place, ...] = ()  # where it is on the faces (`pnp studio` boxes them)

    def text(self) -> str:
        if self.round:
            return f"{self.label} ({self.w / MM:.1f} mm across)"
        return f"{self.label} ({self.w / MM:.1f} x {self.h / MM:.1f} mm)"


def check(report: Reporter, records: list[PdfRecord]) -> None:
    built = {r.component for r in records}
    for fit in report.game.spec.preflight.fits:
        sides = [side.partition(":") for side in (fit.piece, fit.space)]
        if any(part and comp not in built for comp, _, part in sides):
            continue  # a part of a component this run did not draw (pnp sheets)
        report.count("fits")
        piece = _measure(report, records, fit, fit.piece, largest=True)
        space = _measure(report, records, fit, fit.space, largest=False)
        if piece is None or space is None:
            continue
        try:
            clearance = parse_length(fit.clearance)
            tolerance = parse_length(fit.tolerance)
        except ValueError as exc:
            report.add("fits", f"fit '{fit.id}': {exc}", fit=fit.id)
            continue
        if fit.relation == "spacing":
            if piece.w + clearance > space.w + 1e-6:
                report.add("fits", f"{fit.what}: {piece.text()} with {clearance / MM:g} mm "
                                   f"between them needs {(piece.w + clearance) / MM:.1f} mm, "
                                   f"{space.text()} gives {space.w / MM:.1f} mm", fit=fit.id,
                           places=piece.places + space.places)
            continue
        if fit.relation == "same":
            if abs(piece.w - space.w) > tolerance:
                report.add("fits", f"{fit.what}: {piece.text()} and {space.text()} differ by "
                                   f"{abs(piece.w - space.w) / MM:.1f} mm (allowed "
                                   f"{tolerance / MM:.1f} mm)", fit=fit.id,
                           places=piece.places + space.places)
            continue
        room = capacity(piece, space, clearance)
        if room < fit.count:
            each = f"{fit.count} x " if fit.count > 1 else ""
            gap = f" with {clearance / MM:g} mm around each" if clearance else ""
            report.add("fits", f"{fit.what}: {each}{piece.text()}{gap} does not fit on "
                               f"{space.text()} (room for {room})", fit=fit.id,
                       places=piece.places + space.places)


def capacity(piece: Size, space: Size, clearance: float) -> int:
    """How many pieces fit on the space in a grid, either way round, `clearance` around
    each. A round space holds what fits in the square inside it."""
    sw, sh = space.w, space.h
    if space.round:
        sw = sh = space.w / math.sqrt(2)
    best = 0
    for pw, ph in ((piece.w, piece.h), (piece.h, piece.w)):
        cols = int((sw - clearance + 1e-6) // (pw + clearance))
        rows = int((sh - clearance + 1e-6) // (ph + clearance))
        best = max(best, max(cols, 0) * max(rows, 0))
    return best


_SIZE = re.compile(r"^\s*[\d.]+\s*(mm|cm|in|pt)")


def _measure(report: Reporter, records: list[PdfRecord], fit: Fit, side: str,
             largest: bool) -> Size | None:
    game = report.game
    if _SIZE.match(side):
        try:
            w, h = parse_size(side)
        except ValueError as exc:
            report.add("fits", f"fit '{fit.id}': {exc}", fit=fit.id)
            return None
        return Size(w, h, False, side)
    comp_id, _, part = side.partition(":")
    comp = game.components.get(comp_id)
    if comp is None:
        report.add("fits", f"fit '{fit.id}': unknown component '{comp_id}' (components: "
                           f"{', '.join(game.components)})", fit=fit.id)
        return None
    if not part:
        w, h = item_size(game, comp)
        return Size(w, h, comp.spec.shape == "circle", f"{comp_id}", _whole(records, comp_id))
    boxes = []
    places: list[Place] = []
    for record in records:
        if record.component != comp_id:
            continue
        seen: set[tuple[tuple[str, ...], float]] = set()
        for page in record.pages:
            for placed in page.placed:
                if placed.role == "thumbnail" or (placed.layers, placed.scale) in seen:
                    continue
                seen.add((placed.layers, placed.scale))
                for key in placed.layers:
                    for p in report.layer_map(record, key).parts:
                        if p.tag == f"part:{part}" and p.box is not None:
                            box = _trimmed(p.box, placed)
                            boxes.append(((box[2] - box[0]) * placed.scale,
                                          (box[3] - box[1]) * placed.scale))
                            places += face_place(placed, box)
    if not boxes:
        report.add("fits", f"fit '{fit.id}': no part tagged part:{part} in {comp_id} (a "
                           f"template marks it with data-pnp=\"part:{part}\")", fit=fit.id)
        return None
    if largest:  # every piece must fit: the widest and the tallest, together
        many = len({(round(b[0], 1), round(b[1], 1)) for b in boxes}) > 1
        return Size(max(b[0] for b in boxes), max(b[1] for b in boxes), False,
                    f"{comp_id} {part}" + (", the widest and the tallest" if many else ""),
                    tuple(places))
    w, h = min(boxes, key=lambda b: b[0] * b[1])
    return Size(w, h, False, f"{comp_id} {part}", tuple(places))


def _whole(records: list[PdfRecord], comp_id: str) -> tuple[Place, ...]:
    """A whole item as a piece or a space: its first face, boxed at its cut."""
    for record in records:
        for page in record.pages:
            for placed in page.placed:
                if placed.role == "item" and placed.who and placed.who.component == comp_id:
                    t = placed.trim_inset
                    return tuple(face_place(placed, (t, t, placed.width - t,
                                                     placed.height - t)))
    return ()


def _trimmed(box: tuple[float, float, float, float],
             placed: Placed) -> tuple[float, float, float, float]:
    """A part of a cut item ends at the cut: the bleed is trimmed away."""
    if placed.role != "item":
        return box
    t = placed.trim_inset
    x0, y0, x1, y1 = t, t, placed.width - t, placed.height - t
    return max(box[0], x0), max(box[1], y0), min(box[2], x1), min(box[3], y1)
