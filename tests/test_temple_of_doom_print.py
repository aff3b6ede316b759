"""Temple of Doom's printed defects found at the table, measured in the PDFs: the tile
sheet's cut lines against the archaeologist tokens, the card backs' title contrast, and
what the play reference says where the rules are easy to misread."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, TOD_RULES, run_pnp

TOKEN_TRIM = 12.0  # mm, the archaeologist's cut circle
TOKEN_BLEED = 1.0  # mm of art beyond it
CLEAR = 0.5  # mm: the token's art keeps at least this far from every cut line


def _crop_marks(page: pdfplumber.page.Page) -> list[dict]:
    """Crop marks: black hairlines (the scale bar is grey and thicker)."""
    return [ln for ln in page.lines if abs(ln["linewidth"] - 0.25) < 0.01
            and tuple(ln["stroking_color"] or ()) in ((0.0, 0.0, 0.0), (0,), (0.0,))]


def _cut_lines(page: pdfplumber.page.Page) -> tuple[list[float], list[float]]:
    """x and y (from the top, points) of every straight cut: a guillotine or a ruler
    runs each one across the whole sheet, from crop mark to crop mark."""
    xs = {round(ln["x0"], 2) for ln in _crop_marks(page) if abs(ln["x0"] - ln["x1"]) < 0.01}
    ys = {round(ln["top"], 2) for ln in _crop_marks(page) if abs(ln["top"] - ln["bottom"]) < 0.01}
    return sorted(xs), sorted(ys)


def _tokens(page: pdfplumber.page.Page) -> list[tuple[float, float]]:
    """Centres (points, y from the top) of the 12 mm cut circles of the tokens."""
    return [((c["x0"] + c["x1"]) / 2, (c["top"] + c["bottom"]) / 2) for c in page.curves
            if abs(c["width"] - TOKEN_TRIM * MM) < 0.3 and abs(c["height"] - TOKEN_TRIM * MM) < 0.3]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_no_cut_line_crosses_an_archaeologist(tod_a4: Path, tmp_path: Path, paper: str) -> None:
    """Cutting the tile sheet along every column and row line leaves each token whole:
    for each cut line, its distance to every token's art (trim and 1 mm bleed) is at
    least 0.5 mm, on the fronts and on the backs (before: x = 89 mm ran 4.25 mm inside
    a yellow token's trim on A4 and on Letter)."""
    folder = tod_a4
    if paper != "a4":
        result = run_pnp("build", "temple-of-doom", "--paper", paper, "--out", tmp_path)
        assert result.returncode == 0, result.stderr
        folder = tmp_path / "temple-of-doom"
    pdf = pdfplumber.open(folder / "tiles.pdf")
    for page in pdf.pages:
        xs, ys = _cut_lines(page)
        assert len(xs) >= 6 and len(ys) >= 6, (xs, ys)  # the tiles' columns and rows
        tokens = _tokens(page)
        assert len(tokens) == 8
        reach = (TOKEN_TRIM / 2 + TOKEN_BLEED) * MM
        gaps = [abs(cx - x) - reach for cx, _ in tokens for x in xs] + \
               [abs(cy - y) - reach for _, cy in tokens for y in ys]
        assert min(gaps) / MM >= CLEAR - 0.01, f"{paper}: a cut line {min(gaps) / MM:.2f} mm " \
                                               "from a token's art"


def _luminance(rgb: tuple[float, ...]) -> float:
    """WCAG relative luminance of an sRGB colour (components 0..1)."""
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    if len(lin) == 1:
        return lin[0]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def _ratio(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def _ground(pixels: list[tuple[int, ...]], ink: tuple[float, ...]) -> tuple[float, ...]:
    """The commonest colour in a word's box that is not its ink: what the text is on."""
    far = [p for p in pixels if sum(abs(c / 255 - i) for c, i in zip(p, ink, strict=True))
           > 0.1 * len(ink)]
    return tuple(c / 255 for c in Counter(far).most_common(1)[0][0])


def test_back_title_reads_on_every_deck(tod_a4: Path) -> None:
    """'TEMPLE OF DOOM' on every card back has at least 4.5:1 contrast with what it is
    printed on, in colour and printed in greyscale (before: 1.55:1 on the pink Temple
    back, 3.09:1 on the green Movement back)."""
    pdfium = pytest.importorskip("pypdfium2")
    path = tod_a4 / "cards.pdf"
    pdf = pdfplumber.open(path)
    doc = pdfium.PdfDocument(str(path))
    dpi = 300
    k = dpi / 72
    seen: dict[tuple[float, ...], float] = {}
    for index in range(1, len(pdf.pages), 2):  # the backs pages
        page = pdf.pages[index]
        words = [w for w in page.extract_words(extra_attrs=["size", "non_stroking_color"])
                 if w["text"] == "DOOM"]
        assert len(words) == 9
        bitmap = doc[index].render(scale=k)
        rgb, grey = bitmap.to_pil().convert("RGB"), bitmap.to_pil().convert("L")
        for w in words:
            ink = tuple(float(c) for c in w["non_stroking_color"])
            box = (round(w["x0"] * k), round(w["top"] * k), round(w["x1"] * k),
                   round(w["bottom"] * k))
            data = rgb.crop(box).tobytes()
            ground = _ground([tuple(data[i:i + 3]) for i in range(0, len(data), 3)], ink)
            ratio = _ratio(ink, ground)
            assert ratio >= 4.5, f"page {index + 1}: {ratio:.2f}:1 on {ground}"
            seen[tuple(round(c, 2) for c in ground)] = ratio
            greys = Counter(grey.crop(box).tobytes())
            back = greys.most_common(1)[0][0]  # the ground; the ink is furthest from it
            text = max((g for g, n in greys.items() if n >= 20), key=lambda g: abs(g - back))
            assert _ratio((back / 255,), (text / 255,)) >= 4.5, (index, back, text)
    assert len(seen) == 3, seen  # the Relic, Temple and Movement backs


def _shingles(text: str, n: int = 7) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return {tuple(words[i:i + n]) for i in range(len(words) - n + 1)}


def test_reference_says_what_the_rules_leave_easy_to_misread(tod_a4: Path) -> None:
    """The score counts every Relic card not collected (all 18, not only those face
    up); the fallback flips follow the starting row first; matched Temple cards go on
    the discard pile; a 2-point card may move one point by colour and one by symbol.
    In pnp's own words (no 7 words in a row from the rules), at 7 pt or more."""
    pdf = pdfplumber.open(tod_a4 / "reference.pdf")
    faces = []
    for page in pdf.pages:  # two cards side by side: read each between its cut lines
        xs, _ = _cut_lines(page)
        faces += [page.crop((a, 0, b, page.height)).extract_text()
                  for a, b in zip(xs, xs[1:], strict=False)]
    text = " ".join(faces).replace("\n", " ")
    for needed in ("Relics not collected, counting all 18", "left in the Relic deck",
                   "Above 0 wins", "any face-up tile", "removes a tile",
                   "nearest the starting row first", "in a row, you choose",
                   "goes on the discard pile", "Matched Temple cards go there",
                   "house rule", "Each point goes by colour or by symbol",
                   "a 2 may use one of each"):
        assert needed in text, needed
    copied = _shingles(text) & _shingles(TOD_RULES.read_text(encoding="utf-8"))
    assert not copied, sorted(" ".join(s) for s in copied)
    sizes = {round(c["size"], 1) for p in pdf.pages for c in p.chars
             if c["top"] < p.height - 15 * MM  # the cards, not the page's info line
             and c["text"].strip()}  # nor the invisible spaces that keep the page upright
    assert min(sizes) >= 7 - 0.05, sorted(sizes)[:3]
