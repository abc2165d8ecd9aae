//! A specialised solver for the classic 9×9 sudoku (and Sudoku X): bitboards, band-wise
//! propagation and guessing, with no allocation. Reached through [`Solver`](crate::Solver)
//! ([`Engine::Fast`](crate::Engine::Fast), chosen by `Auto` for classic and X 9×9).
//!
//! The general [dancing-links] engine handles every size and variant; this one trades all
//! generality for speed on the one grid most users solve by the million. It counts solutions
//! up to a limit, returns the first one, and answers "is there a solution whose cell *k* is
//! not *v*" (the generator's question).
//!
//! [dancing-links]: https://en.wikipedia.org/wiki/Dancing_Links
//!
//! # The algorithm
//!
//! The design follows the ideas published for the fastest known solvers (JCZSolve by
//! zhouyundong and its descriptions, and Tom Dillon's write-up of tdoku); the code is our own.
//!
//! **Representation.** For each digit, the cells where it may still go form an 81-bit board,
//! stored as three 27-bit words, one per *band* (three rows): bit `i % 27` of word `i / 27` is
//! cell `i` in row-major order. The 27 words (9 digits × 3 bands) are the whole position,
//! together with the set of unsolved cells, per digit the rows where it is not yet placed, and
//! the set of digits whose words changed. A placed digit keeps its cell as its only candidate
//! there, so a solved position *is* the solution. The position is `Copy` (152 bytes):
//! branching copies it, nothing is undone. The givens are loaded in one pass (row, column
//! and box masks per digit), which also detects clashing givens.
//!
//! **Band update.** Inside one band a digit occupies one cell in each of the three rows and
//! in each of the three boxes, so its cells lie in three *minirows* (row ∩ box) that form a
//! permutation of the boxes. The 9-bit map of non-empty minirows takes a few shifts and masks
//! (each minirow folded onto one bit, then the three rows folded together, box-major); from
//! it a 512-entry table gives the union of all permutations made of non-empty minirows;
//! intersecting the word with it removes, in one AND, everything that pointing and claiming
//! (locked candidates) would remove inside the band, and detects contradictions (no
//! permutation left). Across bands, a box whose candidates lie in one column *locks* that
//! column: a second table turns the band's set of columns into the columns to clear in the
//! two other bands (this also clears the column of every placed digit). The three words of
//! a digit are updated together, in registers, until stable (the permutation mask is
//! idempotent, so one pass suffices unless a locked column removed something). Then every
//! row of a band reduced to one cell places the digit there (a hidden single of the row,
//! which also covers hidden singles of the box through the permutation logic): the other
//! digits leave the cell and are marked changed. The cells of those rows come from word
//! arithmetic alone (each row minus one, a non-zero test on 9-bit fields, the marked rows
//! spread). After the first guess this step runs without a branch, placing every row of one
//! cell again at each update (the rows placed before change nothing), so the set of rows
//! where the digit is placed is only kept, and read, until the first guess.
//!
//! Only digits whose words changed are updated, until no digit is marked. Before the first
//! guess the changed words are taken band by band, each band's loop compiled for its band
//! (a constant: no index arithmetic, no table of the other bands); after it, one loop over
//! the change bits.
//!
//! **Singles.** When the bands are stable, three bitwise accumulators over the nine digits of
//! a band give the cells with at least one, two and three candidates: an unsolved cell with
//! none is a contradiction, and a cell with exactly one keeps its digit, which leaves the
//! cell's row and box in the band (the band update then places it). When there is no naked
//! single and no cell with two candidates, hidden singles of the columns are looked for too
//! (a digit with one cell left in a column).
//!
//! **Guessing.** When nothing more follows, the search branches on a cell with exactly two
//! candidates (the accumulators give them for free), chosen in the box with the most unsolved
//! cells (the first such box, its first such cell), or failing that on a cell with the fewest
//! candidates: a guess in a crowded box removes the most candidates whichever digit is
//! right. At a cell of two candidates the digit tried first is the one with more candidate
//! cells in the cell's row, column and box (the lower digit on a tie). All but the last
//! candidate are tried on copies, depth first; the last one is then forced in place (every
//! other choice has been explored), so the search loops instead of recursing. Counting stops
//! at the limit; a budget bounds the number of branching decisions.
//!
//! **Sudoku X**: placing a digit on a main diagonal also removes it from the rest of that
//! diagonal, and before each guess a digit left with no cell on a diagonal is a
//! contradiction. The propagation of the diagonals is limited to that (no hidden singles on
//! diagonals), which keeps it correct and the classic engine untouched (the variant is a
//! compile-time parameter).
//!
//! # Modules
//! - `tables`: compile-time lookup tables (permutation masks, locked columns,
//!   rows, boxes, peers, diagonals).
//! - `state`: the position, loading givens, placing, band updates, singles, the branching
//!   cell.
//! - `search`: depth-first search with limit, budget and candidate order.

mod search;
mod state;
mod tables;

use grilles_game::StopReason;
use search::{Increasing, Search};
use state::State;

/// How one search ended: solutions found (a lower bound if it stopped early), guesses made,
/// and why it stopped early if it did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RunReport {
    pub(crate) count: u64,
    pub(crate) guesses: u64,
    pub(crate) stop: Option<StopReason>,
}

/// The fast 9×9 engine: its configuration (classic or X). It holds no grid between calls.
/// Every call takes the grid as 81 bytes in row-major order, `0` for an empty cell and
/// `1..=9` for a given; any other byte, or givens that clash, make a grid without solution
/// (never a panic).
#[derive(Debug, Clone)]
pub(crate) struct Fast9 {
    x_variant: bool,
}

impl Fast9 {
    /// An engine for the classic grid (`x_variant == false`) or for Sudoku X, where both
    /// main diagonals must also hold every digit once (`x_variant == true`).
    pub(crate) fn new(x_variant: bool) -> Fast9 {
        Fast9 { x_variant }
    }

    /// The search behind every call: counts up to `limit` (0: no search), writing the first
    /// solution to `first` when given (untouched when there is none), with an optional
    /// excluded (cell, digit) (out of range: excludes nothing), a guess budget and a cancel
    /// flag; reports how it ended.
    pub(crate) fn run(
        &mut self,
        cells: &[u8; 81],
        exclude: Option<(usize, u8)>,
        limit: u64,
        first: Option<&mut [u8; 81]>,
        budget: Option<u64>,
        cancel: Option<&core::sync::atomic::AtomicBool>,
    ) -> RunReport {
        let nothing = RunReport {
            count: 0,
            guesses: 0,
            stop: None,
        };
        if limit == 0 {
            return nothing;
        }
        let Some(mut state) = self.setup(cells) else {
            return nothing;
        };
        if let Some((cell, digit)) = exclude
            && cell < 81
            && (1..=9).contains(&digit)
            && !state.exclude(cell, usize::from(digit - 1))
        {
            return nothing;
        }
        let mut search = Search {
            limit,
            count: 0,
            first,
            budget: budget.unwrap_or(u64::MAX),
            guesses: 0,
            exhausted: false,
            cancel,
            cancelled: false,
            order: Increasing,
        };
        if self.x_variant {
            search.run::<true>(&mut state);
        } else {
            search.run::<false>(&mut state);
        }
        RunReport {
            count: search.count,
            guesses: search.guesses,
            stop: if search.cancelled {
                Some(StopReason::Cancelled)
            } else if search.exhausted {
                Some(StopReason::Budget)
            } else {
                None
            },
        }
    }

    /// The position of the givens, or `None` if a value is out of range or two givens clash.
    fn setup(&self, cells: &[u8; 81]) -> Option<State> {
        if self.x_variant {
            State::from_givens::<true>(cells)
        } else {
            State::from_givens::<false>(cells)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Engine, Geometry, Grid, Shape, Solver};

    fn puzzles(text: &str) -> Vec<[u8; 81]> {
        text.lines()
            .filter(|l| !l.starts_with('#') && l.trim().len() == 81)
            .map(|l| {
                let mut cells = [0u8; 81];
                for (c, b) in cells.iter_mut().zip(l.trim().bytes()) {
                    *c = if b.is_ascii_digit() { b - b'0' } else { 0 };
                }
                cells
            })
            .collect()
    }

    /// "Is there a solution whose cell k is not v?" (the generator's question) agrees with
    /// counting by dancing links, for each given removed in turn; excluding a given's own
    /// digit leaves no solution, and an out-of-range exclusion excludes nothing.
    #[test]
    fn solution_without_matches_counting() {
        let mut dlx = Solver::with_engine(Geometry::classic(Shape::CLASSIC), Engine::Dlx).unwrap();
        let mut engine = Fast9::new(false);
        let without = |engine: &mut Fast9, cells: &[u8; 81], cell: usize, digit: u8| {
            engine
                .run(cells, Some((cell, digit)), 1, None, None, None)
                .count
                == 1
        };
        let set = include_str!("../../tests/data/puzzles3_magictour_top1465.txt");
        for p in puzzles(set).iter().take(10) {
            let grid = Grid::new(Shape::CLASSIC, p.to_vec()).unwrap();
            let solution = dlx.solve(&grid).unwrap().unwrap();
            for cell in (0..81).filter(|&c| p[c] != 0).take(5) {
                let mut q = *p;
                q[cell] = 0;
                let unique = dlx
                    .count(&Grid::new(Shape::CLASSIC, q.to_vec()).unwrap(), 2)
                    .unwrap()
                    == crate::Count::Exact(1);
                assert_eq!(without(&mut engine, &q, cell, solution.get(cell)), !unique);
            }
            let given = (0..81).find(|&c| p[c] != 0).unwrap();
            assert!(!without(&mut engine, p, given, p[given]));
            assert!(without(&mut engine, p, 81, 1));
            assert!(without(&mut engine, p, 0, 0));
        }
    }

    /// The guess budget: a hardest puzzle needs guesses; exactly that many suffice.
    #[test]
    fn budget_bounds_guesses() {
        let set = include_str!("../../tests/data/puzzles6_forum_hardest_1106.txt");
        let hard = puzzles(set)[0];
        let mut engine = Fast9::new(false);
        let needed = engine.run(&hard, None, 2, None, None, None).guesses;
        assert!(needed > 0);
        let run = |budget| engine.clone().run(&hard, None, 2, None, Some(budget), None);
        assert_eq!(run(needed).stop, None);
        assert_eq!(run(needed - 1).stop, Some(StopReason::Budget));
        assert_eq!(run(0).stop, Some(StopReason::Budget));
    }
}
