//! Candidate logic for the uniqueness test on grids up to 16×16: naked and hidden singles
//! and locked candidates on the givens, with the removed cell's solution value struck. It
//! often decides alone; otherwise it hands the dancing-links search its deductions.

use std::sync::Arc;

use crate::geometry::Geometry;

/// What the logic found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Outcome {
    /// No solution.
    Contradiction,
    /// Every cell placed (a solution).
    Solved,
    /// Stuck: the reduced problem is in [`Logic::reduced`].
    Open,
}

/// Two houses sharing at least two cells: the cells of the first outside the
/// intersection, the intersection, the cells of the second outside it.
#[derive(Clone, Debug)]
struct Pair {
    rest1: Vec<u16>,
    inter: Vec<u16>,
    rest2: Vec<u16>,
}

/// The propagation state and the geometry's house structure.
#[derive(Clone, Debug)]
pub(super) struct Logic {
    pub(super) geo: Arc<Geometry>,
    all: u32,
    pairs: Vec<Pair>,
    cand: Vec<u32>,
    /// The cell's single value was removed from its peers.
    done: Vec<bool>,
    placed: Vec<u8>,
    excluded: Vec<(usize, u8)>,
}

impl Logic {
    pub(super) fn new(geo: Arc<Geometry>) -> Logic {
        let n = geo.size();
        let cells = geo.cell_count();
        let mut pairs = Vec::new();
        for h1 in 0..geo.house_count() {
            for h2 in 0..geo.house_count() {
                if h1 == h2 {
                    continue;
                }
                let (a, b) = (geo.house(h1), geo.house(h2));
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
        Logic {
            all: if n >= 32 { u32::MAX } else { (1u32 << n) - 1 },
            pairs,
            cand: vec![0; cells],
            done: vec![false; cells],
            placed: vec![0; cells],
            excluded: Vec::new(),
            geo,
        }
    }

    /// Propagates the givens of `cells` with value `strike` removed from cell `at`.
    pub(super) fn run(&mut self, cells: &[u8], at: usize, strike: u8) -> Outcome {
        for (k, &v) in cells.iter().enumerate() {
            self.cand[k] = if v == 0 { self.all } else { 1 << (v - 1) };
            self.done[k] = false;
        }
        if let Some(c) = self.cand.get_mut(at)
            && strike > 0
        {
            *c &= !(1 << (strike - 1));
        }
        self.propagate()
    }

    /// Naked and hidden singles, locked candidates, to a fixed point.
    fn propagate(&mut self) -> Outcome {
        let geo = &*self.geo;
        loop {
            let mut changed = false;
            // Naked singles: a cell with one candidate removes it from its peers.
            for k in 0..self.cand.len() {
                let m = self.cand[k];
                if m == 0 {
                    return Outcome::Contradiction;
                }
                if self.done[k] || m & (m - 1) != 0 {
                    continue;
                }
                self.done[k] = true;
                changed = true;
                for &h in geo.houses_of(k) {
                    for &p in geo.house(h as usize) {
                        let p = p as usize;
                        if p != k {
                            self.cand[p] &= !m;
                            if self.cand[p] == 0 {
                                return Outcome::Contradiction;
                            }
                        }
                    }
                }
            }
            // Hidden singles: a value with one place in a house goes there.
            for h in 0..geo.house_count() {
                let (mut once, mut twice) = (0u32, 0u32);
                for &c in geo.house(h) {
                    let m = self.cand[c as usize];
                    twice |= once & m;
                    once |= m;
                }
                if once != self.all {
                    return Outcome::Contradiction;
                }
                let single = once & !twice;
                if single == 0 {
                    continue;
                }
                for &c in geo.house(h) {
                    let c = c as usize;
                    let m = self.cand[c] & single;
                    if m != 0 && self.cand[c] != m {
                        if m & (m - 1) != 0 {
                            // Two values that each have only this cell.
                            return Outcome::Contradiction;
                        }
                        self.cand[c] = m;
                        changed = true;
                    }
                }
            }
            // Locked candidates: a value confined to the intersection within one
            // house leaves the rest of the other.
            for p in &self.pairs {
                let inside = p.inter.iter().fold(0, |a, &c| a | self.cand[c as usize]);
                let outside = p.rest1.iter().fold(0, |a, &c| a | self.cand[c as usize]);
                let locked = inside & !outside;
                if locked == 0 {
                    continue;
                }
                for &c in &p.rest2 {
                    let m = &mut self.cand[c as usize];
                    if *m & locked != 0 {
                        *m &= !locked;
                        if *m == 0 {
                            return Outcome::Contradiction;
                        }
                        changed = true;
                    }
                }
            }
            if !changed {
                break;
            }
        }
        if self.cand.iter().all(|&m| m & (m - 1) == 0) {
            Outcome::Solved
        } else {
            Outcome::Open
        }
    }

    /// After [`Outcome::Open`]: the placed cells (0 elsewhere) and the placements ruled
    /// out in the others.
    pub(super) fn reduced(&mut self) -> (&[u8], &[(usize, u8)]) {
        self.excluded.clear();
        for (k, &m) in self.cand.iter().enumerate() {
            if m & (m - 1) == 0 {
                self.placed[k] = m.trailing_zeros() as u8 + 1;
            } else {
                self.placed[k] = 0;
                let mut out = self.all & !m;
                while out != 0 {
                    self.excluded.push((k, out.trailing_zeros() as u8 + 1));
                    out &= out - 1;
                }
            }
        }
        (&self.placed, &self.excluded)
    }
}
