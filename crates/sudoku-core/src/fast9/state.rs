//! The bitboard position and its propagation (band updates and naked singles).
//!
//! See the [module documentation](super) for the algorithm. Everything here is plain data
//! (`Copy`, 240 bytes): a guess copies the whole position, which is cheaper than undoing.

use super::tables::{
    ANTI_DIAGONAL, BAND, BAND_PEERS, COLUMN_SPREAD, DIAGONAL, LOCKED_COLUMNS, MINIROWS, PERMUTATION_MASK,
    ROWS,
};

/// Index of the word of digit `d` (0..9) in band `b` (0..3).
#[inline(always)]
const fn word(d: usize, b: usize) -> usize {
    3 * d + b
}

/// The two other bands of band `b`.
const OTHER_BANDS: [(usize, usize); 3] = [(1, 2), (2, 0), (0, 1)];

/// Result of [`State::propagate`] when no contradiction was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Every cell holds a digit.
    Solved,
    /// Propagation is stuck: branch on this cell (0..81), whose candidates are in
    /// `candidates` (bit `d` = digit `d + 1`; at least two).
    Branch { cell: usize, candidates: u16 },
}

/// A position: the candidates of every digit as three band words, plus bookkeeping.
#[derive(Debug, Clone, Copy)]
pub(crate) struct State {
    /// `cand[3d + b]`: the cells of band `b` where digit `d + 1` can still go. A placed digit
    /// keeps its cell as the only candidate of that cell, so at the end these are the solution.
    cand: [u32; 27],
    /// Bit `i`: word `i` changed since its last band update (only those are updated).
    dirty: u32,
    /// Per band, the cells that hold no digit yet.
    unsolved: [u32; 3],
    /// Per band, bit `3d + r`: digit `d + 1` is not yet placed in row `r` of the band.
    open_rows: [u32; 3],
}

impl State {
    /// The empty grid: every digit possible everywhere.
    pub(crate) fn empty() -> State {
        State {
            cand: [BAND; 27],
            dirty: BAND,
            unsolved: [BAND; 3],
            open_rows: [BAND; 3],
        }
    }

    /// Whether digit `d` (0..9) is still a candidate of `cell` (0..81).
    #[cfg(test)]
    pub(crate) fn has(&self, cell: usize, d: usize) -> bool {
        self.cand[word(d, cell / 27)] & (1 << (cell % 27)) != 0
    }

    /// The candidates of `cell` as a 9-bit set (bit `d` = digit `d + 1`).
    pub(crate) fn candidates(&self, cell: usize) -> u16 {
        let (b, bit) = (cell / 27, 1u32 << (cell % 27));
        let mut set = 0;
        for d in 0..9 {
            if self.cand[word(d, b)] & bit != 0 {
                set |= 1 << d;
            }
        }
        set
    }

    /// Removes candidate `d` (0..9) from `cell`. Returns `false` if that leaves the cell empty
    /// (the position is then contradictory).
    pub(crate) fn exclude(&mut self, cell: usize, d: usize) -> bool {
        let (b, bit) = (cell / 27, 1u32 << (cell % 27));
        self.and(word(d, b), !bit);
        (0..9).any(|e| self.cand[word(e, b)] & bit != 0)
    }

    /// Places digit `d` (0..9) in `cell` (0..81) and removes it from the cell's row, column and
    /// box (and diagonals when `X`), and the other digits from the cell. Returns `false` if `d`
    /// is no longer a candidate there (a clash).
    #[inline]
    pub(crate) fn place<const X: bool>(&mut self, cell: usize, d: usize) -> bool {
        let (b, c) = (cell / 27, cell % 27);
        let bit = 1u32 << c;
        if self.cand[word(d, b)] & bit == 0 {
            return false;
        }
        for e in 0..9 {
            if e != d {
                self.and(word(e, b), !bit);
            }
        }
        self.and(word(d, b), !BAND_PEERS[c]);
        let column = COLUMN_SPREAD << (c % 9);
        let (b1, b2) = OTHER_BANDS[b];
        self.and(word(d, b1), !column);
        self.and(word(d, b2), !column);
        self.unsolved[b] &= !bit;
        self.open_rows[b] &= !(1 << (3 * d + c / 9));
        if X {
            self.diagonals(d, b, bit);
        }
        true
    }

    /// Sudoku X: removes digit `d` from the diagonals through the placed cells `placed` of band
    /// `b` (at most one cell per diagonal per digit, so the placed bits are kept).
    #[inline]
    fn diagonals(&mut self, d: usize, b: usize, placed: u32) {
        for diagonal in [&DIAGONAL, &ANTI_DIAGONAL] {
            if placed & diagonal[b] != 0 {
                for band in 0..3 {
                    let keep = if band == b { placed } else { 0 };
                    self.and(word(d, band), !diagonal[band] | keep);
                }
            }
        }
    }

    /// `cand[i] &= mask`, marking word `i` dirty if that changed it.
    #[inline(always)]
    fn and(&mut self, i: usize, mask: u32) {
        let old = self.cand[i];
        let new = old & mask;
        self.cand[i] = new;
        self.dirty |= u32::from(new != old) << i;
    }

    /// Band update of word `i` (digit `i / 3`, band `i % 3`): removes the minirows outside every
    /// permutation, then places the digit in each row of the band left with a single candidate.
    /// Returns `false` on a contradiction.
    #[inline(always)]
    fn update_word<const X: bool>(&mut self, i: usize) -> bool {
        let (d, b) = (i / 3, i % 3);
        let (b1, b2) = OTHER_BANDS[b];
        let x = self.cand[i];
        let map = MINIROWS[(x & 0x1ff) as usize] as usize
            | (MINIROWS[((x >> 9) & 0x1ff) as usize] as usize) << 3
            | (MINIROWS[((x >> 18) & 0x1ff) as usize] as usize) << 6;
        let x = x & PERMUTATION_MASK[map & 0x1ff];
        if x == 0 {
            return false;
        }
        self.cand[i] = x;
        let locked = !LOCKED_COLUMNS[((x | (x >> 9) | (x >> 18)) & 0x1ff) as usize];
        self.and(word(d, b1), locked);
        self.and(word(d, b2), locked);
        // Each row is non-empty here (a permutation exists); find the rows with one cell.
        let (r0, r1, r2) = (x & 0x1ff, (x >> 9) & 0x1ff, x >> 18);
        let single = u32::from(r0 & (r0 - 1) == 0)
            | u32::from(r1 & (r1 - 1) == 0) << 1
            | u32::from(r2 & (r2 - 1) == 0) << 2;
        let new = single & (self.open_rows[b] >> (3 * d)) & 7;
        if new != 0 {
            let placed = x & ROWS[new as usize];
            self.open_rows[b] &= !(new << (3 * d));
            self.unsolved[b] &= !placed;
            // The columns of the placed cells are locked columns: done above.
            for e in 0..9 {
                if e != d {
                    self.and(word(e, b), !placed);
                }
            }
            if X {
                self.diagonals(d, b, placed);
            }
        }
        true
    }

    /// Propagates to a fixpoint: band updates of every changed word, then naked singles, until
    /// nothing changes. Returns `None` on a contradiction.
    pub(crate) fn propagate<const X: bool>(&mut self) -> Option<Outcome> {
        loop {
            // Band updates until no word changes.
            while self.dirty != 0 {
                // `min` only tells the optimiser the index is in range (dirty has 27 bits).
                let i = (self.dirty.trailing_zeros() as usize).min(26);
                self.dirty &= self.dirty - 1;
                if !self.update_word::<X>(i) {
                    return None;
                }
            }
            // Naked singles, and the cell to branch on if there are none.
            let mut placed_any = false;
            let mut bivalue = None;
            for b in 0..3 {
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for d in 0..9 {
                    let x = self.cand[word(d, b)];
                    three |= two & x;
                    two |= one & x;
                    one |= x;
                }
                let unsolved = self.unsolved[b];
                if one & unsolved != unsolved {
                    return None; // a cell without candidates
                }
                let singles = unsolved & !two;
                if singles != 0 {
                    placed_any = true;
                    // Each single keeps its digit and removes it from its row and box in the
                    // band; the band update then places it and clears its column.
                    for d in 0..9 {
                        let w = word(d, b);
                        let mut mine = singles & self.cand[w];
                        while mine != 0 {
                            let c = mine.trailing_zeros() as usize;
                            mine &= mine - 1;
                            if self.cand[w] & (1 << c) == 0 {
                                return None; // emptied by another single just placed
                            }
                            self.and(w, !BAND_PEERS[c]);
                        }
                    }
                } else if bivalue.is_none() {
                    let pairs = unsolved & two & !three;
                    if pairs != 0 {
                        bivalue = Some(27 * b + pairs.trailing_zeros() as usize);
                    }
                }
            }
            if placed_any {
                continue;
            }
            if self.unsolved == [0; 3] {
                return Some(Outcome::Solved);
            }
            let cell = match bivalue {
                Some(cell) => cell,
                None => self.fewest_candidates(),
            };
            return Some(Outcome::Branch {
                cell,
                candidates: self.candidates(cell),
            });
        }
    }

    /// The first unsolved cell with the fewest candidates (slow path, used when no cell has
    /// exactly two).
    fn fewest_candidates(&self) -> usize {
        let mut best = (u32::MAX, 0);
        for b in 0..3 {
            let mut open = self.unsolved[b];
            while open != 0 {
                let c = open.trailing_zeros() as usize;
                open &= open - 1;
                let n = self.candidates(27 * b + c).count_ones();
                if n < best.0 {
                    best = (n, 27 * b + c);
                }
            }
        }
        best.1
    }

    /// Writes the digits (1..=9) of a solved position into `out`.
    pub(crate) fn write_solution(&self, out: &mut [u8; 81]) {
        for d in 0..9 {
            for b in 0..3 {
                let mut x = self.cand[word(d, b)];
                while x != 0 {
                    let c = x.trailing_zeros() as usize;
                    x &= x - 1;
                    out[27 * b + c] = d as u8 + 1;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placing_removes_peers() {
        let mut s = State::empty();
        assert!(s.place::<false>(40, 4)); // 5 in the centre
        assert!(!s.has(41, 4) && !s.has(4, 4) && !s.has(30, 4) && !s.has(50, 4));
        assert!(s.has(0, 4) && s.has(40, 4) && !s.has(40, 0));
        assert_eq!(s.candidates(40), 1 << 4);
        // A clash: the same digit again in the same row.
        assert!(!s.place::<false>(36, 4));
    }

    #[test]
    fn x_variant_removes_diagonals() {
        let mut s = State::empty();
        assert!(s.place::<true>(0, 0)); // 1 at (0, 0)
        assert!(!s.has(80, 0) && !s.has(40, 0) && !s.has(20, 0));
        // (2, 6) is on the other diagonal only, (8, 0) is in the column.
        assert!(s.has(24, 0) && !s.has(72, 0) && s.has(0, 0));
        let mut t = State::empty();
        assert!(t.place::<false>(0, 0));
        assert!(t.has(80, 0));
    }

    #[test]
    fn empty_grid_branches() {
        let mut s = State::empty();
        match s.propagate::<false>() {
            Some(Outcome::Branch { candidates, .. }) => assert_eq!(candidates, 0x1ff),
            other => panic!("unexpected {other:?}"),
        }
    }
}
