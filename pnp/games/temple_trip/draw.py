"""What board.svg.j2 draws, in mm from the board's top-left corner: the map out to the
bleed, the routes, every square (its face turned with the road, its glyph upright), the
cities and their names, the banks with a slot per cone, the flags, the panels."""

from __future__ import annotations

from typing import Any

from pnp.games.temple_trip import labels
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import RADIUS
from pnp.games.temple_trip.squares import SQUARE

SLOT = 9.5  # mm: a bank slot, for an 8 mm cone token
SLOT_PITCH = 12.5  # mm between slot centres
SLOTS_PER_ROW = 5


def _poly(points: list[tuple[float, float]], closed: bool = True) -> str:
    d = "M" + " L".join(f"{x:.2f} {y:.2f}" for x, y in points)
    return d + " Z" if closed else d


def context(b: Board) -> dict[str, Any]:
    spec = b.spec
    placed = labels.place(b)

    def square(s: Any, mode: str) -> dict[str, Any]:
        kind = "assign-air" if mode == "air" and s.kind == "assign" else s.kind
        return {"x": s.x, "y": s.y, "a": s.angle, "kind": kind}

    flags = [{"country": f["country"], "box": box}
             for f, box in zip(spec.get("flags", []), labels.flag_boxes(b), strict=True)]
    banks = []
    for bank in spec.get("banks", []):
        x0, y0, x1, y1 = bank["box"]
        cols = SLOTS_PER_ROW
        rows = -(-bank["cones"] // cols)
        left = (x0 + x1) / 2 - (cols - 1) * SLOT_PITCH / 2
        top = y1 - 6 - SLOT / 2 - (rows - 1) * SLOT_PITCH
        slots = [(left + (i % cols) * SLOT_PITCH, top + (i // cols) * SLOT_PITCH)
                 for i in range(bank["cones"])]
        banks.append({**bank, "slots": slots})
    return {
        "width": b.width, "height": b.height, "bleed": spec.get("bleed", 3.0),
        "countries": {k: [_poly(p) for p in v] for k, v in b.drawn_outlines().items()},
        "lakes": [_poly(p) for p in b.drawn_lakes().values()],
        "insets": {k: {"paths": [_poly(p) for p in v], "box": spec["insets"][k]["box"]}
                   for k, v in b.inset_paths().items()},
        "roads": [_poly(b.road_line(r).points, closed=False) for r in b.roads],
        "air": [_poly(r.path.points[::4] + r.path.points[-1:], closed=False)
                for r in b.air if r.path],
        "squares": [square(s, "road") for r in b.roads for s in r.squares],
        "air_squares": [square(s, "air") for r in b.air for s in r.squares],
        "square": SQUARE,
        "cities": [{"name": c.name, "x": c.pos[0], "y": c.pos[1], "kind": c.kind,
                    "r": c.radius, "icon": RADIUS[c.kind], "hold": c.hold()}
                   for c in b.cities.values()],
        "labels": [{"name": lab.name, "x": lab.x, "y": lab.y, "anchor": lab.anchor,
                    "box": lab.box} for lab in placed.values()],
        "label_size": labels.LABEL_MM,
        "panels": spec.get("panels", {}),
        "banks": banks, "slot": SLOT,
        "flags": flags,
        "counts": {"roads": len(b.roads), "air": len(b.air),
                   "squares": sum(len(r.squares) for r in b.roads),
                   "air_squares": sum(len(r.squares) for r in b.air),
                   "borders": sum(1 for r in b.roads for s in r.squares if s.kind == "border")},
    }
