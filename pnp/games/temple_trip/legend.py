"""The LEGEND card's layout: a symbol column and, beside it, each entry's name (bold),
meaning and citation (blue) run together and wrapped, at the largest size from 7.5 pt
down to 7 pt at which the whole key fits the card. It is read across the table, so 7 pt
is its floor (game.yaml's `preflight: {min_text: 7}` holds the print to it). SVG cannot
wrap mixed runs, so pnp does it here with the embedded font's metrics and the template
only draws."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.base import fonts
from pnp.base.units import MM, to_mm
from pnp.load.model import Game, Item

SIZES = (7.5, 7.25, 7.0)  # pt, largest first; below 7 pt check_fits reports the overflow
LEADING = 1.12
SAFE = 3.4  # mm from the trim: the 3 mm safe area and a little air
TOP = 8.8  # mm: below the card's title
GUTTER = 10.8  # mm: the symbol column
SYMBOL_H = 4.8  # mm a symbol needs (squares 4.8, so their marks print at 7 pt)
MIN_GAP, MAX_GAP = 0.5, 2.4  # mm between entries
INK = {"name": "#1a1a1a", "text": "#333333", "cite": "#1f4e8c"}


@dataclass
class Run:
    text: str
    role: str  # name, text or cite

    @property
    def bold(self) -> bool:
        return self.role == "name"


def _width(text: str, size: float, bold: bool) -> float:
    return fonts.string_width(text, size, bold) / MM


def wrap_runs(runs: list[Run], width: float, size: float) -> list[list[dict[str, Any]]]:
    """Words of every run, greedily wrapped to `width` mm: per line, the pieces with
    their x offset (mm), text, weight and colour. A citation is never split."""
    words: list[tuple[str, Run]] = []
    for run in runs:
        if run.role == "cite":
            words.append((run.text, run))
        else:
            words.extend((w, run) for w in run.text.split())
    lines: list[list[dict[str, Any]]] = [[]]
    x = 0.0
    space = _width(" ", size, False)
    for word, run in words:
        w = _width(word, size, run.bold)
        start = x + space if lines[-1] else 0.0
        if lines[-1] and start + w > width:
            lines.append([])
            start = 0.0
        line = lines[-1]
        if line and line[-1]["role"] == run.role:  # same run: grow the piece
            line[-1]["text"] += " " + word
        else:
            line.append({"x": start, "text": word, "role": run.role, "bold": run.bold,
                         "fill": INK[run.role]})
        x = start + w
    return lines


def _runs(entry: dict[str, Any]) -> list[Run]:
    name = str(entry.get("name", ""))
    text = str(entry.get("text", ""))
    runs = [Run(name + ":", "name"), Run(text, "text")]
    cite = str(entry.get("cite", "")).strip()
    if cite:
        runs.append(Run(cite, "cite"))
    return runs


def card_size(game: Game, component_id: str) -> tuple[float, float]:
    from pnp.render.faces import item_size

    w, h = item_size(game, game.components[component_id])
    return to_mm(w), to_mm(h)


def layout(game: Game, item: Item) -> dict[str, Any]:
    """Rows (top y, height, symbols, lines with baselines) for the template to draw, and
    `used`/`room` (mm) for check_fits when even 7 pt does not fit."""
    w, h = card_size(game, "legend")
    entries = [e for e in item.fields.get("entries") or [] if isinstance(e, dict)]
    x0 = SAFE + GUTTER
    width = w - SAFE - x0
    room = h - SAFE - TOP
    for size in SIZES:
        lh = size * LEADING / MM
        wrapped = [wrap_runs(_runs(e), width, size) for e in entries]
        heights = [max(len(lines) * lh, SYMBOL_H) for lines in wrapped]
        used = sum(heights) + MIN_GAP * max(0, len(entries) - 1)
        if used <= room:
            break
    gap = MIN_GAP
    if len(entries) > 1 and used < room:
        gap = min(MAX_GAP, MIN_GAP + (room - used) / (len(entries) - 1))
    rows = []
    y = TOP
    for entry, lines, height in zip(entries, wrapped, heights, strict=True):
        block = len(lines) * lh
        first = y + (height - block) / 2 + size * 0.78 / MM  # baseline of the first line
        rows.append({
            "y": y, "h": height, "mid": y + height / 2, "symbols": _symbols(entry),
            "lines": [{"y": first + i * lh, "pieces": [dict(p, x=x0 + p["x"]) for p in line]}
                      for i, line in enumerate(lines)],
        })
        y += height + gap
    return {"rows": rows, "size": size, "font_mm": size / MM, "x_symbol": SAFE + GUTTER / 2,
            "x_text": x0, "used": round(y - gap - TOP, 2), "room": round(room, 2),
            "gap": gap}


def _symbols(entry: dict[str, Any]) -> list[str]:
    value = entry.get("symbol")
    return [str(v) for v in value] if isinstance(value, list) else [str(value)]
