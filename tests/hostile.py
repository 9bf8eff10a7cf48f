"""Hostile input for the tests: the timing guard and the outcome of one input.

Anything from outside (a typed move, a loaded record, a progress file, a message from the page) is read
by ``outcome``: the input is given to a call, which must return a value or raise a package error
(``ExpeditionsError``, a ``ValueError`` in words) within ``CPU_SECONDS`` of processor time. Any other
exception fails the test, and so does an input that holds the processor longer: a profiling timer
(``ITIMER_PROF``, which counts this process's processor time, not the time the machine spends on others)
interrupts it, so a stall fails the test at once instead of hanging the run.

This is the one time limit of the tests; it is generous (a second, for inputs of up to ``MAX_INPUT``
characters whose reading takes milliseconds) and about processor time, so a busy machine does not fail it.
"""

from __future__ import annotations

import json
import signal
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

import expeditions as ex
from expeditions import ExpeditionsError

CPU_SECONDS = 1.0
"""The most processor time one input may take."""
MAX_INPUT = 64 * 1024
"""The longest input the guard is promised to hold for, in characters (or bytes)."""

T = TypeVar("T")


class Stalled(AssertionError):
    """An input held the processor longer than the guard allows."""


@dataclass(frozen=True)
class Outcome(Generic[T]):
    """What one input came to: a ``value``, or the package ``error`` that refused it; ``seconds`` of processor time."""

    value: T | None
    error: ExpeditionsError | None
    seconds: float

    @property
    def refused(self) -> bool:
        return self.error is not None


@contextmanager
def cpu_guard(what: str, seconds: float = CPU_SECONDS) -> Iterator[None]:
    """Fail with ``Stalled`` if the block takes more than ``seconds`` of processor time; a block that would
    take much longer is interrupted (by ``SIGPROF``) a little after ``seconds``."""

    def interrupt(signum: int, frame: Any) -> None:
        raise Stalled(f"{what} took more than {seconds} s of processor time (interrupted)")

    previous = signal.signal(signal.SIGPROF, interrupt)
    signal.setitimer(signal.ITIMER_PROF, seconds * 1.5, seconds / 2)  # again and again, should a handler swallow it
    start = time.process_time()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.signal(signal.SIGPROF, previous)
    spent = time.process_time() - start
    if spent > seconds:
        raise Stalled(f"{what} took {spent:.2f} s of processor time; the guard allows {seconds} s")


def outcome(call: Callable[[], T], what: str = "the input") -> Outcome[T]:
    """Run ``call`` under the timing guard: its value, or the package error it raised (any other exception
    propagates and fails the test)."""
    start = time.process_time()
    value: T | None = None
    error: ExpeditionsError | None = None
    with cpu_guard(what):
        try:
            value = call()
        except ExpeditionsError as e:
            error = e
    return Outcome(value, error, time.process_time() - start)


def shortened(text: str | bytes, width: int = 80) -> str:
    """An input as a test's message shows it: its start, its length."""
    shown = repr(text[:width])
    return shown if len(text) <= width else f"{shown}... ({len(text):,} long)"


# --- what must hold of a game after any input --------------------------------------------------------------------
def cards_once(rnd: ex.Round) -> None:
    """Every card of the rule set lies in exactly one place: a hand, an expedition, a pile, the deck, out of the game."""
    r = rnd.rules
    placed = [c for h in rnd.hands for c in h] + [c for side in range(r.sides) for e in rnd.expeditions(side).values() for c in e]
    placed += [c for pile in rnd.piles.values() for c in pile] + list(rnd.deck) + list(rnd.removed) + list(rnd.set_aside)
    assert Counter(placed) == Counter(r.deck), f"the cards of {rnd!r} are not each in one place"


def replays_exactly(game: ex.Round | ex.Match) -> None:
    """The game's record loads back to the same game: the same record, every round's cards each once."""
    text = game.to_json()
    again = ex.loads(text)
    assert again.to_json() == text
    for rnd in again.rounds if isinstance(again, ex.Match) else (again,):
        cards_once(rnd)


def can_be_sent(view: Any) -> None:
    """The view goes to the page as the kernel sends it (JSON in UTF-8): no lone surrogate, no NaN."""
    json.dumps(view, ensure_ascii=False, allow_nan=False).encode("utf-8")
