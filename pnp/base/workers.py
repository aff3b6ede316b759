"""Independent renders run at once, one forked worker process a core.

Games share nothing while they are checked and rendered, nor do one game's renders on
A4 and on Letter in `pnp validate`. Each goes to a worker forked from this process, so it
inherits what is already loaded (the modules, the parsed font, the loaded game) and sends
back only its result: what writing needs (build.Prepared), or what validate reports.
Results come back in their jobs' order and are the same as one after another: the same
code renders each, only in another process.

Forking needs a POSIX system; elsewhere, with one core or one job, or inside a worker,
the jobs run one after another in this process."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

T = TypeVar("T")

_TASK: Callable[[int], object] | None = None  # what the forked workers run: set before forking


def workers(jobs: int) -> int:
    """Processes worth starting for `jobs` jobs: one a core this process may use, or
    at most PNP_JOBS (PNP_JOBS=1: everything in this process). One job never forks, so
    it does not import multiprocessing (a small deck's build)."""
    if jobs <= 1:
        return 1
    import multiprocessing

    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    limit = os.environ.get("PNP_JOBS", "").strip()
    if limit.isdigit() and int(limit) > 0:
        cores = min(cores, int(limit))
    if ("fork" not in multiprocessing.get_all_start_methods()
            or multiprocessing.current_process().daemon):
        return 1
    return max(1, min(cores, jobs))


def forked_map(task: Callable[[int], T], count: int,
               first: Sequence[int] = (), here: bool = False) -> list[T]:
    """[task(0), ..., task(count - 1)], run in forked workers when that pays. `first`:
    jobs to start before the rest (the longest), so none of them begins last. `here`:
    job 0 runs in this process, beside the workers (one fewer of them), and its result
    need not travel."""
    global _TASK
    lanes = workers(count)
    if lanes == 1:
        return [task(i) for i in range(count)]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    from pnp.base import fonts

    fonts.register()  # parsed once, here, not once a worker
    order = [i for i in dict.fromkeys([*first, *range(count)]) if not (here and i == 0)]
    _TASK = task
    pool = ProcessPoolExecutor(max_workers=max(1, lanes - here),
                               mp_context=multiprocessing.get_context("fork"),
                               initializer=_die_with_parent, initargs=(os.getpid(),))
    try:
        with _no_interrupt():  # the workers are forked here
            futures = {i: pool.submit(_run, i) for i in order}
        done = {0: task(0)} if here else {}
        results = [done[i] if i in done else futures[i].result()  # type: ignore[misc]
                   for i in range(count)]
    except BaseException:  # Ctrl-C, or a job that failed: the others' work is not wanted
        _stop(pool)
        raise
    finally:
        _TASK = None
    pool.shutdown()
    return results


@contextmanager
def _no_interrupt() -> Iterator[None]:
    """Ctrl-C held back while workers are forked, and delivered right after. Arriving
    during a fork, it is raised inside the fork's own hooks, where Python ignores it
    ("Exception ignored in _releaseLock"): the command went on to the end and exited 0."""
    import signal

    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    old = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _stop(pool: Any) -> None:
    """End the workers now. Leaving the pool as `with` does waits for every job already
    running (a large game: up to 30 s after Ctrl-C); killed, they end at once, and pnp
    exits 130 within a second. Nothing of theirs is half-written: workers only render,
    this process writes."""
    import signal

    try:  # the pool's feeder may still write to the dead workers' pipe: with SIGPIPE at
        signal.signal(signal.SIGPIPE, signal.SIG_IGN)  # its default (main) that killed
    except (AttributeError, ValueError):  # pnp itself (exit -13); ignored, the write
        pass  # fails in the feeder thread, which is told to keep quiet about it
    queue = getattr(pool, "_call_queue", None)
    if queue is not None:
        queue._on_queue_feeder_error = lambda exc, obj: None
    processes = list((getattr(pool, "_processes", None) or {}).values())  # before shutdown
    for process in processes:  # forgets them
        try:
            os.kill(process.pid, signal.SIGKILL)
        except (OSError, AttributeError, TypeError):  # already gone
            pass
    pool.shutdown(wait=False, cancel_futures=True)


def _die_with_parent(parent: int) -> None:
    """A worker ends when pnp does. Killed outright (kill -9, the out-of-memory killer),
    pnp cannot tell its workers, and one sending back a large result would wait on the
    full pipe for ever. Linux ends it with its parent (PR_SET_PDEATHSIG); elsewhere the
    pipe's broken end does, once pnp is gone."""
    import ctypes
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is pnp's to act on: it kills
    if hasattr(signal, "pthread_sigmask"):  # the workers (no traceback from each of them)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    try:
        ctypes.CDLL(None).prctl(1, signal.SIGKILL)  # 1: PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # no prctl: not Linux
        pass
    if os.getppid() != parent:  # pnp ended before the line above
        os._exit(1)


def _run(index: int) -> object:
    assert _TASK is not None, "forked_map sets the task before forking"
    return _TASK(index)
