//! The canonical form: the minimal lexicographic representative of an equivalence class.

mod generic;
mod latin;

use core::sync::atomic::AtomicBool;
use std::sync::Arc;

use grilles_game::{Interrupted, Limits, Meter, WorkUnit};

use super::dims::Dims;
use super::error::TransformError;
use super::group::Transform;

/// The best grid found so far by a search, and the transformation that produced it.
///
/// `cells[..valid]` is a prefix of the best grid; cells from `valid` on are "infinite" (no
/// complete grid below the current prefix has been found yet). `dirty` says the prefix changed
/// since the last recorded transformation.
pub(crate) struct Best<'m> {
    pub cells: Vec<u8>,
    pub valid: usize,
    pub dirty: bool,
    transpose: bool,
    rows: Vec<u8>,
    columns: Vec<u8>,
    labels: Vec<u8>,
    /// The search nodes spent against the budget and the cancel flag (see
    /// [`Canonicalizer`]).
    meter: Meter<'m>,
    /// The stop, when the search stopped early.
    stopped: Option<Interrupted>,
}

impl<'m> Best<'m> {
    fn new(n: usize, limits: &'m Limits) -> Self {
        Self {
            cells: vec![0; n * n],
            valid: 0,
            dirty: false,
            transpose: false,
            rows: vec![0; n],
            columns: vec![0; n],
            labels: vec![0; n + 1],
            meter: limits.meter(WorkUnit::Nodes),
            stopped: None,
        }
    }

    /// Counts one search node (a column, a row or a leaf placed): `true` when the search
    /// must stop (budget spent, cancel flag raised, or stopped before). The flag is looked at
    /// the first node, then every 256 nodes; a node costs at most O(N²) steps for a side
    /// N ≤ 32.
    #[inline]
    pub(crate) fn tick(&mut self) -> bool {
        if self.stopped.is_some() {
            return true;
        }
        match self.meter.spend(1) {
            Ok(()) => false,
            Err(stop) => {
                self.stopped = Some(stop);
                true
            }
        }
    }

    /// Has the search stopped early?
    pub(crate) fn is_stopped(&self) -> bool {
        self.stopped.is_some()
    }

    /// Records the transformation of the leaf that equals the current best.
    pub(crate) fn record(&mut self, transpose: bool, rows: &[u8], columns: &[u8], labels: &[u8]) {
        self.transpose = transpose;
        self.rows.copy_from_slice(rows);
        self.columns.copy_from_slice(columns);
        self.labels.copy_from_slice(labels);
        self.dirty = false;
    }

    /// The recorded transformation; symbols absent from the cells take the unused labels in
    /// increasing order.
    fn transform(&self, dims: Dims) -> Transform {
        let n = dims.n;
        let mut used = vec![false; n + 1];
        for &l in &self.labels[1..] {
            used[usize::from(l)] = true;
        }
        let mut free = (1..=n).filter(|&l| !used[l]);
        let symbols = self.labels[1..]
            .iter()
            .map(|&l| {
                if l == 0 {
                    free.next().unwrap_or(0) as u8
                } else {
                    l
                }
            })
            .collect();
        Transform {
            dims,
            transpose: self.transpose,
            rows: self.rows.clone(),
            columns: self.columns.clone(),
            symbols,
        }
    }
}

/// A canonical form and the transformation that maps the input to it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Canonical {
    cells: Vec<u8>,
    transform: Transform,
}

impl Canonical {
    /// The canonical cells (row-major, 0 = empty).
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// A transformation that maps the input to [`cells`](Self::cells). When the input has
    /// automorphisms, several do; this is one of them.
    pub fn transform(&self) -> &Transform {
        &self.transform
    }

    /// The cells and the transformation.
    pub fn into_parts(self) -> (Vec<u8>, Transform) {
        (self.cells, self.transform)
    }
}

/// Whether [`canonical_form`] supports a box shape for any cells (complete Latin grids are
/// supported for every side up to 32, through the fast search).
pub fn supports_canonical_form(box_rows: usize, box_cols: usize) -> bool {
    Dims::new(box_rows, box_cols).is_ok()
        && generic::column_maps(box_rows, box_cols).is_some_and(|k| k <= generic::MAX_COLUMN_MAPS)
}

/// The canonical form of a grid or puzzle of `box_rows × box_cols` boxes, and a
/// transformation that maps the input to it.
///
/// # Definition
/// The canonical form is the lexicographically smallest image of `cells` (row-major, compared
/// cell by cell, `0` = empty smaller than every symbol) under the whole equivalence group:
/// relabelling × rows inside bands × band permutations × columns inside stacks × stack
/// permutations × transposition (square boxes only). For a fixed geometric transformation the
/// smallest relabelling numbers the symbols `1, 2, 3, …` in order of first appearance
/// (row-major), the usual "minlex" convention, so the canonical form is also the smallest
/// first-appearance relabelling over the geometric transformations. A complete 9×9 grid's form
/// starts `123456789`; a puzzle's form starts with as many empty cells as possible.
///
/// Two grids or puzzles are equivalent iff their canonical forms are equal; note that a puzzle's
/// form is that of the puzzle itself (its givens), not of its solution.
///
/// # Supported shapes and speed
/// - Complete grids whose rows and columns are permutations of the symbols (every valid
///   solution grid), side up to 32: a fast branch-and-bound on the second row (tens of
///   thousands of 9×9 grids per second on one core).
/// - Anything else (puzzles, partial or invalid grids): a branch-and-bound over column maps and
///   rows, for the shapes where [`supports_canonical_form`] holds (at most 2,000,000 column
///   maps: every shape up to 12×12 except 1×N boxes for N ≥ 10; not 16×16 or 25×25). 4×4, 6×6
///   and 9×9 usually take microseconds to about a millisecond, but some 9×9 puzzles take tens
///   of milliseconds and some 12×12 or 1×9-box puzzles seconds: this function has no cap.
///   For inputs from strangers use a [`Canonicalizer`] with a budget or a cancel flag.
///
/// # Errors
/// An invalid shape, a slice of the wrong length, a value above `N`, or
/// [`TransformError::CanonicalFormUnsupported`].
///
/// ```
/// use sudoku_core::transform::{canonical_form, Transform};
///
/// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// let canon = canonical_form(2, 2, &grid)?;
/// assert_eq!(canon.cells(), [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]);
/// assert_eq!(canon.transform().apply(&grid)?, canon.cells());
///
/// let other = Transform::permute_stacks(2, 2, &[1, 0])?.apply(&grid)?;
/// assert_eq!(canonical_form(2, 2, &other)?.cells(), canon.cells());
/// # Ok::<(), sudoku_core::transform::TransformError>(())
/// ```
pub fn canonical_form(
    box_rows: usize,
    box_cols: usize,
    cells: &[u8],
) -> Result<Canonical, TransformError> {
    Canonicalizer::new().canonical_form(box_rows, box_cols, cells)
}

/// The canonical-form search with a cap on its work and a cancel flag, for inputs from
/// strangers: [`canonical_form`] and [`is_equivalent`] have neither, and some puzzles of the
/// larger supported shapes (12×12, 1×9 boxes…) take seconds.
///
/// The unit of [`budget`](Self::budget) is a *search node*: one column, row or complete
/// arrangement placed by the branch-and-bound; each costs at most O(N²) steps (N the side,
/// at most 32): well under a microsecond on the shapes it supports, so `budget(1_000_000)`
/// is well under a second. A 9×9 form takes from a few dozen to a few thousand nodes. The
/// [`cancel_flag`](Self::cancel_flag) is looked at the first node and then every 256 nodes.
/// Running out of either ends the call with [`TransformError::Interrupted`] (the one
/// [`Interrupted`](crate::Interrupted), in [`WorkUnit::Nodes`](crate::WorkUnit)), never a
/// wrong form.
///
/// ```
/// use std::sync::Arc;
/// use std::sync::atomic::AtomicBool;
/// use sudoku_core::transform::{canonical_form, Canonicalizer, TransformError};
///
/// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
/// let bounded = Canonicalizer::new().budget(100_000).cancel_flag(Arc::new(AtomicBool::new(false)));
/// assert_eq!(bounded.canonical_form(2, 2, &grid)?, canonical_form(2, 2, &grid)?);
/// let tiny = Canonicalizer::new().budget(3);
/// assert!(matches!(tiny.canonical_form(2, 2, &grid), Err(TransformError::Interrupted(_))));
/// # Ok::<(), TransformError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Canonicalizer {
    limits: Limits,
}

impl Canonicalizer {
    /// No cap, no cancel flag (as [`canonical_form`]).
    ///
    /// ```
    /// use sudoku_core::transform::{canonical_form, Canonicalizer};
    /// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    /// assert_eq!(Canonicalizer::new().canonical_form(2, 2, &grid)?, canonical_form(2, 2, &grid)?);
    /// # Ok::<(), sudoku_core::transform::TransformError>(())
    /// ```
    pub fn new() -> Canonicalizer {
        Canonicalizer::default()
    }

    /// Caps each call at `nodes` search nodes (see the type's docs); `None` (the default)
    /// removes the cap.
    ///
    /// ```
    /// use sudoku_core::transform::{Canonicalizer, TransformError};
    /// use sudoku_core::StopReason;
    ///
    /// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    /// match Canonicalizer::new().budget(3).canonical_form(2, 2, &grid) {
    ///     Err(TransformError::Interrupted(stop)) => assert_eq!((stop.reason(), stop.spent()), (StopReason::Budget, 4)),
    ///     other => panic!("{other:?}"),
    /// }
    /// ```
    pub fn budget(mut self, nodes: impl Into<Option<u64>>) -> Canonicalizer {
        self.limits.set_budget(nodes);
        self
    }

    /// Stops any call soon after `flag` becomes true (looked at the first node, then every
    /// 256 nodes).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use sudoku_core::transform::{Canonicalizer, TransformError};
    ///
    /// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    /// let raised = Canonicalizer::new().cancel_flag(Arc::new(AtomicBool::new(true)));
    /// assert!(matches!(raised.canonical_form(2, 2, &grid), Err(TransformError::Interrupted(stop)) if stop.is_cancelled()));
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Canonicalizer {
        self.limits.set_cancel_flag(flag);
        self
    }

    /// As [`canonical_form`], within the budget and cancel flag.
    ///
    /// ```
    /// use sudoku_core::transform::{canonical_form, Canonicalizer, Transform};
    ///
    /// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    /// let form = Canonicalizer::new().budget(10_000).canonical_form(2, 2, &grid)?;
    /// assert_eq!(form.transform().apply(&grid)?, form.cells());
    /// # Ok::<(), sudoku_core::transform::TransformError>(())
    /// ```
    ///
    /// # Errors
    /// As [`canonical_form`], and [`TransformError::Interrupted`] when the budget runs out or
    /// the flag is raised.
    pub fn canonical_form(
        &self,
        box_rows: usize,
        box_cols: usize,
        cells: &[u8],
    ) -> Result<Canonical, TransformError> {
        let dims = Dims::new(box_rows, box_cols)?;
        dims.check_cells(cells)?;
        let n = dims.n;
        let transposed: Vec<u8>;
        let mut sources: [(bool, &[u8]); 2] = [(false, cells), (false, cells)];
        let count = if dims.is_square() {
            transposed = (0..n * n).map(|i| cells[(i % n) * n + i / n]).collect();
            sources[1] = (true, &transposed);
            2
        } else {
            1
        };
        let mut best = Best::new(n, &self.limits);
        if dims.br >= 2 && latin::is_latin(cells, n) {
            latin::canonical(dims.br, dims.bc, &sources[..count], &mut best);
        } else if supports_canonical_form(box_rows, box_cols) {
            generic::canonical(dims.br, dims.bc, &sources[..count], &mut best);
        } else {
            return Err(TransformError::CanonicalFormUnsupported { box_rows, box_cols });
        }
        if let Some(stop) = best.stopped {
            return Err(TransformError::Interrupted(stop));
        }
        debug_assert_eq!(best.valid, n * n);
        let transform = best.transform(dims);
        Ok(Canonical {
            cells: best.cells,
            transform,
        })
    }

    /// As [`is_equivalent`], within the budget and cancel flag (each form has the whole
    /// budget).
    ///
    /// ```
    /// use sudoku_core::transform::{Canonicalizer, Transform};
    ///
    /// let grid = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
    /// let turned = Transform::transpose(2, 2)?.apply(&grid)?;
    /// assert!(Canonicalizer::new().budget(10_000).is_equivalent(2, 2, &grid, &turned)?);
    /// # Ok::<(), sudoku_core::transform::TransformError>(())
    /// ```
    ///
    /// # Errors
    /// As [`Canonicalizer::canonical_form`], for either operand.
    pub fn is_equivalent(
        &self,
        box_rows: usize,
        box_cols: usize,
        a: &[u8],
        b: &[u8],
    ) -> Result<bool, TransformError> {
        Ok(self.canonical_form(box_rows, box_cols, a)?.cells
            == self.canonical_form(box_rows, box_cols, b)?.cells)
    }
}

/// Whether two grids or puzzles of the same shape are equivalent (equal canonical forms).
///
/// # Errors
/// As [`canonical_form`], for either operand.
pub fn is_equivalent(
    box_rows: usize,
    box_cols: usize,
    a: &[u8],
    b: &[u8],
) -> Result<bool, TransformError> {
    Ok(
        canonical_form(box_rows, box_cols, a)?.cells
            == canonical_form(box_rows, box_cols, b)?.cells,
    )
}
