//! D: XY-Wing (a bivalue pivot {x,y} seeing bivalue pincers {x,z} and {y,z}: z leaves every
//! cell seeing both pincers) and XYZ-Wing (a pivot {x,y,z} seeing pincers {x,z} and {y,z}: z
//! leaves every cell seeing all three).

use super::{Finding, Technique};
use crate::layout::Layout;
use crate::state::{State, first_digit};

#[allow(clippy::too_many_arguments)]
fn emit(
    lay: &Layout,
    st: &State,
    t: Technique,
    pivot: usize,
    a: usize,
    b: usize,
    z: u32,
    with_pivot: bool,
    f: &mut Finding,
) -> bool {
    let d = first_digit(z);
    let mut elims = Vec::new();
    for &o in lay.peers(a) {
        let o = o as usize;
        if o == pivot || o == b || st.cand[o] & z == 0 || !lay.sees(o, b) {
            continue;
        }
        if with_pivot && !lay.sees(o, pivot) {
            continue;
        }
        elims.push((o as u16, d));
    }
    if elims.is_empty() {
        return false;
    }
    f.technique = t;
    f.cells = vec![pivot as u16, a as u16, b as u16];
    f.digits = st.cand[pivot] | z;
    f.elims = elims;
    true
}

/// The first XY-Wing.
pub(crate) fn xy_wing(lay: &Layout, st: &State, f: &mut Finding) -> bool {
    for p in 0..lay.ncells {
        let mp = st.cand[p];
        if mp.count_ones() != 2 {
            continue;
        }
        let peers = lay.peers(p);
        for (i, &a) in peers.iter().enumerate() {
            let ma = st.cand[a as usize];
            if ma.count_ones() != 2 || (ma & mp).count_ones() != 1 {
                continue;
            }
            let z = ma & !mp;
            let want = (mp & !ma) | z;
            for &b in &peers[i + 1..] {
                if st.cand[b as usize] == want
                    && emit(lay, st, Technique::XyWing, p, a as usize, b as usize, z, false, f)
                {
                    return true;
                }
            }
        }
    }
    false
}

/// The first XYZ-Wing.
pub(crate) fn xyz_wing(lay: &Layout, st: &State, f: &mut Finding) -> bool {
    for p in 0..lay.ncells {
        let mp = st.cand[p];
        if mp.count_ones() != 3 {
            continue;
        }
        let peers = lay.peers(p);
        for (i, &a) in peers.iter().enumerate() {
            let ma = st.cand[a as usize];
            if ma.count_ones() != 2 || ma & !mp != 0 {
                continue;
            }
            for &b in &peers[i + 1..] {
                let mb = st.cand[b as usize];
                if mb.count_ones() != 2 || mb & !mp != 0 || mb == ma {
                    continue;
                }
                let z = ma & mb;
                if emit(lay, st, Technique::XyzWing, p, a as usize, b as usize, z, true, f) {
                    return true;
                }
            }
        }
    }
    false
}
