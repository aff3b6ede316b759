"""`pnp studio` in a real headless browser (Debian's chromium, driven by Playwright): a
card's YAML edited in a copy of a game shows its new face and its problem's box over the
face where the problem is, without a reload and keeping the scroll and the zoom; a broken
YAML or template shows its error line at the top while the last good faces stay; once
built, the printed pages show; Ctrl-C stops pnp. The screenshots are kept as
tmp_path/studio*.png (pytest's tmp dir: pytest --basetemp=DIR keeps them at a known
place)."""

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
        page.locator("#zoom").fill("2.5")  # type: ignore[attr-defined]  # 2.5 px a mm
        assert c01.bounding_box()["width"] == pytest.approx(2.5 * 69.5, abs=1)
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
        src_new = c01.locator("img").get_attribute("src")
        assert src_new != src  # the new face
        assert page.evaluate("window.notReloaded") is True  # type: ignore[attr-defined]
        face, found = c01.bounding_box(), box.bounding_box()
        assert face["y"] == pytest.approx(where, abs=2)  # the scroll kept: the card stays put
        assert face["width"] == pytest.approx(2.5 * 69.5, abs=1)  # and the zoom
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
        assert broken.bounding_box()["y"] < 200  # at the top, where the page is scrolled to
        assert c01.locator("img").is_visible()  # the last good faces stay
        page.screenshot(path=str(tmp_path / "studio-broken.png"))  # type: ignore[attr-defined]
        cards.write_text(good)
        box.wait_for(timeout=30_000)  # fixed: checked again, the problem is back on its face
        assert broken.count() == 0

        template = games / "deck" / "templates" / "card-front.svg.j2"
        art = template.read_text()
        template.write_text(art.replace("{% endcall %}", "{% if %}\n{% endcall %}"))
        bad = page.locator("#failed", has_text="template syntax error")  # type: ignore[attr-defined]
        bad.wait_for(timeout=30_000)
        line = art.count("\n", 0, art.index("{% endcall %}")) + 1
        assert f"card-front.svg.j2:{line}:" in bad.inner_text()
        assert "last good" in bad.inner_text() and c01.locator("img").is_visible()
        assert c01.locator("img").get_attribute("src") == src_new
        page.screenshot(path=str(tmp_path / "studio-template.png"))  # type: ignore[attr-defined]
        template.write_text(art)

        game.write_text(game.read_text().replace("Moonlight and Shadows}", "Moon}"))
        pages = page.locator('#pdfs section[data-pdf="cards.pdf"] .page img')  # type: ignore[attr-defined]
        pages.first.wait_for(timeout=60_000)  # built: the printed pages, crop marks and all
        assert pages.count() == 2  # 12 faces, 9 a page: fronts and backs of one sheet each
        shape = pages.first.bounding_box()
        assert shape["height"] / shape["width"] == pytest.approx(297 / 210, abs=0.02)
        assert page.locator("#placed li").count() == 0  # type: ignore[attr-defined]
        pages.first.scroll_into_view_if_needed()
        page.wait_for_function("[...document.querySelectorAll('#pdfs img')]"  # type: ignore[attr-defined]
                               ".every(i => i.complete && i.naturalWidth > 0)")
        page.screenshot(path=str(tmp_path / "studio-pages.png"))  # type: ignore[attr-defined]
    finally:
        proc.send_signal(signal.SIGINT)
        code = proc.wait(timeout=20)
    assert code == 0  # Ctrl-C stops it cleanly
