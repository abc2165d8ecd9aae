//! [`Cell`]: a cell of a grid, as its row-major index, and [`House`]: a house of a
//! [`Geometry`](crate::Geometry), as its index.
//!
//! Both are small `Copy` indices: what a cell's row, column and box are comes from the
//! [`Shape`] ([`Shape::row_of`], [`Shape::col_of`], [`Shape::box_of`]), what a house is and
//! which cells it holds from the [`Geometry`](crate::Geometry)
//! ([`house_kind`](crate::Geometry::house_kind), [`house`](crate::Geometry::house)).

use core::fmt;

use crate::shape::{MAX_SIZE, Shape};

/// A cell of a grid: its row-major index `row × N + column`, in `0..N²` (at most 625 cells).
///
/// Serialized as its index (a plain number). It prints for people as `r3c1` (1-based row and
/// column) through [`Cell::display`], given the shape.
///
/// ```
/// use sudoku_core::{Cell, Shape};
///
/// let shape = Shape::CLASSIC;
/// let cell = shape.cell(2, 0);
/// assert_eq!(cell.index(), 18);
/// assert_eq!(usize::from(cell), 18);
/// assert_eq!(Cell::try_from(18usize)?, cell);
/// assert_eq!((shape.row_of(cell), shape.col_of(cell), shape.box_of(cell)), (2, 0, 0));
/// assert_eq!(cell.display(shape).to_string(), "r3c1");
/// # Ok::<(), sudoku_core::CellRangeError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u16", into = "u16"))]
#[repr(transparent)]
pub struct Cell(u16);

/// The number of cells of the largest grid (25 × 25).
const MAX_CELLS: usize = MAX_SIZE * MAX_SIZE;

/// An index that is no cell of any grid (625 or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cell index {index} is beyond the 625 cells of the largest grid")]
pub struct CellRangeError {
    /// The index given.
    pub index: usize,
}

impl Cell {
    /// The cell of row-major index `index`.
    ///
    /// # Panics
    /// If `index >= 625` (no grid has that many cells); [`Cell::try_from`] refuses it
    /// instead.
    #[inline]
    #[must_use]
    pub const fn new(index: usize) -> Cell {
        assert!(index < MAX_CELLS, "cell index beyond the largest grid");
        Cell(index as u16)
    }

    /// The row-major index.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The cell for people: `r3c1` for row 3, column 1 (both 1-based) of `shape`. A cell
    /// of a grid beyond one square prints by its place in the layout's frame through
    /// [`Geometry::display_cell`](crate::Geometry::display_cell).
    ///
    /// ```
    /// use sudoku_core::{Cell, Shape};
    /// assert_eq!(Cell::new(10).display(Shape::CLASSIC).to_string(), "r2c2");
    /// assert_eq!(Cell::new(10).display(Shape::CLASSIC).row_col(), Some((1, 1)));
    /// ```
    #[must_use]
    pub fn display(self, shape: Shape) -> CellDisplay {
        CellDisplay::at(shape.row_of(self), shape.col_of(self))
    }
}

impl From<Cell> for usize {
    #[inline]
    fn from(cell: Cell) -> usize {
        cell.index()
    }
}

impl From<Cell> for u16 {
    #[inline]
    fn from(cell: Cell) -> u16 {
        cell.0
    }
}

impl TryFrom<usize> for Cell {
    type Error = CellRangeError;

    /// The cell of index `index`, if some grid has it (`index < 625`).
    fn try_from(index: usize) -> Result<Cell, CellRangeError> {
        if index < MAX_CELLS {
            Ok(Cell(index as u16))
        } else {
            Err(CellRangeError { index })
        }
    }
}

impl TryFrom<u16> for Cell {
    type Error = CellRangeError;

    /// The cell of index `index`, if some grid has it (`index < 625`).
    fn try_from(index: u16) -> Result<Cell, CellRangeError> {
        Cell::try_from(usize::from(index))
    }
}

/// A cell printed for people: `r3c1` (1-based row and column), or `cell 300` for a cell of
/// a grid whose rows and columns are not known where it is printed (the cells of a layout
/// without its layout). See [`Cell::display`] and
/// [`Geometry::display_cell`](crate::Geometry::display_cell).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct CellDisplay(Place);

/// Where a [`CellDisplay`] puts its cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Place {
    /// Row and column, 0-based.
    At(u16, u16),
    /// Only the row-major index.
    Index(u16),
}

impl CellDisplay {
    /// The cell at row `row`, column `col` (0-based).
    pub(crate) fn at(row: usize, col: usize) -> CellDisplay {
        CellDisplay(Place::At(row as u16, col as u16))
    }

    /// The cell of index `index`, its row and column unknown.
    pub(crate) fn index(index: usize) -> CellDisplay {
        CellDisplay(Place::Index(index as u16))
    }

    /// The 0-based row and column, `None` for a cell shown by its index.
    ///
    /// ```
    /// use sudoku_core::{Cell, Shape};
    /// assert_eq!(Cell::new(20).display(Shape::CLASSIC).row_col(), Some((2, 2)));
    /// ```
    #[must_use]
    pub fn row_col(self) -> Option<(usize, usize)> {
        match self.0 {
            Place::At(r, c) => Some((usize::from(r), usize::from(c))),
            Place::Index(_) => None,
        }
    }
}

impl fmt::Display for CellDisplay {
    /// `r3c1`, or `cell 300`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Place::At(r, c) => write!(f, "r{}c{}", u32::from(r) + 1, u32::from(c) + 1),
            Place::Index(i) => write!(f, "cell {i}"),
        }
    }
}

/// A house of a [`Geometry`](crate::Geometry): its index in the geometry's list of houses
/// (rows, then columns, then boxes or regions, then the variant's extra houses).
///
/// What the house is, and how it prints for people, is its
/// [`HouseKind`](crate::HouseKind) ([`Geometry::house_kind`](crate::Geometry::house_kind)).
///
/// ```
/// use sudoku_core::{Geometry, House, HouseKind, Shape};
///
/// let geo = Geometry::classic(Shape::CLASSIC);
/// let house = geo.column(4);
/// assert_eq!(house, House::new(13));
/// assert_eq!(geo.house_kind(house), HouseKind::Column(4));
/// assert_eq!(geo.house_kind(house).to_string(), "column 5");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[repr(transparent)]
pub struct House(u16);

impl House {
    /// The house of index `index`.
    ///
    /// # Panics
    /// If `index > 65,535`.
    #[inline]
    #[must_use]
    pub const fn new(index: usize) -> House {
        assert!(index <= u16::MAX as usize, "house index beyond 65,535");
        House(index as u16)
    }

    /// The index in the geometry's houses.
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl From<House> for usize {
    #[inline]
    fn from(house: House) -> usize {
        house.index()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conversions() {
        let c = Cell::new(624);
        assert_eq!(u16::from(c), 624);
        assert_eq!(Cell::try_from(625usize), Err(CellRangeError { index: 625 }));
        assert_eq!(Cell::try_from(3u16), Ok(Cell::new(3)));
        assert!(Cell::new(2) < Cell::new(10));
        let six = Shape::new(2, 3).unwrap();
        assert_eq!(Cell::new(35).display(six).to_string(), "r6c6");
        assert_eq!(CellDisplay::index(300).to_string(), "cell 300");
        assert_eq!(CellDisplay::index(300).row_col(), None);
        assert_eq!(House::new(7).index(), 7);
    }
}
