"""Games prepared at once: one forked worker a game (pnp.base.workers), largest first."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from pnp.base import workers as pool
from pnp.base.errors import PnpError
from pnp.layout.options import BuildOptions
from pnp.pipeline.build import Prepared, prepare_game


@dataclass(frozen=True)
class Job:
    """One game to prepare, as `build.prepare_game` takes it."""

    folder: Path
    templates_root: Path
    opts: BuildOptions
    custom: tuple[Path, ...] = ()
    replace: tuple[str, ...] = ()


def prepare_all(jobs: Sequence[Job],
                progress: Callable[[str], None] | None = None) -> list[Prepared | PnpError]:
    """Each game's build.Prepared, or the PnpError it stopped on, in the jobs' order.
    `progress` hears of each component when the games are prepared one after another."""
    def prepare(i: int) -> Prepared | PnpError:
        job = jobs[i]
        try:
            return prepare_game(job.folder, job.templates_root, job.opts,
                                      list(job.custom), progress=progress,
                                      replace=list(job.replace)).prepared()
        except PnpError as exc:
            return exc

    first: list[int] = []
    if pool.workers(len(jobs)) > 1:  # (one after another, order and sizes do not matter)
        progress = None  # a worker's callbacks would run in the worker
        weights = [_weight(job.folder) for job in jobs]
        first = sorted(range(len(jobs)), key=lambda i: -weights[i])
    return pool.forked_map(prepare, len(jobs), first=first)


def _weight(folder: Path) -> int:
    """A game's size on disk, which follows its rendering time. Games start largest
    first, so the small ones fill in at the end: the workers finish close together, not
    one idle while the other renders a large game begun late."""
    try:
        return sum(f.stat().st_size for f in folder.rglob("*") if f.is_file())
    except OSError:
        return 0
