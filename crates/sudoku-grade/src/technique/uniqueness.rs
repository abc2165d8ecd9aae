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

/// Rectangles with a bivalue floor: two cells of one line holding only `{a, b}`, and the roof,
/// the two cells of another line in the same columns (or rows) holding `a`, `b` and more.
/// Calls `visit(floor1, floor2, roof1, roof2, m)` until it returns true.
fn floors(lay: &Layout, st: &State, visit: &mut dyn FnMut([usize; 4], u32) -> bool) -> bool {
    let n = lay.n;
    for by_rows in [true, false] {
        let at = |line: usize, other: usize| {
            if by_rows {
                line * n + other
            } else {
                other * n + line
            }
        };
        for l1 in 0..n {
            for o1 in 0..n {
                let a = at(l1, o1);
                let m = st.cand[a];
                if m.count_ones() != 2 {
                    continue;
                }
                for o2 in o1 + 1..n {
                    let b = at(l1, o2);
                    if st.cand[b] != m {
                        continue;
                    }
                    for l2 in 0..n {
                        if l2 == l1 {
                            continue;
                        }
                        let (c, d) = (at(l2, o1), at(l2, o2));
                        let (mc, md) = (st.cand[c], st.cand[d]);
                        if mc & m != m || md & m != m || mc == m || md == m {
                            continue;
                        }
                        let mut corners = [a, b, c, d];
                        corners.sort_unstable();
                        if deadly(lay, corners) && visit([a, b, c, d], m) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

/// Unique rectangle type 2: both roof cells hold `{a, b, z}` with the same extra `z`. One of
/// them is `z` (else the rectangle is deadly), so `z` leaves every cell seeing both.
pub(crate) fn rectangle_type2(lay: &Layout, st: &State, f: &mut Finding) -> bool {
    floors(lay, st, &mut |[a, b, c, d], m| {
        let (mc, md) = (st.cand[c], st.cand[d]);
        if mc != md || mc.count_ones() != 3 {
            return false;
        }
        let z = mc & !m;
        let zd = z.trailing_zeros() as u8 + 1;
        let elims: Vec<(u16, u8)> = lay
            .peers(c)
            .iter()
            .copied()
            .filter(|&o| o as usize != d && st.cand[o as usize] & z != 0 && lay.sees(o as usize, d))
            .map(|o| (o, zd))
            .collect();
        if elims.is_empty() {
            return false;
        }
        f.technique = Technique::UniqueRectangle2;
        f.cells = vec![a as u16, b as u16, c as u16, d as u16];
        f.digits = m | z;
        f.elims = elims;
        true
    })
}

/// Unique rectangle type 4: in a house holding both roof cells, `a` has no other place. One
/// roof cell is `a`, and the other cannot be `b` (deadly), nor can the `a` cell: `b` leaves
/// both roof cells.
pub(crate) fn rectangle_type4(lay: &Layout, st: &State, pos: &[u32], f: &mut Finding) -> bool {
    let n = lay.n;
    floors(lay, st, &mut |[a, b, c, d], m| {
        for &h in lay.houses_of(c) {
            if !lay.house_has(h as usize, d) {
                continue;
            }
            for (x, y) in [
                (m.trailing_zeros(), 31 - m.leading_zeros()),
                (31 - m.leading_zeros(), m.trailing_zeros()),
            ] {
                // x is locked in the roof within house h; y leaves the roof.
                if pos[h as usize * n + x as usize].count_ones() != 2 {
                    continue;
                }
                let yd = y as u8 + 1;
                f.technique = Technique::UniqueRectangle4;
                f.cells = vec![a as u16, b as u16, c as u16, d as u16];
                f.digits = m;
                f.houses = vec![h];
                f.elims = vec![(c as u16, yd), (d as u16, yd)];
                return true;
            }
        }
        false
    })
}

/// BUG+1 (bivalue universal grave): every empty cell holds two candidates but one, which holds
/// three, and every digit has exactly two places in every house but the three houses of that
/// cell, where one digit has three. Without that digit in the cell the grid would have two
/// solutions or none, so the cell takes it.
pub(crate) fn bug_plus_one(lay: &Layout, st: &State, pos: &[u32], f: &mut Finding) -> bool {
    let n = lay.n;
    let mut odd = None;
    for c in 0..lay.ncells {
        if st.values[c] != 0 {
            continue;
        }
        match st.cand[c].count_ones() {
            2 => {}
            3 if odd.is_none() => odd = Some(c),
            _ => return false,
        }
    }
    let Some(c) = odd else { return false };
    let mut digit = 0u32;
    for h in 0..lay.house_count() {
        let holds = lay.house_has(h, c);
        for x in 0..n {
            match (pos[h * n + x].count_ones(), holds) {
                (0 | 2, _) => {}
                (3, true) if st.cand[c] >> x & 1 != 0 && (digit == 0 || digit == 1 << x) => {
                    digit = 1 << x;
                }
                _ => return false,
            }
        }
    }
    if digit == 0 {
        return false;
    }
    let x = digit.trailing_zeros() as usize;
    if lay
        .houses_of(c)
        .iter()
        .any(|&h| pos[h as usize * n + x].count_ones() != 3)
    {
        return false;
    }
    f.technique = Technique::BugPlusOne;
    f.cells = vec![c as u16];
    f.digits = digit;
    let mut rest = st.cand[c] & !digit;
    while rest != 0 {
        f.elims.push((c as u16, rest.trailing_zeros() as u8 + 1));
        rest &= rest - 1;
    }
    true
}
