//! The box shape as the transformations see it: side, bands and stacks.

use super::error::TransformError;

/// A validated box shape: `box_rows × box_cols` boxes, side `n = box_rows × box_cols ≤ 255`.
///
/// Bands are the `box_cols` horizontal groups of `box_rows` rows; stacks are the `box_rows`
/// vertical groups of `box_cols` columns.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Dims {
    /// Rows of a box (the height of a band).
    pub br: usize,
    /// Columns of a box (the width of a stack).
    pub bc: usize,
    /// The side `N`.
    pub n: usize,
}

impl Dims {
    /// Validates a box shape.
    pub fn new(box_rows: usize, box_cols: usize) -> Result<Self, TransformError> {
        let n = box_rows.checked_mul(box_cols);
        match n {
            Some(n) if box_rows >= 1 && box_cols >= 1 && n <= 255 => Ok(Self {
                br: box_rows,
                bc: box_cols,
                n,
            }),
            _ => Err(TransformError::InvalidShape { box_rows, box_cols }),
        }
    }

    /// Whether transposition is a symmetry (square boxes).
    pub fn is_square(self) -> bool {
        self.br == self.bc
    }

    /// Number of cells.
    pub fn cells(self) -> usize {
        self.n * self.n
    }

    /// Checks a cells slice: length `N²`, values `0..=N`.
    pub fn check_cells(self, cells: &[u8]) -> Result<(), TransformError> {
        if cells.len() != self.cells() {
            return Err(TransformError::WrongLength {
                expected: self.cells(),
                found: cells.len(),
            });
        }
        match cells.iter().position(|&v| usize::from(v) > self.n) {
            Some(index) => Err(TransformError::SymbolOutOfRange {
                index,
                row: index / self.n,
                column: index % self.n,
                value: cells[index],
                side: self.n,
            }),
            None => Ok(()),
        }
    }

    /// Checks that another operand has the same shape.
    pub fn check_same(self, other: Self) -> Result<(), TransformError> {
        if self == other {
            Ok(())
        } else {
            Err(TransformError::ShapeMismatch {
                expected_box_rows: self.br,
                expected_box_cols: self.bc,
                found_box_rows: other.br,
                found_box_cols: other.bc,
            })
        }
    }
}
