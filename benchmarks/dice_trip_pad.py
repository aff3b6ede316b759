"""50 Dice Trip score sheets: pnp's pad against the same sheet drawn with reportlab.

The lower bound draws the sheet's map (zones, outline, roads, circles, names), boxes and
tracker once as a form with reportlab calls and places it 50 times with a name each, as
pnp does. Run: python3 benchmarks/dice_trip_pad.py
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.base.units import MM, PAPERS  # noqa: E402


def _load(count: int):  # noqa: ANN202 - benchmark helper
    from pnp.load.content import shipped_dir
    from pnp.pipeline.build import load_valid_game

    game, _ = load_valid_game(shipped_dir("content") / "dice-trip", [])
    game.options.update(count=count, per_page=2, names=["Ann", "Ben", "Cleo"])
    return game


def pnp_pad(count: int = 50) -> tuple[float, int]:
    from pnp.components import pad
    from pnp.games.dice_trip import sheet as dice_trip
    from pnp.layout.options import BuildOptions
    from pnp.load.content import shipped_dir
    from pnp.render.templates import Renderer, search_path

    dice_trip._geometry.cache_clear()
    t = time.perf_counter()
    game = _load(count)
    renderer = Renderer(search_path(game.folder, shipped_dir("templates"), game.id))
    built = pad.build(game, game.components["sheets"], renderer, BuildOptions())
    return time.perf_counter() - t, len(built.data)


def reportlab_pad(count: int = 50) -> tuple[float, int]:
    from reportlab.pdfgen.canvas import Canvas

    from pnp.base import fonts
    from pnp.games.dice_trip import sheet as dice_trip
    from pnp.games.dice_trip.sheet import sheet_context

    fonts.register()
    dice_trip._geometry.cache_clear()
    t = time.perf_counter()
    game = _load(count)  # the same loading and map geometry as pnp, then the drawing
    ctx = sheet_context(game, "sheets", "en")
    w, h = PAPERS["a4"]
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=(h, w), invariant=1)
    sheet_h = 210 * MM

    def pt(x: float, y: float) -> tuple[float, float]:  # sheet mm (y down) → points
        return x * MM, sheet_h - y * MM

    def poly(d: str) -> None:
        pts = [tuple(map(float, p.strip().split())) for p in d[1:-1].replace("L", "|").split("|")]
        path = c.beginPath()
        path.moveTo(*pt(42 + pts[0][0], 15 + pts[0][1]))
        for x, y in pts[1:]:
            path.lineTo(*pt(42 + x, 15 + y))
        path.close()
        c.drawPath(path, stroke=1, fill=1)

    c.beginForm("sheet")
    m = ctx["map"]
    for z in m["zones"]:
        c.setFillColor(z["tone"])
        c.setStrokeColor(z["tone"])
        for d in z["paths"]:
            poly(d)
    c.setDash(0.3, 3)
    for r in m["roads"]:
        c.line(*pt(42 + r["a"][0], 15 + r["a"][1]), *pt(42 + r["b"][0], 15 + r["b"][1]))
    c.setDash()
    c.setFont(fonts.REGULAR, 2.3 * MM)
    for city in m["cities"]:
        c.setFillColor("#ffffff")
        c.circle(*pt(42 + city["x"], 15 + city["y"]), 3.3 * MM, stroke=1, fill=1)
        c.setFillColor("#000000")
        c.drawCentredString(*pt(42 + city["text"][0], 15 + city["text"][1]), city["label"])
    for i in range(7):
        c.rect(*pt(5, 25 + i * 15.8 + 12.2), 34 * MM, 8 * MM)
        c.drawString(*pt(5, 25 + i * 15.8), ["Bonus", "Crossed", "Road", "Series", "Zones",
                                             "Tens", "Total"][i])
    for i, n in enumerate(ctx["tracker"]):
        x, y = 7 + (i % 18) * 7.45, 161 + (i // 18) * 7.2
        c.rect(*pt(x, y + 7.2), 7.45 * MM, 7.2 * MM)
        c.drawCentredString(*pt(x + 3.7, y + 4.6), str(n))
    c.endForm()
    names = ["Ann", "Ben", "Cleo"]
    for start in range(0, count, 2):
        for slot in range(min(2, count - start)):
            c.saveState()
            c.translate(slot * h / 2, 0)
            c.doForm("sheet")
            c.setFont(fonts.REGULAR, 4.2 * MM)
            c.drawString(92 * MM, sheet_h - 11.3 * MM, names[(start + slot) % 3])
            c.restoreState()
        c.showPage()
    c.save()
    return time.perf_counter() - t, len(buf.getvalue())


def main() -> None:
    pnp_pad(50)
    ours = min(pnp_pad(50) for _ in range(5))
    floor = min(reportlab_pad(50) for _ in range(5))
    print("50 Dice Trip sheets, 2 per A4 page")
    print(f"  pnp pad in-process: {ours[0] * 1000:6.1f} ms, PDF {ours[1] / 1024:.0f} KiB")
    print(f"  reportlab direct:   {floor[0] * 1000:6.1f} ms, PDF {floor[1] / 1024:.0f} KiB")
    print(f"  ratio: {ours[0] / floor[0]:.2f}x")


if __name__ == "__main__":
    main()
