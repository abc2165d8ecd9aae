//! [`Puzzle`]: a grid validated against a geometry (no symbol twice in a house), with
//! candidates, the "Aide" of an empty cell ([`CellCandidates`]) and checked moves
//! ([`Fill`]).

use core::fmt;
use std::sync::Arc;

use grilles_game::GameState;

use crate::cell::{Cell, CellDisplay};
use crate::count::Count;
use crate::geometry::{Geometry, HouseKind};
use crate::grid::{Candidates, Grid};
use crate::shape::Shape;
use crate::solve::{SolveError, Solver};

/// A grid whose givens obey the houses of its geometry, played by [`Fill`] moves.
///
/// It is a one-player [`GameState`] (its player is `()`): the trait's methods are also its
/// own, so playing needs no import.
///
/// ```
/// use sudoku_core::{Fill, Grid, PlayError, Puzzle, PuzzleError};
///
/// let grid: Grid = "1--4--7-94--7------8-----6-21------63----5-7---817-3----59-2-3-87--3-5----2-8----".parse()?;
/// let mut puzzle = Puzzle::classic(grid)?;
/// let aide = puzzle.fewest_candidates().expect("an empty cell");
/// assert_eq!((aide.row, aide.col), (6, 0));
/// assert_eq!(aide.candidates.to_string(), "{6}");
/// assert_eq!(puzzle.solve()?.expect("solvable").get(54), 6);
///
/// // Moves: checked, refused without a change, played.
/// let wrong = Fill { cell: aide.cell, value: 5 };
/// assert!(matches!(puzzle.check(wrong), Err(PlayError::NotCandidate { .. })));
/// assert_eq!(puzzle.check(wrong).unwrap_err().to_string(), "cannot place 5 in r7c1: not a candidate");
/// assert!(puzzle.play(wrong).is_err());
/// puzzle.play(Fill { cell: aide.cell, value: 6 })?;
/// assert_eq!(puzzle.grid().get(54), 6);
/// assert!(!puzzle.is_over());
///
/// // A given repeated in a house is an error that names both cells.
/// let bad: Grid = "11..............".parse()?;
/// let err = Puzzle::classic(bad).unwrap_err();
/// assert!(matches!(err, PuzzleError::Clash { value: 1, .. }));
/// assert_eq!(err.to_string(), "value 1 twice in row 1: r1c1 and r1c2");
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, PartialEq, Eq)]
pub struct Puzzle {
    geometry: Arc<Geometry>,
    grid: Grid,
}

/// Why a grid is not a valid puzzle of a geometry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PuzzleError {
    /// The grid has another number of cells than the geometry (one square and a layout).
    #[error("grid of {grid} cells for rules of {rules} cells")]
    Cells {
        /// Cells of the grid.
        grid: usize,
        /// Cells of the geometry.
        rules: usize,
    },
    /// The grid's shape is not the geometry's.
    #[error("grid of shape {grid} for rules of shape {rules}")]
    Shape {
        /// Shape of the grid.
        grid: Shape,
        /// Shape of the geometry.
        rules: Shape,
    },
    /// Two cells of a house hold the same value.
    #[error("value {value} twice in {house}: {first_at} and {second_at}")]
    Clash {
        /// The house.
        house: HouseKind,
        /// The value repeated.
        value: u8,
        /// The first cell.
        first: Cell,
        /// The second cell.
        second: Cell,
        /// The first cell for people (`r1c1`, in the frame of a layout).
        first_at: CellDisplay,
        /// The second cell for people.
        second_at: CellDisplay,
    },
}

/// The "Aide" of "Sudoku — Solitaire de nombres": an empty cell, where it is, and the values
/// it can take ([`Puzzle::fewest_candidates`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CellCandidates {
    /// The cell.
    pub cell: Cell,
    /// Its row (0-based; in the frame of a [`layout`](crate::layout)).
    pub row: usize,
    /// Its column (0-based; in the frame of a [`layout`](crate::layout)).
    pub col: usize,
    /// Its candidates (empty: the puzzle has no solution).
    pub candidates: Candidates,
}

/// A move on a [`Puzzle`]: write `value` in the empty `cell`.
///
/// ```
/// use sudoku_core::{Cell, Fill};
/// let fill = Fill { cell: Cell::new(3), value: 7 };
/// assert_eq!((fill.cell.index(), fill.value), (3, 7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fill {
    /// The cell.
    pub cell: Cell,
    /// The value, 1..=N.
    pub value: u8,
}

/// A move refused by [`Puzzle::play`] (the puzzle is unchanged) or [`Puzzle::check`]; it
/// names the cell as `r1c2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PlayError {
    /// The cell is not in the grid.
    #[error("cannot place {value} in cell {}: the grid has cells 0 to {}", .cell.index(), .cells - 1)]
    NoSuchCell {
        /// The cell given.
        cell: Cell,
        /// The value given.
        value: u8,
        /// The number of cells of the grid.
        cells: usize,
    },
    /// The cell is not empty.
    #[error("cannot place {value} in {at}: the cell is filled")]
    Filled {
        /// The cell.
        cell: Cell,
        /// The value given.
        value: u8,
        /// The cell for people (`r1c2`).
        at: CellDisplay,
    },
    /// The value is not a candidate: out of 1..=N or seen by a peer.
    #[error("cannot place {value} in {at}: not a candidate")]
    NotCandidate {
        /// The cell.
        cell: Cell,
        /// The value given.
        value: u8,
        /// The cell for people (`r1c2`).
        at: CellDisplay,
    },
}

impl PlayError {
    /// The cell of the refused move.
    ///
    /// ```
    /// use sudoku_core::{Cell, Fill, Puzzle};
    /// let puzzle = Puzzle::classic("1...............".parse()?)?;
    /// let err = puzzle.check(Fill { cell: Cell::new(0), value: 2 }).unwrap_err();
    /// assert_eq!(err.cell(), Cell::new(0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cell(&self) -> Cell {
        match *self {
            PlayError::NoSuchCell { cell, .. }
            | PlayError::Filled { cell, .. }
            | PlayError::NotCandidate { cell, .. } => cell,
        }
    }
}

impl Puzzle {
    /// Validates `grid` against `geometry`.
    ///
    /// ```
    /// use sudoku_core::{Geometry, Puzzle, PuzzleError, Shape, Variant};
    ///
    /// let x = Geometry::new(Shape::new(2, 2)?, &Variant::x())?;
    /// assert!(Puzzle::new("1...............".parse()?, x.clone()).is_ok());
    /// let err = Puzzle::new("1.........1.....".parse()?, x).unwrap_err();
    /// assert_eq!(err.to_string(), "value 1 twice in the main diagonal: r1c1 and r3c3");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PuzzleError::Shape`] or [`PuzzleError::Cells`] if the grid is not of the geometry's
    /// shape, [`PuzzleError::Clash`] if a value repeats in a house.
    pub fn new(grid: Grid, geometry: impl Into<Arc<Geometry>>) -> Result<Puzzle, PuzzleError> {
        let geometry = geometry.into();
        if grid.shape() != geometry.shape() {
            return Err(PuzzleError::Shape {
                grid: grid.shape(),
                rules: geometry.shape(),
            });
        }
        if grid.cells().len() != geometry.cell_count() {
            return Err(PuzzleError::Cells {
                grid: grid.cells().len(),
                rules: geometry.cell_count(),
            });
        }
        if let Some((h, first, second)) = geometry.find_clash(grid.cells()) {
            return Err(PuzzleError::Clash {
                house: geometry.house_kind(h),
                value: grid.get(first.index()),
                first,
                second,
                first_at: geometry.display_cell(first),
                second_at: geometry.display_cell(second),
            });
        }
        Ok(Puzzle { geometry, grid })
    }

    /// Validates `grid` against the classic rules of its shape.
    ///
    /// ```
    /// use sudoku_core::{Puzzle, Shape};
    /// let puzzle = Puzzle::classic("1...............".parse()?)?;
    /// assert_eq!(puzzle.geometry().shape(), Shape::new(2, 2)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PuzzleError::Clash`] if a value repeats in a row, column or box.
    pub fn classic(grid: Grid) -> Result<Puzzle, PuzzleError> {
        let geo = Geometry::classic(grid.shape());
        Puzzle::new(grid, geo)
    }

    /// The grid.
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// let puzzle = Puzzle::classic("1...............".parse()?)?;
    /// assert_eq!(puzzle.grid().given_count(), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The cells (row-major, 0 empty).
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// let puzzle = Puzzle::classic("1...............".parse()?)?;
    /// assert_eq!(&puzzle.cells()[..2], &[1, 0]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cells(&self) -> &[u8] {
        self.grid.cells()
    }

    /// The geometry, shared (it derefs to [`Geometry`]).
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// let puzzle = Puzzle::classic("1...............".parse()?)?;
    /// assert_eq!(puzzle.geometry().house_count(), 12);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Consumes the puzzle into its grid.
    ///
    /// ```
    /// use sudoku_core::{Grid, Puzzle};
    /// let grid: Grid = "1...............".parse()?;
    /// assert_eq!(Puzzle::classic(grid.clone())?.into_grid(), grid);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// The candidates of one cell (empty for a filled cell or a cell outside the grid).
    ///
    /// ```
    /// use sudoku_core::{Cell, Puzzle};
    /// let puzzle = Puzzle::classic("1...............".parse()?)?;
    /// assert_eq!(puzzle.candidates(Cell::new(1)).to_string(), "{2,3,4}");
    /// assert!(puzzle.candidates(Cell::new(0)).is_empty());
    /// assert!(puzzle.candidates(Cell::new(16)).is_empty());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn candidates(&self, cell: Cell) -> Candidates {
        if cell.index() >= self.grid.cells().len() {
            return Candidates::EMPTY;
        }
        self.geometry.candidates_of(self.grid.cells(), cell)
    }

    /// The candidates of every cell (empty for the filled ones).
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// let puzzle = Puzzle::classic("1...............".parse()?)?;
    /// let all = puzzle.all_candidates();
    /// assert_eq!((all.len(), all[15].len()), (16, 4));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn all_candidates(&self) -> Vec<Candidates> {
        self.geometry.candidates(self.grid.cells())
    }

    /// The "Aide": the empty cell with the fewest candidates (the first in row-major order
    /// among equals) with its place and its candidates, or `None` if the grid is full.
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// let puzzle = Puzzle::classic("123.............".parse()?)?;
    /// let aide = puzzle.fewest_candidates().expect("an empty cell");
    /// assert_eq!((aide.row, aide.col, aide.candidates.to_string()), (0, 3, "{4}".to_string()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn fewest_candidates(&self) -> Option<CellCandidates> {
        let cands = self.all_candidates();
        let shape = self.grid.shape();
        let layout = self.geometry.layout();
        (0..cands.len())
            .map(Cell::new)
            .filter(|&c| self.grid.get(c.index()) == 0)
            .min_by_key(|&c| (cands[c.index()].len(), c))
            .map(|cell| {
                let (row, col) = match layout {
                    Some(l) => l.position(cell),
                    None => (shape.row_of(cell), shape.col_of(cell)),
                };
                CellCandidates {
                    cell,
                    row,
                    col,
                    candidates: cands[cell.index()],
                }
            })
    }

    /// Whether no move is left: every cell is filled (the puzzle is solved: a [`Puzzle`]
    /// never holds a value twice in a house), or no empty cell has a candidate (a dead end,
    /// from a wrong value played earlier). [`Grid::is_complete`] on [`grid`](Self::grid)
    /// tells the two apart.
    ///
    /// ```
    /// use sudoku_core::{Fill, Puzzle, Shape};
    ///
    /// let mut puzzle = Puzzle::classic("123434122143432.".parse()?)?;
    /// assert!(!puzzle.is_over());
    /// puzzle.play(Fill { cell: Shape::new(2, 2)?.cell(3, 3), value: 1 })?;
    /// assert!(puzzle.is_over() && puzzle.grid().is_complete());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_over(&self) -> bool {
        let cells = self.grid.cells();
        (0..cells.len())
            .all(|c| cells[c] != 0 || self.geometry.candidates_of(cells, Cell::new(c)).is_empty())
    }

    /// Would [`play`](Self::play) accept `fill`, and if not, why?
    ///
    /// ```
    /// use sudoku_core::{Cell, Fill, PlayError, Puzzle};
    ///
    /// let puzzle = Puzzle::classic("1...............".parse()?)?;
    /// assert!(puzzle.check(Fill { cell: Cell::new(1), value: 2 }).is_ok());
    /// let filled = puzzle.check(Fill { cell: Cell::new(0), value: 2 }).unwrap_err();
    /// assert_eq!(filled.to_string(), "cannot place 2 in r1c1: the cell is filled");
    /// let outside = puzzle.check(Fill { cell: Cell::new(16), value: 2 }).unwrap_err();
    /// assert!(matches!(outside, PlayError::NoSuchCell { cells: 16, .. }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`PlayError`] if the cell is not in the grid, is filled, or the value is not one of
    /// its candidates.
    pub fn check(&self, fill: Fill) -> Result<(), PlayError> {
        let Fill { cell, value } = fill;
        let cells = self.grid.cells().len();
        if cell.index() >= cells {
            return Err(PlayError::NoSuchCell { cell, value, cells });
        }
        let at = self.geometry.display_cell(cell);
        if self.grid.get(cell.index()) != 0 {
            Err(PlayError::Filled { cell, value, at })
        } else if !self.candidates(cell).contains(value) {
            Err(PlayError::NotCandidate { cell, value, at })
        } else {
            Ok(())
        }
    }

    /// `check(fill).is_ok()`.
    ///
    /// ```
    /// use sudoku_core::{Cell, Fill, Puzzle};
    /// let puzzle = Puzzle::classic("1...............".parse()?)?;
    /// assert!(puzzle.is_legal(Fill { cell: Cell::new(1), value: 2 }));
    /// assert!(!puzzle.is_legal(Fill { cell: Cell::new(1), value: 1 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_legal(&self, fill: Fill) -> bool {
        self.check(fill).is_ok()
    }

    /// Every legal move: each empty cell with each of its candidates, in row-major order of
    /// the cells, then increasing values. Empty exactly when [`is_over`](Self::is_over).
    ///
    /// ```
    /// use sudoku_core::{Cell, Fill, Puzzle};
    /// let puzzle = Puzzle::classic("123434122143432.".parse()?)?;
    /// assert_eq!(puzzle.legal_moves(), vec![Fill { cell: Cell::new(15), value: 1 }]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn legal_moves(&self) -> Vec<Fill> {
        let cands = self.all_candidates();
        let mut moves = Vec::with_capacity(cands.iter().map(|c| c.len()).sum());
        for (c, set) in cands.iter().enumerate() {
            moves.extend(set.iter().map(|value| Fill {
                cell: Cell::new(c),
                value,
            }));
        }
        moves
    }

    /// Plays `fill`: writes the value in the empty cell if it is one of its candidates.
    ///
    /// ```
    /// use sudoku_core::{Cell, Fill, Puzzle};
    /// let mut puzzle = Puzzle::classic("1...............".parse()?)?;
    /// puzzle.play(Fill { cell: Cell::new(1), value: 2 })?;
    /// assert_eq!(puzzle.grid().get(1), 2);
    /// let before = puzzle.clone();
    /// assert!(puzzle.play(Fill { cell: Cell::new(2), value: 2 }).is_err());
    /// assert_eq!(puzzle, before);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`check`](Self::check); the puzzle is then unchanged.
    pub fn play(&mut self, fill: Fill) -> Result<(), PlayError> {
        self.check(fill)?;
        self.grid
            .set(fill.cell.index(), fill.value)
            .unwrap_or_else(|_| unreachable!("a candidate fits the grid"));
        Ok(())
    }

    /// A solver for this puzzle's geometry (build one and reuse it for many puzzles).
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// let puzzle = Puzzle::classic("1...............".parse()?)?;
    /// assert!(puzzle.solver().solve(puzzle.grid())?.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn solver(&self) -> Solver {
        Solver::new(self.geometry.clone())
    }

    /// The first solution (convenience: builds a solver each call).
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// let puzzle = Puzzle::classic("123434122143432.".parse()?)?;
    /// assert_eq!(puzzle.solve()?.expect("solvable").get(15), 1);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// Never interrupted (no budget); see [`Solver::solve`].
    pub fn solve(&self) -> Result<Option<Grid>, SolveError> {
        self.solver().solve(&self.grid)
    }

    /// The number of solutions up to `limit` (convenience: builds a solver each call).
    ///
    /// ```
    /// use sudoku_core::{Count, Puzzle};
    /// let puzzle = Puzzle::classic("1...............".parse()?)?;
    /// assert_eq!(puzzle.count_solutions(u64::MAX)?, Count::Exact(72));
    /// assert_eq!(puzzle.count_solutions(10)?, Count::AtLeast(10));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// See [`Solver::count`].
    pub fn count_solutions(&self, limit: u64) -> Result<Count, SolveError> {
        self.solver().count(&self.grid, limit)
    }
}

impl GameState for Puzzle {
    type Move = Fill;
    type Player = ();
    type Report = ();
    type Error = PlayError;

    /// `[()]` while a move is left, none once [`Puzzle::is_over`].
    fn to_act(&self) -> Vec<()> {
        if Puzzle::is_over(self) {
            Vec::new()
        } else {
            vec![()]
        }
    }

    fn is_over(&self) -> bool {
        Puzzle::is_over(self)
    }

    fn legal_moves(&self) -> Vec<Fill> {
        Puzzle::legal_moves(self)
    }

    fn check(&self, m: Fill) -> Result<(), PlayError> {
        Puzzle::check(self, m)
    }

    fn is_legal(&self, m: Fill) -> bool {
        Puzzle::is_legal(self, m)
    }

    fn play(&mut self, m: Fill) -> Result<(), PlayError> {
        Puzzle::play(self, m)
    }
}

impl fmt::Debug for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Puzzle({:?}, {:?})", self.geometry.variant(), self.grid)
    }
}

impl fmt::Display for Puzzle {
    /// As the grid: one-line, or the framed ASCII grid with `{:#}`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.grid, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_checked() {
        let mut p = Puzzle::classic("1...............".parse().unwrap()).unwrap();
        let before = p.clone();
        let fill = |cell, value| Fill {
            cell: Cell::new(cell),
            value,
        };
        let e = p.play(fill(1, 1)).unwrap_err();
        assert!(matches!(e, PlayError::NotCandidate { value: 1, .. }));
        assert_eq!(e.to_string(), "cannot place 1 in r1c2: not a candidate");
        assert_eq!(p, before, "unchanged on error");
        assert!(matches!(
            p.check(fill(0, 2)).unwrap_err(),
            PlayError::Filled { .. }
        ));
        let outside = p.check(fill(16, 2)).unwrap_err();
        assert!(matches!(outside, PlayError::NoSuchCell { cells: 16, .. }));
        assert_eq!(
            outside.to_string(),
            "cannot place 2 in cell 16: the grid has cells 0 to 15"
        );
        assert!(!p.is_legal(fill(1, 5)) && p.is_legal(fill(1, 2)));
        let legal = p.legal_moves();
        assert!(legal.iter().all(|&m| p.is_legal(m)));
        assert_eq!(legal.len(), 3 * 3 + 3 * 3 + 3 + 8 * 4); // row 1, column 1, box 1, the rest
        p.play(fill(1, 2)).unwrap();
        assert_eq!(p.grid().get(1), 2);
    }

    #[test]
    fn clash_names_cells() {
        let g: Grid = "1.......1.......".parse().unwrap();
        let e = Puzzle::classic(g).unwrap_err();
        let shape = Shape::new(2, 2).unwrap();
        assert_eq!(
            e,
            PuzzleError::Clash {
                house: HouseKind::Column(0),
                value: 1,
                first: shape.cell(0, 0),
                second: shape.cell(2, 0),
                first_at: shape.cell(0, 0).display(shape),
                second_at: shape.cell(2, 0).display(shape),
            }
        );
        assert_eq!(e.to_string(), "value 1 twice in column 1: r1c1 and r3c1");
    }
}
