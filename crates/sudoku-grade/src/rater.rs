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

use sudoku_core::{Cell, Grid, Interrupted, Puzzle, PuzzleError, StopReason, WorkUnit};

use crate::oracle::{Oracle, budget_error};
use crate::position::Position;
use crate::rules::Rules;
use crate::state::State;
use crate::technique::{Abort, Finding, Ladder, Technique, Techniques, Uniqueness};
use crate::{Level, Method, MethodCounts, Step};

/// Why a puzzle could not be rated or hinted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GradeError {
    /// The grid is not a valid puzzle of its rules: two givens hold the same digit in one
    /// house (it names them), or the grid and the rules have different shapes.
    #[error(transparent)]
    Puzzle(#[from] PuzzleError),
    /// The puzzle has no solution (the ladder reached a contradiction or the solver found
    /// none).
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The puzzle has two solutions or more: a rating follows the one path to the one
    /// solution, so it is refused (see [`Rater::rate`]).
    #[error("the puzzle has more than one solution")]
    MultipleSolutions,
    /// The work budget ran out (see [`Rater::budget`]; [`Interrupted::spent`] is the work
    /// done, in [`WorkUnit::RatingWork`]) or the cancel flag was raised (see [`Rater::cancel_flag`]): the answer is
    /// unknown.
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
    /// No puzzle of the level asked for came within the attempts allowed (see
    /// [`generate_level`](crate::calibrate::generate_level)).
    #[error("no {level} puzzle in {attempts} attempts")]
    LevelNotFound {
        /// The level asked for.
        level: Level,
        /// The puzzles tried.
        attempts: usize,
    },
    /// `sudoku-core`'s generator failed.
    #[error(transparent)]
    Generate(#[from] sudoku_core::GenerateError),
    /// The step does not apply to this position (see [`Position::play`]).
    #[error("step does not apply: {0}")]
    BadStep(String),
    /// The rating given is not one of this puzzle: its solution does not extend the puzzle's
    /// givens (see [`HumanModel::estimate`](crate::human::HumanModel::estimate)).
    #[error("the rating is not one of this puzzle (its solution does not hold the givens)")]
    RatingMismatch,
}

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
    /// The hardest technique used (the last one of the hardest letter).
    pub fn hardest_technique(&self) -> Option<Technique> {
        self.steps
            .iter()
            .map(|s| s.technique)
            .max_by_key(|t| t.method())
    }

    /// Does some step use `t`?
    pub fn uses(&self, t: Technique) -> bool {
        self.steps.iter().any(|s| s.technique == t)
    }

    /// The tab-separated line of the `grade` example:
    /// `level<TAB>score<TAB>hardest<TAB>A1=n A2=n B=n C=n D=n E=n F=n` (`-` for no hardest).
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

/// Rates puzzles and gives hints with a chosen set of techniques and a work budget.
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
#[derive(Clone, Debug)]
pub struct Rater {
    techniques: Techniques,
    budget: u64,
    record_steps: bool,
    cancel: Option<Arc<AtomicBool>>,
}

impl PartialEq for Rater {
    /// Same techniques, budget and step recording, and the same cancel flag (the same
    /// `Arc`) or none.
    fn eq(&self, other: &Rater) -> bool {
        self.techniques == other.techniques
            && self.budget == other.budget
            && self.record_steps == other.record_steps
            && match (&self.cancel, &other.cancel) {
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
    /// The error of an abandoned search after `work` units.
    fn into_error(self, work: u64) -> GradeError {
        match self {
            Abort::Budget => budget_error(work),
            Abort::Cancelled => GradeError::Interrupted(Interrupted::new(
                StopReason::Cancelled,
                WorkUnit::RatingWork,
                work,
            )),
            Abort::Broken => GradeError::NoSolution,
        }
    }
}

impl Rater {
    /// All techniques, no budget.
    pub const fn new() -> Rater {
        Rater {
            techniques: Techniques::all(),
            budget: u64::MAX,
            record_steps: true,
            cancel: None,
        }
    }

    /// Uses only `techniques` (naked singles, hidden singles and guesses always stay).
    pub const fn techniques(mut self, techniques: Techniques) -> Rater {
        self.techniques = techniques;
        self
    }

    /// Caps the work of one call ([`rate`](Self::rate), [`next_step`](Self::next_step),
    /// [`solution`](Self::solution)); past it the call returns [`GradeError::Interrupted`]
    /// (with [`StopReason::Budget`] and the work
    /// done as its units spent). The default is no cap.
    ///
    /// A unit is a steady amount of work, about one scan of the candidates of a 9×9 grid,
    /// so that a caller can turn a time into units: a search of the singles costs one scan
    /// (one unit per 729 cell-digit pairs: 6 for a 16×16 grid, 22 for a 25×25), each search
    /// of B–D (locked candidates, subsets, fish, wings, rectangles) its measured share of a
    /// scan (from a tenth to 2.6 scans on the largest grids, at least one unit), each trial
    /// of the look-ahead (E) one unit and one more per 600 cells its placements update, and
    /// the solver behind the uniqueness check and F one unit per 2 dancing-links nodes (or 2
    /// units per guess of the 9×9 bitboard engine). Measured on empty 9×9, 16×16 and 25×25
    /// grids and a hard 9×9 puzzle with budgets from 10,000 to 1,000,000, one unit took 0.6 to
    /// 1.3 µs of CPU time on a 2-core x86-64 machine, whatever the size and the budget (the
    /// crate's CHANGELOG gives the run). [`Rating::work`] tells what a rating took: a random
    /// minimal 9×9 puzzle 55 to 5,000 units (median 64), a hard one that needs look-ahead
    /// about 160,000.
    ///
    /// A budget bounds the work; [`cancel_flag`](Self::cancel_flag) bounds the time.
    ///
    /// ```
    /// use sudoku_core::{Puzzle, StopReason};
    /// use sudoku_grade::{GradeError, Rater};
    /// let hard = Puzzle::classic(
    ///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?,
    /// )?;
    /// let needed = Rater::new().rate(&hard)?.work;
    /// assert!(Rater::new().budget(needed).rate(&hard).is_ok());
    /// match Rater::new().budget(needed / 2).rate(&hard) {
    ///     Err(GradeError::Interrupted(i)) => assert_eq!(i.reason(), StopReason::Budget),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const fn budget(mut self, work: u64) -> Rater {
        self.budget = work;
        self
    }

    /// The work budget of one call (`u64::MAX` for none).
    pub const fn work_budget(&self) -> u64 {
        self.budget
    }

    /// Stops every call of this rater soon after `flag` becomes true (another thread raises
    /// it: a deadline, a user who gave up): the call returns [`GradeError::Interrupted`] with
    /// [`StopReason::Cancelled`]. The flag is read at every charge of the work budget
    /// (every few microseconds, at most about 0.2 ms apart on a 25×25 grid) and by the
    /// solver behind the uniqueness check and F (every 1,024 nodes). A flag already raised
    /// stops the call at once; lower it again to reuse the rater.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use sudoku_core::{Puzzle, StopReason};
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
    ///     Err(GradeError::Interrupted(i)) => assert_eq!(i.reason(), StopReason::Cancelled),
    ///     other => panic!("{other:?}"),
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Rater {
        self.cancel = Some(flag);
        self
    }

    /// The cancel flag, if any.
    fn flag(&self) -> Option<&AtomicBool> {
        self.cancel.as_deref()
    }

    /// A ladder of this rater's techniques, budget and cancel flag.
    fn ladder<'a>(&'a self, rules: &'a Rules) -> Ladder<'a> {
        let mut ladder = Ladder::new(rules, self.techniques, self.budget);
        ladder.cancel = self.flag();
        ladder
    }

    /// An oracle with this rater's budget and cancel flag.
    fn oracle(&self, marks: bool) -> Oracle {
        Oracle::new(marks, self.budget, self.cancel.clone())
    }

    /// Keep the list of steps in ratings (default `true`); without it, rating is faster and
    /// [`Rating::steps`] is empty (placements still name their step's index as if recorded).
    pub const fn record_steps(mut self, record: bool) -> Rater {
        self.record_steps = record;
        self
    }

    /// The techniques in use.
    pub const fn technique_set(&self) -> Techniques {
        self.techniques
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
        oracle.remaining = self.budget.saturating_sub(ladder.work);
        let out = self.next_inner(ladder, oracle, st, f);
        ladder.work += oracle.take_spent();
        match out {
            Err(GradeError::Interrupted(i)) => Err(GradeError::Interrupted(Interrupted::new(
                i.reason(),
                WorkUnit::RatingWork,
                ladder.work,
            ))),
            Ok(()) if ladder.work > self.budget => Err(budget_error(ladder.work)),
            other => other,
        }
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
            Err(a) => return Err(a.into_error(ladder.work)),
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
    /// use sudoku_grade::{GradeError, Rater};
    /// // A single given: many solutions.
    /// let open = Puzzle::classic(format!("1{}", ".".repeat(80)).parse()?)?;
    /// assert_eq!(Rater::new().rate(&open), Err(GradeError::MultipleSolutions));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GradeError::NoSolution`] if the puzzle has no solution,
    /// [`GradeError::MultipleSolutions`] if it has more than one,
    /// [`GradeError::Interrupted`] if the work budget runs out.
    pub fn rate(&self, puzzle: &Puzzle) -> Result<Rating, GradeError> {
        self.rate_in(&Rules::new(Arc::clone(puzzle.geometry())), puzzle.grid())
    }

    /// The one solution of a position (its digits, and its candidates when it was read from
    /// pencil marks): what a hint leads to.
    ///
    /// ```
    /// use sudoku_grade::{GradeError, Position, Rater};
    /// let position: Position =
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
    /// let solution = Rater::new().solution(&position)?;
    /// assert!(position.grid().is_subset_of(&solution));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GradeError::NoSolution`] if it has none (for pencil marks: a candidate the solution
    /// needs was removed), [`GradeError::MultipleSolutions`] if it has more than one,
    /// [`GradeError::Interrupted`] if the work budget runs out.
    pub fn solution(&self, position: &Position) -> Result<Grid, GradeError> {
        let (rules, st) = (position.rules(), position.state());
        let mut oracle = self.oracle(position.is_marked());
        match oracle.count(rules, st, 2)? {
            0 => return Err(GradeError::NoSolution),
            1 => {}
            _ => return Err(GradeError::MultipleSolutions),
        }
        oracle.set_unique();
        oracle.solution(rules, st).cloned()
    }

    /// The next step on a position: the first step the rater would take from it. Applied
    /// one by one with [`Position::play`], these steps are the steps of the rating.
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::{Method, Position, Rater};
    /// let puzzle = Puzzle::classic(
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?,
    /// )?;
    /// let step = Rater::new().next_step(&Position::new(&puzzle))?;
    /// assert_eq!(step.method(), Method::A1);
    /// assert!(step.placement.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// It does not check first that the position has one solution (a game may ask for help
    /// on any position): [`solution`](Self::solution) does. The unique rectangles are used
    /// only once the solver has found one solution, and F places the digit of a solution.
    ///
    /// # Errors
    /// [`GradeError::NoSolution`] if the position has no solution,
    /// [`GradeError::Interrupted`] if the work budget runs out, [`GradeError::BadStep`] if
    /// the position is already solved.
    pub fn next_step(&self, position: &Position) -> Result<Step, GradeError> {
        let (rules, st) = (position.rules(), position.state());
        if st.empty == 0 {
            return Err(GradeError::BadStep("the grid is already solved".into()));
        }
        let mut ladder = self.ladder(rules);
        ladder.uniqueness = Uniqueness::Unknown;
        let mut oracle = self.oracle(position.is_marked());
        let mut f = Finding::new();
        self.next(&mut ladder, &mut oracle, st, &mut f)?;
        Ok(Step::from_finding(rules, &f))
    }

    /// Rates the valid puzzle `grid` of `rules`, after checking that it has one solution.
    pub(crate) fn rate_in(&self, rules: &Rules, grid: &Grid) -> Result<Rating, GradeError> {
        let st = State::new(rules, grid.cells());
        let mut oracle = self.oracle(false);
        match oracle.count(rules, &st, 2)? {
            0 => return Err(GradeError::NoSolution),
            1 => {}
            _ => return Err(GradeError::MultipleSolutions),
        }
        let work = oracle.take_spent();
        if work > self.budget {
            return Err(budget_error(work));
        }
        self.rate_state(rules, st, oracle, work)
    }

    /// Rates from `st`, known to have one solution, after `work` units.
    fn rate_state(
        &self,
        rules: &Rules,
        mut st: State,
        mut oracle: Oracle,
        work: u64,
    ) -> Result<Rating, GradeError> {
        oracle.set_unique();
        let mut ladder = self.ladder(rules);
        ladder.uniqueness = Uniqueness::Unique;
        ladder.work = work;
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
                self.next(&mut ladder, &mut oracle, &st, &mut f)?;
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
            solution: Grid::new(rules.geo.shape(), st.values)
                .unwrap_or_else(|_| unreachable!("the values of a position fit its shape")),
            work: ladder.work,
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
            let r = Rater::new().rate_in(&rules, &grid).unwrap();
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
