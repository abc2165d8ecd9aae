//! The sudoku exact-cover matrix on the generic dancing-links engine.
//!
//! Rows: `(cell, value)` placements, row `cell * N + value - 1`. Columns: one per cell
//! ("the cell holds a value"), then one per `(house, value)` ("the house holds the value"),
//! all primary. A variant is only more houses, hence more columns.

use core::sync::atomic::AtomicBool;

use crate::cell::Cell;
use crate::exact_cover::{ExactCover, Interrupted, Search};
use crate::geometry::Geometry;

/// The exact-cover form of one geometry, built once and reused for every puzzle.
#[derive(Clone, Debug)]
pub(crate) struct DlxSudoku {
    n: usize,
    ec: ExactCover,
    /// Nodes (rows tried) of the last search run by `solve_into`, `count`,
    /// `has_other_solution` or `has_solution_avoiding`.
    pub(crate) nodes: u64,
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
        let mut s = self.ec.search();
        if let Some(b) = limits.budget {
            s = s.budget(b);
        }
        if let Some(f) = limits.cancel {
            s = s.cancel_flag(f);
        }
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
        let found = s.advance()?;
        if found {
            out.copy_from_slice(cells);
            Self::decode(n, &s, out);
        }
        let nodes = s.nodes();
        drop(s);
        self.nodes = nodes;
        Ok(found)
    }

    /// Counts solutions up to `limit`.
    pub(crate) fn count(
        &mut self,
        cells: &[u8],
        limit: u64,
        limits: Limits<'_>,
    ) -> Result<u64, Interrupted> {
        let mut s = self.search(cells, &[], limits, None);
        let count = s.count_solutions(limit)?;
        let nodes = s.nodes();
        drop(s);
        self.nodes = nodes;
        Ok(count)
    }

    /// Is there a solution of `cells` in which some cell of `removed` differs from
    /// `solution`? (`cells` must be a puzzle whose only solution, before the removed cells were
    /// emptied, is `solution`.) One search per removed cell, each with the known value
    /// excluded: a first-solution search, much cheaper than counting to 2.
    pub(crate) fn has_other_solution(
        &mut self,
        cells: &[u8],
        solution: &[u8],
        removed: &[Cell],
        limits: Limits<'_>,
        found: Option<&mut [u8]>,
    ) -> Result<bool, Interrupted> {
        let n = self.n;
        for cell in removed.iter().map(|c| c.index()) {
            let mut s = self.search(cells, &[(cell, solution[cell])], limits, None);
            if s.advance()? {
                if let Some(out) = found {
                    out.copy_from_slice(cells);
                    Self::decode(n, &s, out);
                }
                return Ok(true);
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
        let any = s.advance()?;
        if any && let Some(out) = found {
            out.copy_from_slice(cells);
            Self::decode(n, &s, out);
        }
        Ok(any)
    }
}
