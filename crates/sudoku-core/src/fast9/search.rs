//! Depth-first search over [`State`]s: propagate, then branch on one cell.

use super::state::{Outcome, State};

/// The order in which the candidates of a branching cell are tried.
pub(crate) trait Order {
    /// The position (0..n) of the candidate to try first among `n`; the others follow cyclically.
    fn start(&mut self, n: u32) -> u32;

    /// At a cell of two candidates `low < high` (digits 0..9) in `state`: `true` to try
    /// `high` first. By default the same as [`Order::start`] with `n = 2`.
    #[inline(always)]
    fn high_first(&mut self, _state: &State, _cell: usize, _low: usize, _high: usize) -> bool {
        self.start(2) == 1
    }
}

/// The deterministic order (solving and counting): at a cell of two candidates, first the
/// digit with more candidate cells in the cell's row, column and box (the lower digit on a
/// tie); at a cell of more candidates, increasing digits. A count to the end (the count to 2
/// of a unique puzzle) explores the same tree in any order.
#[derive(Debug)]
pub(crate) struct Increasing;

impl Order for Increasing {
    #[inline(always)]
    fn start(&mut self, _n: u32) -> u32 {
        0
    }

    // Kept out of line: the search loop is faster without it inlined.
    #[inline(never)]
    fn high_first(&mut self, state: &State, cell: usize, low: usize, high: usize) -> bool {
        state.house_candidates(cell, high) > state.house_candidates(cell, low)
    }
}

/// One search: its limits and what it found.
#[derive(Debug)]
pub(crate) struct Search<'a, O> {
    /// Stop when `count` reaches this (≥ 1).
    pub(crate) limit: u64,
    /// Solutions found so far.
    pub(crate) count: u64,
    /// Receives the first solution.
    pub(crate) first: Option<&'a mut [u8; 81]>,
    /// Guesses still allowed.
    pub(crate) budget: u64,
    /// Guesses made.
    pub(crate) guesses: u64,
    /// Set when a guess was needed with no budget left.
    pub(crate) exhausted: bool,
    /// Raised by another thread to stop the search (checked every 256 guesses).
    pub(crate) cancel: Option<&'a core::sync::atomic::AtomicBool>,
    /// Set when the search stopped because `cancel` was raised.
    pub(crate) cancelled: bool,
    /// Candidate order at branching cells.
    pub(crate) order: O,
}

impl<O: Order> Search<'_, O> {
    /// Explores `state` and its descendants. Returns `true` when the whole search must stop
    /// (limit reached or budget exhausted).
    pub(crate) fn run<const X: bool>(&mut self, state: &mut State) -> bool {
        loop {
            // Before the first guess (the givens' propagation), placements are rare and the
            // band update's branch pays; after a guess, the branchless update is faster.
            let outcome = if self.guesses == 0 {
                state.propagate::<X, false>()
            } else {
                state.propagate::<X, true>()
            };
            match outcome {
                None => return false,
                Some(Outcome::Solved) => {
                    if self.count == 0
                        && let Some(out) = self.first.as_deref_mut()
                    {
                        state.write_solution(out);
                    }
                    self.count += 1;
                    return self.count >= self.limit;
                }
                Some(Outcome::Branch { cell, candidates }) => {
                    if self.budget == 0 {
                        self.exhausted = true;
                        return true;
                    }
                    self.budget -= 1;
                    self.guesses += 1;
                    if self.guesses.is_multiple_of(256)
                        && let Some(flag) = self.cancel
                        && flag.load(core::sync::atomic::Ordering::Relaxed)
                    {
                        self.cancelled = true;
                        return true;
                    }
                    let mut digits = [0usize; 9];
                    let mut n = 0;
                    let mut set = candidates;
                    while set != 0 {
                        digits[n] = set.trailing_zeros() as usize;
                        set &= set - 1;
                        n += 1;
                    }
                    let start = if n == 2 {
                        usize::from(self.order.high_first(state, cell, digits[0], digits[1]))
                    } else {
                        self.order.start(n as u32) as usize
                    };
                    // Candidate `k` of the cyclic order from `start` (no division: `start < n`).
                    let nth = |k: usize| {
                        let i = start + k;
                        digits[if i >= n { i - n } else { i }]
                    };
                    for k in 0..n - 1 {
                        let mut child = *state;
                        child.assign(cell, nth(k));
                        if self.run::<X>(&mut child) {
                            return true;
                        }
                    }
                    // Every other candidate is explored: the last one is forced here.
                    state.assign(cell, nth(n - 1));
                }
            }
        }
    }
}
