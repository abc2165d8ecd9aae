//! B: locked candidates. When a digit's places in house `a` all lie in house `b`, the digit
//! leaves the rest of `b`. A box and a line give pointing (box → line) and claiming
//! (line → box); any other pair of houses sharing two cells or more (a diagonal and a box, a
//! jigsaw region and a line) gives the generic locked candidates.

use super::{Finding, Technique, Techniques};
use crate::HouseKind;
use crate::layout::Layout;
use crate::state::{State, bit};

fn is_line(k: HouseKind) -> bool {
    matches!(k, HouseKind::Row(_) | HouseKind::Column(_))
}

fn is_box(k: HouseKind) -> bool {
    matches!(k, HouseKind::Box(_) | HouseKind::Region(_))
}

/// The first locked-candidates elimination.
pub(crate) fn locked(
    lay: &Layout,
    st: &State,
    pos: &[u32],
    on: Techniques,
    f: &mut Finding,
) -> bool {
    let n = lay.n;
    for x in &lay.intersections {
        let (ka, kb) = (lay.kinds[x.a as usize], lay.kinds[x.b as usize]);
        let t = if is_box(ka) && is_line(kb) {
            Technique::Pointing
        } else if is_line(ka) && is_box(kb) {
            Technique::Claiming
        } else {
            Technique::LockedCandidates
        };
        if !on.contains(t) {
            continue;
        }
        for d in 0..n {
            let pa = pos[x.a as usize * n + d];
            if pa == 0 || pa & !x.in_a != 0 {
                continue;
            }
            let pb = pos[x.b as usize * n + d] & !x.in_b;
            if pb == 0 {
                continue;
            }
            let d = d as u8 + 1;
            f.technique = t;
            f.digits = bit(d);
            f.houses.push(x.a);
            f.houses.push(x.b);
            let cells_a = lay.house(x.a as usize);
            let mut m = pa;
            while m != 0 {
                f.cells.push(cells_a[m.trailing_zeros() as usize]);
                m &= m - 1;
            }
            let cells_b = lay.house(x.b as usize);
            let mut m = pb;
            while m != 0 {
                f.elims.push((cells_b[m.trailing_zeros() as usize], d));
                m &= m - 1;
            }
            debug_assert!(f.elims.iter().all(|&(c, d)| st.cand[c as usize] & bit(d) != 0));
            return true;
        }
    }
    false
}
