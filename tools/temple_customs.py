"""Run every custom TEMPLE file of the corpus (tests/fixtures/temple-trip-customs/) through
`pnp validate temple-trip --custom FILE --format json`, as a user would: accepted or refused,
and the first message. For an accepted new city, measure what the user would see: its circle,
name and squares clear of the panels, banks, insets and flags, and a road joining it to the
network. The summary compares each verdict with the corpus's (corpus.yaml), so that fixes to
the board can be counted.

    python3 tools/temple_customs.py [--only fresno ...] [--json OUT] [--build] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import math
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "fixtures" / "temple-trip-customs"
GAME = "temple-trip"
DRIFT_MM = 12.0  # a new city: 7 mm from its place on the drawn map, 11 where all is taken
COMPASS_DEG = 45.0  # a road neighbour's drawn direction may turn this far from the real one


@dataclass
class Result:
    """One corpus file: what the corpus expects and what pnp did with it."""

    name: str
    expect: str  # accept | refuse
    kind: str
    reason: str  # the corpus's reason for a refusal
    says: list[str]  # words a true refusal names (any one)
    never: list[str]  # statements that would be false for this file
    verdict: str = ""  # accept | refuse | crash (exit 2 or 70, or a traceback)
    exit: int = 0
    seconds: float = 0.0
    errors: list[str] = field(default_factory=list)
    drawn: dict[str, Any] | None = None  # for an accepted new city: what the board shows
    build: dict[str, Any] | None = None  # with --build: exit code and seconds
    folder: Path = CORPUS  # the corpus the file is in

    @property
    def path(self) -> Path:
        return self.folder / f"{self.name}.yaml"

    @property
    def faults(self) -> list[str]:
        """Why an accepted city is not the fair outcome: hidden, unjoined, moved."""
        d = self.drawn
        if self.verdict != "accept" or d is None or d.get("shipped"):
            return []
        if "error" in d:
            return [f"not measured: {d['error']}"]
        out = [f"circle under {', '.join(d['circle_under'])}"] if d["circle_under"] else []
        if d["name_under"]:
            out.append(f"name under {', '.join(d['name_under'])}")
        if d["squares_under"]:
            out.append(f"{d['squares_under']} square(s) under furniture")
        if not d["roads"]:
            out.append("no road")
        elif not d["reachable"]:
            out.append("not reachable from the start")
        if d["drift"] > DRIFT_MM:
            out.append(f"drawn {d['drift']:.0f} mm from its map place")
        if d["compass"] > COMPASS_DEG:
            out.append(f"turned {d['compass']:.0f}° from its neighbour's true direction")
        return out

    @property
    def outcome(self) -> str:
        if self.verdict == "crash":
            return "crash"
        if self.verdict != self.expect:
            return "wrong verdict"
        if self.expect == "refuse":
            return "refused as expected"
        return "accepted but hidden/unjoined" if self.faults else "accepted as expected"

    @property
    def says_ok(self) -> bool | None:
        """For a refusal: do its messages name what the corpus says a true reason names,
        and none of what the corpus says would be false?"""
        if self.verdict != "refuse" or not (self.says or self.never):
            return None
        text = " ".join(self.errors).lower()
        return (not self.says or any(w.lower() in text for w in self.says)) \
            and not any(w.lower() in text for w in self.never)

    @property
    def ok(self) -> bool:
        """The fair outcome: the expected verdict, visible and joined if accepted, and a
        refusal that names what the corpus says a true reason names."""
        return self.outcome in ("accepted as expected", "refused as expected") \
            and self.says_ok is not False


def load_corpus(only: list[str] | None = None, folder: Path = CORPUS) -> list[Result]:
    cases = yaml.safe_load((folder / "corpus.yaml").read_text(encoding="utf-8"))["cases"]
    out = [Result(Path(c["file"]).stem, c["expect"], c.get("kind", ""), c.get("reason", ""),
                  c.get("says") or [], c.get("never") or [], folder=folder) for c in cases]
    if only:
        missing = set(only) - {r.name for r in out}
        if missing:
            raise SystemExit(f"--only: no case {', '.join(sorted(missing))} in corpus.yaml")
        out = [r for r in out if r.name in only]
    return out


def pnp(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pnp", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=300)


def _errors(run: subprocess.CompletedProcess[str]) -> list[str] | None:
    """The error lines of a JSON report, as the text output would print them."""
    try:
        problems = json.loads(run.stdout)["games"][0]["problems"]
    except (ValueError, KeyError, IndexError):
        return None
    return [f"{Path(p['file']).name if p.get('file') else '-'}:{p.get('line') or 1}: "
            f"{p['key'] + ': ' if p.get('key') else ''}{p['message']}"
            for p in problems if p.get("severity") == "error"]


def _unlined(error: str) -> str:
    """An error without its line number: a shipped file edited meanwhile moves its lines."""
    return re.sub(r"^([^:]*):\d+:", r"\1:", error)


def shipped_errors() -> list[str]:
    """The shipped game's own errors (none on a sound board): a custom file is judged by
    the errors it adds, so that a board under repair does not refuse every file."""
    return _errors(pnp("validate", GAME, "--format", "json")) or []


def validate(r: Result, shipped: frozenset[str] = frozenset()) -> None:
    """The user's command; its JSON report gives the messages, its exit code the verdict."""
    start = time.perf_counter()
    run = pnp("validate", GAME, "--custom", str(r.path), "--format", "json")
    r.seconds = time.perf_counter() - start
    r.exit = run.returncode
    errors = _errors(run)
    if errors is None or run.returncode not in (0, 1) or "Traceback" in run.stdout + run.stderr:
        r.verdict = "crash"
        r.errors = [ln for ln in run.stderr.splitlines() if ln.strip()][:5]
        return
    r.errors = [e for e in errors if _unlined(e) not in shipped]
    r.verdict = "refuse" if r.errors else "accept"


def build(r: Result) -> None:
    with tempfile.TemporaryDirectory(prefix="temple-customs-") as out:
        start = time.perf_counter()
        run = pnp("build", GAME, "--custom", str(r.path), "--out", out)
    r.build = {"exit": run.returncode, "seconds": round(time.perf_counter() - start, 2),
               "message": (run.stderr.strip().splitlines() or [""])[0]}


def furniture(b: Any) -> dict[str, tuple[float, ...]]:
    """What is drawn over the map, by name: panels, banks, insets and flags."""
    from pnp.games.temple_trip import labels

    spec = b.spec
    boxes = {f"{k} panel": tuple(v) for k, v in spec.get("panels", {}).items()}
    boxes.update({f"{k['name']} bank": tuple(k["box"]) for k in spec.get("banks", [])})
    boxes.update({f"{k} inset": tuple(v["box"]) for k, v in spec.get("insets", {}).items()})
    flags = labels.flag_boxes(b) if hasattr(labels, "flag_boxes") else []
    boxes.update({f"{f['country']} flag": tuple(box)
                  for f, box in zip(spec.get("flags", []), flags, strict=False)})
    return boxes


def _off_bearing(c: Any, o: Any) -> float:
    """Degrees between where o is drawn from c and where it lies on the ground (a compass
    reading: east-west distances shrink with the cosine of the latitude)."""
    true = math.atan2((o.lon - c.lon) * math.cos(math.radians((o.lat + c.lat) / 2)),
                      o.lat - c.lat)
    d = abs(math.degrees(math.atan2(o.pos[0] - c.pos[0], c.pos[1] - o.pos[1]) - true)) % 360
    return min(d, 360 - d)


def inspect(r: Result, city_name: str) -> None:
    """Where the accepted file's city is drawn and what covers it, from the same Board
    the build draws (pnp.games.temple_trip.data.board)."""
    from pnp.base.geometry import boxes_overlap
    from pnp.games.temple_trip import data, labels
    from pnp.load.content import load_game

    try:
        game = load_game(ROOT / "content" / GAME, [], [r.path])
        b = data.board(game)
        c = b.cities.get(city_name)
        if c is None or c.placed or not str(c.card).startswith("custom"):
            r.drawn = {"shipped": True} if c else {"error": f"no city '{city_name}' drawn"}
            return  # a shipped city: the board already draws it
        boxes = furniture(b)
        under = [n for n, box in boxes.items() if labels.disc_hits_box(c.pos, c.radius, box)]
        if not (c.radius <= c.pos[0] <= b.width - c.radius
                and c.radius <= c.pos[1] <= b.height - c.radius):
            under.append("the board's edge")
        label = labels.place(b).get(c.name)
        roads = [x for x in b.roads if c.name in (x.a, x.b)]
        squares = [s for x in roads for s in x.squares]
        compass = max((_off_bearing(c, b.cities[x.b if x.a == c.name else x.a])
                       for x in roads), default=0.0)
        r.drawn = {
            "x": round(c.pos[0], 1), "y": round(c.pos[1], 1), "circle_under": under,
            "name_under": [n for n, box in boxes.items()
                           if label is not None and boxes_overlap(tuple(label.box), box)],
            "squares_under": sum(1 for s in squares
                                 if any(labels.disc_hits_box((s.x, s.y), 1.0, box)
                                        for box in boxes.values())),
            "roads": sorted(x.b if x.a == c.name else x.a for x in roads), "squares": len(squares),
            "reachable": c.name in b.reachable(b.spec["salt_lake_city"]["name"]),
            "drift": round(math.dist(c.pos, b.map(c.lon, c.lat)) - _edge_push(b, c), 1),
            "compass": round(compass, 1),
        }
    except Exception as exc:  # a harness reports what it could not measure, and goes on
        r.drawn = {"error": f"{type(exc).__name__}: {exc}"}


def _edge_push(b: Any, c: Any) -> float:
    """How far the board's edge alone moves a circle inward: its map place lies nearer
    the edge than the circle and the 8 mm every circle keeps inside the trim."""
    x, y = b.map(c.lon, c.lat)
    return max(0.0, c.radius + 8.0 - min(x, y, b.width - x, b.height - y))


def run(cases: list[Result], jobs: int = 2, with_build: bool = False
        ) -> tuple[list[Result], list[str]]:
    """Validate every case (`jobs` at a time), then measure each accepted one. Also
    returns the shipped game's own errors, which no case is blamed for."""
    shipped = shipped_errors()
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        list(pool.map(lambda r: validate(r, frozenset(map(_unlined, shipped))), cases))
        if with_build:
            list(pool.map(build, [r for r in cases if r.verdict == "accept"]))
    for r in cases:
        if r.verdict == "accept":
            city = yaml.safe_load(r.path.read_text(encoding="utf-8"))
            inspect(r, str(city.get("city")))
    return cases, shipped


def summary(results: list[Result], shipped: list[str]) -> dict[str, Any]:
    counts = {o: sum(r.outcome == o for r in results) for o in {r.outcome for r in results}}
    return {"cases": len(results), "ok": sum(r.ok for r in results),
            "expected_accept": sum(r.expect == "accept" for r in results),
            "accepted": sum(r.verdict == "accept" for r in results),
            "refused": sum(r.verdict == "refuse" for r in results),
            "outcomes": counts,
            "refusals_not_naming_the_reason": [r.name for r in results if r.says_ok is False],
            "seconds": round(sum(r.seconds for r in results), 1),
            "shipped_errors": len(shipped)}


def report(results: list[Result], shipped: list[str]) -> str:
    lines = [f"{'case':30} {'expect':7} {'pnp':7} {'ok':3} outcome / first message"]
    for r in results:
        road = f" (road to {', '.join(r.drawn['roads'])})" if r.drawn and "roads" in r.drawn else ""
        what = r.outcome + (": " + "; ".join(r.faults) if r.faults else road)
        if r.build is not None:
            what += f" [build exit {r.build['exit']}, {r.build['seconds']} s]"
        lines.append(f"{r.name:30} {r.expect:7} {r.verdict:7} {'yes' if r.ok else 'NO':3} {what}")
        if r.errors:
            lines.append(f"{'':40} {r.errors[0]}")
        if r.says_ok is False:
            lines.append(f"{'':40} (a true refusal names {' / '.join(r.says) or '-'}, never "
                         f"{' / '.join(r.never) or '-'}; corpus: {r.reason})")
    s = summary(results, shipped)
    if shipped:  # a board under repair
        lines[:0] = [f"the shipped game alone fails validate ({len(shipped)} errors, first: "
                     f"{shipped[0]}); each case is judged by the errors it adds", ""]
    lines += ["", f"{s['cases']} cases, {s['ok']} fair; pnp accepted {s['accepted']} (corpus "
                  f"expects {s['expected_accept']}), refused {s['refused']}; {s['seconds']} s of "
                  "validate"] + [f"  {k}: {v}" for k, v in sorted(s["outcomes"].items())]
    if s["refusals_not_naming_the_reason"]:
        lines.append(f"  refusals not naming the reason: {s['refusals_not_naming_the_reason']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", action="append", metavar="NAME", help="one case (file stem)")
    ap.add_argument("--json", type=Path, metavar="OUT", help="write every result as JSON")
    ap.add_argument("--build", action="store_true", help="also build each accepted file")
    ap.add_argument("--jobs", type=int, default=2, help="validations at a time (default 2)")
    ap.add_argument("--corpus", type=Path, default=CORPUS, metavar="DIR",
                    help="a folder of custom files with its corpus.yaml (default: the "
                         "temples, tests/fixtures/temple-trip-customs; the real cities "
                         "without a temple: tests/fixtures/temple-trip-cities)")
    args = ap.parse_args(argv)
    results, shipped = run(load_corpus(args.only, args.corpus), args.jobs, args.build)
    print(report(results, shipped))
    if args.json:
        rows = [{**asdict(r), "folder": str(r.folder), "outcome": r.outcome, "ok": r.ok,
                 "faults": r.faults,
                 "says_ok": r.says_ok} for r in results]
        doc = {"summary": summary(results, shipped), "results": rows, "shipped_errors": shipped}
        args.json.write_text(json.dumps(doc, indent=2, ensure_ascii=False) + "\n", "utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
