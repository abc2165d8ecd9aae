//! The error type of the transformation API.

use core::fmt;

/// Which permutation of a [`Transform`](super::Transform) an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum PermutationKind {
    /// The map of the N rows.
    Rows,
    /// The map of the N columns.
    Columns,
    /// The relabelling of the N symbols.
    Symbols,
    /// A permutation of the rows inside one band.
    RowsInBand,
    /// A permutation of the columns inside one stack.
    ColumnsInStack,
    /// A permutation of the bands (horizontal groups of boxes).
    Bands,
    /// A permutation of the stacks (vertical groups of boxes).
    Stacks,
}

impl fmt::Display for PermutationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Self::Rows => "row map",
            Self::Columns => "column map",
            Self::Symbols => "symbol relabelling",
            Self::RowsInBand => "row permutation inside a band",
            Self::ColumnsInStack => "column permutation inside a stack",
            Self::Bands => "band permutation",
            Self::Stacks => "stack permutation",
        })
    }
}

/// What went wrong when building, combining or applying a transformation, or when computing a
/// canonical form.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum TransformError {
    /// The box shape is empty, or its side `box_rows × box_cols` is above 255.
    #[error("invalid box shape {box_rows}x{box_cols} (each factor at least 1, side at most 255)")]
    InvalidShape {
        /// Rows of a box.
        box_rows: usize,
        /// Columns of a box.
        box_cols: usize,
    },
    /// Transposition maps a `box_rows × box_cols` box onto a `box_cols × box_rows` one, so it is
    /// only a symmetry of the grid when the boxes are square.
    #[error("transposition needs square boxes, not {box_rows}x{box_cols}")]
    TransposeNeedsSquareBoxes {
        /// Rows of a box.
        box_rows: usize,
        /// Columns of a box.
        box_cols: usize,
    },
    /// A cells slice does not have `N × N` entries.
    #[error("wrong number of cells: expected {expected}, found {found}")]
    WrongLength {
        /// `N × N`.
        expected: usize,
        /// The slice's length.
        found: usize,
    },
    /// A cell holds a value above the side `N` (cells hold 0 for empty or a symbol `1..=N`).
    #[error("cell {index} (row {row}, column {column}) holds {value}, above the side {side}")]
    SymbolOutOfRange {
        /// Row-major index of the cell.
        index: usize,
        /// Its row, from 0.
        row: usize,
        /// Its column, from 0.
        column: usize,
        /// The value found.
        value: u8,
        /// The side `N` of the grid.
        side: usize,
    },
    /// Two transformations, or a transformation and a grid, are for different box shapes.
    #[error(
        "shape mismatch: expected {expected_box_rows}x{expected_box_cols} boxes, found {found_box_rows}x{found_box_cols}"
    )]
    ShapeMismatch {
        /// Box rows of the first operand.
        expected_box_rows: usize,
        /// Box columns of the first operand.
        expected_box_cols: usize,
        /// Box rows of the second operand.
        found_box_rows: usize,
        /// Box columns of the second operand.
        found_box_cols: usize,
    },
    /// A permutation has the wrong number of entries.
    #[error("{kind}: expected {expected} entries, found {found}")]
    WrongPermutationLength {
        /// Which permutation.
        kind: PermutationKind,
        /// The length it must have.
        expected: usize,
        /// The length given.
        found: usize,
    },
    /// A permutation entry is out of range or repeats an earlier one.
    #[error("{kind}: entry {position} ({value}) is out of range or repeated")]
    NotAPermutation {
        /// Which permutation.
        kind: PermutationKind,
        /// Index of the offending entry.
        position: usize,
        /// The entry.
        value: u8,
    },
    /// A row (column) map is a permutation but splits a band (stack): the rows of one output
    /// band must all come from one input band, in any order.
    #[error("{kind}: entry {position} does not keep bands or stacks together")]
    BreaksBoxes {
        /// [`PermutationKind::Rows`] or [`PermutationKind::Columns`].
        kind: PermutationKind,
        /// The first output row or column whose source is in the wrong band or stack.
        position: usize,
    },
    /// A band or stack index is out of range.
    #[error("{kind}: index {index} out of range (there are {count})")]
    IndexOutOfRange {
        /// [`PermutationKind::RowsInBand`] or [`PermutationKind::ColumnsInStack`].
        kind: PermutationKind,
        /// The index given.
        index: usize,
        /// How many bands or stacks there are.
        count: usize,
    },
    /// The canonical-form search would be too long for this box shape (see
    /// [`canonical_form`](super::canonical_form) for the supported shapes).
    #[error("canonical form not supported for {box_rows}x{box_cols} boxes (search too large)")]
    CanonicalFormUnsupported {
        /// Rows of a box.
        box_rows: usize,
        /// Columns of a box.
        box_cols: usize,
    },
    /// A [`Canonicalizer`](super::Canonicalizer)'s budget ran out or its cancel flag was
    /// raised: the form is unknown.
    #[error(transparent)]
    Interrupted(#[from] grilles_game::Interrupted),
}
