//! [`Rater`]: the ladder loop, the attribution rule, the score and the level.
//!
//! The loop (spec, "Attribution"): at the start of each search for the next placement the
//! candidate count |V| of every cell is noted; techniques are tried cheapest first, an
//! elimination restarts the ladder from A1, and a placement ends the search. The placed cell
//! is credited with the hardest of its placing technique and every elimination since the
//! previous placement, and costs `base + rank × (|V| − 1)` of that method. Givens cost
//! nothing; the grid score is the sum over the cells that were empty.

use sudoku_core::{Geometry, Grid, Puzzle};

use crate::adapter;
use crate::hint::Board;
use crate::layout::Layout;
use crate::solver;
use crate::state::{Clash, State};
use crate::technique::{Abort, Finding, Ladder, Technique, Techniques, Uniqueness};
use crate::{Cell, Level, Method, MethodCounts, Step};

/// Why a puzzle could not be rated or hinted.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GradeError {
    /// Two givens hold the same digit in one house.
    #[error("{a} and {b} both hold {digit} in one house")]
    Clash {
        /// The first cell.
        a: Cell,
        /// The second cell.
        b: Cell,
        /// The repeated digit.
        digit: u8,
    },
    /// The puzzle has no solution (the ladder reached a contradiction or the solver found
    /// none).
    #[error("the puzzle has no solution")]
    NoSolution,
    /// The work budget ran out (see [`Rater::budget`]).
    #[error("the work budget ran out")]
    Budget,
    /// The grid does not fit the geometry it was given with.
    #[error("a grid of side {grid} with a geometry of side {geometry}")]
    Geometry {
        /// Side of the grid.
        grid: usize,
        /// Side of the geometry.
        geometry: usize,
    },
    /// `sudoku-core`'s generator failed.
    #[error(transparent)]
    Generate(#[from] sudoku_core::generate::GenerateError),
    /// The step does not apply to this board (see [`Board::apply`](crate::Board::apply)).
    #[error("step does not apply: {0}")]
    BadStep(String),
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
}

impl Rating {
    /// The hardest technique used (the last one of the hardest letter).
    pub fn hardest_technique(&self) -> Option<Technique> {
        self.steps.iter().map(|s| s.technique).max_by_key(|t| t.method())
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
/// use sudoku_grade::{Level, Method, Rater};
/// let grid: sudoku_core::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let rating = Rater::new().rate(&grid)?;
/// assert_eq!(rating.level, Level::Easy);
/// assert_eq!(rating.counts.total(), 49);
/// assert!(rating.hardest <= Some(Method::A2));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rater {
    techniques: Techniques,
    budget: u64,
    solver_budget: u64,
    record_steps: bool,
}

impl Default for Rater {
    fn default() -> Self {
        Rater::new()
    }
}

/// The uniqueness and solution oracle, asked lazily (unique rectangles, F).
#[derive(Debug)]
pub(crate) struct Oracle {
    budget: u64,
    found: Option<solver::Count>,
}

impl Oracle {
    pub fn new(budget: u64) -> Oracle {
        Oracle { budget, found: None }
    }

    fn ask(&mut self, lay: &Layout, st: &State) -> &solver::Count {
        self.found
            .get_or_insert_with(|| solver::count(lay, st, 2, self.budget))
    }

    pub fn unique(&mut self, lay: &Layout, st: &State) -> bool {
        let c = self.ask(lay, st);
        c.count == 1 && !c.exhausted
    }

    pub fn solution(&mut self, lay: &Layout, st: &State) -> Result<&[u8], GradeError> {
        let c = self.ask(lay, st);
        match &c.first {
            Some(s) => Ok(s),
            None if c.exhausted => Err(GradeError::Budget),
            None => Err(GradeError::NoSolution),
        }
    }
}

impl From<Abort> for GradeError {
    fn from(a: Abort) -> GradeError {
        match a {
            Abort::Budget => GradeError::Budget,
            Abort::Broken => GradeError::NoSolution,
        }
    }
}

pub(crate) fn clash_error(lay: &Layout, values: &[u8], c: Clash) -> GradeError {
    GradeError::Clash {
        a: Cell::from_index(c.a, lay.n),
        b: Cell::from_index(c.b, lay.n),
        digit: values[c.b],
    }
}

impl Rater {
    /// All techniques, no budget.
    pub const fn new() -> Rater {
        Rater {
            techniques: Techniques::all(),
            budget: u64::MAX,
            solver_budget: 50_000_000,
            record_steps: true,
        }
    }

    /// Uses only `techniques` (naked singles, hidden singles and guesses always stay).
    pub const fn techniques(mut self, techniques: Techniques) -> Rater {
        self.techniques = techniques;
        self
    }

    /// Caps the work of one call (technique searches plus look-ahead propagations; a
    /// minimal 9×9 puzzle needs from about 60 units to a few tens of thousands for the
    /// hardest ones). Past it the call returns [`GradeError::Budget`].
    pub const fn budget(mut self, work: u64) -> Rater {
        self.budget = work;
        self
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

    /// Finds the next step on a state: the cheapest technique that progresses, else F.
    pub(crate) fn next(
        &self,
        ladder: &mut Ladder<'_>,
        oracle: &mut Oracle,
        st: &State,
        f: &mut Finding,
    ) -> Result<(), GradeError> {
        let lay = ladder.lay;
        if ladder.find(st, f, true, &mut |s| oracle.unique(lay, s))? {
            return Ok(());
        }
        // F: the solution's digit in the cell with fewest candidates.
        let sol = oracle.solution(lay, st)?;
        let mut best = usize::MAX;
        let mut best_n = u32::MAX;
        for c in 0..lay.ncells {
            if st.values[c] == 0 && st.cand[c].count_ones() < best_n {
                best_n = st.cand[c].count_ones();
                best = c;
            }
        }
        if best == usize::MAX {
            return Err(GradeError::NoSolution);
        }
        let d = sol[best];
        if st.cand[best] & (1 << (d - 1)) == 0 {
            return Err(GradeError::NoSolution);
        }
        f.clear();
        f.technique = Technique::Guess;
        f.place = Some((best as u16, d));
        f.cells.push(best as u16);
        f.digits = st.cand[best];
        Ok(())
    }

    /// Rates a puzzle under the classic rules of its shape (rows, columns, boxes).
    ///
    /// # Errors
    /// [`GradeError::Clash`] if two givens repeat a digit in a house,
    /// [`GradeError::NoSolution`] if the puzzle has no solution, [`GradeError::Budget`] if the
    /// work budget runs out.
    pub fn rate(&self, grid: &Grid) -> Result<Rating, GradeError> {
        let lay = adapter::classic(grid.shape());
        self.rate_layout(&lay, grid.shape(), grid.cells())
    }

    /// Rates a grid under the rules of `geometry` (a variant: X, jigsaw, extra houses…).
    ///
    /// # Errors
    /// As [`rate`](Self::rate), and [`GradeError::Geometry`] if the sizes differ.
    pub fn rate_with(&self, geometry: &Geometry, grid: &Grid) -> Result<Rating, GradeError> {
        adapter::check(geometry.size(), grid)?;
        let lay = adapter::layout(geometry);
        self.rate_layout(&lay, grid.shape(), grid.cells())
    }

    /// Rates a validated puzzle with its own geometry.
    ///
    /// # Errors
    /// As [`rate`](Self::rate).
    pub fn rate_puzzle(&self, puzzle: &Puzzle) -> Result<Rating, GradeError> {
        self.rate_with(puzzle.geometry(), puzzle.grid())
    }

    /// The next step on a board: the first step the rater would take from it.
    ///
    /// # Errors
    /// [`GradeError::NoSolution`] if the board has no solution, [`GradeError::Budget`] if
    /// the work budget runs out, [`GradeError::BadStep`] if the board is already solved.
    pub fn next_step(&self, board: &Board) -> Result<Step, GradeError> {
        self.step_layout(board.layout(), board.state())
    }

    /// Rates a puzzle given as a layout and row-major values.
    pub(crate) fn rate_layout(
        &self,
        lay: &Layout,
        shape: sudoku_core::Shape,
        values: &[u8],
    ) -> Result<Rating, GradeError> {
        let mut st = State::new(lay, values).map_err(|c| clash_error(lay, values, c))?;
        let mut ladder = Ladder::new(lay, self.techniques, self.budget);
        let mut oracle = Oracle::new(self.solver_budget);
        let mut f = Finding::new();
        let mut steps = Vec::new();
        let mut placements = Vec::new();
        let mut counts = MethodCounts::default();
        let mut score = 0u32;
        let mut start = vec![0u8; lay.ncells];
        let mut step_index = 0usize;
        while st.empty > 0 {
            for (s, &m) in start.iter_mut().zip(&st.cand) {
                *s = m.count_ones() as u8;
            }
            let mut hardest_elim: Option<Method> = None;
            loop {
                self.next(&mut ladder, &mut oracle, &st, &mut f)?;
                f.apply(lay, &mut st);
                if self.record_steps {
                    steps.push(Step::from_finding(lay, &f));
                }
                step_index += 1;
                let m = f.technique.method();
                if let Some((c, d)) = f.place {
                    let method = hardest_elim.map_or(m, |e| e.max(m));
                    let v = u32::from(start[c as usize]);
                    let cost = method.cost(v);
                    score += cost;
                    counts.add(method);
                    placements.push(Placement {
                        cell: Cell::from_index(c as usize, lay.n),
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
            solution: adapter::grid(shape, st.values),
        })
    }

    /// The next step on a candidate state (the rater's own loop, one turn).
    pub(crate) fn step_layout(&self, lay: &Layout, st: &State) -> Result<Step, GradeError> {
        if st.empty == 0 {
            return Err(GradeError::BadStep("the grid is already solved".into()));
        }
        let mut ladder = Ladder::new(lay, self.techniques, self.budget);
        ladder.uniqueness = Uniqueness::Unknown;
        let mut oracle = Oracle::new(self.solver_budget);
        let mut f = Finding::new();
        self.next(&mut ladder, &mut oracle, st, &mut f)?;
        Ok(Step::from_finding(lay, &f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testutil::parse;

    pub(crate) const PUZZLES: [&str; 5] = [
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        "000000010400000000020000000000050407008000300001090000300400200050100000000806000",
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        "52...6.........7.13...........4..8..6......5...........418.........3..2...87.....",
    ];

    fn check(lay: &Layout, p: &[u8], r: &Rating) {
        let sol = r.solution.cells();
        assert!(p.iter().zip(sol).all(|(&a, &b)| a == 0 || a == b));
        assert!(State::new(lay, sol).is_ok());
        assert_eq!(r.placements.len(), p.iter().filter(|&&v| v == 0).count());
        assert_eq!(r.score, r.placements.iter().map(|p| p.cost).sum::<u32>());
        for s in &r.steps {
            for e in &s.eliminations {
                assert_ne!(sol[e.cell.index(9)], e.digit, "unsound {s}");
            }
            if let Some(pl) = s.placement {
                assert_eq!(sol[pl.cell.index(9)], pl.digit, "wrong placement {s}");
            }
        }
    }

    #[test]
    fn rates_known_puzzles() {
        let lay = Layout::classic(3, 3, false);
        let mut levels = Vec::new();
        for p in PUZZLES {
            let v = parse(p);
            let r = Rater::new().rate_layout(&lay, sudoku_core::Shape::CLASSIC, &v).unwrap();
            check(&lay, &v, &r);
            levels.push((r.level, r.hardest, r.score));
        }
        assert_eq!(levels[0].0, Level::Easy);
        assert_eq!(levels[3].0, Level::Expert);
    }
}

/// Rates a puzzle under the classic rules of its shape with every technique: shorthand for
/// `Rater::new().rate(grid)`.
///
/// # Errors
/// As [`Rater::rate`].
pub fn rate(grid: &Grid) -> Result<Rating, GradeError> {
    Rater::new().rate(grid)
}

/// The next step from a grid (classic rules, candidates computed from the digits): the
/// technique, what it uses, what it places or eliminates, and its sentence. This is the
/// rater's first step on that grid. To go on after an elimination, keep the candidates in a
/// [`Board`] and call [`Board::next_step`].
///
/// ```
/// use sudoku_grade::{Method, Technique};
/// let grid: sudoku_core::Grid =
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// let step = sudoku_grade::next_step(&grid)?;
/// assert_eq!(step.method(), Method::A1);
/// assert!(step.placement.is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// As [`Rater::next_step`], and [`GradeError::Clash`] for givens that repeat in a house.
pub fn next_step(grid: &Grid) -> Result<Step, GradeError> {
    Board::new(grid)?.next_step()
}
