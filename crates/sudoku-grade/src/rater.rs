//! [`Rater`]: the ladder loop, the attribution rule, the score and the level.
//!
//! The loop (the attribution rule of Yokutai's "Six techniques de déduction"): at the start
//! of each search for the next placement the candidate count |V| of every cell is noted;
//! techniques are tried cheapest first, an elimination restarts the ladder from A1, and a
//! placement ends the search. The placed cell is credited with the hardest of its placing
//! technique and every elimination since the previous placement, and costs
//! `base + rank × (|V| − 1)` of that method. Givens cost nothing; the grid score is the sum
//! over the cells that were empty.
//!
//! F (and the check that lets the unique rectangles assume one solution) asks
//! `sudoku-core`'s [`Solver`](sudoku_core::Solver) about the digits placed so far.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use grilles_game::{Limits, Meter};
use sudoku_core::{Cell, Grid, Interrupted, Puzzle, WorkUnit};

use crate::marked_grid::MarkedGrid;
use crate::oracle::Oracle;
use crate::rules::Rules;
use crate::state::State;
use crate::technique::{Abort, Finding, Ladder, Technique, Techniques, Uniqueness};
use crate::{GradeError, Level, Method, MethodCounts, Step};

/// One solved cell and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Placement {
    /// The cell.
    pub cell: Cell,
    /// Its digit.
    pub digit: u8,
    /// The method credited: the hardest of the placing technique and the eliminations since
    /// the previous placement.
    pub method: Method,
    /// |V|: its candidates when the search for this placement began.
    pub candidates: u32,
    /// `method.cost(candidates)`.
    pub cost: u32,
    /// Index in [`Rating::steps`] of the step that placed it.
    pub step: usize,
}

/// The rating of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Rating {
    /// Easy (A1–A2), Intermediate (up to D) or Expert (E or F).
    pub level: Level,
    /// Sum of the costs of the cells that were empty.
    pub score: u32,
    /// The hardest method credited to a cell (`None` for a grid with no empty cell).
    pub hardest: Option<Method>,
    /// Cells solved by each method.
    pub counts: MethodCounts,
    /// Each solved cell in order, with its method, |V| and cost.
    pub placements: Vec<Placement>,
    /// Every step, eliminations included, in order. Applying them solves the puzzle.
    pub steps: Vec<Step>,
    /// The solution the steps reach.
    pub solution: Grid,
    /// The work the rating took, in the units of [`Rater::budget`] (the uniqueness check
    /// included): a budget of at least this much rates the puzzle again.
    pub work: u64,
}

impl Rating {
    /// The hardest technique used (the last one of the hardest letter); `None` when no step
    /// was recorded (a grid with no empty cell, or [`Rater::record_steps`] off).
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::{Rater, Technique};
    /// let puzzle = Puzzle::classic(
    ///     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?,
    /// )?;
    /// let rating = Rater::new().rate(&puzzle)?;
    /// assert_eq!(rating.hardest_technique(), Some(Technique::HiddenSingle));
    /// assert_eq!(Rater::new().record_steps(false).rate(&puzzle)?.hardest_technique(), None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn hardest_technique(&self) -> Option<Technique> {
        self.steps
            .iter()
            .map(|s| s.technique)
            .max_by_key(|t| t.method())
    }

    /// Does some recorded step use `t`?
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::{Rater, Technique};
    /// let puzzle = Puzzle::classic(
    ///     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?,
    /// )?;
    /// let rating = Rater::new().rate(&puzzle)?;
    /// assert!(rating.uses(Technique::NakedSingle));
    /// assert!(!rating.uses(Technique::XWing));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn uses(&self, t: Technique) -> bool {
        self.steps.iter().any(|s| s.technique == t)
    }

    /// The tab-separated line of the `grade` example:
    /// `level<TAB>score<TAB>hardest<TAB>A1=n A2=n B=n C=n D=n E=n F=n` (`-` for no hardest).
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::Rater;
    /// let solved = Puzzle::classic("1234341221434321".parse()?)?;
    /// assert_eq!(Rater::new().rate(&solved)?.summary_line(), "easy\t0\t-\tA1=0 A2=0 B=0 C=0 D=0 E=0 F=0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn summary_line(&self) -> String {
        format!(
            "{}\t{}\t{}\t{}",
            self.level,
            self.score,
            self.hardest.map_or("-", Method::as_str),
            self.counts
        )
    }
}

/// Rates puzzles and gives hints with a chosen set of techniques, a work budget and a cancel
/// flag.
///
/// ```
/// use sudoku_core::Puzzle;
/// use sudoku_grade::{Level, Method, Rater};
/// let puzzle = Puzzle::classic(
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?,
/// )?;
/// let rating = Rater::new().rate(&puzzle)?;
/// assert_eq!(rating.level, Level::Easy);
/// assert_eq!(rating.counts.total(), 49);
/// assert!(rating.hardest <= Some(Method::A2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Budget and cancellation
///
/// Every call of a rater ([`rate`](Self::rate), [`next_step`](Self::next_step),
/// [`solution`](Self::solution), [`human_time`](Self::human_time),
/// [`calibrate`](Self::calibrate), [`generate_level`](Self::generate_level),
/// [`quality`](Self::quality)) counts its work in [`WorkUnit::RatingWork`] against the
/// rater's [`budget`](Self::budget) (none by default) and watches its
/// [`cancel_flag`](Self::cancel_flag); past either it returns [`GradeError::Interrupted`]
/// with the one interruption of the workspace, [`Interrupted`], never a wrong answer.
#[derive(Clone, Debug)]
pub struct Rater {
    techniques: Techniques,
    limits: Limits,
    record_steps: bool,
}

impl PartialEq for Rater {
    /// Same techniques, budget and step recording, and the same cancel flag (the same
    /// `Arc`) or none.
    fn eq(&self, other: &Rater) -> bool {
        self.techniques == other.techniques
            && self.limits.units() == other.limits.units()
            && self.record_steps == other.record_steps
            && match (self.limits.flag(), other.limits.flag()) {
                (None, None) => true,
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => false,
            }
    }
}

impl Eq for Rater {}

impl Default for Rater {
    fn default() -> Self {
        Rater::new()
    }
}

impl Abort {
    /// The error of an abandoned search.
    fn into_error(self) -> GradeError {
        match self {
            Abort::Stopped(i) => GradeError::Interrupted(i),
            Abort::Broken => GradeError::NoSolution,
        }
    }
}

impl Rater {
    /// All techniques, no budget, no cancel flag, steps recorded.
    ///
    /// ```
    /// use sudoku_grade::{Rater, Techniques};
    /// let rater = Rater::new();
    /// assert_eq!(rater.technique_set(), Techniques::all());
    /// assert_eq!(rater.limits().units(), None);
    /// assert_eq!(rater, Rater::default());
    /// ```
    pub const fn new() -> Rater {
        Rater {
            techniques: Techniques::all(),
            limits: Limits::new(),
            record_steps: true,
        }
    }

    /// Uses only `techniques` (naked singles, hidden singles and guesses always stay).
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::{Method, Rater, Technique, Techniques};
    /// // Needs look-ahead (E) with every technique.
    /// let puzzle = Puzzle::classic(
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?,
    /// )?;
    /// let rater = Rater::new().techniques(Techniques::all().without(Technique::Contradiction));
    /// assert!(!rater.technique_set().contains(Technique::Contradiction));
    /// let rating = rater.rate(&puzzle)?;
    /// assert!(!rating.uses(Technique::Contradiction));
    /// assert_eq!(rating.hardest, Some(Method::F));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn techniques(mut self, techniques: Techniques) -> Rater {
        self.techniques = techniques;
        self
    }

    /// Caps the work of each call at `units` [`WorkUnit::RatingWork`] units (`None`, the
    /// default: no cap); past it the call returns [`GradeError::Interrupted`] with
    /// [`StopReason::Budget`](sudoku_core::StopReason::Budget) and the work done as its units
    /// spent. A call made of several ratings ([`calibrate`](Self::calibrate),
    /// [`generate_level`](Self::generate_level), [`quality`](Self::quality)) counts all of
    /// them against one budget.
    ///
    /// A unit is a steady amount of work, about one scan of the candidates of a 9×9 grid,
    /// so that a caller can turn a time into units: a search of the singles costs one scan
    /// (one unit per 729 cell-digit pairs: 6 for a 16×16 grid, 22 for a 25×25), each search
    /// of B–D (locked candidates, subsets, fish, wings, rectangles) its measured share of a
    /// scan (from a tenth to 2.6 scans on the largest grids, at least one unit), each trial
    /// of the look-ahead (E) one unit and one more per 600 cells its placements update, and
    /// the solver behind the uniqueness check and F one unit per 2 dancing-links nodes (or 2
    /// units per guess of the 9×9 bitboard engine). One unit takes about a microsecond of
    /// CPU time, whatever the size of the grid.
    /// [`Rating::work`] tells what a rating took: a random minimal 9×9 puzzle some 55 to
    /// 5,000 units, a hard one that needs look-ahead about 160,000.
    ///
    /// A budget bounds the work; [`cancel_flag`](Self::cancel_flag) bounds the time.
    ///
    /// ```
    /// use sudoku_core::{Puzzle, StopReason, WorkUnit};
    /// use sudoku_grade::{GradeError, Rater};
    /// let hard = Puzzle::classic(
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?,
    /// )?;
    /// let needed = Rater::new().rate(&hard)?.work;
    /// assert!(Rater::new().budget(needed).rate(&hard).is_ok());
    /// match Rater::new().budget(needed / 2).rate(&hard) {
    ///     Err(GradeError::Interrupted(stop)) => {
    ///         assert_eq!((stop.reason(), stop.unit()), (StopReason::Budget, WorkUnit::RatingWork));
    ///         assert!(stop.spent() > needed / 2);
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// assert_eq!(Rater::new().budget(10).budget(None), Rater::new());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn budget(mut self, units: impl Into<Option<u64>>) -> Rater {
        self.limits.set_budget(units);
        self
    }

    /// Stops every call of this rater soon after `flag` becomes true (another thread raises
    /// it: a deadline, a user who gave up): the call returns [`GradeError::Interrupted`] with
    /// [`StopReason::Cancelled`](sudoku_core::StopReason::Cancelled). The flag is read at
    /// least every 256 work units (a fraction of a millisecond) and by the solver behind the
    /// uniqueness check and F. A flag already raised stops the call at once; lower it again
    /// to reuse the rater.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::{GradeError, Rater};
    ///
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let rater = Rater::new().cancel_flag(Arc::clone(&flag));
    /// let puzzle = Puzzle::classic(
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?,
    /// )?;
    /// assert!(rater.rate(&puzzle).is_ok());
    /// flag.store(true, Ordering::Relaxed); // in practice, from a timer thread
    /// match rater.rate(&puzzle) {
    ///     Err(GradeError::Interrupted(stop)) => assert!(stop.is_cancelled()),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Rater {
        self.limits.set_cancel_flag(flag);
        self
    }

    /// The budget and cancel flag of each call.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use sudoku_grade::Rater;
    /// let rater = Rater::new().budget(5_000).cancel_flag(Arc::new(AtomicBool::new(false)));
    /// assert_eq!(rater.limits().units(), Some(5_000));
    /// assert!(rater.limits().flag().is_some() && !rater.limits().is_cancelled());
    /// ```
    pub const fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Keep the list of steps in ratings (default `true`); without it, rating is faster and
    /// [`Rating::steps`] is empty (placements still name their step's index as if recorded).
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::Rater;
    /// let puzzle = Puzzle::classic(
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?,
    /// )?;
    /// let quick = Rater::new().record_steps(false).rate(&puzzle)?;
    /// let full = Rater::new().rate(&puzzle)?;
    /// assert!(quick.steps.is_empty() && full.steps.len() >= 49);
    /// assert_eq!((quick.score, quick.placements), (full.score, full.placements));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn record_steps(mut self, record: bool) -> Rater {
        self.record_steps = record;
        self
    }

    /// The techniques in use.
    ///
    /// ```
    /// use sudoku_grade::{Rater, Technique, Techniques};
    /// let rater = Rater::new().techniques(Techniques::all().without(Technique::XWing));
    /// assert!(!rater.technique_set().contains(Technique::XWing));
    /// assert!(rater.technique_set().contains(Technique::Swordfish));
    /// ```
    pub const fn technique_set(&self) -> Techniques {
        self.techniques
    }

    /// A meter of this rater's limits, already charged with the `spent` units of the call.
    pub(crate) fn meter(&self, spent: u64) -> Result<Meter<'_>, GradeError> {
        let mut meter = self.limits.meter(WorkUnit::RatingWork);
        meter.spend(spent)?;
        Ok(meter)
    }

    /// The units a solver call may still use, `None` without a budget.
    fn remaining(&self, meter: &Meter<'_>) -> Option<u64> {
        self.limits.units().map(|_| meter.remaining())
    }

    /// An oracle watching this rater's cancel flag.
    fn oracle(&self, marks: bool) -> Oracle {
        Oracle::new(marks, None, self.limits.flag().cloned())
    }

    /// Charges the oracle's work to `meter`; an interruption of the oracle is restated with
    /// the units of the whole call.
    fn charge<T>(
        meter: &mut Meter<'_>,
        oracle: &mut Oracle,
        out: Result<T, GradeError>,
    ) -> Result<T, GradeError> {
        let charged = meter.spend(oracle.take_spent());
        match out {
            Err(GradeError::Interrupted(i)) => Err(GradeError::Interrupted(Interrupted::new(
                i.reason(),
                WorkUnit::RatingWork,
                meter.spent(),
            ))),
            Ok(x) => charged.map(|()| x).map_err(GradeError::from),
            other => other,
        }
    }

    /// Finds the next step on a state: the cheapest technique that progresses, else F. The
    /// solver's work is added to the ladder's.
    fn next(
        &self,
        ladder: &mut Ladder<'_>,
        oracle: &mut Oracle,
        st: &State,
        f: &mut Finding,
    ) -> Result<(), GradeError> {
        oracle.remaining = self.remaining(&ladder.meter);
        let out = self.next_inner(ladder, oracle, st, f);
        Rater::charge(&mut ladder.meter, oracle, out)
    }

    fn next_inner(
        &self,
        ladder: &mut Ladder<'_>,
        oracle: &mut Oracle,
        st: &State,
        f: &mut Finding,
    ) -> Result<(), GradeError> {
        let rules = ladder.rules;
        match ladder.find(st, f, true, &mut |s| oracle.unique(rules, s)) {
            Ok(true) => return Ok(()),
            Ok(false) => {}
            Err(a) => return Err(a.into_error()),
        }
        // F: the solution's digit in the cell with fewest candidates.
        let sol = oracle.solution(rules, st)?;
        let mut best = usize::MAX;
        let mut best_n = u32::MAX;
        for c in 0..rules.ncells {
            if st.values[c] == 0 && st.cand[c].count_ones() < best_n {
                best_n = st.cand[c].count_ones();
                best = c;
            }
        }
        if best == usize::MAX {
            return Err(GradeError::NoSolution);
        }
        let d = sol.get(best);
        if st.cand[best] & (1 << (d - 1)) == 0 {
            return Err(GradeError::NoSolution);
        }
        let cell = Cell::new(best);
        f.clear();
        f.technique = Technique::Guess;
        f.place = Some((cell, d));
        f.cells.push(cell);
        f.digits = st.cand[best];
        Ok(())
    }

    /// Rates a puzzle under its own rules (a classic puzzle, or a variant: X, jigsaw, extra
    /// houses…).
    ///
    /// The puzzle must have exactly one solution: `sudoku-core`'s solver checks that first
    /// (within the budget), as a rating follows the path of logic to the one solution and
    /// the uniqueness techniques rely on it.
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::{GradeError, Level, Rater};
    /// let puzzle = Puzzle::classic(
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?,
    /// )?;
    /// let rating = Rater::new().rate(&puzzle)?;
    /// assert_eq!(rating.level, Level::Easy);
    /// assert!(puzzle.grid().is_subset_of(&rating.solution));
    /// // A single given: many solutions.
    /// let open = Puzzle::classic(format!("1{}", ".".repeat(80)).parse()?)?;
    /// assert_eq!(Rater::new().rate(&open), Err(GradeError::MultipleSolutions));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GradeError::NoSolution`] if the puzzle has no solution,
    /// [`GradeError::MultipleSolutions`] if it has more than one,
    /// [`GradeError::Interrupted`] past the budget or once the cancel flag is raised.
    pub fn rate(&self, puzzle: &Puzzle) -> Result<Rating, GradeError> {
        let rules = Rules::new(Arc::clone(puzzle.geometry()));
        self.rate_in(&rules, puzzle.grid(), &mut 0)
    }

    /// The one solution of a marked grid (its digits, and its candidates when it was read
    /// from pencil marks): what a hint leads to.
    ///
    /// ```
    /// use sudoku_grade::{GradeError, MarkedGrid, Rater};
    /// let grid: MarkedGrid =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
    /// let solution = Rater::new().solution(&grid)?;
    /// assert!(grid.grid().is_subset_of(&solution) && solution.is_complete());
    /// // Pencil marks that lost a digit of the solution: none.
    /// let lost: MarkedGrid = format!("[2][2]{}", ".".repeat(14)).parse()?;
    /// assert_eq!(Rater::new().solution(&lost), Err(GradeError::NoSolution));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GradeError::NoSolution`] if it has none (for pencil marks: a candidate the solution
    /// needs was removed), [`GradeError::MultipleSolutions`] if it has more than one,
    /// [`GradeError::Interrupted`] past the budget or once the cancel flag is raised.
    pub fn solution(&self, grid: &MarkedGrid) -> Result<Grid, GradeError> {
        let (rules, st) = (grid.rules(), grid.state());
        let mut meter = self.meter(0)?;
        let mut oracle = self.oracle(grid.is_marked());
        oracle.remaining = self.remaining(&meter);
        let counted = oracle.count(rules, st, 2);
        match Rater::charge(&mut meter, &mut oracle, counted)? {
            0 => return Err(GradeError::NoSolution),
            1 => {}
            _ => return Err(GradeError::MultipleSolutions),
        }
        oracle.set_unique();
        oracle.remaining = self.remaining(&meter);
        let found = oracle.solution(rules, st).cloned();
        Rater::charge(&mut meter, &mut oracle, found)
    }

    /// The next step on a marked grid: the first step the rater would take from it. Played
    /// one by one with [`MarkedGrid::play`], these steps are the steps of the rating.
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::{GradeError, MarkedGrid, Method, Rater};
    /// let puzzle = Puzzle::classic(
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?,
    /// )?;
    /// let step = Rater::new().next_step(&MarkedGrid::new(&puzzle))?;
    /// assert_eq!(step.method(), Method::A1);
    /// assert!(step.placement.is_some());
    /// let solved: MarkedGrid = "1234341221434321".parse()?;
    /// assert_eq!(Rater::new().next_step(&solved), Err(GradeError::AlreadySolved));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// It does not check first that the grid has one solution (a game may ask for help on
    /// any position): [`solution`](Self::solution) does. The unique rectangles are used only
    /// once the solver has found one solution, and F places the digit of a solution.
    ///
    /// # Errors
    /// [`GradeError::AlreadySolved`] if every cell is filled, [`GradeError::NoSolution`] if
    /// the grid has no solution, [`GradeError::Interrupted`] past the budget or once the
    /// cancel flag is raised.
    pub fn next_step(&self, grid: &MarkedGrid) -> Result<Step, GradeError> {
        let (rules, st) = (grid.rules(), grid.state());
        if st.empty == 0 {
            return Err(GradeError::AlreadySolved);
        }
        let mut ladder = Ladder::new(rules, self.techniques, self.meter(0)?);
        ladder.uniqueness = Uniqueness::Unknown;
        let mut oracle = self.oracle(grid.is_marked());
        let mut f = Finding::new();
        self.next(&mut ladder, &mut oracle, st, &mut f)?;
        Ok(Step::from_finding(rules, &f))
    }

    /// Rates the valid puzzle `grid` of `rules`, after checking that it has one solution.
    /// `*spent` is the work the call did before (it counts against the budget) and is the
    /// work done after, whether the rating succeeds or not.
    pub(crate) fn rate_in(
        &self,
        rules: &Rules,
        grid: &Grid,
        spent: &mut u64,
    ) -> Result<Rating, GradeError> {
        let start = *spent;
        let mut meter = self.meter(start)?;
        let st = State::new(rules, grid.cells());
        let mut oracle = self.oracle(false);
        oracle.remaining = self.remaining(&meter);
        let counted = oracle.count(rules, &st, 2);
        let counted = Rater::charge(&mut meter, &mut oracle, counted);
        *spent = meter.spent();
        match counted? {
            0 => return Err(GradeError::NoSolution),
            1 => {}
            _ => return Err(GradeError::MultipleSolutions),
        }
        oracle.set_unique();
        let mut ladder = Ladder::new(rules, self.techniques, meter);
        ladder.uniqueness = Uniqueness::Unique;
        let out = self.rate_state(&mut ladder, st, oracle, start);
        *spent = ladder.meter.spent();
        out
    }

    /// Rates from `st`, known to have one solution; the call's work started at `start`.
    fn rate_state(
        &self,
        ladder: &mut Ladder<'_>,
        mut st: State,
        mut oracle: Oracle,
        start_work: u64,
    ) -> Result<Rating, GradeError> {
        let rules = ladder.rules;
        let mut f = Finding::new();
        let mut steps = Vec::new();
        let mut placements = Vec::new();
        let mut counts = MethodCounts::default();
        let mut score = 0u32;
        let mut start = vec![0u8; rules.ncells];
        let mut step_index = 0usize;
        while st.empty > 0 {
            for (s, &m) in start.iter_mut().zip(&st.cand) {
                *s = m.count_ones() as u8;
            }
            let mut hardest_elim: Option<Method> = None;
            loop {
                self.next(ladder, &mut oracle, &st, &mut f)?;
                f.apply(rules, &mut st);
                if self.record_steps {
                    steps.push(Step::from_finding(rules, &f));
                }
                step_index += 1;
                let m = f.technique.method();
                if let Some((c, d)) = f.place {
                    let method = hardest_elim.map_or(m, |e| e.max(m));
                    let v = u32::from(start[c.index()]);
                    let cost = method.cost(v);
                    score += cost;
                    counts.add(method);
                    placements.push(Placement {
                        cell: c,
                        digit: d,
                        method,
                        candidates: v,
                        cost,
                        step: step_index - 1,
                    });
                    break;
                }
                hardest_elim = Some(hardest_elim.map_or(m, |e| e.max(m)));
            }
        }
        let hardest = placements.iter().map(|p| p.method).max();
        Ok(Rating {
            level: hardest.map_or(Level::Easy, Method::level),
            score,
            hardest,
            counts,
            placements,
            steps,
            solution: rules
                .geo
                .grid(st.values)
                .unwrap_or_else(|_| unreachable!("the values of a position fit its shape")),
            work: ladder.meter.spent() - start_work,
        })
    }
}

/// Rates a grid under the classic rules of its shape with every technique: shorthand for
/// `Rater::new().rate(&Puzzle::classic(grid.clone())?)`.
///
/// ```
/// use sudoku_grade::{Level, rate};
/// let grid = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// assert_eq!(rate(&grid)?.level, Level::Easy);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`GradeError::Puzzle`] if two givens repeat a digit in a house, otherwise as
/// [`Rater::rate`].
pub fn rate(grid: &Grid) -> Result<Rating, GradeError> {
    Rater::new().rate(&Puzzle::classic(grid.clone())?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Geometry, Shape, StopReason};

    pub(crate) const PUZZLES: [&str; 5] = [
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ];

    fn check(geo: &Geometry, p: &Grid, r: &Rating) {
        let sol = r.solution.cells();
        assert!(p.is_subset_of(&r.solution));
        assert!(geo.is_solution(sol));
        let empty = p.cells().iter().filter(|&&v| v == 0).count();
        assert_eq!(r.placements.len(), empty);
        assert_eq!(r.score, r.placements.iter().map(|p| p.cost).sum::<u32>());
        for s in &r.steps {
            for e in &s.eliminations {
                assert_ne!(sol[e.cell.index()], e.digit, "unsound {s}");
            }
            if let Some(pl) = s.placement {
                assert_eq!(sol[pl.cell.index()], pl.digit, "wrong placement {s}");
            }
        }
    }

    #[test]
    fn rates_known_puzzles() {
        let geo = Geometry::classic(Shape::CLASSIC);
        let rules = Rules::new(Arc::clone(&geo));
        let mut levels = Vec::new();
        for p in PUZZLES {
            let grid: Grid = p.parse().unwrap();
            let r = Rater::new().rate_in(&rules, &grid, &mut 0).unwrap();
            check(&geo, &grid, &r);
            assert_eq!(
                r,
                Rater::new().rate(&Puzzle::classic(grid).unwrap()).unwrap()
            );
            levels.push((r.level, r.hardest, r.score));
        }
        assert_eq!(levels[0].0, Level::Easy);
        assert_eq!(levels[3].0, Level::Expert);
    }

    #[test]
    fn work_done_before_counts_against_the_budget() {
        let rules = Rules::new(Geometry::classic(Shape::CLASSIC));
        let grid: Grid = PUZZLES[0].parse().unwrap();
        let needed = Rater::new().rate_in(&rules, &grid, &mut 0).unwrap().work;
        let rater = Rater::new().budget(needed + 100);
        let mut spent = 100;
        let r = rater.rate_in(&rules, &grid, &mut spent).unwrap();
        assert_eq!((r.work, spent), (needed, needed + 100));
        let mut spent = 101;
        match rater.rate_in(&rules, &grid, &mut spent) {
            Err(GradeError::Interrupted(i)) => {
                assert_eq!(i.reason(), StopReason::Budget);
                assert_eq!(i.spent(), spent);
                assert!(spent > needed + 100);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn the_budget_error_is_an_interruption() {
        let grid: Grid = PUZZLES[3].parse().unwrap();
        let puzzle = Puzzle::classic(grid).unwrap();
        match Rater::new().budget(10).rate(&puzzle) {
            Err(GradeError::Interrupted(i)) => {
                assert_eq!(i.reason(), StopReason::Budget);
                assert!(i.spent() >= 10, "{i:?}");
            }
            other => panic!("{other:?}"),
        }
    }
}
