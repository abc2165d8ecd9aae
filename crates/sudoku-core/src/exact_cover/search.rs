//! The resumable Algorithm X search over an [`ExactCover`] matrix.

use core::sync::atomic::{AtomicBool, Ordering};

use super::{ExactCover, ExactCoverError};

/// Why a search stopped before it could answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum InterruptReason {
    /// The node budget ran out.
    Budget,
    /// The cancel flag was raised.
    Cancelled,
}

/// A search stopped by its budget or its cancel flag: the answer is unknown.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("search interrupted ({reason:?}) after {nodes} nodes and {found} solutions")]
pub struct Interrupted {
    /// Budget or cancel flag.
    pub reason: InterruptReason,
    /// Rows tried (search nodes) when it stopped.
    pub nodes: u64,
    /// Solutions found before it stopped (a lower bound for counts).
    pub found: u64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    Fresh,
    AfterSolution,
    Done,
    Stopped(InterruptReason),
}

/// One depth-first search over an [`ExactCover`] matrix.
///
/// Before the first [`next_solution`](Self::next_solution) call, rows can be forced into the
/// solution with [`select`](Self::select) (sudoku givens) or removed with
/// [`exclude`](Self::exclude). Dropping the search restores the matrix exactly.
#[derive(Debug)]
pub struct Search<'a> {
    ec: &'a mut ExactCover,
    level: usize,
    state: State,
    nodes: u64,
    found: u64,
    budget: u64,
    cancel: Option<&'a AtomicBool>,
    /// SplitMix64 state when rows are tried in random order.
    random: Option<u64>,
    /// Rows selected before the search, then the chosen rows (filled by `next_solution`).
    solution: Vec<usize>,
    selected: usize,
    started: bool,
    clash: bool,
}

impl<'a> Search<'a> {
    pub(super) fn new(ec: &'a mut ExactCover) -> Search<'a> {
        let depth = ec.primary + 1;
        ec.choice.clear();
        ec.choice.resize(depth, 0);
        ec.first.clear();
        ec.first.resize(depth, 0);
        ec.undo.clear();
        ec.hot.clear();
        let want = 4 * ec.columns + 64;
        if ec.hot.capacity() < want {
            ec.hot.reserve_exact(want);
        }
        Search {
            ec,
            level: 0,
            state: State::Fresh,
            nodes: 0,
            found: 0,
            budget: u64::MAX,
            cancel: None,
            random: None,
            solution: Vec::new(),
            selected: 0,
            started: false,
            clash: false,
        }
    }

    /// Stops the search with [`InterruptReason::Budget`] once `nodes` rows have been tried.
    pub fn budget(mut self, nodes: u64) -> Self {
        self.budget = nodes;
        self
    }

    /// Stops the search with [`InterruptReason::Cancelled`] soon after `flag` becomes true
    /// (checked every 1,024 nodes and at each call).
    pub fn cancel_flag(mut self, flag: &'a AtomicBool) -> Self {
        self.cancel = Some(flag);
        self
    }

    /// Tries the rows of each branching column starting from a pseudo-random one drawn
    /// from `seed` (SplitMix64), so successive seeds give different first solutions. The
    /// search stays exhaustive.
    pub fn shuffled(mut self, seed: u64) -> Self {
        self.random = Some(seed);
        self
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
        assert!(!self.started, "select before searching");
        self.check_row(row)?;
        if self.clash {
            return Ok(false);
        }
        let (a, b) = (self.ec.row_start[row], self.ec.row_start[row + 1]);
        if (a..b).any(|j| self.ec.covered[self.ec.nodes[j as usize].col as usize]) {
            self.clash = true;
            return Ok(false);
        }
        for j in a..b {
            let c = self.ec.nodes[j as usize].col;
            self.ec.covered[c as usize] = true;
            self.ec.cover(c);
        }
        self.ec.undo.push((true, row as u32));
        self.solution.push(row);
        self.selected += 1;
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
        assert!(!self.started, "exclude before searching");
        self.check_row(row)?;
        let (a, b) = (self.ec.row_start[row], self.ec.row_start[row + 1]);
        if (a..b).any(|j| self.ec.covered[self.ec.nodes[j as usize].col as usize]) {
            return Ok(());
        }
        self.ec.hide_row(row as u32);
        self.ec.undo.push((false, row as u32));
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
        self.nodes
    }

    /// Solutions found so far.
    pub fn found(&self) -> u64 {
        self.found
    }

    #[inline]
    fn interrupted(&self, reason: InterruptReason) -> Interrupted {
        Interrupted {
            reason,
            nodes: self.nodes,
            found: self.found,
        }
    }

    /// Checks budget and cancel flag; the search is in a consistent state when called.
    #[inline(always)]
    fn check(&mut self) -> Result<(), Interrupted> {
        if self.nodes >= self.budget {
            self.state = State::Stopped(InterruptReason::Budget);
            return Err(self.interrupted(InterruptReason::Budget));
        }
        if self.nodes & 1023 == 0
            && let Some(flag) = self.cancel
            && flag.load(Ordering::Relaxed)
        {
            self.state = State::Stopped(InterruptReason::Cancelled);
            return Err(self.interrupted(InterruptReason::Cancelled));
        }
        Ok(())
    }

    #[inline]
    fn next_random(&mut self, bound: u32) -> u32 {
        let s = self.random.get_or_insert(0);
        *s = s.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = *s;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        ((u128::from(z) * u128::from(bound)) >> 64) as u32
    }

    /// Runs to the next solution and returns its rows (selected rows first, then the rows
    /// chosen by the search, in depth order), or `None` when there are no more.
    ///
    /// # Errors
    /// [`Interrupted`] when the budget runs out or the cancel flag is raised; later calls
    /// return the same error.
    pub fn next_solution(&mut self) -> Result<Option<&[usize]>, Interrupted> {
        if self.advance()? {
            self.solution.truncate(self.selected);
            for &node in &self.ec.choice[..self.level] {
                self.solution.push(self.ec.row_of[node as usize] as usize);
            }
            Ok(Some(&self.solution))
        } else {
            Ok(None)
        }
    }

    /// The nodes chosen by the search at the last solution (crate use: fast decoding).
    #[inline]
    pub(crate) fn chosen_rows(&self) -> impl Iterator<Item = usize> + '_ {
        self.ec.choice[..self.level]
            .iter()
            .map(|&n| self.ec.row_of[n as usize] as usize)
    }

    /// Counts solutions, stopping at `limit`.
    ///
    /// # Errors
    /// [`Interrupted`] (with the count so far in [`Interrupted::found`]) when the budget runs
    /// out or the cancel flag is raised.
    pub fn count_solutions(&mut self, limit: u64) -> Result<u64, Interrupted> {
        let mut n = 0;
        while n < limit && self.advance()? {
            n += 1;
        }
        Ok(n)
    }

    /// The core: moves to the next solution; true if one was found.
    pub(crate) fn advance(&mut self) -> Result<bool, Interrupted> {
        self.started = true;
        if self.clash {
            self.state = State::Done;
        }
        let mut backtrack = match self.state {
            State::Fresh => false,
            State::AfterSolution => true,
            State::Done => return Ok(false),
            State::Stopped(reason) => return Err(self.interrupted(reason)),
        };
        let random = self.random.is_some();
        loop {
            if backtrack {
                loop {
                    if self.level == 0 {
                        self.state = State::Done;
                        return Ok(false);
                    }
                    self.check()?;
                    let lvl = self.level - 1;
                    let r = self.ec.choice[lvl];
                    self.ec.unselect_others(r);
                    let c = self.ec.nodes[r as usize].col;
                    let mut next = self.ec.nodes[r as usize].d;
                    if random && next == c {
                        next = self.ec.nodes[c as usize].d;
                    }
                    let exhausted = if random {
                        next == self.ec.first[lvl]
                    } else {
                        next == c
                    };
                    if exhausted {
                        self.ec.uncover(c);
                        self.level = lvl;
                        continue;
                    }
                    self.nodes += 1;
                    self.ec.choice[lvl] = next;
                    self.ec.select_others(next);
                    break;
                }
            }
            // Descend.
            let Some((c, size)) = self.ec.choose_column() else {
                self.state = State::AfterSolution;
                self.found += 1;
                return Ok(true);
            };
            self.check()?;
            if size == 0 {
                backtrack = true;
                continue;
            }
            self.ec.cover(c);
            let mut first = self.ec.nodes[c as usize].d;
            if random && size > 1 {
                for _ in 0..self.next_random(size) {
                    first = self.ec.nodes[first as usize].d;
                }
            }
            self.nodes += 1;
            self.ec.choice[self.level] = first;
            self.ec.first[self.level] = first;
            self.level += 1;
            self.ec.select_others(first);
            backtrack = false;
        }
    }
}

impl Drop for Search<'_> {
    fn drop(&mut self) {
        if self.ec.restore_by_copy() {
            self.level = 0;
            while let Some((select, row)) = self.ec.undo.pop() {
                if select {
                    let (a, b) = (self.ec.row_start[row as usize], self.ec.row_start[row as usize + 1]);
                    for j in a..b {
                        let c = self.ec.nodes[j as usize].col;
                        self.ec.covered[c as usize] = false;
                    }
                }
            }
            return;
        }
        while self.level > 0 {
            self.level -= 1;
            let r = self.ec.choice[self.level];
            self.ec.unselect_others(r);
            let c = self.ec.nodes[r as usize].col;
            self.ec.uncover(c);
        }
        while let Some((select, row)) = self.ec.undo.pop() {
            if select {
                let (a, b) = (self.ec.row_start[row as usize], self.ec.row_start[row as usize + 1]);
                for j in (a..b).rev() {
                    let c = self.ec.nodes[j as usize].col;
                    self.ec.uncover(c);
                    self.ec.covered[c as usize] = false;
                }
            } else {
                self.ec.unhide_row(row);
            }
        }
    }
}

impl Iterator for Search<'_> {
    type Item = Result<Vec<usize>, Interrupted>;

    /// Each solution as a new vector of rows; an interruption is yielded once, then `None`.
    fn next(&mut self) -> Option<Self::Item> {
        if matches!(self.state, State::Stopped(_)) {
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
        for row in [&[2, 4, 5][..], &[0, 3, 6], &[1, 2, 5], &[0, 3], &[1, 6], &[3, 4, 6]] {
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
        assert_eq!(ec.search().count_solutions(10).unwrap(), 1);
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
        let err = ec.search().budget(5).count_solutions(u64::MAX).unwrap_err();
        assert_eq!(err.reason, InterruptReason::Budget);
        assert!(err.nodes <= 5);
        let flag = AtomicBool::new(true);
        let err = ec.search().cancel_flag(&flag).count_solutions(u64::MAX).unwrap_err();
        assert_eq!(err.reason, InterruptReason::Cancelled);
        assert_eq!(ec.search().count_solutions(u64::MAX).unwrap(), total);
        let mut s = ec.search().budget(3);
        assert!(s.next_solution().is_err());
        assert!(s.next_solution().is_err());
        assert!(s.next().is_none());
    }

    #[test]
    fn shuffled_is_exhaustive() {
        let mut ec = knuth();
        for seed in 0..20 {
            assert_eq!(ec.search().shuffled(seed).count_solutions(u64::MAX).unwrap(), 1);
        }
        let mut ec = ExactCover::new(6, 0);
        for a in 0..6 {
            for b in a + 1..6 {
                ec.add_row(&[a, b]).unwrap();
            }
        }
        // Perfect matchings of K6: 15.
        for seed in 0..20 {
            let sols: Vec<_> = ec.search().shuffled(seed).map(Result::unwrap).collect();
            assert_eq!(sols.len(), 15);
        }
    }
}
