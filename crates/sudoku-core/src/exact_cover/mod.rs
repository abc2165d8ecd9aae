//! A generic exact-cover solver: Knuth's Algorithm X with dancing links.
//!
//! An exact-cover problem is a set of *columns* (constraints) and a set of *rows* (choices),
//! each row covering some columns. A solution is a set of rows covering every **primary**
//! column exactly once and every **secondary** column at most once. Sudoku, N-queens,
//! pentomino tilings and many puzzles are exact-cover problems.
//!
//! The matrix lives in flat index arrays (one node per 1 of the sparse matrix); a search
//! allocates nothing after it starts, always branches on a column with fewest rows (Knuth's
//! "S heuristic"), and restores the matrix when it is dropped, so one [`ExactCover`] serves
//! any number of searches (the sudoku solver builds one per shape and reuses it for every
//! puzzle).
//!
//! ```
//! use sudoku_core::exact_cover::ExactCover;
//!
//! // Knuth's example: columns A..G, rows as in "Dancing Links" (2000).
//! let mut ec = ExactCover::new(7, 0);
//! for row in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
//!     ec.add_row(row)?;
//! }
//! let mut search = ec.search();
//! let mut first = search.next_solution()?.expect("one solution").to_vec();
//! first.sort();
//! assert_eq!(first, vec![0, 3, 4]);
//! assert_eq!(search.next_solution()?, None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # N-queens with secondary columns
//!
//! Each queen placement covers its rank and file (primary: every rank and file has a queen)
//! and its two diagonals (secondary: at most one queen each).
//!
//! ```
//! use sudoku_core::exact_cover::ExactCover;
//!
//! fn queens(n: usize) -> u64 {
//!     let diagonals = 2 * n - 1;
//!     let mut ec = ExactCover::new(2 * n, 2 * diagonals);
//!     for r in 0..n {
//!         for c in 0..n {
//!             let d1 = 2 * n + r + c;
//!             let d2 = 2 * n + diagonals + (r + n - 1 - c);
//!             ec.add_row(&[r, n + c, d1, d2]).unwrap();
//!         }
//!     }
//!     ec.search().count_solutions(u64::MAX).unwrap()
//! }
//! assert_eq!(queens(6), 4);
//! assert_eq!(queens(8), 92);
//! ```
//!
//! # Budget and cancellation
//!
//! [`Search::budget`] caps the number of rows tried and [`Search::cancel_flag`] watches an
//! [`AtomicBool`](core::sync::atomic::AtomicBool); either makes the search return
//! [`Interrupted`] ("unknown") instead of running on.

mod search;

pub use search::{Interrupted, InterruptReason, Search};

/// A node of the toroidal linked matrix. Index 0 is the root, `1..=columns` the column
/// headers, then the row nodes, each row's nodes contiguous.
#[derive(Clone, Copy, Debug, Default)]
struct Node {
    l: u32,
    r: u32,
    u: u32,
    d: u32,
    col: u32,
}

/// A row that cannot be added.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ExactCoverError {
    /// The row covers no column.
    #[error("a row must cover at least one column")]
    EmptyRow,
    /// A column index is out of range.
    #[error("column {column} out of range (the matrix has {columns} columns)")]
    Column {
        /// The bad index.
        column: usize,
        /// Number of columns.
        columns: usize,
    },
    /// A column appears twice in the row.
    #[error("column {column} appears twice in the row")]
    Duplicate {
        /// The repeated column.
        column: usize,
    },
    /// The matrix would exceed 2^32 − 1 nodes.
    #[error("the matrix is too large")]
    TooLarge,
    /// A row index is out of range (for [`Search::select`] and [`Search::exclude`]).
    #[error("row {row} out of range (the matrix has {rows} rows)")]
    Row {
        /// The bad index.
        row: usize,
        /// Number of rows.
        rows: usize,
    },
}

/// An exact-cover matrix: columns `0..primary` must be covered exactly once, columns
/// `primary..primary + secondary` at most once.
///
/// Build it once with [`add_row`](Self::add_row), then run any number of
/// [`search`](Self::search)es on it.
#[derive(Clone, Debug)]
pub struct ExactCover {
    primary: usize,
    columns: usize,
    nodes: Vec<Node>,
    size: Vec<u32>,
    row_of: Vec<u32>,
    row_start: Vec<u32>,
    /// Scratch for searches, kept to avoid allocating per search.
    choice: Vec<u32>,
    first: Vec<u32>,
    undo: Vec<(bool, u32)>,
    covered: Vec<bool>,
    /// A copy of the links before any search, for matrices small enough that copying them
    /// back is cheaper than undoing a search step by step.
    pristine: Option<Box<(Vec<Node>, Vec<u32>)>>,
    copy_restore: bool,
    /// Columns whose size fell to 0 or 1 since the last choice (possibly stale): checked
    /// first by `choose_column`, which then skips its full scan.
    hot: Vec<u32>,
}

/// Marks the size of a covered column.
const COVERED: u32 = 1 << 31;

/// Matrices up to this many nodes are restored by copy after a search.
const COPY_RESTORE_MAX_NODES: usize = 24_576;

impl ExactCover {
    /// An empty matrix with `primary` then `secondary` columns.
    pub fn new(primary: usize, secondary: usize) -> ExactCover {
        let columns = primary + secondary;
        let mut nodes = Vec::with_capacity(columns + 1);
        nodes.push(Node::default());
        for c in 1..=columns {
            let (l, r) = if c <= primary {
                (c as u32 - 1, if c == primary { 0 } else { c as u32 + 1 })
            } else {
                (c as u32, c as u32)
            };
            nodes.push(Node {
                l,
                r,
                u: c as u32,
                d: c as u32,
                col: c as u32,
            });
        }
        nodes[0].r = if primary == 0 { 0 } else { 1 };
        nodes[0].l = primary as u32;
        ExactCover {
            primary,
            columns,
            size: vec![0; columns + 1],
            row_of: vec![u32::MAX; columns + 1],
            nodes,
            row_start: vec![columns as u32 + 1],
            choice: Vec::new(),
            first: Vec::new(),
            undo: Vec::new(),
            covered: vec![false; columns + 1],
            pristine: None,
            copy_restore: true,
            hot: Vec::new(),
        }
    }

    /// Number of primary columns.
    pub fn primary_columns(&self) -> usize {
        self.primary
    }

    /// Number of columns, primary and secondary.
    pub fn columns(&self) -> usize {
        self.columns
    }

    /// Number of rows added.
    pub fn rows(&self) -> usize {
        self.row_start.len() - 1
    }

    /// Adds a row covering `columns` (indices in `0..columns()`, distinct); returns its
    /// index (rows are numbered 0.. in the order added).
    ///
    /// # Errors
    /// [`ExactCoverError`] for an empty row, an out-of-range or repeated column, or a matrix
    /// beyond 2^32 nodes.
    pub fn add_row(&mut self, columns: &[usize]) -> Result<usize, ExactCoverError> {
        if columns.is_empty() {
            return Err(ExactCoverError::EmptyRow);
        }
        for (i, &c) in columns.iter().enumerate() {
            if c >= self.columns {
                return Err(ExactCoverError::Column {
                    column: c,
                    columns: self.columns,
                });
            }
            if columns[..i].contains(&c) {
                return Err(ExactCoverError::Duplicate { column: c });
            }
        }
        let start = self.nodes.len();
        if start + columns.len() >= u32::MAX as usize {
            return Err(ExactCoverError::TooLarge);
        }
        let row = self.rows() as u32;
        let k = columns.len();
        for (i, &c) in columns.iter().enumerate() {
            let h = c as u32 + 1;
            let me = (start + i) as u32;
            let up = self.nodes[h as usize].u;
            self.nodes.push(Node {
                l: (start + (i + k - 1) % k) as u32,
                r: (start + (i + 1) % k) as u32,
                u: up,
                d: h,
                col: h,
            });
            self.nodes[up as usize].d = me;
            self.nodes[h as usize].u = me;
            self.size[h as usize] += 1;
            self.row_of.push(row);
        }
        self.row_start.push(self.nodes.len() as u32);
        self.pristine = None;
        Ok(row as usize)
    }

    /// The columns of row `row`, in the order given to [`add_row`](Self::add_row).
    ///
    /// # Panics
    /// If `row >= rows()`.
    pub fn row(&self, row: usize) -> impl Iterator<Item = usize> + '_ {
        let (a, b) = (self.row_start[row], self.row_start[row + 1]);
        (a..b).map(move |i| self.nodes[i as usize].col as usize - 1)
    }

    /// Starts a search. The matrix is restored when the returned [`Search`] is dropped.
    pub fn search(&mut self) -> Search<'_> {
        if self.copy_restore && self.pristine.is_none() && self.nodes.len() <= COPY_RESTORE_MAX_NODES {
            self.pristine = Some(Box::new((self.nodes.clone(), self.size.clone())));
        }
        Search::new(self)
    }

    /// Turns restoring by copy on or off (tests of the step-by-step path).
    #[cfg(test)]
    pub(crate) fn set_copy_restore(&mut self, on: bool) {
        self.copy_restore = on;
        self.pristine = None;
    }

    /// Restores the links from the pristine copy; false if there is none.
    fn restore_by_copy(&mut self) -> bool {
        match &self.pristine {
            Some(p) => {
                self.nodes.copy_from_slice(&p.0);
                self.size.copy_from_slice(&p.1);
                true
            }
            None => false,
        }
    }

    // ----- dancing-links primitives -------------------------------------------------

    #[inline(always)]
    fn cover(&mut self, c: u32) {
        cover(&mut self.nodes, &mut self.size, &mut self.hot, c);
    }

    #[inline(always)]
    fn uncover(&mut self, c: u32) {
        uncover(&mut self.nodes, &mut self.size, c);
    }

    /// Covers the columns of the row of node `r` other than `r`'s own.
    #[inline(always)]
    fn select_others(&mut self, r: u32) {
        let (nodes, size, hot) = (&mut self.nodes[..], &mut self.size[..], &mut self.hot);
        let mut j = nodes[r as usize].r;
        while j != r {
            let c = nodes[j as usize].col;
            cover(nodes, size, hot, c);
            j = nodes[j as usize].r;
        }
    }

    /// Undoes [`select_others`](Self::select_others).
    #[inline(always)]
    fn unselect_others(&mut self, r: u32) {
        let (nodes, size) = (&mut self.nodes[..], &mut self.size[..]);
        let mut j = nodes[r as usize].l;
        while j != r {
            let c = nodes[j as usize].col;
            uncover(nodes, size, c);
            j = nodes[j as usize].l;
        }
    }

    /// Unlinks the nodes of a row from their columns (the row disappears).
    fn hide_row(&mut self, row: u32) {
        let (a, b) = (self.row_start[row as usize], self.row_start[row as usize + 1]);
        for j in a..b {
            let Node { u, d, col, .. } = self.nodes[j as usize];
            self.nodes[u as usize].d = d;
            self.nodes[d as usize].u = u;
            self.size[col as usize] -= 1;
        }
    }

    /// Undoes [`hide_row`](Self::hide_row).
    fn unhide_row(&mut self, row: u32) {
        let (a, b) = (self.row_start[row as usize], self.row_start[row as usize + 1]);
        for j in (a..b).rev() {
            let Node { u, d, col, .. } = self.nodes[j as usize];
            self.size[col as usize] += 1;
            self.nodes[u as usize].d = j;
            self.nodes[d as usize].u = j;
        }
    }

    /// An uncovered primary column with fewest rows and its size, or `None` when every
    /// primary column is covered. A column that fell to 0 or 1 row is taken from the `hot`
    /// list when there is one; otherwise a flat scan of the sizes (covered columns carry the
    /// `COVERED` bit), which vectorises, finds the first column of least size.
    #[inline(always)]
    fn choose_column(&mut self) -> Option<(u32, u32)> {
        while let Some(c) = self.hot.pop() {
            let s = self.size[c as usize];
            if s <= 1 && c as usize <= self.primary {
                return Some((c, s));
            }
        }
        let sizes = &self.size[1..=self.primary];
        let min = sizes.iter().fold(u32::MAX, |a, &b| a.min(b));
        if min >= COVERED {
            return None;
        }
        let i = sizes.iter().position(|&s| s == min).unwrap_or(0);
        Some((i as u32 + 1, min))
    }
}

// The primitives take the arrays as separate `&mut` arguments so the compiler knows they do
// not alias and keeps their addresses in registers.

#[inline(always)]
fn cover(nodes: &mut [Node], size: &mut [u32], hot: &mut Vec<u32>, c: u32) {
    let Node { l, r, d: first, .. } = nodes[c as usize];
    nodes[l as usize].r = r;
    nodes[r as usize].l = l;
    // A covered column's size is never touched until it is uncovered: mark it so the flat
    // scan of `choose_column` skips it.
    size[c as usize] ^= COVERED;
    let mut i = first;
    while i != c {
        let mut j = nodes[i as usize].r;
        while j != i {
            let Node { u, d, col, r, .. } = nodes[j as usize];
            nodes[u as usize].d = d;
            nodes[d as usize].u = u;
            let s = size[col as usize] - 1;
            size[col as usize] = s;
            if s <= 1 && hot.len() < hot.capacity() {
                hot.push(col);
            }
            j = r;
        }
        i = nodes[i as usize].d;
    }
}

#[inline(always)]
fn uncover(nodes: &mut [Node], size: &mut [u32], c: u32) {
    let mut i = nodes[c as usize].u;
    while i != c {
        let mut j = nodes[i as usize].l;
        while j != i {
            let Node { u, d, col, l, .. } = nodes[j as usize];
            size[col as usize] += 1;
            nodes[u as usize].d = j;
            nodes[d as usize].u = j;
            j = l;
        }
        i = nodes[i as usize].u;
    }
    let Node { l, r, .. } = nodes[c as usize];
    nodes[l as usize].r = c;
    nodes[r as usize].l = c;
    size[c as usize] ^= COVERED;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_row_errors() {
        let mut ec = ExactCover::new(3, 1);
        assert_eq!(ec.add_row(&[]), Err(ExactCoverError::EmptyRow));
        assert_eq!(
            ec.add_row(&[4]),
            Err(ExactCoverError::Column {
                column: 4,
                columns: 4
            })
        );
        assert_eq!(
            ec.add_row(&[1, 1]),
            Err(ExactCoverError::Duplicate { column: 1 })
        );
        assert_eq!(ec.add_row(&[0, 3]), Ok(0));
        assert_eq!(ec.row(0).collect::<Vec<_>>(), vec![0, 3]);
    }

    /// Pentomino-free but non-trivial: tilings of a 2×n strip by dominoes are Fibonacci.
    #[test]
    fn domino_tilings() {
        for n in 1..12 {
            let mut ec = ExactCover::new(2 * n, 0);
            for c in 0..n {
                ec.add_row(&[c, n + c]).unwrap();
                if c + 1 < n {
                    ec.add_row(&[c, c + 1]).unwrap();
                    ec.add_row(&[n + c, n + c + 1]).unwrap();
                }
            }
            let (mut a, mut b) = (1u64, 1u64);
            for _ in 0..n {
                (a, b) = (b, a + b);
            }
            assert_eq!(ec.search().count_solutions(u64::MAX).unwrap(), a, "n = {n}");
        }
    }

    #[test]
    fn matrix_restored_after_search() {
        matrix_restored(true);
        matrix_restored(false);
    }

    fn matrix_restored(copy: bool) {
        let mut ec = ExactCover::new(4, 0);
        ec.set_copy_restore(copy);
        for row in [&[0, 1][..], &[2, 3], &[0, 2], &[1, 3], &[0], &[1], &[2], &[3]] {
            ec.add_row(row).unwrap();
        }
        let total = ec.search().count_solutions(u64::MAX).unwrap();
        assert_eq!(total, 7); // {01,23}, {02,13}, {01,2,3}, {23,0,1}, {02,1,3}, {13,0,2}, {0,1,2,3}
        {
            let mut s = ec.search();
            s.select(0).unwrap();
            assert_eq!(s.next_solution().unwrap().map(<[usize]>::len), Some(2));
            // dropped half-way
        }
        {
            let mut s = ec.search();
            s.exclude(0).unwrap();
            assert_eq!(s.count_solutions(u64::MAX).unwrap(), 5);
        }
        assert_eq!(ec.search().count_solutions(u64::MAX).unwrap(), total);
    }
}
