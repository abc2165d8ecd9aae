//! "Why is this entry right?" (the explanation is on `explain`).

use core::fmt;

use sudoku_core::{Cell, Grid, HouseKind, Puzzle, Shape};
use sudoku_grade::{CellDigit, GradeError, MarkedGrid as Pencil, Method, Rater, Step, Technique};

use crate::game::Game;
use crate::houses::classic;

/// The work budget of one step (sudoku-grade's units).
const STEP_BUDGET: u64 = 5_000_000;

/// Why a cell holds its digit: the steps that lead to it, the last one placing it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Explanation {
    /// The cell explained (0–80).
    pub cell: Cell,
    /// Its digit.
    pub digit: u8,
    /// The steps, in order; the last places the cell. One step when the cell follows directly
    /// from the position.
    pub steps: Vec<Step>,
}

impl Explanation {
    /// The step that places the cell (the last; `None` only for an explanation built by hand
    /// without steps: [`explain`] always gives one).
    ///
    /// ```
    /// use defi_sudoku::{SolvedPuzzle, explain};
    /// use defi_sudoku::sudoku_core::Cell;
    /// let solved: SolvedPuzzle =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let why = explain(solved.puzzle(), Cell::new(1))?;
    /// assert!(why.placing_step().is_some());
    /// assert!(why.method() >= why.placing_step().unwrap().method());
    /// assert_eq!(why.is_direct(), why.steps.len() == 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn placing_step(&self) -> Option<&Step> {
        self.steps.last()
    }

    /// The hardest letter of the ladder among the steps.
    pub fn method(&self) -> Method {
        self.steps
            .iter()
            .map(Step::method)
            .max()
            .unwrap_or(Method::A1)
    }

    /// Whether the cell follows directly from the position (a single step).
    pub fn is_direct(&self) -> bool {
        self.steps.len() == 1
    }
}

impl fmt::Display for Explanation {
    /// `r3c4 is 7:` then the steps, one per line, numbered when there are several.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is {}:",
            self.cell.display(Shape::CLASSIC),
            self.digit
        )?;
        if let [step] = self.steps.as_slice() {
            return write!(f, " {step}");
        }
        for (i, step) in self.steps.iter().enumerate() {
            write!(f, "\n{}. {step}", i + 1)?;
        }
        Ok(())
    }
}

/// Why no explanation could be given.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExplainError {
    /// The cell is not 0–80.
    #[error("cell {} is not on the 9×9 grid (cells are 0 to 80)", .cell.index())]
    CellOutOfRange {
        /// The cell given.
        cell: Cell,
    },
    /// The position is not a 9×9 grid.
    #[error("the position is {size}x{size}, not 9x9")]
    Size {
        /// The side of the grid given.
        size: usize,
    },
    /// The cell is already filled in the position.
    #[error("{} is already filled", .cell.display(Shape::CLASSIC))]
    CellFilled {
        /// The cell given.
        cell: Cell,
    },
    /// The game has no such entry.
    #[error("there is no entry {entry} in turn {turn}")]
    NoSuchEntry {
        /// The turn index.
        turn: usize,
        /// The entry index.
        entry: usize,
    },
    /// sudoku-grade could not step through the position (a clash, no solution, budget).
    #[error("the ladder failed: {0}")]
    Grade(#[from] GradeError),
}

/// Explains the digit of an empty `cell` of `grid` (a 9×9 position with a unique solution):
/// "why is this entry right?", the explanation of a cell's digit from a position, in
/// sudoku-grade's steps ("La jeune histoire du Défi Sudoku en famille ou entre amis": any
/// player may ask for an explanation if he doubts the validity of another player's entry).
///
/// From the position before the entry, the explanation is the shortest path this module
/// finds to the cell's digit: the cell itself when a single places it (its candidates are down
/// to one, or the digit has one place left in one of its houses), otherwise sudoku-grade's
/// next steps, cheapest technique first, until one of them places the cell (checking again
/// for a single on the cell after each step).
///
/// # Errors
/// [`ExplainError`] when the grid is not 9×9, the cell is out of range or filled, or
/// sudoku-grade fails on the position (clashing digits, no solution).
///
/// ```
/// use defi_sudoku::{SolvedPuzzle, explain};
/// use sudoku_core::Cell;
///
/// let solved: SolvedPuzzle =
///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let why = explain(solved.puzzle(), Cell::new(1))?;
/// assert_eq!(why.digit, solved.solution().get(1));
/// assert!(why.to_string().starts_with(&format!("r1c2 is {}:", why.digit)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn explain(grid: &Grid, cell: Cell) -> Result<Explanation, ExplainError> {
    if grid.shape() != Shape::CLASSIC {
        return Err(ExplainError::Size { size: grid.size() });
    }
    if cell.index() >= 81 {
        return Err(ExplainError::CellOutOfRange { cell });
    }
    if grid.get(cell.index()) != 0 {
        return Err(ExplainError::CellFilled { cell });
    }
    let mut pencil = Pencil::new(&Puzzle::classic(grid.clone()).map_err(GradeError::from)?);
    let rater = Rater::new().budget(STEP_BUDGET).record_steps(false);
    let mut steps = Vec::new();
    loop {
        if let Some(step) = single_on(&pencil, cell) {
            let digit = step.placement.map_or(0, |p| p.digit);
            steps.push(step);
            return Ok(Explanation { cell, digit, steps });
        }
        let step = rater.next_step(&pencil)?;
        pencil.play(&step)?;
        let placed = step.placement.filter(|p| p.cell == cell).map(|p| p.digit);
        steps.push(step);
        if let Some(digit) = placed {
            return Ok(Explanation { cell, digit, steps });
        }
    }
}

/// A single placing `cell` on the board: a naked single (or the last cell of a house), or a
/// hidden single in one of its houses.
fn single_on(pencil: &Pencil, cell: Cell) -> Option<Step> {
    let target = cell;
    let step = |technique, digit, houses: Vec<HouseKind>| Step {
        shape: Shape::CLASSIC,
        layout: None,
        technique,
        placement: Some(CellDigit {
            cell: target,
            digit,
        }),
        eliminations: Vec::new(),
        cells: vec![target],
        digits: vec![digit],
        houses,
        chain: Vec::new(),
        chain_eliminations: Vec::new(),
        contradiction: None,
    };
    let geometry = classic();
    let cands = pencil.candidates(target);
    // The last empty cell of a house.
    for &h in geometry.houses_of(cell) {
        let empty = geometry
            .house(h)
            .iter()
            .filter(|&&o| !pencil.candidates(o).is_empty())
            .count();
        if empty == 1
            && let Some(d) = cands.only()
        {
            return Some(step(Technique::FullHouse, d, vec![geometry.house_kind(h)]));
        }
    }
    if let Some(d) = cands.only() {
        return Some(step(Technique::NakedSingle, d, Vec::new()));
    }
    for &h in geometry.houses_of(cell) {
        for d in cands.iter() {
            let places = geometry
                .house(h)
                .iter()
                .filter(|&&o| pencil.candidates(o).contains(d))
                .count();
            if places == 1 {
                return Some(step(
                    Technique::HiddenSingle,
                    d,
                    vec![geometry.house_kind(h)],
                ));
            }
        }
    }
    None
}

impl Game {
    /// Why entry `entry` of turn `turn` (indices into [`Game::turns`] and its entries) is
    /// right: the explanation of its cell from the position just before it. For a wrong entry,
    /// this explains the correction.
    ///
    /// # Errors
    /// [`ExplainError::NoSuchEntry`], or [`ExplainError::Grade`] if sudoku-grade fails.
    ///
    /// ```
    /// use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
    /// use sudoku_core::Cell;
    ///
    /// let puzzle: SolvedPuzzle =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let mut game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// let cell = Cell::new(1);
    /// let digit = game.puzzle().solution().get(1);
    /// game.play(Entry::new(0, cell, digit))?;
    /// let why = game.explain_entry(0, 0)?;
    /// assert_eq!((why.cell, why.digit), (cell, digit));
    /// println!("{why}");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain_entry(&self, turn: usize, entry: usize) -> Result<Explanation, ExplainError> {
        let grid = self
            .grid_before(turn, entry)
            .ok_or(ExplainError::NoSuchEntry { turn, entry })?;
        let cell = self.turns()[turn].entries[entry].cell;
        explain(&grid, cell)
    }

    /// Why `cell`, still empty, will hold the digit it will: the explanation from the current
    /// position (a hint).
    ///
    /// # Errors
    /// [`ExplainError`] for a cell out of range or filled.
    ///
    /// ```
    /// use defi_sudoku::{ExplainError, Game, Options, SolvedPuzzle};
    /// use defi_sudoku::sudoku_core::Cell;
    ///
    /// let puzzle: SolvedPuzzle =
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// let game = Game::with_player_count(puzzle, 2, Options::default())?;
    /// let hint = game.explain_cell(Cell::new(1))?;
    /// assert_eq!(hint.digit, game.puzzle().solution().get(1));
    /// let filled = game.explain_cell(Cell::new(0)).unwrap_err();
    /// assert_eq!(filled, ExplainError::CellFilled { cell: Cell::new(0) });
    /// assert_eq!(filled.to_string(), "r1c1 is already filled");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn explain_cell(&self, cell: Cell) -> Result<Explanation, ExplainError> {
        explain(self.grid(), cell)
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng as _;
    use rand_pcg::Pcg64Mcg;

    use super::*;
    use crate::SolvedPuzzle;

    #[test]
    fn every_cell_of_a_puzzle_is_explained_with_its_solution_digit() {
        let solved = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(21));
        let givens = solved.puzzle();
        let mut direct = 0;
        for cell in Shape::CLASSIC.cells() {
            if givens.get(cell.index()) != 0 {
                assert_eq!(
                    explain(givens, cell),
                    Err(ExplainError::CellFilled { cell })
                );
                continue;
            }
            let why = explain(givens, cell).unwrap();
            assert_eq!(why.digit, solved.solution().get(cell.index()));
            let placed = why.placing_step().unwrap().placement.unwrap();
            assert_eq!((placed.cell, placed.digit), (cell, why.digit));
            // The steps before the last never place this cell.
            for step in &why.steps[..why.steps.len() - 1] {
                assert!(step.placement.is_none_or(|p| p.cell != cell));
            }
            direct += usize::from(why.is_direct());
        }
        assert!(direct > 0);
        assert_eq!(
            explain(givens, Cell::new(81)),
            Err(ExplainError::CellOutOfRange {
                cell: Cell::new(81)
            })
        );
    }

    #[test]
    fn bad_positions_are_typed_errors() {
        let small: Grid = "1...............".parse().unwrap();
        assert_eq!(
            explain(&small, Cell::new(1)),
            Err(ExplainError::Size { size: 4 })
        );
        let mut grid = Grid::empty(Shape::CLASSIC);
        grid.set(3, 1).unwrap();
        grid.set(4, 1).unwrap();
        assert!(matches!(
            explain(&grid, Cell::new(40)),
            Err(ExplainError::Grade(GradeError::Puzzle(
                sudoku_core::PuzzleError::Clash { value: 1, .. }
            )))
        ));
        // Row 1 holds 2..9 and column 1 a 1 below: cell 0 has no candidate.
        let mut grid = Grid::empty(Shape::CLASSIC);
        for c in 1..9 {
            grid.set(c, c as u8 + 1).unwrap();
        }
        grid.set(27, 1).unwrap();
        assert_eq!(
            explain(&grid, Cell::new(40)),
            Err(ExplainError::Grade(GradeError::NoSolution))
        );
    }

    #[test]
    fn singles_are_named() {
        // Row 1 holds 1..8: cell 8 is the last empty cell of row 1.
        let mut grid = Grid::empty(Shape::CLASSIC);
        for c in 0..8 {
            grid.set(c, c as u8 + 1).unwrap();
        }
        let why = explain(&grid, Cell::new(8)).unwrap();
        assert_eq!(why.digit, 9);
        assert_eq!(why.placing_step().unwrap().technique, Technique::FullHouse);
        assert_eq!(
            why.to_string(),
            "r1c9 is 9: r1c9 is the last empty cell of row 1: it takes 9."
        );
    }
}
