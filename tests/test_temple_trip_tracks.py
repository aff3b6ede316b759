"""Temple Trip's track squares, flights and gathering cities, measured on the board and
the printed poster: no two squares share ground, a flight is the faster way, and a city a
red card sends every pawn to holds all ten."""

import heapq
import math
from pathlib import Path

import pdfplumber
import pytest
import yaml
from conftest import MM, ROOT, run_pnp
from pypdf import PdfReader

from pnp.games.temple_trip import playable
from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.squares import Square

GAME = "temple-trip"
CONTENT = ROOT / "content" / GAME
BASE = (8.5, 4.2)  # mm: a pawn's base (pawns.yaml's standee, game.yaml's size)


def _load(name: str) -> dict:
    return yaml.safe_load((CONTENT / name).read_text())


def _board(spec: dict | None = None) -> Board:
    temples = [t for t in _load("temples.yaml")["temples"] if not t.get("blank")]
    return Board(spec or _load("board.yaml")["board"], _load("layout.yaml"), temples,
                 _load("outlines.yaml"))


@pytest.fixture(scope="module")
def board() -> Board:
    return _board()


def _clip(subject: list, clipper: list) -> list:
    """Sutherland-Hodgman: the part of a convex polygon inside another (both
    counter-clockwise)."""
    def inside(p: tuple, a: tuple, b: tuple) -> bool:
        return (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]) >= 0

    def cut(p: tuple, q: tuple, a: tuple, b: tuple) -> tuple:
        d = (p[0] - q[0]) * (a[1] - b[1]) - (p[1] - q[1]) * (a[0] - b[0])
        t = ((p[0] - a[0]) * (a[1] - b[1]) - (p[1] - a[1]) * (a[0] - b[0])) / d
        return (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))

    out = subject
    for a, b in zip(clipper, clipper[1:] + clipper[:1], strict=True):
        points, out = out, []
        for p, q in zip(points[-1:] + points[:-1], points, strict=True):
            if inside(q, a, b):
                if not inside(p, a, b):
                    out.append(cut(p, q, a, b))
                out.append(q)
            elif inside(p, a, b):
                out.append(cut(p, q, a, b))
        if not out:
            break
    return out


def _area(poly: list) -> float:
    return abs(sum(p[0] * q[1] - q[0] * p[1]
                   for p, q in zip(poly, poly[1:] + poly[:1], strict=True))) / 2


def _ccw(poly: list) -> list:
    turn = sum(p[0] * q[1] - q[0] * p[1] for p, q in zip(poly, poly[1:] + poly[:1], strict=True))
    return poly if turn > 0 else poly[::-1]


def _shared_ground(board: Board) -> list[tuple[float, str, str]]:
    """(mm², route, route) for every two squares that overlap."""
    squares = [(r.name, _ccw(s.corners()), s) for r, s in board.squares()]
    found = []
    for i, (ra, pa, a) in enumerate(squares):
        for rb, pb, b in squares[i + 1:]:
            if math.dist((a.x, a.y), (b.x, b.y)) < 15:
                common = _clip(pa, pb)
                if len(common) >= 3 and _area(common) > 1e-6:
                    found.append((round(_area(common), 2), ra, rb))
    return found


def test_no_two_squares_overlap(board: Board) -> None:
    """Before: 17 pairs at 15 city exits, up to 20.5 mm² at Calgary."""
    assert len(board.squares()) > 250
    assert _shared_ground(board) == []


def test_validate_names_two_squares_that_overlap(board: Board) -> None:
    road = next(r for r in board.roads if r.name == "Cardston–Calgary")
    other = next(r for r in board.roads if r.name == "Calgary–Regina")
    kept = road.squares[0]
    at = other.squares[0]  # square 1 of Cardston–Calgary laid right over it
    road.squares[0] = Square(at.x, at.y, at.angle, kept.kind)
    try:
        found = [m for _, m in playable.drawing(board) if "overlaps" in m]
    finally:
        road.squares[0] = kept
    assert found == ["road Cardston–Calgary: square 1 overlaps square 1 of road Calgary–Regina"]


def _road_trip(board: Board, a: str, b: str) -> int | None:
    """The fewest moves by road: every square and every city passed is one."""
    links: dict[str, list[tuple[str, int]]] = {}
    for r in board.roads:
        links.setdefault(r.a, []).append((r.b, len(r.squares)))
        links.setdefault(r.b, []).append((r.a, len(r.squares)))
    best, queue = {a: 0}, [(0, a)]
    while queue:
        moves, here = heapq.heappop(queue)
        if here == b:
            return moves - 1  # arriving in b is no city passed
        for there, squares in links.get(here, []):
            if moves + squares + 1 < best.get(there, math.inf):
                best[there] = moves + squares + 1
                heapq.heappush(queue, (moves + squares + 1, there))
    return None


def test_every_flight_is_shorter_than_the_road_trip(board: Board) -> None:
    """Before: Salt Lake City-Denver (4 squares; by road 3 and Provo) and
    Atlanta-Washington (4; by road 2 and Raleigh) cost two draws for nothing."""
    flown = {(r.a, r.b) for r in board.air}
    assert ("Salt Lake City", "Denver") not in flown and ("Atlanta", "Washington") not in flown
    for r in board.air:
        by_road = _road_trip(board, r.a, r.b)
        assert by_road is None or len(r.squares) < by_road, (r.name, len(r.squares), by_road)


def test_a_flight_no_shorter_than_the_road_fails_validate(content_copy: Path) -> None:
    path = content_copy / GAME / "board.yaml"
    text = path.read_text()
    path.write_text(text.replace("  air:\n", "  air:\n    - [Atlanta, Washington]\n", 1))
    spec = yaml.safe_load(path.read_text())["board"]
    flight = next(r for r in _board(spec).air if r.name == "Atlanta–Washington")
    assert len(flight.squares) >= _road_trip(_board(spec), "Atlanta", "Washington")
    result = run_pnp("validate", GAME, "--content", content_copy)
    assert result.returncode == 1
    line = text.splitlines().index("  air:") + 2
    said = f"board.yaml:{line}: board.air[0]: flight Atlanta–Washington has " \
        f"{len(flight.squares)} squares, yet a road trip passes only "
    assert any(said in ln and ln.endswith("a flight must be shorter, as each change of travel "
                                          "mode costs an ASSIGNMENT card (rule 10)")
               for ln in result.stderr.splitlines()), result.stderr


def _red_destinations() -> set[str]:
    return {c["destination"] for c in _load("assignments.yaml")["assignments"]
            if c["colour"] == "red" and c.get("destination")}


def _holds(w: float, h: float) -> int:
    """Pawn bases in a grid on a w x h box, either way round."""
    return max(int(w // a) * int(h // b) for a, b in (BASE, BASE[::-1]))


def test_every_pawn_sent_to_a_city_fits_there(board: Board, tt_a4: Path) -> None:
    """Before: five red cards sent all ten pawns to a 15-17 mm circle (room for 2)."""
    sent = _red_destinations()
    assert sent == {"Anchorage", "Laie", "Nauvoo", "Palmyra", "Omaha"}
    poster = tt_a4 / "board-poster.pdf"
    trim = PdfReader(poster).pages[0].trimbox  # the board's top-left corner
    page = pdfplumber.open(poster).pages[0]
    left, top = float(trim.left) / MM, (page.height - float(trim.top)) / MM
    boxes = [((r["x0"] + r["x1"]) / 2 / MM - left, (r["top"] + r["bottom"]) / 2 / MM - top,
              r["width"] / MM, r["height"] / MM) for r in page.rects]
    for name in sent:
        city = board.cities[name]
        inner = city.radius - 0.4  # inside its ring
        box = next(b for b in boxes if math.dist(b[:2], city.pos) < 0.5 and b[2] > 12)
        assert _holds(box[2], box[3]) >= 10, (name, box)
        assert math.hypot(box[2], box[3]) / 2 <= inner, (name, box, inner)  # inside the circle
        if city.area != "mainland":  # drawn whole inside its inset
            x0, y0, x1, y1 = board.spec["insets"][city.area]["box"]
            assert x0 + city.radius <= city.pos[0] <= x1 - city.radius
            assert y0 + city.radius <= city.pos[1] <= y1 - city.radius


def test_a_red_card_to_a_city_too_small_fails_validate(content_copy: Path) -> None:
    path = content_copy / GAME / "board.yaml"
    path.write_text(path.read_text().replace("gather: [Anchorage, Laie, Nauvoo, Palmyra, Omaha]",
                                             "gather: [Anchorage, Laie, Palmyra, Omaha]", 1))
    result = run_pnp("validate", GAME, "--content", content_copy)
    assert result.returncode == 1
    assert any("assignments.yaml" in ln and "a red card sends every pawn to Nauvoo, whose "
               "circle cannot hold ten" in ln for ln in result.stderr.splitlines()), result.stderr


def test_pawns_too_wide_to_gather_ten_fail_the_build(content_copy: Path,
                                                     tmp_path: Path) -> None:
    """9 mm pawns still share a square two by two and start together in Salt Lake City,
    but a gathering city's 17 x 21 mm box holds only eight of them."""
    game = content_copy / GAME / "game.yaml"
    game.write_text(game.read_text().replace("size: 8.5mm x 36.4mm", "size: 9mm x 36.4mm"))
    result = run_pnp("build", GAME, "--content", content_copy, "--out", tmp_path / "out")
    assert result.returncode == 1
    fits = [ln for ln in result.stderr.splitlines() if "does not fit" in ln]
    assert fits and all("stand in a city a red card sends every pawn to" in ln
                        for ln in fits), result.stderr
