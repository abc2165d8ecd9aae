//! D: unique rectangle type 1. Four empty cells at the corners of a rectangle (two rows, two
//! columns) where every house holds none or two of them, side by side: if they ended up as
//! `a b / b a`, swapping `a` and `b` would give a second solution. So when three corners hold
//! only `{a, b}`, the fourth cannot be `a` or `b`.
//!
//! This assumes the puzzle has exactly one solution: the ladder applies it only when the
//! uniqueness of the puzzle is known (the rater checks it with its solver the first time a
//! rectangle shows up).

use super::{Finding, Technique};
use crate::layout::Layout;
use crate::state::State;

/// Can the four cells `r1c1 r1c2 r2c1 r2c2` (in that order) hold a deadly pattern: every house
/// holds none of them or two in the same row or column?
fn deadly(lay: &Layout, corners: [usize; 4]) -> bool {
    for &c in &corners {
        for &h in lay.houses_of(c) {
            let inside: Vec<usize> = corners
                .iter()
                .copied()
                .filter(|&o| lay.house_has(h as usize, o))
                .collect();
            if inside.len() != 2 {
                return false;
            }
            let (a, b) = (lay.row_col(inside[0]), lay.row_col(inside[1]));
            if a.0 != b.0 && a.1 != b.1 {
                return false;
            }
        }
    }
    true
}

/// The first unique rectangle of type 1 (uniqueness not checked here).
pub(crate) fn rectangle_type1(lay: &Layout, st: &State, f: &mut Finding) -> bool {
    let n = lay.n;
    for r1 in 0..n {
        for c1 in 0..n {
            let a = r1 * n + c1;
            let m = st.cand[a];
            if m.count_ones() != 2 {
                continue;
            }
            for c2 in c1 + 1..n {
                let b = r1 * n + c2;
                if st.cand[b] != m {
                    continue;
                }
                for r2 in 0..n {
                    if r2 == r1 {
                        continue;
                    }
                    let (c, d) = (r2 * n + c1, r2 * n + c2);
                    let (mc, md) = (st.cand[c], st.cand[d]);
                    let odd = if mc == m && md & m == m && md != m {
                        d
                    } else if md == m && mc & m == m && mc != m {
                        c
                    } else {
                        continue;
                    };
                    let corners = if r1 < r2 { [a, b, c, d] } else { [c, d, a, b] };
                    if !deadly(lay, corners) {
                        continue;
                    }
                    f.technique = Technique::UniqueRectangle;
                    f.cells = corners.iter().map(|&x| x as u16).collect();
                    f.digits = m;
                    f.elims.clear();
                    let mut hit = st.cand[odd] & m;
                    while hit != 0 {
                        f.elims.push((odd as u16, hit.trailing_zeros() as u8 + 1));
                        hit &= hit - 1;
                    }
                    return true;
                }
            }
        }
    }
    false
}
