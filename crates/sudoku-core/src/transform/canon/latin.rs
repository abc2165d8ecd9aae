//! The fast canonical-form search for complete grids whose rows and columns are permutations
//! of the symbols (every valid solution grid).
//!
//! With Latin rows, the first output row relabels to `1 2 … N` whatever the column map, and that
//! row fixes the whole relabelling: symbol `v` gets the output position of the column where the
//! first row holds `v`, plus one. So the search chooses a source (input or transpose), a first
//! row `r0` and a second row `r1` of the same band, then builds the column map while it writes
//! the second output row, cell by cell:
//!
//! - output column `c` takes a source column `j` (a branch, unless `c` was already placed);
//! - the value there is `1 + the output position of x`, where `x` is the column holding
//!   `src[r1][j]` in row `r0`. If `x` has no position yet it gets the smallest one it can
//!   still take (the next free place in its stack's output stack, or the first place of the
//!   next unused output stack): any other place gives a larger value at this very cell, so it
//!   cannot lead to the minimum;
//! - a prefix above the best second row is cut.
//!
//! With the column map complete, the relabelling is known, and the rest is a sort: the other
//! rows of the first band in increasing order, then the other bands, each sorted, in increasing
//! order of their sorted contents. Nothing is allocated in the search.

use super::Best;

/// Largest side the fixed-size search state holds.
pub(crate) const MAX_SIDE: usize = 32;
const NONE: u8 = u8::MAX;

/// Whether every row and every column of a complete grid is a permutation of `1..=n`.
pub(crate) fn is_latin(cells: &[u8], n: usize) -> bool {
    if n > MAX_SIDE || cells.contains(&0) {
        return false;
    }
    let full: u64 = (1u64 << n) - 1;
    for i in 0..n {
        let mut row = 0u64;
        let mut col = 0u64;
        for k in 0..n {
            row |= 1 << (cells[i * n + k] - 1);
            col |= 1 << (cells[k * n + i] - 1);
        }
        if row != full || col != full {
            return false;
        }
    }
    true
}

/// The column-map state of the second-row search (copied at each level: small and flat).
#[derive(Clone, Copy)]
struct ColState<const M: usize> {
    /// Output position of each source column, or NONE.
    pos_of_src: [u8; M],
    /// Source column of each output position, or NONE.
    src_of_pos: [u8; M],
    /// Output stack of each source stack, or NONE.
    out_of_stack: [u8; M],
    /// Source stack of each output stack (the mapped ones are `0..mapped`).
    stack_of_out: [u8; M],
    /// Positions taken in each output stack (always a prefix of the stack).
    fill: [u8; M],
    /// Number of output stacks mapped.
    mapped: u8,
}

struct Latin<'a, 'm, const M: usize> {
    n: usize,
    br: usize,
    bc: usize,
    src: &'a [u8],
    transpose: bool,
    r0: usize,
    r1: usize,
    /// The source stack of the first output stack.
    first_stack: usize,
    /// Column of each symbol in row r0.
    pos0: [u8; MAX_SIDE + 1],
    best: &'a mut Best<'m>,
}

impl<const M: usize> Latin<'_, '_, M> {
    /// Places `x` (which has no position yet) at the smallest place it can take.
    #[inline]
    fn place_lazily(&self, st: &mut ColState<M>, x: usize) -> usize {
        let s = x / self.bc;
        let k = if st.out_of_stack[s] != NONE {
            usize::from(st.out_of_stack[s])
        } else {
            let k = usize::from(st.mapped);
            st.mapped += 1;
            st.out_of_stack[s] = k as u8;
            st.stack_of_out[k] = s as u8;
            k
        };
        let p = k * self.bc + usize::from(st.fill[k]);
        st.fill[k] += 1;
        st.pos_of_src[x] = p as u8;
        st.src_of_pos[p] = x as u8;
        p
    }

    /// Compares `val` with the best at flat index `idx`: `false` to cut, `true` to go on
    /// (writing it when it is a new best).
    #[inline]
    fn accept(&mut self, idx: usize, val: u8) -> bool {
        if idx < self.best.valid {
            let b = self.best.cells[idx];
            if val > b {
                return false;
            }
            if val == b {
                return true;
            }
        }
        self.best.cells[idx] = val;
        self.best.valid = idx + 1;
        self.best.dirty = true;
        true
    }

    /// The value of the second output row at position `c` once source column `j` sits there.
    #[inline]
    fn value(&self, st: &mut ColState<M>, j: usize) -> u8 {
        let n = self.n;
        let v = usize::from(self.src[self.r1 * n + j]);
        let x = usize::from(self.pos0[v]);
        let p = if st.pos_of_src[x] != NONE {
            usize::from(st.pos_of_src[x])
        } else {
            self.place_lazily(st, x)
        };
        (p + 1) as u8
    }

    fn dfs(&mut self, c: usize, st: &ColState<M>) {
        if self.best.tick() {
            return;
        }
        let n = self.n;
        if c == n {
            self.leaf(st);
            return;
        }
        let bc = self.bc;
        if st.src_of_pos[c] != NONE {
            let mut next = *st;
            let val = self.value(&mut next, usize::from(st.src_of_pos[c]));
            if self.accept(n + c, val) {
                self.dfs(c + 1, &next);
            }
            return;
        }
        let k = c / bc;
        let (s_lo, s_hi) = if k < usize::from(st.mapped) {
            let s = usize::from(st.stack_of_out[k]);
            (s, s + 1)
        } else if c == 0 {
            (self.first_stack, self.first_stack + 1)
        } else {
            (0, self.br)
        };
        for s in s_lo..s_hi {
            if k >= usize::from(st.mapped) && st.out_of_stack[s] != NONE {
                continue;
            }
            for j in s * bc..(s + 1) * bc {
                if st.pos_of_src[j] != NONE {
                    continue;
                }
                let mut next = *st;
                if k >= usize::from(next.mapped) {
                    next.mapped += 1;
                    next.out_of_stack[s] = k as u8;
                    next.stack_of_out[k] = s as u8;
                }
                next.fill[k] += 1;
                next.pos_of_src[j] = c as u8;
                next.src_of_pos[c] = j as u8;
                let val = self.value(&mut next, j);
                if self.accept(n + c, val) {
                    self.dfs(c + 1, &next);
                }
            }
        }
    }

    /// Compares output row `i` with the best: `false` to cut, `true` to go on (writing what is
    /// new).
    fn push_row(&mut self, i: usize, row: &[u8]) -> bool {
        let n = self.n;
        let base = i * n;
        let best = &mut *self.best;
        let mut from = 0;
        if base < best.valid {
            let lim = (best.valid - base).min(n);
            let known = &best.cells[base..base + lim];
            match row[..lim].iter().zip(known).position(|(a, b)| a != b) {
                Some(k) if row[k] > known[k] => return false,
                Some(k) => from = k,
                None if lim == n => return true,
                None => from = lim,
            }
        }
        best.cells[base + from..base + n].copy_from_slice(&row[from..n]);
        best.valid = base + n;
        best.dirty = true;
        true
    }

    /// The column map is complete: lay out the other rows and compare.
    #[allow(clippy::needless_range_loop)] // indices are symbols, rows and bands here
    fn leaf(&mut self, st: &ColState<M>) {
        let (n, br, bc) = (self.n, self.br, self.bc);
        // Relabelling: symbol v → 1 + output position of the column holding v in row r0.
        let mut lab = [0u8; MAX_SIDE + 1];
        for v in 1..=n {
            lab[v] = st.pos_of_src[usize::from(self.pos0[v])] + 1;
        }
        let src = self.src;
        let mut out = [[0u8; M]; M];
        let relabel = |out: &mut [[u8; M]; M], r: usize| {
            let row = &src[r * n..(r + 1) * n];
            for c in 0..n {
                out[r][c] = lab[usize::from(row[usize::from(st.src_of_pos[c])])];
            }
        };
        // The rest of band(r0), sorted, compared as soon as it is known.
        let mut order = [0u8; M];
        let mut len = 0;
        let band0 = self.r0 / br;
        for r in band0 * br..(band0 + 1) * br {
            if r != self.r0 && r != self.r1 {
                relabel(&mut out, r);
                order[len] = r as u8;
                len += 1;
            }
        }
        order[..len].sort_unstable_by(|&a, &b| out[usize::from(a)].cmp(&out[usize::from(b)]));
        for i in 0..len {
            let row = out[usize::from(order[i])];
            if !self.push_row(i + 2, &row) {
                return;
            }
        }
        // The other bands, each sorted, in increasing order of their sorted contents.
        let mut bands = [0u8; M];
        let mut band_rows = [[0u8; M]; M];
        let mut nb = 0;
        for b in 0..bc {
            if b == band0 {
                continue;
            }
            let rows = &mut band_rows[b];
            for (i, slot) in rows.iter_mut().enumerate().take(br) {
                *slot = (b * br + i) as u8;
                relabel(&mut out, b * br + i);
            }
            rows[..br].sort_unstable_by(|&a, &b| out[usize::from(a)].cmp(&out[usize::from(b)]));
            bands[nb] = b as u8;
            nb += 1;
        }
        bands[..nb].sort_unstable_by(|&a, &b| {
            let ra = &band_rows[usize::from(a)][..br];
            let rb = &band_rows[usize::from(b)][..br];
            ra.iter()
                .map(|&r| &out[usize::from(r)])
                .cmp(rb.iter().map(|&r| &out[usize::from(r)]))
        });
        for &b in &bands[..nb] {
            for &r in &band_rows[usize::from(b)][..br] {
                let row = out[usize::from(r)];
                if !self.push_row(len + 2, &row) {
                    return;
                }
                order[len] = r;
                len += 1;
            }
        }
        if self.best.dirty {
            let mut rows = [0u8; M];
            rows[0] = self.r0 as u8;
            rows[1] = self.r1 as u8;
            rows[2..n].copy_from_slice(&order[..n - 2]);
            self.best
                .record(self.transpose, &rows[..n], &st.src_of_pos[..n], &lab[..=n]);
        }
    }
}

/// The smallest values the second output row can take on the first output stack when that
/// stack is source stack `s`: the columns of `s` send their row-`r1` symbols to columns of row
/// `r0` in other stacks; each new stack met opens the next output stack. `None` when some symbol
/// comes back into `s` itself (a Latin grid that is not a sudoku): no bound then.
fn first_stack_bound(
    src: &[u8],
    n: usize,
    bc: usize,
    pos0: &[u8],
    r1: usize,
    s: usize,
    out: &mut [u8],
) -> Option<()> {
    let mut counts = [0u8; MAX_SIDE];
    for j in s * bc..(s + 1) * bc {
        let x = usize::from(pos0[usize::from(src[r1 * n + j])]);
        if x / bc == s {
            return None;
        }
        counts[x / bc] += 1;
    }
    counts.sort_unstable_by(|a, b| b.cmp(a));
    let mut i = 0;
    for (g, &k) in counts.iter().enumerate() {
        for t in 0..usize::from(k) {
            out[i] = ((g + 1) * bc + t + 1) as u8;
            i += 1;
        }
    }
    Some(())
}

/// Runs the search over every source, first row, second row and first stack, sharing the
/// best grid. A first pass bounds the first output stack of the second row for each choice and
/// keeps only the choices that reach the smallest bound.
pub(crate) fn canonical(br: usize, bc: usize, sources: &[(bool, &[u8])], best: &mut Best<'_>) {
    if br * bc <= 16 {
        run::<16>(br, bc, sources, best);
    } else {
        run::<MAX_SIDE>(br, bc, sources, best);
    }
}

fn run<const M: usize>(br: usize, bc: usize, sources: &[(bool, &[u8])], best: &mut Best<'_>) {
    let n = br * bc;
    // Row 0 of every Latin grid relabels to 1..=n.
    for c in 0..n {
        best.cells[c] = (c + 1) as u8;
    }
    best.valid = best.valid.max(n);
    let empty = ColState::<M> {
        pos_of_src: [NONE; M],
        src_of_pos: [NONE; M],
        out_of_stack: [NONE; M],
        stack_of_out: [NONE; M],
        fill: [0; M],
        mapped: 0,
    };
    // First pass: the bound of every (source, r0, r1, first stack).
    let mut roots = Vec::with_capacity(sources.len() * n * br * br);
    let mut min_bound = [u8::MAX; MAX_SIDE];
    for (si, &(_, src)) in sources.iter().enumerate() {
        for r0 in 0..n {
            let mut pos0 = [0u8; MAX_SIDE + 1];
            for c in 0..n {
                pos0[usize::from(src[r0 * n + c])] = c as u8;
            }
            let band = r0 / br;
            for r1 in band * br..(band + 1) * br {
                if r1 == r0 {
                    continue;
                }
                for s in 0..br {
                    let mut bound = [0u8; MAX_SIDE];
                    let exact = first_stack_bound(src, n, bc, &pos0, r1, s, &mut bound).is_some();
                    if exact && bound[..bc] < min_bound[..bc] {
                        min_bound = bound;
                    }
                    roots.push((si, r0, r1, s, exact, bound));
                }
            }
        }
    }
    for &(si, r0, r1, s, exact, bound) in &roots {
        if best.is_stopped() {
            return;
        }
        if exact && bound[..bc] > min_bound[..bc] {
            continue;
        }
        let (transpose, src) = sources[si];
        let mut pos0 = [0u8; MAX_SIDE + 1];
        for c in 0..n {
            pos0[usize::from(src[r0 * n + c])] = c as u8;
        }
        let mut search = Latin::<M> {
            n,
            br,
            bc,
            src,
            transpose,
            r0,
            r1,
            first_stack: s,
            pos0,
            best: &mut *best,
        };
        search.dfs(0, &empty);
    }
}
