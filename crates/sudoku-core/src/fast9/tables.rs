//! Constant lookup tables of the band bitboards, all computed at compile time.
//!
//! A *band* is three consecutive rows (rows 0–2, 3–5, 6–8). One band of one digit is a 27-bit
//! word: bit `9 × row_in_band + column`. Because the grid is stored row-major, the bit of cell
//! `i` (0..81) in its band is simply `i % 27`, and its band is `i / 27`.
//!
//! A *minirow* is the intersection of a row and a box: three cells, bits `9r + 3k .. 9r + 3k + 3`
//! for row `r` of the band and box `k` of the band.

/// The 27 bits of a band.
pub(crate) const BAND: u32 = (1 << 27) - 1;

/// Multiplying a 9-bit column set by this copies it into the three rows of a band.
pub(crate) const COLUMN_SPREAD: u32 = 1 | (1 << 9) | (1 << 18);

/// For the 9-bit minirow map of a band (bit `3k + r` = minirow of row `r`, box `k` non-empty:
/// box-major, the order in which shifts gather the minirows of a band word without a table),
/// the union of the minirows that belong to at least one *permutation* (row `r` placed in box
/// `p(r)`, every row and every box used once) made of non-empty minirows, as a 27-bit cell mask.
///
/// A digit occupies exactly one cell per row and per box of a band, so its three cells lie in
/// three minirows forming such a permutation. Every minirow outside all permutations can be
/// emptied: this single mask performs the band's pointing and claiming (locked candidates)
/// and the box/row hidden-single logic at the minirow level. Zero means no permutation exists:
/// the position is contradictory.
pub(crate) const PERMUTATION_MASK: [u32; 512] = permutation_masks();

/// For the 9-bit set of columns where a digit has candidates in a band, the columns that the
/// band is sure to take, spread over the three rows of a band: a box whose candidates lie in
/// one column puts the digit in that column inside this band, so the other two bands lose it
/// there (pointing along a column; it also covers the column of a placed digit).
pub(crate) const LOCKED_COLUMNS: [u32; 512] = locked_columns();

/// The number of bits set in a 9-bit value (the baseline x86-64 target has no popcount
/// instruction).
pub(crate) const POPCOUNT9: [u8; 512] = popcount9();

/// For a set of band rows (3 bits), the cells of those rows.
pub(crate) const ROWS: [u32; 8] = rows();

/// For a set of the boxes of a band (3 bits), the cells of those boxes.
pub(crate) const BOXES: [u32; 8] = boxes();

/// For a cell bit of a band (0..27), its peers inside the band (same row or same box; inside a
/// band a column lies in one box), the cell itself excluded.
pub(crate) const BAND_PEERS: [u32; 27] = band_peers();

/// For each cell (0..81) of the grid, its houses as one word: bit `r` its row, bit `9 + c` its
/// column, bit `18 + 3 (r / 3) + c / 3` its box, bit 27 the main diagonal and bit 28 the
/// anti-diagonal when it lies on them (loading the givens checks and records all of them in
/// one step).
pub(crate) const HOUSES: [u32; 81] = houses();

/// The main diagonal (r, r) of each band.
pub(crate) const DIAGONAL: [u32; 3] = diagonal(false);

/// The anti-diagonal (r, 8 − r) of each band.
pub(crate) const ANTI_DIAGONAL: [u32; 3] = diagonal(true);

const fn popcount9() -> [u8; 512] {
    let mut t = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        t[x] = (x as u32).count_ones() as u8;
        x += 1;
    }
    t
}

const fn locked_columns() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut k = 0;
        while k < 3 {
            let group = (cols >> (3 * k)) & 7;
            if group != 0 && group & (group - 1) == 0 {
                t[cols] |= (group << (3 * k)) as u32 * COLUMN_SPREAD;
            }
            k += 1;
        }
        cols += 1;
    }
    t
}

const PERMUTATIONS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

const fn permutation_masks() -> [u32; 512] {
    let mut t = [0u32; 512];
    let mut s = 0;
    while s < 512 {
        let mut kept = 0u32; // 9-bit minirow map
        let mut p = 0;
        while p < 6 {
            let perm = PERMUTATIONS[p];
            // Row r in box perm[r]: bit 3 perm[r] + r.
            let m = (1u32 << (3 * perm[0])) | (1 << (3 * perm[1] + 1)) | (1 << (3 * perm[2] + 2));
            if (s as u32) & m == m {
                kept |= m;
            }
            p += 1;
        }
        let mut mask = 0u32;
        let mut r = 0;
        while r < 3 {
            let mut k = 0;
            while k < 3 {
                if kept & (1 << (3 * k + r)) != 0 {
                    mask |= 7 << (9 * r + 3 * k);
                }
                k += 1;
            }
            r += 1;
        }
        t[s] = mask;
        s += 1;
    }
    t
}

const fn rows() -> [u32; 8] {
    let mut t = [0u32; 8];
    let mut s = 0;
    while s < 8 {
        let mut r = 0;
        while r < 3 {
            if s & (1 << r) != 0 {
                t[s] |= 0x1ff << (9 * r);
            }
            r += 1;
        }
        s += 1;
    }
    t
}

const fn boxes() -> [u32; 8] {
    let mut t = [0u32; 8];
    let mut s = 0;
    while s < 8 {
        let mut k = 0;
        while k < 3 {
            if s & (1 << k) != 0 {
                t[s] |= (7 << (3 * k)) * COLUMN_SPREAD;
            }
            k += 1;
        }
        s += 1;
    }
    t
}

const fn band_peers() -> [u32; 27] {
    let mut t = [0u32; 27];
    let mut c = 0;
    while c < 27 {
        let (r, col) = (c / 9, c % 9);
        let mut o = 0;
        while o < 27 {
            let (r2, col2) = (o / 9, o % 9);
            if o != c && (r2 == r || col2 / 3 == col / 3) {
                t[c] |= 1 << o;
            }
            o += 1;
        }
        c += 1;
    }
    t
}

const fn houses() -> [u32; 81] {
    let mut t = [0u32; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        t[cell] = 1 << r | 1 << (9 + c) | 1 << (18 + 3 * (r / 3) + c / 3);
        if r == c {
            t[cell] |= 1 << 27;
        }
        if r + c == 8 {
            t[cell] |= 1 << 28;
        }
        cell += 1;
    }
    t
}

const fn diagonal(anti: bool) -> [u32; 3] {
    let mut t = [0u32; 3];
    let mut row = 0;
    while row < 9 {
        let col = if anti { 8 - row } else { row };
        t[row / 3] |= 1 << (9 * (row % 3) + col);
        row += 1;
    }
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn permutation_mask_of_full_band_is_full() {
        assert_eq!(PERMUTATION_MASK[511], BAND);
        assert_eq!(PERMUTATION_MASK[0], 0);
    }

    #[test]
    fn permutation_mask_locks_candidates() {
        // Row 0 only in box 0: boxes 1, 2 of row 0 impossible anyway; box 0 is taken from
        // rows 1 and 2, which keep boxes 1 and 2 (bit 3k + r: row r, box k).
        let s = 0b001 | 0o666;
        let m = PERMUTATION_MASK[s];
        assert_eq!(m & 0x1ff, 0o7);
        assert_eq!((m >> 9) & 0x1ff, 0o770);
        assert_eq!((m >> 18) & 0x1ff, 0o770);
        // Two rows confined to the same single box: no permutation.
        assert_eq!(PERMUTATION_MASK[0b011 | 0o444], 0);
        // Rows 0 and 1 in boxes 0 and 1 only: row 2 must take box 2.
        let m = PERMUTATION_MASK[0o033 | 0o444];
        assert_eq!(m, 0o77 | (0o77 << 9) | (0o700 << 18));
    }

    #[test]
    fn peers_and_diagonals() {
        assert_eq!(BAND_PEERS[0].count_ones(), 8 + 6);
        assert_eq!(BAND_PEERS[0] & 1, 0);
        assert_eq!(DIAGONAL.iter().map(|d| d.count_ones()).sum::<u32>(), 9);
        // Both diagonals cross at the centre cell (4, 4), bit 13 of band 1.
        assert_eq!(ANTI_DIAGONAL[1] & DIAGONAL[1], 1 << 13);
        assert_eq!(ANTI_DIAGONAL[1], (1 << 5) | (1 << 13) | (1 << 21));
        assert_eq!(ROWS[0b101], 0x1ff | (0x1ff << 18));
        // (4, 4): row 4, column 4, box 4, both diagonals; (7, 2): row 7, column 2, box 6.
        assert_eq!(HOUSES[40], 1 << 4 | 1 << 13 | 1 << 22 | 1 << 27 | 1 << 28);
        assert_eq!(HOUSES[65], 1 << 7 | 1 << 11 | 1 << 24);
    }
}
