//! The uniqueness and solution oracle of a rating or a hint: how many solutions a position
//! has, and one of them, within the rater's work budget.
//!
//! A position reached from a puzzle by the ladder's own steps has the solutions of its
//! digits (every elimination the ladder makes without assuming uniqueness keeps every
//! solution), so `sudoku-core`'s [`Solver`] answers on the digits alone. A position read from
//! pencil marks may have lost candidates a solution needs, or hold fewer candidates than its
//! digits allow (a pencil-mark puzzle): its solutions are those of an exact cover built on
//! its candidates ([`ExactCover`], one row per candidate).

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use grilles_game::Limits;
use sudoku_core::exact_cover::{ExactCover, Search};
use sudoku_core::{Cell, Count, Grid, Interrupted, SolveError, Solver, StopReason, WorkUnit};

use crate::GradeError;
use crate::rules::Rules;
use crate::state::{State, bit, digits};

/// Work units per guess of `sudoku-core`'s bitboard engine (9×9), whose guesses each
/// propagate the whole grid.
const UNITS_PER_GUESS: u64 = 2;
/// Dancing-links nodes (rows tried) per work unit.
const NODES_PER_UNIT: u64 = 2;

/// How the oracle counts solutions.
#[derive(Debug)]
enum Engine {
    /// The position's digits, on `sudoku-core`'s solver (built on first use).
    Digits(Option<Solver>),
    /// The position's candidates, on an exact cover built on first use, with each row's
    /// cell and digit.
    Marks(Option<(ExactCover, Vec<(u32, u8)>)>),
}

/// The oracle of one call (a rating, a hint).
#[derive(Debug)]
pub(crate) struct Oracle {
    engine: Engine,
    /// Work units the next solver call may use (set by the rater before each search; `None`:
    /// no budget).
    pub remaining: Option<u64>,
    /// Work units spent by solver calls since the last [`take_spent`](Self::take_spent).
    spent: u64,
    unique: Option<bool>,
    solution: Option<Grid>,
    /// The rater's cancel flag, handed to every search.
    cancel: Option<Arc<AtomicBool>>,
}

impl Oracle {
    /// An oracle on the digits of a position (`marks == false`) or on its candidates.
    pub fn new(marks: bool, remaining: Option<u64>, cancel: Option<Arc<AtomicBool>>) -> Oracle {
        Oracle {
            engine: if marks {
                Engine::Marks(None)
            } else {
                Engine::Digits(None)
            },
            remaining,
            spent: 0,
            unique: None,
            solution: None,
            cancel,
        }
    }

    /// Records that the position is known to have one solution.
    pub fn set_unique(&mut self) {
        self.unique = Some(true);
    }

    /// The work spent by the solver since the last call, reset to zero.
    pub fn take_spent(&mut self) -> u64 {
        core::mem::take(&mut self.spent)
    }

    /// The search nodes `remaining` work units allow: guesses of the bitboard engine, or
    /// rows tried by dancing links.
    fn node_budget(remaining: Option<u64>, guesses: bool) -> Option<u64> {
        remaining.map(|units| {
            if guesses {
                units / UNITS_PER_GUESS
            } else {
                units.saturating_mul(NODES_PER_UNIT)
            }
        })
    }

    /// A dancing-links search limited to what `remaining` work units allow, watching `cancel`.
    fn limited<'a>(
        mut search: Search<'a>,
        remaining: Option<u64>,
        cancel: Option<&Arc<AtomicBool>>,
    ) -> Search<'a> {
        if let Some(b) = Oracle::node_budget(remaining, false) {
            search = search.budget(b);
        }
        if let Some(flag) = cancel {
            search = search.cancel_flag(Arc::clone(flag));
        }
        search
    }

    /// Charges `nodes` solver nodes; returns the units charged.
    fn charge(&mut self, nodes: u64, guesses: bool) -> u64 {
        let units = if guesses {
            nodes.saturating_mul(UNITS_PER_GUESS)
        } else {
            nodes.div_ceil(NODES_PER_UNIT)
        }
        .max(1);
        self.spent += units;
        self.remaining = self.remaining.map(|r| r.saturating_sub(units));
        units
    }

    /// The interruption of a solver call, counted in work units. A search stopped by its
    /// budget used all the units it was given and wanted one more, as a meter counts it.
    fn interrupted(&mut self, i: Interrupted, guesses: bool) -> GradeError {
        let given = self.remaining;
        let units = self.charge(i.spent(), guesses);
        if let (StopReason::Budget, Some(given)) = (i.reason(), given)
            && units <= given
        {
            self.spent += given + 1 - units;
            self.remaining = Some(0);
        }
        GradeError::Interrupted(Interrupted::new(
            i.reason(),
            WorkUnit::RatingWork,
            self.spent,
        ))
    }

    fn grid(rules: &Rules, st: &State) -> Grid {
        rules
            .geo
            .grid(st.values.clone())
            .unwrap_or_else(|_| unreachable!("the values of a position fit its shape"))
    }

    /// The digits' solver, with the budget `remaining` allows; true when it searches by
    /// guesses.
    fn solver<'s>(
        rules: &Rules,
        slot: &'s mut Option<Solver>,
        remaining: Option<u64>,
        cancel: Option<&Arc<AtomicBool>>,
    ) -> (&'s mut Solver, bool) {
        let solver = slot.take().unwrap_or_else(|| {
            let solver = Solver::new(Arc::clone(&rules.geo));
            match cancel {
                Some(flag) => solver.cancel_flag(Arc::clone(flag)),
                None => solver,
            }
        });
        let guesses = solver.engine() == sudoku_core::Engine::Fast;
        let solver = slot.insert(solver.budget(Oracle::node_budget(remaining, guesses)));
        (solver, guesses)
    }

    /// The exact cover of the position's candidates, and each row's cell and digit.
    fn cover(rules: &Rules, st: &State) -> (ExactCover, Vec<(u32, u8)>) {
        let geo = &*rules.geo;
        let (n, cells) = (rules.n, rules.ncells);
        let mut ec = ExactCover::new(cells + geo.house_count() * n, 0);
        let mut rows = Vec::new();
        let mut cols = Vec::with_capacity(8);
        for c in 0..cells {
            let mask = match st.values[c] {
                0 => st.cand[c],
                v => bit(v),
            };
            for d in digits(mask) {
                cols.clear();
                cols.push(c);
                cols.extend(
                    geo.houses_of(Cell::new(c))
                        .iter()
                        .map(|&h| cells + h.index() * n + usize::from(d) - 1),
                );
                ec.add_row(&cols)
                    .unwrap_or_else(|_| unreachable!("columns of the matrix, once each"));
                rows.push((c as u32, d));
            }
        }
        (ec, rows)
    }

    /// The number of solutions, counting stops at `limit`.
    pub fn count(&mut self, rules: &Rules, st: &State, limit: u64) -> Result<u64, GradeError> {
        let remaining = self.remaining;
        let cancel = self.cancel.as_ref();
        let (out, nodes, guesses) = match &mut self.engine {
            Engine::Digits(slot) => {
                let grid = Oracle::grid(rules, st);
                let (solver, guesses) =
                    Oracle::solver(rules, slot, remaining, self.cancel.as_ref());
                match solver.count(&grid, limit) {
                    Ok(k) => (Ok(k.at_least()), solver.last_nodes(), guesses),
                    Err(SolveError::Interrupted(i)) => (Err(i), 0, guesses),
                    Err(_) => unreachable!("the solver is built on the position's own geometry"),
                }
            }
            Engine::Marks(slot) => {
                let (ec, _) = slot.get_or_insert_with(|| Oracle::cover(rules, st));
                let mut search = Oracle::limited(ec.search(), remaining, cancel);
                let out = search.count_solutions(limit).map(Count::at_least);
                (out, search.nodes(), false)
            }
        };
        match out {
            Ok(k) => {
                self.charge(nodes, guesses);
                Ok(k)
            }
            Err(i) => Err(self.interrupted(i, guesses)),
        }
    }

    /// Does the position have exactly one solution? Asked once; "no" if the budget runs out.
    pub fn unique(&mut self, rules: &Rules, st: &State) -> bool {
        if let Some(u) = self.unique {
            return u;
        }
        let u = self.count(rules, st, 2).ok() == Some(1);
        self.unique = Some(u);
        u
    }

    /// A solution (the same one every time).
    pub fn solution(&mut self, rules: &Rules, st: &State) -> Result<&Grid, GradeError> {
        if self.solution.is_none() {
            let remaining = self.remaining;
            let cancel = self.cancel.as_ref();
            let (out, nodes, guesses) = match &mut self.engine {
                Engine::Digits(slot) => {
                    let grid = Oracle::grid(rules, st);
                    let (solver, guesses) =
                        Oracle::solver(rules, slot, remaining, self.cancel.as_ref());
                    match solver.solve(&grid) {
                        Ok(found) => (Ok(found), solver.last_nodes(), guesses),
                        Err(SolveError::Interrupted(i)) => (Err(i), 0, guesses),
                        Err(_) => {
                            unreachable!("the solver is built on the position's own geometry")
                        }
                    }
                }
                Engine::Marks(slot) => {
                    let (ec, rows) = slot.get_or_insert_with(|| Oracle::cover(rules, st));
                    let mut search = Oracle::limited(ec.search(), remaining, cancel);
                    let out = match search.next_solution() {
                        Ok(Some(chosen)) => {
                            let mut values = vec![0u8; rules.ncells];
                            for &r in chosen {
                                let (c, d) = rows[r];
                                values[c as usize] = d;
                            }
                            Ok(Some(rules.geo.grid(values).unwrap_or_else(|_| {
                                unreachable!("the digits of a solution fit its shape")
                            })))
                        }
                        Ok(None) => Ok(None),
                        Err(i) => Err(i),
                    };
                    (out, search.nodes(), false)
                }
            };
            let found = match out {
                Ok(found) => {
                    self.charge(nodes, guesses);
                    found
                }
                Err(i) => return Err(self.interrupted(i, guesses)),
            };
            self.solution = Some(found.ok_or(GradeError::NoSolution)?);
        }
        Ok(self.solution.as_ref().unwrap_or_else(|| unreachable!()))
    }
}

/// A solver reused across the grids of one call (the trial removals of a calibration, the
/// minimality test of a quality check), its work charged in rating units to the call's
/// running total against the rater's limits.
#[derive(Debug)]
pub(crate) struct Counter {
    solver: Option<Solver>,
    guesses: bool,
}

impl Counter {
    /// A counter on `rules`, watching the cancel flag of `limits`.
    pub fn new(rules: &Rules, limits: &Limits) -> Counter {
        let mut solver = Solver::new(Arc::clone(&rules.geo));
        if let Some(flag) = limits.flag() {
            solver = solver.cancel_flag(Arc::clone(flag));
        }
        let guesses = solver.engine() == sudoku_core::Engine::Fast;
        Counter {
            solver: Some(solver),
            guesses,
        }
    }

    /// The solutions of `grid`, counting stops at `limit`, within what `limits` leaves after
    /// `*spent` units; the units the search took are added to `*spent`.
    pub fn count(
        &mut self,
        grid: &Grid,
        limit: u64,
        limits: &Limits,
        spent: &mut u64,
    ) -> Result<u64, GradeError> {
        let remaining = limits.units().map(|u| u.saturating_sub(*spent));
        let guesses = self.guesses;
        let solver = self
            .solver
            .take()
            .unwrap_or_else(|| unreachable!("the solver is put back after each count"));
        let solver = self
            .solver
            .insert(solver.budget(Oracle::node_budget(remaining, guesses)));
        let (out, nodes) = match solver.count(grid, limit) {
            Ok(k) => (Ok(k.at_least()), solver.last_nodes()),
            Err(SolveError::Interrupted(i)) => (Err(i), i.spent()),
            Err(_) => unreachable!("the solver is built on the grid's own geometry"),
        };
        let units = if guesses {
            nodes.saturating_mul(UNITS_PER_GUESS)
        } else {
            nodes.div_ceil(NODES_PER_UNIT)
        }
        .max(1);
        *spent = spent.saturating_add(units);
        if let (Err(i), Some(given)) = (&out, remaining)
            && i.reason() == StopReason::Budget
            && units <= given
        {
            // Stopped by its budget: it used all it was given and wanted one more unit.
            *spent = spent.saturating_add(given + 1 - units);
        }
        match out {
            Err(i) => Err(GradeError::Interrupted(Interrupted::new(
                i.reason(),
                WorkUnit::RatingWork,
                *spent,
            ))),
            Ok(_) if limits.units().is_some_and(|u| *spent > u) => Err(GradeError::Interrupted(
                Interrupted::new(StopReason::Budget, WorkUnit::RatingWork, *spent),
            )),
            Ok(k) => Ok(k),
        }
    }
}
