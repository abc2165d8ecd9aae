//! The linked matrix and the dancing-links primitives, generic over the width of the
//! indices.
//!
//! A matrix of at most 65,536 nodes (every sudoku up to 25×25 classic) uses 16-bit links
//! stored in fixed arrays of 65,536 entries: a node takes 8 bytes (a 9×9 sudoku's 3,241
//! nodes fit in 26 KB, inside a level-1 cache), and an index that is a `u16` can never be
//! out of bounds, so the compiler drops every bounds check of the inner loops. Larger
//! matrices use 32-bit links in vectors.
//!
//! The links are not restored step by step after a search: a search leaves them *dirty*,
//! and the next search rebuilds them in one sequential pass over the rows, skipping the rows
//! killed by its selected rows (the sudoku givens) instead of covering them one by one.

use core::fmt::Debug;
use core::ops::{Deref, DerefMut};

use super::Matrix;

/// An index type of the links: `u16` (fixed arrays, no bounds checks) or `u32`.
pub(super) trait Idx: Copy + Eq + Ord + Default + Debug + Send + Sync + 'static {
    /// The bit marking the size of a covered column (above every real size).
    const COVERED: Self;
    /// The greatest value.
    const MAX: Self;
    /// Storage for per-node and per-column arrays.
    type Store<T: Copy + Default + Debug + Send + Sync + 'static>: Store<T>;
    /// From a value known to fit (truncates otherwise: callers check the ranges first).
    fn from_usize(x: usize) -> Self;
    /// As an array index.
    fn ix(self) -> usize;
    /// `self - 1` (sizes of live columns are at least 1 when decremented).
    fn dec(self) -> Self;
    /// `self + 1`.
    fn inc(self) -> Self;
    /// Flips the covered bit.
    fn flip(self) -> Self;
}

/// A fixed-length array of per-node or per-column data.
pub(super) trait Store<T>:
    Deref<Target = [T]> + DerefMut + Clone + Debug + Send + Sync
{
    /// Room for at least `len` entries, all default.
    fn with_len(len: usize) -> Self;
}

/// 65,536 entries on the heap: indexing by a `u16` needs no bounds check.
#[derive(Clone, Debug)]
pub(super) struct Fixed<T>(Box<[T; 1 << 16]>);

impl<T: Copy + Default + Debug + Send + Sync> Store<T> for Fixed<T> {
    fn with_len(_len: usize) -> Self {
        let b: Box<[T]> = vec![T::default(); 1 << 16].into_boxed_slice();
        Fixed(b.try_into().unwrap_or_else(|_| unreachable!()))
    }
}

impl<T> Deref for Fixed<T> {
    type Target = [T];
    #[inline(always)]
    fn deref(&self) -> &[T] {
        &self.0[..]
    }
}

impl<T> DerefMut for Fixed<T> {
    #[inline(always)]
    fn deref_mut(&mut self) -> &mut [T] {
        &mut self.0[..]
    }
}

impl<T: Copy + Default + Debug + Send + Sync> Store<T> for Vec<T> {
    fn with_len(len: usize) -> Self {
        vec![T::default(); len]
    }
}

/// Implements [`Idx`] for an unsigned integer type, with the store used at that width.
macro_rules! impl_idx {
    ($int:ty, $store:ident) => {
        impl Idx for $int {
            const COVERED: $int = 1 << (<$int>::BITS - 1);
            const MAX: $int = <$int>::MAX;
            type Store<T: Copy + Default + Debug + Send + Sync + 'static> = $store<T>;
            #[inline(always)]
            fn from_usize(x: usize) -> $int {
                x as $int
            }
            #[inline(always)]
            fn ix(self) -> usize {
                self as usize
            }
            #[inline(always)]
            fn dec(self) -> $int {
                self.wrapping_sub(1)
            }
            #[inline(always)]
            fn inc(self) -> $int {
                self.wrapping_add(1)
            }
            #[inline(always)]
            fn flip(self) -> $int {
                self ^ Self::COVERED
            }
        }
    };
}

impl_idx!(u16, Fixed);
impl_idx!(u32, Vec);

/// A node: index 0 is unused, `1..=columns` are the column headers, then spacers and rows
/// as in [`Matrix`] (spacers are never linked). `right` links each row's nodes in a ring.
/// Column headers are not linked to each other: the search scans the sizes as a flat array.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Node<I> {
    pub(super) up: I,
    pub(super) down: I,
    pub(super) col: I,
    pub(super) right: I,
}

/// The links of one matrix, and the search scratch that lives with them.
#[derive(Clone, Debug)]
pub(super) struct Links<I: Idx> {
    pub(super) nodes: I::Store<Node<I>>,
    /// Rows in each column; covered columns carry [`Idx::COVERED`].
    pub(super) size: I::Store<I>,
    /// Columns whose size fell to 0 or 1 since the last choice (possibly stale): checked
    /// first by [`choose`](Self::choose), which then skips its full scan. A fixed-length
    /// stack: pushes beyond its length are dropped (it is only a hint).
    hot: Vec<I>,
    hot_len: usize,
    /// `hot[hot_seen..hot_len]` were pushed since the last choice.
    hot_seen: usize,
    primary: usize,
    columns: usize,
    /// Node count (headers included).
    len: usize,
    /// The search chose these nodes, one per level.
    pub(super) choice: Vec<I>,
    /// The first node tried at each level (random order).
    pub(super) first: Vec<I>,
    /// The links describe the whole matrix, nothing covered (no rebuild needed).
    pub(super) clean: bool,
    /// The preferred node of each column (0: none), and the columns that have one.
    preferred: Vec<I>,
    preferred_cols: Vec<I>,
    /// Scratch for rebuilds: the live rows.
    live: Vec<u64>,
    /// The links and sizes with every row live, copied back before a search that selects
    /// no row.
    pristine_nodes: Vec<Node<I>>,
    pristine_size: Vec<I>,
}

impl<I: Idx> Links<I> {
    /// The links of `m`, all rows live.
    pub(super) fn new(m: &Matrix) -> Links<I> {
        let len = m.col_of.len();
        let mut nodes = I::Store::<Node<I>>::with_len(len);
        for (j, &c) in m.col_of.iter().enumerate() {
            nodes[j].col = I::from_usize(c as usize);
        }
        for row in 0..m.rows() {
            let (a, b) = (m.row_start[row] as usize, m.row_start[row + 1] as usize - 1);
            for j in a..b {
                nodes[j].right = I::from_usize(if j + 1 == b { a } else { j + 1 });
            }
        }
        let mut links = Links {
            nodes,
            size: I::Store::<I>::with_len(m.columns + 1),
            hot: vec![I::default(); 4 * m.columns + 64],
            hot_len: 0,
            hot_seen: 0,
            primary: m.primary,
            columns: m.columns,
            len,
            choice: vec![I::default(); m.primary + 1],
            first: vec![I::default(); m.primary + 1],
            clean: false,
            live: vec![0; m.rows().div_ceil(64)],
            preferred: vec![I::default(); m.columns + 1],
            preferred_cols: Vec::new(),
            pristine_nodes: Vec::new(),
            pristine_size: Vec::new(),
        };
        links.rebuild(m, &[], &[], &[]);
        links.pristine_nodes = links.nodes[..len].to_vec();
        links.pristine_size = links.size[..=m.columns].to_vec();
        links
    }

    /// Prepares a search: every row live but the `excluded` ones and those killed by
    /// `selected`, whose columns are covered. With no such rows, the pristine links are
    /// copied back (if a search changed them); otherwise the links are rebuilt (cheaper than
    /// covering the selected rows one by one, measured on sudoku givens).
    pub(super) fn prepare(
        &mut self,
        m: &Matrix,
        selected: &[u32],
        excluded: &[u32],
        covered: &[bool],
    ) {
        if !selected.is_empty() || !excluded.is_empty() {
            self.rebuild(m, selected, excluded, covered);
        } else if !self.clean {
            self.nodes[..self.len].copy_from_slice(&self.pristine_nodes);
            self.size[..=self.columns].copy_from_slice(&self.pristine_size);
            self.hot_len = 0;
            self.hot_seen = 0;
            self.clean = true;
        }
    }

    /// Rebuilds every column list from the matrix, leaving out the rows of `excluded`, the
    /// rows of `selected` and every row sharing a column with a selected row; the columns of
    /// the selected rows are marked covered. `covered` flags those columns (it must be
    /// consistent with `selected`). The live rows are found with a bit set, then only they
    /// are linked: the nodes of dead rows are never reached and keep stale links.
    pub(super) fn rebuild(
        &mut self,
        m: &Matrix,
        selected: &[u32],
        excluded: &[u32],
        covered: &[bool],
    ) {
        let rows = m.rows();
        let live = &mut self.live[..];
        live.fill(u64::MAX);
        if !rows.is_multiple_of(64)
            && let Some(last) = live.last_mut()
        {
            *last = (1u64 << (rows % 64)) - 1;
        }
        for &row in excluded {
            if let Some(w) = live.get_mut(row as usize / 64) {
                *w &= !(1 << (row % 64));
            }
        }
        for &row in selected {
            for &c in m.row_cols(row as usize) {
                for &r in m.col_rows(c as usize) {
                    if let Some(w) = live.get_mut(r as usize / 64) {
                        *w &= !(1 << (r % 64));
                    }
                }
            }
        }
        let nodes = &mut self.nodes[..];
        let size = &mut self.size[..];
        for c in 1..=self.columns {
            nodes[c].up = I::from_usize(c);
            size[c] = I::default();
        }
        let col_of = &m.col_of[..];
        for (k, &word) in live.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let row = k * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                let (a, b) = (m.row_start[row] as usize, m.row_start[row + 1] as usize - 1);
                for (j, &c) in (a..b).zip(&col_of[a..b]) {
                    let c = c as usize;
                    let t = nodes[c].up;
                    let me = I::from_usize(j);
                    nodes[j].up = t;
                    nodes[t.ix()].down = me;
                    nodes[c].up = me;
                    size[c] = size[c].inc();
                }
            }
        }
        self.hot_len = 0;
        self.hot_seen = 0;
        let hot = &mut self.hot[..];
        let cap = hot.len() - 1;
        for c in 1..=self.columns {
            let cc = I::from_usize(c);
            let last = nodes[c].up;
            nodes[last.ix()].down = cc;
            let cov = usize::from(covered.get(c).copied().unwrap_or(false));
            size[c] = I::from_usize(size[c].ix() | (I::COVERED.ix() * cov));
            hot[self.hot_len] = cc;
            let push = usize::from(size[c] <= I::from_usize(1) && c <= self.primary);
            self.hot_len = (self.hot_len + push).min(cap);
        }
        self.clean = selected.is_empty() && excluded.is_empty();
    }

    /// Records the preferred rows of a search (replacing the previous search's).
    pub(super) fn set_preferred(&mut self, m: &Matrix, rows: &[u32]) {
        for &c in &self.preferred_cols {
            self.preferred[c.ix()] = I::default();
        }
        self.preferred_cols.clear();
        for &row in rows {
            let start = m.row_start[row as usize] as usize;
            for (k, &c) in m.row_cols(row as usize).iter().enumerate() {
                self.preferred[c as usize] = I::from_usize(start + k);
                self.preferred_cols.push(I::from_usize(c as usize));
            }
        }
    }

    /// Does the current search prefer rows?
    #[inline]
    pub(super) fn has_preferred(&self) -> bool {
        !self.preferred_cols.is_empty()
    }

    /// The preferred node of column `c` if it is still in the column.
    #[inline]
    pub(super) fn preferred_in(&self, c: I) -> Option<I> {
        let want = self.preferred[c.ix()];
        if want == I::default() {
            return None;
        }
        let mut i = self.nodes[c.ix()].down;
        while i != c {
            if i == want {
                return Some(i);
            }
            i = self.nodes[i.ix()].down;
        }
        None
    }

    /// Covers column `c`: unlinks every row of `c` from the other columns.
    #[inline(always)]
    pub(super) fn cover(&mut self, c: I) {
        self.hot_len = cover(
            &mut self.nodes[..],
            &mut self.size[..],
            &mut self.hot[..],
            self.hot_len,
            c,
        );
    }

    /// Undoes [`cover`](Self::cover).
    #[inline(always)]
    pub(super) fn uncover(&mut self, c: I) {
        uncover(&mut self.nodes[..], &mut self.size[..], c);
    }

    /// Covers the columns of the row of node `r` other than `r`'s own, left to right.
    #[inline(always)]
    pub(super) fn select_others(&mut self, r: I) {
        let mut j = self.nodes[r.ix()].right;
        while j != r {
            let n = self.nodes[j.ix()];
            self.cover(n.col);
            j = n.right;
        }
    }

    /// Undoes [`select_others`](Self::select_others): the same columns in reverse order.
    #[inline(always)]
    pub(super) fn unselect_others(&mut self, m: &Matrix, r: I) {
        let row = m.row_of[r.ix()] as usize;
        let (a, b) = (m.row_start[row] as usize, m.row_start[row + 1] as usize - 1);
        let r = r.ix();
        for j in (a..r).rev().chain((r + 1..b).rev()) {
            let c = self.nodes[j].col;
            self.uncover(c);
        }
    }

    /// An uncovered primary column with fewest rows and its size, or `None` when every
    /// primary column is covered. A column that fell to 0 or 1 row is taken from the hot
    /// list when there is one; otherwise a flat scan of the sizes (covered columns carry the
    /// covered bit), chunk by chunk so that it vectorises, finds the first column of least
    /// size.
    #[inline(always)]
    pub(super) fn choose(&mut self) -> Option<(I, I)> {
        let one = I::from_usize(1);
        // A column left without rows ends this branch: look for one among the entries
        // pushed since the last choice before taking a forced (size 1) column.
        let recent = self.hot_seen.min(self.hot_len);
        for &c in &self.hot[recent..self.hot_len] {
            if self.size[c.ix()] == I::default() && c.ix() <= self.primary {
                self.hot_seen = self.hot_len;
                return Some((c, I::default()));
            }
        }
        while self.hot_len > 0 {
            self.hot_len -= 1;
            let c = self.hot[self.hot_len];
            let s = self.size[c.ix()];
            if s <= one && c.ix() <= self.primary {
                self.hot_seen = self.hot_len;
                return Some((c, s));
            }
        }
        self.hot_seen = 0;
        const CHUNK: usize = 32;
        let sizes = &self.size[1..=self.primary];
        let mut best = I::MAX;
        let mut at = 0;
        let chunks = sizes.chunks_exact(CHUNK);
        let rest = chunks.remainder();
        for (k, ch) in chunks.enumerate() {
            let m = ch.iter().fold(I::MAX, |a, &b| a.min(b));
            if m < best {
                best = m;
                at = k * CHUNK;
                if m == I::default() {
                    break;
                }
            }
        }
        let m = rest.iter().fold(I::MAX, |a, &b| a.min(b));
        if m < best {
            best = m;
            at = sizes.len() - rest.len();
        }
        if best >= I::COVERED {
            return None;
        }
        let i = sizes[at..].iter().position(|&s| s == best).unwrap_or(0) + at;
        Some((I::from_usize(i + 1), best))
    }
}

// The primitives take the arrays as separate `&mut` arguments: once inlined, the compiler
// still knows they do not alias and keeps their addresses in registers.

/// Covers column `c`; returns the new length of the hot list.
#[inline(always)]
fn cover<I: Idx>(
    nodes: &mut [Node<I>],
    size: &mut [I],
    hot: &mut [I],
    mut hot_len: usize,
    c: I,
) -> usize {
    let cap = hot.len() - 1;
    size[c.ix()] = size[c.ix()].flip();
    let mut i = nodes[c.ix()].down;
    while i != c {
        let mut j = nodes[i.ix()].right;
        while j != i {
            let Node {
                up,
                down,
                col,
                right,
            } = nodes[j.ix()];
            nodes[up.ix()].down = down;
            nodes[down.ix()].up = up;
            let s = size[col.ix()].dec();
            size[col.ix()] = s;
            // Branch-free push (a branch here is mispredicted often): the slot is written
            // every time, kept only when the size fell to 0 or 1.
            hot[hot_len] = col;
            hot_len = (hot_len + usize::from(s <= I::from_usize(1))).min(cap);
            j = right;
        }
        i = nodes[i.ix()].down;
    }
    hot_len
}

/// Undoes [`cover`].
#[inline(always)]
fn uncover<I: Idx>(nodes: &mut [Node<I>], size: &mut [I], c: I) {
    // Rows bottom-up (the reverse of `cover`); inside a row the order is free, the nodes
    // being in distinct columns.
    let mut i = nodes[c.ix()].up;
    while i != c {
        let mut j = nodes[i.ix()].right;
        while j != i {
            let Node {
                up,
                down,
                col,
                right,
            } = nodes[j.ix()];
            size[col.ix()] = size[col.ix()].inc();
            nodes[up.ix()].down = j;
            nodes[down.ix()].up = j;
            j = right;
        }
        i = nodes[i.ix()].up;
    }
    size[c.ix()] = size[c.ix()].flip();
}
