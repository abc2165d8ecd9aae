//! The move search: a depth-first search over moves from a position, with safe moves
//! played without branching, refuted moves ruled out for the rest of a node's subtree, the
//! relaxed game (and, in runs that probe, probing) at every node, and the table of lost
//! positions.

use crate::board::Move;
use crate::matching::MATCH_CLASSES;

use super::bits::{bits, clear, rest, test};
use super::{ALL_CLASSES, Dead, Search, State};

/// A move to try, with its ordering score (higher first).
#[derive(Clone, Copy, Debug)]
pub(super) struct Candidate {
    a: u16,
    b: u16,
    score: i32,
}

/// The move search's own state.
pub(super) struct Moves {
    /// The candidate moves at each depth of the current path.
    pub(super) candidates: Vec<Vec<Candidate>>,
    /// Whether this run probes at every node (the first run does not: it wins most deals
    /// sooner without).
    pub(super) probing: bool,
}

impl<const W: usize> Search<'_, W> {
    /// Plays members `a`, `b` of class `k` on the state at `depth`.
    fn play(&mut self, depth: usize, k: usize, a: usize, b: usize) -> u64 {
        let (ta, tb) = (self.tables.member(k, a), self.tables.member(k, b));
        let mut st = self.states[depth];
        let dirty = self.tables.take(&mut st, ta) | self.tables.take(&mut st, tb);
        self.states[depth] = st;
        self.path.push(Move::new(ta, tb));
        dirty
    }

    /// Plays the safe moves at `depth` until none is left, looking at the classes in
    /// `dirty` (and those that change on the way): a class whose tiles left are all free
    /// goes entirely; a class of four left with a single allowed pairing plays a pair of it
    /// as soon as both its tiles are free. `Err` when a class can no longer pair up.
    fn close(&mut self, depth: usize, mut dirty: u64) -> Result<(), Dead> {
        while dirty != 0 {
            let k = dirty.trailing_zeros() as usize;
            dirty &= dirty - 1;
            let rem = self.states[depth].rem[k];
            let free = self.states[depth].free[k];
            if rem == 0 {
                continue;
            }
            if free == rem {
                // Every tile left is free. If a pair of them is ruled out (refuted), the
                // position without them all follows that move and is lost; otherwise
                // removing them all now is as good as anything.
                if bits(rem).any(|l| self.rules.dead[self.tables.member(k, l)] & rem != 0) {
                    return Err(Dead);
                }
                let mut it = bits(rem);
                while let (Some(a), Some(b)) = (it.next(), it.next()) {
                    dirty |= self.play(depth, k, a, b);
                }
                continue;
            }
            match rem.count_ones() {
                2 => {
                    let (a, b) = (
                        rem.trailing_zeros() as usize,
                        63 - rem.leading_zeros() as usize,
                    );
                    if !self.pair_ok(k, a, b) {
                        return Err(Dead);
                    }
                }
                4 => {
                    let (a, b) = {
                        let mut it = self.pairings(k, rem);
                        match (it.next(), it.next()) {
                            (None, _) => return Err(Dead),
                            (Some(p), None) => p,
                            (Some(_), Some(_)) => continue,
                        }
                    };
                    // A single pairing: each of its pairs goes as soon as it is free.
                    let (c, d) = rest(rem, a, b);
                    for (x, y) in [(a, b), (c, d)] {
                        if free & (1 << x) != 0 && free & (1 << y) != 0 {
                            dirty |= self.play(depth, k, x, y);
                            break;
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    /// The number of tiles that become free when `a` and `b` go.
    fn freed(&self, st: &State<W>, a: usize, b: usize) -> i32 {
        let mut p = st.present;
        clear(&mut p, a);
        clear(&mut p, b);
        let mut gained = 0;
        let mut seen = [0u16; 32];
        let mut len = 0;
        for &u in self
            .tables
            .affects
            .get(a)
            .iter()
            .chain(self.tables.affects.get(b))
        {
            let ui = usize::from(u);
            let ku = usize::from(self.tables.class_of[ui]);
            if !test(&p, ui) || st.free[ku] & (1 << self.tables.local[ui]) != 0 {
                continue;
            }
            if seen[..len].contains(&u) {
                continue;
            }
            if len < seen.len() {
                seen[len] = u;
                len += 1;
            }
            if self.tables.free_in(&p, ui) {
                gained += 1;
            }
        }
        gained
    }

    /// The moves worth trying at `depth` (after [`Search::close`]), best first.
    fn generate(&mut self, depth: usize) -> Vec<Candidate> {
        let mut out = std::mem::take(&mut self.moves.candidates[depth]);
        out.clear();
        let st = self.states[depth];
        for k in 0..MATCH_CLASSES {
            let free = st.free[k];
            if free & free.wrapping_sub(1) == 0 {
                continue;
            }
            let rem = st.rem[k];
            for a in bits(free) {
                for b in bits(free & (u64::MAX << a << 1)) {
                    if !self.pair_allowed(k, rem, a, b) {
                        continue;
                    }
                    let (ta, tb) = (self.tables.member(k, a), self.tables.member(k, b));
                    let mut score = 4 * self.freed(&st, ta, tb)
                        + i32::from(self.tables.layer[ta])
                        + i32::from(self.tables.layer[tb]);
                    if self.noise > 0 {
                        score = score * 8 + (self.jitter() % (8 * self.noise)) as i32;
                    }
                    out.push(Candidate {
                        a: ta as u16,
                        b: tb as u16,
                        score,
                    });
                }
            }
        }
        out.sort_by_key(|c| -c.score);
        out
    }

    /// Depth-first search from the state at `depth`, whose classes in `dirty` changed
    /// since its parent: `true` when a win is found (the moves are in `path`).
    pub(super) fn dfs(&mut self, depth: usize, dirty: u64) -> bool {
        if !self.enter() {
            return false;
        }
        let path_mark = self.path.len();
        let refuted_mark = self.rules.trail.len();
        let mut dirty = dirty;
        loop {
            if self.close(depth, dirty).is_err() {
                self.unrefute_to(refuted_mark);
                self.path.truncate(path_mark);
                return false;
            }
            let st = self.states[depth];
            if st.remaining == 0 {
                self.unrefute_to(refuted_mark);
                return true;
            }
            if self.lost.contains(&st.present) {
                self.unrefute_to(refuted_mark);
                self.path.truncate(path_mark);
                return false;
            }
            let probing = self.moves.probing;
            if !self.relax(depth, probing) {
                self.lost.insert(st.present);
                self.unrefute_to(refuted_mark);
                self.path.truncate(path_mark);
                return false;
            }
            if !probing {
                break;
            }
            // Probing until nothing narrows; the classes narrowed go through `close` again.
            match self.probe(depth, ALL_CLASSES) {
                Err(Dead) => {
                    self.lost.insert(st.present);
                    self.unrefute_to(refuted_mark);
                    self.path.truncate(path_mark);
                    return false;
                }
                Ok(0) => break,
                Ok(changed) => dirty = changed,
            }
        }
        let st = self.states[depth];
        if self.moves.candidates.len() <= depth {
            self.moves.candidates.resize_with(depth + 1, Vec::new);
        }
        let moves = self.generate(depth);
        if self.states.len() <= depth + 1 {
            self.states.push(st);
        }
        let inner_mark = self.path.len();
        // Classes with a move refuted here: their pairings may now be forced.
        let mut refuted_classes = 0u64;
        let mut won = false;
        for c in &moves {
            let (a, b) = (usize::from(c.a), usize::from(c.b));
            let k = usize::from(self.tables.class_of[a]);
            let (la, lb) = (
                usize::from(self.tables.local[a]),
                usize::from(self.tables.local[b]),
            );
            // A sibling's refutation may have ruled this move out since it was generated.
            if !self.pair_allowed(k, st.rem[k], la, lb) {
                continue;
            }
            self.states[depth + 1] = st;
            let dirty = self.play(depth + 1, k, la, lb) | refuted_classes;
            if self.dfs(depth + 1, dirty) {
                won = true;
                break;
            }
            self.path.truncate(inner_mark);
            if self.aborted {
                break;
            }
            // This move loses here: the other branches do without it.
            self.refute(a, b);
            refuted_classes |= 1 << k;
            if st.rem[k].count_ones() == 4 && self.pairings(k, st.rem[k]).next().is_none() {
                break;
            }
        }
        self.moves.candidates[depth] = moves;
        self.unrefute_to(refuted_mark);
        if won {
            return true;
        }
        if !self.aborted {
            self.lost.insert(st.present);
        }
        self.path.truncate(path_mark);
        false
    }
}
