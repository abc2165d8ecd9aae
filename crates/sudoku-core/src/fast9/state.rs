//! The bitboard position and its propagation (band updates and singles).
//!
//! See the [module documentation](super) for the algorithm. Everything here is plain data
//! (`Copy`, 152 bytes): a guess copies the whole position, which is cheaper than undoing.

use super::tables::{
    ANTI_DIAGONAL, BAND, BAND_PEERS, BOXES, COLUMN_SPREAD, DIAGONAL, HOUSES, LOCKED_COLUMNS,
    PERMUTATION_MASK, POPCOUNT9, ROWS,
};

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
    /// `cand[b][d]`: the cells of band `b` where digit `d + 1` can still go. A placed digit
    /// keeps its cell as the only candidate of that cell, so at the end these are the solution.
    /// The nine words of a band are contiguous (the singles and the placements read them all).
    cand: [[u32; 9]; 3],
    /// Per band, the cells that hold no digit yet.
    unsolved: [u32; 3],
    /// Per digit, bit `3b + r`: the digit is not yet placed in row `r` of band `b` (kept
    /// up to date until the first guess only: see [`State::update_word`]).
    open_rows: [u16; 9],
    /// Bit `16b + d`: the word `cand[b][d]` changed since its last band update.
    dirty: u64,
}

/// Every word of [`State::dirty`].
const ALL_WORDS: u64 = 0x1ff | 0x1ff << 16 | 0x1ff << 32;

/// The dirty bit of word `cand[b][d]`.
#[inline(always)]
fn word_bit(d: usize, b: usize) -> u64 {
    1 << (16 * b + d)
}

/// The minirow map of a band word: bit `3k + r` set when the minirow of row `r`, box `k` is
/// non-empty (the index of [`PERMUTATION_MASK`]). Shifts and masks only, no table: each
/// minirow is folded onto its first cell (bit `9r + 3k`), then the three rows are folded onto
/// bits `3k`, `3k + 1`, `3k + 2` (a shift by 8 moves bit `9 + 3k` to `3k + 1`, by 16 bit
/// `18 + 3k` to `3k + 2`; everything else lands outside the low 9 bits or on nothing).
#[inline(always)]
fn minirow_map(x: u32) -> usize {
    let first = (x | (x >> 1) | (x >> 2)) & 0o111_111_111;
    ((first | (first >> 8) | (first >> 16)) & 0x1ff) as usize
}

/// The columns (9 bits) where a band word has candidates.
#[inline(always)]
fn columns(x: u32) -> usize {
    ((x | (x >> 9) | (x >> 18)) & 0x1ff) as usize
}

/// The cells of the first box of a band.
const BOX_CELLS: u32 = 7 * COLUMN_SPREAD;

/// How many cells of box `k` (0..3) of a band word are set.
#[inline(always)]
fn box_count(x: u32, k: usize) -> u32 {
    let y = x >> (3 * k);
    u32::from(POPCOUNT9[((y & 7) | ((y >> 6) & 0o70) | ((y >> 12) & 0o700)) as usize])
}

/// The cells of the rows of a band word holding exactly one candidate, for a word with a
/// candidate in every row (as after a permutation mask that is not zero). SWAR, no table
/// and no comparison: subtracting 1 from every row (no borrow crosses a row, none being
/// empty) and masking leaves, per row, its cells but the lowest, non-zero when the row
/// holds two or more; then the classic "field is non-zero" test on 9-bit fields (the low 8
/// bits plus 0xff carry into bit 8, which no field overflows) marks those rows, and the
/// marked rows are spread over their 9 cells.
#[inline(always)]
fn single_row_cells(x: u32) -> u32 {
    const LOW: u32 = COLUMN_SPREAD;
    const LOW8: u32 = 0xff * COLUMN_SPREAD;
    const HIGH: u32 = 0x100 * COLUMN_SPREAD;
    let more = x & x.wrapping_sub(LOW);
    let several = (((more & LOW8) + LOW8) | more) & HIGH;
    x & !((several - (several >> 8)) | several)
}

/// The non-empty cells of a grid of 81 bytes as an 81-bit set (bit `i` = cell `i`), and
/// whether a byte is above 9. Eight cells at a time (SWAR): a byte's high bit is set by
/// `(byte & 0x7f) + 0x7f` when the byte is not 0, and by `(byte & 0x7f) + 0x76` when it is
/// above 9 (or by the byte itself when it is 0x80 or more); a multiplication then gathers the
/// eight high bits into one byte.
#[inline]
fn given_bits(cells: &[u8; 81]) -> (u128, bool) {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ABOVE_NINE: u64 = 0x7676_7676_7676_7676;
    // Bit 7 of byte k moves to bit 56 + k (the products of distinct bytes do not overlap).
    const GATHER: u64 = 0x0002_0408_1020_4081;
    let mut filled = 0u128;
    let mut above = 0u64;
    for (k, chunk) in cells.chunks_exact(8).enumerate() {
        let x = u64::from_le_bytes(chunk.try_into().unwrap_or([0; 8]));
        let nonzero = (((x & LOW7) + LOW7) | x) & HIGH;
        above |= (((x & LOW7) + ABOVE_NINE) | x) & HIGH;
        filled |= u128::from(nonzero.wrapping_mul(GATHER) >> 56) << (8 * k);
    }
    let last = cells[80];
    filled |= u128::from(last != 0) << 80;
    (filled, above != 0 || last > 9)
}

/// The rows (3 bits) of a band word holding exactly one candidate (an empty row counts too;
/// the permutation mask has excluded those).
#[inline(always)]
fn single_rows(x: u32) -> u32 {
    let (r0, r1, r2) = (x & 0x1ff, (x >> 9) & 0x1ff, (x >> 18) & 0x1ff);
    u32::from(r0 & r0.wrapping_sub(1) == 0)
        | u32::from(r1 & r1.wrapping_sub(1) == 0) << 1
        | u32::from(r2 & r2.wrapping_sub(1) == 0) << 2
}

impl State {
    /// The empty grid: every digit possible everywhere.
    pub(crate) fn empty() -> State {
        State {
            cand: [[BAND; 9]; 3],
            unsolved: [BAND; 3],
            open_rows: [0x1ff; 9],
            dirty: ALL_WORDS,
        }
    }

    /// The position of the givens (`cells`: row-major, 0 = empty, 1..=9 = given), built in one
    /// pass over the grid (cheaper than placing the givens one by one). `None` if a value is
    /// above 9 or two givens clash in a row, column or box (or diagonal when `X`).
    pub(crate) fn from_givens<const X: bool>(cells: &[u8; 81]) -> Option<State> {
        // Per digit: the houses already holding it (rows, columns, boxes and, for X,
        // diagonals, laid out as in `HOUSES`).
        let mut taken_houses = [0u32; 9];
        let mut given = [0u32; 3];
        let mut own = [[0u32; 3]; 9];
        // The givens of each band as a bit set first (no branch per cell: which cells are
        // empty is unpredictable), then one step per given.
        let (filled, out_of_range) = given_bits(cells);
        if out_of_range {
            return None;
        }
        for (b, g) in given.iter_mut().enumerate() {
            *g = (filled >> (27 * b)) as u32 & BAND;
        }
        let considered = if X { u32::MAX } else { (1 << 27) - 1 };
        for b in 0..3 {
            let mut filled = given[b];
            while filled != 0 {
                let bit = filled.trailing_zeros() as usize;
                filled &= filled - 1;
                let cell = 27 * b + bit;
                let d = usize::from(cells[cell] - 1);
                let houses = HOUSES[cell] & considered;
                if taken_houses[d] & houses != 0 {
                    return None;
                }
                taken_houses[d] |= houses;
                own[d][b] |= 1u32 << bit;
            }
        }
        let rows = taken_houses.map(|h| h & 0x1ff);
        let cols = taken_houses.map(|h| (h >> 9) & 0x1ff);
        let boxes = taken_houses.map(|h| (h >> 18) & 0x1ff);
        let diagonals = taken_houses.map(|h| h >> 27);
        let mut state = State::empty();
        for d in 0..9 {
            let columns = cols[d] * COLUMN_SPREAD;
            for b in 0..3 {
                let mut taken = ROWS[((rows[d] >> (3 * b)) & 7) as usize]
                    | columns
                    | BOXES[((boxes[d] >> (3 * b)) & 7) as usize]
                    | given[b];
                if X {
                    if diagonals[d] & 1 != 0 {
                        taken |= DIAGONAL[b];
                    }
                    if diagonals[d] & 2 != 0 {
                        taken |= ANTI_DIAGONAL[b];
                    }
                }
                state.cand[b][d] = (BAND & !taken) | own[d][b];
            }
            // Bit 3b + r of the open rows is row 3b + r: the same index as the grid row.
            state.open_rows[d] = !(rows[d] as u16) & 0x1ff;
        }
        state.unsolved = given.map(|g| BAND & !g);
        Some(state)
    }

    /// Whether digit `d` (0..9) is still a candidate of `cell` (0..81).
    #[cfg(test)]
    pub(crate) fn has(&self, cell: usize, d: usize) -> bool {
        self.cand[cell / 27][d] & (1 << (cell % 27)) != 0
    }

    /// The candidates of `cell` as a 9-bit set (bit `d` = digit `d + 1`).
    pub(crate) fn candidates(&self, cell: usize) -> u16 {
        let (b, c) = (cell / 27, cell % 27);
        let mut set = 0;
        for d in 0..9 {
            set |= (((self.cand[b][d] >> c) & 1) as u16) << d;
        }
        set
    }

    /// How many candidate cells digit `d` (0..9) has in the row, the column and the box of
    /// `cell` (0..81), added up (the cell itself counts three times when `d` is a candidate
    /// there). The guess order at a cell of two candidates compares these.
    #[inline]
    pub(crate) fn house_candidates(&self, cell: usize, d: usize) -> u32 {
        let (b, c) = (cell / 27, cell % 27);
        let (row, column) = (c / 9, c % 9);
        let word = self.cand[b][d];
        // The three houses packed into one word (no popcount instruction on the baseline
        // target: one software count instead of five): the row in bits 0..9, the box in
        // bits 9..30 (rows 9 apart), the column in bits 30..51 (band k at bit 9r + k).
        let row_cells = u64::from((word >> (9 * row)) & 0x1ff);
        let box_cells = u64::from((word >> (3 * (column / 3))) & (7 * COLUMN_SPREAD));
        let column_cells = u64::from(
            ((self.cand[0][d] >> column) & COLUMN_SPREAD)
                | ((self.cand[1][d] >> column) & COLUMN_SPREAD) << 1
                | ((self.cand[2][d] >> column) & COLUMN_SPREAD) << 2,
        );
        (row_cells | box_cells << 9 | column_cells << 30).count_ones()
    }

    /// Removes candidate `d` (0..9) from `cell`. Returns `false` if that leaves the cell empty
    /// (the position is then contradictory).
    pub(crate) fn exclude(&mut self, cell: usize, d: usize) -> bool {
        let (b, bit) = (cell / 27, 1u32 << (cell % 27));
        let mut dirty = 0;
        self.and_into(d, b, !bit, &mut dirty);
        self.dirty |= dirty;
        self.candidates(cell) != 0
    }

    /// Places digit `d` (0..9) in `cell` (0..81) and removes it from the cell's row, column and
    /// box (and diagonals when `X`), and the other digits from the cell. Returns `false` if `d`
    /// is no longer a candidate there (a clash).
    #[cfg(test)]
    pub(crate) fn place<const X: bool>(&mut self, cell: usize, d: usize) -> bool {
        let (b, c) = (cell / 27, cell % 27);
        let bit = 1u32 << c;
        if self.cand[b][d] & bit == 0 {
            return false;
        }
        let mut dirty = 0;
        for e in 0..9 {
            self.and_into(e, b, !bit, &mut dirty);
        }
        self.cand[b][d] |= bit;
        self.and_into(d, b, !BAND_PEERS[c], &mut dirty);
        let column = COLUMN_SPREAD << (c % 9);
        let (b1, b2) = OTHER_BANDS[b];
        self.and_into(d, b1, !column, &mut dirty);
        self.and_into(d, b2, !column, &mut dirty);
        self.unsolved[b] &= !bit;
        self.open_rows[d] &= !(1 << (3 * b + c / 9));
        if X {
            self.diagonals(d, b, bit, &mut dirty);
        }
        self.dirty |= dirty;
        true
    }

    /// Sets digit `d` (0..9), a candidate of `cell` (0..81), in that cell: the digit leaves the
    /// cell's row and box in its band. The band update then places it (the row has one cell
    /// left), which clears the cell of the other digits and the column of the other bands.
    #[inline(always)]
    pub(crate) fn assign(&mut self, cell: usize, d: usize) {
        let (b, c) = (cell / 27, cell % 27);
        self.cand[b][d] &= !BAND_PEERS[c];
        self.dirty |= word_bit(d, b);
    }

    /// Sudoku X: removes digit `d` from the diagonals through the placed cells `placed` of band
    /// `b` (at most one cell per diagonal per digit, so the placed bits are kept).
    #[inline]
    fn diagonals(&mut self, d: usize, b: usize, placed: u32, dirty: &mut u64) {
        for diagonal in [&DIAGONAL, &ANTI_DIAGONAL] {
            if placed & diagonal[b] != 0 {
                for (band, &cells) in diagonal.iter().enumerate() {
                    let keep = if band == b { placed } else { 0 };
                    self.and_into(d, band, !cells | keep, dirty);
                }
            }
        }
    }

    /// `cand[b][d] &= mask`, recording in `dirty` (a local, so it stays in a register)
    /// whether that changed it.
    #[inline(always)]
    fn and_into(&mut self, d: usize, b: usize, mask: u32, dirty: &mut u64) {
        let old = self.cand[b][d];
        let new = old & mask;
        self.cand[b][d] = new;
        *dirty |= u64::from(new != old) << (16 * b + d);
    }

    /// Band update of word `cand[b][d]`: remove the minirows outside every permutation, then
    /// from the two other bands of the digit the columns locked by a box, and place the digit
    /// in every row left with a single cell. Returns `false` on a contradiction.
    #[inline(always)]
    fn update_word<const X: bool, const EAGER: bool>(
        &mut self,
        b: usize,
        d: usize,
        dirty: &mut u64,
    ) -> bool {
        let x = self.cand[b][d];
        let y = x & PERMUTATION_MASK[minirow_map(x)];
        if y == 0 {
            return false;
        }
        self.cand[b][d] = y;
        // The permutation mask is idempotent: `y` needs no second pass unless another word
        // changes it.
        let keep = !LOCKED_COLUMNS[columns(y)];
        let (b1, b2) = OTHER_BANDS[b];
        let (old1, old2) = (self.cand[b1][d], self.cand[b2][d]);
        let (new1, new2) = (old1 & keep, old2 & keep);
        self.cand[b1][d] = new1;
        self.cand[b2][d] = new2;
        *dirty |=
            (u64::from(new1 != old1) << (16 * b1) | u64::from(new2 != old2) << (16 * b2)) << d;
        // `EAGER`: done without a branch, for the positions after a guess, where whether a
        // row is left with one cell is hard to predict. Every row of one cell is then placed
        // again, the rows placed before too (their cells hold no other digit: nothing
        // changes), so the open rows are neither read nor kept up to date.
        let new = if EAGER {
            0
        } else {
            single_rows(y) & (u32::from(self.open_rows[d]) >> (3 * b)) & 7
        };
        if EAGER || new != 0 {
            let placed = if EAGER {
                single_row_cells(y)
            } else {
                self.open_rows[d] &= !((new as u16) << (3 * b));
                y & ROWS[new as usize]
            };
            self.unsolved[b] &= !placed;
            // The other digits leave the placed cells (all nine words, then this digit's own
            // word is put back: no branch in the loop).
            let mut changed = 0u32;
            for (e, word) in self.cand[b].iter_mut().enumerate() {
                let old = *word;
                *word = old & !placed;
                changed |= u32::from(*word != old) << e;
            }
            self.cand[b][d] = y;
            *dirty |= u64::from(changed & !(1 << d)) << (16 * b);
            if X && placed != 0 {
                self.diagonals(d, b, placed, dirty);
            }
        }
        true
    }

    /// The band updates of the words of band `B` marked in `todo` (a snapshot of `dirty`),
    /// in increasing digit order. Returns `false` on a contradiction.
    #[inline(always)]
    fn band_round<const X: bool, const EAGER: bool, const B: usize>(
        &mut self,
        todo: u64,
        dirty: &mut u64,
    ) -> bool {
        let mut todo = (todo >> (16 * B)) & 0x1ff;
        while todo != 0 {
            // `min` only tells the optimiser the index is in range.
            let d = (todo.trailing_zeros() as usize).min(8);
            todo &= todo - 1;
            *dirty &= !(1 << (16 * B + d));
            if !self.update_word::<X, EAGER>(B, d, dirty) {
                return false;
            }
        }
        true
    }

    /// Propagates to a fixpoint: band updates of every changed digit, then naked singles, then
    /// hidden singles of the columns, until nothing changes. Returns `None` on a
    /// contradiction.
    pub(crate) fn propagate<const X: bool, const EAGER: bool>(&mut self) -> Option<Outcome> {
        let mut dirty = self.dirty;
        self.dirty = 0;
        loop {
            while dirty != 0 {
                // One round over the words marked now; the next word comes from this copy, not
                // from `dirty` (which the updates change), so successive updates overlap.
                // Band by band, each band's loop compiled for its constant band (no band
                // index to compute, no table of the other bands, constant shifts): the
                // same order as one loop over the bits of the snapshot.
                let mut todo = dirty;
                if !EAGER {
                    if !(self.band_round::<X, EAGER, 0>(todo, &mut dirty)
                        && self.band_round::<X, EAGER, 1>(todo, &mut dirty)
                        && self.band_round::<X, EAGER, 2>(todo, &mut dirty))
                    {
                        return None;
                    }
                    continue;
                }
                while todo != 0 {
                    let i = todo.trailing_zeros() as usize;
                    todo &= todo - 1;
                    dirty &= !(1 << i);
                    // `min` only tells the optimiser the indices are in range.
                    let (b, d) = ((i >> 4).min(2), (i & 15).min(8));
                    if !self.update_word::<X, EAGER>(b, d, &mut dirty) {
                        return None;
                    }
                }
            }
            // Naked singles, and the cell to branch on if there are none.
            let mut placed_any = false;
            // Per band, the unsolved cells of two candidates.
            let mut pairs = [0u32; 3];
            for (b, band_pairs) in pairs.iter_mut().enumerate() {
                let (mut one, mut two, mut three) = (0u32, 0u32, 0u32);
                for &x in &self.cand[b] {
                    three |= two & x;
                    two |= one & x;
                    one |= x;
                }
                let unsolved = self.unsolved[b];
                if one & unsolved != unsolved {
                    return None; // a cell without candidates
                }
                *band_pairs = unsolved & two & !three;
                let singles = unsolved & !two;
                if singles != 0 {
                    placed_any = true;
                    // Each single keeps its digit and removes it from its row and box in the
                    // band; the band update then places it and clears its column.
                    for d in 0..9 {
                        let mut mine = singles & self.cand[b][d];
                        while mine != 0 {
                            let c = mine.trailing_zeros() as usize;
                            mine &= mine - 1;
                            if self.cand[b][d] & (1 << c) == 0 {
                                return None; // emptied by another single just placed
                            }
                            self.and_into(d, b, !BAND_PEERS[c], &mut dirty);
                        }
                    }
                }
            }
            if placed_any {
                continue;
            }
            if self.unsolved == [0; 3] {
                return Some(Outcome::Solved);
            }
            if X && !self.diagonals_hold_every_digit() {
                return None; // a digit with no cell left on a diagonal
            }
            // The cell to branch on: the first cell of two candidates in the box with the most
            // unsolved cells (boxes with such a cell only).
            let bivalue = self.busiest_pair(&pairs);
            if bivalue.is_none() && self.column_singles(&mut dirty) {
                continue;
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

    /// Sudoku X: does every digit still have a cell on each diagonal? (A placed digit keeps
    /// its cell.) Checked before each guess: without it, a grid whose diagonals cannot hold
    /// some digit is refuted only once the rows, columns and boxes are filled.
    fn diagonals_hold_every_digit(&self) -> bool {
        (0..9).all(|d| {
            let on = |diagonal: &[u32; 3]| (0..3).any(|b| self.cand[b][d] & diagonal[b] != 0);
            on(&DIAGONAL) && on(&ANTI_DIAGONAL)
        })
    }

    /// The first cell of `pairs` (per band) in the first box with the most unsolved cells
    /// among the boxes holding such a cell, without a branch per box.
    #[inline(always)]
    fn busiest_pair(&self, pairs: &[u32; 3]) -> Option<usize> {
        // Per box: its unsolved count above its reversed index (the first box wins a tie),
        // or 0 when it holds no cell of `pairs`.
        let mut best = 0u32;
        for (b, &band_pairs) in pairs.iter().enumerate() {
            for k in 0..3 {
                let here = band_pairs & (BOX_CELLS << (3 * k));
                let key = box_count(self.unsolved[b], k) << 4 | (15 - (3 * b + k) as u32);
                best = best.max(key & 0u32.wrapping_sub(u32::from(here != 0)));
            }
        }
        if best == 0 {
            return None;
        }
        let i = (15 - (best & 15)) as usize;
        let (b, k) = ((i / 3).min(2), i % 3);
        let here = pairs[b] & (BOX_CELLS << (3 * k));
        Some(27 * b + here.trailing_zeros() as usize)
    }

    /// Hidden singles of the columns: a digit with one cell left in a column goes there.
    /// Returns whether any was found (its row and box lose the digit; the band update places
    /// it).
    fn column_singles(&mut self, dirty: &mut u64) -> bool {
        let mut found = false;
        for d in 0..9 {
            let (mut any, mut many, mut twice) = (0u32, 0u32, 0u32);
            for x in [self.cand[0][d], self.cand[1][d], self.cand[2][d]] {
                let (r0, r1, r2) = (x & 0x1ff, (x >> 9) & 0x1ff, (x >> 18) & 0x1ff);
                let band_any = r0 | r1 | r2;
                many |= (r0 & r1) | (r0 & r2) | (r1 & r2);
                twice |= any & band_any;
                any |= band_any;
            }
            let single = any & !twice & !many;
            if single == 0 {
                continue;
            }
            let spread = single * COLUMN_SPREAD;
            for b in 0..3 {
                let mut cells = self.cand[b][d] & spread & self.unsolved[b];
                while cells != 0 {
                    let c = cells.trailing_zeros() as usize;
                    cells &= cells - 1;
                    found = true;
                    self.and_into(d, b, !BAND_PEERS[c], dirty);
                }
            }
        }
        found
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

    /// Writes the digits (1..=9) of a solved position into `out`. In a solved position each
    /// word holds exactly one cell in each of its three rows (the digit's place in that row),
    /// so each row's cell is found by one bit scan, without a loop over the bits.
    pub(crate) fn write_solution(&self, out: &mut [u8; 81]) {
        for (b, words) in self.cand.iter().enumerate() {
            let band = &mut out[27 * b..27 * b + 27];
            for (d, &word) in words.iter().enumerate() {
                for r in 0..3 {
                    // `| 1 << 8` and `min` keep the index in the row even if a row were empty
                    // (it never is: see above).
                    let c = (((word >> (9 * r)) & 0x1ff) | 1 << 8).trailing_zeros() as usize;
                    band[9 * r + c.min(8)] = d as u8 + 1;
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
    fn from_givens_matches_placing_one_by_one() {
        let line =
            "8.........95.......76.........426798...571243...893165......916....3.487....1.532";
        let mut cells = [0u8; 81];
        for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
            *cell = if ch == b'.' { 0 } else { ch - b'0' };
        }
        for x in [false, true] {
            let built = if x {
                State::from_givens::<true>(&cells)
            } else {
                State::from_givens::<false>(&cells)
            };
            let mut placed = State::empty();
            let mut ok = true;
            for (cell, &v) in cells.iter().enumerate() {
                if v != 0 {
                    ok &= if x {
                        placed.place::<true>(cell, usize::from(v - 1))
                    } else {
                        placed.place::<false>(cell, usize::from(v - 1))
                    };
                }
            }
            match built {
                Some(b) => {
                    assert!(ok);
                    assert_eq!(b.cand, placed.cand);
                    assert_eq!(b.unsolved, placed.unsolved);
                    assert_eq!(b.open_rows, placed.open_rows);
                }
                None => assert!(!ok && x, "only the X reading clashes"),
            }
        }
    }

    #[test]
    fn house_candidates_counts_row_column_and_box() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let mut cells = [0u8; 81];
        for (cell, ch) in cells.iter_mut().zip(line.bytes()) {
            *cell = if ch == b'.' { 0 } else { ch - b'0' };
        }
        let s = State::from_givens::<false>(&cells).expect("no clash");
        for cell in 0..81 {
            let (r, c) = (cell / 9, cell % 9);
            for d in 0..9 {
                let naive = (0..81)
                    .filter(|&o| s.has(o, d))
                    .map(|o| {
                        let (or, oc) = (o / 9, o % 9);
                        usize::from(or == r)
                            + usize::from(oc == c)
                            + usize::from(or / 3 == r / 3 && oc / 3 == c / 3)
                    })
                    .sum::<usize>();
                assert_eq!(
                    s.house_candidates(cell, d) as usize,
                    naive,
                    "cell {cell} d {d}"
                );
            }
        }
    }

    #[test]
    fn minirow_map_matches_the_minirows() {
        // Every minirow pattern of a row, in every row, with the other rows varied too.
        for r in 0..3 {
            for row in 0..512u32 {
                for other in [0u32, 0x1ff, 0o421, 0o070] {
                    let mut x = row << (9 * r);
                    for o in (0..3).filter(|&o| o != r) {
                        x |= other << (9 * o);
                    }
                    let mut naive = 0;
                    for rr in 0..3 {
                        for k in 0..3 {
                            if (x >> (9 * rr + 3 * k)) & 7 != 0 {
                                naive |= 1 << (3 * k + rr);
                            }
                        }
                    }
                    assert_eq!(minirow_map(x), naive, "{x:#o}");
                }
            }
        }
    }

    #[test]
    fn single_row_cells_matches_the_rows() {
        // Every row content against a few fixed other rows (no row empty).
        for r in 0..3 {
            for row in 1..512u32 {
                for other in [1u32, 0x1ff, 0o421, 0o070, 0o400] {
                    let mut x = row << (9 * r);
                    for o in (0..3).filter(|&o| o != r) {
                        x |= other << (9 * o);
                    }
                    assert_eq!(
                        single_row_cells(x),
                        x & ROWS[single_rows(x) as usize],
                        "{x:#o}"
                    );
                }
            }
        }
    }

    #[test]
    fn given_bits_match_the_cells() {
        let mut cells = [0u8; 81];
        // Every byte value in every position of an 8-byte chunk and the last cell.
        for cell in [0, 7, 8, 42, 79, 80] {
            for v in 0..=255u8 {
                cells[cell] = v;
                cells[(cell + 13) % 81] = 9;
                let (filled, above) = given_bits(&cells);
                let naive: u128 = cells
                    .iter()
                    .enumerate()
                    .map(|(i, &c)| u128::from(c != 0) << i)
                    .sum();
                assert_eq!(filled, naive, "cell {cell} value {v}");
                assert_eq!(above, v > 9, "cell {cell} value {v}");
                cells = [0; 81];
            }
        }
    }

    #[test]
    fn position_is_small() {
        assert_eq!(core::mem::size_of::<State>(), 152);
    }

    #[test]
    fn empty_grid_branches() {
        let mut s = State::empty();
        match s.propagate::<false, false>() {
            Some(Outcome::Branch { candidates, .. }) => assert_eq!(candidates, 0x1ff),
            other => panic!("unexpected {other:?}"),
        }
    }
}
