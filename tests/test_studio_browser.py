"""`pnp studio` in a real headless browser (Debian's chromium, driven by Playwright): a
card's YAML edited in a copy of a game shows its new face and its problem's box over the
face where the problem is, without a reload and keeping the scroll; a broken YAML shows
its error while the last good faces stay; Ctrl-C stops pnp. The screenshot is kept as
tmp_path/studio.png (pytest's tmp dir: pytest --basetemp=DIR keeps it at a known place)."""

from __future__ import annotations

import shutil
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import run_pnp
from test_studio import _start

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run"]

sync_api = pytest.importorskip("playwright.sync_api", reason="needs Playwright's Python package "
                               "(pip install playwright; no `playwright install`: the system's "
                               "chromium is used)")
if not Path(CHROMIUM).exists():
    pytest.skip("needs chromium (apt-get install chromium)", allow_module_level=True)


@pytest.fixture
def page(tmp_path: Path) -> Iterator[object]:
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        tab = browser.new_page(viewport={"width": 1280, "height": 900},
                               bypass_csp=True)  # the page forbids eval; the test evaluates
        yield tab
        browser.close()


def _version(page: object) -> int:
    return int(page.evaluate("document.body.dataset.version || 0"))  # type: ignore[attr-defined]


def _face(page: object, face: str) -> object:
    return page.locator(f'figure[data-face="{face}"] .face')  # type: ignore[attr-defined]


def test_a_saved_card_shows_its_new_face_and_its_problem(tmp_path: Path, page: object) -> None:
    games = tmp_path / "games"
    assert run_pnp("new", "deck", "--content", games).returncode == 0
    game, cards = games / "deck" / "game.yaml", games / "deck" / "cards.yaml"
    game.write_text(game.read_text().replace("name: Moon}", "name: Moonlight and Shadows}"))
    proc, url = _start(games, tmp_path / "out")
    try:
        page.goto(url)  # type: ignore[attr-defined]
        page.wait_for_selector('figure[data-face="cards/c01-front.png"] img')  # type: ignore[attr-defined]
        c01 = _face(page, "cards/c01-front.png")
        assert c01.locator(".box").count() == 0  # a sun card: its name fits
        page.mouse.wheel(0, 300)  # type: ignore[attr-defined]
        page.wait_for_function("window.scrollY > 0")  # type: ignore[attr-defined]
        where = c01.bounding_box()["y"]  # on the screen
        page.evaluate("window.notReloaded = true")  # type: ignore[attr-defined]
        src = c01.locator("img").get_attribute("src")

        cards.write_text(cards.read_text().replace(
            "title: First Light, text: \"Draw a card.\", value: 1, suit: sun",
            "title: First Light, text: \"Draw a card.\", value: 1, suit: moon"))
        box = c01.locator(".box")
        box.wait_for(timeout=30_000)
        assert c01.locator("img").get_attribute("src") != src  # the new face
        assert page.evaluate("window.notReloaded") is True  # type: ignore[attr-defined]
        face, found = c01.bounding_box(), box.bounding_box()
        assert face["y"] == pytest.approx(where, abs=2)  # the scroll kept: the card stays put
        # the text ends 6 mm inside the right cut and sits 7-10.5 mm below the top cut of
        # the 63.5 x 88 mm card, drawn with 3 mm of bleed: 69.5 x 94 mm
        right = (3 + 63.5 - 6) / 69.5 * face["width"] + face["x"]
        assert found["x"] + found["width"] == pytest.approx(right, abs=0.02 * face["width"])
        top, bottom = found["y"] - face["y"], found["y"] + found["height"] - face["y"]
        assert 6 / 94 * face["height"] < top < bottom < 14 / 94 * face["height"]
        assert found["x"] < face["x"] + 6 / 69.5 * face["width"]  # past the safe area
        listed = page.locator("#placed li", has_text="MOONLIGHT AND SHADOWS")  # type: ignore[attr-defined]
        assert "c01 front" in listed.first.inner_text()
        page.screenshot(path=str(tmp_path / "studio.png"), full_page=False)  # type: ignore[attr-defined]

        good = cards.read_text()
        cards.write_text(good.replace("cards:\n", "cards:\n  - {id: [\n", 1))
        broken = page.locator("#failed", has_text="malformed YAML")  # type: ignore[attr-defined]
        broken.wait_for(timeout=30_000)
        assert "cards.yaml:" in broken.inner_text()
        assert c01.locator("img").is_visible()  # the last good faces stay
        page.screenshot(path=str(tmp_path / "studio-broken.png"))  # type: ignore[attr-defined]
        cards.write_text(good)
        box.wait_for(timeout=30_000)  # fixed: checked again, the problem is back on its face
        assert broken.count() == 0
    finally:
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=20)
    assert code == 0  # Ctrl-C stops it cleanly
