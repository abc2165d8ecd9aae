//! Probing: each allowed pairing of each undecided class of four is tried in the relaxed
//! game (replayed from its last play); the pairings that fail there are ruled out, which
//! often forces a class or proves the position lost.

use crate::matching::MATCH_CLASSES;

use super::bits::rest;
use super::{Dead, Search};

/// The order in which classes are probed, and the last failure.
pub(super) struct Probes {
    /// The order in which [`Search::probe`] tries the classes (the pairing search puts
    /// those that failed most often first, so that dead ends show sooner).
    pub(super) order: [u8; MATCH_CLASSES],
    /// The class [`Search::probe`] found without a pairing when it last failed.
    pub(super) dead_class: usize,
}

impl Probes {
    /// The classes in number order.
    pub(super) fn new() -> Probes {
        Probes {
            order: core::array::from_fn(|k| k as u8),
            dead_class: 0,
        }
    }
}

impl<const W: usize> Search<'_, W> {
    /// Tries each allowed pairing of each undecided class of four in the relaxed game, and
    /// rules out those that fail there (no win from this node pairs the class that way).
    /// Returns the classes whose pairings were narrowed; `Err` if one has none left. Needs
    /// the order and the partners (`mates`) of a successful [`Search::relax`] at this
    /// node. Only the classes in `mask` are probed.
    pub(super) fn probe(&mut self, depth: usize, mask: u64) -> Result<u64, Dead> {
        let st = self.states[depth];
        let mut changed = 0u64;
        for i in 0..MATCH_CLASSES {
            let k = usize::from(self.probes.order[i]);
            if mask & (1 << k) == 0 {
                continue;
            }
            let rem = st.rem[k];
            if rem.count_ones() != 4 {
                continue;
            }
            let mut pairs = [(0usize, 0usize); 3];
            let mut len = 0;
            for p in self.pairings(k, rem) {
                pairs[len] = p;
                len += 1;
            }
            if len < 2 {
                continue;
            }
            for &(a, b) in &pairs[..len] {
                // The class paired this way: each tile's one possible partner.
                let (c, d) = rest(rem, a, b);
                let tiles = [a, b, c, d].map(|l| self.tables.member(k, l));
                let saved = tiles.map(|t| self.relaxed.mates[t]);
                for (t, mate) in tiles.into_iter().zip([b, a, d, c]) {
                    self.relaxed.mates[t] = 1 << mate;
                }
                let ok = self.replay(&st, k);
                for (t, m) in tiles.into_iter().zip(saved) {
                    self.relaxed.mates[t] = m;
                }
                if !ok {
                    self.refute(self.tables.member(k, a), self.tables.member(k, b));
                    self.fill_mates(&st, k);
                    changed |= 1 << k;
                }
            }
            if self.pairings(k, rem).next().is_none() {
                self.probes.dead_class = k;
                return Err(Dead);
            }
        }
        Ok(changed)
    }
}
