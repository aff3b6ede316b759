"""Temple Trip's board keeps the map's geography: every city within its bound of the plain
map (before the stretch) and in its true compass direction from its road neighbours, and
no panel, bank or inset over land a city could stand on. Measured on the Board and on the
printed poster (the cities' circles and the panels' frames as drawn)."""

import math
from pathlib import Path

import pdfplumber
import pytest
import yaml
from conftest import MM, ROOT, assert_clean_failure, run_pnp

from pnp.games.temple_trip import playable
from pnp.games.temple_trip.board import Board

GAME = "temple-trip"
CONTENT = ROOT / "content" / GAME
Box = tuple[float, float, float, float]


@pytest.fixture(scope="module")
def board(tt_board: Board) -> Board:
    return tt_board


@pytest.fixture(scope="module")
def poster(tt_a4: Path) -> tuple[list[tuple[float, float, float]], list[Box]]:
    """The printed circles (centre x, y and radius) and the large frames (boxes), in mm
    from the board's trimmed top-left corner."""
    page = pdfplumber.open(tt_a4 / "board-poster.pdf").pages[0]
    x0, top = page.trimbox[0], page.height - page.trimbox[3]
    circles, frames = [], []
    for o in page.curves + page.rects:
        box = ((o["x0"] - x0) / MM, (o["top"] - top) / MM, (o["x1"] - x0) / MM,
               (o["bottom"] - top) / MM)
        w, h = box[2] - box[0], box[3] - box[1]
        if abs(w - h) < 0.05 and 14 < w < 36:
            circles.append(((box[0] + box[2]) / 2, (box[1] + box[3]) / 2, w / 2))
        elif w > 50 and h > 50:
            frames.append(box)
    return circles, frames


def _printed(board: Board, circles: list[tuple[float, float, float]]) -> dict[str, tuple]:
    """Each mainland city's printed circle: the one of its radius drawn where it is."""
    out = {}
    for c in board.cities.values():
        if c.area != "mainland":
            continue
        found = [(x, y) for x, y, r in circles
                 if abs(r - c.radius) < 0.1 and math.dist((x, y), c.pos) < 1.0]
        assert found, f"{c.name}: no circle printed at {c.pos}"
        out[c.name] = found[0]
    return out


def test_every_city_is_printed_within_its_bound_of_the_plain_map(board: Board, poster) -> None:
    printed = _printed(board, poster[0])
    drift = {n: math.dist(p, board.base(board.cities[n].lon, board.cities[n].lat))
             for n, p in printed.items()}
    worst = max(drift, key=drift.__getitem__)
    assert drift[worst] <= playable.DRIFT_MM, (worst, drift[worst])
    assert playable.DRIFT_MM <= 60  # about 480 km at the board's scale, Utah's stretch
    # Utah, the crowded start: no longer turned round Salt Lake City
    assert drift["Provo"] < 50 and drift["Ogden"] < 40


def test_road_neighbours_are_printed_in_their_true_compass_direction(board: Board,
                                                                       poster) -> None:
    printed = _printed(board, poster[0])
    off = {}
    for r in board.roads:
        if r.a not in printed or r.b not in printed:
            continue
        a, b = board.cities[r.a], board.cities[r.b]
        (ax, ay), (bx, by) = printed[r.a], printed[r.b]
        drawn = math.degrees(math.atan2(bx - ax, ay - by)) % 360
        true = playable.true_bearing(a.lon, a.lat, b.lon, b.lat)
        off[r.name] = abs((drawn - true + 180) % 360 - 180)
    assert len(off) > 70
    assert max(off.values()) <= playable.COMPASS_DEG, max(off.items(), key=lambda kv: kv[1])
    assert playable.COMPASS_DEG <= 45
    # Ogden is drawn north of Salt Lake City, Provo south of it (it was drawn due east)
    slc, ogden, provo = printed["Salt Lake City"], printed["Ogden"], printed["Provo"]
    assert ogden[1] < slc[1] - 20 and provo[1] > slc[1] + 20


def test_no_panel_bank_or_inset_is_printed_over_land(board: Board, poster) -> None:
    frames = poster[1]
    furniture = playable.furniture(board.spec)
    assert len(furniture) == 6  # title, key, two banks, Alaska, Hawaii
    for where, _, box in furniture:
        frame = [f for f in frames if all(abs(u - v) < 0.5 for u, v in zip(f, box, strict=True))]
        assert frame, f"{where}: no frame printed at {box}"
        assert playable.land_under(board, frame[0]) == {}, where
    # Florida south of Orlando (Tampa, Miami) is drawn in the open, as is Canada's coast
    for lon, lat in ((-82.46, 27.95), (-80.19, 25.77), (-81.38, 28.54), (-130.3, 54.3)):
        x, y = board.map(lon, lat)
        assert not any(b[0] <= x <= b[2] and b[1] <= y <= b[3] for _, _, b in furniture)


def _edited(content: Path, file: str, old: str, new: str) -> None:
    path = content / GAME / file
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_validate_refuses_a_panel_over_land(content_copy: Path) -> None:
    key = yaml.safe_load((CONTENT / "board.yaml").read_text())["board"]["panels"]["key"]
    _edited(content_copy, "board.yaml", f"key: [{', '.join(f'{v:g}' for v in key)}]",
            "key: [440, 352, 600, 424]")  # where it was: over Florida
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    assert any("board.yaml:" in ln and "board.panels.key: the key panel covers land a city "
               "could stand on" in ln and "mm² of USA" in ln for ln in lines), lines


def test_validate_measures_drift_and_bearing_against_the_plain_map(content_copy: Path) -> None:
    layout = yaml.safe_load((CONTENT / "layout.yaml").read_text())
    x, y = layout["places"]["Provo"]
    # Provo drawn 70 mm due east of Salt Lake City's plain place, as it once was
    _edited(content_copy, "layout.yaml", f"  Provo: [{x:.2f}, {y:.2f}]",
            f"  Provo: [{x + 70:.2f}, {y - 12:.2f}]")
    lines = assert_clean_failure(run_pnp("validate", GAME, "--content", content_copy), 1)
    text = "\n".join(lines)
    assert "Provo is drawn" in text and "from its place on the plain map (at most 60 mm)" in text
    assert "Salt Lake City is drawn" in text and "though it lies north-north-west" in text
