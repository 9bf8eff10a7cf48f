"""Long computations stop when interrupted (Ctrl-C, Kernel > Interrupt in Jupyter) and show their progress.

An interrupt must reach the person at once: a map over a process pool cancels the work not started and stops
the pool's workers instead of working through its queue first (notebook 04 once kept running for minutes
after Kernel > Interrupt).
"""

import subprocess
import sys
import textwrap

import pytest

from expeditions.analysis import AnalysisError, tips
from expeditions.analysis.parallel import stop_pool
from expeditions.bots import RandomBot

SMALL = {"rounds": 200, "bot_rounds": 3, "deals": 2, "bot": RandomBot}

_INTERRUPTED_MAP = textwrap.dedent("""
    import multiprocessing, os, signal, threading, time
    from expeditions.analysis import parallel_map

    # Ctrl-C raises KeyboardInterrupt here whatever this process inherited (a test run may leave SIGINT ignored or
    # blocked for the processes it starts, and Python then never raises it)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
    signal.signal(signal.SIGINT, signal.default_int_handler)

    # Only this process is signalled (not its workers): the map itself must stop them.
    threading.Timer(3.0, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    start = time.monotonic()
    try:
        parallel_map(time.sleep, [60] * 20, workers=2)  # 20 pieces of a minute on 2 workers: 10 minutes of queue
    except KeyboardInterrupt:
        print("interrupted after", round(time.monotonic() - start), "s;", len(multiprocessing.active_children()), "workers left")
    else:
        print("finished")
""")


def test_an_interrupted_map_over_its_own_process_pool_stops_at_once_with_its_workers():
    done = subprocess.run([sys.executable, "-c", _INTERRUPTED_MAP], capture_output=True, text=True, timeout=90, check=False)
    assert done.returncode == 0, done.stderr
    words = done.stdout.split()
    assert words[0] == "interrupted" and int(words[2]) < 30, done.stdout  # not the 60 s of a piece, nor the queue
    assert done.stdout.rstrip().endswith("0 workers left"), done.stdout


def test_the_tips_show_the_progress_of_the_bots_rounds(capsys):
    table = tips("expeditions", **SMALL, progress=True)
    assert table.find("discards about 9").value.samples == 3
    assert "Random bot's rounds, expeditions" in capsys.readouterr().err  # tqdm's text bar, outside a notebook


def test_the_tips_spread_the_bots_rounds_over_processes_with_the_same_result():
    alone = tips("expeditions", **SMALL).records()
    assert tips("expeditions", **SMALL, workers=2).records() == alone


@pytest.mark.parametrize("options, words", [({"workers": 0}, "workers"), ({"progress": "yes"}, "progress")])
def test_the_tips_refuse_a_pool_they_cannot_use(options, words):
    with pytest.raises(AnalysisError, match=words):
        tips("expeditions", **SMALL, **options)


class _ReapedElsewhere:
    """A stopped worker whose exit status another thread collects: ``join`` returns at once, and the exit code
    reads as unknown until that thread has set it (here, after two more joins)."""

    def __init__(self) -> None:
        self.terminated = False
        self.joins = 0

    def terminate(self) -> None:
        self.terminated = True

    def join(self, timeout: float | None = None) -> None:
        self.joins += 1

    @property
    def exitcode(self) -> int | None:
        return -15 if self.terminated and self.joins >= 3 else None


class _PoolOf:
    def __init__(self, workers: list[_ReapedElsewhere]) -> None:
        self._processes = dict(enumerate(workers))
        self.shut = False

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self.shut = not wait and cancel_futures


def test_stopping_a_pool_waits_until_every_stopped_worker_is_seen_gone():
    workers = [_ReapedElsewhere(), _ReapedElsewhere()]
    pool = _PoolOf(workers)
    stop_pool(pool)  # type: ignore[arg-type]
    assert pool.shut and all(w.terminated and w.exitcode == -15 for w in workers)
