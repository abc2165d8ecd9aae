"""Batch jobs on a Ray cluster: generate-and-grade of a puzzle collection and seeded game
simulations (French mahjong, Défi Sudoku, solitaire deals), sharded by seed ranges.

Item ``i`` of a job always comes from seed ``seed + i`` (a game's index for Défi), so a
job's output is the same whatever the number of shards and of workers: shards only split
the seed range into contiguous parts, each one a Ray task (one core by default), and the
results are gathered in seed order. Ray does the scheduling; this module only cuts ranges.

On this machine ``ray.init(num_cpus=2)`` (or nothing: the first job starts a local
cluster) runs the tasks on two cores. On a real cluster, start Ray there and point the
same call at it, with the package installed on the workers (or shipped by the job's
runtime environment)::

    RAY_ADDRESS=ray://head-node:10001 python my_job.py

    # my_job.py
    import ray
    from grilles import ray_jobs
    ray.init(runtime_env={"pip": ["grilles"]})   # RAY_ADDRESS says where
    rows = ray_jobs.generate_and_grade(seed=1, count=1_000_000, level="expert", progress=True)

``progress=True`` prints a line on standard error as shards finish (``37/64 shards,
578,125 items``); ``progress`` may also be a function called with (shards done, shards,
items done).

>>> import ray
>>> from grilles import ray_jobs
>>> _ = ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)  # doctest: +SKIP
>>> ray_jobs.generate_and_grade(seed=10, count=4, shards=2)[0][:2]  # doctest: +SKIP
(10, '...')
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Sequence, Union

__all__ = [
    "generate_and_grade",
    "seed_ranges",
    "simulate_defi",
    "simulate_mahjong",
    "solitaire_deals",
]

Progress = Union[bool, Callable[[int, int, int], None]]


def seed_ranges(seed: int, count: int, shards: int) -> list[tuple[int, int]]:
    """``shards`` contiguous (start, count) ranges covering ``seed`` … ``seed + count - 1``,
    as even as possible (empty ranges dropped).

    >>> seed_ranges(100, 10, 3)
    [(100, 4), (104, 3), (107, 3)]
    """
    if count < 0 or shards < 1:
        raise ValueError("count must be >= 0 and shards >= 1")
    base, extra = divmod(count, shards)
    out, start = [], seed
    for k in range(shards):
        n = base + (1 if k < extra else 0)
        if n:
            out.append((start, n))
        start += n
    return out


def _run_shard(job: str, start: int, count: int, kwargs: dict) -> list:
    """One shard, on a worker: calls the engine on its seed range (one thread)."""
    from . import defi, mahjong, solitaire, sudoku

    if job == "generate":
        lines = sudoku.generate_batch(start, count, grade=True, threads=1, **kwargs)
        out = []
        for i, item in enumerate(lines):
            if isinstance(item, Exception):
                out.append((start + i, None, type(item).__name__, str(item)))
            else:
                out.append((start + i,) + tuple(item))
        return out
    if job == "mahjong":
        seed = kwargs.pop("seed")
        games = mahjong.simulate(seed=seed, start=start, count=count, threads=1, **kwargs)
        return [(seed + i, list(totals)) for i, totals in games]
    if job == "defi":
        results = defi.game_results(start=start, count=count, **kwargs)
        return [(start + i, r) for i, r in enumerate(results)]
    if job == "solitaire":
        layout = solitaire.SolitaireLayout.builtin(kwargs.pop("layout"))
        return solitaire.deal_results(layout, start, count, **kwargs)
    raise ValueError(f"unknown job {job!r}")


def _report(progress: Progress, done: int, total: int, items: int) -> None:
    if progress is True:
        print(f"{done}/{total} shards, {items:,} items", file=sys.stderr, flush=True)
    elif callable(progress):
        progress(done, total, items)


def _run(job: str, seed: int, count: int, shards: int | None, progress: Progress, kwargs: dict) -> list:
    import ray

    if not ray.is_initialized():
        ray.init()  # RAY_ADDRESS, if set, names the cluster
    if shards is None:
        shards = max(1, int(ray.cluster_resources().get("CPU", 1)) * 4)
    ranges = seed_ranges(seed, count, shards)
    task = ray.remote(num_cpus=1)(_run_shard)
    pending = {task.remote(job, start, n, dict(kwargs)): k for k, (start, n) in enumerate(ranges)}
    parts: dict[int, list] = {}
    items = 0
    while pending:
        ready, _ = ray.wait(list(pending), num_returns=1)
        for ref in ready:
            k = pending.pop(ref)
            parts[k] = ray.get(ref)
            items += len(parts[k])
        _report(progress, len(parts), len(ranges), items)
    return [row for k in range(len(ranges)) for row in parts[k]]


def generate_and_grade(
    seed: int,
    count: int,
    *,
    shards: int | None = None,
    progress: Progress = False,
    **options: Any,
) -> list[tuple]:
    """Generates puzzles from seeds ``seed`` … ``seed + count - 1`` and grades them, on the
    Ray cluster: a list of ``(seed, line, level, score)`` in seed order (``(seed, None,
    error name, message)`` for a puzzle that failed, a timeout for instance). ``options``
    are those of :func:`grilles.sudoku.generate_batch` (``size``, ``symmetry``,
    ``variant``, ``level``, ``timeout``…). ``shards`` defaults to four per core."""
    return _run("generate", seed, count, shards, progress, options)


def simulate_mahjong(
    bots: Sequence[str],
    seed: int,
    games: int,
    *,
    shards: int | None = None,
    progress: Progress = False,
    **options: Any,
) -> list[tuple[int, list[int]]]:
    """Plays ``games`` games of French mahjong between four bots on the cluster, game ``i``
    from seed ``seed + i``: a list of ``(seed, totals by player)`` in seed order.
    ``options``: ``rounds``, ``system``, ``playouts`` (see :func:`grilles.mahjong.simulate`)."""
    options = dict(options, bots=list(bots), seed=seed)
    return _run("mahjong", 0, games, shards, progress, options)


def simulate_defi(
    bots: Sequence[str],
    seed: int,
    games: int,
    *,
    shards: int | None = None,
    progress: Progress = False,
    **options: Any,
) -> list[tuple[int, dict]]:
    """Plays games ``0`` … ``games - 1`` of the seeded Défi Sudoku simulation of ``bots``
    on the cluster: a list of ``(index, result)`` (totals and win shares by seat) in
    order. ``options``: ``challenge``, ``handicap``, ``teams``, ``final_order``."""
    options = dict(options, bots=list(bots), seed=seed)
    return _run("defi", 0, games, shards, progress, options)


def solitaire_deals(
    layout: str,
    seed: int,
    count: int,
    *,
    shards: int | None = None,
    progress: Progress = False,
    budget: int | None = None,
) -> list[tuple[int, bool | None]]:
    """Deals ``count`` random boards of a built-in ``layout`` from seeds ``seed`` …, solves
    each on the cluster: a list of ``(seed, winnable)`` (``None`` past ``budget`` nodes)."""
    return _run("solitaire", seed, count, shards, progress, {"layout": layout, "budget": budget})
