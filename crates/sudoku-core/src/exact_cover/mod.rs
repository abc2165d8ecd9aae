//! A generic exact-cover solver: Knuth's Algorithm X with dancing links.
//!
//! An exact-cover problem is a set of *columns* (constraints) and a set of *rows* (choices),
//! each row covering some columns. A solution is a set of rows covering every **primary**
//! column exactly once and every **secondary** column at most once (as in Knuth's
//! Algorithm X, a row covering only secondary columns is never part of a solution). Sudoku, N-queens,
//! pentomino tilings and many puzzles are exact-cover problems.
//!
//! The matrix lives in flat index arrays (one node per 1 of the sparse matrix): 16-bit links
//! in fixed arrays of 65,536 entries for matrices of up to 65,536 nodes (every sudoku up to
//! 25×25 classic; an index that is a `u16` cannot be out of bounds, so the inner loops carry
//! no bounds checks), 32-bit links beyond. A search allocates nothing after it starts and
//! always branches on a column with fewest rows (Knuth's "S heuristic"), taking a column
//! left with no row first. Searches reuse the matrix: one [`ExactCover`] serves any number
//! of searches (the sudoku solver builds one per shape and reuses it for every puzzle). A
//! search does not undo its changes when dropped; the next one starts by linking only the
//! rows that its selected and excluded rows leave alive, in one pass (cheaper than covering
//! sudoku givens one by one), or by copying back the untouched links.
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
//!     ec.search().count_solutions(u64::MAX).unwrap().at_least()
//! }
//! assert_eq!(queens(6), 4);
//! assert_eq!(queens(8), 92);
//! ```
//!
//! # Budget and cancellation
//!
//! [`Search::budget`] caps the number of rows tried ([`WorkUnit::Nodes`](crate::WorkUnit))
//! and [`Search::cancel_flag`] watches an [`AtomicBool`](core::sync::atomic::AtomicBool)
//! shared with another thread; either makes the search return
//! [`Interrupted`](crate::Interrupted) ("unknown") instead of running on.

mod links;
mod search;

pub use search::Search;

use links::Links;

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
    /// The matrix would exceed 2^31 − 1 nodes.
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

/// The matrix as built: nodes numbered as in the links: 0 unused, `1..=columns` the column
/// headers, then a *spacer* node, and each row's nodes contiguous followed by a spacer
/// (Knuth's layout in TAOCP 7.2.2.1).
#[derive(Clone, Debug)]
struct Matrix {
    primary: usize,
    columns: usize,
    /// Column header of each node (a header's own index for headers, 0 for node 0 and the
    /// spacers).
    col_of: Vec<u32>,
    /// Row of each node (`u32::MAX` for node 0, the headers and the spacers).
    row_of: Vec<u32>,
    /// First node of each row, then one past the last spacer: row `r` holds the nodes
    /// `row_start[r]..row_start[r + 1] - 1`, the spacer after it is `row_start[r + 1] - 1`.
    row_start: Vec<u32>,
    /// Rows of each column (by header index), filled when the links are built:
    /// `col_rows[col_start[c]..col_start[c + 1]]`.
    col_start: Vec<u32>,
    col_rows: Vec<u32>,
    /// Rows in each column (by header index).
    col_size: Vec<u32>,
}

impl Matrix {
    fn rows(&self) -> usize {
        self.row_start.len() - 1
    }

    /// The column headers of a row's nodes.
    #[inline]
    fn row_cols(&self, row: usize) -> &[u32] {
        &self.col_of[self.row_start[row] as usize..self.row_start[row + 1] as usize - 1]
    }

    /// The rows of column header `c` (valid once the links are built).
    #[inline]
    fn col_rows(&self, c: usize) -> &[u32] {
        &self.col_rows[self.col_start[c] as usize..self.col_start[c + 1] as usize]
    }

    fn index_columns(&mut self) {
        let mut start = Vec::with_capacity(self.columns + 2);
        let mut acc = 0u32;
        start.push(0);
        for c in 0..=self.columns {
            acc += if c == 0 { 0 } else { self.col_size[c] };
            start.push(acc);
        }
        // start[c] is the beginning of header c's rows.
        let mut fill = start.clone();
        let mut rows = vec![0u32; acc as usize];
        for row in 0..self.rows() {
            for &c in self.row_cols(row) {
                rows[fill[c as usize] as usize] = row as u32;
                fill[c as usize] += 1;
            }
        }
        self.col_start = start;
        self.col_rows = rows;
    }
}

/// The compiled links, in the narrowest index type that holds the matrix.
#[derive(Clone, Debug)]
enum Engine {
    Small(Links<u16>),
    Large(Links<u32>),
}

/// What a search was told before it started.
#[derive(Clone, Debug)]
struct Scratch {
    /// Columns covered by selected rows (by header index).
    covered: Vec<bool>,
    /// Rows selected, excluded and preferred.
    selected: Vec<u32>,
    excluded: Vec<u32>,
    preferred: Vec<u32>,
}

/// An exact-cover matrix: columns `0..primary` must be covered exactly once, columns
/// `primary..primary + secondary` at most once.
///
/// Build it once with [`add_row`](Self::add_row), then run any number of
/// [`search`](Self::search)es on it.
#[derive(Clone, Debug)]
pub struct ExactCover {
    m: Matrix,
    /// Built by the first search after the last [`add_row`](Self::add_row).
    engine: Option<Box<Engine>>,
    /// Search scratch, kept to avoid allocating per search.
    scratch: Scratch,
    /// Use this representation whatever the size (tests).
    force: Option<Repr>,
}

/// The representations of the matrix during a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Repr {
    /// Dancing links with 16-bit indices.
    Small,
    /// Dancing links with 32-bit indices.
    Large,
}

/// Matrices with at most this many nodes (headers included) and columns of fewer than
/// 2^15 rows use 16-bit links.
const SMALL_MAX_NODES: usize = 1 << 16;

impl ExactCover {
    /// An empty matrix with `primary` then `secondary` columns.
    pub fn new(primary: usize, secondary: usize) -> ExactCover {
        let columns = primary + secondary;
        let mut col_of = Vec::with_capacity(columns + 2);
        col_of.push(0);
        col_of.extend(1..=columns as u32);
        col_of.push(0);
        ExactCover {
            m: Matrix {
                primary,
                columns,
                col_of,
                row_of: vec![u32::MAX; columns + 2],
                row_start: vec![columns as u32 + 2],
                col_start: Vec::new(),
                col_rows: Vec::new(),
                col_size: vec![0; columns + 1],
            },
            engine: None,
            scratch: Scratch {
                covered: vec![false; columns + 1],
                selected: Vec::new(),
                excluded: Vec::new(),
                preferred: Vec::new(),
            },
            force: None,
        }
    }

    /// Number of primary columns.
    pub fn primary_columns(&self) -> usize {
        self.m.primary
    }

    /// Number of columns, primary and secondary.
    pub fn columns(&self) -> usize {
        self.m.columns
    }

    /// Number of rows added.
    pub fn rows(&self) -> usize {
        self.m.rows()
    }

    /// Adds a row covering `columns` (indices in `0..columns()`, distinct); returns its
    /// index (rows are numbered 0.. in the order added).
    ///
    /// # Errors
    /// [`ExactCoverError`] for an empty row, an out-of-range or repeated column, or a matrix
    /// beyond 2^31 nodes.
    pub fn add_row(&mut self, columns: &[usize]) -> Result<usize, ExactCoverError> {
        if columns.is_empty() {
            return Err(ExactCoverError::EmptyRow);
        }
        for (i, &c) in columns.iter().enumerate() {
            if c >= self.m.columns {
                return Err(ExactCoverError::Column {
                    column: c,
                    columns: self.m.columns,
                });
            }
            if columns[..i].contains(&c) {
                return Err(ExactCoverError::Duplicate { column: c });
            }
        }
        let start = self.m.col_of.len();
        if start + columns.len() + 1 >= (1 << 31) {
            return Err(ExactCoverError::TooLarge);
        }
        let row = self.rows() as u32;
        for &c in columns {
            self.m.col_of.push(c as u32 + 1);
            self.m.row_of.push(row);
            self.m.col_size[c + 1] += 1;
        }
        self.m.col_of.push(0);
        self.m.row_of.push(u32::MAX);
        self.m.row_start.push(self.m.col_of.len() as u32);
        self.engine = None;
        Ok(row as usize)
    }

    /// The columns of row `row`, in the order given to [`add_row`](Self::add_row).
    ///
    /// # Panics
    /// If `row >= rows()`.
    pub fn row(&self, row: usize) -> impl Iterator<Item = usize> + '_ {
        self.m.row_cols(row).iter().map(|&c| c as usize - 1)
    }

    /// Starts a search. The matrix is unchanged for the next search when the returned
    /// [`Search`] is dropped.
    pub fn search(&mut self) -> Search<'_> {
        if self.engine.is_none() {
            self.m.index_columns();
            let max_size = self.m.col_size.iter().copied().max().unwrap_or(0);
            let small = self.m.col_of.len() <= SMALL_MAX_NODES
                && max_size < u32::from(<u16 as links::Idx>::COVERED);
            let repr = self
                .force
                .unwrap_or(if small { Repr::Small } else { Repr::Large });
            self.engine = Some(Box::new(match repr {
                Repr::Small if small => Engine::Small(Links::new(&self.m)),
                _ => Engine::Large(Links::new(&self.m)),
            }));
        }
        Search::new(self)
    }

    /// Uses this representation when the matrix fits it (tests of every path).
    #[cfg(test)]
    pub(crate) fn set_repr(&mut self, repr: Repr) {
        self.force = Some(repr);
        self.engine = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Count;

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
            assert_eq!(
                ec.search().count_solutions(u64::MAX).unwrap(),
                Count::Exact(a),
                "n = {n}"
            );
        }
    }

    #[test]
    fn matrix_restored_after_search() {
        matrix_restored(Repr::Small);
        matrix_restored(Repr::Large);
    }

    fn matrix_restored(repr: Repr) {
        let mut ec = ExactCover::new(4, 0);
        ec.set_repr(repr);
        for row in [
            &[0, 1][..],
            &[2, 3],
            &[0, 2],
            &[1, 3],
            &[0],
            &[1],
            &[2],
            &[3],
        ] {
            ec.add_row(row).unwrap();
        }
        let total = ec.search().count_solutions(u64::MAX).unwrap();
        assert_eq!(total, Count::Exact(7)); // {01,23}, {02,13}, {01,2,3}, {23,0,1}, {02,1,3}, {13,0,2}, {0,1,2,3}
        {
            let mut s = ec.search();
            s.select(0).unwrap();
            assert_eq!(s.next_solution().unwrap().map(<[usize]>::len), Some(2));
            // dropped half-way
        }
        {
            let mut s = ec.search();
            s.exclude(0).unwrap();
            assert_eq!(s.count_solutions(u64::MAX).unwrap(), Count::Exact(5));
        }
        assert_eq!(ec.search().count_solutions(u64::MAX).unwrap(), total);
    }

    /// Every solution by brute force over subsets of rows (small matrices only).
    fn brute(
        primary: usize,
        secondary: usize,
        rows: &[Vec<usize>],
        selected: &[usize],
        excluded: &[usize],
    ) -> u64 {
        let mut count = 0;
        for mask in 0u32..(1 << rows.len()) {
            if selected.iter().any(|&r| mask & (1 << r) == 0)
                || excluded
                    .iter()
                    .any(|&r| mask & (1 << r) != 0 && !selected.contains(&r))
            {
                continue;
            }
            let mut hits = vec![0; primary + secondary];
            let mut useless = false;
            for (r, cols) in rows.iter().enumerate() {
                if mask & (1 << r) != 0 {
                    // Knuth's convention: a row with no primary column is never chosen
                    // (unless selected beforehand).
                    useless |= !selected.contains(&r) && cols.iter().all(|&c| c >= primary);
                    for &c in cols {
                        hits[c] += 1;
                    }
                }
            }
            if useless {
                continue;
            }
            if hits[..primary].iter().all(|&h| h == 1) && hits[primary..].iter().all(|&h| h <= 1) {
                count += 1;
            }
        }
        count
    }

    fn matrix() -> impl proptest::strategy::Strategy<Value = (usize, usize, Vec<Vec<usize>>)> {
        use proptest::prelude::*;
        (1usize..6, 0usize..3).prop_flat_map(|(p, s)| {
            let row = proptest::sample::subsequence((0..p + s).collect::<Vec<_>>(), 1..=p + s);
            (Just(p), Just(s), proptest::collection::vec(row, 1..12))
        })
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]
        /// Both link widths count like brute force, with selected, excluded and preferred
        /// rows, over a sequence of searches on the same matrix (restore by copy and by
        /// rebuild), and every listed solution is an exact cover.
        #[test]
        fn counts_agree_with_brute_force(
            (p, s, rows) in matrix(),
            picks in proptest::collection::vec((0usize..12, 0u8..4), 0..12),
        ) {
            for repr in [Repr::Small, Repr::Large] {
                let mut ec = ExactCover::new(p, s);
                ec.set_repr(repr);
                for r in &rows {
                    ec.add_row(r).unwrap();
                }
                // One search per prefix of the picks, then a plain one.
                for k in 0..=picks.len() {
                    let (mut sel, mut exc) = (Vec::new(), Vec::new());
                    let mut search = ec.search();
                    let mut clash = false;
                    for &(r, kind) in &picks[..k] {
                        let r = r % rows.len();
                        match kind {
                            0 => {
                                if search.select(r).unwrap() {
                                    sel.push(r);
                                } else {
                                    clash = true;
                                }
                            }
                            1 => {
                                // Rows already killed by a selection are left alone.
                                let dead = sel.iter().any(|&q| rows[q].iter().any(|c| rows[r].contains(c)));
                                search.exclude(r).unwrap();
                                if !dead {
                                    exc.push(r);
                                }
                            }
                            _ => search.prefer(r).unwrap(),
                        }
                    }
                    let mut listed = 0;
                    while let Some(sol) = search.next_solution().unwrap() {
                        let mut hits = vec![0; p + s];
                        for &r in sol {
                            for &c in &rows[r] {
                                hits[c] += 1;
                            }
                        }
                        proptest::prop_assert!(hits[..p].iter().all(|&h| h == 1));
                        proptest::prop_assert!(hits[p..].iter().all(|&h| h <= 1));
                        listed += 1;
                    }
                    let want = if clash { 0 } else { brute(p, s, &rows, &sel, &exc) };
                    proptest::prop_assert_eq!(listed, want);
                }
                let all = ec.search().count_solutions(u64::MAX).unwrap();
                proptest::prop_assert_eq!(all, Count::Exact(brute(p, s, &rows, &[], &[])));
            }
        }
    }

    /// The sudoku matrix with 16-bit and 32-bit links: same solutions, same order.
    #[test]
    fn link_widths_agree_on_sudoku() {
        use crate::{Geometry, Shape};
        let geo = Geometry::classic(Shape::new(2, 3).unwrap());
        let n = geo.size();
        let mut solutions = Vec::new();
        for repr in [Repr::Small, Repr::Large] {
            let mut ec = ExactCover::new(geo.cell_count() + geo.house_count() * n, 0);
            ec.set_repr(repr);
            for cell in 0..geo.cell_count() {
                for v in 0..n {
                    let mut cols = vec![cell];
                    cols.extend(
                        geo.houses_of(crate::Cell::new(cell))
                            .iter()
                            .map(|&h| geo.cell_count() + h.index() * n + v),
                    );
                    ec.add_row(&cols).unwrap();
                }
            }
            let mut s = ec.search();
            // Row 0 fixed to 1..6: 39,168 grids (28,200,960 / 6!).
            for c in 0..n {
                s.select(c * n + c).unwrap();
            }
            let sols: Vec<Vec<usize>> = s.by_ref().take(500).map(Result::unwrap).collect();
            assert_eq!(
                s.count_solutions(u64::MAX).unwrap(),
                Count::Exact(39_168 - 500)
            );
            drop(s);
            solutions.push(sols);
        }
        assert_eq!(solutions[0], solutions[1]);
    }

    /// A preferred solution is the first one found, from any seed row order.
    #[test]
    fn preferred_rows_come_first() {
        let mut ec = ExactCover::new(6, 0);
        let mut pairs = Vec::new();
        for a in 0..6 {
            for b in a + 1..6 {
                pairs.push((a, b));
                ec.add_row(&[a, b]).unwrap();
            }
        }
        // Perfect matchings of K6: 15; prefer {0,5}, {1,4}, {2,3}.
        let want: Vec<usize> = [(0, 5), (1, 4), (2, 3)]
            .iter()
            .map(|p| pairs.iter().position(|q| q == p).unwrap())
            .collect();
        let mut s = ec.search();
        for &r in &want {
            s.prefer(r).unwrap();
        }
        let mut first = s.next_solution().unwrap().unwrap().to_vec();
        first.sort_unstable();
        assert_eq!(first, want);
        assert_eq!(s.count_solutions(u64::MAX).unwrap(), Count::Exact(14));
        drop(s);
        assert_eq!(
            ec.search().prefer(99),
            Err(ExactCoverError::Row { row: 99, rows: 15 })
        );
    }
}
