//! A1: full house and naked single; A2: hidden single.

use sudoku_core::Cell;

use super::{Finding, Technique};
use crate::rules::Rules;
use crate::state::{State, bit, first_digit};

/// The first cell with one candidate left; named a full house when it is the last empty
/// cell of one of its houses. `None` when an empty cell has no candidate (broken).
pub(crate) fn naked_single(rules: &Rules, st: &State, f: &mut Finding) -> Option<bool> {
    let mut found = None;
    for c in 0..rules.ncells {
        let m = st.cand[c];
        if st.values[c] == 0 && m == 0 {
            return None;
        }
        if found.is_none() && st.values[c] == 0 && m.count_ones() == 1 {
            found = Some(c);
        }
    }
    if let Some(c) = found {
        let m = st.cand[c];
        let cell = Cell::new(c);
        f.technique = Technique::NakedSingle;
        f.place = Some((cell, first_digit(m)));
        f.cells.push(cell);
        f.digits = m;
        for &h in rules.geo.houses_of(cell) {
            let last = rules
                .geo
                .house(h)
                .iter()
                .all(|&o| o == cell || st.values[o.index()] != 0);
            if last {
                f.technique = Technique::FullHouse;
                f.houses.push(h);
                break;
            }
        }
        return Some(true);
    }
    Some(false)
}

/// The first digit with one place left in a house (boxes first).
pub(crate) fn hidden_single(rules: &Rules, st: &State, pos: &[u32], f: &mut Finding) -> bool {
    let n = rules.n;
    for &h in &rules.single_order {
        for d in 0..n {
            let p = pos[h.index() * n + d];
            if p.count_ones() == 1 {
                let c = rules.geo.house(h)[p.trailing_zeros() as usize];
                let d = d as u8 + 1;
                debug_assert!(st.cand[c.index()] & bit(d) != 0);
                f.technique = Technique::HiddenSingle;
                f.place = Some((c, d));
                f.cells.push(c);
                f.digits = bit(d);
                f.houses.push(h);
                return true;
            }
        }
    }
    false
}
