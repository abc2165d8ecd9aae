//! D: XY-Wing (a bivalue pivot {x,y} seeing bivalue pincers {x,z} and {y,z}: z leaves every
//! cell seeing both pincers) and XYZ-Wing (a pivot {x,y,z} seeing pincers {x,z} and {y,z}: z
//! leaves every cell seeing all three).

use sudoku_core::Cell;

use super::{Finding, Technique};
use crate::rules::Rules;
use crate::state::{State, first_digit};

/// A wing: pivot, pincers `a` and `b`, the digit `z` (a mask) they remove.
struct Wing {
    t: Technique,
    pivot: Cell,
    a: Cell,
    b: Cell,
    z: u32,
    /// Only the cells seeing the pivot too (XYZ-Wing).
    with_pivot: bool,
}

fn emit(rules: &Rules, st: &State, w: Wing, f: &mut Finding) -> bool {
    let geo = &*rules.geo;
    let d = first_digit(w.z);
    let mut elims = Vec::new();
    for &o in geo.peers(w.a) {
        if o == w.pivot || o == w.b || st.cand[o.index()] & w.z == 0 || !geo.sees(o, w.b) {
            continue;
        }
        if w.with_pivot && !geo.sees(o, w.pivot) {
            continue;
        }
        elims.push((o, d));
    }
    if elims.is_empty() {
        return false;
    }
    f.technique = w.t;
    f.cells = vec![w.pivot, w.a, w.b];
    f.digits = st.cand[w.pivot.index()] | w.z;
    f.elims = elims;
    true
}

/// The first XY-Wing.
pub(crate) fn xy_wing(rules: &Rules, st: &State, f: &mut Finding) -> bool {
    for p in 0..rules.ncells {
        let mp = st.cand[p];
        if mp.count_ones() != 2 {
            continue;
        }
        let pivot = Cell::new(p);
        let peers = rules.geo.peers(pivot);
        for (i, &a) in peers.iter().enumerate() {
            let ma = st.cand[a.index()];
            if ma.count_ones() != 2 || (ma & mp).count_ones() != 1 {
                continue;
            }
            let z = ma & !mp;
            let want = (mp & !ma) | z;
            for &b in &peers[i + 1..] {
                if st.cand[b.index()] == want
                    && emit(
                        rules,
                        st,
                        Wing {
                            t: Technique::XyWing,
                            pivot,
                            a,
                            b,
                            z,
                            with_pivot: false,
                        },
                        f,
                    )
                {
                    return true;
                }
            }
        }
    }
    false
}

/// The first XYZ-Wing.
pub(crate) fn xyz_wing(rules: &Rules, st: &State, f: &mut Finding) -> bool {
    for p in 0..rules.ncells {
        let mp = st.cand[p];
        if mp.count_ones() != 3 {
            continue;
        }
        let pivot = Cell::new(p);
        let peers = rules.geo.peers(pivot);
        for (i, &a) in peers.iter().enumerate() {
            let ma = st.cand[a.index()];
            if ma.count_ones() != 2 || ma & !mp != 0 {
                continue;
            }
            for &b in &peers[i + 1..] {
                let mb = st.cand[b.index()];
                if mb.count_ones() != 2 || mb & !mp != 0 || mb == ma {
                    continue;
                }
                let z = ma & mb;
                let wing = Wing {
                    t: Technique::XyzWing,
                    pivot,
                    a,
                    b,
                    z,
                    with_pivot: true,
                };
                if emit(rules, st, wing, f) {
                    return true;
                }
            }
        }
    }
    false
}
