//! The general canonical-form search, for any cells (puzzles, partial or invalid grids).
//!
//! For each source (the input, and its transpose for square boxes) a depth-first search places
//! the columns one by one (stack by stack). Beside it, every row is kept as a candidate for the
//! first output row together with its first-appearance relabelling of the columns placed so
//! far; a candidate whose prefix is already above the best first row is dropped, and a column
//! prefix with no candidate left is cut. At a full column map a second search chooses the rows,
//! band by band, relabelling by first appearance and cutting every prefix above the best grid.

use super::Best;

/// Largest number of column maps (`box_rows! · box_cols!^box_rows`) the search accepts.
pub(crate) const MAX_COLUMN_MAPS: u128 = 2_000_000;

/// Number of column maps of a shape, if it fits.
pub(crate) fn column_maps(br: usize, bc: usize) -> Option<u128> {
    let f = |k: usize| (1..=k as u128).try_fold(1u128, |a, x| a.checked_mul(x));
    f(br)?.checked_mul(f(bc)?.checked_pow(br as u32)?)
}

pub(crate) struct Search<'a, 'm> {
    n: usize,
    br: usize,
    bc: usize,
    src: &'a [u8],
    transpose: bool,
    best: &'a mut Best<'m>,
    /// Number of leading empty output rows (`lead`); output row `lead` is the first one with a
    /// given, and the first-row candidates are the rows that can stand there.
    lead: usize,
    /// Column map being built: output column → source column.
    gamma: Vec<u8>,
    col_used: Vec<bool>,
    stack_used: Vec<bool>,
    /// First-row candidates: per row, the label of each symbol (0 = not yet seen) and the next
    /// label.
    labels: Vec<u8>,
    next_label: Vec<u8>,
    /// Per column depth and row: 0 = equal to the best first row so far, 1 = already below
    /// it, 2 = above (dead).
    state: Vec<u8>,
    /// Per column depth and row: the symbol that got a new label there, or 0.
    assigned: Vec<u8>,
    /// The nearest earlier column of the same stack with the same contents, or `u8::MAX`:
    /// identical columns are interchangeable, so a column is tried only after that one is
    /// placed (the same subtree would come out again otherwise).
    col_twin: Vec<u8>,
    /// The same for rows inside a band.
    row_twin: Vec<u8>,
    /// Row search.
    rows: Vec<u8>,
    row_used: Vec<bool>,
    band_used: Vec<bool>,
    row_labels: Vec<u8>,
    row_next: Vec<u8>,
    row_buf: Vec<u8>,
}

impl<'a, 'm> Search<'a, 'm> {
    pub(crate) fn new(
        br: usize,
        bc: usize,
        src: &'a [u8],
        transpose: bool,
        best: &'a mut Best<'m>,
        lead: usize,
        candidates: &[bool],
    ) -> Self {
        let n = br * bc;
        let mut state = vec![0; (n + 1) * n];
        for (r, &ok) in candidates.iter().enumerate() {
            state[r] = if ok { 0 } else { 2 };
        }
        let col = |j: usize| (0..n).map(move |r| src[r * n + j]);
        let col_twin = (0..n)
            .map(|j| {
                (j - j % bc..j)
                    .rev()
                    .find(|&k| col(k).eq(col(j)))
                    .map_or(u8::MAX, |k| k as u8)
            })
            .collect();
        let row = |r: usize| &src[r * n..(r + 1) * n];
        let row_twin = (0..n)
            .map(|r| {
                (r - r % br..r)
                    .rev()
                    .find(|&k| row(k) == row(r))
                    .map_or(u8::MAX, |k| k as u8)
            })
            .collect();
        Self {
            lead,
            col_twin,
            row_twin,
            n,
            br,
            bc,
            src,
            transpose,
            best,
            gamma: vec![0; n],
            col_used: vec![false; n],
            stack_used: vec![false; br],
            labels: vec![0; n * (n + 1)],
            next_label: vec![1; n],
            state,
            assigned: vec![0; n * n],
            rows: vec![0; n],
            row_used: vec![false; n],
            band_used: vec![false; bc],
            row_labels: vec![0; (n + 1) * (n + 1)],
            row_next: vec![1; n + 1],
            row_buf: vec![0; n],
        }
    }

    pub(crate) fn run(&mut self) {
        self.columns(0);
    }

    /// Places output column `c`.
    fn columns(&mut self, c: usize) {
        if self.best.tick() {
            return;
        }
        let n = self.n;
        if c == n {
            self.rows_search(0);
            return;
        }
        let bc = self.bc;
        let (s_lo, s_hi) = if c.is_multiple_of(bc) {
            (0, self.br)
        } else {
            let s = usize::from(self.gamma[c - 1]) / bc;
            (s, s + 1)
        };
        for s in s_lo..s_hi {
            if c.is_multiple_of(bc) && self.stack_used[s] {
                continue;
            }
            for j in s * bc..(s + 1) * bc {
                let twin = self.col_twin[j];
                if self.col_used[j] || (twin != u8::MAX && !self.col_used[usize::from(twin)]) {
                    continue;
                }
                // Extend every live first-row candidate by source column j: the states of
                // depth c + 1 from those of depth c.
                let (cur, next) = self.state.split_at_mut((c + 1) * n);
                let cur = &cur[c * n..];
                let next = &mut next[..n];
                let assigned = &mut self.assigned[c * n..(c + 1) * n];
                let mut alive = false;
                for r in 0..n {
                    assigned[r] = 0;
                    next[r] = cur[r];
                    if cur[r] == 2 {
                        continue;
                    }
                    let v = usize::from(self.src[r * n + j]);
                    let val = if v == 0 {
                        0
                    } else {
                        let slot = r * (n + 1) + v;
                        if self.labels[slot] == 0 {
                            self.labels[slot] = self.next_label[r];
                            self.next_label[r] += 1;
                            assigned[r] = v as u8;
                        }
                        self.labels[slot]
                    };
                    let at = self.lead * n + c;
                    if cur[r] == 0 && self.best.valid > at {
                        let b = self.best.cells[at];
                        if val > b {
                            next[r] = 2;
                        } else if val < b {
                            next[r] = 1;
                        }
                    }
                    alive |= next[r] != 2;
                }
                if alive {
                    if c.is_multiple_of(bc) {
                        self.stack_used[s] = true;
                    }
                    self.col_used[j] = true;
                    self.gamma[c] = j as u8;
                    self.columns(c + 1);
                    self.col_used[j] = false;
                    if c.is_multiple_of(bc) {
                        self.stack_used[s] = false;
                    }
                }
                for r in 0..n {
                    let v = usize::from(self.assigned[c * n + r]);
                    if v != 0 {
                        self.labels[r * (n + 1) + v] = 0;
                        self.next_label[r] -= 1;
                    }
                }
            }
        }
    }

    /// Chooses output row `i` (the column map is complete).
    fn rows_search(&mut self, i: usize) {
        if self.best.tick() {
            return;
        }
        let n = self.n;
        if i == n {
            if self.best.dirty {
                let labels = &self.row_labels[n * (n + 1)..];
                self.best
                    .record(self.transpose, &self.rows, &self.gamma, &labels[..=n]);
            }
            return;
        }
        let br = self.br;
        let (lo, hi) = if i.is_multiple_of(br) {
            (0, n)
        } else {
            let band = usize::from(self.rows[i - 1]) / br;
            (band * br, (band + 1) * br)
        };
        for r in lo..hi {
            if self.row_used[r] || (i.is_multiple_of(br) && self.band_used[r / br]) {
                continue;
            }
            let twin = self.row_twin[r];
            if twin != u8::MAX && !self.row_used[usize::from(twin)] {
                continue;
            }
            if i == self.lead
                && self.state[n * n + r] == 2
                && self.rows[..i]
                    .iter()
                    .all(|&e| self.src[usize::from(e) * n..][..n].iter().all(|&v| v == 0))
            {
                continue;
            }
            // Relabel row r with the labels of depth i, into depth i + 1.
            let (cur, next) = self.row_labels.split_at_mut((i + 1) * (n + 1));
            let cur = &cur[i * (n + 1)..];
            let next = &mut next[..n + 1];
            next.copy_from_slice(cur);
            let mut label = self.row_next[i];
            for c in 0..n {
                let v = usize::from(self.src[r * n + usize::from(self.gamma[c])]);
                self.row_buf[c] = if v == 0 {
                    0
                } else {
                    if next[v] == 0 {
                        next[v] = label;
                        label += 1;
                    }
                    next[v]
                };
            }
            self.row_next[i + 1] = label;
            let base = i * n;
            let mut write = self.best.valid <= base;
            if !write {
                match self.row_buf[..].cmp(&self.best.cells[base..base + n]) {
                    core::cmp::Ordering::Greater => continue,
                    core::cmp::Ordering::Less => write = true,
                    core::cmp::Ordering::Equal => {}
                }
            }
            if write {
                self.best.cells[base..base + n].copy_from_slice(&self.row_buf);
                self.best.valid = base + n;
                self.best.dirty = true;
            }
            self.rows[i] = r as u8;
            self.row_used[r] = true;
            if i.is_multiple_of(br) {
                self.band_used[r / br] = true;
            }
            self.rows_search(i + 1);
            self.row_used[r] = false;
            if i.is_multiple_of(br) {
                self.band_used[r / br] = false;
            }
        }
    }
}

/// The number of leading empty rows of the best arrangement of `src`'s rows, and which rows
/// can be the first non-empty output row: all bands made only of empty rows go first, then a
/// band with the most empty rows among the others, its empty rows first. `None` for an empty
/// grid.
fn lead(br: usize, bc: usize, src: &[u8]) -> Option<(usize, Vec<bool>)> {
    let n = br * bc;
    let empty: Vec<bool> = (0..n)
        .map(|r| src[r * n..(r + 1) * n].iter().all(|&v| v == 0))
        .collect();
    let count = |b: usize| empty[b * br..(b + 1) * br].iter().filter(|&&e| e).count();
    let full = (0..bc).filter(|&b| count(b) == br).count();
    let most = (0..bc).map(count).filter(|&k| k < br).max()?;
    let candidates = (0..n).map(|r| !empty[r] && count(r / br) == most).collect();
    Some((full * br + most, candidates))
}

/// Runs the search on each source (the input, and its transpose), sharing the best grid; only
/// the sources with the most leading empty rows can win.
pub(crate) fn canonical(br: usize, bc: usize, sources: &[(bool, &[u8])], best: &mut Best<'_>) {
    let n = br * bc;
    let leads: Vec<_> = sources.iter().map(|&(_, src)| lead(br, bc, src)).collect();
    let Some(top) = leads.iter().map(|l| l.as_ref().map_or(n, |l| l.0)).max() else {
        return;
    };
    if top == n {
        // An empty grid: it is its own form, by the identity.
        best.cells.fill(0);
        best.valid = n * n;
        let id: Vec<u8> = (0..n as u8).collect();
        let labels: Vec<u8> = vec![0; n + 1];
        best.record(false, &id, &id, &labels);
        return;
    }
    for (&(transpose, src), l) in sources.iter().zip(leads) {
        if let Some((lead, candidates)) = l
            && lead == top
            && !best.is_stopped()
        {
            Search::new(br, bc, src, transpose, best, lead, &candidates).run();
        }
    }
}
