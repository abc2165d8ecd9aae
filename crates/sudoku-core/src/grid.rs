//! [`Grid`]: raw cells of a shape, and [`Candidates`]: a set of values as a bit mask.
//!
//! A `Grid` is plain data: it checks only that each cell holds 0 (empty) or a value 1..=N.
//! Validation against the rules of a variant (no symbol twice in a house) is
//! [`Puzzle::new`](crate::Puzzle::new)'s job.

use core::fmt;
use core::str::FromStr;

use crate::cell::{Cell, CellDisplay};
use crate::format::line::{self, ParseLineError};
use crate::shape::Shape;

/// Row-major cells of an N×N grid: `0` is an empty cell, `1..=N` a value.
///
/// `Display` and `FromStr` use the one-line format (see [`crate::format::line`]); `{:#}`
/// prints the framed ASCII grid instead.
///
/// ```
/// use sudoku_core::{Grid, Shape};
///
/// let g: Grid = "1--4--7-94--7------8-----6-21------63----5-7---817-3----59-2-3-87--3-5----2-8----".parse()?;
/// assert_eq!(g.shape(), Shape::CLASSIC);
/// assert_eq!(g.get(0), 1);
/// assert_eq!(g.given_count(), 28);
/// assert_eq!(g.to_string(), "1..4..7.94..7......8.....6.21......63....5.7...817.3....59.2.3.87..3.5....2.8....");
/// # Ok::<(), sudoku_core::format::line::ParseLineError>(())
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

/// Cells that do not fit a shape, or a cell that is not in the grid.
///
/// ```
/// use sudoku_core::{Grid, GridError, Shape};
///
/// let err = Grid::new(Shape::CLASSIC, vec![0; 80]).unwrap_err();
/// assert_eq!(err.to_string(), "expected 81 cells, got 80");
/// let mut cells = vec![0; 81];
/// cells[5] = 12;
/// assert_eq!(Grid::new(Shape::CLASSIC, cells).unwrap_err().to_string(), "r1c6 holds 12, above the side 9");
/// let err = Grid::empty(Shape::CLASSIC).set(81, 1).unwrap_err();
/// assert_eq!(err, GridError::CellOutOfRange { cell: 81, cells: 81 });
/// assert_eq!(err.to_string(), "no cell 81: the grid has cells 0 to 80");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GridError {
    /// The number of cells is not N×N (or the cells of the geometry beyond one square).
    #[error("expected {expected} cells, got {found}")]
    Length {
        /// N × N.
        expected: usize,
        /// Cells given.
        found: usize,
    },
    /// A cell holds a value above N.
    #[error("{at} holds {value}, above the side {size}")]
    Value {
        /// Index of the cell.
        cell: usize,
        /// The cell for people (`r1c6`; in the frame of a layout when the grid comes from
        /// [`Geometry::grid`](crate::Geometry::grid)).
        at: CellDisplay,
        /// The value found.
        value: u8,
        /// The side N.
        size: usize,
    },
    /// An index past the grid's cells ([`Grid::set`]).
    #[error("no cell {cell}: the grid has cells 0 to {}", .cells.saturating_sub(1))]
    CellOutOfRange {
        /// The index given.
        cell: usize,
        /// The number of cells of the grid.
        cells: usize,
    },
}

/// Where cell `cell` of a grid of `count` cells of `shape` is, for people: `r1c2` in one
/// square, its index otherwise (the caller that knows the layout says better).
fn place(shape: Shape, count: usize, cell: usize) -> CellDisplay {
    if count == shape.cell_count() && cell < count {
        Cell::new(cell).display(shape)
    } else {
        CellDisplay::index(cell)
    }
}

impl Grid {
    /// The longest text, in bytes, that a grid reader of this crate reads (256 KiB): the
    /// one-line, ASCII and LaTeX formats of [`format`](crate::format), [`Grid::from_str`](core::str::FromStr),
    /// [`Grid::read_line`] and [`RegionMap`](crate::RegionMap)'s text. A 25×25 grid in the
    /// largest format (LaTeX) takes about 25 KiB, so hand edits and comments have room.
    /// Longer texts are refused with the reader's `TooLong` error (for example
    /// [`ParseLineError::TooLong`]) before being read.
    ///
    /// ```
    /// use sudoku_core::format::{line, ReadOptions};
    /// use sudoku_core::Grid;
    ///
    /// let huge = ".".repeat(Grid::MAX_TEXT_LEN + 1);
    /// let err = line::parse(&huge, &ReadOptions::default()).unwrap_err();
    /// assert_eq!(err.to_string(), "a text of 262145 bytes, more than the 262144 read");
    /// ```
    pub const MAX_TEXT_LEN: usize = crate::format::MAX_TEXT_LEN;

    /// A grid of `shape` with every cell empty.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cell_count()],
        }
    }

    /// A grid from row-major cells (0 empty, 1..=N values).
    ///
    /// # Errors
    /// [`GridError`] if there are not N×N cells or a value exceeds N.
    pub fn new(shape: Shape, cells: impl Into<Vec<u8>>) -> Result<Grid, GridError> {
        Grid::with_count(shape, shape.cell_count(), cells)
    }

    /// A grid of `count` cells with the values of `shape` (the cells of a geometry beyond
    /// one square, see [`Geometry::grid`](crate::Geometry::grid)).
    pub(crate) fn with_count(
        shape: Shape,
        count: usize,
        cells: impl Into<Vec<u8>>,
    ) -> Result<Grid, GridError> {
        let cells = cells.into();
        if cells.len() != count {
            return Err(GridError::Length {
                expected: count,
                found: cells.len(),
            });
        }
        let n = shape.size();
        if let Some(cell) = cells.iter().position(|&v| v as usize > n) {
            return Err(GridError::Value {
                cell,
                at: place(shape, count, cell),
                value: cells[cell],
                size: n,
            });
        }
        Ok(Grid { shape, cells })
    }

    /// A grid of the same shape and number of cells holding `cells` (values written by the
    /// crate's engines: 0..=N).
    pub(crate) fn with_cells(&self, cells: Vec<u8>) -> Grid {
        debug_assert_eq!(cells.len(), self.cells.len());
        Grid {
            shape: self.shape,
            cells,
        }
    }

    /// Is the grid one N×N square (false for the cells of a geometry beyond one square)?
    #[inline]
    pub fn is_square(&self) -> bool {
        self.cells.len() == self.shape.cell_count()
    }

    /// The shape.
    #[inline]
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The side N.
    #[inline]
    pub fn size(&self) -> usize {
        self.shape.size()
    }

    /// The cells, row-major: 0 empty, 1..=N values.
    #[inline]
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The cells, writable (values stay 0..=N: the crate's engines write only values).
    #[inline]
    pub(crate) fn cells_mut(&mut self) -> &mut [u8] {
        &mut self.cells
    }

    /// Replaces every cell by those of `cells` (row-major, 0 empty, 1..=N values) without
    /// allocating: with [`Solver::solve_into`](crate::Solver::solve_into), the way to solve
    /// many puzzles with no allocation per puzzle. The grid is unchanged on error.
    ///
    /// ```
    /// use sudoku_core::{Grid, GridError, Shape};
    ///
    /// let mut grid = Grid::empty(Shape::new(2, 2)?);
    /// grid.copy_from(&[1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])?;
    /// assert!(grid.is_complete());
    /// assert!(matches!(grid.copy_from(&[5; 16]), Err(GridError::Value { .. })));
    /// assert!(matches!(grid.copy_from(&[0; 9]), Err(GridError::Length { .. })));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GridError`] if there are not N×N cells or a value exceeds N.
    pub fn copy_from(&mut self, cells: &[u8]) -> Result<(), GridError> {
        if cells.len() != self.cells.len() {
            return Err(GridError::Length {
                expected: self.cells.len(),
                found: cells.len(),
            });
        }
        let n = self.size();
        if let Some(cell) = cells.iter().position(|&v| v as usize > n) {
            return Err(GridError::Value {
                cell,
                at: place(self.shape, self.cells.len(), cell),
                value: cells[cell],
                size: n,
            });
        }
        self.cells.copy_from_slice(cells);
        Ok(())
    }

    /// Replaces every cell by those of one line of the one-line format (see
    /// [`crate::format::line`]), keeping the grid's shape: the text must hold exactly N×N
    /// cells. Up to 9×9 it allocates nothing (a line of exactly N×N bytes takes one pass
    /// through a byte table; whitespace, line ends and other layouts take a slower path,
    /// also without allocating); larger grids go through [`line::parse`]. The grid is
    /// unchanged on error. The errors are those of [`line::parse`] given the grid's shape,
    /// and a byte that is not UTF-8 is reported as the character `U+FFFD` at its place.
    ///
    /// With [`Solver::solve_into`](crate::Solver::solve_into) or
    /// [`Solver::count`](crate::Solver::count), this solves many puzzles from a byte buffer
    /// with no allocation per puzzle:
    ///
    /// ```
    /// use sudoku_core::{Geometry, Grid, Shape, Solver};
    ///
    /// let input: &[u8] = b"4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......
    /// 52...6.........7.13...........4..8..6......5...........418.........3..2...87.....
    /// ";
    /// let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
    /// let (mut puzzle, mut solution) = (Grid::empty(Shape::CLASSIC), Grid::empty(Shape::CLASSIC));
    /// let mut out = Vec::with_capacity(input.len()); // the answers, one line each
    /// for line in input.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
    ///     puzzle.read_line(line)?;
    ///     if solver.solve_into(&puzzle, &mut solution)? {
    ///         solution.write_line(&mut out);
    ///     } else {
    ///         out.extend_from_slice(b"none");
    ///     }
    ///     out.push(b'\n');
    /// }
    /// assert_eq!(out.len(), 2 * 82);
    /// assert!(out.starts_with(b"417369825632158947958724316825437169791586432346912758289643571573291684164875293\n"));
    /// assert!(puzzle.read_line(b"12x").is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`ParseLineError::Length`] when the line does not hold N×N cells,
    /// [`ParseLineError::Character`] for a character that is neither a value of the grid nor
    /// an empty marker, [`ParseLineError::TooLong`] above
    /// [`Grid::MAX_TEXT_LEN`] bytes.
    pub fn read_line(&mut self, line: &[u8]) -> Result<(), ParseLineError> {
        line::check_len(line.len())?;
        let count = self.cells.len();
        let n = self.size();
        if n > 9 {
            let text = core::str::from_utf8(line).map_err(|e| not_utf8(line, e.valid_up_to()))?;
            let opts = crate::format::ReadOptions {
                shape: Some(self.shape),
                alphabet: None,
            };
            let grid = line::parse(text, &opts)?;
            self.cells.copy_from_slice(grid.cells());
            return Ok(());
        }
        let mut cells = [0u8; 81];
        if line.len() == count {
            // One pass, no branch per cell: a byte above N (0xff for anything but a digit
            // or punctuation) spoils the line, which then takes the slow path for its error.
            let mut worst = 0u8;
            for (cell, &b) in cells.iter_mut().zip(line) {
                let v = SMALL_VALUE[usize::from(b)];
                worst = worst.max(v);
                *cell = v;
            }
            if usize::from(worst) <= n {
                self.cells.copy_from_slice(&cells[..count]);
                return Ok(());
            }
        }
        let text = core::str::from_utf8(line).map_err(|e| not_utf8(line, e.valid_up_to()))?;
        let found = text.chars().filter(|c| !c.is_whitespace()).count();
        if found != count {
            return Err(ParseLineError::Length {
                found,
                expected: Some(count),
            });
        }
        let mut i = 0;
        for (li, l) in text.split('\n').enumerate() {
            for (ci, c) in l.chars().enumerate() {
                if c.is_whitespace() {
                    continue;
                }
                let v = if c.is_ascii() {
                    SMALL_VALUE[c as usize]
                } else {
                    u8::MAX
                };
                if usize::from(v) > n {
                    return Err(ParseLineError::Character {
                        line: li + 1,
                        column: ci + 1,
                        character: c,
                    });
                }
                cells[i] = v;
                i += 1;
            }
        }
        self.cells.copy_from_slice(&cells[..count]);
        Ok(())
    }

    /// Appends the one-line form of the grid to `out` (no line end), as [`Display`] prints
    /// it with the standard symbols (`1`–`9`, then `A`, `B`, …) and `.` for an empty cell,
    /// without allocating beyond `out`'s growth.
    ///
    /// ```
    /// use sudoku_core::Grid;
    ///
    /// let grid: Grid = "12..\n..12\n2...\n...4".parse()?;
    /// let mut out = b"puzzle: ".to_vec();
    /// grid.write_line(&mut out);
    /// assert_eq!(out, b"puzzle: 12....122......4");
    /// assert_eq!(&out[8..], grid.to_string().as_bytes());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// [`Display`]: core::fmt::Display
    pub fn write_line(&self, out: &mut Vec<u8>) {
        out.extend(self.cells.iter().map(|&v| SYMBOL[usize::from(v)]));
    }

    /// Consumes the grid into its cells.
    pub fn into_cells(self) -> Vec<u8> {
        self.cells
    }

    /// The value of a cell (0 if empty).
    ///
    /// # Panics
    /// If `cell >= N×N`.
    #[inline]
    pub fn get(&self, cell: usize) -> u8 {
        self.cells[cell]
    }

    /// Sets a cell (0 empties it).
    ///
    /// ```
    /// use sudoku_core::{Grid, GridError, Shape};
    ///
    /// let mut grid = Grid::empty(Shape::new(2, 2)?);
    /// grid.set(5, 3)?;
    /// assert_eq!(grid.get(5), 3);
    /// assert_eq!(grid.set(5, 5).unwrap_err().to_string(), "r2c2 holds 5, above the side 4");
    /// assert_eq!(grid.set(16, 1), Err(GridError::CellOutOfRange { cell: 16, cells: 16 }));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GridError::CellOutOfRange`] if the grid has no cell `cell`; [`GridError::Value`] if
    /// `value > N`. The grid is then unchanged.
    pub fn set(&mut self, cell: usize, value: u8) -> Result<(), GridError> {
        let n = self.size();
        let cells = self.cells.len();
        let Some(slot) = self.cells.get_mut(cell) else {
            return Err(GridError::CellOutOfRange { cell, cells });
        };
        if value as usize > n {
            return Err(GridError::Value {
                cell,
                at: place(self.shape, cells, cell),
                value,
                size: n,
            });
        }
        *slot = value;
        Ok(())
    }

    /// Number of non-empty cells.
    pub fn given_count(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is empty.
    pub fn is_complete(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }

    /// Does every non-empty cell of `self` hold the same value in `other`?
    pub fn is_subset_of(&self, other: &Grid) -> bool {
        self.shape == other.shape
            && self.cells.len() == other.cells.len()
            && self
                .cells
                .iter()
                .zip(&other.cells)
                .all(|(&a, &b)| a == 0 || a == b)
    }
}

/// The value of an ASCII byte in a grid of side up to 9: `1`–`9` their digit, `0` and ASCII
/// punctuation (the empty markers) 0, anything else `u8::MAX` (refused).
const SMALL_VALUE: [u8; 256] = {
    let mut t = [u8::MAX; 256];
    let mut b = 0;
    while b < 128 {
        let c = b as u8;
        if c.is_ascii_punctuation() || c == b'0' {
            t[b] = 0;
        } else if c.is_ascii_digit() {
            t[b] = c - b'0';
        }
        b += 1;
    }
    t
};

/// The printed symbol of each value: `.` for 0, `1`–`9`, then `A`–`P` (up to 25).
const SYMBOL: [u8; 256] = {
    let mut t = [b'?'; 256];
    t[0] = b'.';
    let mut v = 1;
    while v <= 25 {
        t[v] = if v <= 9 {
            b'0' + v as u8
        } else {
            b'A' + (v - 10) as u8
        };
        v += 1;
    }
    t
};

/// The error for a line that is not UTF-8 at byte `at`: the character `U+FFFD` at its line
/// and column (in characters).
fn not_utf8(text: &[u8], at: usize) -> ParseLineError {
    // The bytes before `at` are valid UTF-8.
    let before = core::str::from_utf8(&text[..at]).unwrap_or_default();
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    ParseLineError::Character {
        line,
        column,
        character: char::REPLACEMENT_CHARACTER,
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}, \"{}\")", self.shape, self)
    }
}

impl fmt::Display for Grid {
    /// The one-line form with `.` for empty cells; `{:#}` gives the framed ASCII grid (for
    /// an N×N grid: the cells of a geometry beyond one square print on one line either way,
    /// its frame is drawn by [`crate::format::frame`]).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let opts = crate::format::WriteOptions::default();
        if f.alternate() && self.is_square() {
            f.write_str(&crate::format::ascii::write(self, &opts))
        } else {
            f.write_str(&line::write(self, &opts))
        }
    }
}

impl FromStr for Grid {
    type Err = ParseLineError;

    /// The one-line format, shape from the length (see [`crate::format::line`]).
    fn from_str(s: &str) -> Result<Grid, ParseLineError> {
        line::parse(s, &crate::format::ReadOptions::default())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Grid {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let square = self.is_square();
        let mut st = s.serialize_struct("Grid", if square { 2 } else { 3 })?;
        st.serialize_field("shape", &self.shape)?;
        st.serialize_field("cells", &self.to_string())?;
        if !square {
            // The cells of a layout: their number, since the shape does not give it.
            st.serialize_field("cell_count", &self.cells.len())?;
        }
        st.end()
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Grid {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(serde::Deserialize)]
        struct Repr {
            shape: Shape,
            cells: String,
            #[serde(default)]
            cell_count: Option<usize>,
        }
        let r = Repr::deserialize(d)?;
        if let Some(count) = r.cell_count {
            // The cells of a layout (see `crate::layout`): one symbol or `.` per cell.
            let alphabet = crate::symbol::Alphabet::standard(r.shape.size());
            let cells = r
                .cells
                .chars()
                .map(|c| match alphabet.value(c) {
                    Some(v) => Ok(v),
                    None if crate::symbol::is_empty_marker(c, &alphabet) => Ok(0),
                    None => Err(serde::de::Error::custom(format!(
                        "unexpected character {c:?} in a grid"
                    ))),
                })
                .collect::<Result<Vec<u8>, D::Error>>()?;
            return Grid::with_count(r.shape, count, cells).map_err(serde::de::Error::custom);
        }
        let opts = crate::format::ReadOptions {
            shape: Some(r.shape),
            ..Default::default()
        };
        line::parse(&r.cells, &opts).map_err(serde::de::Error::custom)
    }
}

/// A set of values 1..=25 as a bit mask (bit `v - 1` for value `v`).
///
/// ```
/// use sudoku_core::Candidates;
///
/// let c = Candidates::from_values([2, 5, 9]);
/// assert_eq!(c.len(), 3);
/// assert!(c.contains(5));
/// assert_eq!(c.iter().collect::<Vec<_>>(), vec![2, 5, 9]);
/// assert_eq!(c.bits(), 0b1_0001_0010);
/// assert_eq!(Candidates::all(4).to_string(), "{1,2,3,4}");
/// ```
///
/// Serialized as its bit mask; deserializing a mask with bits above 24 (values above 25) is
/// an error.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u32", into = "u32"))]
pub struct Candidates(u32);

/// A bit mask with bits above 24: values above 25, which no candidate set holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("candidate mask {bits:#x} has values above 25")]
pub struct CandidatesError {
    /// The mask given.
    pub bits: u32,
}

impl TryFrom<u32> for Candidates {
    type Error = CandidatesError;
    /// The set of a bit mask (bit `v - 1` for value `v`), refusing bits above 24.
    fn try_from(bits: u32) -> Result<Candidates, CandidatesError> {
        if bits >> 25 != 0 {
            return Err(CandidatesError { bits });
        }
        Ok(Candidates(bits))
    }
}

impl From<Candidates> for u32 {
    fn from(c: Candidates) -> u32 {
        c.0
    }
}

impl Candidates {
    /// The empty set.
    pub const EMPTY: Candidates = Candidates(0);

    /// The set from its bit mask (bit `v - 1` for value `v`; bits above 24 are dropped).
    #[inline]
    pub const fn from_bits(bits: u32) -> Candidates {
        Candidates(bits & ((1 << 25) - 1))
    }

    /// The values 1..=n.
    #[inline]
    pub const fn all(n: usize) -> Candidates {
        if n >= 25 {
            Candidates((1 << 25) - 1)
        } else {
            Candidates((1u32 << n) - 1)
        }
    }

    /// The set holding only `v` (empty if `v` is 0 or above 25).
    #[inline]
    pub const fn single(v: u8) -> Candidates {
        if v == 0 || v > 25 {
            Candidates(0)
        } else {
            Candidates(1 << (v - 1))
        }
    }

    /// The set of the given values (values outside 1..=25 are ignored).
    pub fn from_values(values: impl IntoIterator<Item = u8>) -> Candidates {
        values
            .into_iter()
            .fold(Candidates(0), |acc, v| acc | Candidates::single(v))
    }

    /// The bit mask.
    #[inline]
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// Number of values.
    #[inline]
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// No value at all.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Holds value `v`?
    #[inline]
    pub const fn contains(self, v: u8) -> bool {
        v != 0 && v <= 25 && self.0 & (1 << (v - 1)) != 0
    }

    /// Adds `v` (ignored outside 1..=25).
    #[inline]
    pub fn insert(&mut self, v: u8) {
        self.0 |= Candidates::single(v).0;
    }

    /// Removes `v`.
    #[inline]
    pub fn remove(&mut self, v: u8) {
        self.0 &= !Candidates::single(v).0;
    }

    /// The only value, if there is exactly one.
    #[inline]
    pub const fn only(self) -> Option<u8> {
        if self.0.count_ones() == 1 {
            Some(self.0.trailing_zeros() as u8 + 1)
        } else {
            None
        }
    }

    /// The smallest value.
    #[inline]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8 + 1)
        }
    }

    /// The values in increasing order.
    pub fn iter(self) -> CandidatesIter {
        CandidatesIter(self.0)
    }
}

impl core::ops::BitOr for Candidates {
    type Output = Candidates;
    fn bitor(self, o: Candidates) -> Candidates {
        Candidates(self.0 | o.0)
    }
}

impl core::ops::BitOrAssign for Candidates {
    fn bitor_assign(&mut self, o: Candidates) {
        self.0 |= o.0;
    }
}

impl core::ops::BitAnd for Candidates {
    type Output = Candidates;
    fn bitand(self, o: Candidates) -> Candidates {
        Candidates(self.0 & o.0)
    }
}

impl core::ops::BitAndAssign for Candidates {
    fn bitand_assign(&mut self, o: Candidates) {
        self.0 &= o.0;
    }
}

impl core::ops::Sub for Candidates {
    type Output = Candidates;
    /// Set difference.
    fn sub(self, o: Candidates) -> Candidates {
        Candidates(self.0 & !o.0)
    }
}

impl IntoIterator for Candidates {
    type Item = u8;
    type IntoIter = CandidatesIter;
    fn into_iter(self) -> CandidatesIter {
        self.iter()
    }
}

impl FromIterator<u8> for Candidates {
    fn from_iter<I: IntoIterator<Item = u8>>(it: I) -> Self {
        Candidates::from_values(it)
    }
}

impl fmt::Debug for Candidates {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Candidates{self}")
    }
}

impl fmt::Display for Candidates {
    /// `{1,4,7}` (values as numbers).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("{")?;
        for (i, v) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{v}")?;
        }
        f.write_str("}")
    }
}

/// Iterator over the values of a [`Candidates`] set, in increasing order.
#[derive(Clone, Debug)]
pub struct CandidatesIter(u32);

impl Iterator for CandidatesIter {
    type Item = u8;
    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.0 == 0 {
            return None;
        }
        let v = self.0.trailing_zeros() as u8 + 1;
        self.0 &= self.0 - 1;
        Some(v)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for CandidatesIter {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn grid_checks() {
        let s = Shape::new(2, 2).unwrap();
        assert_eq!(
            Grid::new(s, vec![0; 15]),
            Err(GridError::Length {
                expected: 16,
                found: 15
            })
        );
        let mut cells = vec![0; 16];
        cells[3] = 5;
        assert_eq!(
            Grid::new(s, cells),
            Err(GridError::Value {
                cell: 3,
                at: Cell::new(3).display(s),
                value: 5,
                size: 4
            })
        );
        let mut g = Grid::empty(s);
        g.set(5, 3).unwrap();
        assert_eq!(g.get(5), 3);
        let outside = g.set(16, 1).unwrap_err();
        assert_eq!(
            outside,
            GridError::CellOutOfRange {
                cell: 16,
                cells: 16
            }
        );
        assert_eq!(
            outside.to_string(),
            "no cell 16: the grid has cells 0 to 15"
        );
        let too_big = g.set(0, 5).unwrap_err();
        assert_eq!(too_big.to_string(), "r1c1 holds 5, above the side 4");
        // A grid of a layout knows no rows: its cells print by index.
        let wide = Grid::with_count(s, 20, vec![9; 20]).unwrap_err();
        assert_eq!(wide.to_string(), "cell 0 holds 9, above the side 4");
        assert_eq!(g.given_count(), 1);
        assert!(!g.is_complete());
    }

    #[cfg(feature = "serde")]
    #[test]
    fn serde_round_trip() {
        let g: Grid = "12..34..........".parse().unwrap();
        let json = serde_json::to_string(&g).unwrap();
        assert_eq!(
            json,
            r#"{"shape":{"box_rows":2,"box_cols":2},"cells":"12..34.........."}"#
        );
        assert_eq!(serde_json::from_str::<Grid>(&json).unwrap(), g);
        let bad = r#"{"shape":{"box_rows":2,"box_cols":2},"cells":"12"}"#;
        assert!(serde_json::from_str::<Grid>(bad).is_err());
    }

    #[test]
    fn candidate_ops() {
        let mut c = Candidates::all(9);
        assert_eq!(c.len(), 9);
        c.remove(3);
        assert!(!c.contains(3));
        assert_eq!((c - Candidates::all(8)).only(), Some(9));
        assert_eq!(Candidates::all(25).len(), 25);
        assert_eq!(Candidates::single(0), Candidates::EMPTY);
        assert_eq!(Candidates::EMPTY.first(), None);
        assert!(!Candidates::all(25).contains(26));
    }
}
