//! D: basic fish. For a digit, `k` rows whose places lie in `k` columns between them: the digit
//! leaves the other cells of those columns (and the same with rows and columns swapped).
//! Size 2 is the X-Wing, 3 the Swordfish, 4 the Jellyfish, 5 the Squirmbag.

use super::subsets::combos;
use super::{Finding, Technique};
use crate::layout::Layout;
use crate::state::{State, bit};

/// The first fish of size `k`.
pub(crate) fn fish(lay: &Layout, st: &State, k: usize, f: &mut Finding) -> bool {
    let n = lay.n;
    if lay.rows.contains(&u16::MAX) || lay.cols.contains(&u16::MAX) {
        return false;
    }
    let t = match k {
        2 => Technique::XWing,
        3 => Technique::Swordfish,
        4 => Technique::Jellyfish,
        _ => Technique::Squirmbag,
    };
    let mut lines: Vec<usize> = Vec::with_capacity(n);
    let mut masks: Vec<u32> = Vec::with_capacity(n);
    for d in 1..=n as u8 {
        let b = bit(d);
        for by_rows in [true, false] {
            lines.clear();
            masks.clear();
            let mut open = 0;
            for line in 0..n {
                let mut m = 0u32;
                for other in 0..n {
                    let c = if by_rows { line * n + other } else { other * n + line };
                    if st.cand[c] & b != 0 {
                        m |= 1 << other;
                    }
                }
                if m != 0 {
                    open += 1;
                    if (2..=k).contains(&(m.count_ones() as usize)) {
                        lines.push(line);
                        masks.push(m);
                    }
                }
            }
            if open <= k || lines.len() < k {
                continue;
            }
            let found = combos(&masks, k, &mut |chosen, union| {
                let base: u32 = chosen.iter().map(|&i| 1u32 << lines[i]).fold(0, |a, x| a | x);
                let mut elims = Vec::new();
                let mut cover = union;
                while cover != 0 {
                    let other = cover.trailing_zeros() as usize;
                    cover &= cover - 1;
                    for line in 0..n {
                        if base >> line & 1 != 0 {
                            continue;
                        }
                        let c = if by_rows { line * n + other } else { other * n + line };
                        if st.cand[c] & b != 0 {
                            elims.push((c as u16, d));
                        }
                    }
                }
                if elims.is_empty() {
                    return false;
                }
                f.technique = t;
                f.digits = b;
                f.elims = elims;
                f.cells.clear();
                f.houses.clear();
                let (base_h, cover_h) = if by_rows {
                    (&lay.rows, &lay.cols)
                } else {
                    (&lay.cols, &lay.rows)
                };
                for &i in chosen {
                    f.houses.push(base_h[lines[i]]);
                    let mut m = masks[i];
                    while m != 0 {
                        let other = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let line = lines[i];
                        let c = if by_rows { line * n + other } else { other * n + line };
                        f.cells.push(c as u16);
                    }
                }
                let mut cover = union;
                while cover != 0 {
                    f.houses.push(cover_h[cover.trailing_zeros() as usize]);
                    cover &= cover - 1;
                }
                true
            });
            if found {
                return true;
            }
        }
    }
    false
}
