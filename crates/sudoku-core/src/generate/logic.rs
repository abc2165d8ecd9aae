//! Candidate logic for the uniqueness test on grids up to 16×16: naked and hidden singles
//! and locked candidates on the givens, with the removed cell's solution value struck. It
//! often decides alone; otherwise it hands the dancing-links search its deductions.

use std::sync::Arc;

use super::bitsearch::{Blame, Tables};
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

/// The propagation state; the deductions are those of the bitmask search's tables.
#[derive(Clone, Debug)]
pub(super) struct Logic {
    pub(super) geo: Arc<Geometry>,
    all: u32,
    tables: Tables,
    cand: Vec<u32>,
    queue: Vec<u16>,
    placed: Vec<u8>,
    excluded: Vec<(usize, u8)>,
}

impl Logic {
    pub(super) fn new(geo: Arc<Geometry>) -> Logic {
        let n = geo.size();
        let cells = geo.cell_count();
        Logic {
            all: if n >= 32 { u32::MAX } else { (1u32 << n) - 1 },
            tables: Tables::new(&geo),
            cand: vec![0; cells],
            queue: Vec::new(),
            placed: vec![0; cells],
            excluded: Vec::new(),
            geo,
        }
    }

    /// Propagates the givens of `cells` with value `strike` removed from cell `at`: naked
    /// and hidden singles, locked candidates, to a fixed point.
    pub(super) fn run(&mut self, cells: &[u8], at: usize, strike: u8) -> Outcome {
        for (k, &v) in cells.iter().enumerate() {
            self.cand[k] = if v == 0 { self.all } else { 1 << (v - 1) };
        }
        if let Some(c) = self.cand.get_mut(at)
            && strike > 0
        {
            *c &= !(1 << (strike - 1));
        }
        self.queue.clear();
        for (k, &m) in self.cand.iter().enumerate() {
            if m == 0 {
                return Outcome::Contradiction;
            }
            if m & (m - 1) == 0 {
                self.queue.push(k as u16);
            }
        }
        let mut blame = Blame::Cell(0);
        if !self
            .tables
            .propagate(&mut self.cand, &mut self.queue, &mut blame)
        {
            Outcome::Contradiction
        } else if self.cand.iter().all(|&m| m & (m - 1) == 0) {
            Outcome::Solved
        } else {
            Outcome::Open
        }
    }

    /// After [`Outcome::Solved`]: writes the solution into `out`.
    pub(super) fn write_solution(&self, out: &mut [u8]) {
        for (o, &m) in out.iter_mut().zip(&self.cand) {
            *o = m.trailing_zeros() as u8 + 1;
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
