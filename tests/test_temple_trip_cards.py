"""Temple Trip's printed rules: the QuickStart page, on A4 and on US Letter."""

from collections import Counter
from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, ROOT, run_pnp

GAME = "temple-trip"
PAPERS = ("a4", "letter")


@pytest.fixture(scope="module", params=PAPERS)
def quickstart(request: pytest.FixtureRequest,
               tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp(f"tt-{request.param}")
    result = run_pnp("build", GAME, "--out", out, "--paper", request.param)
    assert result.returncode == 0, result.stderr
    return out / GAME / "quickstart.pdf"


def body_chars(pdf: Path) -> tuple[pdfplumber.page.Page, list[dict]]:
    """The page and its characters, without the page furniture (the info line and the
    scale bar, in the band at the foot of the page that sheets keep free)."""
    from pnp.components.sheet import FOOTER

    page = pdfplumber.open(pdf).pages[0]
    return page, [c for c in page.chars if c["matrix"][5] > FOOTER and c["text"].strip()]


def text_of(pdf: Path) -> str:
    page = pdfplumber.open(pdf).pages[0]
    halves = [page.crop((0, 0, page.width / 2, page.height)),
              page.crop((page.width / 2, 0, page.width, page.height))]
    return " ".join(" ".join((h.extract_text() or "").split()) for h in halves)


def test_quickstart_explains_the_die_and_moving_through_cities(quickstart: Path) -> None:
    text = text_of(quickstart)
    assert "d6" in text and "six-sided die" in text
    assert "die net in this kit" in text  # the die the kit prints (die.pdf)
    assert "Moving through cities" in text
    assert "Every square and every city you pass counts as one step" in text
    for heading in ("What you need", "Goal", "Set up", "Plan your itinerary",
                    "Cones before the first roll", "Your turn", "Cones in the way",
                    "ASSIGNMENT squares", "Changing travel mode", "Borders",
                    "ASSIGNMENT cards", "Temple visits", "Winning"):
        assert heading in text, heading


def test_quickstart_states_the_boards_facts_from_its_data(quickstart: Path) -> None:
    from pnp.games.temple_trip.data import board
    from pnp.load.content import load_game

    game = load_game(ROOT / "content" / GAME, [])
    assert game is not None
    cities = board(game).cities.values()
    mainland = sum(1 for c in cities if c.airport and not c.flight_only)
    words = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
             "ten", "eleven", "twelve"]
    text = text_of(quickstart)
    assert f"one of the {words[mainland]} mainland airports" in text
    for city in (c for c in cities if c.flight_only):
        assert f"{city.name} ({city.area})" in text
    assert "62 TEMPLE cards (and 4 blank ones" in text and "40 ASSIGNMENT cards" in text
    assert "15 red and 15 blue cones" in text


def test_quickstart_fills_the_page(quickstart: Path) -> None:
    """Both columns reach the lower part of the page: the lowest baseline of each is
    within 40 mm of the page's foot (no empty band at the bottom)."""
    page, chars = body_chars(quickstart)
    for name, side in (("left", lambda c: c["x0"] < page.width / 2),
                       ("right", lambda c: c["x0"] >= page.width / 2)):
        lowest = min(c["matrix"][5] for c in chars if side(c))  # PDF y: up from the foot
        assert lowest / MM <= 40, f"{name} column ends {lowest / MM:.1f} mm above the foot"
        assert lowest / MM >= 10  # and above the page furniture's band


def test_quickstart_text_size(quickstart: Path) -> None:
    _, chars = body_chars(quickstart)
    sizes = Counter(round(c["size"], 2) for c in chars)
    assert min(sizes) >= 6, sizes  # captions included
    body = sizes.most_common(1)[0][0]
    assert body >= 8.5, f"body text {body} pt: the page should use its room for larger text"


def test_quickstart_counts_follow_custom_temples(tmp_path: Path) -> None:
    """A custom temple prints in a blank card's place: the QuickStart counts the kit as
    printed."""
    provo = tmp_path / "provo.yaml"
    provo.write_text("temple: Provo City Center\ncity: Provo\nstate: UT\ncountry: USA\n"
                     "region: Downtown\ntravel: road\n")
    out = tmp_path / "out"
    result = run_pnp("build", GAME, "--custom", provo, "--out", out)
    assert result.returncode == 0, result.stderr
    assert "63 TEMPLE cards (and 3 blank ones" in text_of(out / GAME / "quickstart.pdf")


def assignment_texts(deck: Path) -> list[str]:
    """Each ASSIGNMENT card's printed text: the words below its "ASSIGNMENT" header (the
    7.4 pt word at the card's top) and within its width, in reading order."""
    texts = []
    for page in pdfplumber.open(deck).pages:
        words = page.extract_words(extra_attrs=["size"])
        heads = [w for w in words if w["text"] == "ASSIGNMENT" and abs(w["size"] - 7.37) < 0.05]
        for h in heads:
            mid = (h["x0"] + h["x1"]) / 2
            cell = [w for w in words if abs((w["x0"] + w["x1"]) / 2 - mid) < 30 * MM
                    and 0 <= w["top"] - h["top"] < 85 * MM]
            cell.sort(key=lambda w: (round(w["top"]), w["x0"]))
            texts.append(" ".join(w["text"] for w in cell))
    return texts


@pytest.mark.parametrize(("card", "settles"), [
    ("Carpool", ["In a city other than Salt Lake City?", "Anywhere else, nothing happens"]),
    ("Missionary Transfer", ["pick two of them (yours may be one)",
                             "Cities and Border Posts do not count",
                             "Otherwise nothing happens"]),
    ("Exact Change", ["Your next roll counts as exact"]),
    ("Souvenir Shop", ["at the end of any later turn of yours"]),
    ("Straight and Narrow Road", ["travel by road", "If you change travel mode, discard it"]),
    ("Airway to Heaven", ["travel by air", "If you change travel mode, discard it"]),
    ("Flat Tyre", ["if you have not rolled yet, your turn ends now"]),
])
def test_assignment_cards_settle_when_and_to_whom(tt_a4: Path, card: str,
                                                  settles: list[str]) -> None:
    """The printed card says when it applies, to whom, and when a kept card is used up."""
    texts = [t for t in assignment_texts(tt_a4 / "assignments.pdf")
             if t.startswith(f"ASSIGNMENT {card} ")]
    assert texts, card
    for phrase in settles:
        assert phrase in texts[0], (card, phrase, texts[0])
