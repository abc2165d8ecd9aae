//! Where puzzles come from: the coupling to sudoku-core (solution counting, solving, seeded
//! generation). Nothing else in this crate calls sudoku-core.

use rand::SeedableRng as _;
use sudoku_core::generate::Generator;
use sudoku_core::{Geometry, Grid, Shape, Solver};

use crate::board::Cells;

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

fn solver() -> Solver {
    Solver::new(Geometry::classic(Shape::CLASSIC))
}

/// The cells as a grid (values 0–9, checked by the callers).
fn grid(cells: &Cells) -> Option<Grid> {
    Grid::new(Shape::CLASSIC, cells.to_vec()).ok()
}

/// The number of solutions of `puzzle`, counting no further than `limit` (sudoku-core's
/// dancing-links count; `count_solutions(p, 2) == 1` is the uniqueness check).
pub(crate) fn count_solutions(puzzle: &Cells, limit: u64) -> u64 {
    // A 9×9 count without budget cannot be interrupted, and the cells are 0–9 (checked).
    grid(puzzle).map_or(limit, |g| solver().count(&g, limit).unwrap_or(limit))
}

/// Solves `puzzle` and tells whether its solution is unique.
pub(crate) fn solve_unique(puzzle: &Cells) -> Solutions {
    let mut solver = solver();
    let Some(puzzle) = grid(puzzle) else {
        return Solutions::None;
    };
    let mut solution = [0u8; 81];
    match solver.solve(&puzzle) {
        Ok(Some(s)) => solution.copy_from_slice(s.cells()),
        _ => return Solutions::None,
    }
    if solver.count(&puzzle, 2).unwrap_or(2) > 1 {
        Solutions::Several
    } else {
        Solutions::One(solution)
    }
}

/// A minimal puzzle and its solution from a seed (sudoku-core's seeded generator, no
/// symmetry).
pub(crate) fn generate(seed: u64) -> (Cells, Cells) {
    let made = Generator::new(Geometry::classic(Shape::CLASSIC))
        .generate(&mut rand_pcg::Pcg64Mcg::seed_from_u64(seed))
        .expect("a 9x9 classic grid always generates without budget");
    let mut puzzle = [0u8; 81];
    let mut solution = [0u8; 81];
    puzzle.copy_from_slice(made.puzzle.cells());
    solution.copy_from_slice(made.solution.cells());
    (puzzle, solution)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_puzzles_are_unique_and_minimal() {
        let (puzzle, solution) = generate(7);
        assert_eq!(count_solutions(&puzzle, 2), 1);
        assert!(
            puzzle
                .iter()
                .zip(&solution)
                .all(|(&p, &s)| p == 0 || p == s)
        );
        for cell in 0..81 {
            if puzzle[cell] != 0 {
                let mut fewer = puzzle;
                fewer[cell] = 0;
                assert!(count_solutions(&fewer, 2) > 1, "cell {cell} is redundant");
            }
        }
        assert_eq!(generate(7), (puzzle, solution));
    }

    #[test]
    fn counts_stop_at_the_limit() {
        assert_eq!(count_solutions(&[0; 81], 5), 5);
        assert!(matches!(solve_unique(&[0; 81]), Solutions::Several));
        let mut clash = [0u8; 81];
        clash[0] = 1;
        clash[1] = 1;
        assert!(matches!(solve_unique(&clash), Solutions::None));
    }
}
