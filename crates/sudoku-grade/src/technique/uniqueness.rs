//! D: uniqueness. Four empty cells at the corners of a rectangle (two rows, two columns) where
//! every house holds none or two of them, side by side: if they ended up as `a b / b a`,
//! swapping `a` and `b` would give a second solution (the swap keeps every house whole and
//! touches no given). So that "deadly pattern" cannot happen:
//!
//! - type 1: when three corners hold only `{a, b}`, the fourth cannot be `a` or `b`;
//! - type 2: corners adding the same one digit `z` to `{a, b}` (the others holding only
//!   `{a, b}`): one of them is `z`;
//! - type 3: a bivalue floor and a roof adding digits `E`: one roof cell holds a digit of `E`,
//!   so the roof acts as one cell with candidates `E` in a naked subset of a house holding it;
//! - type 4: a bivalue floor and a roof digit locked in the roof: the other digit leaves it;
//! - hidden rectangle: one bivalue corner, and `a` with only two places in both lines through
//!   the opposite corner: that corner cannot be `b`;
//! - BUG+1: every cell bivalue but one.
//!
//! This assumes the puzzle has exactly one solution: the ladder applies it only when the
//! uniqueness of the puzzle is known (the rater checks it with its solver the first time a
//! rectangle shows up).

use sudoku_core::Cell;

use super::{Finding, Technique};
use crate::rules::Rules;
use crate::state::State;

/// The cells of row-major indices `cells`.
fn cells_of(cells: &[usize]) -> Vec<Cell> {
    cells.iter().map(|&c| Cell::new(c)).collect()
}

/// Can the four cells `r1c1 r1c2 r2c1 r2c2` (in that order) hold a deadly pattern: every house
/// holds none of them or two in the same row or column?
fn deadly(rules: &Rules, corners: [usize; 4]) -> bool {
    let geo = &*rules.geo;
    let corners = corners.map(Cell::new);
    for &c in &corners {
        for &h in geo.houses_of(c) {
            let mut inside = [c; 4];
            let mut k = 0;
            for &o in &corners {
                if geo.house_contains(h, o) {
                    inside[k] = o;
                    k += 1;
                }
            }
            if k != 2 {
                return false;
            }
            let (a, b) = (rules.row_col(inside[0]), rules.row_col(inside[1]));
            if a.0 != b.0 && a.1 != b.1 {
                return false;
            }
        }
    }
    true
}

/// The first unique rectangle of type 1 (uniqueness not checked here).
pub(crate) fn rectangle_type1(rules: &Rules, st: &State, f: &mut Finding) -> bool {
    let n = rules.n;
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
                    if !deadly(rules, corners) {
                        continue;
                    }
                    f.technique = Technique::UniqueRectangle;
                    f.cells = cells_of(&corners);
                    f.digits = m;
                    f.elims.clear();
                    let mut hit = st.cand[odd] & m;
                    while hit != 0 {
                        f.elims
                            .push((Cell::new(odd), hit.trailing_zeros() as u8 + 1));
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
fn floors(rules: &Rules, st: &State, visit: &mut dyn FnMut([usize; 4], u32) -> bool) -> bool {
    let n = rules.n;
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
                        if deadly(rules, corners) && visit([a, b, c, d], m) {
                            return true;
                        }
                    }
                }
            }
        }
    }
    false
}

/// Unique rectangle type 2: one corner or more holds only `{a, b}`, the others `{a, b, z}`
/// with the same extra `z` (two of them side by side, diagonal, or three). One of the latter
/// is `z` (else the rectangle is deadly), so `z` leaves every cell seeing all of them.
pub(crate) fn rectangle_type2(rules: &Rules, st: &State, f: &mut Finding) -> bool {
    let geo = &*rules.geo;
    bivalue_corner(rules, st, &mut |corners, m| {
        let mut roof = [0usize; 4];
        let mut k = 0;
        for &x in &corners {
            if st.cand[x] != m {
                roof[k] = x;
                k += 1;
            }
        }
        let roof = &roof[..k];
        if k < 2 {
            return false;
        }
        let z = st.cand[roof[0]] & !m;
        if z.count_ones() != 1 || roof.iter().any(|&x| st.cand[x] != m | z) {
            return false;
        }
        let mut sorted = corners;
        sorted.sort_unstable();
        if !deadly(rules, sorted) {
            return false;
        }
        let zd = z.trailing_zeros() as u8 + 1;
        let elims: Vec<(Cell, u8)> = geo
            .peers(Cell::new(roof[0]))
            .iter()
            .copied()
            .filter(|&o| {
                st.cand[o.index()] & z != 0
                    && roof[1..]
                        .iter()
                        .all(|&x| x != o.index() && geo.sees(o, Cell::new(x)))
            })
            .map(|o| (o, zd))
            .collect();
        if elims.is_empty() {
            return false;
        }
        f.technique = Technique::UniqueRectangle2;
        // The four corners, then those holding `z`.
        f.cells = corners
            .iter()
            .chain(roof.iter())
            .map(|&x| Cell::new(x))
            .collect();
        f.digits = m | z;
        f.elims = elims;
        true
    })
}

/// Rectangles `a b / c d` (`a`, `b` in one row, `a`, `c` in one column) where `a` holds only
/// two digits `m` and the other three hold both (and maybe more). Calls `visit([a, b, c, d],
/// m)` until it returns true. The deadly-pattern check is the caller's.
fn bivalue_corner(
    rules: &Rules,
    st: &State,
    visit: &mut dyn FnMut([usize; 4], u32) -> bool,
) -> bool {
    let n = rules.n;
    for r1 in 0..n {
        for c1 in 0..n {
            let a = r1 * n + c1;
            let m = st.cand[a];
            if m.count_ones() != 2 {
                continue;
            }
            for r2 in (0..n).filter(|&r| r != r1) {
                let c = r2 * n + c1;
                if st.cand[c] & m != m {
                    continue;
                }
                for c2 in (0..n).filter(|&x| x != c1) {
                    let (b, d) = (r1 * n + c2, r2 * n + c2);
                    if st.cand[b] & m == m && st.cand[d] & m == m && visit([a, b, c, d], m) {
                        return true;
                    }
                }
            }
        }
    }
    false
}

/// Unique rectangle type 4: in a house holding both roof cells, `a` has no other place. One
/// roof cell is `a`, and the other cannot be `b` (deadly), nor can the `a` cell: `b` leaves
/// both roof cells.
pub(crate) fn rectangle_type4(rules: &Rules, st: &State, pos: &[u32], f: &mut Finding) -> bool {
    let n = rules.n;
    let geo = &*rules.geo;
    floors(rules, st, &mut |[a, b, c, d], m| {
        let (cc, cd) = (Cell::new(c), Cell::new(d));
        for &h in geo.houses_of(cc) {
            if !geo.house_contains(h, cd) {
                continue;
            }
            for (x, y) in [
                (m.trailing_zeros(), 31 - m.leading_zeros()),
                (31 - m.leading_zeros(), m.trailing_zeros()),
            ] {
                // x is locked in the roof within house h; y leaves the roof.
                if pos[h.index() * n + x as usize].count_ones() != 2 {
                    continue;
                }
                let yd = y as u8 + 1;
                f.technique = Technique::UniqueRectangle4;
                f.cells = cells_of(&[a, b, c, d]);
                f.digits = m;
                f.houses = vec![h];
                f.elims = vec![(cc, yd), (cd, yd)];
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
pub(crate) fn bug_plus_one(rules: &Rules, st: &State, pos: &[u32], f: &mut Finding) -> bool {
    let n = rules.n;
    let geo = &*rules.geo;
    let mut odd = None;
    for c in 0..rules.ncells {
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
    let cell = Cell::new(c);
    let mut digit = 0u32;
    for h in geo.houses() {
        let holds = geo.house_contains(h, cell);
        for x in 0..n {
            match (pos[h.index() * n + x].count_ones(), holds) {
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
    if geo
        .houses_of(cell)
        .iter()
        .any(|&h| pos[h.index() * n + x].count_ones() != 3)
    {
        return false;
    }
    f.technique = Technique::BugPlusOne;
    f.cells = vec![cell];
    f.digits = digit;
    let mut rest = st.cand[c] & !digit;
    while rest != 0 {
        f.elims.push((cell, rest.trailing_zeros() as u8 + 1));
        rest &= rest - 1;
    }
    true
}

/// Unique rectangle type 3: the roof cells `c`, `d` add digits `E` to the floor's `{a, b}`;
/// one of them holds a digit of `E`. With `s` other cells of a house holding both roof cells,
/// whose candidates and `E` make `s + 1` digits, those digits fill the subset and the roof:
/// they leave the rest of the house.
pub(crate) fn rectangle_type3(rules: &Rules, st: &State, f: &mut Finding) -> bool {
    let n = rules.n;
    let geo = &*rules.geo;
    let mut others: Vec<(Cell, u32)> = Vec::with_capacity(n);
    floors(rules, st, &mut |[a, b, c, d], m| {
        let extra = (st.cand[c] | st.cand[d]) & !m;
        let (cc, cd) = (Cell::new(c), Cell::new(d));
        for &h in geo.houses_of(cc) {
            if !geo.house_contains(h, cd) {
                continue;
            }
            others.clear();
            for &o in geo.house(h) {
                let mo = st.cand[o.index()];
                if o != cc && o != cd && mo != 0 {
                    others.push((o, mo));
                }
            }
            // Subsets of 1 to 3 other cells: union with E of exactly size + 1 digits.
            let masks: Vec<u32> = others.iter().map(|x| x.1).collect();
            let mut found = false;
            for size in 1..=3usize.min(others.len().saturating_sub(1)) {
                let mut visit = |chosen: &[usize], union: u32| {
                    let group: Vec<Cell> = chosen.iter().map(|&i| others[i].0).collect();
                    let mut elims = Vec::new();
                    for &(o, mo) in &others {
                        if group.contains(&o) {
                            continue;
                        }
                        let mut hit = mo & union;
                        while hit != 0 {
                            elims.push((o, hit.trailing_zeros() as u8 + 1));
                            hit &= hit - 1;
                        }
                    }
                    if elims.is_empty() {
                        return false;
                    }
                    f.technique = Technique::UniqueRectangle3;
                    f.cells = cells_of(&[a, b, c, d]);
                    f.cells.extend_from_slice(&group);
                    f.digits = m;
                    f.houses = vec![h];
                    f.elims = elims;
                    true
                };
                found = super::subsets::combos_with(&masks, size, extra, size + 1, &mut visit);
                if found {
                    break;
                }
            }
            if found {
                return true;
            }
        }
        false
    })
}

/// Hidden rectangle: the corner `a` holds only `{x, y}`; the other three hold both. If `x` has
/// only two places in each line through the opposite corner `d` (the rectangle's cells), `d`
/// cannot be `y`: then both neighbours of `d` would be `x`, `a` would be `y`, and the
/// rectangle deadly.
pub(crate) fn hidden_rectangle(rules: &Rules, st: &State, pos: &[u32], f: &mut Finding) -> bool {
    let n = rules.n;
    let geo = &*rules.geo;
    bivalue_corner(rules, st, &mut |[a, b, c, d], m| {
        let (r2, c2) = rules.row_col(Cell::new(d));
        let (row, col) = (geo.row(r2), geo.column(c2));
        // `x` with only two places in d's row and column (cheap test first).
        let Some((_, y)) = [
            (m.trailing_zeros(), 31 - m.leading_zeros()),
            (31 - m.leading_zeros(), m.trailing_zeros()),
        ]
        .into_iter()
        .find(|&(x, _)| {
            pos[row.index() * n + x as usize].count_ones() == 2
                && pos[col.index() * n + x as usize].count_ones() == 2
        }) else {
            return false;
        };
        let mut corners = [a, b, c, d];
        corners.sort_unstable();
        if !deadly(rules, corners) {
            return false;
        }
        f.technique = Technique::HiddenRectangle;
        f.cells = cells_of(&[a, b, c, d]);
        f.digits = m;
        f.houses = vec![row, col];
        f.elims = vec![(Cell::new(d), y as u8 + 1)];
        true
    })
}
