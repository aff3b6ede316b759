"""The few words pnp itself prints on a page (footers, sheet notes), per language: a
French game printed with `--lang fr` has no English on it."""

from __future__ import annotations

from pnp.base.units import to_mm
from pnp.layout.impose import Layout

WORDS: dict[str, dict[str, str]] = {
    "en": {"fronts": "fronts", "page": "page", "bleed": "bleed",
           "backs_flip": "backs (flip on the {edge} edge)", "edge_long": "long",
           "edge_short": "short", "cut_dashed": "cut on the dashed line",
           "fold": "fronts | backs: fold on the dashed line, glue, cut",
           "tiled": "(tiled)", "poster": "(full-size poster)",
           "left": "left", "right": "right", "top": "top", "bottom": "bottom"},
    "fr": {"fronts": "recto", "page": "page", "bleed": "fond perdu",
           "backs_flip": "verso (retourner sur le bord {edge})", "edge_long": "long",
           "edge_short": "court", "cut_dashed": "coupez sur les tirets",
           "fold": "recto | verso : pliez sur les tirets, collez, coupez",
           "tiled": "(en tuiles)", "poster": "(affiche grandeur nature)",
           "left": "à gauche", "right": "à droite", "top": "en haut", "bottom": "en bas"},
    "de": {"fronts": "Vorderseiten", "page": "Seite",
           "bleed": "Anschnitt",
           "backs_flip": "Rückseiten (an der {edge} Kante wenden)",
           "edge_long": "langen", "edge_short": "kurzen",
           "cut_dashed": "an der gestrichelten Linie schneiden",
           "fold": "Vorder- | Rückseiten: an der gestrichelten Linie falten, kleben, schneiden",
           "tiled": "(gekachelt)", "poster": "(Poster in voller Größe)",
           "left": "links", "right": "rechts", "top": "oben", "bottom": "unten"},
}


def words(lang: str | None) -> dict[str, str]:
    """The words in `lang`, English for a language pnp has no words for."""
    return WORDS.get((lang or "en").split("-")[0], WORDS["en"])


SIDES = ("left", "right", "top", "bottom")


def trimmed(layout: Layout) -> dict[str, float]:
    """The sheet's sides (left, right, top, bottom) whose outermost items have less bleed
    there than the layout's (impose.mark_room): the least they have."""
    sides = {"left": lambda s: (-s.x, s.bleed_left),
             "right": lambda s: (s.x + s.w, s.bleed_right),
             "top": lambda s: (s.y + s.h, s.bleed_top),
             "bottom": lambda s: (-s.y, s.bleed_bottom)}  # (how far out, its bleed there)
    out = {}
    for side, at in sides.items():
        far = max(at(s)[0] for s in layout.slots)
        out[side] = min(at(s)[1] for s in layout.slots if at(s)[0] > far - 1e-3)
    return {k: v for k, v in out.items() if v < layout.bleed - 1e-6}


def bleed_words(say: dict[str, str], bleed_mm: float, page: Layout) -> str:
    """"bleed 3 mm", and where the sheet's outer bleed gave way to crop marks (`trimmed`)
    what it is there: "bleed 3 mm (left, right 1.65 mm)"."""
    text = f"{say['bleed']} {bleed_mm:g} mm"
    by: dict[float, list[str]] = {}
    for side, b in sorted(trimmed(page).items(), key=lambda t: SIDES.index(t[0])):
        by.setdefault(round(to_mm(b), 2), []).append(say[side])
    parts = [f"{', '.join(sides)} {mm:g} mm" for mm, sides in sorted(by.items())]
    return text + (f" ({'; '.join(parts)})" if parts else "")
