//! [`SolvedPuzzle`]: the 9×9 puzzle a game is played on, with its unique solution.
//!
//! Cells, houses and grids are sudoku-core's: a [`Cell`] is a row-major index 0–80 (cell 0 is
//! the top-left corner, cell 8 the top-right, cell 80 the bottom-right), a [`Grid`] holds 0
//! for an empty cell and a digit 1–9 otherwise, and the 27 houses (9 rows, 9 columns, 9
//! boxes) come from the classic [`Geometry`] of [`Shape::CLASSIC`]. Text is sudoku-core's
//! one-line format: 81 characters, digits for givens, `.` (or `0`, `-`, …) for empty cells.

use core::fmt;
use core::str::FromStr;

use sudoku_core::Generator;
use sudoku_core::format::line::ParseLineError;
use sudoku_core::format::{ReadOptions, line};
use sudoku_core::{Cell, Geometry, Grid, House, HouseKind, Shape, Solver};

use crate::houses::{classic, house_cells};

/// Why grids or a text cannot make a [`SolvedPuzzle`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolvedPuzzleError {
    /// A text is not a 9×9 grid in the one-line format.
    #[error(transparent)]
    Parse(#[from] ParseLineError),
    /// A grid is not 9×9.
    #[error("Défi Sudoku is played on 9x9 grids, not {size}x{size}")]
    Size {
        /// The side of the grid given.
        size: usize,
    },
    /// Two givens of the puzzle repeat a digit in a house.
    #[error("digit {digit} appears twice in {house} of the puzzle")]
    RepeatedGiven {
        /// The house.
        house: HouseKind,
        /// The repeated digit.
        digit: u8,
    },
    /// A cell of the solution is empty.
    #[error("cell {} of the solution is empty", .cell.display(Shape::CLASSIC))]
    SolutionIncomplete {
        /// The first empty cell.
        cell: Cell,
    },
    /// The solution repeats a digit in a house.
    #[error("digit {digit} appears twice in {house} of the solution")]
    InvalidSolution {
        /// The house.
        house: HouseKind,
        /// The repeated digit.
        digit: u8,
    },
    /// A given of the puzzle differs from the solution.
    #[error(
        "cell {}: the puzzle gives {given} but the solution has {solution}",
        .cell.display(Shape::CLASSIC)
    )]
    Disagreement {
        /// The cell.
        cell: Cell,
        /// The puzzle's digit.
        given: u8,
        /// The solution's digit.
        solution: u8,
    },
    /// The puzzle has no solution.
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution.
    #[error("the puzzle has more than one solution")]
    NotUnique,
    /// The puzzle has no empty cell: there is nothing to play.
    #[error("the puzzle has no empty cell")]
    Full,
}

/// A 9×9 puzzle whose solution is unique, and that solution: what a game is played on.
///
/// Build it from a puzzle ([`SolvedPuzzle::from_puzzle`] or [`str::parse`], which solve it
/// and check uniqueness), from a puzzle and its solution ([`SolvedPuzzle::new`], which checks
/// that they agree and that the solution is the only one), or generate one
/// ([`SolvedPuzzle::generate`]). Both are plain [`Grid`]s; for sudoku-core's candidates and
/// hint on the puzzle, make it a [`Puzzle`](sudoku_core::Puzzle) with
/// `Puzzle::classic(solved.puzzle().clone())`.
///
/// ```
/// use defi_sudoku::SolvedPuzzle;
///
/// let solved: SolvedPuzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// assert_eq!(solved.empty_cells(), 64);
/// assert_eq!(solved.solution().get(0), 4);
/// assert_eq!(solved.to_string().len(), 81); // the puzzle, one line
/// # Ok::<(), defi_sudoku::SolvedPuzzleError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct SolvedPuzzle {
    puzzle: Grid,
    solution: Grid,
}

impl fmt::Debug for SolvedPuzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SolvedPuzzle")
            .field("puzzle", &self.puzzle.to_string())
            .field("solution", &self.solution.to_string())
            .finish()
    }
}

impl fmt::Display for SolvedPuzzle {
    /// The puzzle in the one-line format (`.` for empty cells).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.puzzle, f)
    }
}

/// The first house (in the geometry's order) where a digit repeats, and the digit (`None`
/// too for a grid that is not 9×9: the callers refuse those first).
fn first_repeat(grid: &Grid) -> Option<(HouseKind, u8)> {
    let cells: &[u8; 81] = grid.cells().try_into().ok()?;
    for (h, house) in house_cells().iter().enumerate() {
        // Bit d for digit d.
        let mut seen = 0u16;
        for &c in house {
            let digit = cells[usize::from(c)];
            if digit != 0 && seen & 1 << digit != 0 {
                return Some((classic().house_kind(House::new(h)), digit));
            }
            seen |= 1 << digit;
        }
    }
    None
}

impl SolvedPuzzle {
    /// A puzzle and its solution: checks that both are 9×9, that no given repeats in a house,
    /// that the solution is a valid complete grid agreeing with every given, and that it is
    /// the puzzle's only solution.
    ///
    /// # Errors
    /// [`SolvedPuzzleError`] says which cell or house is wrong, or that the puzzle has
    /// another solution, or no empty cell.
    ///
    /// ```
    /// use defi_sudoku::{SolvedPuzzle, SolvedPuzzleError};
    /// use sudoku_core::{Grid, HouseKind};
    ///
    /// let solution: Grid =
    ///     "123456789456789123789123456231564897564897231897231564312645978645978312978312645".parse()?;
    /// let mut puzzle = solution.clone();
    /// puzzle.set(0, 0)?;
    /// assert!(SolvedPuzzle::new(puzzle.clone(), solution.clone()).is_ok());
    /// puzzle.set(2, 2)?; // a second 2 in row 1
    /// assert_eq!(
    ///     SolvedPuzzle::new(puzzle, solution),
    ///     Err(SolvedPuzzleError::RepeatedGiven { house: HouseKind::Row(0), digit: 2 })
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(puzzle: Grid, solution: Grid) -> Result<SolvedPuzzle, SolvedPuzzleError> {
        check_puzzle(&puzzle)?;
        nine_by_nine(&solution)?;
        if let Some(cell) = solution.cells().iter().position(|&d| d == 0) {
            return Err(SolvedPuzzleError::SolutionIncomplete {
                cell: Cell::new(cell),
            });
        }
        if let Some((house, digit)) = first_repeat(&solution) {
            return Err(SolvedPuzzleError::InvalidSolution { house, digit });
        }
        let pairs = puzzle.cells().iter().zip(solution.cells());
        if let Some((cell, (&given, &digit))) = pairs
            .enumerate()
            .find(|&(_, (&given, &digit))| given != 0 && given != digit)
        {
            return Err(SolvedPuzzleError::Disagreement {
                cell: Cell::new(cell),
                given,
                solution: digit,
            });
        }
        if puzzle.is_complete() {
            return Err(SolvedPuzzleError::Full);
        }
        // The solution is one solution; the puzzle must have no other. A 9×9 count without a
        // budget is never interrupted.
        if Solver::new(Geometry::classic(Shape::CLASSIC))
            .count(&puzzle, 2)
            .map_or(2, sudoku_core::Count::at_least)
            > 1
        {
            return Err(SolvedPuzzleError::NotUnique);
        }
        Ok(SolvedPuzzle::of(puzzle, solution))
    }

    /// A puzzle alone: solves it and checks that the solution is unique.
    ///
    /// # Errors
    /// [`SolvedPuzzleError`] for a grid that is not 9×9, a repeated given, no solution,
    /// several solutions, or no empty cell.
    ///
    /// ```
    /// use defi_sudoku::{SolvedPuzzle, SolvedPuzzleError};
    /// use sudoku_core::{Grid, Shape};
    ///
    /// let mut grid = Grid::empty(Shape::CLASSIC);
    /// grid.set(0, 5)?;
    /// assert_eq!(SolvedPuzzle::from_puzzle(grid), Err(SolvedPuzzleError::NotUnique));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_puzzle(puzzle: Grid) -> Result<SolvedPuzzle, SolvedPuzzleError> {
        check_puzzle(&puzzle)?;
        if puzzle.is_complete() {
            return Err(SolvedPuzzleError::Full);
        }
        let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
        // A 9×9 search without a budget is never interrupted.
        let solution = match solver.solve(&puzzle) {
            Ok(Some(solution)) => solution,
            _ => return Err(SolvedPuzzleError::NoSolution),
        };
        if solver
            .count(&puzzle, 2)
            .map_or(2, sudoku_core::Count::at_least)
            > 1
        {
            return Err(SolvedPuzzleError::NotUnique);
        }
        Ok(SolvedPuzzle::of(puzzle, solution))
    }

    /// A random minimal puzzle with a unique solution (sudoku-core's generator, no
    /// symmetry), drawn from `rng`: a generator seeded the same way gives the same puzzle on
    /// every platform.
    ///
    /// ```
    /// use defi_sudoku::SolvedPuzzle;
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    ///
    /// let solved = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(2024));
    /// assert_eq!(solved, SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(2024)));
    /// assert!(solved.empty_cells() >= 81 - 30);
    /// ```
    pub fn generate<R: rand::Rng + ?Sized>(rng: &mut R) -> SolvedPuzzle {
        let made = Generator::new(Geometry::classic(Shape::CLASSIC))
            .generate(rng)
            .unwrap_or_else(|_| unreachable!("a classic 9x9 grid generates without a budget"));
        SolvedPuzzle::of(made.puzzle, made.solution)
    }

    fn of(puzzle: Grid, solution: Grid) -> SolvedPuzzle {
        SolvedPuzzle { puzzle, solution }
    }

    /// Two grids in the one-line format, the puzzle and its solution ([`SolvedPuzzle::new`]).
    pub(crate) fn from_lines(puzzle: &str, solution: &str) -> Result<Self, SolvedPuzzleError> {
        SolvedPuzzle::new(parse_line(puzzle)?, parse_line(solution)?)
    }

    /// The puzzle: its givens, 0 for an empty cell.
    pub fn puzzle(&self) -> &Grid {
        &self.puzzle
    }

    /// The unique solution.
    pub fn solution(&self) -> &Grid {
        &self.solution
    }

    /// How many cells the puzzle leaves empty.
    pub fn empty_cells(&self) -> usize {
        81 - self.puzzle.given_count()
    }
}

impl FromStr for SolvedPuzzle {
    type Err = SolvedPuzzleError;

    /// Reads a 9×9 puzzle in the one-line format and solves it
    /// ([`SolvedPuzzle::from_puzzle`]).
    fn from_str(s: &str) -> Result<SolvedPuzzle, SolvedPuzzleError> {
        SolvedPuzzle::from_puzzle(parse_line(s)?)
    }
}

/// A 9×9 grid in the one-line format (its length is not read as another shape).
fn parse_line(text: &str) -> Result<Grid, ParseLineError> {
    let options = ReadOptions {
        shape: Some(Shape::CLASSIC),
        ..ReadOptions::default()
    };
    line::parse(text, &options)
}

/// Refuses a grid that is not 9×9.
fn nine_by_nine(grid: &Grid) -> Result<(), SolvedPuzzleError> {
    if grid.shape() == Shape::CLASSIC {
        Ok(())
    } else {
        Err(SolvedPuzzleError::Size { size: grid.size() })
    }
}

/// Refuses a puzzle that is not 9×9 or repeats a given in a house.
fn check_puzzle(puzzle: &Grid) -> Result<(), SolvedPuzzleError> {
    nine_by_nine(puzzle)?;
    match first_repeat(puzzle) {
        Some((house, digit)) => Err(SolvedPuzzleError::RepeatedGiven { house, digit }),
        None => Ok(()),
    }
}

/// With the `serde` feature a solved puzzle is `{"puzzle": "…", "solution": "…"}`, two
/// 81-character lines; reading one checks it as [`SolvedPuzzle::new`] does.
#[cfg(feature = "serde")]
mod serde_form {
    use serde::{Deserialize, Deserializer, Serialize, Serializer, de::Error as _};

    use super::SolvedPuzzle;

    #[derive(Serialize, Deserialize)]
    #[serde(rename = "SolvedPuzzle")]
    struct Lines {
        puzzle: String,
        solution: String,
    }

    impl Serialize for SolvedPuzzle {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Lines {
                puzzle: self.puzzle.to_string(),
                solution: self.solution.to_string(),
            }
            .serialize(serializer)
        }
    }

    impl<'de> Deserialize<'de> for SolvedPuzzle {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<SolvedPuzzle, D::Error> {
            let lines = Lines::deserialize(deserializer)?;
            SolvedPuzzle::from_lines(&lines.puzzle, &lines.solution).map_err(D::Error::custom)
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng as _;
    use rand_pcg::Pcg64Mcg;
    use sudoku_core::Puzzle;

    use super::*;

    #[test]
    fn generated_puzzles_are_unique_and_minimal() {
        let solved = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(7));
        let givens = solved.puzzle();
        assert!(givens.is_subset_of(solved.solution()));
        let count = |grid: &Grid| Puzzle::classic(grid.clone()).unwrap().count_solutions(2);
        assert_eq!(count(givens), Ok(sudoku_core::Count::Exact(1)));
        for cell in 0..81 {
            if givens.get(cell) != 0 {
                let mut fewer = givens.clone();
                fewer.set(cell, 0).unwrap();
                assert_eq!(
                    count(&fewer),
                    Ok(sudoku_core::Count::AtLeast(2)),
                    "cell {cell} is redundant"
                );
            }
        }
        let again = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(7));
        assert_eq!(again, solved);
    }

    #[test]
    fn other_sizes_are_refused() {
        let small: Grid = "12..............".parse().unwrap();
        assert_eq!(
            SolvedPuzzle::from_puzzle(small.clone()),
            Err(SolvedPuzzleError::Size { size: 4 })
        );
        let solved = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(1));
        assert_eq!(
            SolvedPuzzle::new(solved.puzzle().clone(), small),
            Err(SolvedPuzzleError::Size { size: 4 })
        );
        // A 16-character text is not read as a 4×4 grid.
        assert!(matches!(
            "12..............".parse::<SolvedPuzzle>(),
            Err(SolvedPuzzleError::Parse(ParseLineError::Length {
                found: 16,
                expected: Some(81)
            }))
        ));
    }

    #[test]
    fn a_puzzle_without_solution_is_refused() {
        // Row 1 holds 2..9, so cell 0 must be 1, but column 1 already holds 1.
        let mut grid = Grid::empty(Shape::CLASSIC);
        for c in 1..9 {
            grid.set(c, c as u8 + 1).unwrap();
        }
        grid.set(27, 1).unwrap();
        assert_eq!(
            SolvedPuzzle::from_puzzle(grid),
            Err(SolvedPuzzleError::NoSolution)
        );
    }
}
