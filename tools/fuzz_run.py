"""Running a fuzz case, for tools/fuzz_all.py (tools/fuzz_sort.py sorts its outcome).
A content case runs `pnp validate` in-process, in a forked child so that a hang can be
killed and no state leaks from one run to the next; a build and every command line run
as a process, as a user runs them. An internal error met in a process is run again with
PNP_DEBUG=1 to name the frame that raised it."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import fuzz_cli
import fuzz_keys
from fuzz_sort import Result, classify, frames_cause, losses, parse_traceback, snapshot

ROOT = fuzz_keys.ROOT
LINK_CASES = ("symlink-out", "file:link-out", "dir:link-out")


def sandbox(games: list[str] | None = None) -> Path:
    """A fresh folder for one run: content/ (the shipped games), a folder and a file of
    the user's, a filled score sheet, a FIFO and a dangling link."""
    root = Path(tempfile.mkdtemp(prefix="pnp-fuzz-"))
    for game in games or [p.name for p in (ROOT / "content").iterdir() if p.is_dir()]:
        shutil.copytree(ROOT / "content" / game, root / "content" / game, symlinks=True)
    (root / "keep").mkdir()
    (root / "keep" / "notes.txt").write_text("the user's own notes\n")
    shutil.copy(ROOT / "tests" / "fixtures" / "dice-trip" / "example-sheet.yaml",
                root / "filled.yaml")
    os.mkfifo(root / "fifo")
    (root / "dangling").symlink_to(root / "nowhere")
    (root / "passwd").write_text(fuzz_keys.SECRET)
    return root


def _child(argv: list[str], cwd: Path, report: Path) -> None:
    """In the forked child: run pnp in-process, write what happened, never return."""
    code = 0
    try:
        os.setpgid(0, 0)
        os.chdir(cwd)
        import traceback

        from typer.testing import CliRunner

        from pnp.cli import app

        run = CliRunner().invoke(app, argv)
        info: dict[str, Any] = {"code": run.exit_code, "output": run.output[:200_000],
                                "lines": run.output.count("\n"),
                                "widest": max(map(len, run.output.splitlines()), default=0)}
        exc = run.exception
        if exc is not None and not isinstance(exc, SystemExit):
            remote = exc.__cause__
            if remote is not None and "Traceback" in str(remote):
                cause, _ = parse_traceback(str(remote))
                cause = type(exc).__name__ + cause[cause.index(" at "):]
            else:
                frames = [(f.filename, f.lineno or 0, f.name)
                          for f in traceback.extract_tb(exc.__traceback__)]
                cause = frames_cause(type(exc).__name__, frames)
            info["internal"] = cause
            info["message"] = str(exc)[:300]
        report.write_text(json.dumps(info))
    except BaseException as exc:  # noqa: BLE001 - reported, the child must not return
        report.write_text(json.dumps({"code": -1, "output": "", "internal":
                                      f"fuzzer child: {type(exc).__name__}: {exc}"}))
        code = 1
    finally:
        os._exit(code)


def run_in_process(argv: list[str], cwd: Path, limit: float) -> dict[str, Any] | None:
    """pnp's result for `argv` in a forked child, or None if it ran over `limit`."""
    report = cwd / ".fuzz-report.json"
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        _child(argv, cwd, report)
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        done, _ = os.waitpid(pid, os.WNOHANG)
        if done:
            info = json.loads(report.read_text()) if report.exists() else {"code": -1}
            report.unlink(missing_ok=True)
            return info
        time.sleep(0.01)
    for target in (lambda: os.killpg(pid, signal.SIGKILL), lambda: os.kill(pid, 9)):
        try:
            target()
        except OSError:
            pass
    os.waitpid(pid, 0)
    report.unlink(missing_ok=True)
    return None


def run_process(argv: tuple[str | bytes, ...], cwd: Path, limit: float, stdout: str = "pipe",
                interrupt_after: float | None = None, debug: bool = False
                ) -> dict[str, Any] | None:
    """pnp's result for `argv` as a process, or None if it ran over `limit`."""
    env = {**os.environ, "PNP_DEBUG": "1"} if debug else dict(os.environ)
    words = [w.replace("{S}", str(cwd)) if isinstance(w, str) else w for w in argv]
    outside = [w for w in words if isinstance(w, str) and w.startswith("/")
               and w != "/dev/full" and not w.startswith(str(cwd))]
    assert not outside, f"a fuzz case names a file outside its sandbox: {outside}"
    out: Any = subprocess.PIPE
    if stdout == "devfull":
        out = open("/dev/full", "wb")  # noqa: SIM115 - closed below
    proc = subprocess.Popen(
        [sys.executable, "-m", "pnp", *words], cwd=cwd, env=env, stdin=subprocess.DEVNULL,
        stdout=None if stdout == "closed" else out, stderr=subprocess.PIPE,
        start_new_session=True, preexec_fn=lambda: _as_a_user_runs_it(stdout == "closed"))
    try:
        if interrupt_after is not None:
            time.sleep(interrupt_after)
            os.killpg(proc.pid, signal.SIGINT)
        data, err = proc.communicate(timeout=limit)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        return None
    finally:
        if stdout == "devfull":
            out.close()
    text = (data or b"").decode("utf-8", "replace") + err.decode("utf-8", "replace")
    return {"code": proc.returncode, "output": text[:200_000], "stderr": err.decode(
        "utf-8", "replace")[:20_000], "lines": text.count("\n"),
        "widest": max(map(len, text.splitlines()), default=0)}


def _as_a_user_runs_it(close_stdout: bool) -> None:
    """In the child before pnp starts: Ctrl-C as in a terminal (a background shell, the
    fuzzer's own parent, may have left SIGINT ignored), and stdout closed if asked."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    if close_stdout:
        os.close(1)


def run_content(case: fuzz_keys.ContentCase, paths: list, seed: int, limit: float,
                build: bool = False, build_if_ok: bool = False) -> list[Result]:
    """Validate one mutated game, and build it too if `build` (or if `build_if_ok` and
    validate said ok); its results."""
    root = sandbox([case.game])
    try:
        change = fuzz_keys.apply(case, paths, root / "content" / case.game, root / "outside",
                                 seed)
        argv = ["validate", case.game, "--paper", "a4"]
        what = f"{case.game}/{case.rel}: {change}"
        result = Result(case.id, "validate", "", reproducer=f"{what}; pnp {' '.join(argv)}")
        before = snapshot(root)
        started = time.monotonic()
        info = run_in_process(argv, root, limit)
        result.seconds = round(time.monotonic() - started, 2)
        classify(info, result)
        losses(before, snapshot(root), result, set(before))
        if result.outcome == "clean" and f"{ROOT}/templates/" in result.message:
            result.notes.append("blames-template")  # the user's content, pnp's template named
        if result.outcome == "ok" and case.mutation in LINK_CASES:
            result.outcome, result.cause = "escape", f"followed a link out ({case.mutation})"
        results = [result]
        if build or build_if_ok and result.outcome == "ok":
            started = time.monotonic()
            binfo = run_process(("build", case.game, "--out", "out"), root, limit)
            built = Result(case.id, "build", "", reproducer=f"{what}; pnp build {case.game}")
            built.seconds = round(time.monotonic() - started, 2)
            classify(binfo, built)
            if built.outcome == "internal" and binfo:
                debug = run_process(("build", case.game, "--out", "out2"), root, limit,
                                    debug=True)
                if debug and "Traceback" in debug["output"]:
                    built.cause, _ = parse_traceback(debug["stderr"])
            if built.outcome not in ("ok", "clean") and result.outcome == "ok":
                built.notes.append("validate-said-ok")
            if built.outcome == "clean" and result.outcome == "ok":
                built.outcome = "parity"
                built.cause = f"parity: validate ok, build exit {binfo['code']}: " + \
                    re.sub(r"\S*pnp-fuzz-\w+/", "", built.message)[:100]
            results.append(built)
        return results
    finally:
        shutil.rmtree(root, ignore_errors=True)


def run_cli(case: fuzz_cli.CliCase, limit: float) -> Result:
    """One command line (or sequence) in a fresh sandbox; the worst step decides."""
    result = Result(case.id, "cli", "ok")
    root = sandbox()
    try:
        for rel, text in case.files:
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            (root / rel).write_text(text)
        users = set(snapshot(root))
        started = time.monotonic()
        for step in case.steps:
            result.reproducer = ("; ".join(fuzz_cli.reproducer(s) for s in case.steps)
                                 + (" > /dev/full" if case.stdout == "devfull" else "")
                                 + (" >&-" if case.stdout == "closed" else ""))
            expect = ((0, 130) if "=" not in case.name else (0, 1, 2, 130)) \
                if case.interrupt_after else (1, 2, 141) if case.stdout in (
                "devfull", "closed") else (0, 1, 2)  # a served page refuses a bad value: 1, 2
            before = snapshot(root)
            info = run_process(step, root, limit, case.stdout, case.interrupt_after)
            classify(info, result, expect)
            losses(before, snapshot(root), result, users)
            if result.outcome == "escape" and "passwd" in step:
                result.outcome = "clean"  # a file the user named: quoting it leaks nothing
            if result.outcome == "internal" and info:
                again = sandbox()
                for earlier in case.steps[:case.steps.index(step)]:
                    run_process(earlier, again, limit)
                debug = run_process(step, again, limit, case.stdout, case.interrupt_after,
                                    debug=True)
                shutil.rmtree(again, ignore_errors=True)
                if debug and "Traceback" in debug["stderr"]:
                    result.cause, _ = parse_traceback(debug["stderr"])
            if result.outcome not in ("ok", "clean"):
                break
        result.seconds = round(time.monotonic() - started, 2)
        result.message = re.sub(r"\S*pnp-fuzz-\w+/", "", result.message)
        return result
    finally:
        shutil.rmtree(root, ignore_errors=True)
