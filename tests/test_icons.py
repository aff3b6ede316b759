"""Icons: icon files (SVG, PNG) as an `image` field and through icon(), at the size asked
or their true size, stored once in the PDF; **bold** and :name: icons in fitted text;
a missing icon file or an unknown icon name is one line at its file and line."""

from __future__ import annotations

import re
import shutil
import zlib
from pathlib import Path

import pdfplumber
import pytest
from conftest import FIXTURES, MM, assert_clean_failure, run_pnp

GAME = FIXTURES / "icons" / "icons"


def _game(tmp_path: Path, front: str | None = None, cards: str | None = None) -> Path:
    """A copy of the fixture game under tmp_path/content, its front or cards replaced."""
    content = tmp_path / "content"
    shutil.copytree(GAME, content / "icons")
    if front is not None:
        (content / "icons" / "templates" / "card-front.svg.j2").write_text(front)
    if cards is not None:
        (content / "icons" / "cards.yaml").write_text(cards)
    return content


def _build(tmp_path: Path, content: Path) -> Path:
    result = run_pnp("build", "icons", "--content", content, "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    return tmp_path / "out" / "icons" / "cards.pdf"


SIZES = """{% import "pnp.svg.j2" as pnp %}
{% call pnp.face(face) %}
<rect x="-3" y="-3" width="69.5" height="94" fill="#ffffff"/>
{{ icon("icons/square.svg", 5, 5) }}
{{ icon("icons/square.svg", 20, 5, h=12) }}
{{ icon("icons/shield.svg", 40, 5) }}
<image href="icons/square.svg" x="5" y="30" width="8" height="8"/>
{{ icon("icons/gem.png", 20, 30) }}
<text x="8" y="80" font-family="Fira Sans" font-size="3">{{ item.id }}</text>
{% endcall %}
"""


def _rects_mm(page: pdfplumber.page.Page, colour: tuple[float, ...]) -> list[tuple[float, ...]]:
    """(x0, top, width, height) in mm of every filled shape of `colour` on the page."""
    out = []
    for shape in page.rects + page.curves:
        fill = shape.get("non_stroking_color")
        if fill is not None and tuple(round(c, 2) for c in fill) == colour:
            out.append(tuple(round(v / MM, 2) for v in (shape["x0"], shape["top"],
                                                         shape["width"], shape["height"])))
    return out


def test_icons_are_the_size_asked_or_their_true_size(tmp_path: Path) -> None:
    pdf = _build(tmp_path, _game(tmp_path, front=SIZES))
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        squares = sorted(_rects_mm(page, (0.13, 0.25, 0.5)))  # #204080
        shields = [c for c in page.curves if c.get("non_stroking_color") and
                   tuple(round(v, 2) for v in c["non_stroking_color"]) == (0.2, 0.4, 0.6)]
        images = page.images
    sizes = {(w, h) for _, _, w, h in squares}
    # 24 px at 1/96 in = 6.35 mm; asked 12 mm tall; an <image> of the SVG 8 x 8 mm
    for want in (6.35, 12.0, 8.0):
        assert any(abs(w - want) <= 0.1 and abs(h - want) <= 0.1 for w, h in sizes), sizes
    # the Inkscape file (XML declaration, sodipodi, style=): a 10 x 12 mm page whose
    # path spans 0.5..9.5 x 0.5..11.5 mm
    assert shields, "the Inkscape icon was not drawn"
    first = shields[0]
    assert abs(first["width"] / MM - 9.0) <= 0.1 and abs(first["height"] / MM - 11.0) <= 0.1
    # the PNG: 48 px at 300 dpi = 4.064 mm
    assert images and all(abs(i["width"] / MM - 4.064) <= 0.1 for i in images[:1]), images


def _streams(pdf: Path) -> list[bytes]:
    """Every stream of the PDF, decompressed."""
    data = pdf.read_bytes()
    out = []
    for m in re.finditer(rb"stream\r?\n", data):
        end = data.find(b"endstream", m.end())
        raw = data[m.end():end]
        for attempt in (raw, raw.rstrip()):
            try:
                out.append(zlib.decompress(_a85(attempt)))
                break
            except (zlib.error, ValueError):
                continue
    return out


def _a85(raw: bytes) -> bytes:
    import base64

    text = raw.strip()
    return base64.a85decode(text[:-2] if text.endswith(b"~>") else text, adobe=False) \
        if text.endswith(b"~>") else text


def _forms(pdf: Path) -> int:
    return len(re.findall(rb"/Subtype\s*/Form", pdf.read_bytes()))


ONE_ICON = """{% import "pnp.svg.j2" as pnp %}
{% call pnp.face(face) %}
{{ icon(item.icon, 5, 5, h=10) }}
<text x="8" y="80" font-family="Fira Sans" font-size="3">{{ item.id }}</text>
{% endcall %}
"""


def test_an_icon_on_40_cards_is_stored_once(tmp_path: Path) -> None:
    cards = (GAME / "cards.yaml").read_text().replace("icons/heart.svg", "icons/coin.svg")
    cards = re.sub(r"icons/(star|sword)\.svg", "icons/coin.svg", cards)
    with_icon = _build(tmp_path / "a", _game(tmp_path / "a", front=ONE_ICON, cards=cards))
    without = _build(tmp_path / "b", _game(tmp_path / "b", front=ONE_ICON.replace(
        "{{ icon(item.icon, 5, 5, h=10) }}", ""), cards=cards))
    assert _forms(with_icon) == _forms(without) + 1  # one form holds the coin
    curves = [s for s in _streams(with_icon) if s.count(b" c") >= 8 and b"Do" not in s]
    others = set(s for s in _streams(without) if s.count(b" c") >= 8)  # (the back's)
    assert len([s for s in curves if s not in others]) == 1  # drawn in one stream only
    uses = sum(s.count(b" Do") for s in _streams(with_icon))
    assert uses >= 40


def test_rich_text_bold_run_and_inline_icon(tmp_path: Path) -> None:
    pdf = _build(tmp_path, _game(tmp_path))
    with pdfplumber.open(pdf) as doc:
        page = doc.pages[0]
        words = page.extract_words(extra_attrs=["fontname", "size"])
        gain = next(w for w in words if w["text"] == "Gain")
        line = [w for w in words if abs(w["top"] - gain["top"]) < 1 and w["x0"] < 75 * MM]
        text = " ".join(w["text"] for w in line)
        assert text == "Gain 2 and draw a card.", text
        fonts = {w["text"]: w["fontname"] for w in line}
        assert fonts["draw"].endswith("FiraSans-Bold"), fonts
        assert fonts["Gain"].endswith("FiraSans-Regular") and fonts["and"] == fonts["Gain"]
        two, and_ = next(w for w in line if w["text"] == "2"), next(
            w for w in line if w["text"] == "and")
        # the coin: strokes between '2' and 'and', as tall as the font size (10 pt)
        coin = [c for c in page.curves if two["x1"] < c["x0"] and c["x1"] < and_["x0"]
                and abs((c["top"] + c["bottom"]) / 2 - (two["top"] + two["bottom"]) / 2) < 6]
        assert coin, "no icon between '2' and 'and'"
        box_w = max(c["x1"] for c in coin) - min(c["x0"] for c in coin)
        assert 0.6 * 10 < box_w <= 10.01  # 18/24 of the 1 em box, plus the stroke


def _one_line_error(result: object, where: str, message: str) -> None:
    lines = assert_clean_failure(result, 1)  # type: ignore[arg-type]
    found = [line for line in lines if where in line and message in line]
    assert found, lines


def test_unknown_icon_name_is_an_error_at_the_item(tmp_path: Path) -> None:
    cards = (GAME / "cards.yaml").read_text().replace("Heal :heart: once.", "Heal :hart:.", 1)
    content = _game(tmp_path, cards=cards)
    for command in ("validate", "build"):
        result = run_pnp(command, "icons", "--content", content, "--out", tmp_path / "o") \
            if command == "build" else run_pnp(command, "icons", "--content", content)
        _one_line_error(result, "cards.yaml:3: cards[1]:", "unknown icon ':hart:' (icons: ")


def test_missing_icon_file_is_an_error_at_its_line(tmp_path: Path) -> None:
    cards = (GAME / "cards.yaml").read_text().replace("icons/coin.svg", "icons/coins.svg", 1)
    result = run_pnp("validate", "icons", "--content", _game(tmp_path, cards=cards))
    _one_line_error(result, "cards.yaml:2: cards[0].icon:",
                    "'icons/coins.svg' not found in the game folder")
    content = _game(tmp_path / "2")
    game = content / "icons" / "game.yaml"
    game.write_text(game.read_text().replace("gem: icons/gem.png", "gem: icons/gem.gif"))
    result = run_pnp("validate", "icons", "--content", content)
    _one_line_error(result, "game.yaml:37: data.icons.gem:", "use an .svg, .png or .jpg file")


def test_italic_prints_and_illustrator_files_draw(tmp_path: Path) -> None:
    cards = (GAME / "cards.yaml").read_text().replace("Pass.", "Pass *now*.", 1)
    result = run_pnp("validate", "icons", "--content", _game(tmp_path, cards=cards))
    assert result.returncode == 0, result.stderr  # tests/test_italic.py: how it prints
    from pnp.render.icons import load, markup

    badge = load(GAME, "icons/badge-ai.svg")
    assert (round(badge.width, 3), round(badge.height, 3)) == (9.525, 9.525)  # 36 px
    drawn = markup(badge, 0, 0, 5, 5)
    assert "fill:#C0392B" in drawn and "pgfRef" not in drawn and "<style" not in drawn


@pytest.mark.parametrize("name", ["coin.svg", "heart.svg", "star.svg", "sword.svg"])
def test_icon_set_files_load_at_24px(name: str) -> None:
    from pnp.render.icons import load

    icon = load(GAME, f"icons/{name}")
    assert abs(icon.width - 6.35) < 1e-6 and abs(icon.height - 6.35) < 1e-6


def test_a_see_through_png_icon_prints_with_its_transparency(tmp_path: Path) -> None:
    """Drawn as an image XObject with its alpha as a soft mask (tests/test_image_alpha.py
    looks at the pixels): accepted, not refused, not printed black."""
    from PIL import Image

    content = _game(tmp_path)
    Image.new("RGBA", (8, 8), (0, 0, 0, 0)).save(content / "icons" / "icons" / "clear.png")
    cards = (GAME / "cards.yaml").read_text().replace("icons/coin.svg", "icons/clear.png", 1)
    (content / "icons" / "cards.yaml").write_text(cards)
    result = run_pnp("build", "icons", "--content", content, "--out", tmp_path / "out")
    assert result.returncode == 0, result.stderr
    pdf = (tmp_path / "out" / "icons" / "cards.pdf").read_bytes()
    assert b"/SMask" in pdf  # the alpha went into the PDF


def test_preflight_measures_an_inline_icon_like_its_text(tmp_path: Path) -> None:
    front = (GAME / "templates" / "card-front.svg.j2").read_text().replace(
        "pnp.rich(body, 7, 44", "pnp.rich(body, 1.5, 44")
    cards = (GAME / "cards.yaml").read_text().replace("Heal :heart: once.", ":heart: heals.")
    result = run_pnp("validate", "icons", "--content", _game(tmp_path, front, cards))
    _one_line_error(result, "cards.yaml:3: cards[1]:", "icon :heart: in a text runs 1.2 mm "
                                                      "outside the item's safe area")
