//! The search behind [`Solver`](super::Solver): a depth-first search over moves on a
//! bitboard, with safe moves, refuted moves, static conflicts, a relaxed game and a table of
//! lost positions, then a depth-first search over the classes' pairings (see the module
//! documentation of [`super`]).

use crate::board::{Board, Move};
use crate::matching::{MATCH_CLASSES, match_class};

use super::Outcome;

/// Switches for measuring what each part of the search is worth (all on by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Tuning {
    /// Prune with the relaxed game at every node.
    pub(crate) relaxed: bool,
    /// Forbid, in the rest of a node's subtree, the moves already refuted there.
    pub(crate) refuted: bool,
    /// Nodes of the first run before a restart (0: never restart); each later run gets
    /// `growth` percent of the one before.
    pub(crate) restart: u64,
    pub(crate) growth: u64,
    /// Random noise added to move scores in runs after the first.
    pub(crate) noise: u32,
    /// Probe the pairings of every undecided class at nodes with at least this many tiles
    /// left (`u32::MAX`: never).
    pub(crate) probe_above: u32,
    /// When `restart` is not 0: the first `probe_first` runs do not probe.
    pub(crate) probe_first: u32,
    /// The most rounds of probing at a node (each round after the first follows a
    /// narrowing found by the one before).
    pub(crate) probe_rounds: u32,
    /// At nodes with fewer tiles left than this, probe only the classes whose tiles left,
    /// free tiles or ruled-out pairs changed since the parent (skipping a probe is always
    /// sound, it only prunes less); 0: probe every class everywhere.
    pub(crate) probe_local_below: u32,
    /// From this run on (counting the first as 0), search over the classes' pairings
    /// instead of moves (see [`Search::pairing_search`]) when every class has at most four
    /// tiles left; `u32::MAX`: never.
    pub(crate) pairing_from: u32,
    /// Nodes of the first pairing run (0: no restarts in the pairing search); later runs
    /// grow by `growth` like the move search's.
    pub(crate) pairing_restart: u64,
    /// In the pairing search, try at each node the pairings the relaxed game suggests for
    /// every undecided class at once.
    pub(crate) complete: bool,
    /// In the pairing search, branch first on the pairing the relaxed game suggests.
    pub(crate) suggest_first: bool,
    /// In the pairing search, probe the classes that failed most often first.
    pub(crate) weighted_probe: bool,
    /// In the pairing search, probe below the root only the classes near those that
    /// changed.
    pub(crate) pairing_local: bool,
    /// In the pairing search, keep what was ruled out at the root across restarts.
    pub(crate) keep_root: bool,
    /// In the pairing search, break ties between classes by how early they go in the
    /// relaxed game.
    pub(crate) early_first: bool,
}

impl Tuning {
    pub(crate) const DEFAULT: Tuning = Tuning {
        relaxed: true,
        refuted: true,
        restart: 300,
        growth: 200,
        noise: 4,
        probe_above: 0,
        probe_first: 1,
        probe_rounds: u32::MAX,
        probe_local_below: 0,
        pairing_from: 1,
        pairing_restart: 30,
        complete: true,
        suggest_first: true,
        weighted_probe: true,
        pairing_local: true,
        keep_root: true,
        early_first: true,
    };
}

/// The most tiles of one class the search handles (its per-class sets are 64-bit masks).
const MAX_CLASS: usize = 64;

/// Solves `board` within `budget` nodes: the outcome and the nodes visited, or `None` when
/// a class has more than [`MAX_CLASS`] tiles.
pub(crate) fn solve(board: &Board, budget: u64, tuning: Tuning) -> Option<(Outcome, u64)> {
    let mut sizes = [0usize; MATCH_CLASSES];
    for i in (0..board.len()).filter(|&i| board.present[i]) {
        sizes[match_class(board.tiles[i])] += 1;
    }
    if sizes.iter().any(|&s| s > MAX_CLASS) {
        return None;
    }
    Some(match board.len().div_ceil(64) {
        0 | 1 => Search::<1>::new(board, budget, tuning).run(),
        2 => Search::<2>::new(board, budget, tuning).run(),
        3 => Search::<3>::new(board, budget, tuning).run(),
        4 => Search::<4>::new(board, budget, tuning).run(),
        5..=8 => Search::<8>::new(board, budget, tuning).run(),
        9..=16 => Search::<16>::new(board, budget, tuning).run(),
        // Layouts hold at most 4,096 positions.
        _ => Search::<64>::new(board, budget, tuning).run(),
    })
}

type Bits<const W: usize> = [u64; W];

#[inline]
fn test<const W: usize>(b: &Bits<W>, i: usize) -> bool {
    b[i >> 6] >> (i & 63) & 1 != 0
}

#[inline]
fn set<const W: usize>(b: &mut Bits<W>, i: usize) {
    b[i >> 6] |= 1 << (i & 63);
}

#[inline]
fn clear<const W: usize>(b: &mut Bits<W>, i: usize) {
    b[i >> 6] &= !(1 << (i & 63));
}

/// The set bits of a mask, lowest first.
#[inline]
fn bits(mut m: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        if m == 0 {
            return None;
        }
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        Some(i)
    })
}

/// The two pairings of four tiles (as local indices, lowest first) other than the one
/// pairing `a` with `b`: the pair left when `a` and `b` go.
#[inline]
fn rest(four: u64, a: usize, b: usize) -> (usize, usize) {
    let r = four & !(1 << a) & !(1 << b);
    (r.trailing_zeros() as usize, 63 - r.leading_zeros() as usize)
}

/// Compressed lists of positions: list `i` is `data[off[i]..off[i + 1]]`.
#[derive(Clone, Debug, Default)]
struct Lists {
    off: Vec<u32>,
    data: Vec<u16>,
}

impl Lists {
    fn build(n: usize, mut list: impl FnMut(usize, &mut Vec<u16>)) -> Lists {
        let mut off = Vec::with_capacity(n + 1);
        let mut data = Vec::new();
        off.push(0);
        for i in 0..n {
            list(i, &mut data);
            off.push(data.len() as u32);
        }
        Lists { off, data }
    }

    #[inline]
    fn get(&self, i: usize) -> &[u16] {
        &self.data[self.off[i] as usize..self.off[i + 1] as usize]
    }
}

/// A position of the search: the tiles still there, and per class the tiles left and the
/// free ones (masks over the class's members).
#[derive(Clone, Copy, Debug)]
struct State<const W: usize> {
    present: Bits<W>,
    rem: [u64; MATCH_CLASSES],
    free: [u64; MATCH_CLASSES],
    remaining: u32,
}

/// A move to try, with its ordering score (higher first).
#[derive(Clone, Copy, Debug)]
struct Candidate {
    a: u16,
    b: u16,
    score: i32,
}

/// Per-tile values in a table of [`Layout::MAX_POSITIONS`](crate::Layout::MAX_POSITIONS)
/// entries indexed by masked numbers (the hot loops need no bounds checks).
#[derive(Clone, Debug)]
struct PerTile<T>(Box<[T; TILE_SLOTS]>);

/// The entries of a [`PerTile`] table (a power of two).
const TILE_SLOTS: usize = crate::Layout::MAX_POSITIONS;
const _: () = assert!(TILE_SLOTS.is_power_of_two());

impl<T: Copy + Default> PerTile<T> {
    /// A table holding `init` first, then default values.
    fn new(init: &[T]) -> PerTile<T> {
        let mut table = Box::new([T::default(); TILE_SLOTS]);
        table[..init.len()].copy_from_slice(init);
        PerTile(table)
    }
}

impl<T> core::ops::Index<usize> for PerTile<T> {
    type Output = T;

    #[inline(always)]
    fn index(&self, t: usize) -> &T {
        &self.0[t & (TILE_SLOTS - 1)]
    }
}

impl<T> core::ops::IndexMut<usize> for PerTile<T> {
    #[inline(always)]
    fn index_mut(&mut self, t: usize) -> &mut T {
        &mut self.0[t & (TILE_SLOTS - 1)]
    }
}

/// A position lost without search.
struct Dead;

struct Search<const W: usize> {
    class_of: PerTile<u8>,
    /// Each tile's index among its class's members.
    local: PerTile<u8>,
    /// The members of each class (present at the start), by local index.
    /// (A row per possible class number and [`MAX_CLASS`] per row, so that masked indices
    /// need no bounds checks.)
    members: Box<[[u16; MAX_CLASS]; 256]>,
    layer: Vec<u8>,
    /// Per tile, as sets of positions: the tiles covering it (any overlap from a higher
    /// layer), those touching its left side, those touching its right side.
    blockers: Vec<[Bits<W>; 3]>,
    /// Tiles whose freedom may change when this one goes (under it, beside it).
    affects: Lists,
    /// Per tile, the members of its class it may not pair with: one of the two lies above
    /// the other (they are never free together), or the move was refuted on the current
    /// path (see `refute`).
    dead: Vec<u64>,
    refuted_trail: Vec<(u16, u16)>,
    /// The state at each depth of the current path.
    states: Vec<State<W>>,
    /// The candidate moves at each depth of the current path.
    candidates: Vec<Vec<Candidate>>,
    /// The moves played from the root to the current node.
    path: Vec<Move>,
    lost: LostSet<W>,
    queue: Vec<u16>,
    /// The tiles of each class, as a set of positions.
    class_bits: Vec<Bits<W>>,
    /// Per tile: the tiles whose removal in the relaxed game may depend on it (those it
    /// blocks, its class, their classes).
    deps: Vec<Bits<W>>,
    /// Per tile `h`: the tiles whose removal may let `h` go in the relaxed game (those
    /// whose `deps` hold `h`).
    wake: Vec<Bits<W>>,
    /// Per tile, the tiles whose freedom it may decide (those under it and beside it), as
    /// a set of positions.
    blocks: Vec<Bits<W>>,
    /// The last successful relaxed game: its removal order, each tile's rank in it, and
    /// the tiles present before each removal.
    order: Vec<u16>,
    rank: PerTile<u16>,
    /// Whether `order` is a play of the relaxed game from the state of depth 0 under the
    /// rules as they were, and the classes whose pairings were narrowed since.
    order_valid: bool,
    order_dirty: u64,
    /// The classes whose allowed pairings changed since `mates` was last filled for them
    /// (at the state of depth 0).
    mates_dirty: u64,
    ranks_buf: Vec<usize>,
    snaps: Vec<Bits<W>>,
    /// Per tile: its possible partners (local indices), as the last [`Search::relaxed`]
    /// found them (then narrowed or tried other ways by [`Search::probe`]).
    mates: PerTile<u64>,
    nodes: u64,
    budget: u64,
    aborted: bool,
    /// Node count at which the current run stops (restart).
    run_limit: u64,
    /// Probe at nodes with at least this many tiles left (this run's setting).
    probe_above: u32,
    rng: u64,
    noise: u32,
    /// The class [`Search::probe`] found without a pairing when it last failed.
    dead_class: usize,
    /// The length of `refuted_trail` that holds across restarts: the pairings the pairing
    /// search ruled out at the root (0 before it starts).
    keep: usize,
    /// Whether the pairing search has probed the root to the end (it need not again).
    root_probed: bool,
    /// Per class, the classes with a tile that touches or overlaps one of its tiles (and
    /// the class itself).
    near: [u64; MATCH_CLASSES],
    /// The order in which [`Search::probe`] tries the classes (the pairing search puts
    /// those that failed most often first, so that dead ends show sooner).
    probe_order: [u8; MATCH_CLASSES],
    /// Per class, how often it took part in a failure of [`Search::pairing_search`] (its
    /// choice of class to branch on prefers classes that fail often).
    weight: [u32; MATCH_CLASSES],
    tuning: Tuning,
}

impl<const W: usize> Search<W> {
    fn new(board: &Board, budget: u64, tuning: Tuning) -> Search<W> {
        let n = board.len();
        let geo = &*board.geo;
        let class_of: Vec<u8> = board.tiles.iter().map(|&t| match_class(t) as u8).collect();
        let mut members = Box::new([[0u16; MAX_CLASS]; 256]);
        let mut sizes = [0usize; MATCH_CLASSES];
        let mut local = vec![0u8; n];
        for i in (0..n).filter(|&i| board.present[i]) {
            let k = usize::from(class_of[i]);
            local[i] = sizes[k] as u8;
            members[k][sizes[k]] = i as u16;
            sizes[k] += 1;
        }
        let layer = geo.layout.positions().iter().map(|p| p.z).collect();
        let blockers = (0..n)
            .map(|i| {
                let mut masks = [[0u64; W]; 3];
                for (mask, list) in
                    masks
                        .iter_mut()
                        .zip([geo.above.get(i), geo.left.get(i), geo.right.get(i)])
                {
                    for &u in list {
                        set(mask, usize::from(u));
                    }
                }
                masks
            })
            .collect();
        let affects = Lists::build(n, |i, out| {
            out.extend_from_slice(geo.below.get(i));
            out.extend_from_slice(geo.left.get(i));
            out.extend_from_slice(geo.right.get(i));
        });
        // Everything above each tile, through stacks; same-class tiles there never pair.
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
        let mut root = State {
            present: [0; W],
            rem: [0; MATCH_CLASSES],
            free: [0; MATCH_CLASSES],
            remaining: board.remaining as u32,
        };
        for i in (0..n).filter(|&i| board.present[i]) {
            let k = usize::from(class_of[i]);
            set(&mut root.present, i);
            root.rem[k] |= 1 << local[i];
            if board.free_unchecked(i) {
                root.free[k] |= 1 << local[i];
            }
        }
        let mut class_bits = vec![[0u64; W]; MATCH_CLASSES];
        for i in (0..n).filter(|&i| board.present[i]) {
            set(&mut class_bits[usize::from(class_of[i])], i);
        }
        let deps: Vec<Bits<W>> = (0..n)
            .map(|t| {
                let mut d = class_bits[usize::from(class_of[t])];
                for &u in affects.get(t) {
                    let u = usize::from(u);
                    set(&mut d, u);
                    let cu = &class_bits[usize::from(class_of[u])];
                    for w in 0..W {
                        d[w] |= cu[w];
                    }
                }
                d
            })
            .collect();
        let blocks = (0..n)
            .map(|t| {
                let mut b = [0u64; W];
                for &u in affects.get(t) {
                    set(&mut b, usize::from(u));
                }
                b
            })
            .collect();
        let mut wake = vec![[0u64; W]; n];
        for (t, d) in deps.iter().enumerate() {
            for (w, &word) in d.iter().enumerate() {
                for h in bits(word) {
                    set(&mut wake[w * 64 + h], t);
                }
            }
        }
        let mut near = [0u64; MATCH_CLASSES];
        for t in (0..n).filter(|&t| board.present[t]) {
            let k = usize::from(class_of[t]);
            near[k] |= 1 << k;
            for &u in geo.above.get(t).iter().chain(affects.get(t)) {
                let ku = usize::from(class_of[usize::from(u)]);
                if board.present[usize::from(u)] {
                    near[k] |= 1 << ku;
                    near[ku] |= 1 << k;
                }
            }
        }
        Search {
            class_bits,
            deps,
            wake,
            blocks,
            order: Vec::with_capacity(n),
            rank: PerTile::new(&[]),
            order_valid: false,
            order_dirty: 0,
            mates_dirty: u64::MAX,
            ranks_buf: Vec::new(),
            snaps: Vec::with_capacity(n),
            mates: PerTile::new(&[]),
            class_of: PerTile::new(&class_of),
            local: PerTile::new(&local),
            members,
            layer,
            blockers,
            affects,
            dead,
            refuted_trail: Vec::new(),
            states: vec![root],
            candidates: Vec::new(),
            path: Vec::with_capacity(n / 2),
            lost: LostSet::new(),
            queue: Vec::with_capacity(4 * n),
            nodes: 0,
            budget,
            aborted: false,
            run_limit: u64::MAX,
            probe_above: if tuning.restart > 0 && tuning.probe_first > 0 {
                u32::MAX
            } else {
                tuning.probe_above
            },
            rng: 0x2545_F491_4F6C_DD1D,
            noise: 0,
            dead_class: 0,
            keep: 0,
            root_probed: false,
            near,
            probe_order: core::array::from_fn(|k| k as u8),
            weight: [1; MATCH_CLASSES],
            tuning,
        }
    }

    fn run(mut self) -> (Outcome, u64) {
        let odd = self.states[0].rem.iter().any(|r| r.count_ones() % 2 == 1);
        if odd {
            return (Outcome::Unwinnable, 0);
        }
        let root = self.states[0];
        let fours = root.rem.iter().all(|r| r.count_ones() <= 4);
        let mut limit = self.tuning.restart;
        let mut run = 0u32;
        loop {
            self.run_limit = if limit == 0 {
                u64::MAX
            } else {
                self.nodes.saturating_add(limit)
            };
            self.states[0] = root;
            self.path.clear();
            self.order_valid = false;
            let won = if run >= self.tuning.pairing_from && fours {
                if run == self.tuning.pairing_from {
                    // Pairing nodes cost far more: their runs start short again.
                    limit = self.tuning.pairing_restart;
                    self.run_limit = if limit == 0 {
                        u64::MAX
                    } else {
                        self.nodes.saturating_add(limit)
                    };
                }
                self.pairing_search(MATCH_CLASSES)
            } else {
                self.dfs(0, (1u64 << MATCH_CLASSES) - 1)
            };
            if won {
                return (
                    Outcome::Winnable(std::mem::take(&mut self.path)),
                    self.nodes,
                );
            }
            if !self.aborted {
                return (Outcome::Unwinnable, self.nodes);
            }
            if self.nodes >= self.budget {
                return (Outcome::Unknown, self.nodes);
            }
            // A restart: what was proved lost stays in the table.
            self.aborted = false;
            self.unrefute_to(self.keep);
            run += 1;
            self.noise = self.tuning.noise.min(1 + run);
            if run >= self.tuning.probe_first {
                self.probe_above = self.tuning.probe_above;
            }
            // Each run longer than the one before (growth 0: the last run is unlimited).
            limit = if self.tuning.growth == 0 {
                0
            } else {
                (limit.saturating_mul(self.tuning.growth) / 100).max(limit + 1)
            };
        }
    }

    /// A pseudo-random number (xorshift64*).
    fn random(&mut self) -> u32 {
        self.rng ^= self.rng >> 12;
        self.rng ^= self.rng << 25;
        self.rng ^= self.rng >> 27;
        (self.rng.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 32) as u32
    }

    #[inline]
    fn member(&self, k: usize, l: usize) -> usize {
        usize::from(self.members[k & 255][l & (MAX_CLASS - 1)])
    }

    #[inline(always)]
    fn free_in(&self, present: &Bits<W>, t: usize) -> bool {
        let [above, left, right] = &self.blockers[t];
        let mut a = 0;
        let mut l = 0;
        let mut r = 0;
        for w in 0..W {
            a |= present[w] & above[w];
            l |= present[w] & left[w];
            r |= present[w] & right[w];
        }
        a == 0 && (l == 0 || r == 0)
    }

    /// Whether members `a` and `b` (local indices) of class `k` may pair.
    #[inline(always)]
    fn pair_ok(&self, k: usize, a: usize, b: usize) -> bool {
        self.dead[self.member(k, a)] & (1 << b) == 0
    }

    /// Whether members `a` and `b` of class `k` may pair now, with `rem` left: when four
    /// are left, the other two must be able to pair as well.
    #[inline(always)]
    fn pair_allowed(&self, k: usize, rem: u64, a: usize, b: usize) -> bool {
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
    fn pairings(&self, k: usize, rem: u64) -> impl Iterator<Item = (usize, usize)> + '_ {
        let first = rem.trailing_zeros() as usize;
        bits(rem & (rem - 1))
            .filter(move |&j| self.pair_allowed(k, rem, first, j))
            .map(move |j| (first, j))
    }

    /// Removes tile `t` from `st`, updating the free sets; returns the classes whose sets
    /// changed.
    #[inline]
    fn take(&self, st: &mut State<W>, t: usize) -> u64 {
        let k = usize::from(self.class_of[t]);
        let bit = 1u64 << self.local[t];
        clear(&mut st.present, t);
        st.rem[k] &= !bit;
        st.free[k] &= !bit;
        st.remaining -= 1;
        let mut dirty = 1u64 << k;
        for &u in self.affects.get(t) {
            let u = usize::from(u);
            let ku = usize::from(self.class_of[u]);
            let ubit = 1u64 << self.local[u];
            if test(&st.present, u) && st.free[ku] & ubit == 0 && self.free_in(&st.present, u) {
                st.free[ku] |= ubit;
                dirty |= 1 << ku;
            }
        }
        dirty
    }

    /// Plays members `a`, `b` of class `k` on the state at `depth`.
    fn play(&mut self, depth: usize, k: usize, a: usize, b: usize) -> u64 {
        let (ta, tb) = (self.member(k, a), self.member(k, b));
        let mut st = self.states[depth];
        let dirty = self.take(&mut st, ta) | self.take(&mut st, tb);
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
                if bits(rem).any(|l| self.dead[self.member(k, l)] & rem != 0) {
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

    /// The relaxed game: a tile goes alone as soon as it is free and one of its possible
    /// partners is free or gone. Every winning sequence is one of its plays, so when it
    /// cannot clear the board, the position is lost. With `fill`, it first records each
    /// tile's possible partners in `mates` (for [`Search::probe`]).
    fn relaxed(&mut self, depth: usize, fill: bool) -> bool {
        let st = self.states[depth];
        let mut present = st.present;
        let mut rem = st.rem;
        let mut free = st.free;
        let mut left = st.remaining;
        self.order.clear();
        self.snaps.clear();
        self.queue.clear();
        self.order_valid = false;
        if fill {
            for k in 0..MATCH_CLASSES {
                self.fill_mates(&st, k);
            }
            self.mates_dirty = if depth == 0 { 0 } else { u64::MAX };
        }
        for (k, &f) in st.free.iter().enumerate() {
            for l in bits(f) {
                self.queue.push(self.members[k & 255][l & (MAX_CLASS - 1)]);
            }
        }
        let mut head = 0;
        while head < self.queue.len() {
            let t = usize::from(self.queue[head]);
            head += 1;
            let k = usize::from(self.class_of[t]);
            let l = usize::from(self.local[t]);
            let bit = 1u64 << l;
            if free[k] & bit == 0 {
                continue;
            }
            let gone = st.rem[k] & !rem[k];
            let ready = (gone | free[k]) & !bit;
            let possible = if fill {
                ready & self.mates[t] != 0
            } else if st.rem[k].count_ones() == 4 {
                bits(ready).any(|j| self.pair_allowed(k, st.rem[k], l, j))
            } else {
                ready & !self.dead[t] != 0
            };
            if !possible {
                continue;
            }
            self.snaps.push(present);
            self.rank[t] = self.order.len() as u16;
            self.order.push(t as u16);
            rem[k] &= !bit;
            free[k] &= !bit;
            clear(&mut present, t);
            left -= 1;
            if left == 0 {
                self.order_valid = depth == 0;
                self.order_dirty = 0;
                return true;
            }
            // Free tiles of the class may have waited for this one.
            for j in bits(free[k]) {
                self.queue.push(self.members[k & 255][j & (MAX_CLASS - 1)]);
            }
            for &u in self.affects.get(t) {
                let u = usize::from(u);
                let ku = usize::from(self.class_of[u]);
                let ubit = 1u64 << self.local[u];
                if test(&present, u) && free[ku] & ubit == 0 && self.free_in(&present, u) {
                    free[ku] |= ubit;
                    for j in bits(free[ku]) {
                        self.queue.push(self.members[ku & 255][j & (MAX_CLASS - 1)]);
                    }
                }
            }
        }
        false
    }

    /// The number of tiles that become free when `a` and `b` go.
    fn freed(&self, st: &State<W>, a: usize, b: usize) -> i32 {
        let mut p = st.present;
        clear(&mut p, a);
        clear(&mut p, b);
        let mut gained = 0;
        let mut seen = [0u16; 32];
        let mut len = 0;
        for &u in self.affects.get(a).iter().chain(self.affects.get(b)) {
            let ui = usize::from(u);
            let ku = usize::from(self.class_of[ui]);
            if !test(&p, ui) || st.free[ku] & (1 << self.local[ui]) != 0 {
                continue;
            }
            if seen[..len].contains(&u) {
                continue;
            }
            if len < seen.len() {
                seen[len] = u;
                len += 1;
            }
            if self.free_in(&p, ui) {
                gained += 1;
            }
        }
        gained
    }

    /// The moves worth trying at `depth` (after [`Search::close`]), best first.
    fn generate(&mut self, depth: usize) -> Vec<Candidate> {
        let mut out = std::mem::take(&mut self.candidates[depth]);
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
                    let (ta, tb) = (self.member(k, a), self.member(k, b));
                    let mut score = 4 * self.freed(&st, ta, tb)
                        + i32::from(self.layer[ta])
                        + i32::from(self.layer[tb]);
                    if self.noise > 0 {
                        score = score * 8 + (self.random() % (8 * self.noise)) as i32;
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

    /// Tries each allowed pairing of each undecided class of four in the relaxed game, and
    /// rules out those that fail there (no win from this node pairs the class that way).
    /// Returns the classes whose pairings were narrowed; `Err` if one has none left. Needs
    /// the order and the partners (`mates`) of a successful [`Search::relaxed`] at this
    /// node. Only the classes in `mask` are probed.
    fn probe(&mut self, depth: usize, mask: u64) -> Result<u64, Dead> {
        let st = self.states[depth];
        let mut changed = 0u64;
        for i in 0..MATCH_CLASSES {
            let k = usize::from(self.probe_order[i]);
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
                let tiles = [a, b, c, d].map(|l| self.member(k, l));
                let saved = tiles.map(|t| self.mates[t]);
                for (t, mate) in tiles.into_iter().zip([b, a, d, c]) {
                    self.mates[t] = 1 << mate;
                }
                let ok = self.replay(&st, k);
                for (t, m) in tiles.into_iter().zip(saved) {
                    self.mates[t] = m;
                }
                if !ok {
                    self.refute(self.member(k, a), self.member(k, b));
                    self.fill_mates(&st, k);
                    changed |= 1 << k;
                }
            }
            if self.pairings(k, rem).next().is_none() {
                self.dead_class = k;
                return Err(Dead);
            }
        }
        Ok(changed)
    }

    /// The tiles present in the last relaxed game before its removal number `i`.
    #[inline]
    fn present_before(&self, i: usize) -> Bits<W> {
        self.snaps[i]
    }

    /// Whether tile `t` has a possible partner free or gone, with `present` left (the
    /// possible partners are those of `mates`, see [`Search::fill_mates`]).
    #[inline(always)]
    fn ready_in(&self, present: &Bits<W>, t: usize) -> bool {
        let k = usize::from(self.class_of[t]);
        let members = &self.members[k & 255];
        let mates = self.mates[t];
        // A partner gone is the cheaper test: try those first.
        bits(mates).any(|j| !test(present, usize::from(members[j & (MAX_CLASS - 1)])))
            || bits(mates).any(|j| self.free_in(present, usize::from(members[j & (MAX_CLASS - 1)])))
    }

    /// Records in `mates` the possible partners of each tile left of class `k` in `st`.
    fn fill_mates(&mut self, st: &State<W>, k: usize) {
        let rem = st.rem[k];
        let members = &self.members[k & 255];
        if rem.count_ones() == 4 {
            // The partners in each allowed pairing.
            let mut ls = [0usize; 4];
            for (i, l) in bits(rem).enumerate() {
                ls[i] = l;
            }
            let ts = ls.map(|l| usize::from(members[l & (MAX_CLASS - 1)]));
            let ok = |i: usize, j: usize| self.dead[ts[i]] & (1 << ls[j]) == 0;
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
                self.mates[t] = m;
            }
        } else {
            for l in bits(rem) {
                let t = usize::from(members[l & (MAX_CLASS - 1)]);
                self.mates[t] = rem & !(1 << l) & !self.dead[t];
            }
        }
    }

    /// The relaxed game again after the rules of class `k` changed (its pairings were
    /// narrowed), replaying the last successful one from the first tile of the class that
    /// no longer finds a partner (see [`Search::walk`]). Whether it still clears the board.
    fn replay(&mut self, st: &State<W>, k: usize) -> bool {
        // Fast path: if each tile of the class finds a partner when it went before, the
        // old order is still a play of the relaxed game.
        let mut first_bad = usize::MAX;
        for l in bits(st.rem[k]) {
            let x = self.member(k, l);
            let i = usize::from(self.rank[x]);
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
            let i = usize::from(self.rank[self.member(k, l)]);
            if i >= first_bad && len < ranks.len() {
                ranks[len] = i;
                len += 1;
            }
        }
        ranks[..len].sort_unstable();
        self.walk::<false>(first_bad, self.class_bits[k], &ranks[..len])
    }

    /// The relaxed game played from scratch with the partners of `mates` (for tests).
    #[cfg(test)]
    fn relaxed_with_mates(&self, st: &State<W>) -> bool {
        let mut present = st.present;
        loop {
            let mut progress = false;
            for t in 0..self.blockers.len() {
                if test(&present, t) && self.free_in(&present, t) && self.ready_in(&present, t) {
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
    fn walk<const REC: bool>(&mut self, first: usize, base: Bits<W>, ranks: &[usize]) -> bool {
        let len = self.order.len();
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
            let t = usize::from(self.order[i]);
            i += 1;
            // The tiles present are those of `order` from `i` on and those held up.
            debug_assert!(test(&present, t));
            if !test(&taint, t)
                || ((!test(&taint_free, t) || self.free_in(&present, t))
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
                let d = &self.deps[t];
                let wk = &self.wake[t];
                let b = &self.blocks[t];
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
            if self.free_in(&present, t) && self.ready_in(&present, t) {
                self.record::<REC>(&mut at, &present, t);
                clear(&mut present, t);
                clear(&mut pending, t);
                let d = &self.deps[t];
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
        let d = &self.deps[t];
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
            if self.free_in(present, u) && self.ready_in(present, u) {
                self.record::<REC>(at, present, u);
                clear(present, u);
                clear(held, u);
                let d = &self.deps[u];
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
            self.snaps[*at] = *present;
            self.order[*at] = t as u16;
            self.rank[t] = *at as u16;
            *at += 1;
        }
    }

    /// The relaxed game at the root of the pairing search (the state of depth 0) after the
    /// rules changed, like [`Search::relaxed`] with partners, but from the last play when
    /// there is one for this state: only the classes narrowed since are replayed (a class
    /// whose pairings were only widened keeps the play valid).
    fn relax_again(&mut self) -> bool {
        if !self.order_valid {
            return self.relaxed(0, true);
        }
        let st = self.states[0];
        // Only the classes whose pairings changed need their partners again.
        for k in bits(self.mates_dirty & ((1 << MATCH_CLASSES) - 1)) {
            self.fill_mates(&st, k);
        }
        self.mates_dirty = 0;
        let dirty = self.order_dirty;
        let mut first_bad = usize::MAX;
        let mut base = [0u64; W];
        let mut ranks = std::mem::take(&mut self.ranks_buf);
        ranks.clear();
        for k in bits(dirty) {
            for (b, c) in base.iter_mut().zip(&self.class_bits[k]) {
                *b |= c;
            }
            for l in bits(st.rem[k]) {
                let x = self.member(k, l);
                let i = usize::from(self.rank[x]);
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
        self.ranks_buf = ranks;
        self.order_valid = ok;
        self.order_dirty = 0;
        ok
    }

    /// Records that playing tiles `a` and `b` from the current node loses. In the rest of
    /// that node's subtree every position holding both tiles is reachable from the node
    /// without them, so playing them there loses too.
    fn refute(&mut self, a: usize, b: usize) {
        let (la, lb) = (self.local[a], self.local[b]);
        if self.dead[a] & (1 << lb) != 0 {
            return;
        }
        self.dead[a] |= 1 << lb;
        self.dead[b] |= 1 << la;
        self.order_dirty |= 1 << self.class_of[a];
        self.mates_dirty |= 1 << self.class_of[a];
        self.refuted_trail.push((a as u16, b as u16));
    }

    fn unrefute_to(&mut self, mark: usize) {
        while self.refuted_trail.len() > mark {
            let Some((a, b)) = self.refuted_trail.pop() else {
                break;
            };
            let (a, b) = (usize::from(a), usize::from(b));
            self.dead[a] &= !(1 << self.local[b]);
            self.dead[b] &= !(1 << self.local[a]);
            self.mates_dirty |= 1 << self.class_of[a];
        }
    }

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
    fn pairing_search(&mut self, from: usize) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget || self.nodes > self.run_limit {
            self.aborted = true;
            return false;
        }
        if self.states[0].remaining == 0 {
            return true;
        }
        let mark = self.refuted_trail.len();
        let all = (1u64 << MATCH_CLASSES) - 1;
        // Below the root, optionally probe first the classes near the one just fixed, then
        // those near the ones narrowed (skipping a probe is sound: it only prunes less).
        // At the root, what was ruled out (by probing, or by a branch that lost) holds
        // in every run: it stays ruled out across restarts (see `keep`).
        let root = from == MATCH_CLASSES;
        let mut mask = if from < MATCH_CLASSES && self.tuning.pairing_local {
            self.near[from]
        } else if root && self.root_probed {
            0
        } else {
            all
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
                    self.blame(from, self.dead_class);
                    self.unrefute_to(mark);
                    return false;
                }
                Ok(0) => break,
                Ok(changed) => {
                    if mask != all {
                        let mut next = 0;
                        for k in bits(changed) {
                            next |= self.near[k];
                        }
                        mask = next;
                    }
                }
            }
        }
        if root && self.tuning.keep_root {
            self.keep = self.refuted_trail.len();
            self.root_probed = true;
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
            let mut score = (n << 20) / u64::from(self.weight[k]);
            if self.tuning.early_first {
                // Ties: the class whose first tile goes earliest in the relaxed game.
                let first = bits(st.rem[k])
                    .map(|l| self.rank[self.member(k, l)])
                    .min()
                    .unwrap_or(0);
                score = (score << 12) | u64::from(first) << 2;
                if self.noise > 0 {
                    score |= u64::from(self.random() % 4);
                }
            } else if self.noise > 0 {
                score = score * 8 + u64::from(self.random() % (2 * self.noise));
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
        if self.tuning.complete {
            let inner = self.refuted_trail.len();
            self.fix(&st, &suggested);
            if self.relaxed(0, false) && self.play_out() {
                self.unrefute_to(mark);
                return true;
            }
            self.unrefute_to(inner);
        }
        let rem = st.rem[k];
        let mut pairs = [(0usize, 0usize); 3];
        let mut len = 0;
        for p in self.pairings(k, rem) {
            pairs[len] = p;
            len += 1;
        }
        if self.noise > 0 {
            for i in (1..len).rev() {
                let j = self.random() as usize % (i + 1);
                pairs.swap(i, j);
            }
        }
        if self.tuning.suggest_first
            && let Some(i) = pairs[..len].iter().position(|&p| Some(p) == suggested[k])
        {
            pairs[..=i].rotate_right(1);
        }
        for i in 0..len {
            let (a, b) = pairs[i];
            if !self.pair_allowed(k, rem, a, b) {
                continue;
            }
            let inner = self.refuted_trail.len();
            for &(c, d) in &pairs[..len] {
                if (c, d) != (a, b) {
                    self.refute(self.member(k, c), self.member(k, d));
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
            self.refute(self.member(k, a), self.member(k, b));
            if root && self.tuning.keep_root {
                self.keep = self.refuted_trail.len();
            }
        }
        self.unrefute_to(if root { self.keep.max(mark) } else { mark });
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
            ls.sort_unstable_by_key(|&l| self.rank[self.member(k, l)]);
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
                    self.refute(self.member(k, first), self.member(k, j));
                }
            }
        }
    }

    /// Counts a failure against the class branched on to reach the node and the class
    /// found without a pairing ([`MATCH_CLASSES`]: none).
    fn blame(&mut self, from: usize, dead: usize) {
        for k in [from, dead] {
            if let Some(w) = self.weight.get_mut(k) {
                *w = w.saturating_add(1);
            }
        }
        if self.tuning.weighted_probe {
            let weight = self.weight;
            self.probe_order
                .sort_by_key(|&k| core::cmp::Reverse(weight[usize::from(k)]));
        }
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
                        let (ta, tb) = (self.member(k, a), self.member(k, b));
                        self.take(&mut st, ta);
                        self.take(&mut st, tb);
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

    /// Depth-first search from the state at `depth`, whose classes in `dirty` changed
    /// since its parent: `true` when a win is found (the moves are in `path`).
    fn dfs(&mut self, depth: usize, dirty: u64) -> bool {
        self.nodes += 1;
        if self.nodes > self.budget || self.nodes > self.run_limit {
            self.aborted = true;
            return false;
        }
        let path_mark = self.path.len();
        let refuted_mark = self.refuted_trail.len();
        let mut dirty = dirty;
        // Classes with refutations since the parent are in `dirty`.
        let mut probe_mask = dirty;
        let mut rounds = 0;
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
            let probing = st.remaining >= self.probe_above && rounds < self.tuning.probe_rounds;
            if self.tuning.relaxed && !self.relaxed(depth, probing) {
                self.lost.insert(st.present);
                self.unrefute_to(refuted_mark);
                self.path.truncate(path_mark);
                return false;
            }
            if !probing {
                break;
            }
            if !self.tuning.relaxed {
                for k in 0..MATCH_CLASSES {
                    self.fill_mates(&st, k);
                }
            }
            rounds += 1;
            if rounds == 1 {
                if depth == 0 || st.remaining >= self.tuning.probe_local_below {
                    probe_mask = (1u64 << MATCH_CLASSES) - 1;
                } else {
                    // The classes the move and the safe moves after it changed.
                    let parent = &self.states[depth - 1];
                    for k in 0..MATCH_CLASSES {
                        if st.rem[k] != parent.rem[k] || st.free[k] != parent.free[k] {
                            probe_mask |= 1 << k;
                        }
                    }
                }
            }
            match self.probe(depth, probe_mask) {
                Err(Dead) => {
                    self.lost.insert(st.present);
                    self.unrefute_to(refuted_mark);
                    self.path.truncate(path_mark);
                    return false;
                }
                Ok(0) => break,
                Ok(changed) => {
                    dirty = changed;
                    probe_mask |= changed;
                }
            }
        }
        let st = self.states[depth];
        if self.candidates.len() <= depth {
            self.candidates.resize_with(depth + 1, Vec::new);
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
            let k = usize::from(self.class_of[a]);
            let (la, lb) = (usize::from(self.local[a]), usize::from(self.local[b]));
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
            if self.tuning.refuted {
                self.refute(a, b);
                refuted_classes |= 1 << k;
                if st.rem[k].count_ones() == 4 && self.pairings(k, st.rem[k]).next().is_none() {
                    break;
                }
            }
        }
        self.candidates[depth] = moves;
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

/// A set of positions (by their present tiles) proved lost: open addressing, linear
/// probing; the empty position (a win) marks empty slots.
struct LostSet<const W: usize> {
    slots: Vec<Bits<W>>,
    len: usize,
}

impl<const W: usize> LostSet<W> {
    /// Memory cap for the table, in bytes (past it, new positions are not recorded).
    const MAX_BYTES: usize = 64 << 20;

    fn new() -> LostSet<W> {
        LostSet {
            slots: vec![[0; W]; 1024],
            len: 0,
        }
    }

    #[inline]
    fn hash(key: &Bits<W>) -> usize {
        let mut h = 0u64;
        for &w in key {
            h = (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(23);
        }
        // SplitMix64's finaliser: every key bit reaches the low (index) bits.
        h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (h ^ (h >> 31)) as usize
    }

    fn contains(&self, key: &Bits<W>) -> bool {
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(key) & mask;
        loop {
            let s = &self.slots[i];
            if s == key {
                return true;
            }
            if s.iter().all(|&w| w == 0) {
                return false;
            }
            i = (i + 1) & mask;
        }
    }

    fn insert(&mut self, key: Bits<W>) {
        if key.iter().all(|&w| w == 0) {
            return;
        }
        if 2 * (self.len + 1) > self.slots.len() {
            if 2 * self.slots.len() * core::mem::size_of::<Bits<W>>() > Self::MAX_BYTES {
                return;
            }
            let bigger = vec![[0; W]; 2 * self.slots.len()];
            let old = std::mem::replace(&mut self.slots, bigger);
            self.len = 0;
            for k in old {
                if k.iter().any(|&w| w != 0) {
                    self.put(k);
                }
            }
        }
        self.put(key);
    }

    fn put(&mut self, key: Bits<W>) {
        let mask = self.slots.len() - 1;
        let mut i = Self::hash(&key) & mask;
        loop {
            let s = &mut self.slots[i];
            if *s == key {
                return;
            }
            if s.iter().all(|&w| w == 0) {
                *s = key;
                self.len += 1;
                return;
            }
            i = (i + 1) & mask;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::random_deal;
    use crate::layout::BuiltinLayout;
    use crate::random::rng_from_seed;

    /// The replay of the relaxed game after a class's pairing is fixed (the fast path, and
    /// the walk with its jumps over stretches where nothing is held up) answers exactly as
    /// the relaxed game played from scratch, for every pairing of every class of four, on
    /// the first positions of random Turtle deals and after some moves.
    #[test]
    fn replay_agrees_with_the_relaxed_game_from_scratch() {
        let l = BuiltinLayout::Turtle.layout();
        let (mut checked, mut failed) = (0, 0);
        for seed in 0..40 {
            let mut board = random_deal(&l, &mut rng_from_seed(seed));
            for step in 0..3 {
                let mut s = Search::<3>::new(&board, 1, Tuning::DEFAULT);
                if s.relaxed(0, true) {
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
                            let tiles = [a, b, c, d].map(|l| s.member(k, l));
                            let saved = tiles.map(|t| s.mates[t]);
                            for (t, mate) in tiles.into_iter().zip([b, a, d, c]) {
                                s.mates[t] = 1 << mate;
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
                                s.mates[t] = m;
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
    fn relaxed_turtle(seed: u64) -> Option<(Search<3>, State<3>)> {
        let board = random_deal(&BuiltinLayout::Turtle.layout(), &mut rng_from_seed(seed));
        let mut s = Search::<3>::new(&board, 1, Tuning::DEFAULT);
        s.relaxed(0, true).then(|| {
            let st = s.states[0];
            (s, st)
        })
    }

    /// For a class `k` with four tiles left in `st`, the class members (`a`, `b`) of the
    /// pairing a test rules out: the first or the second pairing, by the seed's parity.
    fn narrowing(s: &Search<3>, st: &State<3>, k: usize, seed: u64) -> Option<(usize, usize)> {
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
            let mark = s.refuted_trail.len();
            // Narrow the classes one after the other, the way a path of the search does.
            for k in 0..MATCH_CLASSES {
                let Some((a, b)) = narrowing(&s, &st, k, seed) else {
                    continue;
                };
                s.refute(s.member(k, a), s.member(k, b));
                let again = s.relax_again();
                if again {
                    let mut present = st.present;
                    for (i, &t) in s.order.iter().enumerate() {
                        let t = usize::from(t);
                        assert_eq!(s.snaps[i], present, "seed {seed} class {k}");
                        assert_eq!(usize::from(s.rank[t]), i);
                        assert!(s.free_in(&present, t) && s.ready_in(&present, t));
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
            let n = s.blockers.len();
            let check = |s: &mut Search<3>| {
                let mates: Vec<u64> = (0..n).map(|t| s.mates[t]).collect();
                for k in 0..MATCH_CLASSES {
                    s.fill_mates(&st, k);
                }
                for (t, &m) in mates.iter().enumerate() {
                    assert_eq!(m, s.mates[t], "seed {seed} tile {t}");
                }
            };
            let mut marks = Vec::new();
            for k in 0..MATCH_CLASSES {
                let Some((a, b)) = narrowing(&s, &st, k, seed) else {
                    continue;
                };
                marks.push(s.refuted_trail.len());
                s.refute(s.member(k, a), s.member(k, b));
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
