"""Dice Trip score sheet: where its parts go in the box the paper gives, and everything
its template draws that does not change between sheets (the map with its zones, zone
boundaries and letters, circles, die badges, names and leader lines), plus each player's
name fitted to its line."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.base import colour
from pnp.base.errors import Problem
from pnp.base.geometry import Point
from pnp.base.graph import adjacency
from pnp.games.dice_trip import drawn as drawing
from pnp.games.dice_trip import labels as lab
from pnp.games.dice_trip.geometry import BADGE_R, RADIUS, RING, STROKE
from pnp.games.dice_trip.selection import selected_map
from pnp.games.dice_trip.spec import MapSpec, zone_letter
from pnp.load.model import Game
from pnp.render.text import wrap

SHEET_SIZE = (136.5, 193.8)  # mm: the box of a sheet two to an A4 page (components.pad)
MAP_LEFT = 36.0  # mm: the scoring column's width, left of the map
HEADER = 14.0  # mm: the title line, above the map
LEGEND_LINE = 2.8  # mm between legend lines
LEGEND_SIZE = 6.2  # pt
NAME_MAX, NAME_MIN = 11.9, 7.0  # pt: a player's name, shrunk down to NAME_MIN to fit
ELLIPSIS = "…"
PT = 0.352778  # mm per point


def sheet_box_layout(labels: dict[str, Any], dice: list[str], width: float,
                     height: float) -> dict[str, float]:
    """The layout of a sheet in a box: the same in every language (room for the longest
    legend), so a map is drawn alike whatever the language."""
    lines = max((len(legend_lines(text, dice, width)) for text in labels.values()), default=0)
    return sheet_layout(width, height, lines)


def sheet_layout(width: float, height: float, legend_lines: int) -> dict[str, float]:
    """Where the parts of a sheet go in a box of width x height mm: the map takes what
    the scoring column, the header and the bottom block (tracker, tens, legend) leave."""
    legend_h = legend_lines * LEGEND_LINE + 1.5
    decades_h = 12.0
    tracker_h = 4.5 + 2 * 7.2 + 2.5
    bottom = height - 3.0 - legend_h - decades_h - tracker_h
    return {
        "w": width, "h": height,
        "map_x": MAP_LEFT, "map_y": HEADER, "map_w": width - MAP_LEFT - 2.0,
        "col_w": MAP_LEFT - 6.0,
        "map_h": bottom - HEADER - 7.0,
        "tracker_y": bottom, "cell_w": (width - 10.0) / 18, "cell_h": 7.2,
        "decades_y": bottom + tracker_h, "decade_w": (width - 10.0) / 6,
        "legend_y": bottom + tracker_h + decades_h + 2.0,
        "name_x": width * 0.56 + 9.5, "name_room": width * 0.44 - 14.0,
    }


@dataclass(frozen=True)
class FittedName:
    text: str
    size: float  # pt
    cut: bool  # shortened with an ellipsis: it did not fit even at NAME_MIN


def fit_name(name: str, room: float) -> FittedName:
    """The largest size from NAME_MAX down to NAME_MIN (half points) at which the name
    fits its line of `room` mm; a name too long even then is cut with an ellipsis."""
    from pnp.base import fonts

    name = " ".join(str(name).split())
    size = NAME_MAX
    while size >= NAME_MIN:
        if fonts.string_width(name, size) / 72 * 25.4 <= room:
            return FittedName(name, size, False)
        size -= 0.5
    lo, hi = 0, len(name)  # the longest start that fits with an ellipsis (bisection)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fonts.string_width(name[:mid].rstrip() + ELLIPSIS, NAME_MIN) / 72 * 25.4 <= room:
            lo = mid
        else:
            hi = mid - 1
    return FittedName(name[:lo].rstrip() + ELLIPSIS, NAME_MIN, True)


def name_problems(names: list[str], size: tuple[float, float]) -> list[Problem]:
    """A warning for each name cut short on the sheets of this size (mm)."""
    room = sheet_layout(size[0], size[1], 0)["name_room"]
    out = []
    for name in dict.fromkeys(names):
        fitted = fit_name(name, room)
        if fitted.cut:
            shown = name if len(name) <= 60 else name[:59] + ELLIPSIS
            out.append(Problem("warning", None, None, "--names",
                               f"{shown!r} is too long for the name line even at "
                               f"{NAME_MIN:g} pt; printed as {fitted.text!r}"))
    return out


def player_context(ctx: dict[str, Any], player: dict[str, Any]) -> dict[str, Any]:
    """What one sheet's overlay adds: its name fitted to the name line."""
    fitted = fit_name(str(player.get("name") or ""), ctx["sheet"]["layout"]["name_room"])
    return {"name_fit": {"text": fitted.text, "size": round(fitted.size * PT, 3)}}


def _path(points: list[Point], closed: bool = True) -> str:
    return "M" + " L".join(f"{x:.2f} {y:.2f}" for x, y in points) + (" Z" if closed else "")


def _text(value: Any, lang: str) -> str:
    return value.get(lang) or value.get("en") or next(iter(value.values())) \
        if isinstance(value, dict) else str(value)


def _geometry(spec: MapSpec, width: float, height: float,
              letters: tuple[tuple[str, str], ...]) -> dict[str, Any]:
    """The drawn map for a box: geometry, names, zone boundaries and letters."""
    drawn = drawing.drawn_map(spec, width, height)
    spots = drawing.zone_spots(spec, width, height, letters)
    return {**drawn, "spots": spots}


def _clear_cache() -> None:
    drawing.forget_maps()


_geometry.cache_clear = _clear_cache  # type: ignore[attr-defined]  # benchmarks time a cold start


def _preview_marks(game: Game, drawn: dict[str, Any]) -> list[dict[str, Any]]:
    """The problems boxed in red on a preview (`pnp sheets --preview`); none on a pad."""
    if not game.options.get("preview"):
        return []
    from pnp.games.dice_trip.marks import drawn_marks

    return [{"box": m.box, "about": m.about}
            for m in drawn_marks(drawn["geo"], drawn["labels"], drawn["spots"])]


def _ink_on(fill: str) -> str:
    """Black or white, whichever stands out more from `fill` in grey."""
    light = colour.lightness(colour.parse(fill))
    return "#ffffff" if light < 62 else "#1a1a1a"


def die_letters(text: dict[str, Any], dice: list[str]) -> dict[str, str]:
    return {d: str(text["die_letters"].get(d, d[:1].upper())) for d in dice}


def dice_text(text: dict[str, Any], dice: list[str]) -> str:
    """The line saying which dice the game needs: their number, colours and letters."""
    letters = die_letters(text, dice)
    parts = [f"{text['colour_names'].get(d, d)} ({letters[d]})" for d in dice]
    joined = ", ".join(parts[:-1]) + f" {text['and']} " + parts[-1] if len(parts) > 1 \
        else "".join(parts)
    return str(text["dice_line"]).replace("{n}", str(len(dice))).replace("{dice}", joined)


def legend_lines(text: dict[str, Any], dice: list[str], width: float) -> list[str]:
    """The legend under the tracker, wrapped to the sheet: the dice, bonus cities, roads
    and series."""
    return [line for part in (dice_text(text, dice), text["legend_bonus"], text["legend_road"])
            for line in wrap(part, width - 10, LEGEND_SIZE)]


def sheet_context(game: Game, component_id: str, lang: str,
                  size: tuple[float, float] | None = None) -> dict[str, Any]:
    """Everything a score sheet draws that does not change between sheets, laid out for
    a box of `size` mm (the paper decides it; the sheet is never scaled)."""
    width, height = size or SHEET_SIZE
    m = selected_map(game)
    data = game.spec.data
    text = data["labels"].get(lang) or data["labels"]["en"]  # label_problems: both there
    letters = die_letters(text, list(m.spec.dice))
    legend = legend_lines(text, list(m.spec.dice), width)
    layout = sheet_box_layout(data["labels"], list(m.spec.dice), width, height)
    zone_letters = tuple((z, zone_letter(m.spec, z, lang)) for z in m.spec.zones)
    drawn = _geometry(m.spec, round(layout["map_w"], 2), round(layout["map_h"], 2),
                      zone_letters)
    geo, labels, badges = drawn["geo"], drawn["labels"], drawn["badges"]
    tones = data["zone_tones"]
    graph = adjacency([c.name for c in m.spec.cities], [
        (r[0], r[1]) for r in m.spec.roads if len(r) == 2 and r[0] in geo.pos and r[1] in geo.pos])
    zone_tone = {z: tones[i % len(tones)] for i, z in enumerate(m.spec.zones)}
    cities = []
    for c in m.spec.cities:
        lb = labels[c.name]
        ring = data["colours"].get(c.colour) if c.colour else None
        badge = None
        if ring and c.name in badges:
            bx, by = badges[c.name]
            badge = {"x": bx, "y": by, "letter": letters.get(str(c.colour), "?"),
                     "ink": _ink_on(ring), "r": BADGE_R}
        cities.append({"name": c.name, "label": lb.text, "x": geo.pos[c.name][0],
                       "y": geo.pos[c.name][1], "ring": ring, "colour": c.colour,
                       "zone": c.zone, "text": (lb.x, lb.y, lb.anchor, lb.width),
                       "box": lb.box, "leader": lb.leader, "badge": badge})
    return {
        "labels": text,
        "legend": legend,
        "layout": layout,
        "map": {
            "id": m.spec.id,
            "name": _text(m.spec.name, lang),
            "width": round(geo.width, 2),
            "height": round(geo.height, 2),
            "outline": [_path(r) for r in geo.outline()],
            "zones": [{"id": z, "name": _text(m.spec.zones[z], lang),
                       "letter": dict(zone_letters)[z], "tone": zone_tone[z],
                       "spot": drawn["spots"].get(z),
                       "paths": [_path(p) for p in drawn["areas"].get(z, [])]}
                      for z in m.spec.zones],
            "boundaries": [_path(line, False) for line in drawn["lines"]],
            "roads": [{"a": geo.pos[a], "b": geo.pos[b]} for a, b in
                      sorted({tuple(sorted(r)) for r in m.spec.roads if len(r) == 2})
                      if a in geo.pos and b in geo.pos],  # a broken map is still previewed
            "cities": cities,
            "degree": {n: len(v) for n, v in graph.items()},
            "marks": _preview_marks(game, drawn),
        },
        "radius": RADIUS,
        "stroke": STROKE,
        "ring": RING,
        "label_size": lab.LABEL_SIZE,
        "tracker": data["tracker"],
        "powers": data["powers"],
        "colours": data["colours"],
    }
