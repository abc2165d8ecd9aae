//! The pairing search: a depth-first search over the pairings of the classes of four, for
//! boards whose classes all have at most four tiles left.
//!
//! Every win pairs each class of four one way, and once every class's pairing is fixed the
//! relaxed game is exact (a pair never hurts by going early), so the search branches on
//! pairings, never on move orders, and no position is searched twice.

use crate::board::Move;
use crate::matching::MATCH_CLASSES;

use super::bits::{bits, rest};
use super::{ALL_CLASSES, Dead, Search, State};

/// The pairing search's own state, kept across its restarts.
pub(super) struct Pairing {
    /// The length of the refutation trail that holds across restarts: the pairings ruled
    /// out at the root (0 before the pairing search starts).
    pub(super) keep: usize,
    /// Whether the root has been probed to the end (it need not be again).
    pub(super) root_probed: bool,
    /// Per class, how often it took part in a failure (the choice of class to branch on
    /// prefers classes that fail often).
    pub(super) weight: [u32; MATCH_CLASSES],
}

impl Pairing {
    /// Nothing ruled out, no failure counted.
    pub(super) fn new() -> Pairing {
        Pairing {
            keep: 0,
            root_probed: false,
            weight: [1; MATCH_CLASSES],
        }
    }
}

impl<const W: usize> Search<'_, W> {
    /// Depth-first search over the pairings of the classes of four at the root, for boards
    /// whose classes all have at most four tiles left: `true` when a win is found (the
    /// moves are in `path`).
    ///
    /// Every win pairs each class of four one way, and once every class's pairing is fixed
    /// the game is easy: removing a pair never hurts, so playing the pairs as they become
    /// free wins if anything does, and the relaxed game (a tile goes when its one partner
    /// is free or gone) decides it exactly. So a node fixes some pairings (ruling the others
    /// out, like refuted moves), checks the relaxed game, probes the undecided classes until
    /// nothing narrows, and branches on the pairings of an undecided class with the fewest
    /// left. Branches never overlap, so no position is searched twice.
    pub(super) fn pairing_search(&mut self, from: usize) -> bool {
        if !self.enter() {
            return false;
        }
        if self.states[0].remaining == 0 {
            return true;
        }
        let mark = self.rules.trail.len();
        // Below the root, probe first the classes near the one just fixed, then those near
        // the ones narrowed (skipping a probe is sound: it only prunes less). At the root,
        // what was ruled out (by probing, or by a branch that lost) holds in every run: it
        // stays ruled out across restarts (see `keep`).
        let root = from == MATCH_CLASSES;
        let mut mask = if !root {
            self.tables.near[from]
        } else if self.pairing.root_probed {
            0
        } else {
            ALL_CLASSES
        };
        loop {
            if !self.relax_again() {
                self.blame(from, MATCH_CLASSES);
                self.unrefute_to(mark);
                return false;
            }
            if mask == 0 {
                break;
            }
            match self.probe(0, mask) {
                Err(Dead) => {
                    self.blame(from, self.probes.dead_class);
                    self.unrefute_to(mark);
                    return false;
                }
                Ok(0) => break,
                Ok(changed) => {
                    if mask != ALL_CLASSES {
                        let mut next = 0;
                        for k in bits(changed) {
                            next |= self.tables.near[k];
                        }
                        mask = next;
                    }
                }
            }
        }
        if root {
            self.pairing.keep = self.rules.trail.len();
            self.pairing.root_probed = true;
        }
        let st = self.states[0];
        // The undecided class with the fewest pairings left for its weight.
        let mut best: Option<(usize, u64)> = None;
        for k in 0..MATCH_CLASSES {
            if st.rem[k].count_ones() != 4 {
                continue;
            }
            let n = self.pairings(k, st.rem[k]).count() as u64;
            if n < 2 {
                continue;
            }
            let mut score = (n << 20) / u64::from(self.pairing.weight[k]);
            // Ties: the class whose first tile goes earliest in the relaxed game.
            let first = bits(st.rem[k])
                .map(|l| self.relaxed.rank[self.tables.member(k, l)])
                .min()
                .unwrap_or(0);
            score = (score << 12) | u64::from(first) << 2;
            if self.noise > 0 {
                score |= u64::from(self.jitter() % 4);
            }
            if best.is_none_or(|(_, m)| score < m) {
                best = Some((k, score));
            }
        }
        let Some((k, _)) = best else {
            // Every pairing is fixed and the relaxed game clears the board: a win.
            let won = self.play_out();
            self.unrefute_to(mark);
            return won;
        };
        // The pairings the relaxed game's play suggests (the first two tiles of a class to
        // go pair up): if fixing them all still clears the board, that is a win.
        let suggested = self.suggested(&st);
        let inner = self.rules.trail.len();
        self.fix(&st, &suggested);
        if self.relax(0, false) && self.play_out() {
            self.unrefute_to(mark);
            return true;
        }
        self.unrefute_to(inner);
        let rem = st.rem[k];
        let mut pairs = [(0usize, 0usize); 3];
        let mut len = 0;
        for p in self.pairings(k, rem) {
            pairs[len] = p;
            len += 1;
        }
        if self.noise > 0 {
            for i in (1..len).rev() {
                let j = self.jitter() as usize % (i + 1);
                pairs.swap(i, j);
            }
        }
        // The suggested pairing first.
        if let Some(i) = pairs[..len].iter().position(|&p| Some(p) == suggested[k]) {
            pairs[..=i].rotate_right(1);
        }
        for i in 0..len {
            let (a, b) = pairs[i];
            if !self.pair_allowed(k, rem, a, b) {
                continue;
            }
            let inner = self.rules.trail.len();
            for &(c, d) in &pairs[..len] {
                if (c, d) != (a, b) {
                    self.refute(self.tables.member(k, c), self.tables.member(k, d));
                }
            }
            if self.pairing_search(k) {
                self.unrefute_to(mark);
                return true;
            }
            self.unrefute_to(inner);
            if self.aborted {
                break;
            }
            // This pairing loses here: the other branches do without it.
            self.refute(self.tables.member(k, a), self.tables.member(k, b));
            if root {
                self.pairing.keep = self.rules.trail.len();
            }
        }
        self.unrefute_to(if root {
            self.pairing.keep.max(mark)
        } else {
            mark
        });
        false
    }

    /// Per class of four with more than one pairing left, the pairing (as the first tile
    /// and its partner, local indices) in which the first two tiles to go in the last
    /// successful relaxed game pair up.
    fn suggested(&self, st: &State<W>) -> [Option<(usize, usize)>; MATCH_CLASSES] {
        let mut out = [None; MATCH_CLASSES];
        for (k, slot) in out.iter_mut().enumerate() {
            let rem = st.rem[k];
            if rem.count_ones() != 4 || self.pairings(k, rem).nth(1).is_none() {
                continue;
            }
            let mut ls = [0usize; 4];
            for (i, l) in bits(rem).enumerate() {
                ls[i] = l;
            }
            ls.sort_unstable_by_key(|&l| self.relaxed.rank[self.tables.member(k, l)]);
            let x = ls[0];
            if let Some(&y) = ls[1..].iter().find(|&&y| self.pair_allowed(k, rem, x, y)) {
                let first = rem.trailing_zeros() as usize;
                let (c, d) = rest(rem, x, y);
                *slot = Some(if first == x || first == y {
                    (first, x + y - first)
                } else {
                    (first, c + d - first)
                });
            }
        }
        out
    }

    /// Rules out, for each class with a pairing in `pairs`, its other pairings.
    fn fix(&mut self, st: &State<W>, pairs: &[Option<(usize, usize)>; MATCH_CLASSES]) {
        for (k, p) in pairs.iter().enumerate() {
            let Some(p) = *p else { continue };
            let rem = st.rem[k];
            let first = rem.trailing_zeros() as usize;
            for j in bits(rem & (rem - 1)) {
                if (first, j) != p {
                    self.refute(self.tables.member(k, first), self.tables.member(k, j));
                }
            }
        }
    }

    /// Counts a failure against the class branched on to reach the node and the class
    /// found without a pairing ([`MATCH_CLASSES`]: none).
    fn blame(&mut self, from: usize, dead: usize) {
        for k in [from, dead] {
            if let Some(w) = self.pairing.weight.get_mut(k) {
                *w = w.saturating_add(1);
            }
        }
        // Probing tries the classes that failed most often first.
        let weight = self.pairing.weight;
        self.probes
            .order
            .sort_by_key(|&k| core::cmp::Reverse(weight[usize::from(k)]));
    }

    /// With every pairing fixed (each tile left has one allowed partner), plays the pairs
    /// as they become free from the root state into `path`: whether the board clears.
    fn play_out(&mut self) -> bool {
        let mut st = self.states[0];
        let start = self.path.len();
        loop {
            let mut progress = false;
            for k in 0..MATCH_CLASSES {
                let free = st.free[k];
                for a in bits(free) {
                    if st.free[k] & (1 << a) == 0 {
                        continue;
                    }
                    let partner = bits(st.free[k] & !(1 << a))
                        .find(|&b| self.pair_allowed(k, st.rem[k], a, b));
                    if let Some(b) = partner {
                        let (ta, tb) = (self.tables.member(k, a), self.tables.member(k, b));
                        self.tables.take(&mut st, ta);
                        self.tables.take(&mut st, tb);
                        self.path.push(Move::new(ta, tb));
                        progress = true;
                    }
                }
            }
            if st.remaining == 0 {
                return true;
            }
            if !progress {
                self.path.truncate(start);
                return false;
            }
        }
    }
}
