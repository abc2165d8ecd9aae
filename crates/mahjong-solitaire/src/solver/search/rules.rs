//! Which pairs may still be played: the static conflicts (two tiles one above the other are
//! never free together) and the moves refuted on the current path, undone on the way back.

use crate::board::Board;

use super::Search;
use super::bits::{bits, rest};
use super::tables::Tables;

/// The pairs ruled out, per tile.
pub(super) struct Rules {
    /// Per tile, the members of its class it may not pair with: one of the two lies above
    /// the other (they are never free together), or the move was refuted on the current
    /// path (see [`Search::refute`]).
    pub(super) dead: Vec<u64>,
    /// The refutations in force, in the order they were made.
    pub(super) trail: Vec<(u16, u16)>,
}

impl Rules {
    /// The static conflicts of `board`'s tiles: everything above each tile, through stacks;
    /// same-class tiles there never pair.
    pub(super) fn new<const W: usize>(board: &Board, tables: &Tables<W>) -> Rules {
        let n = board.tiles.len();
        let geo = &*board.geo;
        let (class_of, local) = (&tables.class_of, &tables.local);
        let mut dead = vec![0u64; n];
        let mut stack = Vec::new();
        let mut mark = vec![usize::MAX; n];
        for b in (0..n).filter(|&b| board.present[b]) {
            stack.clear();
            stack.push(b);
            while let Some(p) = stack.pop() {
                for &q in geo.above.get(p) {
                    let q = usize::from(q);
                    if mark[q] != b {
                        mark[q] = b;
                        stack.push(q);
                        if class_of[q] == class_of[b] && board.present[q] {
                            dead[b] |= 1 << local[q];
                            dead[q] |= 1 << local[b];
                        }
                    }
                }
            }
        }
        Rules {
            dead,
            trail: Vec::new(),
        }
    }
}

impl<const W: usize> Search<'_, W> {
    /// Whether members `a` and `b` (local indices) of class `k` may pair.
    #[inline(always)]
    pub(super) fn pair_ok(&self, k: usize, a: usize, b: usize) -> bool {
        self.rules.dead[self.tables.member(k, a)] & (1 << b) == 0
    }

    /// Whether members `a` and `b` of class `k` may pair now, with `rem` left: when four
    /// are left, the other two must be able to pair as well.
    #[inline(always)]
    pub(super) fn pair_allowed(&self, k: usize, rem: u64, a: usize, b: usize) -> bool {
        if !self.pair_ok(k, a, b) {
            return false;
        }
        if rem.count_ones() == 4 {
            let (c, d) = rest(rem, a, b);
            self.pair_ok(k, c, d)
        } else {
            true
        }
    }

    /// The allowed pairings of the four members `rem` of class `k`, as the pairs of the
    /// first member with each of the other three.
    #[inline]
    pub(super) fn pairings(&self, k: usize, rem: u64) -> impl Iterator<Item = (usize, usize)> + '_ {
        let first = rem.trailing_zeros() as usize;
        bits(rem & (rem - 1))
            .filter(move |&j| self.pair_allowed(k, rem, first, j))
            .map(move |j| (first, j))
    }

    /// Records that playing tiles `a` and `b` from the current node loses. In the rest of
    /// that node's subtree every position holding both tiles is reachable from the node
    /// without them, so playing them there loses too.
    pub(super) fn refute(&mut self, a: usize, b: usize) {
        let (la, lb) = (self.tables.local[a], self.tables.local[b]);
        if self.rules.dead[a] & (1 << lb) != 0 {
            return;
        }
        self.rules.dead[a] |= 1 << lb;
        self.rules.dead[b] |= 1 << la;
        self.relaxed.narrowed |= 1 << self.tables.class_of[a];
        self.relaxed.stale |= 1 << self.tables.class_of[a];
        self.rules.trail.push((a as u16, b as u16));
    }

    /// Undoes the refutations made after the trail had length `mark`.
    pub(super) fn unrefute_to(&mut self, mark: usize) {
        while self.rules.trail.len() > mark {
            let Some((a, b)) = self.rules.trail.pop() else {
                break;
            };
            let (a, b) = (usize::from(a), usize::from(b));
            self.rules.dead[a] &= !(1 << self.tables.local[b]);
            self.rules.dead[b] &= !(1 << self.tables.local[a]);
            self.relaxed.stale |= 1 << self.tables.class_of[a];
        }
    }
}
