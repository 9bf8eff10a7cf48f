"""Spreading long computations over processes or a cluster.

Every long computation (tournaments, tip tables, tables of expected values) is a map of one
picklable function over independent pieces of work. ``parallel_map`` runs such a map on any
``concurrent.futures.Executor``: a local ``ProcessPoolExecutor`` by default, or unchanged on a Dask
cluster through ``distributed.Client(...).get_executor()``. Results come back in input order.
``ProgressExecutor`` wraps any of them to report each result as it is collected (a progress bar in an app).

An interrupt (Ctrl-C, or Kernel > Interrupt in Jupyter, which signals the workers too) stops the map at
once: the work not started is cancelled, and a pool the map made itself is shut down with its workers
stopped, so the kernel is free again within moments instead of finishing the queue first.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor, Future, ProcessPoolExecutor, as_completed
from typing import Any, ParamSpec, TypeVar

from ..arguments import flag, shown, whole_number
from ..errors import AnalysisError
from ..progress import progress_bar

T = TypeVar("T")
R = TypeVar("R")
P = ParamSpec("P")


def default_workers() -> int:
    """The cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def runs_here(executor: Executor | None, workers: int | None, items: int) -> bool:
    """Whether ``parallel_map`` computes its ``items`` in this process: no executor, and one worker
    (``None``: every core) or one item."""
    return executor is None and ((workers or default_workers()) <= 1 or items <= 1)


def parallel_map(
    fn: Callable[[T], R],
    items: Iterable[T],
    *,
    executor: Executor | None = None,
    workers: int | None = None,
    progress: bool = False,
    description: str = "",
) -> list[R]:
    """``[fn(x) for x in items]``, computed on ``executor`` (or on ``workers`` local processes; with
    ``workers=1`` and no executor, in this process). ``progress`` shows a tqdm bar."""
    check_pool(executor, workers, progress)
    work: Sequence[T] = list(items)
    with progress_bar(len(work), description, enabled=progress) as bar:
        if runs_here(executor, workers, len(work)):
            out = []
            for x in work:
                out.append(fn(x))
                bar.update(1)
            return out
        own = ProcessPoolExecutor(max_workers=workers or default_workers()) if executor is None else None
        pool = executor if executor is not None else own
        assert pool is not None
        futures: dict[Future[R], int] = {}
        try:
            for i, x in enumerate(work):
                futures[pool.submit(fn, x)] = i
            results: list[Any] = [None] * len(work)
            for future in as_completed(futures):
                results[futures[future]] = future.result()
                bar.update(1)
        except BaseException:  # an interrupt above all: stop, rather than wait for the rest of the queue
            for future in futures:
                future.cancel()
            if own is not None:
                stop_pool(own)
            raise
        if own is not None:
            own.shutdown()
        return results


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Shut ``pool`` down now: the work not started is cancelled and the workers are stopped, also those busy
    with a piece (their results are not wanted any more)."""
    workers = list(pool._processes.values()) if pool._processes else []  # Python 3.14 has pool.terminate_workers()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()
    deadline = time.monotonic() + STOP_SECONDS
    for process in workers:
        # The pool's own thread reaps its workers too; when it wins that race, join returns before the exit
        # code is set, and the worker, stopped, would still count as running: wait until the code is in.
        while process.exitcode is None and time.monotonic() < deadline:
            process.join(timeout=0.05)


STOP_SECONDS = 5.0
"""How long ``stop_pool`` waits for the stopped workers to be seen gone."""


def check_pool(executor: Any, workers: Any, progress: Any = False) -> None:
    """Refuse what cannot say where work runs: ``executor`` (an ``Executor`` or ``None``), ``workers``
    (a whole number of processes, at least 1, or ``None`` for every core) and ``progress`` (True or False)."""
    if executor is not None and not callable(getattr(executor, "submit", None)):
        raise AnalysisError(f"executor takes a concurrent.futures Executor (a process pool, or a Dask client's "
                            f"get_executor()) or None, got {shown(executor)}")
    if workers is not None:
        whole_number(workers, "workers", least=1, error=AnalysisError)
    flag(progress, "progress", error=AnalysisError)


# --- progress, as pieces of work are collected ----------------------------------------------------------
class _ReportingFuture(Future[T]):
    """A future that reports its result once, in the thread that asks for it."""

    def __init__(self, report: Callable[[Any], None]) -> None:
        super().__init__()
        self._report = report
        self._reported = False

    def result(self, timeout: float | None = None) -> T:
        out = super().result(timeout)
        if not self._reported:
            self._reported = True
            self._report(out)
        return out


def _copy_outcome(source: Future[T], target: Future[T]) -> None:
    if source.cancelled():
        target.cancel()
    elif (error := source.exception()) is not None:
        target.set_exception(error)
    else:
        target.set_result(source.result())


class ProgressExecutor(Executor):
    """An executor that calls ``report(result)`` as each piece of work is collected, in the thread
    that collects it (the notebook's, so a progress bar may be updated there).

    The work runs on ``inner`` (a process pool, a Dask client's executor), or, without one, right
    here one piece at a time. Any ``executor=`` parameter of the analysis takes it, so long
    computations show their progress without the analysis knowing of widgets."""

    def __init__(self, report: Callable[[Any], None], inner: Executor | None = None) -> None:
        self._report = report
        self._inner = inner

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        future: _ReportingFuture[T] = _ReportingFuture(self._report)
        if self._inner is None:
            try:
                future.set_result(fn(*args, **kwargs))
            except BaseException as error:  # the caller sees it through the future, as with any executor
                future.set_exception(error)
            else:
                future.result()  # report now: the work ran here
        else:
            self._inner.submit(fn, *args, **kwargs).add_done_callback(lambda done: _copy_outcome(done, future))
        return future


def chunks(total: int, pieces: int) -> list[range]:
    """Split ``range(total)`` into at most ``pieces`` nearly equal consecutive ranges."""
    pieces = max(1, min(pieces, total)) if total else 1
    size, extra = divmod(total, pieces)
    out, start = [], 0
    for k in range(pieces):
        end = start + size + (1 if k < extra else 0)
        out.append(range(start, end))
        start = end
    return out
