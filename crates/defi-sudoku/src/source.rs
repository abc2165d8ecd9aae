//! Where puzzles come from: the coupling to sudoku-core (solution counting, solving, seeded
//! generation).
//!
//! TEMPORARY: a small backtracking solver and generator stand in for sudoku-core until its
//! branch is merged; the functions keep their signatures when they switch to sudoku-core.

use rand::Rng;
use rand_pcg::Pcg64Mcg;

use crate::board::{CELL_HOUSES, Cells, HOUSE_CELLS};

/// How many solutions a puzzle has, as far as the uniqueness check cares.
#[derive(Debug)]
pub(crate) enum Solutions {
    /// None at all.
    None,
    /// Exactly one, given.
    One(Cells),
    /// Two or more.
    Several,
}

/// The number of solutions of `puzzle`, counting no further than `limit`.
pub(crate) fn count_solutions(puzzle: &Cells, limit: usize) -> usize {
    let mut solver = Solver::new(puzzle);
    let mut found = 0;
    solver.search(limit, &mut found, &mut |_| {});
    found
}

/// Solves `puzzle` and tells whether its solution is unique.
pub(crate) fn solve_unique(puzzle: &Cells) -> Solutions {
    let mut solver = Solver::new(puzzle);
    let mut found = 0;
    let mut first = None;
    solver.search(2, &mut found, &mut |cells| {
        if first.is_none() {
            first = Some(*cells);
        }
    });
    match (found, first) {
        (1, Some(cells)) => Solutions::One(cells),
        (0, _) => Solutions::None,
        _ => Solutions::Several,
    }
}

/// A minimal puzzle and its solution from a seed.
pub(crate) fn generate(seed: u64) -> (Cells, Cells) {
    let mut rng = Pcg64Mcg::new(u128::from(seed) ^ 0x5eed_5eed_5eed_5eed_5eed_5eed_5eed_5eed);
    // A random complete grid: fill cells in order, trying digits in a random order.
    let mut solver = Solver::new(&[0; 81]);
    let solution = solver
        .random_fill(&mut rng)
        .expect("the empty grid has solutions");
    // Empty cells in a random order, putting back any whose removal breaks uniqueness.
    let mut order: Vec<u8> = (0..81).collect();
    shuffle(&mut order, &mut rng);
    let mut puzzle = solution;
    for cell in order {
        let digit = puzzle[cell as usize];
        puzzle[cell as usize] = 0;
        if count_solutions(&puzzle, 2) != 1 {
            puzzle[cell as usize] = digit;
        }
    }
    (puzzle, solution)
}

/// A draw in `0..bound` from the generator's raw output (stable across rand versions).
pub(crate) fn below<R: Rng + ?Sized>(rng: &mut R, bound: usize) -> usize {
    debug_assert!(bound > 0);
    // Lemire's multiply-shift; the tiny bias is irrelevant for games.
    ((u128::from(rng.next_u64()) * bound as u128) >> 64) as usize
}

/// Fisher–Yates with [`below`].
pub(crate) fn shuffle<T, R: Rng + ?Sized>(items: &mut [T], rng: &mut R) {
    for i in (1..items.len()).rev() {
        let j = below(rng, i + 1);
        items.swap(i, j);
    }
}

/// A backtracking solver on candidate bitmasks (bit d set = digit d still possible).
struct Solver {
    cells: Cells,
    /// Digits used in each house.
    used: [u16; 27],
}

impl Solver {
    fn new(puzzle: &Cells) -> Solver {
        let mut used = [0u16; 27];
        for (cell, &d) in puzzle.iter().enumerate() {
            if d != 0 {
                for &h in &CELL_HOUSES[cell] {
                    used[h as usize] |= 1 << d;
                }
            }
        }
        Solver {
            cells: *puzzle,
            used,
        }
    }

    fn candidates(&self, cell: usize) -> u16 {
        let [a, b, c] = CELL_HOUSES[cell];
        !(self.used[a as usize] | self.used[b as usize] | self.used[c as usize]) & 0x3fe
    }

    /// The empty cell with the fewest candidates, or `None` when the grid is full.
    fn best_cell(&self) -> Option<(usize, u16)> {
        let mut best: Option<(usize, u16)> = None;
        for cell in 0..81 {
            if self.cells[cell] == 0 {
                let cands = self.candidates(cell);
                let n = cands.count_ones();
                if best.is_none_or(|(_, b)| n < b.count_ones()) {
                    best = Some((cell, cands));
                    if n <= 1 {
                        break;
                    }
                }
            }
        }
        best
    }

    fn set(&mut self, cell: usize, d: u8) {
        self.cells[cell] = d;
        for &h in &CELL_HOUSES[cell] {
            self.used[h as usize] |= 1 << d;
        }
    }

    fn unset(&mut self, cell: usize, d: u8) {
        self.cells[cell] = 0;
        for &h in &CELL_HOUSES[cell] {
            self.used[h as usize] &= !(1 << d);
        }
    }

    fn search(&mut self, limit: usize, found: &mut usize, on: &mut dyn FnMut(&Cells)) {
        if *found >= limit {
            return;
        }
        let Some((cell, mut cands)) = self.best_cell() else {
            *found += 1;
            on(&self.cells);
            return;
        };
        while cands != 0 && *found < limit {
            let d = cands.trailing_zeros() as u8;
            cands &= cands - 1;
            self.set(cell, d);
            self.search(limit, found, on);
            self.unset(cell, d);
        }
    }

    fn random_fill<R: Rng + ?Sized>(&mut self, rng: &mut R) -> Option<Cells> {
        let Some((cell, cands)) = self.best_cell() else {
            return Some(self.cells);
        };
        let mut digits: Vec<u8> = (1..=9).filter(|d| cands & (1 << d) != 0).collect();
        shuffle(&mut digits, rng);
        for d in digits {
            self.set(cell, d);
            if let Some(done) = self.random_fill(rng) {
                return Some(done);
            }
            self.unset(cell, d);
        }
        None
    }
}

/// Whether the filled cells of `cells` break no rule (no digit twice in a house).
#[allow(dead_code)]
pub(crate) fn consistent(cells: &Cells) -> bool {
    HOUSE_CELLS.iter().all(|house| {
        let mut seen = 0u16;
        house.iter().all(|&c| {
            let d = cells[c as usize];
            if d == 0 {
                return true;
            }
            let fresh = seen & (1 << d) == 0;
            seen |= 1 << d;
            fresh
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_are_unique_and_minimal() {
        let (puzzle, solution) = generate(7);
        assert_eq!(count_solutions(&puzzle, 2), 1);
        assert!(consistent(&solution));
        for cell in 0..81 {
            if puzzle[cell] != 0 {
                let mut fewer = puzzle;
                fewer[cell] = 0;
                assert!(count_solutions(&fewer, 2) > 1, "cell {cell} is redundant");
            }
        }
        assert_eq!(generate(7), (puzzle, solution));
    }
}
