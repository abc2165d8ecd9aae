"""The Ray jobs on a local cluster of two CPUs: the output for a seed range is the same
whatever the number of shards (1, 2, 7) and equals the engines' own single-process run."""

import pytest

ray = pytest.importorskip("ray")

from grilles import ray_jobs  # noqa: E402
from grilles.defi import game_results  # noqa: E402
from grilles.mahjong import simulate  # noqa: E402
from grilles.solitaire import SolitaireLayout, deal_results  # noqa: E402
from grilles.sudoku import generate_batch  # noqa: E402


@pytest.fixture(scope="module")
def cluster():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, configure_logging=False)
    yield
    ray.shutdown()


def test_seed_ranges():
    assert ray_jobs.seed_ranges(5, 7, 7) == [(5 + i, 1) for i in range(7)]
    assert ray_jobs.seed_ranges(0, 2, 7) == [(0, 1), (1, 1)]
    assert sum(n for _, n in ray_jobs.seed_ranges(3, 1000, 7)) == 1000
    with pytest.raises(ValueError):
        ray_jobs.seed_ranges(0, 10, 0)


def test_generate_and_grade_is_the_same_for_1_2_and_7_shards(cluster):
    seen = []
    runs = {
        shards: ray_jobs.generate_and_grade(
            seed=100, count=21, shards=shards, level=None, progress=lambda d, t, n: seen.append((d, t, n))
        )
        for shards in (1, 2, 7)
    }
    assert runs[1] == runs[2] == runs[7]
    local = generate_batch(100, 21, grade=True, threads=1)
    assert runs[1] == [(100 + i,) + tuple(row) for i, row in enumerate(local)]
    assert seen[-1] == (7, 7, 21)


def test_game_simulations_are_the_same_for_1_2_and_7_shards(cluster):
    bots = ["efficient", "random", "scorer", "random"]
    mahjong = {s: ray_jobs.simulate_mahjong(bots, seed=9, games=7, shards=s, rounds=1) for s in (1, 2, 7)}
    assert mahjong[1] == mahjong[2] == mahjong[7]
    assert mahjong[1] == [(9 + i, list(t)) for i, t in simulate(bots, seed=9, count=7, rounds=1, threads=1)]
    defi = {s: ray_jobs.simulate_defi(["blocking", "greedy"], seed=4, games=9, shards=s) for s in (1, 2, 7)}
    assert defi[1] == defi[2] == defi[7]
    assert [r for _, r in defi[1]] == game_results(["blocking", "greedy"], 0, 9, seed=4)
    deals = {s: ray_jobs.solitaire_deals("pyramid", seed=30, count=7, shards=s, budget=100_000) for s in (1, 2, 7)}
    assert deals[1] == deals[2] == deals[7]
    assert deals[1] == deal_results(SolitaireLayout.builtin("pyramid"), 30, 7, budget=100_000)
