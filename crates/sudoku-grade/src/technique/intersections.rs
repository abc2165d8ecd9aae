//! B: locked candidates. When a digit's places in house `a` all lie in house `b`, the digit
//! leaves the rest of `b`. A box and a line give pointing (box → line) and claiming
//! (line → box); any other pair of houses sharing two cells or more (a diagonal and a box, a
//! jigsaw region and a line) gives the generic locked candidates.

use sudoku_core::HouseKind;

use super::{Finding, Technique, Techniques};
use crate::rules::Rules;
use crate::state::{State, bit};

fn is_line(k: HouseKind) -> bool {
    matches!(k, HouseKind::Row(_) | HouseKind::Column(_))
}

fn is_box(k: HouseKind) -> bool {
    matches!(k, HouseKind::Box(_) | HouseKind::Region(_))
}

/// The first locked-candidates elimination.
pub(crate) fn locked(
    rules: &Rules,
    st: &State,
    pos: &[u32],
    on: Techniques,
    f: &mut Finding,
) -> bool {
    let n = rules.n;
    let geo = &*rules.geo;
    for x in geo.intersections() {
        let (ka, kb) = (geo.house_kind(x.a), geo.house_kind(x.b));
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
            let pa = pos[x.a.index() * n + d];
            if pa == 0 || pa & !x.in_a != 0 {
                continue;
            }
            let pb = pos[x.b.index() * n + d] & !x.in_b;
            if pb == 0 {
                continue;
            }
            let d = d as u8 + 1;
            f.technique = t;
            f.digits = bit(d);
            f.houses.push(x.a);
            f.houses.push(x.b);
            let cells_a = geo.house(x.a);
            let mut m = pa;
            while m != 0 {
                f.cells.push(cells_a[m.trailing_zeros() as usize]);
                m &= m - 1;
            }
            let cells_b = geo.house(x.b);
            let mut m = pb;
            while m != 0 {
                f.elims.push((cells_b[m.trailing_zeros() as usize], d));
                m &= m - 1;
            }
            debug_assert!(
                f.elims
                    .iter()
                    .all(|&(c, d)| st.cand[c.index()] & bit(d) != 0)
            );
            return true;
        }
    }
    false
}
