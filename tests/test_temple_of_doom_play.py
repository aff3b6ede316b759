"""Temple of Doom as printed and played: cards told apart in black and white, backs that
give nothing away, archaeologists that fit their tiles, one sheet of tiles, and a play
reference that teaches a round."""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from pathlib import Path

import pdfplumber
import pytest
from conftest import MM, assert_clean_failure, run_pnp

from pnp.base import colour

CARD_W, CARD_H = 63.5, 88.0


def _grey_page(pdf: Path, index: int, dpi: int = 60):  # type: ignore[no-untyped-def]
    pdfium = pytest.importorskip("pypdfium2")
    doc = pdfium.PdfDocument(str(pdf))
    return doc[index].render(scale=dpi / 72).to_pil().convert("L")


def _cards_on(page: pdfplumber.page.Page) -> list[tuple[float, float]]:
    """Top-left corners (points) of the cards on a fronts page, found from the label
    under each card's symbol ('Drop · 1'), which sits at the card's centre line."""
    words = page.extract_words(keep_blank_chars=True)
    out = []
    for w in words:
        if re.fullmatch(r"(Drop|Hammers|Circles|Bricks|Wheel|Arrow) · \d", w["text"]):
            cx = (w["x0"] + w["x1"]) / 2
            out.append((cx - CARD_W / 2 * MM, w["bottom"] - (CARD_H / 2 + 23.2) * MM - 1))
    return out


def _crop(img, corner: tuple[float, float], box: tuple[float, float, float, float],  # type: ignore[no-untyped-def]
          dpi: int = 60):
    k = dpi / 72
    x, y = corner
    return img.crop((round((x + box[0] * MM) * k), round((y + box[1] * MM) * k),
                     round((x + box[2] * MM) * k), round((y + box[3] * MM) * k)))


def _mean_diff(a, b) -> float:  # type: ignore[no-untyped-def]
    from PIL import ImageChops, ImageStat

    return ImageStat.Stat(ImageChops.difference(a, b.resize(a.size))).mean[0]


def test_no_two_cards_alike_in_greyscale(tod_a4: Path) -> None:
    """Printed in black and white, every card on a sheet still looks different from the
    others (before: pink and green cards were grey 172 and 171, six pairs identical)."""
    pdf = pdfplumber.open(tod_a4 / "cards.pdf")
    for index in range(0, 12, 2):
        corners = _cards_on(pdf.pages[index])
        assert len(corners) == 9
        img = _grey_page(tod_a4 / "cards.pdf", index)
        crops = [_crop(img, c, (0, 0, CARD_W, CARD_H)) for c in corners]
        worst = min(_mean_diff(a, b) for a, b in combinations(crops, 2))
        assert worst > 4, (index, worst)


@pytest.mark.parametrize("kind", ["deutan", "protan"])
def test_no_two_cards_alike_to_colour_blind_eyes(tod_a4: Path, kind: str) -> None:
    """The sheets rendered, then seen through the deuteranopia / protanopia simulation:
    every card on a sheet still differs from every other (same crops as in grey)."""
    from PIL import Image

    pdfium = pytest.importorskip("pypdfium2")
    pdf = pdfplumber.open(tod_a4 / "cards.pdf")
    doc = pdfium.PdfDocument(str(tod_a4 / "cards.pdf"))
    for index in (0, 2, 6, 10):
        img = doc[index].render(scale=40 / 72).to_pil().convert("RGB")
        crops = []
        for corner in _cards_on(pdf.pages[index]):
            small = _crop(img, corner, (0, 0, CARD_W, CARD_H), dpi=40).resize((24, 34))
            raw = small.tobytes()
            seen = bytes(round(255 * c) for i in range(0, len(raw), 3)
                         for c in colour.simulate((raw[i] / 255, raw[i + 1] / 255,
                                                   raw[i + 2] / 255), kind))
            crops.append(Image.frombytes("RGB", small.size, seen).convert("L"))
        assert len(crops) == 9
        worst = min(_mean_diff(a, b) for a, b in combinations(crops, 2))
        assert worst > 3, (kind, index, worst)


def test_background_and_border_colours_spread_in_grey() -> None:
    import yaml

    data = yaml.safe_load((Path(__file__).parent.parent / "content/temple-of-doom/game.yaml")
                          .read_text())["data"]
    backgrounds = [colour.parse(b["fill"]) for b in data["backgrounds"].values()]
    for a, b in combinations(backgrounds, 2):  # decks: clear by contrast alone
        assert colour.clear(colour.differences(a, b))
    borders = {k: colour.parse(b["fill"]) for k, b in data["borders"].items()}
    diff = colour.differences(borders["red"], borders["blue"])
    assert diff["grey"] > 10  # was 3.1: the shape marks carry the rest
    assert colour.differences(borders["red"], borders["green"])["deutan"] > 20  # was 19.7
    assert len({b["mark"] for b in data["borders"].values()}) == 6


def test_corner_index_shows_the_border_shape(tod_a4: Path) -> None:
    """The shape mark sits in the corner index (seen in a fanned hand): the index crops
    of a black-bordered and a yellow-bordered card differ where the mark is."""
    pdf = pdfplumber.open(tod_a4 / "cards.pdf")
    badge = (9.2, 28.2, 16.8, 35.8)
    black = _crop(_grey_page(tod_a4 / "cards.pdf", 0), _cards_on(pdf.pages[0])[0], badge)
    yellow = _crop(_grey_page(tod_a4 / "cards.pdf", 2), _cards_on(pdf.pages[2])[0], badge)
    assert _mean_diff(black, yellow) > 15
    from PIL import ImageStat

    assert ImageStat.Stat(black).stddev[0] > 30  # a drawn mark, not an empty box


def test_every_card_names_its_deck_after_the_swap(tod_a4: Path) -> None:
    pdf = pdfplumber.open(tod_a4 / "cards.pdf")
    fronts = Counter(re.findall(r"RELIC|TEMPLE(?! OF)|MOVEMENT",
                                " ".join(p.extract_text() for p in pdf.pages[0::2])))
    assert fronts == {"RELIC": 18, "TEMPLE": 18, "MOVEMENT": 18}
    first = pdf.pages[0].extract_text()  # black borders: 3 pink and 3 brown go to Temple
    assert first.count("TEMPLE") == 6 and "RELIC" not in first


def test_backs_uniform_within_each_deck(tod_a4: Path) -> None:
    """No back gives a card away: after the swap the black relics have Temple backs and
    the white temples Relic backs, and every back of a deck prints alike."""
    pdf = pdfplumber.open(tod_a4 / "cards.pdf")
    backs = Counter(re.findall(r"RELIC|TEMPLE(?! OF)|MOVEMENT",
                               " ".join(p.extract_text() for p in pdf.pages[1::2])))
    assert backs == {"RELIC": 18, "TEMPLE": 18, "MOVEMENT": 18}
    assert Counter(re.findall(r"RELIC|TEMPLE(?! OF)|MOVEMENT",
                              pdf.pages[1].extract_text())) == {"TEMPLE": 6, "MOVEMENT": 3}
    img = _grey_page(tod_a4 / "cards.pdf", 1)
    page = pdf.pages[1]
    by_deck: dict[str, list] = {}
    for w in page.extract_words(extra_attrs=["size"]):
        if w["text"] in ("RELIC", "TEMPLE", "MOVEMENT") and w["size"] > 12:
            corner = ((w["x0"] + w["x1"]) / 2 - CARD_W / 2 * MM, w["top"] - 64 * MM)
            crop = _crop(img, corner, (5, 5, 58, 80)).resize((16, 24))  # alike, not pixel-exact
            by_deck.setdefault(w["text"], []).append(crop)
    assert sum(len(v) for v in by_deck.values()) == 9
    for crops in by_deck.values():
        assert max(_mean_diff(crops[0], c) for c in crops) < 5
    assert _mean_diff(by_deck["TEMPLE"][0], by_deck["MOVEMENT"][0]) > 20


def test_tiles_and_archaeologists_share_one_sheet(tod_a4: Path) -> None:
    tiles = pdfplumber.open(tod_a4 / "tiles.pdf")
    assert len(tiles.pages) == 2  # one sheet: fronts and backs
    assert tiles.pages[1].extract_text().count("COLLAPSED") == 36
    assert not (tod_a4 / "cubes.pdf").exists()
    rings = [c for c in tiles.pages[0].curves
             if abs((c["x1"] - c["x0"]) - 12 * MM) < 0.3 and abs((c["bottom"] - c["top"])
                                                                - 12 * MM) < 0.3]
    assert len(rings) == 8  # the cut line of each 12 mm token
    lines = [ln for ln in tiles.pages[0].lines if ln["top"] > 20 * MM and ln["bottom"] < 270 * MM
             and 20 * MM < ln["x0"] and ln["x1"] < 186 * MM]
    assert lines == []  # no texture line across the sheet to mistake for a cut


def test_tiles_fit_one_letter_sheet_too(tmp_path: Path) -> None:
    assert run_pnp("build", "temple-of-doom", "--paper", "letter", "--out",
                   tmp_path).returncode == 0
    assert len(pdfplumber.open(tmp_path / "temple-of-doom/tiles.pdf").pages) == 2


def test_two_archaeologists_fit_a_tile_beside_its_symbol(content_copy: Path) -> None:
    ok = run_pnp("validate", "temple-of-doom", "--content", content_copy)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "fits 2" in ok.stdout
    game = content_copy / "temple-of-doom" / "game.yaml"
    game.write_text(game.read_text().replace("size: 12mm", "size: 15mm"))
    lines = assert_clean_failure(run_pnp("validate", "temple-of-doom", "--content",
                                         content_copy), 1)
    assert any("two archaeologists side by side on a tile" in ln and "does not fit on tiles "
               "stand" in ln for ln in lines), lines


def test_border_shapes_are_what_tells_colours_apart(content_copy: Path) -> None:
    game = content_copy / "temple-of-doom" / "game.yaml"
    text = game.read_text()
    game.write_text(re.sub(r"mark: (triangle|square|diamond)", "mark: circle", text))
    lines = assert_clean_failure(run_pnp("validate", "temple-of-doom", "--content",
                                         content_copy), 1)
    assert any("border" in ln and "printed cues look the same without colour" in ln
               for ln in lines), lines


def test_play_reference_teaches_a_round(tod_a4: Path) -> None:
    pdf = pdfplumber.open(tod_a4 / "reference.pdf")
    assert len(pdf.pages) == 2
    text = " ".join(p.extract_text() for p in pdf.pages).replace("\n", " ")
    for needed in ("A ROUND", "END OF ROUND", "DEALING", "TABLE AND SCORE", "white = any",
                   "black = none", "house rule", "shuffle the 12 played", "refill the Relics",
                   "Two players get 3 cards", "Relic deck and 3 face-up", "discard pile",
                   "escaped", "row 9 into row 6"):
        assert needed in text, needed
    sizes = {round(c["size"], 1) for p in pdf.pages for c in p.chars
             if c["top"] < p.height - 15 * MM  # the cards, not the page's info line
             and c["text"].strip()}  # nor the invisible spaces that keep the page upright
    assert min(sizes) >= 7 - 0.05, sorted(sizes)[:3]


def test_deck_balance_errors_name_the_cards(content_copy: Path) -> None:
    cards = content_copy / "temple-of-doom" / "cards.yaml"
    cards.write_text(cards.read_text().replace(
        "{id: G39, background: pink, value: 3, border: red, symbol: drop}",
        "{id: G39, background: pink, value: 3, border: red, symbol: wheel}"))
    lines = assert_clean_failure(run_pnp("validate", "temple-of-doom", "--content",
                                         content_copy), 1)
    spread = [ln for ln in lines if "symbols-per-deck" in ln]
    assert spread, lines
    assert "Temple deck: 4 Wheel (G21, G29" not in spread[0]  # G29 is a white, gone to Relic
    assert re.search(r"Temple deck: 2 Drop \(G\d\d, G\d\d\), 4 Wheel \(G\d\d, G\d\d, G39, "
                     r"G\d\d\)", spread[0]), spread[0]
    assert re.match(r".*cards\.yaml:\d+: cards\[\d+\]", spread[0])
