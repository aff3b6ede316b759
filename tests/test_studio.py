"""`pnp studio`'s server, as a user (or another program on the machine) meets it: bound to
127.0.0.1 only, GET only, nothing served but the page, its state and the game's previews;
the state places each problem on its face; Ctrl-C stops it cleanly."""

from __future__ import annotations

import http.client
import json
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ROOT, run_pnp


def _start(games: Path, out: Path, game: str = "deck") -> tuple[subprocess.Popen[str], str]:
    """`pnp studio` on a free port, once its first pass is done."""
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "studio", game, "--port", "0",
                             "--content", str(games), "--out", str(out)], cwd=ROOT, text=True,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, bufsize=1)
    assert proc.stdout
    line = proc.stdout.readline()
    found = re.search(r"http://127\.0\.0\.1:\d+/", line)
    end = time.monotonic() + 60
    while found and time.monotonic() < end:
        state = json.loads(_get(found.group(0), "/state.json")[1])
        if state["status"]["state"] in ("ok", "failed"):
            return proc, found.group(0)
        time.sleep(0.1)
    proc.kill()
    raise AssertionError(f"pnp studio did not start: {line!r}")


def spoil(folder: Path) -> None:
    """Problems of every kind that has a place on a face, in a `pnp new` deck: a suit name
    too long for the card (each moon front), c07 a copy of c04 (the same face: checked
    once, boxed on both), an inline icon past the safe area (every front), the moon
    suit's name white on a near-white ground (a faint colour cue) and a card that does
    not fit the box a fit names (the piece)."""
    game = folder / "game.yaml"
    game.write_text(game.read_text().replace("name: Moon}", "name: Moonlight and Shadows}")
                    .replace('"#2b4c8c"', '"#f4f4f4"').replace("count: 6}", "count: 7}")
                    .replace("data:\n", "data:\n  icons: {dot: dot.svg}\n")
                    .replace("expectations:", "preflight:\n  fits:\n    - {id: boxed, what: a "
                             "card in its box, piece: cards, space: 20mm x 20mm}\n\n"
                             "expectations:"))
    (folder / "dot.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg" width="4mm" '
                                    'height="4mm" viewBox="0 0 4 4"><circle cx="2" cy="2" '
                                    'r="2"/></svg>')
    front = folder / "templates" / "card-front.svg.j2"
    front.write_text(front.read_text().replace(
        "{% endcall %}", '{{ pnp.rich(fit_rich(":dot: here", 20, 8, 10), 1, 60) }}\n'
        "{% endcall %}"))
    cards = folder / "cards.yaml"
    c04 = next(line for line in cards.read_text().splitlines() if "id: c04" in line)
    cards.write_text(cards.read_text() + c04.replace("c04", "c07") + "\n")


@pytest.fixture(scope="module")
def studio(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    root = tmp_path_factory.mktemp("studio")
    assert run_pnp("new", "deck", "--content", root / "games").returncode == 0
    spoil(root / "games" / "deck")
    (root / "out").mkdir()
    (root / "out" / "secret.png").write_bytes(b"\x89PNG not yours")
    proc, url = _start(root / "games", root / "out")
    yield url, root
    proc.send_signal(signal.SIGINT)
    proc.wait(timeout=20)


def _get(url: str, path: str, method: str = "GET") -> tuple[int, bytes, dict[str, str]]:
    host, port = url.split("//")[1].rstrip("/").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=10)
    conn.request(method, path)
    response = conn.getresponse()
    body = response.read()
    conn.close()
    return response.status, body, dict(response.getheaders())


def test_it_listens_on_127_0_0_1_only(studio: tuple[str, Path]) -> None:
    url, _ = studio
    assert url.startswith("http://127.0.0.1:")
    port = int(url.rstrip("/").rsplit(":", 1)[1])
    addresses = {info[4][0] for info in socket.getaddrinfo(socket.gethostname(), None,
                                                           socket.AF_INET)} - {"127.0.0.1"}
    for address in addresses:  # this machine's other interfaces: nobody answers there
        with socket.socket() as s, pytest.raises(OSError):
            s.settimeout(2)
            s.connect((address, port))


def test_it_serves_the_page_and_the_previews(studio: tuple[str, Path]) -> None:
    url, _ = studio
    status, body, headers = _get(url, "/")
    assert status == 200 and b"/studio.js" in body and "text/html" in headers["Content-Type"]
    for name in ("/studio.js", "/studio.css"):
        assert _get(url, name)[0] == 200
    assert not re.search(rb"https?://", body + _get(url, "/studio.js")[1]
                         + _get(url, "/studio.css")[1])  # offline: nothing from elsewhere
    status, body, headers = _get(url, "/preview/cards/c01-front.png")
    assert status == 200 and body.startswith(b"\x89PNG") and headers["Content-Type"] == \
        "image/png"


@pytest.mark.parametrize("path", [
    "/preview/../secret.png", "/preview/%2e%2e/secret.png", "/preview/cards/..%2f..%2fsecret.png",
    "/preview/../deck/cards.pdf", "/preview/cards/c01-front.png/../../../secret.png",
    "/preview//etc/passwd", "/preview/cards/%00.png", "/../../../../etc/passwd",
    "/static/index.html", "/preview/", "/secret.png", "/preview/cards/..\\..\\secret.png",
])
def test_no_path_outside_the_previews(studio: tuple[str, Path], path: str) -> None:
    url, _ = studio
    status, body, _ = _get(url, path)
    assert status == 404, (path, status)
    assert b"PNG" not in body


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "BREW"])
def test_only_get(studio: tuple[str, Path], method: str) -> None:
    url, _ = studio
    status, _, headers = _get(url, "/preview/cards/c01-front.png", method)
    assert status == 405 and headers["Allow"] == "GET"


def _state(url: str) -> tuple[dict, dict[str, dict]]:
    state = json.loads(_get(url, "/state.json")[1])
    faces = {f["id"]: f for c in state["components"] for f in c["faces"]}
    return state, faces


def _boxes(state: dict, words: str) -> dict[str, list[float]]:
    """Face -> box of the problems whose message holds `words` (one per item when the
    template line is not found: each item's line)."""
    found = [p for p in state["problems"] if words in p["message"]]
    assert found, [p["message"] for p in state["problems"]]
    return {pl["face"]: pl["box"] for p in found for pl in p["places"]}


FRONTS = {f"cards/c0{n}-front.png" for n in range(1, 8)}
MOONS = {"cards/c04-front.png", "cards/c05-front.png", "cards/c06-front.png",
         "cards/c07-front.png"}


def test_each_problem_is_placed_on_its_face(studio: tuple[str, Path]) -> None:
    url, _ = studio
    state, faces = _state(url)
    assert state["status"]["state"] == "failed"  # the long suit name stops the build
    assert len(faces) == 14 and FRONTS <= set(faces)
    long = _boxes(state, "MOONLIGHT AND SHADOWS")
    assert set(long) == MOONS  # c07 too: the face c04 shows, checked once
    x0, y0, x1, y1 = long["cards/c04-front.png"]
    # drawn at x = 63.5 - 6 mm (its end), baseline 10.5 mm down the 88 mm card
    assert x1 == pytest.approx((63.5 - 6) / 63.5, abs=0.01)
    assert 0.05 < y0 < y1 < 10.6 / 88 + 0.005
    assert x0 < 3 / 63.5  # it runs past the safe area on the left: that is the problem
    assert long["cards/c07-front.png"] == long["cards/c04-front.png"]


def test_icons_colour_cues_and_fits_are_placed(studio: tuple[str, Path]) -> None:
    url, _ = studio
    state, _ = _state(url)
    icon = _boxes(state, "icon :dot:")
    assert set(icon) == FRONTS
    x0, y0, x1, y1 = icon["cards/c01-front.png"]
    # a 10 pt line (3.5 mm) from x = 1 mm, its baseline 60 mm down: the dot is its height
    assert x0 == pytest.approx(1 / 63.5, abs=0.005) and x1 < 6 / 63.5
    assert 56 / 88 < y0 < y1 < 61.5 / 88  # (an icon sits a little below the baseline)
    faint = _boxes(state, "printed cue of suit moon")  # the moon's name, top right
    assert set(faint) == MOONS
    assert faint["cards/c05-front.png"][2] == pytest.approx((63.5 - 6) / 63.5, abs=0.01)
    assert faint["cards/c05-front.png"][3] < 11 / 88
    fit = _boxes(state, "a card in its box")  # the piece that does not fit: a whole card
    assert list(fit.values()) == [[0.0, 0.0, 1.0, 1.0]]
    listed = [p for p in state["problems"] if not p["places"]]
    assert all(p["where"] for p in listed)  # each one still says where it comes from


def test_port_in_use_is_one_line(studio: tuple[str, Path]) -> None:
    url, root = studio
    port = url.rstrip("/").rsplit(":", 1)[1]
    result = run_pnp("studio", "deck", "--port", port, "--content", root / "games", "--out",
                     root / "out2")
    assert result.returncode == 2, result.stderr
    assert result.stderr.strip() == f"error: port {port} on 127.0.0.1 is in use (choose " \
                                    "another with --port)"
