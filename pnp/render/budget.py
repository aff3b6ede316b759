"""One time budget for every template a command expands, shared by its worker processes.

A limit per face let a slow template take 10 s on each of a deck's faces: one build ran
111 s and could have run for minutes. The budget is the command's: seconds spent inside
templates, summed over every face of every game and every process. The sum lives in an
anonymous shared mapping made before the workers are forked (parallel.forked_map), so a
worker adds to and reads the same sum as pnp itself. Kept free of heavy imports: the
command line starts a budget on every command, --help included."""

from __future__ import annotations

import math
import mmap
import os
import signal
import struct
import threading
from typing import Any

ENV = "PNP_TEMPLATE_SECONDS"
DEFAULT_SECONDS = 30.0
MAX_SECONDS = 86_400.0


class Budget:
    """Seconds spent expanding templates so far, in this process and its forked workers."""

    def __init__(self) -> None:
        try:
            self._cell: mmap.mmap | bytearray = mmap.mmap(-1, 8)  # shared with forks
        except (OSError, ValueError):  # no shared memory to be had: this process's own
            self._cell = bytearray(8)  # (its workers then count only their own time)

    def spent(self) -> float:
        return float(struct.unpack_from("d", self._cell)[0])

    def add(self, seconds: float) -> None:
        """(Two processes adding at the same instant can lose one face's seconds: the
        budget is a bound on minutes of waiting, not an account.)"""
        struct.pack_into("d", self._cell, 0, self.spent() + max(0.0, seconds))


_COMMAND: list[Budget] = []  # the running command's budget, when one is running


def start() -> None:
    """A new budget for a command (or one round of `pnp watch`): every Renderer made
    until `stop` shares it."""
    _COMMAND[:] = [Budget()]


def stop() -> None:
    _COMMAND.clear()


def current() -> Budget:
    """The command's budget; outside a command (pnp used as a library), a new one for
    the caller (a Renderer: one game)."""
    return _COMMAND[0] if _COMMAND else Budget()


def seconds() -> float:
    """The budget's size: PNP_TEMPLATE_SECONDS, else 30 s. A value that is not a number
    of seconds is a command-line error (exit 2), not a budget pnp guesses."""
    from pnp.base.errors import InputError

    text = os.environ.get(ENV, "").strip()
    if not text:
        return DEFAULT_SECONDS
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0.1 <= value <= MAX_SECONDS:  # (NaN compares false)
        raise InputError(f"{ENV} must be a number of seconds from 0.1 to {MAX_SECONDS:,.0f} "
                         f"(got {text[:40]!r})")
    return value


class OutOfTime(Exception):
    """The command's time for templates ran out while this face was expanded."""


class deadline:  # noqa: N801 - used as a function: `with deadline(seconds) as timed:`
    """Stop the template after `seconds` (by a timer signal: the main thread only, where
    signals go; elsewhere `timed` is False and the caller checks the clock as output
    comes). Entered once per face: the handler is installed once per process and only
    the timer is set and cleared around each face (installing it each time cost ~7 us a
    face, 2 % of a 10,000-card build); a SIGALRM outside a face is ignored."""

    __slots__ = ("seconds", "timed")

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.timed = False

    def __enter__(self) -> bool:
        if not _CAN_TIME or threading.current_thread() is not threading.main_thread():
            return False
        if not _ALARM.installed:
            signal.signal(signal.SIGALRM, _on_alarm)
            _ALARM.installed = True
        _ALARM.armed = self.timed = True
        signal.setitimer(signal.ITIMER_REAL, max(self.seconds, 0.001))  # (0: no timer)
        return True

    def __exit__(self, *exc: object) -> None:
        if self.timed:
            signal.setitimer(signal.ITIMER_REAL, 0)
            _ALARM.armed = False


class _Alarm:
    installed = False  # pnp's SIGALRM handler is in place (this process)
    armed = False  # a face is being expanded under a timer


_ALARM = _Alarm()
_CAN_TIME = hasattr(signal, "setitimer")


def _on_alarm(signum: int, frame: Any) -> None:
    if _ALARM.armed:
        _ALARM.armed = False
        raise OutOfTime
