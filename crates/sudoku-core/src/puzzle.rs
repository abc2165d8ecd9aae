//! [`Puzzle`]: a grid validated against a geometry (no symbol twice in a house), with
//! candidates, the "Aide" hint and checked placement.

use core::fmt;
use std::sync::Arc;

use crate::geometry::{Geometry, HouseKind};
use crate::grid::{Candidates, Grid};
use crate::shape::Shape;
use crate::solve::{SolveError, Solver};

/// A grid whose givens obey the houses of its geometry.
///
/// ```
/// use sudoku_core::{Grid, Puzzle, PuzzleError};
///
/// let grid: Grid = "1--4--7-94--7------8-----6-21------63----5-7---817-3----59-2-3-87--3-5----2-8----".parse()?;
/// let puzzle = Puzzle::classic(grid)?;
/// let hint = puzzle.hint().expect("an empty cell");
/// assert_eq!((hint.row, hint.col), (6, 0));
/// assert_eq!(hint.candidates.to_string(), "{6}");
/// assert_eq!(puzzle.solve()?.expect("solvable").get(54), 6);
///
/// // A given repeated in a house is an error that names both cells.
/// let bad: Grid = "11..............".parse()?;
/// assert!(matches!(Puzzle::classic(bad), Err(PuzzleError::Clash { value: 1, .. })));
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
    /// The grid's shape is not the geometry's.
    #[error("grid of shape {grid} for rules of shape {rules}")]
    Shape {
        /// Shape of the grid.
        grid: Shape,
        /// Shape of the geometry.
        rules: Shape,
    },
    /// Two cells of a house hold the same value.
    #[error("value {value} twice in {house:?}: row {}, column {} and row {}, column {}", .first.0 + 1, .first.1 + 1, .second.0 + 1, .second.1 + 1)]
    Clash {
        /// The house.
        house: HouseKind,
        /// The value repeated.
        value: u8,
        /// (row, column) of the first cell, 0-based.
        first: (usize, usize),
        /// (row, column) of the second cell, 0-based.
        second: (usize, usize),
    },
}

/// Seed 001's "Aide": an empty cell and the values it can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hint {
    /// The cell index.
    pub cell: usize,
    /// Its row (0-based).
    pub row: usize,
    /// Its column (0-based).
    pub col: usize,
    /// Its candidates (empty: the puzzle has no solution).
    pub candidates: Candidates,
}

/// A placement refused by [`Puzzle::place`], with the puzzle handed back unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot place {value} in cell {cell}: {reason}")]
pub struct PlaceError {
    /// The cell.
    pub cell: usize,
    /// The value.
    pub value: u8,
    /// Why.
    pub reason: PlaceErrorKind,
    /// The puzzle, unchanged.
    pub puzzle: Box<Puzzle>,
}

/// Why a placement is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PlaceErrorKind {
    /// The cell index is out of range.
    #[error("no such cell")]
    NoSuchCell,
    /// The cell is not empty.
    #[error("the cell is filled")]
    Filled,
    /// The value is not a candidate (out of range or seen by a peer).
    #[error("not a candidate")]
    NotCandidate,
}

impl Puzzle {
    /// Validates `grid` against `geometry`.
    ///
    /// # Errors
    /// [`PuzzleError::Shape`] if the shapes differ, [`PuzzleError::Clash`] if a value repeats
    /// in a house.
    pub fn new(grid: Grid, geometry: impl Into<Arc<Geometry>>) -> Result<Puzzle, PuzzleError> {
        let geometry = geometry.into();
        if grid.shape() != geometry.shape() {
            return Err(PuzzleError::Shape {
                grid: grid.shape(),
                rules: geometry.shape(),
            });
        }
        if let Some((h, a, b)) = geometry.find_clash(grid.cells()) {
            let s = grid.shape();
            return Err(PuzzleError::Clash {
                house: geometry.house_kind(h),
                value: grid.get(a),
                first: (s.row_of(a), s.col_of(a)),
                second: (s.row_of(b), s.col_of(b)),
            });
        }
        Ok(Puzzle { geometry, grid })
    }

    /// Validates `grid` against the classic rules of its shape.
    ///
    /// # Errors
    /// [`PuzzleError::Clash`] if a value repeats in a row, column or box.
    pub fn classic(grid: Grid) -> Result<Puzzle, PuzzleError> {
        let geo = Geometry::classic(grid.shape());
        Puzzle::new(grid, geo)
    }

    /// The grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The cells (row-major, 0 empty).
    pub fn cells(&self) -> &[u8] {
        self.grid.cells()
    }

    /// The geometry.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The shared geometry.
    pub fn geometry_arc(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Consumes the puzzle into its grid.
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// The candidates of one cell (empty for a filled cell).
    ///
    /// # Panics
    /// If `cell >= N×N`.
    pub fn candidates(&self, cell: usize) -> Candidates {
        self.geometry.candidates_of(self.grid.cells(), cell)
    }

    /// The candidates of every cell.
    pub fn all_candidates(&self) -> Vec<Candidates> {
        self.geometry.candidates(self.grid.cells())
    }

    /// The "Aide" hint: the empty cell with the fewest candidates (the first in row-major
    /// order among equals), or `None` if the grid is full.
    pub fn hint(&self) -> Option<Hint> {
        let cands = self.all_candidates();
        let shape = self.grid.shape();
        (0..cands.len())
            .filter(|&c| self.grid.get(c) == 0)
            .min_by_key(|&c| (cands[c].len(), c))
            .map(|cell| Hint {
                cell,
                row: shape.row_of(cell),
                col: shape.col_of(cell),
                candidates: cands[cell],
            })
    }

    /// Places `value` in the empty `cell` if it is a candidate there.
    ///
    /// # Errors
    /// [`PlaceError`] (holding the unchanged puzzle) if the cell does not exist, is filled, or
    /// `value` is not one of its candidates.
    pub fn place(mut self, cell: usize, value: u8) -> Result<Puzzle, PlaceError> {
        let reason = if cell >= self.grid.cells().len() {
            Some(PlaceErrorKind::NoSuchCell)
        } else if self.grid.get(cell) != 0 {
            Some(PlaceErrorKind::Filled)
        } else if !self.candidates(cell).contains(value) {
            Some(PlaceErrorKind::NotCandidate)
        } else {
            None
        };
        match reason {
            Some(reason) => Err(PlaceError {
                cell,
                value,
                reason,
                puzzle: Box::new(self),
            }),
            None => {
                self.grid.set(cell, value).unwrap_or_else(|_| unreachable!());
                Ok(self)
            }
        }
    }

    /// A solver for this puzzle's geometry (build one and reuse it for many puzzles).
    pub fn solver(&self) -> Solver {
        Solver::new(self.geometry.clone())
    }

    /// The first solution (convenience: builds a solver each call).
    ///
    /// # Errors
    /// Never interrupted (no budget); see [`Solver::solve`].
    pub fn solve(&self) -> Result<Option<Grid>, SolveError> {
        self.solver().solve(&self.grid)
    }

    /// The number of solutions up to `limit` (convenience: builds a solver each call).
    ///
    /// # Errors
    /// See [`Solver::count`].
    pub fn count_solutions(&self, limit: u64) -> Result<u64, SolveError> {
        self.solver().count(&self.grid, limit)
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
    fn place_checks() {
        let p = Puzzle::classic("1...............".parse().unwrap()).unwrap();
        let e = p.clone().place(1, 1).unwrap_err();
        assert_eq!(e.reason, PlaceErrorKind::NotCandidate);
        assert_eq!(*e.puzzle, p);
        assert_eq!(p.clone().place(0, 2).unwrap_err().reason, PlaceErrorKind::Filled);
        assert_eq!(p.clone().place(16, 2).unwrap_err().reason, PlaceErrorKind::NoSuchCell);
        let q = p.place(1, 2).unwrap();
        assert_eq!(q.grid().get(1), 2);
    }

    #[test]
    fn clash_names_cells() {
        let g: Grid = "1.......1.......".parse().unwrap();
        let e = Puzzle::classic(g).unwrap_err();
        assert_eq!(
            e,
            PuzzleError::Clash {
                house: HouseKind::Column(0),
                value: 1,
                first: (0, 0),
                second: (2, 0)
            }
        );
        assert_eq!(
            e.to_string(),
            "value 1 twice in Column(0): row 1, column 1 and row 3, column 1"
        );
    }
}
