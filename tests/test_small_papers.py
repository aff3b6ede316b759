"""Every game on every common paper: what fits is built (one-page sheets shrunk onto the
printable area, a board tiled at 100 %, the pad one a page), what cannot fit is refused
in one line naming the smallest paper it needs, and the PDFs are opened and measured:
page size, text size, and nothing printed within 5 mm of the paper's edge."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, run_pnp

from pnp.layout.paper import paper

GAMES = ("dice-trip", "temple", "temple-of-doom", "temple-rush", "temple-trip")
# (components built, components refused) per game, in GAMES' order. Before this table
# a game with one component that did not fit built nothing: on A5, A6 and half-letter
# every game failed, on B5 all but Temple Rush. The setup guide (Temple of Doom) and the
# QuickStart (Temple Trip) were then refused on A5, A6, B5 and half-letter; now they are
# laid out for those papers. What is still refused cannot fit: cut pieces larger than
# the paper, Temple Trip's Rules Booklet (shrunk, its text would print under 7 pt).
TABLE = {
    "a3": [(1, 0), (3, 0), (5, 0), (9, 0), (9, 0)],
    "a4": [(1, 0), (3, 0), (5, 0), (9, 0), (9, 0)],
    "a5": [(1, 0), (3, 0), (5, 0), (8, 1), (8, 1)],
    "a6": [(0, 1), (2, 1), (5, 0), (7, 2), (8, 1)],
    "b5": [(1, 0), (3, 0), (5, 0), (9, 0), (9, 0)],
    "halfletter": [(1, 0), (3, 0), (5, 0), (8, 1), (8, 1)],
    "letter": [(1, 0), (3, 0), (5, 0), (9, 0), (9, 0)],
    "legal": [(1, 0), (3, 0), (5, 0), (9, 0), (9, 0)],
    "tabloid": [(1, 0), (3, 0), (5, 0), (9, 0), (9, 0)],
}
MIN_TEXT = 6.0  # pt (preflight's minimum); the info line's 5.5 pt is page furniture
REFUSAL = re.compile(r"^content/[\w-]+/game\.yaml:\d+: components\.[\w.-]+: .+: needs "
                     r"\S+ \(--paper \w+\)( or \S+ \(--paper \w+\))? or larger, not built on ")


@pytest.fixture(scope="module", params=list(TABLE))
def built(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
          ) -> tuple[str, Path, list[str], int]:
    out = tmp_path_factory.mktemp(request.param)
    result = run_pnp("build", "--paper", request.param, "--out", out)
    return request.param, out, result.stderr.splitlines(), result.returncode


def test_what_fits_is_built_and_the_rest_refused_in_one_line(built) -> None:
    name, out, stderr, code = built
    counts, refusals = [], 0
    for game in GAMES:
        manifest = json.loads((out / game / "manifest.json").read_text())
        made = {f["component"] for f in manifest["files"]} | {
            w["component"] for f in manifest["files"] for w in f.get("with", [])}
        refused = manifest.get("refused", [])
        counts.append((len(made), len(refused)))
        refusals += len(refused)
        assert manifest["paper"] == name
    assert counts == TABLE[name]
    assert code == (1 if refusals else 0), stderr
    lines = [s for s in stderr if not s.startswith("warning")]
    assert len([s for s in lines if REFUSAL.match(s)]) == refusals, lines
    assert len(lines) == refusals + (1 if refusals else 0), lines  # and one summary line


def _pdfs(out: Path) -> list[Path]:
    return sorted(p for p in out.glob("*/*.pdf") if not p.name.endswith("-poster.pdf"))


def test_pages_are_the_paper_and_text_is_readable(built) -> None:
    name, out, _, _ = built
    sheet = paper(name)
    size = sorted((sheet.short / MM, sheet.long / MM))
    for pdf_path in _pdfs(out):
        with pdfplumber.open(pdf_path) as pdf:
            for page in pdf.pages[:3]:
                assert sorted((page.width / MM, page.height / MM)) == pytest.approx(
                    size, abs=0.01), pdf_path
                if "— assembly" in (page.extract_text() or ""):
                    continue  # a tiled board's index: a thumbnail of the board
                small = [c for c in page.chars if c["text"].strip()
                         and _size(c) < MIN_TEXT - 0.01
                         and not (abs(_size(c) - 5.5) < 0.3 and _near_edge(c, page, 12 * MM))]
                assert not small, (pdf_path, "".join(c["text"] for c in small)[:80])


SMALL = ("a5", "a6", "b5", "halfletter")  # smaller than A4 and Letter


def test_the_setup_guide_and_quickstart_are_laid_out_for_a_small_paper(
        built, tod_a4: Path, tt_a4: Path) -> None:
    """Not shrunk: every word of the A4 page, at the A4 page's text sizes, on two or more
    pages of the small paper (the setup guide's temple on page 1, its steps after)."""
    name, out, _, _ = built
    if name not in SMALL:
        pytest.skip(f"{name} holds the A4 design as it is")
    for a4, pdf_path in ((tod_a4 / "layout.pdf", out / "temple-of-doom" / "layout.pdf"),
                         (tt_a4 / "quickstart.pdf", out / "temple-trip" / "quickstart.pdf")):
        (words, sizes, _), (small_words, small_sizes, pages) = _read(a4), _read(pdf_path)
        assert pages >= 2, pdf_path
        if not (name == "a6" and a4.name == "layout.pdf"):
            assert small_words == words, (pdf_path, small_words - words, words - small_words)
        else:  # on A6 the line under the guide's title is left out; nothing else
            assert words - small_words == Counter(_SUBTITLE.split()), pdf_path
            assert not small_words - words, pdf_path
        assert min(small_sizes) == min(sizes) == pytest.approx(7.09, abs=0.02), pdf_path
        assert Counter(small_sizes).most_common(1) == Counter(sizes).most_common(1), pdf_path


_SUBTITLE = ("The temple as you lay it out, the easier layout, and the three decks after the "
             "swap. Print at 100 %.")


def _read(pdf_path: Path) -> tuple[Counter, list[float], int]:
    """The words a PDF prints (its info line left out), their sizes (pt, to 0.01) and its
    page count."""
    words: Counter = Counter()
    sizes: list[float] = []
    with pdfplumber.open(pdf_path) as pdf:
        for page in pdf.pages:
            footer = page.height - 10 * MM  # the info line below it names page and paper
            text = page.filter(lambda o, footer=footer: o.get("object_type") != "char"
                               or o["bottom"] < footer)
            words.update(w["text"] for w in text.extract_words(keep_blank_chars=False))
            sizes += [round(_size(c), 2) for c in text.chars if c["text"].strip()]
        return words, sizes, len(pdf.pages)


def _size(c: dict) -> float:
    """The printed font size: the glyph box's height across the line (pdfplumber's
    `size` is the advance for text turned a quarter: the Temple board faces each
    player)."""
    a, b = c["matrix"][:2]
    return float(c["x1"] - c["x0"] if abs(b) > abs(a) else c["bottom"] - c["top"])


def _near_edge(c: dict, page: object, d: float) -> bool:
    return (c["x0"] < d or c["top"] < d or page.width - c["x1"] < d  # type: ignore
            or page.height - c["bottom"] < d)  # type: ignore[attr-defined]


def test_nothing_prints_within_5_mm_of_the_edge(built) -> None:
    """A tint that ran to the paper's edge (setup guide, Temple board) would show here."""
    pdfium = pytest.importorskip("pypdfium2", reason="renders the pages to measure them")
    _, out, _, _ = built
    dpi = 36
    border = int(4.6 / 25.4 * dpi)  # 5 mm, less half a pixel for antialiasing
    for pdf_path in _pdfs(out):
        doc = pdfium.PdfDocument(str(pdf_path))
        for i in range(min(3, len(doc))):
            img = doc[i].render(scale=dpi / 72).to_pil().convert("L")
            w, h = img.size
            for box in ((0, 0, w, border), (0, h - border, w, h), (0, 0, border, h),
                        (w - border, 0, w, h)):
                assert img.crop(box).getextrema()[0] >= 250, (pdf_path, i + 1, box)


def test_the_pad_is_one_a_page_where_two_do_not_fit(tmp_path: Path) -> None:
    for name, per_page in (("a5", 1), ("halfletter", 1), ("b5", 1), ("a4", 2)):
        result = run_pnp("build", "dice-trip", "--paper", name, "--out", tmp_path / name)
        assert result.returncode == 0, result.stderr
        pages = json.loads((tmp_path / name / "dice-trip" / "manifest.json").read_text())[
            "files"][0]["pages"]
        assert pages == 50 // per_page
    result = run_pnp("sheets", "dice-trip", "--paper", "a5", "--per-page", "2", "--out",
                     tmp_path / "two.pdf")
    assert result.returncode == 1 and "one a page fits (--per-page 1)" in result.stderr
    assert len(result.stderr.splitlines()) == 1 and not (tmp_path / "two.pdf").exists()


def test_a_refusal_keeps_the_rest_and_replaces_nothing_else(tmp_path: Path) -> None:
    """Built on A4, then on A6: the A6 set (its manifest says what was refused) replaces
    the A4 set whole, so the folder never mixes two papers."""
    assert run_pnp("build", "temple", "--out", tmp_path).returncode == 0
    result = run_pnp("build", "temple", "--paper", "a6", "--out", tmp_path)
    assert result.returncode == 1
    folder = tmp_path / "temple"
    manifest = json.loads((folder / "manifest.json").read_text())
    assert [r["component"] for r in manifest["refused"]] == ["reference"]
    assert "A5 (--paper a5)" in manifest["refused"][0]["message"]
    assert not (folder / "reference.pdf").exists()
    assert sorted(p.name for p in folder.glob("*.pdf")) == [
        "board-poster.pdf", "board.pdf", "stones.pdf"]
