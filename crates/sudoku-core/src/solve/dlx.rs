//! The sudoku exact-cover matrix on the generic dancing-links engine.
//!
//! Rows: `(cell, value)` placements, row `cell * N + value - 1`. Columns: one per cell
//! ("the cell holds a value"), then one per `(house, value)` ("the house holds the value"),
//! all primary. A variant is only more houses, hence more columns.

use core::sync::atomic::AtomicBool;

use grilles_game::Interrupted;

use crate::cell::Cell;
use crate::count::Count;
use crate::exact_cover::{ExactCover, Search};
use crate::geometry::Geometry;

/// The exact-cover form of one geometry, built once and reused for every puzzle.
#[derive(Clone, Debug)]
pub(crate) struct DlxSudoku {
    n: usize,
    ec: ExactCover,
    /// Nodes (rows tried) of the last call of `solve_into`, `count`, `has_other_solution`
    /// (all its searches) or `has_solution_avoiding`, also when it was interrupted.
    pub(crate) nodes: u64,
}

/// The smaller of two budgets (`None`: no cap).
pub(crate) fn min_budget(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, None) => a,
        (None, b) => b,
    }
}

/// Limits of one search.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Limits<'a> {
    pub budget: Option<u64>,
    pub cancel: Option<&'a AtomicBool>,
}

impl DlxSudoku {
    pub(crate) fn new(geo: &Geometry) -> DlxSudoku {
        let n = geo.size();
        let cells = geo.cell_count();
        let mut ec = ExactCover::new(cells + geo.house_count() * n, 0);
        let mut cols = Vec::with_capacity(8);
        for cell in 0..cells {
            for v in 0..n {
                cols.clear();
                cols.push(cell);
                cols.extend(
                    geo.houses_of(Cell::new(cell))
                        .iter()
                        .map(|&h| cells + h.index() * n + v),
                );
                ec.add_row(&cols).unwrap_or_else(|_| unreachable!());
            }
        }
        DlxSudoku { n, ec, nodes: 0 }
    }

    /// A search with the givens of `cells` selected and the `excluded` placements removed.
    /// Clashing givens make a search with no solution.
    pub(crate) fn search<'a>(
        &'a mut self,
        cells: &[u8],
        excluded: &[(usize, u8)],
        limits: Limits<'a>,
        rng: Option<&'a mut dyn rand::Rng>,
    ) -> Search<'a> {
        let n = self.n;
        let mut s = self.ec.search().bounds(limits.budget, limits.cancel);
        if let Some(rng) = rng {
            s = s.shuffled(rng);
        }
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 {
                let _ = s.select(cell * n + v as usize - 1);
            }
        }
        for &(cell, v) in excluded {
            let _ = s.exclude(cell * n + v as usize - 1);
        }
        s
    }

    /// Writes the solution of the last `advance` into `out` (the givens must already be
    /// there: only the chosen placements are written).
    #[inline]
    pub(crate) fn decode(n: usize, search: &Search<'_>, out: &mut [u8]) {
        for row in search.chosen_rows() {
            out[row / n] = (row % n) as u8 + 1;
        }
    }

    pub(crate) fn size(&self) -> usize {
        self.n
    }

    /// First solution into `out` (which receives a copy of `cells` first); with `rng`, the
    /// rows of each branch are tried from a random one.
    pub(crate) fn solve_into(
        &mut self,
        cells: &[u8],
        out: &mut [u8],
        limits: Limits<'_>,
        rng: Option<&mut dyn rand::Rng>,
    ) -> Result<bool, Interrupted> {
        let n = self.n;
        // Reborrowed, the generator's trait object may live as briefly as the search.
        let rng = rng.map(|r| -> &mut dyn rand::Rng { r });
        let mut s = self.search(cells, &[], limits, rng);
        let found = s.advance();
        if found == Ok(true) {
            out.copy_from_slice(cells);
            Self::decode(n, &s, out);
        }
        let nodes = s.nodes();
        drop(s);
        self.nodes = nodes;
        found
    }

    /// Counts solutions up to `limit`.
    pub(crate) fn count(
        &mut self,
        cells: &[u8],
        limit: u64,
        limits: Limits<'_>,
    ) -> Result<Count, Interrupted> {
        let mut s = self.search(cells, &[], limits, None);
        let count = s.count_solutions(limit);
        let nodes = s.nodes();
        drop(s);
        self.nodes = nodes;
        count
    }

    /// Is there a solution of `cells` in which some cell of `removed` differs from
    /// `solution`? (`cells` must be a puzzle whose only solution, before the removed cells were
    /// emptied, is `solution`.) One search per removed cell, each with the known value
    /// excluded: a first-solution search, much cheaper than counting to 2. Each search has
    /// the budget of `limits`, and all of them together at most `total` nodes.
    pub(crate) fn has_other_solution(
        &mut self,
        cells: &[u8],
        solution: &[u8],
        removed: &[Cell],
        limits: Limits<'_>,
        total: Option<u64>,
        found: Option<&mut [u8]>,
    ) -> Result<bool, Interrupted> {
        let n = self.n;
        let mut spent = 0u64;
        self.nodes = 0;
        for cell in removed.iter().map(|c| c.index()) {
            let left = total.map(|t| t.saturating_sub(spent));
            let this = Limits {
                budget: min_budget(limits.budget, left),
                cancel: limits.cancel,
            };
            let mut s = self.search(cells, &[(cell, solution[cell])], this, None);
            let answer = s.advance();
            spent += s.nodes();
            if answer == Ok(true) {
                if let Some(out) = found {
                    out.copy_from_slice(cells);
                    Self::decode(n, &s, out);
                }
                drop(s);
                self.nodes = spent;
                return Ok(true);
            }
            drop(s);
            self.nodes = spent;
            if let Err(e) = answer {
                return Err(Interrupted::new(e.reason(), e.unit(), spent));
            }
        }
        Ok(false)
    }

    /// Is there a solution of `cells` avoiding the `excluded` placements? The search tries
    /// the placements of `prefer` (a complete grid, e.g. a known solution) first.
    pub(crate) fn has_solution_avoiding(
        &mut self,
        cells: &[u8],
        excluded: &[(usize, u8)],
        prefer: &[u8],
        limits: Limits<'_>,
        found: Option<&mut [u8]>,
    ) -> Result<bool, Interrupted> {
        let n = self.n;
        let mut s = self.search(cells, excluded, limits, None);
        for (cell, &v) in prefer.iter().enumerate() {
            if v != 0 && cells.get(cell) == Some(&0) {
                let _ = s.prefer(cell * n + v as usize - 1);
            }
        }
        let any = s.advance();
        if any == Ok(true)
            && let Some(out) = found
        {
            out.copy_from_slice(cells);
            Self::decode(n, &s, out);
        }
        let nodes = s.nodes();
        drop(s);
        self.nodes = nodes;
        any
    }
}
