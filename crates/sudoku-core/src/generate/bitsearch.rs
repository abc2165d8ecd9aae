//! The generator's first proof engine for grids above 16×16: a depth-first search on candidate
//! bitmasks (one `u32` per cell, so any side up to 32) with strong propagation at every
//! node: naked singles, hidden singles, and locked candidates between any two houses that
//! share at least two cells (pointing and claiming for boxes and lines). It branches on the
//! cell with the fewest candidates, trying the value of a preferred grid (the known
//! solution) first, so that a second solution, usually close to the first, is found early,
//! and a refutation explores a tree pruned by every deduction.
//!
//! Every deduction is sound (it removes only candidates no solution uses), so the search is
//! exact: it finds a solution if and only if there is one.

use core::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use crate::cell::Cell;
use crate::geometry::Geometry;

/// Why a search stopped without an answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stop {
    /// The node limit ran out.
    Budget,
    /// The cancel flag was raised.
    Cancelled,
}

/// Two houses sharing at least two cells, but not all: the cells of the first outside the
/// intersection, the intersection, the cells of the second outside it.
#[derive(Clone, Debug)]
struct Pair {
    rest1: Vec<u16>,
    inter: Vec<u16>,
    rest2: Vec<u16>,
}

/// Where propagation met a contradiction.
#[derive(Clone, Copy, Debug)]
pub(super) enum Blame {
    Cell(u16),
    House(u16),
}

/// The geometry's structure, fixed for the engine's life, and the propagation on it (also
/// used by the candidate logic of [`super::logic`]).
#[derive(Clone, Debug)]
pub(super) struct Tables {
    all: u32,
    cells: usize,
    houses: Vec<Vec<u16>>,
    houses_of: Vec<Vec<u16>>,
    peers: Vec<Vec<u16>>,
    pairs: Vec<Pair>,
}

/// The search engine: tables for one geometry and reusable buffers.
#[derive(Clone, Debug)]
pub(super) struct BitSearch {
    pub(super) geo: Arc<Geometry>,
    t: Tables,
    /// One candidate array per search depth, `cells` entries each.
    stack: Vec<u32>,
    /// Cells that became single and must be removed from their peers.
    queue: Vec<u16>,
    nodes: u64,
    limit: u64,
    /// Contradictions met in each house (plus one), across searches: the branching cell
    /// minimises candidates divided by the weight of its houses (dom/wdeg).
    weight: Vec<u32>,
    /// The solution found by the last successful search.
    found: Vec<u8>,
}

/// Removes `mask` from `cand[p]`; `false` on an empty cell. A cell left with one candidate
/// joins the queue.
#[inline]
fn eliminate(cand: &mut [u32], queue: &mut Vec<u16>, p: u16, mask: u32) -> bool {
    let c = &mut cand[p as usize];
    if *c & mask != 0 {
        *c &= !mask;
        if *c == 0 {
            return false;
        }
        if *c & (*c - 1) == 0 {
            queue.push(p);
        }
    }
    true
}

impl Tables {
    pub(super) fn new(geo: &Geometry) -> Tables {
        let n = geo.size();
        let cells = geo.cell_count();
        let houses: Vec<Vec<u16>> = geo
            .houses()
            .map(|h| geo.house(h).iter().map(|&c| u16::from(c)).collect())
            .collect();
        let mut pairs = Vec::new();
        for (h1, a) in houses.iter().enumerate() {
            for (h2, b) in houses.iter().enumerate() {
                if h1 == h2 {
                    continue;
                }
                let inter: Vec<u16> = a.iter().copied().filter(|c| b.contains(c)).collect();
                if inter.len() >= 2 && inter.len() < n {
                    pairs.push(Pair {
                        rest1: a.iter().copied().filter(|c| !inter.contains(c)).collect(),
                        rest2: b.iter().copied().filter(|c| !inter.contains(c)).collect(),
                        inter,
                    });
                }
            }
        }
        Tables {
            all: if n >= 32 { u32::MAX } else { (1u32 << n) - 1 },
            cells,
            houses,
            houses_of: (0..cells)
                .map(Cell::new)
                .map(|c| geo.houses_of(c).iter().map(|h| h.index() as u16).collect())
                .collect(),
            peers: (0..cells)
                .map(Cell::new)
                .map(|c| geo.peers(c).iter().map(|&p| u16::from(p)).collect())
                .collect(),
            pairs,
        }
    }

    /// Propagates to a fixed point; `false` on a contradiction. Every cell in `queue` is a
    /// single whose value has not yet been removed from its peers.
    pub(super) fn propagate(
        &self,
        cand: &mut [u32],
        queue: &mut Vec<u16>,
        blame: &mut Blame,
    ) -> bool {
        loop {
            // Naked singles.
            while let Some(k) = queue.pop() {
                let m = cand[k as usize];
                for &p in &self.peers[k as usize] {
                    if !eliminate(cand, queue, p, m) {
                        *blame = Blame::Cell(p);
                        return false;
                    }
                }
            }
            // Hidden singles: a value with one place in a house goes there.
            for (h, house) in self.houses.iter().enumerate() {
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in house {
                    let m = cand[c as usize];
                    twice |= once & m;
                    once |= m;
                }
                if once != self.all {
                    *blame = Blame::House(h as u16);
                    return false;
                }
                let single = once & !twice;
                if single == 0 {
                    continue;
                }
                for &c in house {
                    let cur = cand[c as usize];
                    let m = cur & single;
                    if m != 0 && cur != m {
                        if m & (m - 1) != 0 {
                            *blame = Blame::House(h as u16);
                            return false;
                        }
                        cand[c as usize] = m;
                        queue.push(c);
                    }
                }
            }
            if !queue.is_empty() {
                continue;
            }
            // Locked candidates: a value confined to the intersection within one house
            // leaves the rest of the other.
            let mut changed = false;
            for p in &self.pairs {
                let inside = p.inter.iter().fold(0, |a, &c| a | cand[c as usize]);
                let outside = p.rest1.iter().fold(0, |a, &c| a | cand[c as usize]);
                let locked = inside & !outside;
                if locked == 0 {
                    continue;
                }
                for &c in &p.rest2 {
                    let before = cand[c as usize];
                    if !eliminate(cand, queue, c, locked) {
                        *blame = Blame::Cell(c);
                        return false;
                    }
                    changed |= before != cand[c as usize];
                }
            }
            if !changed {
                return true;
            }
        }
    }
}

impl BitSearch {
    /// The engine for `geo` (side at most 32).
    pub(super) fn new(geo: Arc<Geometry>) -> BitSearch {
        debug_assert!(geo.size() <= 32);
        let t = Tables::new(&geo);
        let cells = t.cells;
        let houses = t.houses.len();
        BitSearch {
            geo,
            t,
            stack: vec![0; cells * 8],
            queue: Vec::with_capacity(cells),
            nodes: 0,
            limit: u64::MAX,
            weight: vec![1; houses],
            found: vec![0; cells],
        }
    }

    /// The search nodes of the last search (one past its limit when the limit stopped it).
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The solution found by the last search that answered `Ok(true)`.
    pub(super) fn found(&self) -> &[u8] {
        &self.found
    }

    /// Is there a solution of the givens `cells` (0 = empty) that does not put `strike` in
    /// cell `at`? `known` must be a complete solution of `cells` (with `strike` at `at`). Stops after `limit` branches, or soon
    /// after `cancel` is raised.
    pub(super) fn solution_avoiding(
        &mut self,
        cells: &[u8],
        at: usize,
        strike: u8,
        known: &[u8],
        limit: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<bool, Stop> {
        let all = self.t.all;
        self.queue.clear();
        for (k, &v) in cells.iter().enumerate() {
            let mut m = if v == 0 { all } else { 1u32 << (v - 1) };
            if k == at && strike > 0 {
                m &= !(1u32 << (strike - 1));
            }
            if m == 0 {
                return Ok(false);
            }
            if m & (m - 1) == 0 {
                self.queue.push(k as u16);
            }
            self.stack[k] = m;
        }
        self.nodes = 0;
        self.limit = limit;
        self.node(0, known, cancel)
    }

    /// One search node at `depth`: propagate, then branch on the open obligation with the
    /// fewest options. `known` is a solution of the givens without the struck value; a
    /// solution sought differs from it, and only where the differences force it: a cell
    /// that lost its `known` value must take another one (branch on its values), a house
    /// whose `known` cell for a digit lost that digit must place it elsewhere (branch on the
    /// digit's places in the house). With no open obligation, the placed cells and `known`
    /// everywhere else form a solution.
    fn node(
        &mut self,
        depth: usize,
        known: &[u8],
        cancel: Option<&AtomicBool>,
    ) -> Result<bool, Stop> {
        let cells = self.t.cells;
        let base = depth * cells;
        let mut blame = Blame::House(0);
        if !self.t.propagate(
            &mut self.stack[base..base + cells],
            &mut self.queue,
            &mut blame,
        ) {
            self.queue.clear();
            match blame {
                Blame::Cell(c) => {
                    for &h in &self.t.houses_of[c as usize] {
                        self.weight[h as usize] += 1;
                    }
                }
                Blame::House(h) => self.weight[h as usize] += 1,
            }
            return Ok(false);
        }
        let cand = &self.stack[base..base + cells];
        let bit_of = |k: usize| 1u32 << (known[k] - 1);
        // The best open obligation: (options, weight, cell or house-digit).
        let mut best: Option<(u32, u32, Branch)> = None;
        let mut better = |count: u32, w: u32, b: Branch| {
            if best.is_none_or(|(c0, w0, _)| {
                u64::from(count) * u64::from(w0) < u64::from(c0) * u64::from(w)
            }) {
                best = Some((count, w, b));
            }
        };
        for (k, &m) in cand.iter().enumerate() {
            if m & (m - 1) != 0 && m & bit_of(k) == 0 {
                let w = self.t.houses_of[k]
                    .iter()
                    .map(|&h| self.weight[h as usize])
                    .sum();
                better(m.count_ones(), w, Branch::Cell(k as u16));
            }
        }
        for (h, house) in self.t.houses.iter().enumerate() {
            let (mut placed, mut kept) = (0u32, 0u32);
            for &c in house {
                let m = cand[c as usize];
                if m & (m - 1) == 0 {
                    placed |= m;
                }
                kept |= m & bit_of(c as usize);
            }
            let mut open = self.t.all & !placed & !kept;
            while open != 0 {
                let d = open & open.wrapping_neg();
                open &= !d;
                let count = house.iter().filter(|&&c| cand[c as usize] & d != 0).count() as u32;
                better(
                    count,
                    self.weight[h] * 3,
                    Branch::Digit(h as u16, d.trailing_zeros() as u8),
                );
            }
        }
        let Some((_, _, branch)) = best else {
            for (k, &m) in cand.iter().enumerate() {
                self.found[k] = if m & (m - 1) == 0 {
                    m.trailing_zeros() as u8 + 1
                } else {
                    known[k]
                };
            }
            return Ok(true);
        };
        if self.stack.len() < base + 2 * cells {
            self.stack.resize(base + 2 * cells, 0);
        }
        // The children: (cell, value bit) placements.
        let mut options: Vec<(u16, u32)> = Vec::new();
        match branch {
            Branch::Cell(k) => {
                let mut m = self.stack[base + k as usize];
                while m != 0 {
                    let b = m & m.wrapping_neg();
                    m &= !b;
                    options.push((k, b));
                }
            }
            Branch::Digit(h, d) => {
                let b = 1u32 << d;
                for &c in &self.t.houses[h as usize] {
                    if self.stack[base + c as usize] & b != 0 {
                        options.push((c, b));
                    }
                }
            }
        }
        for (k, b) in options {
            self.nodes += 1;
            if self.nodes > self.limit {
                return Err(Stop::Budget);
            }
            if self.nodes & 63 == 0 && cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                return Err(Stop::Cancelled);
            }
            self.stack.copy_within(base..base + cells, base + cells);
            self.stack[base + cells + k as usize] = b;
            self.queue.clear();
            self.queue.push(k);
            if self.node(depth + 1, known, cancel)? {
                return Ok(true);
            }
        }
        Ok(false)
    }
}

/// What a node branches on.
#[derive(Clone, Copy, Debug)]
enum Branch {
    /// The values of a cell.
    Cell(u16),
    /// The places of a digit (bit index) in a house.
    Digit(u16, u8),
}
