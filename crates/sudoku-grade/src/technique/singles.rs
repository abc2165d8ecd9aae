//! A1: full house and naked single; A2: hidden single.

use super::{Finding, Technique};
use crate::layout::Layout;
use crate::state::{State, bit, first_digit};

/// The first cell with one candidate left; named a full house when it is the last empty
/// cell of one of its houses. `None` when an empty cell has no candidate (broken).
pub(crate) fn naked_single(lay: &Layout, st: &State, f: &mut Finding) -> Option<bool> {
    let mut found = None;
    for c in 0..lay.ncells {
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
        {
            let d = first_digit(m);
            f.technique = Technique::NakedSingle;
            f.place = Some((c as u16, d));
            f.cells.push(c as u16);
            f.digits = m;
            for &h in lay.houses_of(c) {
                let last = lay
                    .house(h as usize)
                    .iter()
                    .all(|&o| o as usize == c || st.values[o as usize] != 0);
                if last {
                    f.technique = Technique::FullHouse;
                    f.houses.push(h);
                    break;
                }
            }
        }
        return Some(true);
    }
    Some(false)
}

/// The first digit with one place left in a house (boxes first).
pub(crate) fn hidden_single(lay: &Layout, st: &State, pos: &[u32], f: &mut Finding) -> bool {
    let n = lay.n;
    for &h in &lay.single_order {
        let h = h as usize;
        for d in 0..n {
            let p = pos[h * n + d];
            if p.count_ones() == 1 {
                let c = lay.house(h)[p.trailing_zeros() as usize];
                let d = d as u8 + 1;
                debug_assert!(st.cand[c as usize] & bit(d) != 0);
                f.technique = Technique::HiddenSingle;
                f.place = Some((c, d));
                f.cells.push(c);
                f.digits = bit(d);
                f.houses.push(h as u16);
                return true;
            }
        }
    }
    false
}
