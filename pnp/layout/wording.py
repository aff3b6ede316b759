"""The few words pnp itself prints on a page (footers, sheet notes), per language: a
French game printed with `--lang fr` has no English on it."""

from __future__ import annotations

WORDS: dict[str, dict[str, str]] = {
    "en": {"fronts": "fronts", "page": "page", "bleed": "bleed",
           "backs_flip": "backs (flip on the {edge} edge)", "edge_long": "long",
           "edge_short": "short", "cut_dashed": "cut on the dashed line",
           "fold": "fronts | backs: fold on the dashed line, glue, cut",
           "tiled": "(tiled)", "poster": "(full-size poster)"},
    "fr": {"fronts": "recto", "page": "page", "bleed": "fond perdu",
           "backs_flip": "verso (retourner sur le bord {edge})", "edge_long": "long",
           "edge_short": "court", "cut_dashed": "coupez sur les tirets",
           "fold": "recto | verso : pliez sur les tirets, collez, coupez",
           "tiled": "(en tuiles)", "poster": "(affiche grandeur nature)"},
    "de": {"fronts": "Vorderseiten", "page": "Seite",
           "bleed": "Anschnitt",
           "backs_flip": "Rückseiten (an der {edge} Kante wenden)",
           "edge_long": "langen", "edge_short": "kurzen",
           "cut_dashed": "an der gestrichelten Linie schneiden",
           "fold": "Vorder- | Rückseiten: an der gestrichelten Linie falten, kleben, schneiden",
           "tiled": "(gekachelt)", "poster": "(Poster in voller Größe)"},
}


def words(lang: str | None) -> dict[str, str]:
    """The words in `lang`, English for a language pnp has no words for."""
    return WORDS.get((lang or "en").split("-")[0], WORDS["en"])
