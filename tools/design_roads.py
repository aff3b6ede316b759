"""Propose roads for a Dice Trip map, designed on the map as it is printed.

The roads are the relative-neighbourhood graph of the drawn city positions (it links every
city and no two of its roads cross), plus the shortest further Gabriel-graph links up to
--roads. They are designed on the map as printed (drawing.drawn_map: the game's projection,
its circle spacing, and circles moved apart where names need room) at the box where it is
drawn smallest, on the papers and sheets a page that `pnp validate` / `pnp sheets` check
(printed_map_boxes); a road is kept only if it crosses no other road and passes clear of
every other city's circle on each printed box, drawn with the roads proposed.
Prints `roads:` YAML to paste into the map file; what `pnp validate` would still say about
the roads goes to stderr (exit 1 then).

    python3 tools/design_roads.py my-country.yaml --roads 42
    python3 tools/design_roads.py my-country.yaml --paper a4 --per-page 1
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pnp.base.geometry import distance_to_segment  # noqa: E402
from pnp.games.dice_trip import drawn as drawing  # noqa: E402
from pnp.games.dice_trip.checks import ROAD_CLEARANCE, check_map  # noqa: E402
from pnp.games.dice_trip.geometry import Geometry  # noqa: E402
from pnp.games.dice_trip.maps import load_map  # noqa: E402
from pnp.games.dice_trip.spec import LoadedMap, MapSpec  # noqa: E402

Road = tuple[str, str]


def printed_boxes(dice: list[str], papers: list[str] | None, per_page: int | None,
                  content: str | None = None) -> tuple[list[tuple[float, float]], object]:
    """The map boxes (mm) the game prints on these papers and sheets a page (the same
    function `pnp validate` and `pnp sheets` use), and the game's map rules."""
    from pnp.games.dice_trip.rules import map_rules, printed_map_boxes
    from pnp.load.content import content_root, game_folder, load_game

    problems: list = []
    game = load_game(game_folder(content_root(Path(content) if content else None), "dice-trip"),
                     problems)
    if game is None:
        sys.exit("\n".join(p.format() for p in problems))
    game.options["papers"] = papers or []
    game.options["per_page"] = per_page
    return printed_map_boxes(game, dice), map_rules(game)


def candidates(pos: dict[str, tuple[float, float]]) -> list[Road]:
    """Relative-neighbourhood roads (shortest first), then Gabriel links (shortest first)."""
    names = sorted(pos)

    def d(a: str, b: str) -> float:
        return math.dist(pos[a], pos[b])

    pairs = [(a, b) for i, a in enumerate(names) for b in names[i + 1:]]
    rng = [(a, b) for a, b in pairs
           if not any(max(d(a, c), d(b, c)) < d(a, b) for c in names if c not in (a, b))]
    gabriel = [(a, b) for a, b in pairs if (a, b) not in rng and not any(
        d(a, c) ** 2 + d(b, c) ** 2 < d(a, b) ** 2 for c in names if c not in (a, b))]
    return sorted(rng, key=lambda p: d(*p)) + sorted(gabriel, key=lambda p: d(*p))


def _clear(road: Road, kept: list[Road], geo: Geometry) -> bool:
    """The road crosses no kept road and runs through no other city's circle."""
    a, b = road
    for c, e in kept:
        if not {a, b} & {c, e} and geo.crossings([road, (c, e)]):
            return False
    return all(distance_to_segment(geo.pos[n], geo.pos[a], geo.pos[b])
               >= geo.radius[n] + ROAD_CLEARANCE for n in geo.pos if n not in road)


def propose(design: Geometry, drawn: list[Geometry], count: int,
            banned: frozenset[Road] = frozenset()) -> list[Road]:
    """Up to `count` roads, each clear on every placing of the circles in `drawn` (each
    printed box's, with those its room step tried): first the shortest that join the
    network into one (as Kruskal's spanning tree), then the rest in the order of
    `candidates` on `design`, the map drawn on the smallest box. The other placings'
    candidates join in when their circles lie elsewhere (a crowded map)."""
    order = [r for r in dict.fromkeys(candidates(design.pos) + [
        r for g in drawn if g is not design for r in candidates(g.pos)]) if r not in banned]
    group = {n: n for n in design.pos}

    def root(n: str) -> str:
        while group[n] != n:
            n = group[n]
        return n

    kept: list[Road] = []
    for road in sorted(order, key=lambda r: math.dist(design.pos[r[0]], design.pos[r[1]])):
        a, b = root(road[0]), root(road[1])
        if a != b and all(_clear(road, kept, geo) for geo in drawn):
            kept.append(road)
            group[a] = b
    for road in order:
        if len(kept) >= count:
            break
        if road not in kept and all(_clear(road, kept, geo) for geo in drawn):
            kept.append(road)
    return sorted(tuple(sorted(r)) for r in kept)  # type: ignore[misc]


def drawn_maps(spec: MapSpec, roads: list[Road], boxes: list[tuple[float, float]]
               ) -> list[dict[str, Any]]:
    """The map with these roads as `pnp sheets` draws it on each box: circles moved
    apart where names need room (drawing.drawn_map), which the roads must then suit."""
    with_roads = dataclasses.replace(spec, roads=[list(r) for r in roads])
    return [drawing.drawn_map(with_roads, w, h) for w, h in boxes]


def road_problems(m: LoadedMap, roads: list[Road], rules: object,
                  boxes: list[tuple[float, float]]) -> list:
    """What `pnp validate` says about these roads (the map's road rules, on every box)."""
    spec = dataclasses.replace(m.spec, roads=[list(r) for r in roads])
    found = check_map(LoadedMap(spec, m.source), rules, boxes)  # type: ignore[arg-type]
    return [p for p in found if p.key and p.key.startswith("map.roads")]


def design(m: LoadedMap, boxes: list[tuple[float, float]], rules: object,
           count: int) -> tuple[list[Road], list]:
    """Roads and what `pnp validate` still says about them. They are designed on the map
    drawn without roads (where its names need room, the circles move as they move on
    the printed map whatever its roads: drawn.room_for), then on that drawn with them
    too where it differs; a road the checks refuse is left out and the rest designed
    again. The roads that leave fewest problems (names without a place count) win."""
    bare = dataclasses.replace(m.spec, roads=[])
    placings = {_placed(g): g for g in (drawing.drawn_map(bare, w, h)["geo"] for w, h in boxes)}
    design_on = min(placings.values(), key=lambda g: g.scale)
    banned: set[Road] = set()
    best: tuple[int, list[Road], list] | None = None
    for _ in range(6):
        roads = propose(design_on, list(placings.values()), count, frozenset(banned))
        left = road_problems(m, roads, rules, boxes)
        drawn = drawn_maps(m.spec, roads, boxes)
        unplaced = sum(not lb.placed for d in drawn for lb in d["labels"].values())
        if best is None or len(left) + unplaced < best[0]:
            best = (len(left) + unplaced, roads, left)
        new = {_placed(d["geo"]): d["geo"] for d in drawn if _placed(d["geo"]) not in placings}
        if not left and not unplaced or not new and not left:
            break
        placings.update(new)  # with its roads the map is drawn elsewhere: suit that too
        banned |= {roads[int(p.key.split("[")[1].split("]")[0])] for p in left
                   if p.key.startswith("map.roads[")}  # the refused roads go
    assert best is not None
    return best[1], best[2]


def _placed(geo: Geometry) -> tuple:
    return (geo.width, geo.height, tuple(sorted(geo.pos.items())))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("map")
    ap.add_argument("--roads", type=int, default=42, help="how many roads at most")
    ap.add_argument("--paper", action="append", metavar="PAPER",
                    help="a paper printed on (a4, letter); repeat it. Default: every paper, "
                    "as pnp validate")
    ap.add_argument("--per-page", type=int, choices=(1, 2),
                    help="sheets on a page, as pnp sheets --per-page. Default: 1 and 2")
    ap.add_argument("--content", help="the content folder holding dice-trip (pnp's --content)")
    args = ap.parse_args()
    problems: list = []
    m = load_map(Path(args.map), problems)
    if m is None:
        sys.exit("\n".join(p.format() for p in problems))
    from pnp.base.units import PAPERS

    unknown = [p for p in args.paper or [] if p.lower() not in PAPERS]
    if unknown:
        sys.exit(f"--paper: unknown paper {unknown[0]!r} (papers: {', '.join(PAPERS)})")
    papers = [p.lower() for p in args.paper or []]
    boxes, rules = printed_boxes(list(m.spec.dice), papers, args.per_page, args.content)
    roads, left = design(m, boxes, rules, args.roads)
    sizes = ", ".join(f"{w:g} x {h:g}" for w, h in boxes)
    print(f"  roads:   # {len(roads)} roads, designed for map boxes of {sizes} mm "
          "(tools/design_roads.py)")
    for a, b in roads:
        print(f"    - [{a}, {b}]")
    for p in left:
        print(p.format(), file=sys.stderr)
    if left:
        sys.exit(1)


if __name__ == "__main__":
    main()
