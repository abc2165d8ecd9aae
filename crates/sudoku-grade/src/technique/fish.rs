//! D: basic fish. For a digit, `k` rows whose places lie in `k` columns between them: the digit
//! leaves the other cells of those columns (and the same with rows and columns swapped).
//! Size 2 is the X-Wing, 3 the Swordfish, 4 the Jellyfish, 5 the Squirmbag.

use sudoku_core::{Cell, Geometry, House};

use super::subsets::combos;
use super::{Finding, Technique};
use crate::rules::Rules;
use crate::state::{State, bit};

/// The house of row or column `i`.
type Line = fn(&Geometry, usize) -> House;

/// The first fish of size `k`.
pub(crate) fn fish(rules: &Rules, st: &State, k: usize, f: &mut Finding) -> bool {
    let n = rules.n;
    let geo = &*rules.geo;
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
                    let c = if by_rows {
                        line * n + other
                    } else {
                        other * n + line
                    };
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
                let base: u32 = chosen
                    .iter()
                    .map(|&i| 1u32 << lines[i])
                    .fold(0, |a, x| a | x);
                let mut elims = Vec::new();
                let mut cover = union;
                while cover != 0 {
                    let other = cover.trailing_zeros() as usize;
                    cover &= cover - 1;
                    for line in 0..n {
                        if base >> line & 1 != 0 {
                            continue;
                        }
                        let c = if by_rows {
                            line * n + other
                        } else {
                            other * n + line
                        };
                        if st.cand[c] & b != 0 {
                            elims.push((Cell::new(c), d));
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
                // The base lines, then the cover lines.
                let (base_h, cover_h): (Line, Line) = if by_rows {
                    (Geometry::row, Geometry::column)
                } else {
                    (Geometry::column, Geometry::row)
                };
                for &i in chosen {
                    f.houses.push(base_h(geo, lines[i]));
                    let mut m = masks[i];
                    while m != 0 {
                        let other = m.trailing_zeros() as usize;
                        m &= m - 1;
                        let line = lines[i];
                        let c = if by_rows {
                            line * n + other
                        } else {
                            other * n + line
                        };
                        f.cells.push(Cell::new(c));
                    }
                }
                let mut cover = union;
                while cover != 0 {
                    f.houses.push(cover_h(geo, cover.trailing_zeros() as usize));
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
