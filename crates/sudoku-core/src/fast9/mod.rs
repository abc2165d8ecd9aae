//! A specialised solver for the classic 9×9 sudoku (and Sudoku X): bitboards, band-wise
//! propagation and guessing, with no allocation.
//!
//! The general [dancing-links] engine handles every size and variant; this one trades all
//! generality for speed on the one grid most users solve by the million. It counts solutions
//! up to a limit, returns the first one, checks uniqueness, answers "is there a solution whose
//! cell *k* is not *v*" (the generator's question), and fills grids at random.
//!
//! [dancing-links]: https://en.wikipedia.org/wiki/Dancing_Links
//!
//! # Quick start
//!
//! ```
//! use sudoku_core::fast9::Fast9;
//!
//! let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
//! let mut cells = [0u8; 81];
//! for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
//!     *cell = if ch == b'.' { 0 } else { ch - b'0' };
//! }
//! let mut engine = Fast9::new(false);
//! let mut solution = [0u8; 81];
//! assert_eq!(engine.solve(&cells, 2, Some(&mut solution), None), Ok(1));
//! assert_eq!(&solution[..9], &[4, 1, 7, 3, 6, 9, 8, 2, 5]);
//! assert!(engine.has_unique_solution(&cells));
//! ```
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
//! (each minirow folded onto one bit, then the three rows folded together, box-major: no
//! table load on the critical path, measured 3–4% faster on the hardest set than three
//! lookups of a per-row table); from it a 512-entry table gives
//! the union of all permutations made of non-empty minirows; intersecting the word with it
//! removes, in one AND, everything that pointing and claiming (locked candidates) would
//! remove inside the band, and detects contradictions (no permutation left). Across bands, a
//! box whose candidates lie in one column *locks* that column: a second table turns the
//! band's set of columns into the columns to clear in the two other bands (this also clears
//! the column of every placed digit). The three words of a digit are updated together, in
//! registers, until stable (the permutation mask is idempotent, so one pass suffices unless a
//! locked column removed something). Then every row of a band reduced to one cell places the
//! digit there (a hidden single of the row, which also covers hidden singles of the box
//! through the permutation logic): the other digits leave the cell and are marked changed.
//! After the first guess this last step runs without a branch (clearing nothing when no row
//! is left with one cell): measured, 2–3% faster on the hard sets, while before the first
//! guess the branch is cheaper (serg benchmark). Without the branch, every row of one cell is
//! placed again at each update (the rows placed before change nothing, their cells holding no
//! other digit), so the set of rows where the digit is placed is only kept, and read, until
//! the first guess. The cells of the rows of one cell come from word arithmetic alone (each
//! row minus one, a non-zero test on 9-bit fields, the marked rows spread): measured, 5–7%
//! faster on the hardest set than three comparisons and a table of rows (an earlier attempt
//! that multiplied the three comparisons out instead let the compiler branch on them, and
//! lost 25%).
//!
//! Only digits whose words changed are updated, until no digit is marked. Before the first
//! guess the changed words are taken band by band, each band's loop compiled for its band
//! (a constant: no index arithmetic, no table of the other bands), in the same order as one
//! loop over the change bits: measured, 17-clue and serg 4–9% faster, while after a guess,
//! where a round holds few words, the three loops cost more than they save (one loop kept).
//!
//! **Singles.** When the bands are stable, three bitwise accumulators over the nine digits of
//! a band give the cells with at least one, two and three candidates: an unsolved cell with
//! none is a contradiction, and a cell with exactly one keeps its digit, which leaves the
//! cell's row and box in the band (the band update then places it). When there is no naked
//! single and no cell with two candidates, hidden singles of the columns are looked for too
//! (a digit with one cell left in a column); measured, doing it before every guess cost more
//! than the guesses it saved.
//!
//! **Guessing.** When nothing more follows, the search branches on a cell with exactly two
//! candidates (the accumulators give them for free), chosen in the box with the most unsolved
//! cells (the first such box, its first such cell), or failing that on a cell with the fewest
//! candidates. A guess in a crowded box removes the most candidates whichever digit is
//! right: measured on the benchmark sets, 20–30% fewer guesses (first solution and count to
//! 2) than the first bivalue cell of the last band, and better than scores built from the
//! digits' candidates in the cell's houses, which cost more to compute (random solutions keep
//! the last band's first bivalue cell, so their seeded output is unchanged). At a cell of two candidates the digit tried first is the
//! one with more candidate cells in the cell's row, column and box (the lower digit on a tie):
//! measured, 3–7% fewer guesses to the first solution on every benchmark set than the lower
//! digit first, while the fewer-candidates-first orders cost more guesses (random solutions
//! keep their random first candidate). All but the last candidate are tried on copies, depth first;
//! the last one is then forced in place (every other choice has been explored), so the
//! search loops instead of recursing. Counting stops at the limit; a budget bounds the number
//! of branching decisions.
//!
//! **Sudoku X** (`Fast9::new(true)`): placing a digit on a main diagonal also removes it from
//! the rest of that diagonal. The propagation of the diagonals is limited to that (no hidden
//! singles on diagonals), which keeps it correct and the classic engine untouched (the
//! variant is a compile-time parameter).
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

use core::fmt;

pub(crate) use search::Increasing;
use search::{Order, Random, Search};
use state::State;

/// The search ran out of its guess budget before it could answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exhausted;

impl fmt::Display for Exhausted {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("the search exhausted its guess budget")
    }
}

impl std::error::Error for Exhausted {}

/// Why a search stopped before its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Stop {
    /// The guess budget ran out.
    Budget,
    /// The cancel flag was raised.
    Cancelled,
}

/// How one search ended: solutions found (a lower bound if it stopped early), guesses made.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RunReport {
    pub(crate) count: u64,
    pub(crate) guesses: u64,
    pub(crate) stop: Option<Stop>,
}

impl RunReport {
    /// The public methods' view: a count, or [`Exhausted`] when the search stopped early.
    fn result(self) -> Result<u64, Exhausted> {
        match self.stop {
            None => Ok(self.count),
            Some(_) => Err(Exhausted),
        }
    }
}

/// The fast 9×9 engine.
///
/// It holds no grid between calls; it keeps the configuration (classic or X) and the number
/// of guesses made by the last call, and can be reused for any number of puzzles. Every
/// method takes the grid as 81 bytes in row-major order, `0` for an empty cell and `1..=9`
/// for a given; any other byte, or givens that clash, make a grid without solution (never a
/// panic).
///
/// ```
/// use sudoku_core::fast9::Fast9;
///
/// let mut engine = Fast9::new(false);
/// // The empty grid has many solutions: count up to 1000.
/// assert_eq!(engine.solve(&[0; 81], 1000, None, None), Ok(1000));
/// // Two 5s in the first row: no solution.
/// let mut clash = [0u8; 81];
/// clash[0] = 5;
/// clash[8] = 5;
/// assert_eq!(engine.solve(&clash, 1, None, None), Ok(0));
/// ```
#[derive(Debug, Clone)]
pub struct Fast9 {
    x_variant: bool,
    guesses: u64,
}

impl Fast9 {
    /// A new engine for the classic grid (`x_variant == false`) or for Sudoku X, where both
    /// main diagonals must also hold every digit once (`x_variant == true`).
    #[must_use]
    pub fn new(x_variant: bool) -> Fast9 {
        Fast9 {
            x_variant,
            guesses: 0,
        }
    }

    /// Whether this engine solves Sudoku X.
    #[must_use]
    pub fn x_variant(&self) -> bool {
        self.x_variant
    }

    /// The number of guesses (branching decisions) made by the last call.
    #[must_use]
    pub fn last_guesses(&self) -> u64 {
        self.guesses
    }

    /// Counts the solutions of `cells` up to `limit` (the search stops when it reaches it) and
    /// writes the first solution found into `first` if given (it is left untouched when there
    /// is none).
    ///
    /// `cells`: row-major, `0` = empty, `1..=9` = given. `budget`: the maximum number of
    /// guesses (branching decisions) before giving up; `None` = unlimited (every 9×9 search
    /// ends). Givens that clash, or values above 9, give `Ok(0)`. `limit == 0` gives `Ok(0)`
    /// without searching.
    ///
    /// # Errors
    /// [`Exhausted`] if a guess was needed after `budget` guesses; `first` may then already
    /// hold a solution.
    ///
    /// ```
    /// use sudoku_core::fast9::{Exhausted, Fast9};
    ///
    /// let mut engine = Fast9::new(false);
    /// let mut grid = [0u8; 81];
    /// assert_eq!(engine.solve(&[0; 81], 1, Some(&mut grid), None), Ok(1));
    /// assert!(grid.iter().all(|&d| (1..=9).contains(&d)));
    /// // Without guesses, the empty grid cannot be solved.
    /// assert_eq!(engine.solve(&[0; 81], 1, None, Some(0)), Err(Exhausted));
    /// ```
    pub fn solve(
        &mut self,
        cells: &[u8; 81],
        limit: u64,
        first: Option<&mut [u8; 81]>,
        budget: Option<u64>,
    ) -> Result<u64, Exhausted> {
        let run = self.run(cells, None, limit, first, budget, None, Increasing);
        run.result()
    }

    /// Whether `cells` has exactly one solution (the search stops at the second).
    ///
    /// ```
    /// use sudoku_core::fast9::Fast9;
    ///
    /// assert!(!Fast9::new(false).has_unique_solution(&[0; 81]));
    /// ```
    #[must_use]
    pub fn has_unique_solution(&mut self, cells: &[u8; 81]) -> bool {
        self.solve(cells, 2, None, None) == Ok(1)
    }

    /// The number of solutions up to 2 (0: none, 1: unique, 2: several), with the first
    /// solution written into `first` if given: the uniqueness check of a generator.
    ///
    /// # Errors
    /// [`Exhausted`] as for [`Fast9::solve`].
    pub fn count_up_to_2(
        &mut self,
        cells: &[u8; 81],
        first: Option<&mut [u8; 81]>,
        budget: Option<u64>,
    ) -> Result<u64, Exhausted> {
        self.solve(cells, 2, first, budget)
    }

    /// Whether `cells` has a solution in which `cell` (0..81) does not hold `digit` (1..=9).
    ///
    /// This is the question a minimal-clue generator asks when it tries to remove a given:
    /// if the puzzle with the given at `cell` was unique, the puzzle without it is unique
    /// exactly when no solution puts another digit there. It costs one first-solution search
    /// instead of a count to 2. Out-of-range `cell` or `digit` exclude nothing.
    ///
    /// # Errors
    /// [`Exhausted`] as for [`Fast9::solve`].
    ///
    /// ```
    /// use sudoku_core::fast9::Fast9;
    ///
    /// let mut engine = Fast9::new(false);
    /// let mut solution = [0u8; 81];
    /// engine.solve(&[0; 81], 1, Some(&mut solution), None)?;
    /// let mut puzzle = solution;
    /// puzzle[0] = 0; // one empty cell: still unique
    /// assert_eq!(engine.has_solution_without(&puzzle, 0, solution[0], None), Ok(false));
    /// # Ok::<(), sudoku_core::fast9::Exhausted>(())
    /// ```
    pub fn has_solution_without(
        &mut self,
        cells: &[u8; 81],
        cell: usize,
        digit: u8,
        budget: Option<u64>,
    ) -> Result<bool, Exhausted> {
        let exclude = (cell < 81 && (1..=9).contains(&digit)).then_some((cell, digit));
        Ok(self
            .run(cells, exclude, 1, None, budget, None, Increasing)
            .result()?
            == 1)
    }

    /// A solution of `cells` chosen with `rng` (the candidate tried first at each guess is
    /// drawn at random), or `None` if there is none. From the empty grid this makes random
    /// complete grids; they are not drawn uniformly among all grids.
    ///
    /// The result depends only on `cells` and the `u64` stream of `rng`: with a seeded
    /// generator it is reproducible.
    pub fn random_solution<R: rand::Rng + ?Sized>(
        &mut self,
        cells: &[u8; 81],
        rng: &mut R,
    ) -> Option<[u8; 81]> {
        let mut out = [0u8; 81];
        match self
            .run(cells, None, 1, Some(&mut out), None, None, Random(rng))
            .result()
        {
            Ok(1) => Some(out),
            _ => None,
        }
    }

    /// The search behind every public method: counts up to `limit`, with an optional
    /// excluded (cell, digit), a guess budget and a cancel flag; reports how it ended.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn run<O: Order>(
        &mut self,
        cells: &[u8; 81],
        exclude: Option<(usize, u8)>,
        limit: u64,
        first: Option<&mut [u8; 81]>,
        budget: Option<u64>,
        cancel: Option<&core::sync::atomic::AtomicBool>,
        order: O,
    ) -> RunReport {
        self.guesses = 0;
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
            order,
        };
        if self.x_variant {
            search.run::<true>(&mut state);
        } else {
            search.run::<false>(&mut state);
        }
        self.guesses = search.guesses;
        RunReport {
            count: search.count,
            guesses: search.guesses,
            stop: if search.cancelled {
                Some(Stop::Cancelled)
            } else if search.exhausted {
                Some(Stop::Budget)
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
