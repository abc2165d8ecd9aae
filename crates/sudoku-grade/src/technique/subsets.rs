//! C: naked subsets (k cells of a house holding only k digits between them: the digits leave
//! the rest of every house the k cells share). D: hidden subsets (k digits with only k places
//! in a house: those cells keep only those digits).

use sudoku_core::Cell;

use super::{Finding, Technique};
use crate::rules::Rules;
use crate::state::{State, bit};

/// Visits the `k`-subsets of `items` whose union has exactly `k` bits, with pruning; stops
/// when `visit` (given the chosen indices and the union) returns true.
pub(crate) fn combos(
    items: &[u32],
    k: usize,
    visit: &mut dyn FnMut(&[usize], u32) -> bool,
) -> bool {
    combos_with(items, k, 0, k, visit)
}

/// Visits the `k`-subsets of `items` whose union with `seed` has exactly `bits` bits, with
/// pruning; stops when `visit` (given the chosen indices and the union) returns true.
pub(crate) fn combos_with(
    items: &[u32],
    k: usize,
    seed: u32,
    bits: usize,
    visit: &mut dyn FnMut(&[usize], u32) -> bool,
) -> bool {
    fn rec(
        items: &[u32],
        k: usize,
        bits: usize,
        start: usize,
        union: u32,
        chosen: &mut Vec<usize>,
        visit: &mut dyn FnMut(&[usize], u32) -> bool,
    ) -> bool {
        if chosen.len() == k {
            return union.count_ones() as usize == bits && visit(chosen, union);
        }
        for i in start..items.len() {
            if items.len() - i < k - chosen.len() {
                break;
            }
            let u = union | items[i];
            if u.count_ones() as usize > bits {
                continue;
            }
            chosen.push(i);
            if rec(items, k, bits, i + 1, u, chosen, visit) {
                return true;
            }
            chosen.pop();
        }
        false
    }
    let mut chosen = Vec::with_capacity(k);
    rec(items, k, bits, 0, seed, &mut chosen, visit)
}

/// Naked subsets of size `k`, named `t`.
pub(crate) fn naked(rules: &Rules, st: &State, k: usize, t: Technique, f: &mut Finding) -> bool {
    let geo = &*rules.geo;
    let mut cells: Vec<Cell> = Vec::with_capacity(rules.n);
    let mut masks: Vec<u32> = Vec::with_capacity(rules.n);
    for &h in &rules.single_order {
        cells.clear();
        masks.clear();
        let mut empties = 0;
        for &c in geo.house(h) {
            let m = st.cand[c.index()];
            if st.values[c.index()] == 0 {
                empties += 1;
                let cnt = m.count_ones() as usize;
                if (2..=k).contains(&cnt) {
                    cells.push(c);
                    masks.push(m);
                }
            }
        }
        if empties <= k || cells.len() < k {
            continue;
        }
        let found = combos(&masks, k, &mut |chosen, union| {
            let group: Vec<Cell> = chosen.iter().map(|&i| cells[i]).collect();
            // Every house holding all the group's cells.
            let mut elims = Vec::new();
            let mut houses = Vec::new();
            for &hh in geo.houses_of(group[0]) {
                if group.iter().all(|&c| geo.house_contains(hh, c)) {
                    let before = elims.len();
                    for &o in geo.house(hh) {
                        if group.contains(&o) || st.values[o.index()] != 0 {
                            continue;
                        }
                        let mut hit = st.cand[o.index()] & union;
                        while hit != 0 {
                            let d = hit.trailing_zeros() as u8 + 1;
                            hit &= hit - 1;
                            if !elims.contains(&(o, d)) {
                                elims.push((o, d));
                            }
                        }
                    }
                    if elims.len() > before || hh == h {
                        houses.push(hh);
                    }
                }
            }
            if elims.is_empty() {
                return false;
            }
            f.technique = t;
            f.cells = group;
            f.digits = union;
            f.elims = elims;
            // The house where the subset was seen first.
            houses.sort_by_key(|&x| x != h);
            f.houses = houses;
            true
        });
        if found {
            return true;
        }
    }
    false
}

/// Hidden subsets of size `k`.
pub(crate) fn hidden(rules: &Rules, st: &State, pos: &[u32], k: usize, f: &mut Finding) -> bool {
    let n = rules.n;
    let t = match k {
        2 => Technique::HiddenPair,
        3 => Technique::HiddenTriple,
        _ => Technique::HiddenQuad,
    };
    let mut ds: Vec<u8> = Vec::with_capacity(n);
    let mut masks: Vec<u32> = Vec::with_capacity(n);
    for &h in &rules.single_order {
        ds.clear();
        masks.clear();
        let mut open = 0;
        for d in 0..n {
            let p = pos[h.index() * n + d];
            if p != 0 {
                open += 1;
                if (2..=k).contains(&(p.count_ones() as usize)) {
                    ds.push(d as u8 + 1);
                    masks.push(p);
                }
            }
        }
        if open <= k || ds.len() < k {
            continue;
        }
        let house = rules.geo.house(h);
        let found = combos(&masks, k, &mut |chosen, union| {
            let keep: u32 = chosen.iter().map(|&i| bit(ds[i])).fold(0, |a, b| a | b);
            let mut elims = Vec::new();
            let mut group = Vec::new();
            let mut m = union;
            while m != 0 {
                let c = house[m.trailing_zeros() as usize];
                m &= m - 1;
                group.push(c);
                let mut extra = st.cand[c.index()] & !keep;
                while extra != 0 {
                    let d = extra.trailing_zeros() as u8 + 1;
                    extra &= extra - 1;
                    elims.push((c, d));
                }
            }
            if elims.is_empty() {
                return false;
            }
            f.technique = t;
            f.cells = group;
            f.digits = keep;
            f.elims = elims;
            f.houses = vec![h];
            true
        });
        if found {
            return true;
        }
    }
    false
}
