//! The relaxed game: a tile goes alone as soon as it is free and one of its possible
//! partners is free or gone. Every winning sequence is one of its plays, so when it cannot
//! clear the board the position is lost; once every class's pairing is fixed it is exact.
//!
//! Its last successful play is kept (the removal order, each tile's rank in it and the tiles
//! present before each removal), so that after the rules of a few classes change the game is
//! replayed from the first tile that no longer finds a partner, not played from scratch.

use crate::matching::MATCH_CLASSES;

use super::bits::{Bits, bits, clear, set, test};
use super::tables::{MAX_CLASS, PerTile};
use super::{Search, State};

/// The relaxed game's last play and the partners it read.
pub(super) struct Relaxed<const W: usize> {
    /// The last successful play: its removal order, each tile's rank in it, and the tiles
    /// present before each removal.
    pub(super) order: Vec<u16>,
    pub(super) rank: PerTile<u16>,
    pub(super) snaps: Vec<Bits<W>>,
    /// Whether `order` is a play of the relaxed game from the state of depth 0 under the
    /// rules as they were, and the classes whose pairings were narrowed since.
    pub(super) valid: bool,
    pub(super) narrowed: u64,
    /// The classes whose allowed pairings changed since `mates` was last filled for them
    /// (at the state of depth 0).
    pub(super) stale: u64,
    /// Per tile: its possible partners (local indices), as the last [`Search::relax`]
    /// found them (then narrowed or tried other ways by [`Search::probe`]).
    pub(super) mates: PerTile<u64>,
    /// The tiles to look at next.
    pub(super) queue: Vec<u16>,
    /// Room for the removal numbers a replay starts from.
    pub(super) ranks_buf: Vec<usize>,
}

impl<const W: usize> Relaxed<W> {
    /// No play yet, for a board of `n` positions.
    pub(super) fn new(n: usize) -> Relaxed<W> {
        Relaxed {
            order: Vec::with_capacity(n),
            rank: PerTile::new(&[]),
            snaps: Vec::with_capacity(n),
            valid: false,
            narrowed: 0,
            stale: u64::MAX,
            mates: PerTile::new(&[]),
            queue: Vec::with_capacity(4 * n),
            ranks_buf: Vec::new(),
        }
    }
}

impl<const W: usize> Search<'_, W> {
    /// The relaxed game: a tile goes alone as soon as it is free and one of its possible
    /// partners is free or gone. Every winning sequence is one of its plays, so when it
    /// cannot clear the board, the position is lost. With `fill`, it first records each
    /// tile's possible partners in `mates` (for [`Search::probe`]).
    pub(super) fn relax(&mut self, depth: usize, fill: bool) -> bool {
        let st = self.states[depth];
        let mut present = st.present;
        let mut rem = st.rem;
        let mut free = st.free;
        let mut left = st.remaining;
        self.relaxed.order.clear();
        self.relaxed.snaps.clear();
        self.relaxed.queue.clear();
        self.relaxed.valid = false;
        if fill {
            for k in 0..MATCH_CLASSES {
                self.fill_mates(&st, k);
            }
            self.relaxed.stale = if depth == 0 { 0 } else { u64::MAX };
        }
        for (k, &f) in st.free.iter().enumerate() {
            for l in bits(f) {
                self.relaxed
                    .queue
                    .push(self.tables.members[k & 255][l & (MAX_CLASS - 1)]);
            }
        }
        let mut head = 0;
        while head < self.relaxed.queue.len() {
            let t = usize::from(self.relaxed.queue[head]);
            head += 1;
            let k = usize::from(self.tables.class_of[t]);
            let l = usize::from(self.tables.local[t]);
            let bit = 1u64 << l;
            if free[k] & bit == 0 {
                continue;
            }
            let gone = st.rem[k] & !rem[k];
            let ready = (gone | free[k]) & !bit;
            let possible = if fill {
                ready & self.relaxed.mates[t] != 0
            } else if st.rem[k].count_ones() == 4 {
                bits(ready).any(|j| self.pair_allowed(k, st.rem[k], l, j))
            } else {
                ready & !self.rules.dead[t] != 0
            };
            if !possible {
                continue;
            }
            self.relaxed.snaps.push(present);
            self.relaxed.rank[t] = self.relaxed.order.len() as u16;
            self.relaxed.order.push(t as u16);
            rem[k] &= !bit;
            free[k] &= !bit;
            clear(&mut present, t);
            left -= 1;
            if left == 0 {
                self.relaxed.valid = depth == 0;
                self.relaxed.narrowed = 0;
                return true;
            }
            // Free tiles of the class may have waited for this one.
            for j in bits(free[k]) {
                self.relaxed
                    .queue
                    .push(self.tables.members[k & 255][j & (MAX_CLASS - 1)]);
            }
            for &u in self.tables.affects.get(t) {
                let u = usize::from(u);
                let ku = usize::from(self.tables.class_of[u]);
                let ubit = 1u64 << self.tables.local[u];
                if test(&present, u) && free[ku] & ubit == 0 && self.tables.free_in(&present, u) {
                    free[ku] |= ubit;
                    for j in bits(free[ku]) {
                        self.relaxed
                            .queue
                            .push(self.tables.members[ku & 255][j & (MAX_CLASS - 1)]);
                    }
                }
            }
        }
        false
    }

    /// The tiles present in the last relaxed game before its removal number `i`.
    #[inline]
    pub(super) fn present_before(&self, i: usize) -> Bits<W> {
        self.relaxed.snaps[i]
    }

    /// Whether tile `t` has a possible partner free or gone, with `present` left (the
    /// possible partners are those of `mates`, see [`Search::fill_mates`]).
    #[inline(always)]
    pub(super) fn ready_in(&self, present: &Bits<W>, t: usize) -> bool {
        let k = usize::from(self.tables.class_of[t]);
        let members = &self.tables.members[k & 255];
        let mates = self.relaxed.mates[t];
        // A partner gone is the cheaper test: try those first.
        bits(mates).any(|j| !test(present, usize::from(members[j & (MAX_CLASS - 1)])))
            || bits(mates).any(|j| {
                self.tables
                    .free_in(present, usize::from(members[j & (MAX_CLASS - 1)]))
            })
    }

    /// Records in `mates` the possible partners of each tile left of class `k` in `st`.
    pub(super) fn fill_mates(&mut self, st: &State<W>, k: usize) {
        let rem = st.rem[k];
        let members = &self.tables.members[k & 255];
        if rem.count_ones() == 4 {
            // The partners in each allowed pairing.
            let mut ls = [0usize; 4];
            for (i, l) in bits(rem).enumerate() {
                ls[i] = l;
            }
            let ts = ls.map(|l| usize::from(members[l & (MAX_CLASS - 1)]));
            let ok = |i: usize, j: usize| self.rules.dead[ts[i]] & (1 << ls[j]) == 0;
            let mut m = [0u64; 4];
            for [a, b, c, d] in [[0, 1, 2, 3], [0, 2, 1, 3], [0, 3, 1, 2]] {
                if ok(a, b) && ok(c, d) {
                    m[a] |= 1 << ls[b];
                    m[b] |= 1 << ls[a];
                    m[c] |= 1 << ls[d];
                    m[d] |= 1 << ls[c];
                }
            }
            for (t, m) in ts.into_iter().zip(m) {
                self.relaxed.mates[t] = m;
            }
        } else {
            for l in bits(rem) {
                let t = usize::from(members[l & (MAX_CLASS - 1)]);
                self.relaxed.mates[t] = rem & !(1 << l) & !self.rules.dead[t];
            }
        }
    }

    /// The relaxed game again after the rules of class `k` changed (its pairings were
    /// narrowed), replaying the last successful one from the first tile of the class that
    /// no longer finds a partner (see [`Search::walk`]). Whether it still clears the board.
    pub(super) fn replay(&mut self, st: &State<W>, k: usize) -> bool {
        // Fast path: if each tile of the class finds a partner when it went before, the
        // old order is still a play of the relaxed game.
        let mut first_bad = usize::MAX;
        for l in bits(st.rem[k]) {
            let x = self.tables.member(k, l);
            let i = usize::from(self.relaxed.rank[x]);
            let present = self.present_before(i);
            if !self.ready_in(&present, x) {
                first_bad = first_bad.min(i);
            }
        }
        if first_bad == usize::MAX {
            return true;
        }
        let mut ranks = [0usize; 4];
        let mut len = 0;
        for l in bits(st.rem[k]) {
            let i = usize::from(self.relaxed.rank[self.tables.member(k, l)]);
            if i >= first_bad && len < ranks.len() {
                ranks[len] = i;
                len += 1;
            }
        }
        ranks[..len].sort_unstable();
        self.walk::<false>(first_bad, self.tables.class_bits[k], &ranks[..len])
    }

    /// The relaxed game played from scratch with the partners of `mates` (for tests).
    #[cfg(test)]
    pub(super) fn relaxed_with_mates(&self, st: &State<W>) -> bool {
        let mut present = st.present;
        loop {
            let mut progress = false;
            for t in 0..self.tables.blockers.len() {
                if test(&present, t)
                    && self.tables.free_in(&present, t)
                    && self.ready_in(&present, t)
                {
                    clear(&mut present, t);
                    progress = true;
                }
            }
            if !progress {
                return present.iter().all(|&p| p == 0);
            }
        }
    }

    /// Plays the relaxed game again from removal number `first` of the last successful
    /// one, whose rules differ only for the tiles of `base` (at removal numbers `ranks`
    /// from `first` on, in order): a tile that nothing changed for goes as it went; the
    /// others are checked, and those that cannot go wait, holding up (tainting) the tiles
    /// that depend on them; a tile held up goes as soon as a removal lets it (it then holds
    /// up no more tiles). Whenever nothing is held up, the tiles present are those of the
    /// old play at that point, so the walk jumps to the next tile of `base` (and once past
    /// the last one, the rest goes as it went: the board clears). Whether it clears the
    /// board.
    ///
    /// A failure is a proof whatever the old play was: the tiles left at the end are each
    /// checked against the rules with those tiles present, and a play of the relaxed game
    /// can never remove the first of them it would reach (the game is monotone).
    ///
    /// With `REC`, the play is written over the old one (`order`, `snaps`, `rank`; the
    /// tiles removed up to any point where nothing is held up are the old play's, so each
    /// removal's number is at most the number of tiles read, and the stretches jumped over
    /// stay as they are). On failure the old play is lost.
    pub(super) fn walk<const REC: bool>(
        &mut self,
        first: usize,
        base: Bits<W>,
        ranks: &[usize],
    ) -> bool {
        let len = self.relaxed.order.len();
        let mut at = first;
        let mut present = self.present_before(first);
        let mut taint = base;
        // The tiles of `taint` whose freedom may differ from the old play's: those a tile
        // held up blocks (the tiles present are the old play's and those held up).
        let mut taint_free = [0u64; W];
        let mut held = [0u64; W];
        // The tiles whose removal may let a tile held up go.
        let mut waking = [0u64; W];
        let mut holding = false;
        let mut next = 0;
        let mut i = first;
        while i < len {
            if !holding {
                while next < ranks.len() && ranks[next] < i {
                    next += 1;
                }
                let Some(&j) = ranks.get(next) else {
                    return true;
                };
                if j != i {
                    i = j;
                    present = self.present_before(j);
                }
                at = i;
            }
            let t = usize::from(self.relaxed.order[i]);
            i += 1;
            // The tiles present are those of `order` from `i` on and those held up.
            debug_assert!(test(&present, t));
            if !test(&taint, t)
                || ((!test(&taint_free, t) || self.tables.free_in(&present, t))
                    && self.ready_in(&present, t))
            {
                self.record::<REC>(&mut at, &present, t);
                clear(&mut present, t);
                if holding && test(&waking, t) {
                    // The tiles held up that this removal may let go, at once (they taint
                    // fewer tiles the sooner they go).
                    self.release::<REC>(&mut present, &mut held, t, &mut at);
                    holding = held.iter().any(|&h| h != 0);
                    if !holding {
                        // Every tile up to this one went and no other did: only the
                        // tiles whose rules changed need checking again.
                        taint = base;
                        taint_free = [0; W];
                        waking = [0; W];
                    }
                }
            } else {
                set(&mut held, t);
                holding = true;
                let d = &self.tables.deps[t];
                let wk = &self.tables.wake[t];
                let b = &self.tables.blocks[t];
                for w in 0..W {
                    taint[w] |= d[w];
                    taint_free[w] |= b[w];
                    waking[w] |= wk[w];
                }
            }
        }
        // Every tile still there waits (those of `order` held up, and any it missed).
        let mut pending = present;
        // The tiles held up may go now, in any order (the relaxed game's outcome does not
        // depend on the order). Each is checked once, then again only when a tile whose
        // removal may change its freedom or its partners' goes.
        let mut todo = pending;
        let mut w = 0;
        while w < W {
            if todo[w] == 0 {
                w += 1;
                continue;
            }
            let i = todo[w].trailing_zeros() as usize;
            todo[w] &= todo[w] - 1;
            let t = w * 64 + i;
            if self.tables.free_in(&present, t) && self.ready_in(&present, t) {
                self.record::<REC>(&mut at, &present, t);
                clear(&mut present, t);
                clear(&mut pending, t);
                let d = &self.tables.deps[t];
                for v in 0..W {
                    todo[v] |= d[v] & pending[v];
                }
                // A tile before word `w` may have been woken up.
                w = 0;
            }
        }
        pending.iter().all(|&p| p == 0)
    }

    /// After tile `t` went in [`Search::walk`]: lets go the tiles of `held` that now can,
    /// and those their going lets go in turn.
    fn release<const REC: bool>(
        &mut self,
        present: &mut Bits<W>,
        held: &mut Bits<W>,
        t: usize,
        at: &mut usize,
    ) {
        let mut todo = [0u64; W];
        let d = &self.tables.deps[t];
        for v in 0..W {
            todo[v] = d[v] & held[v];
        }
        let mut w = 0;
        while w < W {
            if todo[w] == 0 {
                w += 1;
                continue;
            }
            let u = w * 64 + todo[w].trailing_zeros() as usize;
            todo[w] &= todo[w] - 1;
            if self.tables.free_in(present, u) && self.ready_in(present, u) {
                self.record::<REC>(at, present, u);
                clear(present, u);
                clear(held, u);
                let d = &self.tables.deps[u];
                for v in 0..W {
                    todo[v] |= d[v] & held[v];
                }
                w = 0;
            }
        }
    }

    /// With `REC`: tile `t` goes as removal number `at` of the play (before it, `present`).
    #[inline(always)]
    fn record<const REC: bool>(&mut self, at: &mut usize, present: &Bits<W>, t: usize) {
        if REC {
            self.relaxed.snaps[*at] = *present;
            self.relaxed.order[*at] = t as u16;
            self.relaxed.rank[t] = *at as u16;
            *at += 1;
        }
    }

    /// The relaxed game at the root of the pairing search (the state of depth 0) after the
    /// rules changed, like [`Search::relax`] with partners, but from the last play when
    /// there is one for this state: only the classes narrowed since are replayed (a class
    /// whose pairings were only widened keeps the play valid).
    pub(super) fn relax_again(&mut self) -> bool {
        if !self.relaxed.valid {
            return self.relax(0, true);
        }
        let st = self.states[0];
        // Only the classes whose pairings changed need their partners again.
        for k in bits(self.relaxed.stale & ((1 << MATCH_CLASSES) - 1)) {
            self.fill_mates(&st, k);
        }
        self.relaxed.stale = 0;
        let dirty = self.relaxed.narrowed;
        let mut first_bad = usize::MAX;
        let mut base = [0u64; W];
        let mut ranks = std::mem::take(&mut self.relaxed.ranks_buf);
        ranks.clear();
        for k in bits(dirty) {
            for (b, c) in base.iter_mut().zip(&self.tables.class_bits[k]) {
                *b |= c;
            }
            for l in bits(st.rem[k]) {
                let x = self.tables.member(k, l);
                let i = usize::from(self.relaxed.rank[x]);
                ranks.push(i);
                if !self.ready_in(&self.present_before(i), x) {
                    first_bad = first_bad.min(i);
                }
            }
        }
        let ok = if first_bad == usize::MAX {
            true
        } else {
            ranks.retain(|&i| i >= first_bad);
            ranks.sort_unstable();
            self.walk::<true>(first_bad, base, &ranks)
        };
        self.relaxed.ranks_buf = ranks;
        self.relaxed.valid = ok;
        self.relaxed.narrowed = 0;
        ok
    }
}

#[cfg(test)]
mod tests {
    use super::super::Schedule;
    use super::super::bits::rest;
    use super::*;
    use crate::deal::random_deal;
    use crate::layout::BuiltinLayout;
    use rand::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    fn seeded(seed: u64) -> Pcg64Mcg {
        Pcg64Mcg::seed_from_u64(seed)
    }

    /// The replay of the relaxed game after a class's pairing is fixed (the fast path, and
    /// the walk with its jumps over stretches where nothing is held up) answers exactly as
    /// the relaxed game played from scratch, for every pairing of every class of four, on
    /// the first positions of random Turtle deals and after some moves.
    #[test]
    fn replay_agrees_with_the_relaxed_game_from_scratch() {
        let l = BuiltinLayout::Turtle.layout();
        let (mut checked, mut failed) = (0, 0);
        for seed in 0..40 {
            let mut board = random_deal(&l, &mut seeded(seed));
            for step in 0..3 {
                let meter = grilles_game::Meter::unbounded(grilles_game::WorkUnit::Nodes);
                let mut s = Search::<3>::new(&board, meter, 1, Schedule::DEFAULT);
                if s.relax(0, true) {
                    let st = s.states[0];
                    for k in 0..MATCH_CLASSES {
                        s.fill_mates(&st, k);
                    }
                    for k in 0..MATCH_CLASSES {
                        let rem = st.rem[k];
                        if rem.count_ones() != 4 {
                            continue;
                        }
                        let pairs: Vec<_> = s.pairings(k, rem).collect();
                        for (a, b) in pairs {
                            let (c, d) = rest(rem, a, b);
                            let tiles = [a, b, c, d].map(|l| s.tables.member(k, l));
                            let saved = tiles.map(|t| s.relaxed.mates[t]);
                            for (t, mate) in tiles.into_iter().zip([b, a, d, c]) {
                                s.relaxed.mates[t] = 1 << mate;
                            }
                            let expected = s.relaxed_with_mates(&st);
                            assert_eq!(
                                s.replay(&st, k),
                                expected,
                                "seed {seed} step {step} class {k}"
                            );
                            checked += 1;
                            failed += usize::from(!expected);
                            for (t, m) in tiles.into_iter().zip(saved) {
                                s.relaxed.mates[t] = m;
                            }
                        }
                    }
                }
                let moves = board.legal_moves();
                let Some(&m) = moves.get(seed as usize % moves.len().max(1)) else {
                    break;
                };
                board.play_unchecked(m);
            }
        }
        // Both answers occur, so both are checked.
        assert!(checked > 10_000 && failed > 20, "{checked} {failed}");
    }

    /// The search of a random Turtle deal (seed `seed`) after the relaxed game at its root,
    /// with the root's state; `None` when the relaxed game fails there.
    fn relaxed_turtle(seed: u64) -> Option<(Search<'static, 3>, State<3>)> {
        let board = random_deal(&BuiltinLayout::Turtle.layout(), &mut seeded(seed));
        let meter = grilles_game::Meter::unbounded(grilles_game::WorkUnit::Nodes);
        let mut s = Search::<3>::new(&board, meter, 1, Schedule::DEFAULT);
        s.relax(0, true).then(|| {
            let st = s.states[0];
            (s, st)
        })
    }

    /// For a class `k` with four tiles left in `st`, the class members (`a`, `b`) of the
    /// pairing a test rules out: the first or the second pairing, by the seed's parity.
    fn narrowing(
        s: &Search<'static, 3>,
        st: &State<3>,
        k: usize,
        seed: u64,
    ) -> Option<(usize, usize)> {
        let rem = st.rem[k];
        if rem.count_ones() != 4 {
            return None;
        }
        s.pairings(k, rem).nth(usize::from(seed % 2 == 1))
    }

    /// The relaxed game replayed by `relax_again` after a class's pairings are narrowed
    /// answers as the game played from scratch, and when it clears the board, the play it
    /// records (order, positions before each removal, ranks) is a legal play; each replay
    /// starts from the one before, as along a path of the search.
    #[test]
    fn relax_again_agrees_with_the_relaxed_game_from_scratch() {
        let (mut checked, mut failed) = (0, 0);
        for seed in 0..30 {
            let Some((mut s, st)) = relaxed_turtle(seed) else {
                continue;
            };
            let mark = s.rules.trail.len();
            // Narrow the classes one after the other, the way a path of the search does.
            for k in 0..MATCH_CLASSES {
                let Some((a, b)) = narrowing(&s, &st, k, seed) else {
                    continue;
                };
                s.refute(s.tables.member(k, a), s.tables.member(k, b));
                let again = s.relax_again();
                if again {
                    let mut present = st.present;
                    for (i, &t) in s.relaxed.order.iter().enumerate() {
                        let t = usize::from(t);
                        assert_eq!(s.relaxed.snaps[i], present, "seed {seed} class {k}");
                        assert_eq!(usize::from(s.relaxed.rank[t]), i);
                        assert!(s.tables.free_in(&present, t) && s.ready_in(&present, t));
                        clear(&mut present, t);
                    }
                    assert!(present.iter().all(|&p| p == 0));
                }
                let fresh = s.relaxed_with_mates(&st);
                assert_eq!(again, fresh, "seed {seed} class {k}");
                checked += 1;
                if !fresh {
                    failed += 1;
                    break;
                }
            }
            s.unrefute_to(mark);
        }
        assert!(checked > 200 && failed > 5, "{checked} {failed}");
    }

    /// `relax_again` refills the partners of the classes whose pairings changed only:
    /// they must be those that filling every class gives, after narrowing and widening.
    #[test]
    fn relax_again_refills_the_partners_of_every_class_changed() {
        let mut checked = 0;
        for seed in 0..20 {
            let Some((mut s, st)) = relaxed_turtle(seed) else {
                continue;
            };
            let n = s.tables.blockers.len();
            let check = |s: &mut Search<'static, 3>| {
                let mates: Vec<u64> = (0..n).map(|t| s.relaxed.mates[t]).collect();
                for k in 0..MATCH_CLASSES {
                    s.fill_mates(&st, k);
                }
                for (t, &m) in mates.iter().enumerate() {
                    assert_eq!(m, s.relaxed.mates[t], "seed {seed} tile {t}");
                }
            };
            let mut marks = Vec::new();
            for k in 0..MATCH_CLASSES {
                let Some((a, b)) = narrowing(&s, &st, k, seed) else {
                    continue;
                };
                marks.push(s.rules.trail.len());
                s.refute(s.tables.member(k, a), s.tables.member(k, b));
                s.relax_again();
                check(&mut s);
                checked += 1;
                if marks.len() % 3 == 0 {
                    // Widen again: the last two narrowings undone.
                    marks.pop();
                    if let Some(m) = marks.pop() {
                        s.unrefute_to(m);
                    }
                    s.relax_again();
                    check(&mut s);
                }
            }
        }
        assert!(checked > 100, "{checked}");
    }
}
