//! The generator's proof engine for grids above 9×9: a conflict-driven clause-learning
//! (CDCL) search on the boolean encoding of the rules, with the givens as *assumptions*.
//!
//! Variable `cell·N + d` says "cell holds digit `d + 1`". The rules are clauses that never
//! change: every cell holds a digit, every house holds every digit (both as long clauses),
//! a cell holds at most one digit and two peers never hold the same digit (binary clauses,
//! implicit: they are applied directly when a variable becomes true). The givens of a query,
//! and the struck value, are assumptions decided first. Every clause learned from a conflict
//! is implied by the rules alone (the assumptions enter it as literals), so it stays valid
//! for every later query: the proofs of the removal loop share what they learn.
//!
//! The search is exact: "no solution" means the assumptions contradict the rules.

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

const UNDEF: u8 = 2;

/// Why a literal is true.
#[derive(Clone, Copy, Debug)]
enum Reason {
    /// A decision or an assumption.
    None,
    /// The implicit binary clause `¬l ∨ this` with `l` true.
    Bin(u32),
    /// A stored clause.
    Clause(u32),
}

/// Clause header words in [`Sat::arena`]: the length, then the LBD with [`LEARNT`] set for
/// a learned clause; the literals follow.
const HEADER: usize = 2;
const LEARNT: u32 = 1 << 31;

/// The engine for one geometry. See the [module documentation](self).
#[derive(Clone, Debug)]
pub(super) struct Sat {
    pub(super) geo: Arc<Geometry>,
    n: usize,
    vars: usize,
    peers: Vec<Vec<u16>>,
    /// Every clause, stored inline (header then literals), named by its offset: one memory
    /// access reaches its literals.
    arena: Vec<u32>,
    /// Clauses watching each literal (visited when it becomes false), each with a
    /// *blocker*, another literal of the clause: when it is true the clause is skipped
    /// without being read.
    watches: Vec<Vec<(u32, u32)>>,
    assign: Vec<u8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<u32>,
    trail_lim: Vec<usize>,
    qhead: usize,
    activity: Vec<f64>,
    inc: f64,
    heap: Vec<u32>,
    /// Position of each variable in `heap` (`u32::MAX`: absent).
    pos: Vec<u32>,
    phase: Vec<bool>,
    seen: Vec<bool>,
    nodes: u64,
    learnts: usize,
    found: Vec<u8>,
}

#[inline]
fn var(l: u32) -> usize {
    (l >> 1) as usize
}

#[inline]
fn pos_lit(v: usize) -> u32 {
    (v as u32) << 1
}

impl Sat {
    /// The engine for `geo`.
    pub(super) fn new(geo: Arc<Geometry>) -> Sat {
        let n = geo.size();
        let cells = geo.cell_count();
        let vars = cells * n;
        let mut s = Sat {
            n,
            vars,
            peers: (0..cells)
                .map(Cell::new)
                .map(|c| geo.peers(c).iter().map(|&p| u16::from(p)).collect())
                .collect(),
            arena: Vec::new(),
            watches: vec![Vec::new(); 2 * vars],
            assign: vec![UNDEF; vars],
            level: vec![0; vars],
            reason: vec![Reason::None; vars],
            trail: Vec::with_capacity(vars),
            trail_lim: Vec::new(),
            qhead: 0,
            activity: vec![0.0; vars],
            inc: 1.0,
            heap: Vec::with_capacity(vars),
            pos: vec![u32::MAX; vars],
            phase: vec![false; vars],
            seen: vec![false; vars],
            nodes: 0,
            learnts: 0,
            found: vec![0; cells],
            geo,
        };
        for c in 0..cells {
            let lits = (0..n).map(|d| pos_lit(c * n + d)).collect();
            s.add_clause(lits, false, 0);
        }
        for h in s.geo.houses() {
            for d in 0..n {
                let lits = s
                    .geo
                    .house(h)
                    .iter()
                    .map(|&c| pos_lit(c.index() * n + d))
                    .collect();
                s.add_clause(lits, false, 0);
            }
        }
        for v in 0..vars {
            s.heap_insert(v);
        }
        s
    }

    /// The search nodes of the last search (one past its limit when the limit stopped it).
    pub(super) fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The solution found by the last query that answered `Ok(true)`.
    pub(super) fn found(&self) -> &[u8] {
        &self.found
    }

    /// The literals of the clause at offset `id`.
    #[inline]
    fn lits(&self, id: u32) -> &[u32] {
        let id = id as usize;
        &self.arena[id + HEADER..id + HEADER + self.arena[id] as usize]
    }

    fn add_clause(&mut self, lits: Vec<u32>, learnt: bool, lbd: u32) -> u32 {
        let id = self.arena.len() as u32;
        self.watches[lits[0] as usize].push((id, lits[1]));
        self.watches[lits[1] as usize].push((id, lits[0]));
        self.arena.push(lits.len() as u32);
        self.arena.push(if learnt { lbd | LEARNT } else { lbd });
        self.arena.extend_from_slice(&lits);
        id
    }

    #[inline]
    fn value(&self, l: u32) -> u8 {
        let a = self.assign[var(l)];
        if a == UNDEF { UNDEF } else { a ^ (l as u8 & 1) }
    }

    #[inline]
    fn enqueue(&mut self, l: u32, reason: Reason) {
        let v = var(l);
        self.assign[v] = (l as u8 & 1) ^ 1;
        self.level[v] = self.trail_lim.len() as u32;
        self.reason[v] = reason;
        self.trail.push(l);
    }

    /// Unit propagation; the conflicting clause's literals (all false) on a conflict.
    fn propagate(&mut self, conflict: &mut Vec<u32>) -> bool {
        let n = self.n;
        while self.qhead < self.trail.len() {
            let p = self.trail[self.qhead];
            self.qhead += 1;
            if p & 1 == 0 {
                // x(c, d) true: the other digits of c and d in the peers become false.
                let v = var(p);
                let (c, d) = (v / n, v % n);
                for e in 0..n {
                    if e != d && !self.imply(pos_lit(c * n + e) | 1, p, conflict) {
                        return false;
                    }
                }
                for i in 0..self.peers[c].len() {
                    let q = self.peers[c][i] as usize;
                    if !self.imply(pos_lit(q * n + d) | 1, p, conflict) {
                        return false;
                    }
                }
            }
            // Clauses watching ¬p (now false).
            let falsified = p ^ 1;
            let mut ws = core::mem::take(&mut self.watches[falsified as usize]);
            let mut i = 0;
            let mut ok = true;
            while i < ws.len() {
                let (id, blocker) = ws[i];
                let b = self.assign[var(blocker)];
                if b != UNDEF && (b ^ (blocker as u8 & 1)) == 1 {
                    i += 1;
                    continue;
                }
                let id = id as usize;
                let len = self.arena[id] as usize;
                let lits = &mut self.arena[id + HEADER..id + HEADER + len];
                if lits[0] == falsified {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                let a0 = self.assign[var(first)];
                if a0 != UNDEF && (a0 ^ (first as u8 & 1)) == 1 {
                    ws[i].1 = first;
                    i += 1;
                    continue;
                }
                // A new literal to watch.
                let mut moved = false;
                for k in 2..lits.len() {
                    let l = lits[k];
                    let a = self.assign[var(l)];
                    if a == UNDEF || (a ^ (l as u8 & 1)) == 1 {
                        lits.swap(1, k);
                        self.watches[lits[1] as usize].push((id as u32, first));
                        ws.swap_remove(i);
                        moved = true;
                        break;
                    }
                }
                if moved {
                    continue;
                }
                if a0 == UNDEF {
                    self.enqueue(first, Reason::Clause(id as u32));
                    i += 1;
                } else {
                    conflict.clear();
                    conflict.extend_from_slice(self.lits(id as u32));
                    ok = false;
                    break;
                }
            }
            self.watches[falsified as usize] = ws;
            if !ok {
                return false;
            }
        }
        true
    }

    /// Makes `l` true because `by` is true (the binary clause `¬by ∨ l`).
    #[inline]
    fn imply(&mut self, l: u32, by: u32, conflict: &mut Vec<u32>) -> bool {
        match self.value(l) {
            1 => true,
            0 => {
                conflict.clear();
                conflict.push(l);
                conflict.push(by ^ 1);
                false
            }
            _ => {
                self.enqueue(l, Reason::Bin(by));
                true
            }
        }
    }

    fn bump(&mut self, v: usize) {
        self.activity[v] += self.inc;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.inc *= 1e-100;
        }
        if self.pos[v] != u32::MAX {
            self.heap_up(self.pos[v] as usize);
        }
    }

    /// First-UIP learning: the learned clause (asserting literal first) and the level to
    /// jump back to. Literals of the assumption levels (`1..=assumed`) are replaced by the
    /// assumptions they follow from, which keeps learned clauses short (a given implies
    /// dozens of false literals) and still implied by the rules alone.
    fn analyze(&mut self, conflict: &[u32], learnt: &mut Vec<u32>, assumed: u32) -> u32 {
        let current = self.trail_lim.len() as u32;
        learnt.clear();
        learnt.push(0);
        let mut marked: Vec<usize> = Vec::new();
        let mut stack: Vec<usize> = Vec::new();
        let mut pending = 0;
        let mut reason_lits: Vec<u32> = conflict.to_vec();
        let mut idx = self.trail.len();
        let mut p: Option<u32> = None;
        loop {
            for &q in &reason_lits {
                if Some(q) == p {
                    continue;
                }
                let v = var(q);
                if self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                self.seen[v] = true;
                marked.push(v);
                self.bump(v);
                if self.level[v] >= current {
                    pending += 1;
                } else if self.level[v] > assumed {
                    learnt.push(q);
                } else {
                    // Back to the assumptions.
                    stack.push(v);
                    while let Some(u) = stack.pop() {
                        match self.reason[u] {
                            Reason::None => {
                                learnt.push(if self.assign[u] == 1 {
                                    pos_lit(u) | 1
                                } else {
                                    pos_lit(u)
                                });
                            }
                            Reason::Bin(by) => {
                                let w = var(by);
                                if !self.seen[w] && self.level[w] > 0 {
                                    self.seen[w] = true;
                                    marked.push(w);
                                    stack.push(w);
                                }
                            }
                            Reason::Clause(id) => {
                                let id = id as usize;
                                let end = id + HEADER + self.arena[id] as usize;
                                for k in id + HEADER..end {
                                    let l = self.arena[k];
                                    let w = var(l);
                                    if w != u && !self.seen[w] && self.level[w] > 0 {
                                        self.seen[w] = true;
                                        marked.push(w);
                                        stack.push(w);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            // The next literal of the current level on the trail.
            loop {
                idx -= 1;
                if self.seen[var(self.trail[idx])] && self.level[var(self.trail[idx])] >= current {
                    break;
                }
            }
            let lit = self.trail[idx];
            pending -= 1;
            if pending == 0 {
                learnt[0] = lit ^ 1;
                break;
            }
            p = Some(lit);
            reason_lits.clear();
            match self.reason[var(lit)] {
                Reason::Bin(by) => {
                    reason_lits.push(lit);
                    reason_lits.push(by ^ 1);
                }
                Reason::Clause(id) => reason_lits.extend_from_slice(self.lits(id)),
                Reason::None => unreachable!("a decision above the UIP"),
            }
        }
        for v in marked {
            self.seen[v] = false;
        }
        self.inc *= 1.0 / 0.95;
        // The backjump level: the highest level among the other literals, placed second.
        let mut back = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for i in 1..learnt.len() {
                if self.level[var(learnt[i])] > self.level[var(learnt[best])] {
                    best = i;
                }
            }
            learnt.swap(1, best);
            back = self.level[var(learnt[1])];
        }
        back
    }

    fn cancel_until(&mut self, level: usize) {
        if self.trail_lim.len() > level {
            let start = self.trail_lim[level];
            for i in (start..self.trail.len()).rev() {
                let l = self.trail[i];
                let v = var(l);
                self.phase[v] = l & 1 == 0;
                self.assign[v] = UNDEF;
                if self.pos[v] == u32::MAX {
                    self.heap_insert(v);
                }
            }
            self.trail.truncate(start);
            self.trail_lim.truncate(level);
            self.qhead = start;
        }
    }

    /// Drops the less useful half of the learned clauses (at level 0 only, so no learned
    /// clause is the reason of an assignment).
    fn reduce(&mut self) {
        let mut lbds: Vec<u32> = Vec::new();
        let mut o = 0;
        while o < self.arena.len() {
            let h = self.arena[o + 1];
            if h & LEARNT != 0 {
                lbds.push(h & !LEARNT);
            }
            o += HEADER + self.arena[o] as usize;
        }
        lbds.sort_unstable();
        let cut = lbds[lbds.len() / 2].max(3);
        let mut map = vec![u32::MAX; self.arena.len()];
        let old = core::mem::take(&mut self.arena);
        let mut kept = Vec::with_capacity(old.len());
        let mut learnts = 0;
        let mut o = 0;
        while o < old.len() {
            let len = old[o] as usize;
            let h = old[o + 1];
            let learnt = h & LEARNT != 0;
            if !learnt || (h & !LEARNT) < cut || len <= 2 {
                map[o] = kept.len() as u32;
                kept.extend_from_slice(&old[o..o + HEADER + len]);
                learnts += usize::from(learnt);
            }
            o += HEADER + len;
        }
        self.arena = kept;
        self.learnts = learnts;
        for w in &mut self.watches {
            w.retain_mut(|(id, _)| {
                let m = map[*id as usize];
                *id = m;
                m != u32::MAX
            });
        }
        for v in 0..self.vars {
            if let Reason::Clause(id) = self.reason[v] {
                self.reason[v] = if map[id as usize] == u32::MAX {
                    Reason::None
                } else {
                    Reason::Clause(map[id as usize])
                };
            }
        }
    }

    /// Is there a solution of the givens `cells` (0 = empty) that does not put `strike` in
    /// cell `at`? `known` (a solution) sets the preferred phases of new variables' first
    /// decisions. Stops after `limit` decisions or soon after `cancel` is raised.
    pub(super) fn solution_avoiding(
        &mut self,
        cells: &[u8],
        at: usize,
        strike: u8,
        known: &[u8],
        limit: u64,
        cancel: Option<&AtomicBool>,
    ) -> Result<bool, Stop> {
        let n = self.n;
        self.cancel_until(0);
        if self.learnts > 20_000 {
            self.reduce();
        }
        for (c, &v) in known.iter().enumerate() {
            for d in 0..n {
                self.phase[c * n + d] = v as usize == d + 1;
            }
        }
        let mut assumptions: Vec<u32> = Vec::new();
        for (c, &v) in cells.iter().enumerate() {
            if v != 0 {
                assumptions.push(pos_lit(c * n + v as usize - 1));
            }
        }
        if strike > 0 {
            assumptions.push(pos_lit(at * n + strike as usize - 1) | 1);
        }
        self.nodes = 0;
        let mut conflict = Vec::new();
        let mut learnt = Vec::new();
        let mut conflicts: u64 = 0;
        let mut restart_at = 100u64;
        let mut luby_i = 1u64;
        // Propagation rounds, conflicts included: the cancel flag is looked at every 16 (a
        // decision can be followed by many conflicts).
        let mut rounds = 0u32;
        let result = loop {
            rounds = rounds.wrapping_add(1);
            if rounds & 15 == 0 && cancel.is_some_and(|c| c.load(Ordering::Relaxed)) {
                break Err(Stop::Cancelled);
            }
            if !self.propagate(&mut conflict) {
                conflicts += 1;
                if self.trail_lim.is_empty() {
                    break Ok(false);
                }
                let assumed = (assumptions.len() as u32).min(self.trail_lim.len() as u32 - 1);
                let back = self.analyze(&conflict, &mut learnt, assumed);
                // LBD: distinct levels in the clause.
                let mut levels: Vec<u32> = learnt.iter().map(|&l| self.level[var(l)]).collect();
                levels.sort_unstable();
                levels.dedup();
                self.cancel_until(back as usize);
                if learnt.len() == 1 {
                    self.enqueue(learnt[0], Reason::None);
                } else {
                    let id = self.add_clause(learnt.clone(), true, levels.len() as u32);
                    self.learnts += 1;
                    self.enqueue(learnt[0], Reason::Clause(id));
                }
                continue;
            }
            if conflicts >= restart_at {
                luby_i += 1;
                restart_at = conflicts + 100 * luby(luby_i);
                // Keep the assumptions.
                self.cancel_until(assumptions.len());
                continue;
            }
            // The next assumption, or a decision.
            let mut next = None;
            while self.trail_lim.len() < assumptions.len() {
                let a = assumptions[self.trail_lim.len()];
                match self.value(a) {
                    1 => self.trail_lim.push(self.trail.len()),
                    0 => break,
                    _ => {
                        next = Some(a);
                        break;
                    }
                }
            }
            if next.is_none() && self.trail_lim.len() < assumptions.len() {
                // An assumption is false: the givens contradict the rules.
                break Ok(false);
            }
            if next.is_none() {
                let v = loop {
                    match self.heap_pop() {
                        None => break None,
                        Some(v) if self.assign[v] == UNDEF => break Some(v),
                        Some(_) => {}
                    }
                };
                let Some(v) = v else {
                    for c in 0..self.found.len() {
                        let d = (0..n).find(|&d| self.assign[c * n + d] == 1).unwrap_or(0);
                        self.found[c] = d as u8 + 1;
                    }
                    break Ok(true);
                };
                self.nodes += 1;
                if self.nodes > limit {
                    break Err(Stop::Budget);
                }
                // A cell's decision is a placement: the digit its saved phase prefers when
                // that one is still open, else the variable's own phase.
                let c = v / n;
                let preferred =
                    (c * n..c * n + n).find(|&u| self.phase[u] && self.assign[u] == UNDEF);
                next = Some(match preferred {
                    Some(u) if !self.phase[v] => {
                        self.heap_insert(v);
                        pos_lit(u)
                    }
                    _ if self.phase[v] => pos_lit(v),
                    _ => pos_lit(v) | 1,
                });
            }
            self.trail_lim.push(self.trail.len());
            let l = next.unwrap_or_else(|| unreachable!());
            self.enqueue(l, Reason::None);
        };
        self.cancel_until(0);
        result
    }

    fn heap_less(&self, a: u32, b: u32) -> bool {
        self.activity[a as usize] > self.activity[b as usize]
    }

    fn heap_insert(&mut self, v: usize) {
        self.pos[v] = self.heap.len() as u32;
        self.heap.push(v as u32);
        self.heap_up(self.heap.len() - 1);
    }

    fn heap_up(&mut self, mut i: usize) {
        let x = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            if !self.heap_less(x, self.heap[parent]) {
                break;
            }
            self.heap[i] = self.heap[parent];
            self.pos[self.heap[i] as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = x;
        self.pos[x as usize] = i as u32;
    }

    fn heap_pop(&mut self) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().unwrap_or_else(|| unreachable!());
        self.pos[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            let mut i = 0;
            let len = self.heap.len();
            loop {
                let (l, r) = (2 * i + 1, 2 * i + 2);
                let mut m = i;
                if l < len && self.heap_less(self.heap[l], self.heap[m]) {
                    m = l;
                }
                if r < len && self.heap_less(self.heap[r], self.heap[m]) {
                    m = r;
                }
                if m == i {
                    break;
                }
                self.heap.swap(i, m);
                self.pos[self.heap[i] as usize] = i as u32;
                self.pos[self.heap[m] as usize] = m as u32;
                i = m;
            }
        }
        Some(top as usize)
    }
}

/// The Luby sequence (1, 1, 2, 1, 1, 2, 4, …), `i` from 1.
fn luby(i: u64) -> u64 {
    let mut k = 1u32;
    while (1u64 << k) - 1 < i {
        k += 1;
    }
    if (1u64 << k) - 1 == i {
        1u64 << (k - 1)
    } else {
        luby(i - ((1u64 << (k - 1)) - 1))
    }
}
