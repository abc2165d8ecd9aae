"""Side-by-side measurements of the Python package against its peers, in one run on one
machine (see `run`, which prepares the environment and calls this script).

Sections (each prints rows of one Markdown table on standard output, progress on stderr):

1. batch solve of a puzzle file (the 49,158 17-clue puzzles) from Python on one thread, as a
   list of strings and as a NumPy array, against the `solve` example program of the
   workspace on one thread (RAYON_NUM_THREADS=1), py-sudoku and hodoku-py's solver;
2. grading from Python against hodoku-py's rating of the same puzzles;
3. environment steps per second with random legal actions: our French mahjong PettingZoo
   environment against riichienv's and RLCard's mahjong environments;
4. Ray: generate-and-grade of N puzzles on 1 worker and on 2, and the single-process rayon
   run of the same puzzles.

Peers too slow for the whole file are timed on its first puzzles (the table says how many).
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import subprocess
import sys
import time

import numpy as np

ROWS: list[tuple[str, str, str, str]] = []


def log(*args):
    print(*args, file=sys.stderr, flush=True)


def row(task: str, what: str, items: str, rate: str):
    ROWS.append((task, what, items, rate))
    log(f"  {task} | {what} | {items} | {rate}")


def per_second(n: int, seconds: float) -> str:
    return f"{n / seconds:,.0f}/s"


def read_puzzles(path: str) -> list[str]:
    with open(path, encoding="utf-8") as f:
        return [line.strip() for line in f if len(line.strip()) == 81 and not line.startswith("#")]


def best_of(runs: int, fn) -> float:
    """The best wall-clock time of ``runs`` calls."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (user + system)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def best_cpu_of(runs: int, fn) -> float:
    """The least CPU time of ``runs`` calls: on a machine shared with other jobs it moves
    much less than wall-clock time, which depends on the other jobs' share."""
    times = []
    for _ in range(runs):
        c = cpu_seconds()
        fn()
        times.append(cpu_seconds() - c)
    return min(times)


def bench_solve(path: str, solve_bin: str, peer_count: int, slow_count: int) -> None:
    from grilles.sudoku import solve_batch

    lines = read_puzzles(path)
    n = len(lines)
    log(f"solve: {n} puzzles from {path}")
    ours = best_cpu_of(5, lambda: solve_batch(lines, threads=1))
    row("solve, one thread (CPU time)", "grilles.sudoku.solve_batch (list of str)", f"{n:,}", per_second(n, ours))
    cells = np.array([[0 if c == "." else ord(c) - 48 for c in p] for p in lines], dtype=np.uint8)
    ours_np = best_cpu_of(5, lambda: solve_batch(cells, threads=1))
    row("solve, one thread (CPU time)", "grilles.sudoku.solve_batch (NumPy uint8)", f"{n:,}", per_second(n, ours_np))
    env = dict(os.environ, RAYON_NUM_THREADS="1")

    def program():
        with open(path, "rb") as f:
            subprocess.run([solve_bin], stdin=f, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=True)

    prog = best_cpu_of(5, program)
    row("solve, one thread (CPU time)", "`solve` example program (whole run: read, solve, write)", f"{n:,}", per_second(n, prog))
    row("solve, one thread (CPU time)", "ratio: Python list ÷ program", "", f"{prog / ours:.2f}×")
    row("solve, one thread (CPU time)", "ratio: Python NumPy ÷ program", "", f"{prog / ours_np:.2f}×")

    subset = lines[:peer_count]
    from hodoku.generator.generator import SudokuGenerator

    gen = SudokuGenerator()
    t = best_of(1, lambda: [gen.solve_string(p.replace(".", "0")) for p in subset])
    row("solve, one thread", "hodoku-py (its C-accelerated backtracking solver)", f"{len(subset):,}", per_second(len(subset), t))
    from sudoku import Sudoku as PySudoku

    few = lines[:slow_count]
    boards = [[[int(p[r * 9 + c]) if p[r * 9 + c] != "." else None for c in range(9)] for r in range(9)] for p in few]
    t = best_of(1, lambda: [PySudoku(3, 3, board=b).solve() for b in boards])
    row("solve, one thread", "py-sudoku", f"{len(few):,}", per_second(len(few), t))


def bench_grade(path: str, count: int) -> None:
    from grilles.sudoku import grade_batch
    from hodoku import Solver

    lines = read_puzzles(path)[:count]
    t = best_of(1, lambda: grade_batch(lines, threads=1))
    row("grade, one thread", "grilles.sudoku.grade_batch (A1–F rating, steps kept)", f"{len(lines):,}", per_second(len(lines), t))
    hodoku = Solver()
    t = best_of(1, lambda: [hodoku.rate(p.replace(".", "0")) for p in lines])
    row("grade, one thread", "hodoku-py Solver.rate", f"{len(lines):,}", per_second(len(lines), t))


def steps_ours(steps: int, seed: int) -> tuple[int, float]:
    from grilles.envs.mahjong import MahjongEnv

    env = MahjongEnv(rounds=16)
    rng = np.random.default_rng(seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        env.reset(seed=int(rng.integers(2**32)))
        for agent in env.agent_iter():
            obs, _, term, trunc, _ = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.integers(len(legal))]))
            done += 1
    return done, time.perf_counter() - start


def steps_riichienv(steps: int, seed: int) -> tuple[int, int, float]:
    from riichienv import RiichiEnv
    from riichienv.agents import RandomAgent

    agent = RandomAgent(seed)
    calls = decisions = 0
    start = time.perf_counter()
    while decisions < steps:
        env = RiichiEnv()
        obs = env.reset()
        while not env.done():
            actions = {pid: agent.act(o) for pid, o in obs.items()}
            decisions += len(actions)
            obs = env.step(actions)
            calls += 1
    return calls, decisions, time.perf_counter() - start


def steps_rlcard(steps: int, seed: int) -> tuple[int, float]:
    import rlcard

    env = rlcard.make("mahjong", config={"seed": seed})
    rnd = random.Random(seed)
    done = 0
    start = time.perf_counter()
    while done < steps:
        state, _ = env.reset()
        while not env.is_over():
            action = rnd.choice(list(state["legal_actions"].keys()))
            state, _ = env.step(action)
            done += 1
    return done, time.perf_counter() - start


def bench_envs(steps: int) -> None:
    n, t = steps_ours(steps, 1)
    ours = n / t
    row("env steps, random legal actions", "grilles MahjongEnv (PettingZoo AEC; observation + mask built each step)", f"{n:,}", per_second(n, t))
    calls, decisions, t = steps_riichienv(steps, 1)
    row("env steps, random legal actions", "riichienv RiichiEnv.step (decisions)", f"{decisions:,}", per_second(decisions, t))
    row("env steps, random legal actions", "riichienv RiichiEnv.step (calls)", f"{calls:,}", per_second(calls, t))
    row("env steps, random legal actions", "ratio: grilles ÷ riichienv decisions", "", f"{ours / (decisions / t):.2f}×")
    n2, t2 = steps_rlcard(max(steps // 10, 1000), 1)
    row("env steps, random legal actions", "RLCard mahjong", f"{n2:,}", per_second(n2, t2))
    row("env steps, random legal actions", "ratio: grilles ÷ RLCard", "", f"{ours / (n2 / t2):.1f}×")


def bench_ray(count: int) -> None:
    import ray

    from grilles import ray_jobs
    from grilles.sudoku import generate_batch

    local = generate_batch(1, count, grade=True)
    rayon = best_of(2, lambda: generate_batch(1, count, grade=True))
    row("generate and grade", "grilles.sudoku.generate_batch, one process, rayon on 2 cores", f"{count:,}", per_second(count, rayon))
    results = {}
    for workers in (1, 2):
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, configure_logging=False)
        try:
            ray_jobs.generate_and_grade(seed=1, count=100, shards=workers)  # workers started
            out = []
            results[workers] = best_of(2, lambda: out.append(ray_jobs.generate_and_grade(seed=1, count=count, shards=8 * workers)))
        finally:
            ray.shutdown()
        assert [r[1:] for r in out[-1]] == [tuple(x) for x in local], "Ray and rayon differ"
        row("generate and grade", f"grilles.ray_jobs.generate_and_grade, Ray, {workers} worker(s)", f"{count:,}", per_second(count, results[workers]))
    row("generate and grade", "ratio: Ray 2 workers ÷ 1 worker", "", f"{results[1] / results[2]:.2f}×")
    row("generate and grade", "ratio: Ray 2 workers ÷ rayon", "", f"{rayon / results[2]:.2f}×")


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--puzzles", required=True, help="the 17-clue puzzle file")
    p.add_argument("--solve-bin", required=True, help="the `solve` example program (release)")
    p.add_argument("--peer-puzzles", type=int, default=10_000, help="puzzles for hodoku-py's solver")
    p.add_argument("--slow-puzzles", type=int, default=50, help="puzzles for py-sudoku (about 0.4 s each)")
    p.add_argument("--grade-puzzles", type=int, default=100, help="puzzles graded by both")
    p.add_argument("--env-steps", type=int, default=100_000, help="environment decisions per environment")
    p.add_argument("--ray-puzzles", type=int, default=20_000, help="puzzles of the Ray run")
    p.add_argument("--only", default="solve,grade,envs,ray", help="sections to run")
    a = p.parse_args()
    sections = set(a.only.split(","))
    log(f"load average before: {os.getloadavg()}")
    if "solve" in sections:
        bench_solve(a.puzzles, a.solve_bin, a.peer_puzzles, a.slow_puzzles)
    if "grade" in sections:
        bench_grade(a.puzzles, a.grade_puzzles)
    if "envs" in sections:
        bench_envs(a.env_steps)
    if "ray" in sections:
        bench_ray(a.ray_puzzles)
    log(f"load average after: {os.getloadavg()}")
    print("| task | what | items | rate |")
    print("|---|---|---|---|")
    for r in ROWS:
        print("| " + " | ".join(r) + " |")


if __name__ == "__main__":
    main()
