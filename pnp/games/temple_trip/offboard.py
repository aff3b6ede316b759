"""Where a custom temple's place falls off the drawn board, said truly: beyond the map's
window (with the typo that most often puts it there: lat and lon swapped, or a west
longitude without its minus sign), or inside the window but too near the board's edge
for a city's circle (the window reaches the trim; a circle keeps EDGE mm inside it)."""

from __future__ import annotations

from pnp.games.temple_trip.board import Board
from pnp.games.temple_trip.network import City
from pnp.games.temple_trip.room import EDGE, EDGE_SLIDE_MM, MOVE_MM

STEP_DEG = 0.05  # how finely the first place a circle fits is searched for
# each edge: its name, the board distance from it, and the way inward in (lon, lat)
EDGES = {"left": (lambda b, p: p[0], (1, 0)), "right": (lambda b, p: b.width - p[0], (-1, 0)),
         "top": (lambda b, p: p[1], (0, -1)), "bottom": (lambda b, p: b.height - p[1], (0, 1))}


def off_board(b: Board, city: City) -> str:
    """Why a place is not drawn on the board, with the fix where one is plain."""
    main = b.spec["mainland"]
    lon0, lon1 = main["lon"]
    lat0, lat1 = main["lat"]
    if lon0 <= city.lon <= lon1 and lat0 <= city.lat <= lat1:
        return near_edge(b, city)
    hint = typo(b, city.lon, city.lat)
    return (f"{city.lat:g}, {city.lon:g} is outside the board: the map shows {lat0:g}°N to "
            f"{lat1:g}°N and {-lon1:g}°W to {-lon0:g}°W, Alaska and Hawaii in their insets"
            f"{hint}")


def typo(b: Board, lon: float, lat: float) -> str:
    """The usual slip that, undone, puts the place on the board's mainland ('' if none)."""
    fixes = [(lat, lon, f"; did you swap lat and lon? (lat: {lon:g}, lon: {lat:g} is on "
                        "the board)"),
             (-lon, lat, f"; did you mean lon: {-lon:g}? (a longitude west of Greenwich, "
                         "as all of the board is, has a minus sign)"),
             (-lat, lon, f"; did you swap lat and lon, and drop lon's minus sign? (lat: "
                         f"{lon:g}, lon: {-lat:g} is on the board)")]
    return next((said for x, y, said in fixes
                 if x < 0 and b.area_of(x, y) == "mainland"), "")


def near_edge(b: Board, city: City) -> str:
    """A place inside the map's window that the board cannot draw a circle on: how near
    the edge it is drawn, and from where inward a new city fits."""
    p = b.map(city.lon, city.lat)
    edge, (gap, inward) = min(((e, (f(b, p), d)) for e, (f, d) in EDGES.items()),
                              key=lambda t: t[1][0])
    keep = EDGE + city.radius
    said = (f"{city.name} ({_where(city.lon, city.lat)}) is on the map, but drawn "
            f"{max(gap, 0):.1f} mm from the board's {edge} edge: a city's circle keeps "
            f"{EDGE:g} mm inside the edge ({keep:g} mm from its centre), and a new city is "
            f"drawn at most {EDGE_SLIDE_MM + MOVE_MM:g} mm further in")
    lon, lat = city.lon, city.lat
    for _ in range(400):
        if EDGES[edge][0](b, b.map(lon, lat)) + EDGE_SLIDE_MM + MOVE_MM >= keep:
            return f"{said}; here the board draws new cities from {_where(lon, lat)} inward"
        lon, lat = lon + inward[0] * STEP_DEG, lat + inward[1] * STEP_DEG
    return said


def _where(lon: float, lat: float) -> str:
    ns = f"{abs(lat):.1f}°{'N' if lat >= 0 else 'S'}"
    ew = f"{abs(lon):.1f}°{'W' if lon < 0 else 'E'}"
    return f"{ns}, {ew}"
