//! [`GradeError`]: why a puzzle could not be rated, hinted or stepped.

use sudoku_core::{Cell, CellDisplay, Interrupted, PuzzleError, Shape};

use crate::Level;

#[cfg(doc)]
use crate::{HumanModel, MarkedGrid, Rater};

/// Why a puzzle could not be rated, a hint given, or a step played.
///
/// The errors of a step refused by [`MarkedGrid::play`] name its cell as `r1c2`.
///
/// ```
/// use sudoku_core::Puzzle;
/// use sudoku_grade::{GradeError, MarkedGrid, Rater};
///
/// let puzzle = Puzzle::classic(
///     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?,
/// )?;
/// let mut grid = MarkedGrid::new(&puzzle);
/// let step = Rater::new().next_step(&grid)?;
/// grid.play(&step)?;
/// let again = grid.play(&step).unwrap_err(); // its cell is filled now
/// assert!(matches!(again, GradeError::Filled { .. }));
/// assert_eq!(again.to_string(), "cannot place 7 in r7c5: the cell is filled");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GradeError {
    /// The grid is not a valid puzzle of its rules: two givens hold the same digit in one
    /// house (it names them), or the grid and the rules have different shapes.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// The puzzle has no solution (the ladder reached a contradiction or the solver found
    /// none).
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has two solutions or more: a rating follows the one path to the one
    /// solution, so it is refused (see [`Rater::rate`]).
    #[error("the puzzle has more than one solution")]
    MultipleSolutions,
    /// The work budget ran out (see [`Rater::budget`]; [`Interrupted::spent`] is the work
    /// done, in [`WorkUnit::RatingWork`](sudoku_core::WorkUnit::RatingWork)) or the cancel
    /// flag was raised (see [`Rater::cancel_flag`]): the answer is unknown.
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
    /// No puzzle of the level asked for came within the attempts allowed (see
    /// [`Rater::generate_level`]).
    #[error("no {level} puzzle in {attempts} attempts")]
    LevelNotFound {
        /// The level asked for.
        level: Level,
        /// The puzzles tried.
        attempts: usize,
    },
    /// `sudoku-core`'s generator failed (its own budget or cancel flag, among others).
    #[error(transparent)]
    Generate(#[from] sudoku_core::GenerateError),
    /// The rating given is not one of this puzzle: its solution does not extend the puzzle's
    /// givens (see [`HumanModel::estimate`]).
    #[error("the rating is not one of this puzzle (its solution does not hold the givens)")]
    RatingMismatch,
    /// Every cell is filled: there is no next step (see [`Rater::next_step`]).
    #[error("the grid is already solved: there is no next step")]
    AlreadySolved,
    /// The step is for a grid of another shape (see [`MarkedGrid::check`]).
    #[error("a step of a {step} grid on a {grid} grid")]
    WrongShape {
        /// The shape the step was made for.
        step: Shape,
        /// The shape of the grid.
        grid: Shape,
    },
    /// A cell of the step is outside the grid.
    #[error("the step names cell {}, outside the grid (cells 0 to {})", .cell.index(), .cells.saturating_sub(1))]
    CellOutOfRange {
        /// The cell given.
        cell: Cell,
        /// The number of cells of the grid.
        cells: usize,
    },
    /// A digit of the step is outside 1..=N.
    #[error("the step names digit {digit} at {at}, outside 1..={size}")]
    DigitOutOfRange {
        /// The cell.
        cell: Cell,
        /// The digit given.
        digit: u8,
        /// N, the side of the grid.
        size: usize,
        /// The cell for people (`r1c2`).
        at: CellDisplay,
    },
    /// The step places a digit in a cell that is filled already.
    #[error("cannot place {digit} in {at}: the cell is filled")]
    Filled {
        /// The cell.
        cell: Cell,
        /// The digit the step places.
        digit: u8,
        /// The cell for people (`r1c2`).
        at: CellDisplay,
    },
    /// The step places a digit that is not a candidate of its (empty) cell any more.
    #[error("cannot place {digit} in {at}: not a candidate")]
    NotACandidate {
        /// The cell.
        cell: Cell,
        /// The digit the step places.
        digit: u8,
        /// The cell for people (`r1c2`).
        at: CellDisplay,
    },
    /// The step both places a digit and eliminates it from the same cell.
    #[error("the step both places and eliminates {digit} in {at}")]
    PlacedAndEliminated {
        /// The cell.
        cell: Cell,
        /// The digit.
        digit: u8,
        /// The cell for people (`r1c2`).
        at: CellDisplay,
    },
}
