//! [`Puzzle`]: a grid validated against a geometry (no symbol twice in a house), with
//! candidates, the "Aide" hint and checked moves ([`Fill`]).

use core::fmt;
use std::sync::Arc;

use crate::cell::Cell;
use crate::geometry::{Geometry, HouseKind};
use crate::grid::{Candidates, Grid};
use crate::shape::Shape;
use crate::solve::{SolveError, Solver};

/// A grid whose givens obey the houses of its geometry, played by [`Fill`] moves.
///
/// ```
/// use sudoku_core::{Fill, Grid, PlaceErrorKind, Puzzle, PuzzleError};
///
/// let grid: Grid = "1--4--7-94--7------8-----6-21------63----5-7---817-3----59-2-3-87--3-5----2-8----".parse()?;
/// let mut puzzle = Puzzle::classic(grid)?;
/// let hint = puzzle.hint().expect("an empty cell");
/// assert_eq!((hint.row, hint.col), (6, 0));
/// assert_eq!(hint.candidates.to_string(), "{6}");
/// assert_eq!(puzzle.solve()?.expect("solvable").get(54), 6);
///
/// // Moves: checked, refused without a change, played.
/// let wrong = Fill { cell: hint.cell, value: 5 };
/// assert_eq!(puzzle.check(wrong).unwrap_err().reason, PlaceErrorKind::NotCandidate);
/// assert!(puzzle.play(wrong).is_err());
/// puzzle.play(Fill { cell: hint.cell, value: 6 })?;
/// assert_eq!(puzzle.grid().get(54), 6);
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
    #[error("value {value} twice in {house}: {} and {}", .first.display(*.shape), .second.display(*.shape))]
    Clash {
        /// The house.
        house: HouseKind,
        /// The value repeated.
        value: u8,
        /// The first cell.
        first: Cell,
        /// The second cell.
        second: Cell,
        /// The shape (rows and columns of the cells).
        shape: Shape,
    },
}

/// The "Aide" of "Sudoku — Solitaire de nombres": an empty cell and the values it can take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Hint {
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Fill {
    /// The cell.
    pub cell: Cell,
    /// The value, 1..=N.
    pub value: u8,
}

/// A move refused by [`Puzzle::play`] (the puzzle is unchanged) or [`Puzzle::check`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("cannot place {value} in cell {}: {reason}", .cell.index())]
pub struct PlaceError {
    /// The cell.
    pub cell: Cell,
    /// The value.
    pub value: u8,
    /// Why.
    pub reason: PlaceErrorKind,
}

/// Why a move is refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum PlaceErrorKind {
    /// The cell is not in the grid.
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
                shape: grid.shape(),
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

    /// The geometry, shared (it derefs to [`Geometry`]).
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Consumes the puzzle into its grid.
    pub fn into_grid(self) -> Grid {
        self.grid
    }

    /// The candidates of one cell (empty for a filled cell).
    ///
    /// # Panics
    /// If `cell` is not in the grid.
    pub fn candidates(&self, cell: Cell) -> Candidates {
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
                Hint {
                    cell,
                    row,
                    col,
                    candidates: cands[cell.index()],
                }
            })
    }

    /// Would [`play`](Self::play) accept `fill`, and if not, why?
    ///
    /// # Errors
    /// [`PlaceError`] if the cell is not in the grid, is filled, or the value is not one of
    /// its candidates.
    pub fn check(&self, fill: Fill) -> Result<(), PlaceError> {
        let Fill { cell, value } = fill;
        let reason = if cell.index() >= self.grid.cells().len() {
            PlaceErrorKind::NoSuchCell
        } else if self.grid.get(cell.index()) != 0 {
            PlaceErrorKind::Filled
        } else if !self.candidates(cell).contains(value) {
            PlaceErrorKind::NotCandidate
        } else {
            return Ok(());
        };
        Err(PlaceError {
            cell,
            value,
            reason,
        })
    }

    /// `check(fill).is_ok()`.
    pub fn is_legal(&self, fill: Fill) -> bool {
        self.check(fill).is_ok()
    }

    /// Every legal move: each empty cell with each of its candidates, in row-major order of
    /// the cells, then increasing values.
    pub fn legal_moves(&self) -> impl Iterator<Item = Fill> + use<> {
        let cands = self.all_candidates();
        (0..cands.len()).flat_map(move |c| {
            cands[c].iter().map(move |value| Fill {
                cell: Cell::new(c),
                value,
            })
        })
    }

    /// Plays `fill`: writes the value in the empty cell if it is one of its candidates.
    ///
    /// # Errors
    /// As [`check`](Self::check); the puzzle is then unchanged.
    pub fn play(&mut self, fill: Fill) -> Result<(), PlaceError> {
        self.check(fill)?;
        self.grid
            .set(fill.cell.index(), fill.value)
            .unwrap_or_else(|_| unreachable!("a candidate fits the grid"));
        Ok(())
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
    fn moves_are_checked() {
        let mut p = Puzzle::classic("1...............".parse().unwrap()).unwrap();
        let before = p.clone();
        let fill = |cell, value| Fill {
            cell: Cell::new(cell),
            value,
        };
        let e = p.play(fill(1, 1)).unwrap_err();
        assert_eq!(e.reason, PlaceErrorKind::NotCandidate);
        assert_eq!(e.to_string(), "cannot place 1 in cell 1: not a candidate");
        assert_eq!(p, before, "unchanged on error");
        assert_eq!(
            p.check(fill(0, 2)).unwrap_err().reason,
            PlaceErrorKind::Filled
        );
        assert_eq!(
            p.check(fill(16, 2)).unwrap_err().reason,
            PlaceErrorKind::NoSuchCell
        );
        assert!(!p.is_legal(fill(1, 5)) && p.is_legal(fill(1, 2)));
        let legal: Vec<Fill> = p.legal_moves().collect();
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
                shape,
            }
        );
        assert_eq!(e.to_string(), "value 1 twice in column 1: r1c1 and r3c1");
    }
}
