"""Temple Trip's Rules Booklet (A5 pages two to a landscape sheet, in booklet order), the
LEGEND and QuickStart at 7 pt or more, and the names printed with their accents."""

import json
import re
import shutil
from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, ROOT, SEEDS, assert_clean_failure, run_pnp

GAME = "temple-trip"
RULES = SEEDS / "000_9eba112ed73a837e.txt"


def halves(pdf: Path) -> list[tuple[str, str]]:
    """Each printed side's left and right A5 page, as text."""
    out = []
    for page in pdfplumber.open(pdf).pages:
        mid = page.width / 2
        out.append(tuple(" ".join((page.crop(box).extract_text() or "").split()) for box in
                         ((0, 0, mid, page.height), (mid, 0, page.width, page.height))))
    return out


def page_numbers(pdf: Path) -> list[tuple[int | None, int | None]]:
    """The page number printed at the foot of each A5 page (None: a blank page or the
    cover), read from the band just above the sheet's info line."""
    out = []
    for page in pdfplumber.open(pdf).pages:
        mid = page.width / 2
        pair: list[int | None] = []
        for x0, x1 in ((0, mid), (mid, page.width)):
            words = [w["text"] for w in page.crop((x0, page.height - 22 * MM, x1,
                                                   page.height - 11 * MM)).extract_words()]
            pair.append(int(words[0]) if len(words) == 1 and words[0].isdigit() else None)
        out.append((pair[0], pair[1]))
    return out


def test_booklet_is_a5_pages_two_up_in_booklet_order(tt_a4: Path) -> None:
    pdf = tt_a4 / "booklet.pdf"
    pages = pdfplumber.open(pdf).pages
    assert len(pages) % 2 == 0 and len(pages) >= 4
    for page in pages:  # A4 landscape: two A5 pages side by side
        assert round(page.width / MM) == 297 and round(page.height / MM) == 210
    n = 2 * len(pages)  # A5 pages
    expected = []
    for k in range(n // 4):
        expected += [(n - 2 * k, 2 * k + 1), (2 * k + 2, n - 2 * k - 1)]
    printed = page_numbers(pdf)
    for want, got in zip(expected, printed, strict=True):
        for w, g in zip(want, got, strict=True):
            assert g is None or g == w, (expected, printed)
    assert sum(g is not None for pair in printed for g in pair) >= 4
    text = halves(pdf)
    assert "Rules Booklet" in text[0][1] and "Contents" in text[0][1]  # page 1, front right
    assert "What is in the box" in text[1][0]  # page 2 backs page 1
    assert "double-sided, flipping on the short edge" in text[0][1]


def test_booklet_contents_name_the_pages_their_sections_start_on(tt_a4: Path) -> None:
    pdf = tt_a4 / "booklet.pdf"
    cover = halves(pdf)[0][1]
    numbers = dict(p for pair in zip(page_numbers(pdf), halves(pdf), strict=True)
                   for p in zip(pair[0], pair[1], strict=True) if p[0] is not None)
    for title in ("Border Posts", "ASSIGNMENT cards", "Winning", "Your own temple"):
        page = int(re.search(re.escape(title) + r" (\d+)", cover).group(1))
        assert title in numbers[page], (title, page)


def test_no_booklet_page_is_blank_and_the_back_cover_sums_up_a_turn(tt_a4: Path) -> None:
    """Every A5 page carries text beyond its number (a folded booklet shows each one),
    and the last page, the back cover, holds the turn summary where it is found at once."""
    pdf = tt_a4 / "booklet.pdf"
    n = 2 * len(pdfplumber.open(pdf).pages)
    order = [p for k in range(n // 4) for p in (n - 2 * k, 2 * k + 1, 2 * k + 2, n - 2 * k - 1)]
    text = dict(zip(order, [t for pair in halves(pdf) for t in pair], strict=True))
    for number, words in text.items():
        assert len(words.split()) > 20, (number, words)
    assert text[n].startswith("A turn at a glance"), text[n][:80]
    assert re.search(r"A turn at a glance " + str(n), halves(pdf)[0][1])


def test_booklet_covers_what_the_quickstart_leaves_out(tt_a4: Path) -> None:
    text = " ".join(" ".join(pair) for pair in halves(tt_a4 / "booklet.pdf"))
    for rule in ("before any TEMPLE card is dealt",  # SET UP 3: pawns placed before dealing
                 "players times temples may not be more than 62",
                 "Anchorage and Laie are reached only by air",  # rule 10
                 "Nobody draws for their first roll",  # rule 9
                 "bottom of the draw pile",  # PASSPORT EXPRESS
                 "straight back on top",  # the cards that pass cones (rule 11)
                 "shuffle the discards",
                 "sent to Anchorage, everyone may fly out without drawing",
                 "the visit does not count",  # rule 13: diverted on, or forgot
                 "STRAIGHT AND NARROW ROAD", "AIRWAY TO HEAVEN",
                 "at the end of any later turn",  # cones you own
                 "A card that speaks of your next roll",
                 "--custom FILE"):
        assert rule in text, rule


def test_booklet_is_in_pnps_own_words(tt_a4: Path) -> None:
    """No run of eight words of the rules document appears in the booklet."""
    def words(s: str) -> list[str]:
        return re.findall(r"[a-z0-9']+", s.lower())

    rules = words(RULES.read_text(encoding="utf-8"))
    runs = {" ".join(rules[i:i + 8]) for i in range(len(rules) - 7)}
    mine = words(" ".join(" ".join(pair) for pair in halves(tt_a4 / "booklet.pdf")))
    copied = [" ".join(mine[i:i + 8]) for i in range(len(mine) - 7)
              if " ".join(mine[i:i + 8]) in runs]
    assert not copied, copied


def test_booklet_on_letter(tmp_path: Path) -> None:
    result = run_pnp("build", GAME, "--out", tmp_path, "--paper", "letter")
    assert result.returncode == 0, result.stderr
    page = pdfplumber.open(tmp_path / GAME / "booklet.pdf").pages[0]
    assert round(page.width / MM, 1) == 279.4 and round(page.height / MM, 1) == 215.9


@pytest.mark.parametrize("pdf", ["legend.pdf", "quickstart.pdf", "booklet.pdf"])
def test_text_players_read_is_at_least_7_pt(tt_a4: Path, pdf: str) -> None:
    from pnp.components.sheet import FOOTER

    sizes = set()
    for page in pdfplumber.open(tt_a4 / pdf).pages:
        # the page's info line and scale bar lie in the band at its foot
        sizes |= {round(c["size"], 2) for c in page.chars
                  if c["text"].strip() and c["matrix"][5] > FOOTER}
    assert min(sizes) >= 7, sorted(sizes)


def test_validate_holds_the_legend_and_quickstart_to_7_pt(tmp_path: Path) -> None:
    content = tmp_path / "content"
    shutil.copytree(ROOT / "content", content)
    templates = content / GAME / "templates"
    for name, old, new in (("legend-front.svg.j2", 'font-size="2.75"', 'font-size="2.3"'),
                           ("quickstart.svg.j2", 'font-size="2.5" text-anchor',
                            'font-size="2.3" text-anchor')):
        path = templates / name
        assert old in path.read_text()
        path.write_text(path.read_text().replace(old, new))
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content,
                                         "--paper", "a4"), 1)
    assert any("legend.yaml:8: legend[0]: text \"LEGEND" in ln and "(at least 7 pt)" in ln
               for ln in lines), lines
    assert any("quickstart: text 'board' is 6.52 pt at print size (at least 7 pt)" in ln
               for ln in lines), lines


def test_names_keep_their_accents(tt_a4: Path) -> None:
    for pdf in ("temples.pdf", "board-poster.pdf"):
        text = "\n".join(p.extract_text() or "" for p in pdfplumber.open(tt_a4 / pdf).pages)
        assert "Juarez" not in text, pdf
        assert "Juárez" in text, pdf
    temples = "\n".join(p.extract_text() or "" for p in
                        pdfplumber.open(tt_a4 / "temples.pdf").pages)
    assert "Ciudad Juárez Mexico" in temples and "Colonia Juárez" in temples


def test_a_custom_temple_typed_without_accents_is_still_the_same_temple(tmp_path: Path) -> None:
    mine = tmp_path / "mine.yaml"
    mine.write_text("temple: Ciudad Juarez Mexico\ncity: Ciudad Juárez\nstate: CHIH\n"
                    "country: Mexico\nregion: Desert\ntravel: road\n")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--custom", mine), 1)
    assert any("mine.yaml:1: temple: 'Ciudad Juarez Mexico' is already in the game" in ln
               for ln in lines), lines


def test_list_says_how_many_pages_the_booklet_prints(tt_a4: Path) -> None:
    sides = len(pdfplumber.open(tt_a4 / "booklet.pdf").pages)
    folded = 2 * sides  # two A5 pages on each printed side
    article = "an" if str(folded).startswith("8") else "a"
    listed = run_pnp("list")
    assert listed.returncode == 0, listed.stderr
    (line,) = [li for li in listed.stdout.splitlines() if li.strip().startswith("booklet")]
    assert f" {sides} pages ({article} {folded}-page booklet) " in line, line
    (quick,) = [li for li in listed.stdout.splitlines() if li.strip().startswith("quickstart")]
    assert " 1 page " in quick
    games = json.loads(run_pnp("list", "--format", "json").stdout)["games"]
    (game,) = [g for g in games if g["id"] == GAME]
    (comp,) = [c for c in game["components"] if c["id"] == "booklet"]
    assert (comp["count"], comp["unit"], comp["booklet_pages"]) == (sides, "pages", folded)
