//! A full-information solver: is this board winnable, and how.
//!
//! [`Solver::solve`] answers [`Outcome::Winnable`] with a winning sequence of moves,
//! [`Outcome::Unwinnable`] when it has proved that no sequence clears the board, or
//! [`Outcome::Unknown`] when its budget of search nodes ran out first.
//!
//! # How it works
//!
//! The search decides *which tiles pair with which* rather than *in which order moves are
//! made*. Once the four tiles of a kind are split into two pairs (three ways per kind), a
//! pair whose two tiles are free can be removed at once without losing anything: removing
//! tiles never blocks others, so any winning sequence stays winning with that pair moved to
//! the front. Hence:
//!
//! - **Safe moves** are played without branching: the last two tiles of a kind when both are
//!   free; all four tiles of a kind when all are free; a pair of a kind whose pairing is
//!   decided, as soon as both its tiles are free.
//! - **Branching** happens on one kind at a time, the one with the fewest options: either
//!   one of its free pairs is removed (which decides its pairing), or none of them will ever
//!   be removed together (those pairings are excluded, to be decided later).
//! - **Pruning**: a pairing is impossible when one tile of a pair lies above the other
//!   (directly or through a stack: they can never be free together); a kind whose pairings
//!   are all impossible ends the branch.
//! - A **transposition table** remembers the states proved lost (the set of removed tiles
//!   and the pairings still open, as a 128-bit Zobrist hash).
//!
//! Flowers (and seasons) are one class of four tiles, like a kind. Classes of six or more
//! tiles (layouts larger than 144) are searched move by move until four remain.
//!
//! ```
//! use mahjong_solitaire::{Board, Layout, Outcome, Solver};
//! use mahjong_tiles::Tile;
//!
//! // Two stacks: 1m on 2m, 2m on 1m. Pairing the tops first is the only way.
//! let layout: Layout = "0 0: 0\n1 0: 0\n0 4: 0\n1 4: 0\n".parse()?;
//! let t = |s: &str| s.parse::<Tile>().unwrap();
//! let board = Board::new(&layout, ["2m", "1m", "1m", "2m"].map(t).to_vec())?;
//! let solve = Solver::new().solve(&board);
//! assert!(matches!(solve.outcome, Outcome::Winnable(ref s) if s.len() == 2));
//!
//! let stuck = Board::new(&layout, ["1m", "2m", "1m", "2m"].map(t).to_vec())?;
//! assert_eq!(Solver::new().solve(&stuck).outcome, Outcome::Unwinnable);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::board::{Board, Move};
use crate::geometry::Geometry;
use crate::matching::{MATCH_CLASSES, match_class};

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// The board can be cleared: a winning sequence of moves from the current state.
    Winnable(Vec<Move>),
    /// No sequence of moves clears the board.
    Unwinnable,
    /// The budget ran out before an answer.
    Unknown,
}

impl Outcome {
    /// `Some(true)` if winnable, `Some(false)` if not, `None` if unknown.
    pub fn winnable(&self) -> Option<bool> {
        match self {
            Outcome::Winnable(_) => Some(true),
            Outcome::Unwinnable => Some(false),
            Outcome::Unknown => None,
        }
    }
}

/// A solver's answer with the effort it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solve {
    /// The answer.
    pub outcome: Outcome,
    /// Search nodes visited (branching points, after the safe moves).
    pub nodes: u64,
}

/// The solver and its budget.
///
/// ```
/// use mahjong_solitaire::{BuiltinLayout, Solver, deal::random_deal, random::rng_from_seed};
///
/// let board = random_deal(&BuiltinLayout::Turtle.layout(), &mut rng_from_seed(5));
/// let solve = Solver::new().budget(1_000_000).solve(&board);
/// assert!(solve.outcome.winnable().is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solver {
    budget: u64,
}

impl Default for Solver {
    fn default() -> Solver {
        Solver::new()
    }
}

impl Solver {
    /// The default budget, in search nodes (a fraction of a second to a few seconds).
    pub const DEFAULT_BUDGET: u64 = 2_000_000;

    /// A solver with the default budget.
    pub const fn new() -> Solver {
        Solver {
            budget: Solver::DEFAULT_BUDGET,
        }
    }

    /// The same solver with a budget of `nodes` search nodes.
    pub const fn budget(self, nodes: u64) -> Solver {
        Solver { budget: nodes }
    }

    /// Solves the board from its current state (the board is not changed).
    pub fn solve(&self, board: &Board) -> Solve {
        let mut search = Search::new(board, self.budget);
        let outcome = search.run();
        if std::env::var("MJS_DEBUG").is_ok() {
            eprintln!("hist {:?}", &search.hist[..19]);
        }
        Solve {
            outcome,
            nodes: search.nodes,
        }
    }
}

/// A hasher for keys that are already uniform hashes.
#[derive(Default)]
struct PassThrough(u64);

impl Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u128(&mut self, v: u128) {
        self.0 = (v as u64) ^ ((v >> 64) as u64);
    }
}

/// States proved lost: for a set of removed tiles (its hash), the pairing masks tried.
type Table = HashMap<u128, Vec<u128>, BuildHasherDefault<PassThrough>>;

/// The three ways to split four tiles (local indices 0..4) into two pairs.
const PAIRINGS: [[(usize, usize); 2]; 3] = [[(0, 1), (2, 3)], [(0, 2), (1, 3)], [(0, 3), (1, 2)]];

#[derive(Clone, Copy)]
enum Undo {
    Take(u16),
    Mask(u8, u8),
}

struct Search<'a> {
    geo: &'a Geometry,
    class_of: Vec<u8>,
    /// Index of a position among its class's members.
    local: Vec<u8>,
    /// The positions of each class present at the start, sorted.
    members: Vec<Vec<u16>>,
    /// For classes of at most 16 members: `bad[k][i]` has bit `j` set when members `i` and
    /// `j` can never be free together (one lies above the other).
    bad: Vec<Vec<u16>>,
    present: Vec<bool>,
    cover: Vec<u16>,
    left: Vec<u16>,
    right: Vec<u16>,
    count: [u16; MATCH_CLASSES],
    /// Pairings still allowed, for classes with exactly four tiles left.
    mask: [u8; MATCH_CLASSES],
    remaining: usize,
    dirty: Vec<u8>,
    is_dirty: [bool; MATCH_CLASSES],
    trail: Vec<Undo>,
    path: Vec<Move>,
    /// Zobrist hash of the removed set.
    hash: u128,
    /// The masks packed three bits per class (zero unless the class has four tiles left).
    packed: u128,
    zpos: Vec<u128>,
    failed: Table,
    /// Scratch for `propagate`: unit representative per tile, colours, DFS stack, reach
    /// bitsets (`words` words per tile).
    unit: Vec<u16>,
    r_present: Vec<bool>,
    r_cover: Vec<u16>,
    r_left: Vec<u16>,
    r_right: Vec<u16>,
    r_work: Vec<u16>,
    colour: Vec<u8>,
    stack: Vec<(u16, u16)>,
    reach: Vec<u64>,
    words: usize,
    nodes: u64,
    hist: [u64; 600],
    budget: u64,
    aborted: bool,
}

fn zobrist(n: usize) -> Vec<u128> {
    let mut state = 0x5EED_0F_50_11_7A_12u64;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    let mut pair = || (u128::from(next()) << 64) | u128::from(next());
    (0..n).map(|_| pair()).collect()
}

impl<'a> Search<'a> {
    fn new(board: &'a Board, budget: u64) -> Search<'a> {
        let geo = &*board.geo;
        let n = board.len();
        let class_of: Vec<u8> = board.tiles.iter().map(|&t| match_class(t) as u8).collect();
        let mut members = vec![Vec::new(); MATCH_CLASSES];
        let mut local = vec![0u8; n];
        for i in 0..n {
            if board.present[i] {
                let k = usize::from(class_of[i]);
                local[i] = members[k].len().min(255) as u8;
                members[k].push(i as u16);
            }
        }
        let bad = members
            .iter()
            .map(|m| {
                if m.len() > 16 {
                    return vec![0; m.len()];
                }
                let mut rows = vec![0u16; m.len()];
                for i in 0..m.len() {
                    for j in 0..m.len() {
                        if i != j && above_star(geo, usize::from(m[i]), usize::from(m[j])) {
                            rows[i] |= 1 << j;
                            rows[j] |= 1 << i;
                        }
                    }
                }
                rows
            })
            .collect();
        let mut count = [0u16; MATCH_CLASSES];
        for (k, m) in members.iter().enumerate() {
            count[k] = m.len() as u16;
        }
        let zpos = zobrist(n);
        let mut s = Search {
            geo,
            class_of,
            local,
            members,
            bad,
            present: board.present.clone(),
            cover: board.cover.clone(),
            left: board.left.clone(),
            right: board.right.clone(),
            count,
            mask: [0; MATCH_CLASSES],
            remaining: board.remaining,
            dirty: Vec::with_capacity(MATCH_CLASSES),
            is_dirty: [false; MATCH_CLASSES],
            trail: Vec::with_capacity(2 * n + 64),
            path: Vec::with_capacity(n / 2),
            hash: 0,
            packed: 0,
            zpos,
            failed: Table::default(),
            unit: vec![0; n],
            r_present: Vec::with_capacity(n),
            r_cover: Vec::with_capacity(n),
            r_left: Vec::with_capacity(n),
            r_right: Vec::with_capacity(n),
            r_work: Vec::with_capacity(4 * n),
            colour: vec![0; n],
            stack: Vec::with_capacity(n),
            reach: vec![0; n * n.div_ceil(64)],
            words: n.div_ceil(64),
            nodes: 0,
            hist: [0; 600],
            budget,
            aborted: false,
        };
        for k in 0..MATCH_CLASSES {
            if s.count[k] == 4 {
                let m = s.feasible_mask(k);
                s.mask[k] = m;
                s.packed |= u128::from(m) << (3 * k);
            }
        }
        s
    }

    fn run(&mut self) -> Outcome {
        if self.count.iter().any(|&c| c % 2 == 1) {
            return Outcome::Unwinnable;
        }
        for k in 0..MATCH_CLASSES {
            self.mark(k);
        }
        if self.closure() && self.search() {
            return Outcome::Winnable(core::mem::take(&mut self.path));
        }
        if self.aborted {
            Outcome::Unknown
        } else {
            Outcome::Unwinnable
        }
    }

    #[inline]
    fn free(&self, i: usize) -> bool {
        self.present[i] && self.cover[i] == 0 && (self.left[i] == 0 || self.right[i] == 0)
    }

    #[inline]
    fn mark(&mut self, k: usize) {
        if !self.is_dirty[k] {
            self.is_dirty[k] = true;
            self.dirty.push(k as u8);
        }
    }

    fn clear_dirty(&mut self) {
        for k in self.dirty.drain(..) {
            self.is_dirty[usize::from(k)] = false;
        }
    }

    fn take(&mut self, i: usize) {
        self.present[i] = false;
        self.remaining -= 1;
        self.count[usize::from(self.class_of[i])] -= 1;
        self.hash ^= self.zpos[i];
        self.trail.push(Undo::Take(i as u16));
        let geo = self.geo;
        for &p in geo.below.get(i) {
            let p = usize::from(p);
            self.cover[p] -= 1;
            if self.cover[p] == 0 && self.free(p) {
                self.mark(usize::from(self.class_of[p]));
            }
        }
        for &p in geo.right.get(i) {
            let p = usize::from(p);
            self.left[p] -= 1;
            if self.left[p] == 0 && self.free(p) {
                self.mark(usize::from(self.class_of[p]));
            }
        }
        for &p in geo.left.get(i) {
            let p = usize::from(p);
            self.right[p] -= 1;
            if self.right[p] == 0 && self.free(p) {
                self.mark(usize::from(self.class_of[p]));
            }
        }
    }

    fn put(&mut self, i: usize) {
        self.present[i] = true;
        self.remaining += 1;
        self.count[usize::from(self.class_of[i])] += 1;
        self.hash ^= self.zpos[i];
        let geo = self.geo;
        for &p in geo.below.get(i) {
            self.cover[usize::from(p)] += 1;
        }
        for &p in geo.right.get(i) {
            self.left[usize::from(p)] += 1;
        }
        for &p in geo.left.get(i) {
            self.right[usize::from(p)] += 1;
        }
    }

    fn set_mask(&mut self, k: usize, m: u8) {
        let old = self.mask[k];
        if old != m {
            self.trail.push(Undo::Mask(k as u8, old));
            self.packed ^= u128::from(old ^ m) << (3 * k);
            self.mask[k] = m;
        }
    }

    fn undo_to(&mut self, mark: usize, path_len: usize) {
        while self.trail.len() > mark {
            match self.trail.pop() {
                Some(Undo::Take(i)) => self.put(usize::from(i)),
                Some(Undo::Mask(k, old)) => {
                    let k = usize::from(k);
                    self.packed ^= u128::from(self.mask[k] ^ old) << (3 * k);
                    self.mask[k] = old;
                }
                None => break,
            }
        }
        self.path.truncate(path_len);
    }

    /// The present members of class `k` (the first `N`).
    fn present_members<const N: usize>(&self, k: usize) -> [usize; N] {
        let mut out = [0usize; N];
        let mut n = 0;
        for &p in &self.members[k] {
            if self.present[usize::from(p)] {
                out[n] = usize::from(p);
                n += 1;
                if n == N {
                    break;
                }
            }
        }
        out
    }

    #[inline]
    fn is_bad(&self, k: usize, a: usize, b: usize) -> bool {
        let row = &self.bad[k];
        let (la, lb) = (usize::from(self.local[a]), usize::from(self.local[b]));
        la < row.len() && lb < 16 && row[la] & (1 << lb) != 0
    }

    fn feasible_mask(&self, k: usize) -> u8 {
        let q: [usize; 4] = self.present_members(k);
        let mut m = 0;
        for (i, pairing) in PAIRINGS.iter().enumerate() {
            if pairing.iter().all(|&(x, y)| !self.is_bad(k, q[x], q[y])) {
                m |= 1 << i;
            }
        }
        m
    }

    /// Removes a pair of class k and keeps counts, masks and the path up to date.
    fn remove_pair(&mut self, a: usize, b: usize) {
        let k = usize::from(self.class_of[a]);
        let before = self.count[k];
        self.take(a);
        self.take(b);
        self.path.push(Move::new(a, b));
        if before == 4 {
            self.set_mask(k, 0);
        } else if before == 6 {
            let m = self.feasible_mask(k);
            self.set_mask(k, m);
        }
        self.mark(k);
    }

    /// Plays every safe move; `false` if the state is lost.
    fn closure(&mut self) -> bool {
        while let Some(k) = self.dirty.pop() {
            let k = usize::from(k);
            self.is_dirty[k] = false;
            match self.count[k] {
                0 => {}
                2 => {
                    let [a, b] = self.present_members::<2>(k);
                    if self.is_bad(k, a, b) {
                        self.clear_dirty();
                        return false;
                    }
                    if self.free(a) && self.free(b) {
                        self.remove_pair(a, b);
                    }
                }
                4 => {
                    let m = self.mask[k];
                    if m == 0 {
                        self.clear_dirty();
                        return false;
                    }
                    let q: [usize; 4] = self.present_members(k);
                    let f = q.map(|p| self.free(p));
                    if f.iter().all(|&x| x) {
                        let [(a, b), _] = PAIRINGS[m.trailing_zeros() as usize];
                        self.remove_pair(q[a], q[b]);
                    } else if m.count_ones() == 1 {
                        for (x, y) in PAIRINGS[m.trailing_zeros() as usize] {
                            if f[x] && f[y] {
                                self.remove_pair(q[x], q[y]);
                                break;
                            }
                        }
                    }
                }
                _ => {
                    let all_free = self.members[k]
                        .iter()
                        .all(|&p| !self.present[usize::from(p)] || self.free(usize::from(p)));
                    if all_free {
                        let [a, b] = self.present_members::<2>(k);
                        self.remove_pair(a, b);
                    }
                }
            }
        }
        true
    }

    /// Depth-first search from a state where the safe moves have been played.
    fn search(&mut self) -> bool {
        if self.remaining == 0 {
            return true;
        }
        if let Some(lost) = self.failed.get(&self.hash) {
            // A state with these tiles removed and at least the same pairings open was lost.
            let cur = self.packed;
            if lost.iter().any(|&m| cur & !m == 0) {
                return false;
            }
        }
        self.nodes += 1;
        self.hist[self.remaining / 8] += 1;
        if self.nodes > self.budget {
            self.aborted = true;
            return false;
        }
        let (mark, path_len) = (self.trail.len(), self.path.len());
        let won = self.expand();
        if won {
            return true;
        }
        self.undo_to(mark, path_len);
        if !self.aborted {
            self.failed.entry(self.hash).or_default().push(self.packed);
        }
        false
    }

    /// Propagates the pairing constraints, then branches.
    fn expand(&mut self) -> bool {
        // Propagation: drop the pairings that would make two tiles wait for each other,
        // play the moves this decides, until nothing changes.
        loop {
            if self.remaining == 0 {
                return true;
            }
            match self.propagate() {
                None => return false,
                Some(false) => break,
                Some(true) => {
                    if !self.closure() {
                        return false;
                    }
                }
            }
        }
        if std::env::var("MJS_RELAX").is_ok() && !self.relaxed_clear() {
            return false;
        }
        // Branch on the four-tile class with the fewest options among those that can remove
        // a free pair now: remove one of its free pairs (deciding its pairing), or exclude
        // the pairings those pairs belong to (the class is decided later).
        let mut best: Option<(usize, usize, u8)> = None;
        for k in 0..MATCH_CLASSES {
            let m = self.mask[k];
            if self.count[k] != 4 || m == 0 {
                continue;
            }
            let q: [usize; 4] = self.present_members(k);
            let f = q.map(|p| self.free(p));
            let mut with_free = 0u8;
            for (i, pairing) in PAIRINGS.iter().enumerate() {
                if m & (1 << i) != 0 && pairing.iter().any(|&(x, y)| f[x] && f[y]) {
                    with_free |= 1 << i;
                }
            }
            if with_free == 0 {
                continue;
            }
            let options = with_free.count_ones() as usize + usize::from(m & !with_free != 0);
            if best.is_none_or(|(_, o, _)| options < o) {
                best = Some((k, options, with_free));
                if options == 1 {
                    break;
                }
            }
        }
        match best {
            Some((k, _, with_free)) => self.branch_class(k, with_free),
            None => self.branch_big(),
        }
    }

    /// Groups the present tiles into units (a decided pair is one unit), and computes for
    /// each unit the set of tiles it lies above. `None` if two units wait for each other
    /// (a cycle); otherwise whether some pairing was dropped.
    fn propagate(&mut self) -> Option<bool> {
        let n = self.present.len();
        let words = self.words;
        // Units: the representative of each present tile.
        for i in 0..n {
            self.unit[i] = i as u16;
        }
        for k in 0..MATCH_CLASSES {
            match self.count[k] {
                2 => {
                    let [a, b] = self.present_members::<2>(k);
                    self.unit[b] = a as u16;
                }
                4 if self.mask[k].count_ones() == 1 => {
                    let q: [usize; 4] = self.present_members(k);
                    for (x, y) in PAIRINGS[self.mask[k].trailing_zeros() as usize] {
                        self.unit[q[y]] = q[x] as u16;
                    }
                }
                _ => {}
            }
        }
        // Reach sets by depth-first search over units (iterative, with a colour per unit).
        self.colour.iter_mut().for_each(|c| *c = 0);
        self.reach.iter_mut().for_each(|w| *w = 0);
        let geo = self.geo;
        for root in 0..n {
            if !self.present[root] || usize::from(self.unit[root]) != root || self.colour[root] != 0 {
                continue;
            }
            self.stack.clear();
            self.stack.push((root as u16, 0));
            self.colour[root] = 1;
            while let Some(&(u, next)) = self.stack.last() {
                let u = usize::from(u);
                // Walk the edges of the unit's tiles: edge number `next` over both tiles.
                let partner = self.partner(u);
                let first = geo.below.get(u);
                let second = partner.map_or(&[][..], |p| geo.below.get(p));
                let edges = first.len() + second.len();
                if usize::from(next) < edges {
                    self.stack.last_mut().map(|top| top.1 += 1);
                    let e = usize::from(next);
                    let y = usize::from(if e < first.len() { first[e] } else { second[e - first.len()] });
                    if !self.present[y] {
                        continue;
                    }
                    let v = usize::from(self.unit[y]);
                    match self.colour[v] {
                        0 => {
                            self.colour[v] = 1;
                            self.stack.push((v as u16, 0));
                        }
                        1 => return None,
                        _ => {}
                    }
                } else {
                    // Finished: reach[u] = union over edges of {y} ∪ its unit's tiles ∪ reach.
                    self.stack.pop();
                    self.colour[u] = 2;
                    for e in 0..edges {
                        let y = usize::from(if e < first.len() { first[e] } else { second[e - first.len()] });
                        if !self.present[y] {
                            continue;
                        }
                        let v = usize::from(self.unit[y]);
                        self.reach[u * words + y / 64] |= 1 << (y % 64);
                        if let Some(p) = self.partner(v) {
                            self.reach[u * words + p / 64] |= 1 << (p % 64);
                        }
                        self.reach[u * words + v / 64] |= 1 << (v % 64);
                        for w in 0..words {
                            let r = self.reach[v * words + w];
                            self.reach[u * words + w] |= r;
                        }
                    }
                }
            }
        }
        // Drop the pairings of undecided classes that would close a cycle.
        let mut changed = false;
        for k in 0..MATCH_CLASSES {
            let m = self.mask[k];
            if self.count[k] != 4 || m.count_ones() < 2 {
                continue;
            }
            let q: [usize; 4] = self.present_members(k);
            let mut keep = 0;
            for (i, pairing) in PAIRINGS.iter().enumerate() {
                if m & (1 << i) == 0 {
                    continue;
                }
                let [(a, b), (c, d)] = pairing.map(|(x, y)| (q[x], q[y]));
                let x_to = |from: [usize; 2], to: [usize; 2]| {
                    from.iter().any(|&f| to.iter().any(|&t| self.reaches(f, t)))
                };
                let cycle = x_to([a, b], [a, b])
                    || x_to([c, d], [c, d])
                    || (x_to([a, b], [c, d]) && x_to([c, d], [a, b]));
                if !cycle {
                    keep |= 1 << i;
                }
            }
            if keep != m {
                if keep == 0 {
                    return None;
                }
                self.set_mask(k, keep);
                self.mark(k);
                changed = true;
            }
        }
        Some(changed)
    }

    /// Whether tile `u` may pair with tile `t` (same class, in an allowed pairing).
    fn may_pair(&self, t: usize, u: usize, q: &[usize; 4]) -> bool {
        let k = usize::from(self.class_of[t]);
        if self.count[k] != 4 {
            return true;
        }
        let (Some(i), Some(j)) = (q.iter().position(|&p| p == t), q.iter().position(|&p| p == u)) else {
            return false;
        };
        PAIRINGS.iter().enumerate().any(|(p, pairing)| {
            self.mask[k] & (1 << p) != 0
                && pairing.iter().any(|&(x, y)| (x == i && y == j) || (x == j && y == i))
        })
    }

    /// A necessary condition for winning: relax the rule so that a tile may go alone as soon
    /// as it is free and one of its possible partners is free or already gone. Removing
    /// tiles only frees others, so if even this cannot clear the board, nothing can.
    fn relaxed_clear(&mut self) -> bool {
        let n = self.present.len();
        self.r_present.clone_from(&self.present);
        self.r_cover.clone_from(&self.cover);
        self.r_left.clone_from(&self.left);
        self.r_right.clone_from(&self.right);
        let mut left_to_clear = self.remaining;
        self.r_work.clear();
        self.r_work.extend((0..n).filter(|&i| self.present[i]).map(|i| i as u16));
        let geo = self.geo;
        while let Some(t) = self.r_work.pop() {
            let t = usize::from(t);
            if !self.r_present[t] {
                continue;
            }
            let rfree = |s: &Search<'_>, i: usize| {
                s.r_present[i] && s.r_cover[i] == 0 && (s.r_left[i] == 0 || s.r_right[i] == 0)
            };
            if !rfree(self, t) {
                continue;
            }
            let k = usize::from(self.class_of[t]);
            let q: [usize; 4] = if self.count[k] == 4 { self.present_members(k) } else { [usize::MAX; 4] };
            let ok = self.members[k].iter().any(|&u| {
                let u = usize::from(u);
                u != t && self.present[u] && self.may_pair(t, u, &q) && (!self.r_present[u] || rfree(self, u))
            });
            if !ok {
                continue;
            }
            // Remove t in the relaxed game.
            self.r_present[t] = false;
            left_to_clear -= 1;
            for &p in geo.below.get(t) {
                self.r_cover[usize::from(p)] -= 1;
                self.r_work.push(p);
            }
            for &p in geo.right.get(t) {
                self.r_left[usize::from(p)] -= 1;
                self.r_work.push(p);
            }
            for &p in geo.left.get(t) {
                self.r_right[usize::from(p)] -= 1;
                self.r_work.push(p);
            }
            for &u in &self.members[k] {
                if self.r_present[usize::from(u)] {
                    self.r_work.push(u);
                }
            }
        }
        left_to_clear == 0
    }

    /// The other tile of the unit whose representative is `u`, if any.
    fn partner(&self, u: usize) -> Option<usize> {
        let k = usize::from(self.class_of[u]);
        match self.count[k] {
            2 => {
                let [a, b] = self.present_members::<2>(k);
                (a == u).then_some(b)
            }
            4 if self.mask[k].count_ones() == 1 => {
                let q: [usize; 4] = self.present_members(k);
                PAIRINGS[self.mask[k].trailing_zeros() as usize]
                    .iter()
                    .find(|&&(x, _)| q[x] == u)
                    .map(|&(_, y)| q[y])
            }
            _ => None,
        }
    }

    /// Whether tile `a` must go strictly before tile `b` (its unit lies above `b`).
    #[inline]
    fn reaches(&self, a: usize, b: usize) -> bool {
        let u = usize::from(self.unit[a]);
        self.reach[u * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    /// Branches on class `k`: each pairing in `with_free` (one of its pairs is free: it is
    /// removed at once), then the other pairings together, left undecided.
    fn branch_class(&mut self, k: usize, with_free: u8) -> bool {
        let (mark, path_len) = (self.trail.len(), self.path.len());
        let m = self.mask[k];
        for i in 0..3 {
            if with_free & (1 << i) == 0 {
                continue;
            }
            self.set_mask(k, 1 << i);
            self.mark(k);
            if self.closure() && self.search() {
                return true;
            }
            self.undo_to(mark, path_len);
            if self.aborted {
                return false;
            }
        }
        let rest = m & !with_free;
        if rest != 0 {
            self.set_mask(k, rest);
            self.mark(k);
            if self.closure() && self.search() {
                return true;
            }
            self.undo_to(mark, path_len);
        }
        false
    }

    /// Move-by-move branching over classes of six or more tiles (when every four-tile class
    /// is decided).
    fn branch_big(&mut self) -> bool {
        let mut moves = Vec::new();
        for k in 0..MATCH_CLASSES {
            if self.count[k] < 6 {
                continue;
            }
            let free: Vec<usize> = self.members[k]
                .iter()
                .map(|&p| usize::from(p))
                .filter(|&p| self.free(p))
                .collect();
            for (i, &a) in free.iter().enumerate() {
                for &b in &free[i + 1..] {
                    moves.push((a, b));
                }
            }
        }
        let (mark, path_len) = (self.trail.len(), self.path.len());
        for (a, b) in moves {
            self.remove_pair(a, b);
            if self.closure() && self.search() {
                return true;
            }
            self.undo_to(mark, path_len);
            if self.aborted {
                return false;
            }
        }
        false
    }
}

/// Whether `a` lies above `b`, directly or through a chain of covering tiles.
fn above_star(geo: &Geometry, a: usize, b: usize) -> bool {
    let mut stack = vec![b];
    let mut seen = vec![b];
    while let Some(p) = stack.pop() {
        for &q in geo.above.get(p) {
            let q = usize::from(q);
            if q == a {
                return true;
            }
            if !seen.contains(&q) {
                seen.push(q);
                stack.push(q);
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::deal::{random_deal, solvable_deal};
    use crate::layout::{BuiltinLayout, Layout};
    use crate::random::rng_from_seed;
    use mahjong_tiles::Tile;

    fn replay(board: &Board, moves: &[Move]) -> bool {
        let mut b = board.clone();
        moves.iter().all(|&m| b.remove(m).is_ok()) && b.is_won()
    }

    /// Exhaustive move-by-move search, for cross-checking on small boards.
    fn brute_force(board: &mut Board) -> bool {
        if board.is_won() {
            return true;
        }
        for m in board.legal_moves() {
            board.play_unchecked(m);
            let won = brute_force(board);
            board.undo();
            if won {
                return true;
            }
        }
        false
    }

    #[test]
    fn solves_solvable_deals_of_every_builtin() {
        for layout in BuiltinLayout::ALL {
            let l = layout.layout();
            for seed in 0..3 {
                let d = solvable_deal(&l, &mut rng_from_seed(seed)).unwrap();
                match Solver::new().solve(&d.board).outcome {
                    Outcome::Winnable(s) => assert!(replay(&d.board, &s), "{layout} {seed}"),
                    other => panic!("{layout} seed {seed}: {other:?}"),
                }
            }
        }
    }

    #[test]
    fn agrees_with_brute_force_on_small_boards() {
        let l: Layout = "0 0: 0-10\n0 2: 0-10\n1 1: 3-7\n2 1: 5\n0 6: 0-2\n".parse().unwrap();
        assert_eq!(l.len(), 18);
        let mut wins = 0;
        for seed in 0..300 {
            let mut rng = rng_from_seed(seed);
            // Tiles: nine pairs drawn from few kinds so that kinds have four tiles.
            let mut tiles: Vec<Tile> = "1111222233334444 55m".replace(' ', "").chars()
                .map(|c| format!("{c}m").parse().unwrap()).collect();
            crate::random::shuffle(&mut rng, &mut tiles);
            let board = Board::new(&l, tiles).unwrap();
            let expected = brute_force(&mut board.clone());
            let outcome = Solver::new().solve(&board).outcome;
            assert_eq!(outcome.winnable(), Some(expected), "seed {seed}");
            if let Outcome::Winnable(s) = outcome {
                assert!(replay(&board, &s));
                wins += 1;
            }
        }
        assert!(wins > 30 && wins < 300, "{wins}");
    }

    #[test]
    fn random_turtle_deals_are_decided() {
        let l = BuiltinLayout::Turtle.layout();
        for seed in 0..20 {
            let board = random_deal(&l, &mut rng_from_seed(seed));
            let solve = Solver::new().solve(&board);
            match solve.outcome {
                Outcome::Winnable(s) => assert!(replay(&board, &s)),
                Outcome::Unwinnable => {}
                Outcome::Unknown => panic!("seed {seed} undecided"),
            }
        }
    }

    #[test]
    fn odd_classes_and_budget() {
        let l: Layout = "0 0: 0-2\n".parse().unwrap();
        let t = |s: &str| s.parse::<Tile>().unwrap();
        let b = Board::new(&l, vec![t("1m"), t("2m")]).unwrap();
        assert_eq!(Solver::new().solve(&b).outcome, Outcome::Unwinnable);
        let board = random_deal(&BuiltinLayout::Turtle.layout(), &mut rng_from_seed(0));
        assert_eq!(Solver::new().budget(0).solve(&board).outcome, Outcome::Unknown);
    }
}
