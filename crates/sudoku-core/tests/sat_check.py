#!/usr/bin/env python3
"""A one-off cross-check of a classic puzzle by an outside SAT solver (not part of the
test suite): unique, and, with --minimal, every given needed.

Needs `pip install python-sat` (CaDiCaL 1.9.5 through PySAT). Usage:
    python3 crates/sudoku-core/tests/sat_check.py PUZZLE_FILE [--minimal]
PUZZLE_FILE holds the puzzle on its first line not starting with '#' (one-line form,
'.' for empty cells, 1-9 then A-P above 9, as this crate writes them).

Encoding: a variable per (cell, value); each cell has exactly one value, each value appears
exactly once in each row, column and box. The givens are assumptions. Uniqueness: solve,
block the solution found, solve again: UNSAT. Minimality: for each given, solve without it
(the blocking clause kept): SAT, and the model differs from the solution at that cell.
"""

import math
import sys
import time

from pysat.solvers import Solver


def read(path):
    line = next(l.strip() for l in open(path) if l.strip() and not l.startswith("#"))
    n = math.isqrt(len(line))
    assert n * n == len(line), "not a square grid"
    alphabet = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"[:n]
    cells = [0 if ch in ".0" else alphabet.index(ch) + 1 for ch in line]
    return n, cells


def shape(n):
    # Box rows × box columns, as the crate chooses for a side n (rows <= columns, closest).
    r = max(d for d in range(1, math.isqrt(n) + 1) if n % d == 0)
    return r, n // r


def clauses(n):
    br, bc = shape(n)
    var = lambda c, v: c * n + v  # v in 1..=n, variables from 1

    def exactly_one(lits):
        yield list(lits)
        for i in range(len(lits)):
            for j in range(i + 1, len(lits)):
                yield [-lits[i], -lits[j]]

    for c in range(n * n):
        yield from exactly_one([var(c, v) for v in range(1, n + 1)])
    houses = []
    for i in range(n):
        houses.append([i * n + k for k in range(n)])
        houses.append([k * n + i for k in range(n)])
        r0, c0 = (i // (n // bc)) * br, (i % (n // bc)) * bc
        houses.append([(r0 + dr) * n + c0 + dc for dr in range(br) for dc in range(bc)])
    for h in houses:
        for v in range(1, n + 1):
            yield from exactly_one([var(c, v) for c in h])
    return var


def main():
    path = sys.argv[1]
    minimal = "--minimal" in sys.argv
    n, cells = read(path)
    s = Solver(name="cadical195")
    var = lambda c, v: c * n + v
    for cl in clauses(n):
        s.add_clause(cl)
    givens = {c: v for c, v in enumerate(cells) if v}
    assume = [var(c, v) for c, v in givens.items()]
    t = time.process_time()
    assert s.solve(assumptions=assume), "no solution"
    model = set(l for l in s.get_model() if l > 0)
    sol = [next(v for v in range(1, n + 1) if var(c, v) in model) for c in range(n * n)]
    s.add_clause([-var(c, sol[c]) for c in range(n * n)])
    unique = not s.solve(assumptions=assume)
    print(f"{n}x{n}, {len(givens)} givens: unique = {unique} ({time.process_time() - t:.1f} s CPU)")
    if not minimal:
        return 0 if unique else 1
    needed = 0
    for c in givens:
        rest = [var(k, v) for k, v in givens.items() if k != c]
        if s.solve(assumptions=rest):
            model = set(l for l in s.get_model() if l > 0)
            assert var(c, sol[c]) not in model
            needed += 1
        else:
            print(f"given {c} is not needed")
    print(f"needed: {needed} of {len(givens)} givens ({time.process_time() - t:.1f} s CPU)")
    return 0 if unique and needed == len(givens) else 1


if __name__ == "__main__":
    sys.exit(main())
