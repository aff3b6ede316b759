"""The benchmarks issue 16 sets its targets by: python benchmarks/run.py [options]

Every figure is a whole command in a fresh process (imports included), timed with its
peak RSS (measure.py), after one warm-up run of each; where there is a twin, pnp (A) and
the twin (B) run interleaved, A, B, A, B ..., and the ratio is taken per pair.
Cases (--only NAME[,NAME]):
  help      `pnp --help` beside `python -c pass`;
  deck      the standard deck (62 poker cards) against twin.py, the same cards drawn
            straight with reportlab as a whole command;
  scale     the same deck at 62 ... 10,000 cards against the twin: time, cost per card,
            peak memory (flat in the cards?), PDF sizes;
  games     `pnp build` of every shipped game;
  validate  `pnp validate GAME` for each shipped game, interleaved;
  pad       50 Dice Trip score sheets: the command, and in-process pnp against reportlab;
  preflight what preflight adds to building every game (in-process, interleaved);
  rebuild   every game built again unchanged, beside the twin; Temple of Doom after one
            edit, byte-compared with a cold build (the cache between runs);
  art       a deck with its own art (500 cards, one PNG each) against img2pdf.
CPU (user + system, forked workers included) is printed beside wall time throughout.
--write records the run in benchmarks/RESULTS.md (newest first). Children use this
interpreter: run it from a plain venv to leave out a system Python's site hooks.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from statistics import median as mid

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))

import dice_trip_pad as dtp  # noqa: E402
import incremental  # noqa: E402
import standard_deck as sd  # noqa: E402
import twin  # noqa: E402
from measure import (  # noqa: E402
    DESIGN_IMPORTS,
    PY,
    ROOT,
    TWIN_IMPORTS,
    Run,
    child_env,
    cpu,
    cpu_ratios,
    fastest,
    imports_only,
    interleave,
    interleave_calls,
    interpreter,
    kb,
    load,
    machine,
    mb,
    median,
    ms,
    peak,
    ratios,
)
from report import Case, Check, summary, write  # noqa: E402

CASES = ["help", "deck", "scale", "games", "validate", "pad", "preflight", "rebuild", "art"]
PNP = [PY, "-m", "pnp"]
BARE = [PY, "-c", "pass"]


@dataclass
class Pair:
    """The deck at n cards: pnp build (a) and the twin (b), interleaved."""

    n: int
    a: list[Run]
    b: list[Run]
    a_pdf: int
    b_pdf: int
    forms: int  # form XObjects in pnp's PDF: art stored once stays a fixed number
    c: list[Run] | None = None  # DESIGN_IMPORTS only, when the floor was measured
    d: list[Run] | None = None  # TWIN_IMPORTS only

    def floor(self) -> float | None:
        """B + C - D from the medians: the twin's time plus the imports it does not pay.
        (Per round, the noise of three commands adds up; the medians each settle.)"""
        if self.c is None or self.d is None:
            return None
        return median(self.b) + median(self.c) - median(self.d)


def deck_pair(n: int, runs: int, floor: bool = False) -> Pair:
    """`floor`: also time C and D (see TWIN_IMPORTS) in the same interleaved rounds."""
    with tempfile.TemporaryDirectory() as tmp:
        root = sd.write_game(Path(tmp) / "content", n)
        out, twin_pdf = Path(tmp) / "out", Path(tmp) / "twin.pdf"
        cmds = {"A": [*PNP, "build", "bench", "--content", str(root), "--out", str(out)],
                "B": [PY, str(HERE / "twin.py"), str(n), str(twin_pdf)]}
        if floor:
            cmds |= {"C": imports_only(DESIGN_IMPORTS), "D": imports_only(TWIN_IMPORTS)}
        got = interleave(cmds, runs)
        pdf = (out / "bench" / "cards.pdf").read_bytes()
        return Pair(n, got["A"], got["B"], len(pdf), twin_pdf.stat().st_size,
                    pdf.count(b"/Subtype /Form"), got.get("C"), got.get("D"))


def deck_case(p: Pair) -> Case:
    r, rc = ratios(p.a, p.b), cpu_ratios(p.a, p.b)
    case = Case(f"Standard deck: {p.n} poker cards, 9-up A4, 3 mm bleed, crop marks, duplex "
                f"({len(r)} interleaved pairs)",
                ["", "wall median", "CPU median", "wall min", "peak RSS", "PDF"])
    case.rows = [["A: pnp build (whole command)", ms(median(p.a)), ms(cpu(p.a)),
                  ms(fastest(p.a)), mb(peak(p.a)), kb(p.a_pdf)],
                 ["B: twin.py, reportlab direct (whole command)", ms(median(p.b)),
                  ms(cpu(p.b)), ms(fastest(p.b)), mb(peak(p.b)), kb(p.b_pdf)],
                 ["A/B, per pair (median)", f"{mid(r):.2f}x", f"{mid(rc):.2f}x",
                  f"{min(r):.2f}x", "", ""]]
    case.notes = ["pair ratios A_i/B_i, wall: " + ", ".join(f"{x:.2f}" for x in r)
                  + "; CPU: " + ", ".join(f"{x:.2f}" for x in rc)]
    floor = p.floor()
    floor_ratio = None if floor is None else floor / median(p.b)
    if floor is not None and floor_ratio is not None and p.c is not None and p.d is not None:
        cpu_floor = cpu(p.b) + cpu(p.c) - cpu(p.d)
        case.rows += [
            ["C: the twin's imports + typer, Jinja2, PyYAML (nothing drawn)", ms(median(p.c)),
             ms(cpu(p.c)), ms(fastest(p.c)), mb(peak(p.c)), ""],
            ["D: the twin's imports only (nothing drawn)", ms(median(p.d)), ms(cpu(p.d)),
             ms(fastest(p.d)), mb(peak(p.d)), ""],
            ["floor: B + C - D (medians)", ms(floor), ms(cpu_floor), "", "", ""],
            ["floor/B", f"{floor_ratio:.2f}x", f"{cpu_floor / cpu(p.b):.2f}x", "", "", ""]]
        case.notes.append(
            f"floor: the twin's work plus importing the libraries the design card names for "
            f"the command line (typer), templates (Jinja2) and content (PyYAML), which the twin "
            f"does not import. No pnp that imports them and draws these cards can be faster, "
            f"so none can come closer than {floor_ratio:.2f}x the twin; the 1.3x target needs "
            f"the floor itself <= 1.3x")
    a, ratio = median(p.a), mid(rc)
    at_floor = "" if floor_ratio is None else f"; the wall floor {floor_ratio:.2f}x"
    case.checks = [Check("standard deck: whole command <= 0.30 s at low load (median)", a <= 0.30,
                         ms(a)),
                   Check("standard deck: at most 1.9x the reportlab twin's CPU (median pair "
                         "ratio)", ratio <= 1.9, f"{ratio:.2f}x (wall {mid(r):.2f}x){at_floor}")]
    return case


def scale_case(pairs: list[Pair]) -> Case:
    first, last = pairs[0], pairs[-1]
    case = Case("Scaling: the standard deck at each size, pnp build against the twin "
                f"({', '.join(str(len(p.a)) for p in pairs)} interleaved pairs)",
                ["cards", "pnp wall", "twin wall", "ratio", "pnp CPU", "twin CPU", "CPU ratio",
                 "pnp peak", "twin peak", "pnp PDF", "twin PDF", "forms", "pnp ms/card",
                 "pnp marginal ms/card"])
    for p in pairs:
        marginal = ("-" if p is first else
                    f"{(median(p.a) - median(first.a)) / (p.n - first.n) * 1000:.3f}")
        case.rows.append([str(p.n), ms(median(p.a)), ms(median(p.b)),
                          f"{mid(ratios(p.a, p.b)):.2f}x", ms(cpu(p.a)), ms(cpu(p.b)),
                          f"{mid(cpu_ratios(p.a, p.b)):.2f}x", mb(peak(p.a)),
                          mb(peak(p.b)), kb(p.a_pdf), kb(p.b_pdf), str(p.forms),
                          f"{median(p.a) / p.n * 1000:.3f}", marginal])

    def slope(side: str) -> float:
        return ((peak(getattr(last, side)) - peak(getattr(first, side)))
                / max(last.n - first.n, 1) * 1000)

    case.notes = [
        "times are medians (CPU: user + system, forked workers included); ratio: median of "
        "the pair ratios; peak: highest peak RSS of the "
        "runs; MB = 10^6 bytes, kB = 10^3 bytes; forms: form XObjects in pnp's PDF",
        f"pnp ms/card = wall / cards; marginal = (wall - wall at {first.n}) / "
        f"(cards - {first.n}), both from pnp's median wall",
        f"memory slope, {first.n} to {last.n} cards: pnp {slope('a'):+.2f} MB per 1,000 cards, "
        f"twin {slope('b'):+.2f} MB per 1,000 cards"]
    by_n = {p.n: p for p in pairs}
    big, thousand = by_n.get(10000), by_n.get(1000)
    if big is None:
        case.checks = [Check(t, None, "10,000 cards not measured") for t in (
            "10,000 cards: whole command < 5 s", "10,000 cards: peak RSS < 100 MB",
            "10,000 cards: PDF < 2.7 MB (2,700,000 bytes)",
            "10,000 cards: at most 1.5x the twin's CPU")]
    else:
        case.checks = [
            Check("10,000 cards: whole command < 5 s (median)", median(big.a) < 5,
                  f"{median(big.a):.2f} s"),
            Check("10,000 cards: peak RSS < 100 MB", peak(big.a) < 100, mb(peak(big.a))),
            Check("10,000 cards: PDF < 2.7 MB (2,700,000 bytes)", big.a_pdf < 2_700_000,
                  f"{big.a_pdf:,} bytes"),
            Check("10,000 cards: at most 1.5x the twin's CPU (median pair ratio)",
                  mid(cpu_ratios(big.a, big.b)) <= 1.5,
                  f"{mid(cpu_ratios(big.a, big.b)):.2f}x (wall "
                  f"{mid(ratios(big.a, big.b)):.2f}x)")]
    grow = peak(big.a) - peak(thousand.a) if big and thousand else None
    case.checks.append(Check("memory flat: peak at 10,000 cards - peak at 1,000 < 25 MB",
                             None if grow is None else grow < 25,
                             "not measured" if grow is None else
                             f"{grow:+.1f} MB, {'flat' if grow < 25 else 'not flat'}"))
    case.checks.append(Check("back and repeated art stored once: pnp's form XObjects do not "
                             "grow with the cards", None if last is first else
                             last.forms <= first.forms,
                             f"{first.forms} at {first.n} cards, {last.forms} at {last.n}"))
    return case


def help_case(runs: int) -> Case:
    got = interleave({"pnp --help": [*PNP, "--help"], "python -c pass": BARE}, runs)
    case = Case(f"pnp --help beside the bare interpreter ({runs} interleaved pairs)",
                ["", "median", "min", "peak RSS"])
    case.rows = [[k, ms(median(v)), ms(fastest(v)), mb(peak(v))] for k, v in got.items()]
    h = median(got["pnp --help"])
    case.notes = [f"pnp's own share: {ms(h - median(got['python -c pass']))}"]
    case.checks = [Check("pnp --help < 0.12 s (median)", h < 0.12, ms(h))]
    return case


def games_case(runs: int) -> Case:
    with tempfile.TemporaryDirectory() as tmp:
        got = interleave({"build": [*PNP, "build", "--out", tmp]}, runs)["build"]
        pdfs = list(Path(tmp).rglob("*.pdf"))
        size = sum(p.stat().st_size for p in pdfs)
    case = Case(f"Every shipped game: pnp build ({runs} runs)",
                ["", "wall median", "CPU median", "wall min", "peak RSS", "PDFs", "total"])
    case.rows = [["pnp build --out TMP", ms(median(got)), ms(cpu(got)), ms(fastest(got)),
                  mb(peak(got)), str(len(pdfs)), kb(size)]]
    case.checks = [Check("every shipped game in one pnp build < 2.5 s (median)",
                         median(got) < 2.5, f"{median(got):.2f} s"),
                   Check("every shipped game in one pnp build < 3.5 s of CPU (median)",
                         cpu(got) < 3.5, f"{cpu(got):.2f} s")]
    return case


def game_ids() -> list[str]:
    listed = subprocess.run([*PNP, "list", "--format", "json"], capture_output=True, text=True,
                            check=True, env=child_env(), cwd=ROOT).stdout
    return [g["id"] for g in json.loads(listed)["games"]]


def validate_case(runs: int) -> Case:
    """Each game's validate beside its build (A4, written): validate runs every stage of
    the build but the writing, its faces once and then each of A4 and Letter laid out and
    checked, so the build of the same game is what it can be measured against."""
    with tempfile.TemporaryDirectory() as tmp:
        cmds: dict[str, list[str]] = {}
        for g in game_ids():
            cmds[g] = [*PNP, "validate", g]
            cmds[f"build {g}"] = [*PNP, "build", g, "--out", tmp]
        got = interleave(cmds, runs)
    games = [g for g in cmds if not g.startswith("build ")]
    case = Case(f"pnp validate, each shipped game, beside its pnp build ({runs} interleaved "
                "rounds)", ["game", "validate wall", "validate CPU", "peak RSS", "build wall",
                            "build CPU", "validate/build CPU"])
    case.rows = [[g, ms(median(got[g])), ms(cpu(got[g])), mb(peak(got[g])),
                  ms(median(got[f"build {g}"])), ms(cpu(got[f"build {g}"])),
                  f"{mid(cpu_ratios(got[g], got[f'build {g}'])):.2f}x"] for g in games]
    case.notes = ["validate: every stage of the build but the writing, on A4 and Letter (each "
                  "face rendered and checked once, then each paper laid out and checked; cold: "
                  "no cache); build: A4, writing the files; validate/build: median of the "
                  "per-round ratios"]
    worst = max(games, key=lambda g: median(got[g]))
    case.checks = [Check("pnp validate of each game < 0.5 s (median)",
                         all(median(got[g]) < 0.5 for g in games),
                         f"slowest {worst} {ms(median(got[worst]))}, its build "
                         f"{ms(median(got[f'build {worst}']))}")]
    if "temple-trip" in got:
        tt = cpu(got["temple-trip"])
        case.checks.append(Check("pnp validate temple-trip, cold: under 1.2 s of CPU (median)",
                                 tt < 1.2, f"{tt:.2f} s (wall "
                                 f"{median(got['temple-trip']):.2f} s)"))
    return case


def pad_case(runs: int) -> Case:
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "pad.pdf"
        cmd = interleave({"pad": [*PNP, "sheets", "dice-trip", "--count", "50", "--out",
                                  str(out)]}, runs)["pad"]
        size = out.stat().st_size
    inproc = interleave_calls({"pnp": lambda: dtp.pnp_pad(50)[0],
                               "reportlab": lambda: dtp.reportlab_pad(50)[0]}, runs)
    a, b = inproc["pnp"], inproc["reportlab"]
    r = [x / y for x, y in zip(a, b, strict=True)]
    case = Case(f"50 Dice Trip score sheets, 2 per A4 page ({runs} runs; in-process: "
                f"{runs} interleaved pairs)", ["", "median", "min", "peak RSS", "PDF"])
    case.rows = [["pnp sheets dice-trip --count 50 (whole command)", ms(median(cmd)),
                  ms(fastest(cmd)), mb(peak(cmd)), kb(size)],
                 ["A: pnp pad, in-process", ms(mid(a)), ms(min(a)), "", ""],
                 ["B: reportlab direct, in-process", ms(mid(b)), ms(min(b)), "", ""],
                 ["A/B, per pair", f"{mid(r):.2f}x", f"{min(r):.2f}x", "", ""]]
    case.checks = [Check("50 Dice Trip sheets well under 2 s (whole command < 1.5 s, median)",
                         median(cmd) < 1.5, ms(median(cmd))),
                   Check("the pad stores its map once (PDF < 200 kB)", size < 200_000, kb(size))]
    return case


def preflight_case(runs: int) -> Case:
    import preflight as pf  # imports pnp's build: in-process, so last

    f = pf.measure(runs)
    case = Case(f"Preflight: every shipped game built in memory with and without it "
                f"({runs} interleaved pairs)", ["", "median", "min"])
    case.rows = [["with preflight", f"{f['with_median']:.2f} s", f"{f['with_min']:.2f} s"],
                 ["without", f"{f['without_median']:.2f} s", f"{f['without_min']:.2f} s"],
                 ["with/without, per pair", f"{f['ratio_median']:.3f}x",
                  f"{f['ratio_min_over_min']:.3f}x (min/min)"]]
    case.checks = [Check("preflight adds at most 15 % to building every game",
                         f["ratio_median"] <= 1.15, f"{100 * (f['ratio_median'] - 1):+.1f} %")]
    return case


def art_case(cards: int, runs: int) -> Case:
    import art_deck  # generates the PNGs: only when the case runs

    return art_deck.case(cards, runs)


def sizes_arg(text: str) -> list[int]:
    return sorted({int(x) for x in text.split(",") if x.strip()})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[5:]))
    parser.add_argument("--runs", type=int, default=5, help="runs of each command (default 5)")
    parser.add_argument("--big-runs", type=int, help="runs at 3,000 cards and more "
                        "(default: --runs)")
    parser.add_argument("--sizes", type=sizes_arg, default=[62, 300, 1000, 3000, 10000],
                        help="card counts of the scaling series (default 62,300,1000,3000,10000)")
    parser.add_argument("--quick", action="store_true", help="stop the series at 1,000 cards")
    parser.add_argument("--only", help="cases to run, comma-separated: " + ", ".join(CASES))
    parser.add_argument("--art-cards", type=int, default=500,
                        help="cards in the art deck case (default 500)")
    parser.add_argument("--write", action="store_true", help="record in RESULTS.md")
    args = parser.parse_args()
    only = args.only.split(",") if args.only else CASES
    if unknown := set(only) - set(CASES):
        parser.error(f"unknown case {', '.join(sorted(unknown))}; the cases: {', '.join(CASES)}")
    sizes = [n for n in args.sizes if n <= 1000] if args.quick else args.sizes
    if "scale" in only and not sizes:
        parser.error("no sizes left for the scaling series")
    big_runs = args.big_runs or args.runs

    os.environ["PNP_CACHE"] = "0"  # in-process cases too: cold builds, no kept drawings
    start_load = os.getloadavg()[0]
    bare = interleave({"bare": BARE}, args.runs)["bare"]
    about = [f"Machine: {machine()}; {load()} at the start.",
             f"Interpreter: {interpreter()}; bare start `python -c pass`: median "
             f"{ms(median(bare))}, min {ms(fastest(bare))}.",
             f"Runs: {args.runs} of each command ({big_runs} at 3,000 cards and more), each in a "
             "fresh process after one warm-up run, PYTHONDONTWRITEBYTECODE removed."]
    print("\n".join(about), flush=True)
    if ({"deck", "scale"} & set(only)) and (differ := twin.check()):
        sys.exit(f"twin.py's layout differs from pnp.layout.impose's in: {', '.join(differ)}")
    pairs: dict[int, Pair] = {}

    def pair(n: int, floor: bool = False) -> Pair:
        if n not in pairs:
            pairs[n] = deck_pair(n, big_runs if n >= 3000 else args.runs, floor)
        return pairs[n]

    cases: list[Case] = []
    runners = {"help": lambda: help_case(args.runs), "deck": lambda: deck_case(pair(62, floor=True)),
               "scale": lambda: scale_case([pair(n) for n in sizes]),
               "games": lambda: games_case(args.runs), "validate": lambda: validate_case(args.runs),
               "pad": lambda: pad_case(args.runs), "preflight": lambda: preflight_case(args.runs),
               "rebuild": lambda: [incremental.unchanged_case(game_ids(), args.runs),
                                   incremental.changed_case(args.runs)],
               "art": lambda: art_case(args.art_cards, max(1, min(args.runs, 3)))}
    for name in CASES:
        if name in only:
            made = runners[name]()
            for each in made if isinstance(made, list) else [made]:
                cases.append(each)
                each.show()
                sys.stdout.flush()
    busy = [f"Other work shared the machine (load {start_load:.2f} before the first run): "
            "the times are not 'at low load'."] if start_load > 0.5 else []
    about += [f"At the end: {load()}.", *busy]
    print(f"\nSummary ({load()}):")
    for line in summary(cases) + busy:
        print(f"  {line}")
    if args.write:
        write("python benchmarks/run.py " + " ".join(sys.argv[1:]), about, cases)


if __name__ == "__main__":
    main()
