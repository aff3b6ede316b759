"""`--ink-saver`: large fills printed as light tints, at less than half the ink, while
every printed cue and every text stays readable (preflight passes on the result)."""

from __future__ import annotations

from pathlib import Path

import pdfplumber
import pytest
from conftest import run_pnp


def _ink(pdf: Path) -> float:
    """Ink on the pages, in page-equivalents of solid black (rendered at 20 dpi)."""
    pdfium = pytest.importorskip("pypdfium2")
    from PIL import ImageStat

    total = 0.0
    for page in pdfium.PdfDocument(str(pdf)):
        image = page.render(scale=20 / 72).to_pil().convert("L")
        total += 1 - ImageStat.Stat(image).mean[0] / 255
    return total


@pytest.mark.parametrize("game,component", [("temple-of-doom", "cards"),
                                            ("temple-rush", "temples")])
def test_less_than_half_the_ink_and_preflight_holds(tmp_path: Path, game: str,
                                                    component: str) -> None:
    full = run_pnp("build", game, "--out", tmp_path / "full")
    saver = run_pnp("build", game, "--ink-saver", "--out", tmp_path / "saver")
    assert full.returncode == 0 and saver.returncode == 0, saver.stderr  # preflight passed
    before = _ink(tmp_path / "full" / game / f"{component}.pdf")
    after = _ink(tmp_path / "saver" / game / f"{component}.pdf")
    assert after < 0.6 * before, (before, after)
    words_full = pdfplumber.open(tmp_path / "full" / game / f"{component}.pdf").pages[0]
    words_saver = pdfplumber.open(tmp_path / "saver" / game / f"{component}.pdf").pages[0]
    assert words_full.extract_text() == words_saver.extract_text()


def test_light_text_turns_dark_and_cues_keep_their_shapes(tmp_path: Path) -> None:
    """Temple Rush's white header numbers stood on the card colour: on its tint they
    print dark; the power tokens' player marks stay."""
    assert run_pnp("build", "temple-rush", "--ink-saver", "--out", tmp_path).returncode == 0
    page = pdfplumber.open(tmp_path / "temple-rush" / "temples.pdf").pages[0]
    from pnp.base import colour

    for ch in page.chars:
        fill = ch.get("non_stroking_color")
        if isinstance(fill, tuple | list) and len(fill) == 3:
            assert colour.lightness(tuple(fill)) < 60, (ch["text"], fill)
    again = tmp_path / "again"
    assert run_pnp("build", "temple-rush", "--ink-saver", "--out", again).returncode == 0
    for pdf in (tmp_path / "temple-rush").glob("*.pdf"):
        assert pdf.read_bytes() == (again / "temple-rush" / pdf.name).read_bytes()


def test_an_icon_in_a_scaled_group_keeps_its_colour(tmp_path: Path) -> None:
    """A 5 mm disc drawn as a 100-unit icon scaled by 0.05 is a small shape: it keeps its
    full colour (measured in its own units it looked larger than the card, and was tinted)."""
    assert run_pnp("new", "icons", "--content", tmp_path / "c").returncode == 0
    front = tmp_path / "c" / "icons" / "templates" / "card-front.svg.j2"
    icon = ('<g transform="translate(29 70) scale(0.05)">'
            '<circle cx="50" cy="50" r="50" fill="#1f8f3a"/></g>\n{% endcall %}')
    front.write_text(front.read_text().replace("{% endcall %}", icon))
    built = run_pnp("build", "icons", "--ink-saver", "--content", tmp_path / "c",
                    "--out", tmp_path / "out")
    assert built.returncode == 0, built.stderr
    page = pdfplumber.open(tmp_path / "out" / "icons" / "cards.pdf").pages[0]
    discs = [c for c in page.curves + page.rects
             if abs(c["width"] - 5 * 72 / 25.4) < 0.5 and abs(c["height"] - 5 * 72 / 25.4) < 0.5]
    assert len(discs) == 6  # one a card
    for disc in discs:
        fill = tuple(round(v * 255) for v in disc["non_stroking_color"])
        assert fill == (0x1F, 0x8F, 0x3A), fill
