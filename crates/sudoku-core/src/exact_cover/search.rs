//! The resumable Algorithm X search over an [`ExactCover`] matrix.

use core::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use grilles_game::{Interrupted, StopReason, WorkUnit};

use super::links::{Idx, Links};
use super::{Engine, ExactCover, ExactCoverError, Matrix, Scratch};
use crate::count::Count;

/// The cancel flag of a search: shared by the caller, or borrowed from the crate's solver
/// (no reference count per search).
#[derive(Debug)]
pub(super) enum Flag<'a> {
    Shared(Arc<AtomicBool>),
    Borrowed(&'a AtomicBool),
}

impl Flag<'_> {
    #[inline]
    fn is_raised(&self) -> bool {
        match self {
            Flag::Shared(f) => f.load(Ordering::Relaxed),
            Flag::Borrowed(f) => f.load(Ordering::Relaxed),
        }
    }
}

/// The caller's generator, for random row orders.
pub(super) struct Draws<'a>(&'a mut dyn rand::Rng);

impl core::fmt::Debug for Draws<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Draws(..)")
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum State {
    Fresh,
    AfterSolution,
    Done,
    Stopped(StopReason),
}

/// One depth-first search over an [`ExactCover`] matrix.
///
/// Before the first [`next_solution`](Self::next_solution) call, rows can be forced into the
/// solution with [`select`](Self::select) (sudoku givens) or removed with
/// [`exclude`](Self::exclude). Dropping the search leaves the matrix ready for the next one.
#[derive(Debug)]
pub struct Search<'a> {
    ec: &'a mut ExactCover,
    run: Run<'a>,
    /// Rows selected before the search, then the chosen rows (filled by `next_solution`).
    solution: Vec<usize>,
}

/// The state of the search loop, apart from the matrix.
#[derive(Debug)]
pub(super) struct Run<'a> {
    pub(super) level: usize,
    pub(super) state: State,
    pub(super) nodes: u64,
    pub(super) found: u64,
    budget: u64,
    cancel: Option<Flag<'a>>,
    /// The generator drawing the first row tried at each branch, when rows are tried in
    /// random order.
    pub(super) random: Option<Draws<'a>>,
    pub(super) started: bool,
    pub(super) clash: bool,
}

impl<'a> Search<'a> {
    pub(super) fn new(ec: &'a mut ExactCover) -> Search<'a> {
        ec.scratch.selected.clear();
        ec.scratch.excluded.clear();
        ec.scratch.preferred.clear();
        Search {
            ec,
            run: Run {
                level: 0,
                state: State::Fresh,
                nodes: 0,
                found: 0,
                budget: u64::MAX,
                cancel: None,
                random: None,
                started: false,
                clash: false,
            },
            solution: Vec::new(),
        }
    }

    /// Stops the search with [`Interrupted`] ([`StopReason::Budget`]) once `nodes` rows
    /// have been tried ([`WorkUnit::Nodes`]); `None` (the default) removes the cap.
    ///
    /// ```
    /// use sudoku_core::exact_cover::ExactCover;
    /// use sudoku_core::{StopReason, WorkUnit};
    ///
    /// let mut ec = ExactCover::new(4, 0);
    /// for row in [&[0, 1][..], &[2, 3], &[0, 2], &[1, 3], &[0], &[1], &[2], &[3]] {
    ///     ec.add_row(row)?;
    /// }
    /// let stop = ec.search().budget(2).count_solutions(u64::MAX).unwrap_err();
    /// assert_eq!((stop.reason(), stop.unit(), stop.spent()), (StopReason::Budget, WorkUnit::Nodes, 2));
    /// assert_eq!(ec.search().budget(None).count_solutions(u64::MAX)?.exact(), Some(7));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn budget(mut self, nodes: impl Into<Option<u64>>) -> Self {
        self.run.budget = nodes.into().unwrap_or(u64::MAX);
        self
    }

    /// Stops the search with [`Interrupted`] ([`StopReason::Cancelled`]) soon after `flag`
    /// becomes true (looked at when the search starts, then every 256 rows tried).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use sudoku_core::exact_cover::ExactCover;
    ///
    /// let mut ec = ExactCover::new(1, 0);
    /// ec.add_row(&[0])?;
    /// let raised = Arc::new(AtomicBool::new(true));
    /// assert!(ec.search().cancel_flag(raised).next_solution().unwrap_err().is_cancelled());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.run.cancel = Some(Flag::Shared(flag));
        self
    }

    /// The budget and a borrowed cancel flag (the crate's solvers: no reference count per
    /// search).
    pub(crate) fn bounds(mut self, budget: Option<u64>, flag: Option<&'a AtomicBool>) -> Self {
        self.run.budget = budget.unwrap_or(u64::MAX);
        self.run.cancel = flag.map(Flag::Borrowed);
        self
    }

    /// Tries the rows of each branching column starting from one drawn from `rng`
    /// (`random_range` over the column's rows), so the first solutions are random. The
    /// search stays exhaustive.
    pub fn shuffled(mut self, rng: &'a mut dyn rand::Rng) -> Self {
        self.run.random = Some(Draws(rng));
        self
    }

    /// Tries row `row` first whenever the search branches on one of its columns (the other
    /// rows of that column follow in their usual order, wrapping around). With the rows of a
    /// known solution, a search for *another* solution walks close to the known one, which
    /// usually finds one quickly; the search stays exhaustive. Rows preferred in the same
    /// column: the last one given wins.
    ///
    /// # Errors
    /// [`ExactCoverError::Row`] if `row` is out of range.
    ///
    /// # Panics
    /// If called after the search started.
    pub fn prefer(&mut self, row: usize) -> Result<(), ExactCoverError> {
        assert!(!self.run.started, "prefer before searching");
        self.check_row(row)?;
        self.ec.scratch.preferred.push(row as u32);
        Ok(())
    }

    /// Forces row `row` into every solution. Returns `Ok(false)`, and changes nothing, if the
    /// row clashes with rows already selected (a column covered twice): the search then has
    /// no solution and [`next_solution`](Self::next_solution) returns `None`.
    ///
    /// # Errors
    /// [`ExactCoverError::Row`] if `row` is out of range.
    ///
    /// # Panics
    /// If called after the search started.
    pub fn select(&mut self, row: usize) -> Result<bool, ExactCoverError> {
        assert!(!self.run.started, "select before searching");
        self.check_row(row)?;
        if self.run.clash {
            return Ok(false);
        }
        let ec = &mut *self.ec;
        let cols = ec.m.row_cols(row);
        let sc = &mut ec.scratch;
        if cols.iter().any(|&c| sc.covered[c as usize]) {
            self.run.clash = true;
            return Ok(false);
        }
        for &c in cols {
            sc.covered[c as usize] = true;
        }
        sc.selected.push(row as u32);
        self.solution.push(row);
        Ok(true)
    }

    /// Removes row `row` from the matrix for this search (no solution will use it). A row
    /// already unusable because a selected row covers one of its columns is left alone.
    ///
    /// # Errors
    /// [`ExactCoverError::Row`] if `row` is out of range.
    ///
    /// # Panics
    /// If called after the search started.
    pub fn exclude(&mut self, row: usize) -> Result<(), ExactCoverError> {
        assert!(!self.run.started, "exclude before searching");
        self.check_row(row)?;
        let ec = &mut *self.ec;
        if ec
            .m
            .row_cols(row)
            .iter()
            .any(|&c| ec.scratch.covered[c as usize])
        {
            return Ok(());
        }
        ec.scratch.excluded.push(row as u32);
        Ok(())
    }

    fn check_row(&self, row: usize) -> Result<(), ExactCoverError> {
        if row >= self.ec.rows() {
            return Err(ExactCoverError::Row {
                row,
                rows: self.ec.rows(),
            });
        }
        Ok(())
    }

    /// Rows tried so far.
    pub fn nodes(&self) -> u64 {
        self.run.nodes
    }

    /// Solutions found so far.
    pub fn found(&self) -> u64 {
        self.run.found
    }

    /// Runs to the next solution and returns its rows (selected rows first, then the rows
    /// chosen by the search, in depth order), or `None` when there are no more.
    ///
    /// # Errors
    /// [`Interrupted`] when the budget runs out or the cancel flag is raised; later calls
    /// return the same error.
    pub fn next_solution(&mut self) -> Result<Option<&[usize]>, Interrupted> {
        if self.advance()? {
            let selected = self.ec.scratch.selected.len();
            self.solution.truncate(selected);
            let ec = &*self.ec;
            let level = self.run.level;
            let rows = chosen(ec, level);
            self.solution.extend(rows);
            Ok(Some(&self.solution))
        } else {
            Ok(None)
        }
    }

    /// The rows chosen by the search at the last solution (crate use: fast decoding).
    #[inline]
    pub(crate) fn chosen_rows(&self) -> impl Iterator<Item = usize> + '_ {
        chosen(self.ec, self.run.level)
    }

    /// Counts solutions, stopping at `limit`: [`Count::AtLeast`]`(limit)` once it reached
    /// it, [`Count::Exact`] otherwise. Solutions already listed by
    /// [`next_solution`](Self::next_solution) are not counted again.
    ///
    /// ```
    /// use sudoku_core::Count;
    /// use sudoku_core::exact_cover::ExactCover;
    ///
    /// // Tilings of a 2×3 strip by dominoes: 3.
    /// let mut ec = ExactCover::new(6, 0);
    /// for row in [&[0, 3][..], &[1, 4], &[2, 5], &[0, 1], &[1, 2], &[3, 4], &[4, 5]] {
    ///     ec.add_row(row)?;
    /// }
    /// assert_eq!(ec.search().count_solutions(10)?, Count::Exact(3));
    /// assert_eq!(ec.search().count_solutions(2)?, Count::AtLeast(2));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`Interrupted`] when the budget runs out or the cancel flag is raised; the solutions
    /// found before are in [`found`](Self::found).
    pub fn count_solutions(&mut self, limit: u64) -> Result<Count, Interrupted> {
        let mut n = 0;
        while n < limit && self.advance()? {
            n += 1;
        }
        Ok(Count::stopped_at(n, limit))
    }

    /// The core: moves to the next solution; true if one was found.
    pub(crate) fn advance(&mut self) -> Result<bool, Interrupted> {
        let ExactCover {
            m, engine, scratch, ..
        } = &mut *self.ec;
        match engine.as_deref_mut() {
            Some(Engine::Small(links)) => self.run.advance(m, links, scratch),
            Some(Engine::Large(links)) => self.run.advance(m, links, scratch),
            None => unreachable!("links built by ExactCover::search"),
        }
    }
}

/// The rows of the nodes chosen at levels `0..level`.
fn chosen(ec: &ExactCover, level: usize) -> impl Iterator<Item = usize> + '_ {
    let m = &ec.m;
    let (small, large) = match ec.engine.as_deref() {
        Some(Engine::Small(l)) => (&l.choice[..level], &[][..]),
        Some(Engine::Large(l)) => (&[][..], &l.choice[..level]),
        None => (&[][..], &[][..]),
    };
    small
        .iter()
        .map(|&n| usize::from(n))
        .chain(large.iter().map(|&n| n as usize))
        .map(move |n| m.row_of[n] as usize)
}

impl Run<'_> {
    #[inline]
    pub(super) fn interrupted(&self, reason: StopReason) -> Interrupted {
        Interrupted::new(reason, WorkUnit::Nodes, self.nodes)
    }

    /// Checks budget and cancel flag; the search is in a consistent state when called.
    #[inline(always)]
    pub(super) fn check(&mut self) -> Result<(), Interrupted> {
        if self.nodes >= self.budget {
            self.state = State::Stopped(StopReason::Budget);
            return Err(self.interrupted(StopReason::Budget));
        }
        if self.nodes & 255 == 0
            && let Some(flag) = &self.cancel
            && flag.is_raised()
        {
            self.state = State::Stopped(StopReason::Cancelled);
            return Err(self.interrupted(StopReason::Cancelled));
        }
        Ok(())
    }

    /// A draw in `0..bound` from the caller's generator (0 without one).
    #[inline]
    pub(super) fn next_random(&mut self, bound: u32) -> u32 {
        use rand::RngExt as _;
        match &mut self.random {
            Some(Draws(rng)) => rng.random_range(0..bound),
            None => 0,
        }
    }

    /// Moves to the next solution; true if one was found.
    fn advance<I: Idx>(
        &mut self,
        m: &Matrix,
        links: &mut Links<I>,
        scratch: &Scratch,
    ) -> Result<bool, Interrupted> {
        if !self.started {
            self.started = true;
            if self.clash {
                self.state = State::Done;
            } else {
                links.prepare(m, &scratch.selected, &scratch.excluded, &scratch.covered);
                links.set_preferred(m, &scratch.preferred);
            }
        }
        let mut backtrack = match self.state {
            State::Fresh => false,
            State::AfterSolution => true,
            State::Done => return Ok(false),
            State::Stopped(reason) => return Err(self.interrupted(reason)),
        };
        links.clean = false;
        let random = self.random.is_some();
        // Rows tried from a chosen one, wrapping around the column.
        let wrap = random || links.has_preferred();
        loop {
            if backtrack {
                loop {
                    if self.level == 0 {
                        self.state = State::Done;
                        return Ok(false);
                    }
                    self.check()?;
                    let lvl = self.level - 1;
                    let r = links.choice[lvl];
                    links.unselect_others(m, r);
                    let c = links.nodes[r.ix()].col;
                    let mut next = links.nodes[r.ix()].down;
                    if wrap && next == c {
                        next = links.nodes[c.ix()].down;
                    }
                    let exhausted = if wrap {
                        next == links.first[lvl]
                    } else {
                        next == c
                    };
                    if exhausted {
                        links.uncover(c);
                        self.level = lvl;
                        continue;
                    }
                    self.nodes += 1;
                    links.choice[lvl] = next;
                    links.select_others(next);
                    break;
                }
            }
            // Descend.
            let Some((c, size)) = links.choose() else {
                self.state = State::AfterSolution;
                self.found += 1;
                return Ok(true);
            };
            self.check()?;
            if size == I::default() {
                backtrack = true;
                continue;
            }
            links.cover(c);
            let mut first = links.nodes[c.ix()].down;
            if random && size > I::from_usize(1) {
                for _ in 0..self.next_random(size.ix() as u32) {
                    first = links.nodes[first.ix()].down;
                }
            } else if wrap && size > I::from_usize(1) {
                first = links.preferred_in(c).unwrap_or(first);
            }
            self.nodes += 1;
            links.choice[self.level] = first;
            links.first[self.level] = first;
            self.level += 1;
            links.select_others(first);
            backtrack = false;
        }
    }
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        // The links are left as the search left them (marked dirty, rebuilt by the next
        // search); only the flags of the selected rows' columns are reset.
        let ec = &mut *self.ec;
        for &row in &ec.scratch.selected {
            for &c in ec.m.row_cols(row as usize) {
                ec.scratch.covered[c as usize] = false;
            }
        }
        ec.scratch.selected.clear();
        ec.scratch.excluded.clear();
        ec.scratch.preferred.clear();
    }
}

impl Iterator for Search<'_> {
    type Item = Result<Vec<usize>, Interrupted>;

    /// Each solution as a new vector of rows; an interruption is yielded once, then `None`.
    fn next(&mut self) -> Option<Self::Item> {
        if matches!(self.run.state, State::Stopped(_)) {
            return None;
        }
        match self.next_solution() {
            Ok(Some(rows)) => Some(Ok(rows.to_vec())),
            Ok(None) => None,
            Err(e) => Some(Err(e)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn knuth() -> ExactCover {
        let mut ec = ExactCover::new(7, 0);
        for row in [
            &[2, 4, 5][..],
            &[0, 3, 6],
            &[1, 2, 5],
            &[0, 3],
            &[1, 6],
            &[3, 4, 6],
        ] {
            ec.add_row(row).unwrap();
        }
        ec
    }

    #[test]
    fn select_conflict_and_range() {
        let mut ec = knuth();
        let mut s = ec.search();
        assert_eq!(s.select(9), Err(ExactCoverError::Row { row: 9, rows: 6 }));
        assert_eq!(s.select(1), Ok(true));
        assert_eq!(s.select(3), Ok(false)); // both cover column 0
        assert_eq!(s.next_solution().unwrap(), None);
        drop(s);
        assert_eq!(ec.search().count_solutions(10).unwrap(), Count::Exact(1));
    }

    #[test]
    fn budget_and_cancel() {
        let mut ec = ExactCover::new(8, 30);
        for r in 0..8 {
            for c in 0..8 {
                ec.add_row(&[r, 8 + r + c, 8 + 15 + r + 7 - c]).unwrap();
            }
        }
        // Rooks with diagonal constraints but no file constraint: many solutions.
        let total = ec.search().count_solutions(u64::MAX).unwrap();
        let mut bounded = ec.search().budget(5);
        let err = bounded.count_solutions(u64::MAX).unwrap_err();
        assert_eq!(
            err,
            Interrupted::new(StopReason::Budget, WorkUnit::Nodes, 5)
        );
        assert_eq!(bounded.nodes(), 5);
        drop(bounded);
        let flag = Arc::new(AtomicBool::new(true));
        let err = ec
            .search()
            .cancel_flag(flag)
            .count_solutions(u64::MAX)
            .unwrap_err();
        assert_eq!(
            err,
            Interrupted::new(StopReason::Cancelled, WorkUnit::Nodes, 0)
        );
        assert_eq!(ec.search().count_solutions(u64::MAX).unwrap(), total);
        let mut s = ec.search().budget(3);
        assert!(s.next_solution().is_err());
        assert!(s.next_solution().is_err());
        assert!(s.next().is_none());
    }

    #[test]
    fn shuffled_is_exhaustive() {
        use rand::SeedableRng as _;
        let mut ec = knuth();
        for seed in 0..20 {
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            assert_eq!(
                ec.search()
                    .shuffled(&mut rng)
                    .count_solutions(u64::MAX)
                    .unwrap(),
                Count::Exact(1)
            );
        }
        let mut ec = ExactCover::new(6, 0);
        for a in 0..6 {
            for b in a + 1..6 {
                ec.add_row(&[a, b]).unwrap();
            }
        }
        // Perfect matchings of K6: 15, every one found, in orders that depend on the draws.
        let mut firsts = std::collections::BTreeSet::new();
        for seed in 0..20 {
            let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
            let mut sols: Vec<_> = ec.search().shuffled(&mut rng).map(Result::unwrap).collect();
            firsts.insert(sols[0].clone());
            sols.iter_mut().for_each(|s| s.sort_unstable());
            sols.sort();
            sols.dedup();
            assert_eq!(sols.len(), 15);
        }
        assert!(firsts.len() > 1);
    }
}
