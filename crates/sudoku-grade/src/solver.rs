//! A small backtracking solver on the candidate board (singles propagation, branch on the cell
//! with fewest candidates). The rater needs it only for F (the solution's digit) and to know
//! whether uniqueness may be assumed (unique rectangles); it works on every geometry.

use crate::layout::Layout;
use crate::state::{Outcome, State, bit, digits};

/// What a count found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Count {
    /// Solutions found, at most the limit.
    pub count: usize,
    /// The first solution found.
    pub first: Option<Vec<u8>>,
    /// The node budget ran out before the search ended.
    pub exhausted: bool,
}

/// Counts the solutions of `st` up to `limit`, visiting at most `budget` nodes.
pub(crate) fn count(lay: &Layout, st: &State, limit: usize, budget: u64) -> Count {
    let mut out = Count {
        count: 0,
        first: None,
        exhausted: false,
    };
    let mut nodes = 0u64;
    let mut stack = Vec::new();
    search(lay, st.clone(), limit, budget, &mut nodes, &mut stack, &mut out);
    out
}

fn search(
    lay: &Layout,
    mut st: State,
    limit: usize,
    budget: u64,
    nodes: &mut u64,
    stack: &mut Vec<u16>,
    out: &mut Count,
) {
    if out.count >= limit || out.exhausted {
        return;
    }
    *nodes += 1;
    if *nodes > budget {
        out.exhausted = true;
        return;
    }
    match st.propagate_singles(lay, stack, None, usize::MAX, &mut 0) {
        Outcome::Broken(_) => {}
        Outcome::Solved => {
            out.count += 1;
            if out.first.is_none() {
                out.first = Some(st.values);
            }
        }
        Outcome::Stuck => {
            let mut best = usize::MAX;
            let mut best_n = u32::MAX;
            for c in 0..lay.ncells {
                if st.values[c] == 0 {
                    let k = st.cand[c].count_ones();
                    if k < best_n {
                        best_n = k;
                        best = c;
                        if k == 2 {
                            break;
                        }
                    }
                }
            }
            for d in digits(st.cand[best]) {
                let mut next = st.clone();
                next.cand[best] = bit(d);
                search(lay, next, limit, budget, nodes, stack, out);
                if out.count >= limit || out.exhausted {
                    return;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_4x4_and_a_17_clue() {
        let lay = Layout::classic(2, 2, false);
        let st = State::new(&lay, &[0; 16]).unwrap();
        assert_eq!(count(&lay, &st, 1000, u64::MAX).count, 288);
        let lay = Layout::classic(3, 3, false);
        let p = crate::testutil::parse(
            "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
        );
        let st = State::new(&lay, &p).unwrap();
        let c = count(&lay, &st, 2, u64::MAX);
        assert_eq!(c.count, 1);
        let sol = c.first.unwrap();
        assert!(p.iter().zip(&sol).all(|(&a, &b)| a == 0 || a == b));
    }
}
