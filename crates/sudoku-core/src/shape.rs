//! The geometry of a grid: side N = box_rows × box_cols, cell indexing, rows, columns and boxes.
//!
//! Cells ([`Cell`]) are numbered row-major from 0: cell `r * N + c` is in row `r` and column
//! `c`. A box is `box_rows` rows high and `box_cols` columns wide; there are `box_cols` bands
//! of boxes stacked vertically and `box_rows` stacks side by side (the French Wikipedia
//! article on Sudoku: "si une région est de dimensions L×C cases, la grille globale se
//! décompose en C×L régions").

use core::fmt;
use core::str::FromStr;

use crate::cell::Cell;

/// The largest supported side (25×25 grids, symbols fit a `u32` bit mask): [`Shape::MAX_SIZE`].
pub(crate) const MAX_SIZE: usize = 25;

/// The shape of a grid: its boxes are `box_rows` × `box_cols` cells and its side is their
/// product N (1 ≤ N ≤ 25).
///
/// ```
/// use sudoku_core::Shape;
///
/// let six = Shape::new(2, 3)?;
/// assert_eq!(six.size(), 6);
/// assert_eq!(six.cell_count(), 36);
/// assert_eq!(six.box_of(six.cell(3, 4)), 3);
/// assert_eq!(Shape::from_cell_count(81), Some(Shape::CLASSIC));
/// assert_eq!("2x3".parse::<Shape>()?, six);
/// # Ok::<(), sudoku_core::ShapeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "ShapeRepr", into = "ShapeRepr"))]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

#[cfg(feature = "serde")]
#[derive(serde::Serialize, serde::Deserialize)]
struct ShapeRepr {
    box_rows: u8,
    box_cols: u8,
}

#[cfg(feature = "serde")]
impl TryFrom<ShapeRepr> for Shape {
    type Error = ShapeError;
    fn try_from(r: ShapeRepr) -> Result<Self, ShapeError> {
        Shape::new(r.box_rows.into(), r.box_cols.into())
    }
}

#[cfg(feature = "serde")]
impl From<Shape> for ShapeRepr {
    fn from(s: Shape) -> Self {
        ShapeRepr {
            box_rows: s.box_rows,
            box_cols: s.box_cols,
        }
    }
}

/// A box shape that is not allowed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ShapeError {
    /// A box dimension is zero or the side N = rows × cols exceeds 25.
    #[error("box {box_rows}x{box_cols} gives a side outside 1..=25")]
    OutOfRange {
        /// Requested box height.
        box_rows: usize,
        /// Requested box width.
        box_cols: usize,
    },
    /// The text is not of the form `RxC` (e.g. `2x3`).
    #[error("box shape {text:?} is not of the form RxC")]
    Syntax {
        /// The text given (its first 40 characters and its length in bytes when longer).
        text: String,
    },
}

impl Shape {
    /// The largest side, 25 (25×25 grids, 625 cells): every reader of the crate stops at the
    /// first row or line that would make a larger grid.
    ///
    /// ```
    /// use sudoku_core::Shape;
    /// assert!(Shape::for_size(Shape::MAX_SIZE).is_some() && Shape::for_size(26).is_none());
    /// ```
    pub const MAX_SIZE: usize = MAX_SIZE;

    /// The classic 9×9 grid with 3×3 boxes.
    pub const CLASSIC: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// A shape with boxes of `box_rows` rows and `box_cols` columns.
    ///
    /// # Errors
    /// [`ShapeError::OutOfRange`] if a dimension is 0 or N = box_rows × box_cols > 25.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Shape, ShapeError> {
        // Checked: a product that overflows (huge sizes read from text) is out of range too.
        let side = box_rows.checked_mul(box_cols);
        if box_rows == 0 || box_cols == 0 || side.is_none_or(|n| n > MAX_SIZE) {
            return Err(ShapeError::OutOfRange { box_rows, box_cols });
        }
        Ok(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The usual shape for a side N: boxes `r × N/r` with `r` the largest divisor of N not
    /// above √N (4 → 2×2, 6 → 2×3, 8 → 2×4, 9 → 3×3, 12 → 3×4, 16 → 4×4, 25 → 5×5; a prime N
    /// gets 1×N boxes). `None` if N is 0 or above 25.
    pub fn for_size(size: usize) -> Option<Shape> {
        if size == 0 || size > MAX_SIZE {
            return None;
        }
        let r = (1..=size)
            .filter(|r| r * r <= size && size.is_multiple_of(*r))
            .max()?;
        Shape::new(r, size / r).ok()
    }

    /// The usual shape for a grid of `count` cells (16, 36, 64, 81, 144, 256, 625…): see
    /// [`Shape::for_size`]. `None` if `count` is not the square of a side in 1..=25.
    pub fn from_cell_count(count: usize) -> Option<Shape> {
        let side = (1..=MAX_SIZE).find(|n| n * n == count)?;
        Shape::for_size(side)
    }

    /// Height of a box (rows).
    #[inline]
    pub const fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Width of a box (columns).
    #[inline]
    pub const fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// The side N: number of rows, of columns, of symbols.
    #[inline]
    pub const fn size(self) -> usize {
        self.box_rows as usize * self.box_cols as usize
    }

    /// N × N.
    #[inline]
    pub const fn cell_count(self) -> usize {
        self.size() * self.size()
    }

    /// The cell at row `row`, column `col`.
    ///
    /// # Panics
    /// If `row` or `col` is not below N.
    #[inline]
    pub const fn cell(self, row: usize, col: usize) -> Cell {
        assert!(
            row < self.size() && col < self.size(),
            "row or column outside the grid"
        );
        Cell::new(row * self.size() + col)
    }

    /// Row of a cell (0-based).
    #[inline]
    pub const fn row_of(self, cell: Cell) -> usize {
        cell.index() / self.size()
    }

    /// Column of a cell (0-based).
    #[inline]
    pub const fn col_of(self, cell: Cell) -> usize {
        cell.index() % self.size()
    }

    /// Box of a cell, numbered row-major from 0: box `b` is in band `b / box_rows` and stack
    /// `b % box_rows` (there are `box_rows` boxes side by side).
    #[inline]
    pub const fn box_of(self, cell: Cell) -> usize {
        let band = self.row_of(cell) / self.box_rows();
        let stack = self.col_of(cell) / self.box_cols();
        band * self.box_rows() + stack
    }

    /// Every cell, in row-major order.
    pub fn cells(self) -> impl ExactSizeIterator<Item = Cell> {
        (0..self.cell_count()).map(Cell::new)
    }

    /// The N cells of row `row`.
    pub fn row_cells(self, row: usize) -> impl ExactSizeIterator<Item = Cell> {
        let n = self.size();
        (0..n).map(move |c| Cell::new(row * n + c))
    }

    /// The N cells of column `col`.
    pub fn col_cells(self, col: usize) -> impl ExactSizeIterator<Item = Cell> {
        let n = self.size();
        (0..n).map(move |r| Cell::new(r * n + col))
    }

    /// The N cells of box `b`, row-major inside the box.
    pub fn box_cells(self, b: usize) -> impl ExactSizeIterator<Item = Cell> {
        let (br, bc) = (self.box_rows(), self.box_cols());
        let top = (b / br) * br;
        let left = (b % br) * bc;
        let n = self.size();
        (0..br * bc).map(move |k| Cell::new((top + k / bc) * n + left + k % bc))
    }
}

/// The orthogonal neighbours of cell `cell` (row-major index) on an `n`×`n` grid: the cells
/// one step up, down, left or right that are on the grid. Used by the random region maps and
/// the killer generator, whose regions and cages are orthogonally connected.
pub(crate) fn orthogonal(cell: usize, n: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (cell / n, cell % n);
    [
        (r > 0).then(|| cell - n),
        (r + 1 < n).then(|| cell + n),
        (c > 0).then(|| cell - 1),
        (c + 1 < n).then(|| cell + 1),
    ]
    .into_iter()
    .flatten()
}

impl Default for Shape {
    fn default() -> Self {
        Shape::CLASSIC
    }
}

impl fmt::Display for Shape {
    /// `RxC`, e.g. `3x3`, `2x3`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.box_rows, self.box_cols)
    }
}

impl FromStr for Shape {
    type Err = ShapeError;

    /// Reads `RxC` (also `R×C` or `RXC`), e.g. `2x3` for 6×6 grids with boxes of 2 rows.
    fn from_str(s: &str) -> Result<Shape, ShapeError> {
        let syntax = || ShapeError::Syntax {
            text: crate::format::excerpt(s),
        };
        // No shape is written with more than a few characters: a long text is not scanned.
        if s.len() > 64 {
            return Err(syntax());
        }
        let t = s.trim();
        let (a, b) = t.split_once(['x', 'X', '×']).ok_or_else(syntax)?;
        let r: usize = a.trim().parse().map_err(|_| syntax())?;
        let c: usize = b.trim().parse().map_err(|_| syntax())?;
        Shape::new(r, c)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_shapes() {
        let expect = [
            (16, (2, 2)),
            (36, (2, 3)),
            (64, (2, 4)),
            (81, (3, 3)),
            (144, (3, 4)),
            (256, (4, 4)),
            (625, (5, 5)),
            (49, (1, 7)),
        ];
        for (count, (r, c)) in expect {
            let s = Shape::from_cell_count(count).unwrap();
            assert_eq!((s.box_rows(), s.box_cols()), (r, c), "{count}");
        }
        assert_eq!(Shape::from_cell_count(80), None);
        assert_eq!(Shape::from_cell_count(676), None);
    }

    #[test]
    fn boxes_partition_the_grid() {
        for (r, c) in [(2, 3), (3, 2), (3, 3), (2, 4), (3, 4), (5, 5), (1, 7)] {
            let s = Shape::new(r, c).unwrap();
            let mut seen = vec![0; s.cell_count()];
            for b in 0..s.size() {
                for cell in s.box_cells(b) {
                    assert_eq!(s.box_of(cell), b);
                    seen[cell.index()] += 1;
                }
            }
            assert!(seen.iter().all(|&k| k == 1));
        }
    }

    #[test]
    fn parse_errors() {
        assert!(matches!(
            "3".parse::<Shape>(),
            Err(ShapeError::Syntax { .. })
        ));
        assert!(matches!(
            "6x5".parse::<Shape>(),
            Err(ShapeError::OutOfRange { .. })
        ));
        assert!(matches!(
            "0x5".parse::<Shape>(),
            Err(ShapeError::OutOfRange { .. })
        ));
        assert_eq!("3×4".parse::<Shape>().unwrap().to_string(), "3x4");
    }
}
