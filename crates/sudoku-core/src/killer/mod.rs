//! Killer sudoku: cages of cells whose values are distinct and add up to a given sum, on top
//! of the houses of any [`Geometry`] up to 16×16 (classic, X, jigsaw…), with or without
//! givens.
//!
//! Killer sudoku ("Killer Su Doku", the "samunamupure" of the French Wikipedia article on
//! Sudoku) keeps every rule of the grid and adds the cages. Data flows as everywhere in this
//! crate: text → [`KillerGrid`] (plain data: the cages and the givens) →
//! [`KillerPuzzle`] (checked against a geometry by [`KillerPuzzle::new`]) →
//! [`KillerSolver`] (first solution, count up to a limit, budget, cancel flag) → a
//! [`Grid`]. [`KillerGenerator`] makes puzzles with a unique solution and no givens.
//!
//! ```
//! use sudoku_core::killer::{KillerGrid, KillerPuzzle, KillerSolver};
//!
//! // The cages of a 4×4 grid, one a line ("SUM: r1c1 r1c2 …"), in the killer cages format;
//! // a grid other than 9×9 says its side by its `givens:` line.
//! let text = "\
//! 8: r1c1 r1c2 r2c2
//! 7: r1c3 r1c4 r2c3
//! 7: r2c1 r3c1 r4c1
//! 6: r2c4 r3c4 r4c4
//! 7: r3c2 r3c3
//! 5: r4c2 r4c3
//! givens: ................
//! ";
//! let grid: KillerGrid = text.parse()?;
//! assert_eq!(grid.to_string(), text);
//! let puzzle = KillerPuzzle::classic(grid)?;
//! let mut solver = KillerSolver::new();
//! let solution = solver.solve(&puzzle)?.expect("a solution");
//! assert_eq!(solution.to_string(), "3124241313424231");
//! assert!(puzzle.is_solution(&solution));
//! assert_eq!(solver.count(&puzzle, 10)?, sudoku_core::Count::Exact(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Solving
//!
//! Dancing links alone does not express sums, so the killer solver is a depth-first search
//! with propagation: each cell keeps its candidates; a placed value leaves its peers and its
//! cage; a value with one place left in a house is placed; and each cage keeps only the
//! digit sets that add up to its sum ([`combinations`]), contain its placed values and fit
//! its open cells, which leaves each open cell the values of those sets and places a value
//! every set needs when one cell can hold it. The search branches on a cell with the fewest
//! candidates.
//!
//! # Text
//!
//! [`KillerGrid`]'s [`FromStr`](core::str::FromStr) and [`Display`](core::fmt::Display) are
//! the killer cages format (see [`format`](mod@format)); [`format::ascii`] and
//! [`format::latex`] draw a puzzle for people.

mod cage;
pub mod format;
mod generate;
mod search;

use std::sync::Arc;

pub use cage::{Cage, combinations, sum_bounds};
pub use generate::{GenerateKillerError, GeneratedKiller, KillerGenerator};
pub use search::KillerSolver;

use crate::cell::Cell;
use crate::geometry::{Geometry, HouseKind};
use crate::grid::Grid;
use crate::shape::Shape;

/// The largest side of a killer puzzle: [`KillerPuzzle::MAX_SIZE`].
const MAX_KILLER_SIZE: usize = KillerPuzzle::MAX_SIZE;

/// A killer sudoku as written: the cages and the givens (plain data, not checked).
///
/// Its text form ([`FromStr`](core::str::FromStr), [`Display`](core::fmt::Display)) is the
/// killer cages format of 9×9 grids, and of other sides when a `givens:` line gives the
/// side; see [`format`](mod@format). [`KillerPuzzle::new`] checks it against a geometry.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct KillerGrid {
    /// The cages, in the order written. Read with serde, at most [`KillerGrid::MAX_CAGES`]
    /// (the 257th is refused before the rest is read), as the text reader does.
    #[cfg_attr(feature = "serde", serde(deserialize_with = "cage::capped::cages"))]
    pub cages: Vec<Cage>,
    /// The givens (an empty grid when there are none); its shape is the puzzle's.
    pub givens: Grid,
}

impl KillerGrid {
    /// The longest text of one puzzle in the killer cages format, in bytes (16 KiB: a 16×16
    /// grid cut in 256 single-cell cages takes about 3 KiB); a longer text is refused before
    /// it is read.
    ///
    /// ```
    /// use sudoku_core::killer::KillerGrid;
    /// let long = "3: r1c1\n".repeat(KillerGrid::MAX_TEXT_LEN / 8 + 1);
    /// assert!(long.parse::<KillerGrid>().unwrap_err().to_string().contains("more than the 16384 allowed"));
    /// ```
    pub const MAX_TEXT_LEN: usize = 16 * 1024;

    /// The most cage lines of one puzzle (one a cell of the largest killer grid, 16×16),
    /// and the most cages its serde form reads.
    ///
    /// ```
    /// use sudoku_core::killer::KillerGrid;
    /// let many = "3: r1c1\n".repeat(KillerGrid::MAX_CAGES + 1);
    /// assert!(many.parse::<KillerGrid>().unwrap_err().to_string().contains("more than 256 cages"));
    /// ```
    pub const MAX_CAGES: usize = 256;

    /// Cages without givens on a grid of `shape`.
    ///
    /// ```
    /// use sudoku_core::killer::{Cage, KillerGrid};
    /// use sudoku_core::{Cell, Shape};
    /// let grid = KillerGrid::new(Shape::CLASSIC, vec![Cage::new(3, [Cell::new(0), Cell::new(1)])]);
    /// assert_eq!((grid.cages.len(), grid.givens.given_count()), (1, 0));
    /// ```
    pub fn new(shape: Shape, cages: Vec<Cage>) -> KillerGrid {
        KillerGrid {
            cages,
            givens: Grid::empty(shape),
        }
    }

    /// The shape (that of the givens).
    pub fn shape(&self) -> Shape {
        self.givens.shape()
    }
}

/// Why a [`KillerGrid`] is no valid killer puzzle for a geometry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum KillerError {
    /// The givens are of another shape than the geometry.
    #[error("givens of shape {grid} for a geometry of shape {geometry}")]
    Shape {
        /// Shape of the givens.
        grid: Shape,
        /// Shape of the geometry.
        geometry: Shape,
    },
    /// The side is beyond [`KillerPuzzle::MAX_SIZE`].
    #[error("side {size} is beyond the {MAX_KILLER_SIZE} a killer puzzle may have")]
    TooLarge {
        /// The side.
        size: usize,
    },
    /// A cage without cells.
    #[error("cage {cage} has no cell")]
    EmptyCage {
        /// The cage (0-based, in the order written).
        cage: usize,
    },
    /// A cell outside the grid.
    #[error("cage {cage}: cell index {index} is outside the grid of {cells} cells")]
    CellOutOfRange {
        /// The cage (0-based).
        cage: usize,
        /// The cell's index.
        index: usize,
        /// The number of cells of the grid.
        cells: usize,
    },
    /// A cell in two cages, or twice in one.
    #[error("cell {cell} is in cage {first} and again in cage {second}")]
    CellTwice {
        /// The cell, as `r3c1`.
        cell: String,
        /// The first cage holding it (0-based).
        first: usize,
        /// The cage holding it again.
        second: usize,
    },
    /// No set of distinct values of the grid makes the sum in that many cells.
    #[error("cage {cage}: {size} distinct values of 1..={n} cannot add up to {sum}")]
    ImpossibleSum {
        /// The cage (0-based).
        cage: usize,
        /// Its sum.
        sum: u16,
        /// Its number of cells.
        size: usize,
        /// The side of the grid.
        n: usize,
    },
    /// Two givens of a house hold the same value.
    #[error("givens {first} and {second} hold the same value in {house}")]
    GivenClash {
        /// The house.
        house: HouseKind,
        /// The first cell, as `r3c1`.
        first: String,
        /// The second cell.
        second: String,
    },
    /// The givens of a cage repeat a value or fit no digit set of its sum.
    #[error("cage {cage}: its givens fit no set of distinct values adding up to {sum}")]
    CageGivens {
        /// The cage (0-based).
        cage: usize,
        /// Its sum.
        sum: u16,
    },
}

/// A cell's place in no cage.
const NO_CAGE: u16 = u16::MAX;

/// A killer puzzle checked against its geometry: cages of distinct cells inside the grid,
/// each in one cage at most, with sums their sizes can make; givens without clash. Cells
/// in no cage are allowed (they follow the houses only).
///
/// ```
/// use sudoku_core::killer::{Cage, KillerError, KillerGrid, KillerPuzzle};
/// use sudoku_core::{Cell, Shape};
///
/// let bad = KillerGrid::new(Shape::CLASSIC, vec![Cage::new(18, [Cell::new(0), Cell::new(1)])]);
/// assert!(matches!(KillerPuzzle::classic(bad), Err(KillerError::ImpossibleSum { cage: 0, .. })));
/// ```
#[derive(Clone, Debug)]
pub struct KillerPuzzle {
    grid: KillerGrid,
    geometry: Arc<Geometry>,
    /// Each cell's cage (`NO_CAGE`: none).
    cage_of: Vec<u16>,
    /// Each cage's digit sets, as bit masks.
    combos: Vec<Vec<u32>>,
}

impl KillerPuzzle {
    /// The largest side a killer puzzle may have: cages of up to 16 cells keep their digit
    /// combinations small (at most 12,870 a cage).
    ///
    /// ```
    /// use sudoku_core::killer::{KillerError, KillerGrid, KillerPuzzle};
    /// use sudoku_core::Shape;
    /// let big = KillerGrid::new(Shape::new(5, 5)?, vec![]);
    /// assert_eq!(KillerPuzzle::classic(big).unwrap_err(), KillerError::TooLarge { size: 25 });
    /// assert_eq!(KillerPuzzle::MAX_SIZE, 16);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const MAX_SIZE: usize = 16;

    /// Checks `grid` against `geometry`.
    ///
    /// # Errors
    /// [`KillerError`] saying which cage, cell or house is wrong.
    pub fn new(
        grid: KillerGrid,
        geometry: impl Into<Arc<Geometry>>,
    ) -> Result<KillerPuzzle, KillerError> {
        let geometry = geometry.into();
        let shape = geometry.shape();
        if grid.shape() != shape {
            return Err(KillerError::Shape {
                grid: grid.shape(),
                geometry: shape,
            });
        }
        let n = shape.size();
        if n > MAX_KILLER_SIZE {
            return Err(KillerError::TooLarge { size: n });
        }
        let cells = n * n;
        let mut cage_of = vec![NO_CAGE; cells];
        let mut combos = Vec::with_capacity(grid.cages.len());
        for (k, cage) in grid.cages.iter().enumerate() {
            if cage.cells.is_empty() {
                return Err(KillerError::EmptyCage { cage: k });
            }
            for &c in &cage.cells {
                if c.index() >= cells {
                    return Err(KillerError::CellOutOfRange {
                        cage: k,
                        index: c.index(),
                        cells,
                    });
                }
                let first = cage_of[c.index()];
                if first != NO_CAGE {
                    return Err(KillerError::CellTwice {
                        cell: c.display(shape).to_string(),
                        first: usize::from(first),
                        second: k,
                    });
                }
                cage_of[c.index()] = k as u16;
            }
            let sets = combinations(n, cage.cells.len(), u32::from(cage.sum));
            if sets.is_empty() {
                return Err(KillerError::ImpossibleSum {
                    cage: k,
                    sum: cage.sum,
                    size: cage.cells.len(),
                    n,
                });
            }
            combos.push(sets);
        }
        let givens = grid.givens.cells();
        if let Some((house, a, b)) = geometry.find_clash(givens) {
            return Err(KillerError::GivenClash {
                house: geometry.house_kind(house),
                first: a.display(shape).to_string(),
                second: b.display(shape).to_string(),
            });
        }
        for (k, cage) in grid.cages.iter().enumerate() {
            let mut placed = 0u32;
            let mut repeat = false;
            for &c in &cage.cells {
                let v = givens[c.index()];
                if v != 0 {
                    repeat |= placed & 1 << (v - 1) != 0;
                    placed |= 1 << (v - 1);
                }
            }
            if repeat || !combos[k].iter().any(|&m| m & placed == placed) {
                return Err(KillerError::CageGivens {
                    cage: k,
                    sum: cage.sum,
                });
            }
        }
        Ok(KillerPuzzle {
            grid,
            geometry,
            cage_of,
            combos,
        })
    }

    /// Checks `grid` against the classic rules of its shape.
    ///
    /// # Errors
    /// As [`KillerPuzzle::new`].
    pub fn classic(grid: KillerGrid) -> Result<KillerPuzzle, KillerError> {
        let geometry = Geometry::classic(grid.shape());
        KillerPuzzle::new(grid, geometry)
    }

    /// The cages and givens.
    pub fn grid(&self) -> &KillerGrid {
        &self.grid
    }

    /// The cages.
    pub fn cages(&self) -> &[Cage] {
        &self.grid.cages
    }

    /// The givens.
    pub fn givens(&self) -> &Grid {
        &self.grid.givens
    }

    /// The geometry (the houses besides the cages).
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// The plain data back.
    pub fn into_grid(self) -> KillerGrid {
        self.grid
    }

    /// The cage holding `cell` (its index in [`cages`](Self::cages)), if any.
    pub fn cage_of(&self, cell: Cell) -> Option<usize> {
        self.cage_of
            .get(cell.index())
            .filter(|&&k| k != NO_CAGE)
            .map(|&k| usize::from(k))
    }

    /// The digit sets cage `cage` may hold (bit masks, bit `v - 1` for value `v`); empty for
    /// an index beyond the cages.
    pub fn combinations(&self, cage: usize) -> &[u32] {
        self.combos.get(cage).map_or(&[], Vec::as_slice)
    }

    /// Is `solution` a complete grid of this puzzle's shape that keeps the givens, fills
    /// every house of the geometry once with each value, and gives every cage distinct
    /// values adding up to its sum?
    pub fn is_solution(&self, solution: &Grid) -> bool {
        let cells = solution.cells();
        solution.shape() == self.geometry.shape()
            && self.grid.givens.is_subset_of(solution)
            && self.geometry.is_solution(cells)
            && self.grid.cages.iter().all(|cage| {
                let mut seen = 0u32;
                let mut sum = 0u32;
                for &c in &cage.cells {
                    let v = cells[c.index()];
                    if v == 0 || seen & 1 << (v - 1) != 0 {
                        return false;
                    }
                    seen |= 1 << (v - 1);
                    sum += u32::from(v);
                }
                sum == u32::from(cage.sum)
            })
    }
}

impl core::fmt::Display for KillerPuzzle {
    /// The killer cages format, as [`KillerGrid`] prints it.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.grid.fmt(f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::variant::Variant;

    fn cells(list: &[usize]) -> Vec<Cell> {
        list.iter().map(|&i| Cell::new(i)).collect()
    }

    #[test]
    fn validation_names_the_cage_and_cell() {
        let shape = Shape::CLASSIC;
        let check = |cages: Vec<Cage>| KillerPuzzle::classic(KillerGrid::new(shape, cages));
        assert_eq!(
            check(vec![Cage::new(3, [])]).unwrap_err(),
            KillerError::EmptyCage { cage: 0 }
        );
        assert_eq!(
            check(vec![Cage::new(3, [Cell::new(81)])]).unwrap_err(),
            KillerError::CellOutOfRange {
                cage: 0,
                index: 81,
                cells: 81
            }
        );
        assert_eq!(
            check(vec![
                Cage::new(3, cells(&[0, 1])),
                Cage::new(3, cells(&[9, 1]))
            ])
            .unwrap_err(),
            KillerError::CellTwice {
                cell: "r1c2".into(),
                first: 0,
                second: 1
            }
        );
        assert_eq!(
            check(vec![Cage::new(4, cells(&[0, 0]))]).unwrap_err(),
            KillerError::CellTwice {
                cell: "r1c1".into(),
                first: 0,
                second: 0
            }
        );
        assert!(matches!(
            check(vec![Cage::new(2, cells(&[0, 1]))]),
            Err(KillerError::ImpossibleSum {
                sum: 2,
                size: 2,
                ..
            })
        ));
        assert!(matches!(
            check(vec![Cage::new(45, cells(&(0..10).collect::<Vec<_>>()))]),
            Err(KillerError::ImpossibleSum { size: 10, .. })
        ));
        assert!(check(vec![Cage::new(45, cells(&(0..9).collect::<Vec<_>>()))]).is_ok());
    }

    #[test]
    fn givens_are_checked_against_houses_and_cages() {
        let shape = Shape::CLASSIC;
        let mut grid = KillerGrid::new(shape, vec![Cage::new(4, cells(&[0, 10]))]);
        grid.givens.set(0, 2).unwrap();
        grid.givens.set(10, 2).unwrap();
        assert!(matches!(
            KillerPuzzle::classic(grid.clone()),
            Err(KillerError::GivenClash { .. })
        ));
        grid.givens.set(10, 0).unwrap();
        // 4 = 1 + 3: a 2 fits no set.
        assert_eq!(
            KillerPuzzle::classic(grid).unwrap_err(),
            KillerError::CageGivens { cage: 0, sum: 4 }
        );
        let big = KillerGrid::new(Shape::new(5, 5).unwrap(), vec![]);
        assert_eq!(
            KillerPuzzle::classic(big).unwrap_err(),
            KillerError::TooLarge { size: 25 }
        );
        let x = Geometry::new(Shape::new(2, 2).unwrap(), &Variant::x()).unwrap();
        assert!(matches!(
            KillerPuzzle::new(KillerGrid::new(shape, vec![]), x),
            Err(KillerError::Shape { .. })
        ));
    }

    #[test]
    fn is_solution_checks_cages() {
        let shape = Shape::new(2, 2).unwrap();
        let solution: Grid = "1234341221434321".parse().unwrap();
        let ok = KillerGrid::new(shape, vec![Cage::new(3, cells(&[0, 1]))]);
        let puzzle = KillerPuzzle::classic(ok).unwrap();
        assert!(puzzle.is_solution(&solution));
        assert_eq!(puzzle.cage_of(Cell::new(1)), Some(0));
        assert_eq!(puzzle.cage_of(Cell::new(2)), None);
        let wrong = KillerGrid::new(shape, vec![Cage::new(4, cells(&[0, 1]))]);
        assert!(!KillerPuzzle::classic(wrong).unwrap().is_solution(&solution));
    }
}
