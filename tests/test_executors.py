"""Long computations give the same results serially, on a local process pool and on a Dask cluster."""

from concurrent.futures import ProcessPoolExecutor

import pytest

import expeditions as ex
from expeditions.analysis import all_tips, move_values, rollout_values, simulate
from expeditions.bots import RandomBot

TIPS = {"rounds": 2_000, "bot_rounds": 10, "deals": 10, "bot": RandomBot}


def computations(executor):
    """Four long computations; without an executor, strictly in this process."""
    obs = ex.deal("expeditions", seed=5).observation(0)
    where = {"executor": executor, "workers": 1 if executor is None else None}
    return (
        simulate("expeditions", "uniform", 6_000, seed=1, piece=2_000, **where),
        rollout_values(obs, precision=100, first=512, **where),
        all_tips(["expeditions", "expeditions-solo"], **where, **TIPS),
        move_values(obs, precision=100, first=512, **where),
    )


def same(a, b):
    batch_a, rollouts_a, tips_a, moves_a = a
    batch_b, rollouts_b, tips_b, moves_b = b
    assert (batch_a.scores == batch_b.scores).all() and (batch_a.turns == batch_b.turns).all()
    assert [(r.decision, r.value, r.gain) for r in rollouts_a] == [(r.decision, r.value, r.gain) for r in rollouts_b]
    assert tips_a.records() == tips_b.records()
    assert moves_a.records() == moves_b.records() and moves_a.positions == 512


@pytest.fixture(scope="module")
def serial():
    return computations(None)


@pytest.mark.slow
def test_a_process_pool_gives_the_serial_results(serial):
    with ProcessPoolExecutor(max_workers=2) as pool:
        same(serial, computations(pool))


@pytest.mark.slow
def test_a_dask_cluster_gives_the_serial_results(serial):
    import distributed

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        same(serial, computations(client.get_executor()))
