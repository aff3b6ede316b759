"""Fuzz every content key and every command-line option, and sort what happens.

python3 tools/fuzz_all.py [--seed S] [--budget SECONDS] [--content-only | --cli-only]
                          [--build-share 0.1] [--build-share-ok 0.5] [--limit 30]
                          [--jsonl FILE] [--start N]

Content (tools/fuzz_keys.py): each key path pattern of every shipped game's YAML files
given a hostile value of its type, then `pnp validate GAME --paper a4` in-process (in a
forked child, killed at --limit seconds) and, for a seeded share of them, `pnp build` as
a user runs it (half of those validate passes, to check that build agrees). Command line
(tools/fuzz_cli.py): every option of every command with hostile values, each as a
process. Every run is sorted into one outcome:

  ok, clean (exit 1/2 with its reasons): as pnp promises;
  internal (exit 70 or a traceback), hang (over --limit), parity (validate said ok, build
  failed), deleted (a file that was there before the run is gone), overwritten (a file
  of the user's replaced), escape (a link out of the game folder followed, or the secret
  it leads to echoed), silent (failed without a word), exit (an exit code pnp does not
  use); and, as notes: noisy (a line over 1,000 characters or over 300 lines),
  blames-template (mutated content answered with a problem in pnp's shipped template).

Prints the distinct causes (exception, the pnp frame that raised it, a reproducer) with
their counts, then the totals. Seeded: the same seed tries the same inputs. Content cases
come round-robin, every key pattern once before any twice, until the budget is spent."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import fuzz_cli  # noqa: E402
import fuzz_keys  # noqa: E402
from fuzz_run import Result, run_cli, run_content  # noqa: E402

BAD = ("internal", "hang", "parity", "deleted", "overwritten", "escape", "silent", "exit")


def content_order(seed: int) -> list[tuple[fuzz_keys.ContentCase, list]]:
    """Every (pattern, mutation), round-robin: each pattern's mutations shuffled, then
    round r holds every pattern's r-th mutation, shuffled (so a short budget still
    covers every key pattern of every file)."""
    rng = random.Random(seed)
    by_pattern: dict[tuple, list] = {}
    for case, paths in fuzz_keys.all_cases():
        by_pattern.setdefault((case.game, case.rel, case.pattern), []).append((case, paths))
    rounds: list[list] = []
    for group in by_pattern.values():
        rng.shuffle(group)
        for r, item in enumerate(group):
            if len(rounds) <= r:
                rounds.append([])
            rounds[r].append(item)
    order = []
    for batch in rounds:
        rng.shuffle(batch)
        order += batch
    return order


def sample(seed: int, content: int, builds: int, cli: int, named: tuple[str, ...] = ()
           ) -> tuple[list, list]:
    """A fixed-seed sample for the test suite: `content` mutations spread over the
    mutation kinds (the first `builds` of them also built), `cli` command lines spread
    over the commands, and every special command-line case (stdout, Ctrl-C, sequences);
    the content cases `named` (by id) come first, each also built."""
    rng = random.Random(seed)
    by_kind: dict[str, dict[str, list]] = {}
    every = fuzz_keys.all_cases()
    ids = {case.id: (case, paths) for case, paths in every}
    chosen = [(*ids[name], True) for name in named]
    for item in every:
        by_kind.setdefault(item[0].mutation, {}).setdefault(item[0].game, []).append(item)
    kinds = sorted(by_kind)
    rng.shuffle(kinds)
    picked: list = []
    for i in range(content * 3):  # a kind, then a game, then one of its cases; no repeats
        games = by_kind[kinds[i % len(kinds)]]
        item = rng.choice(games[rng.choice(sorted(games))])
        if item not in picked:
            picked.append(item)
        if len(picked) == content:
            break
    contents = chosen + [(case, paths, i < builds) for i, (case, paths) in enumerate(picked)
                         if case.id not in named]
    by_command: dict[str, list] = {}
    special = []
    for case in fuzz_cli.all_cases():
        if "=" in case.name or case.name.split()[0] in fuzz_cli.BASE and len(
                case.name.split()) == 2 and case.name.split()[1].startswith("-"):
            by_command.setdefault(case.name.split()[0], []).append(case)
        else:
            special.append(case)
    commands = sorted(by_command)
    clis = [rng.choice(by_command[commands[i % len(commands)]]) for i in range(cli)]
    return contents, list(dict.fromkeys(clis)) + special


def summary(results: list[Result]) -> str:
    """The distinct causes of every bad outcome, grouped, then the totals."""
    lines = []
    for outcome in (*BAD, "noisy", "blames-template"):
        hits = [r for r in results if r.outcome == outcome or outcome in r.notes]
        if not hits:
            continue
        causes: dict[str, list[Result]] = {}
        for r in hits:
            kind = r.id.rsplit("=", 1)[-1] if "=" in r.id else r.id.rsplit(":", 1)[-1]
            key = r.cause if r.outcome == outcome else f"{outcome}: {r.kind} {kind}"
            causes.setdefault(key, []).append(r)
        lines.append(f"== {outcome}: {len(hits)} runs, {len(causes)} distinct")
        for key, group in sorted(causes.items(), key=lambda kv: -len(kv[1])):
            lines.append(f"{len(group):4d}  {key}")
            for r in group[:2]:
                notes = f" [{', '.join(r.notes)}]" if r.notes else ""
                lines.append(f"        e.g. {r.kind} {r.id}{notes}")
                lines.append(f"             {r.reproducer}")
                if r.message:
                    lines.append(f"             -> {r.message[:200]}")
    count = Counter(r.outcome for r in results)
    kinds = Counter(r.id.split(":")[0] == "cli" and "cli" or r.kind for r in results)
    lines.append(
        f"inputs tried: {len(results)} ({', '.join(f'{k} {n}' for k, n in sorted(kinds.items()))});"
        f" " + ", ".join(f"{k} {count.get(k, 0)}" for k in ("ok", "clean", *BAD))
        + f"; tracebacks {sum('traceback' in r.notes for r in results)}")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=29)
    parser.add_argument("--budget", type=float, default=900, help="seconds for content cases")
    parser.add_argument("--build-share", type=float, default=0.1,
                        help="share of content cases also built")
    parser.add_argument("--build-share-ok", type=float, default=0.5,
                        help="share of those validate passes also built (parity)")
    parser.add_argument("--limit", type=float, default=30, help="seconds a run may take")
    parser.add_argument("--content-only", action="store_true")
    parser.add_argument("--cli-only", action="store_true")
    parser.add_argument("--jsonl", type=Path, help="append every run's result here")
    parser.add_argument("--start", type=int, default=0,
                        help="skip the first N content cases (to go on from an earlier run)")
    args = parser.parse_args()
    results: list[Result] = []
    sink = args.jsonl.open("a") if args.jsonl else None

    def keep(result: Result) -> None:
        results.append(result)
        if sink:
            sink.write(json.dumps(result.__dict__) + "\n")
            sink.flush()
        if result.outcome in BAD:
            print(f"[{result.outcome}] {result.id}: {result.cause}", flush=True)

    start = time.monotonic()
    if not args.content_only:
        for case in fuzz_cli.all_cases():
            keep(run_cli(case, args.limit))
    if not args.cli_only:
        start = time.monotonic()
        for case, paths in content_order(args.seed)[args.start:]:
            if time.monotonic() - start > args.budget:
                break
            rng = random.Random(f"{args.seed}:{case.id}:build")  # the same, however started
            for result in run_content(case, paths, args.seed, args.limit,
                                      build=rng.random() < args.build_share,
                                      build_if_ok=rng.random() < args.build_share_ok):
                keep(result)
    print(summary(results))


if __name__ == "__main__":
    main()
