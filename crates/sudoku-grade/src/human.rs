//! How long a person takes: a simulated solver that looks for singles the way people do,
//! turned into an estimated mean solving time in seconds ([`HumanModel`], [`HumanTime`]).
//!
//! The A1–F score says which techniques a puzzle needs; it says little about how long a
//! person spends on it, because most published puzzles need only singles and what makes one
//! slower than another is how the path unfolds: how many placements are in sight at each
//! moment, and of which kind. The model follows the idea of R. Pelánek's "Difficulty rating
//! of Sudoku puzzles by a computational model" (2011): simulate the person, step by step.
//!
//! # The model
//!
//! The simulated person keeps no pencil marks: a cell's candidates are the digits its houses
//! do not hold yet. At each moment every single in sight is a *way* to the next placement,
//! found at its own rate (its *visibility*, a box's hidden single counting 1):
//!
//! | way | visibility |
//! |---|---|
//! | a digit with one place left in a box (or jigsaw region) | 1 |
//! | a digit with one place left in a row, a column or another house | [`line`](HumanModel::line) |
//! | a cell with one candidate left (naked single) | [`naked`](HumanModel::naked) |
//! | the last empty cell of a house, once more per house | [`full`](HumanModel::full) |
//!
//! A placement seen in several ways is found sooner: the rates add up. With the total
//! visibility `V` of the moment, finding the next placement takes `look / V` seconds (the
//! first of several independent searches to succeed: fewer moves in sight, a longer search),
//! and writing it in [`place`](HumanModel::place) seconds. The placement made is one of the
//! ways in sight, drawn in proportion to its visibility (a person sees the easy ones first).
//! When no single is in sight the person is stuck: [`stuck`](HumanModel::stuck) seconds, and
//! the digit of the solution goes into the cell with fewest candidates (what the harder
//! technique, whichever it is, leads to). The solving time is the mean over
//! [`runs`](HumanModel::runs) such paths, each drawing its placements at fixed quantiles (no
//! random generator: the estimate of a puzzle never changes), plus
//! [`technique`](HumanModel::technique) seconds per unit of the ladder's base cost (B 5,
//! C 10, D 20, E 50, F 75) of each cell the A1–F rating solves beyond singles.
//!
//! # The parameters and how well they do
//!
//! The values of [`HumanModel::CALIBRATED`] were fitted on 800 puzzles of a public puzzle
//! site with the mean solving time of their players (the CC0 data set
//! "synnwang/sudoku_dataset_difficulty", records of 2025-04-07, 10 to 38 players per
//! puzzle, 130 s to 6,192 s, median 356 s; most need only singles, a few need X-Wings,
//! chains or look-ahead): the weights to maximise the Spearman rank correlation between the
//! estimate and the measured time, then the seconds so that the median of estimate ÷
//! measured is 1.
//!
//! | parameter | value |
//! |---|---|
//! | `look` | 12.2 s |
//! | `place` | 2.6 s |
//! | `line` | 0.24 |
//! | `naked` | 0.052 |
//! | `full` | 6.0 |
//! | `stuck` | 23 s |
//! | `technique` | 1.1 s |
//! | `runs` | 16 |
//!
//! Spearman rank correlation with the measured mean time on those 800 puzzles:
//!
//! | rating | Spearman |
//! |---|---|
//! | this model, parameters fitted on all 800 | 0.70 |
//! | this model, 2-fold cross-validation (fitted on one half, measured on the other, 10 random splits) | 0.69 ± 0.02 |
//! | Sudoku Explainer 1.2.1's rating (ER) | 0.54 |
//! | the A1–F score of this crate | 0.31 |
//!
//! The median of estimate ÷ measured is 1.0 on the whole set (0.97 to 1.03 on the halves
//! left out). The measured means are themselves noisy (a dozen players each), which bounds
//! any rank correlation. The figures are the `human_calibrate` harness's in this
//! workspace's `benches` package; see the crate's CHANGELOG for the run.
//!
//! # Other sizes and variants
//!
//! The simulation runs on every shape and variant (houses are generic). The parameters come
//! from 9×9 puzzles only; on other sizes `look` is scaled by the number of cells over 81 (a
//! larger grid takes longer to scan), an untested guess: take the seconds of a 4×4 or a
//! 16×16 as a ranking among puzzles of that size rather than a prediction.
//!
//! ```
//! use sudoku_core::Puzzle;
//! use sudoku_grade::{HumanModel, Rater};
//!
//! let easy = Puzzle::classic(
//!     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?,
//! )?;
//! let hard = Puzzle::classic(
//!     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?,
//! )?;
//! let rater = Rater::new().record_steps(false);
//! let t_easy = HumanModel::CALIBRATED.estimate(&easy, &rater.rate(&easy)?)?;
//! let t_hard = rater.human_time(&hard)?;
//! assert!(t_easy.seconds < t_hard.seconds);
//! assert!(t_easy.seconds > 60.0 && t_easy.seconds < 600.0);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use std::sync::Arc;

use sudoku_core::{Cell, House, HouseKind, Puzzle};

use crate::rules::Rules;
use crate::state::{State, bit, first_digit};
use crate::{GradeError, Method, Rater, Rating};

/// The parameters of the solving-time model (see the [module documentation](self)); plain
/// data, [`HumanModel::CALIBRATED`] by default. A negative or NaN value counts as 0; `runs`
/// of 0 as 1.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HumanModel {
    /// Seconds to find a placement when the visibility in sight is 1 (one hidden single in
    /// one box); the search takes `look / V`.
    pub look: f64,
    /// Seconds to write a placement in.
    pub place: f64,
    /// Visibility of a hidden single in a row, a column or another house that is not a box.
    pub line: f64,
    /// Visibility of a naked single.
    pub naked: f64,
    /// Visibility added by each house of which the cell is the last empty one.
    pub full: f64,
    /// Seconds at a moment when no single is in sight.
    pub stuck: f64,
    /// Seconds per unit of base cost (B 5, C 10, D 20, E 50, F 75) of each cell the A1–F
    /// rating solves beyond singles.
    pub technique: f64,
    /// Simulated paths averaged.
    pub runs: u32,
}

impl Default for HumanModel {
    fn default() -> Self {
        HumanModel::CALIBRATED
    }
}

/// The estimate of [`HumanModel::estimate`]: seconds, and where they go.
#[derive(Clone, Copy, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct HumanTime {
    /// The estimated mean solving time: `singles + stuck + techniques`.
    pub seconds: f64,
    /// Seconds finding and writing in singles (mean over the simulated paths).
    pub singles: f64,
    /// Seconds at the moments with no single in sight (mean over the paths).
    pub stuck: f64,
    /// Seconds of the techniques beyond singles (from the A1–F rating).
    pub techniques: f64,
    /// Moments with no single in sight (mean over the paths).
    pub stuck_moments: f64,
    /// Mean visibility in sight at a moment with a single in sight (1 = one hidden single
    /// in one box).
    pub visibility: f64,
}

impl fmt::Display for HumanTime {
    /// `412 s`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.0} s", self.seconds)
    }
}

/// What makes a way to a placement visible.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Way {
    /// A hidden single of a digit in a house.
    Hidden(House, u8),
    /// A naked single.
    Naked(Cell),
    /// The last empty cell of a house.
    Full(House),
}

/// The golden ratio's fractional part: successive quantiles `k × φ` spread evenly.
const PHI: f64 = 0.618_033_988_749_894_9;

/// Scratch space of one estimate.
struct Walk<'r> {
    rules: &'r Rules,
    /// Per house: 0 for a box or region, 1 for another house.
    line: Vec<bool>,
    ways: Vec<(f64, Way)>,
}

impl<'r> Walk<'r> {
    fn new(rules: &'r Rules) -> Walk<'r> {
        let geo = &*rules.geo;
        Walk {
            rules,
            line: geo
                .houses()
                .map(|h| !matches!(geo.house_kind(h), HouseKind::Box(_) | HouseKind::Region(_)))
                .collect(),
            ways: Vec::new(),
        }
    }

    /// Lists the ways in sight with their visibility; returns the total. `None` when the
    /// position broke (a cell or a house with no place for what it needs).
    fn ways(&mut self, m: &HumanModel, st: &State) -> Option<f64> {
        let rules = self.rules;
        let geo = &*rules.geo;
        self.ways.clear();
        let mut total = 0.0;
        for h in geo.houses() {
            let (mut once, mut twice, mut done) = (0u32, 0u32, 0u32);
            let mut empty = 0u32;
            for &c in geo.house(h) {
                let i = c.index();
                let cand = st.cand[i];
                twice |= once & cand;
                once |= cand;
                match st.values[i] {
                    0 => empty += 1,
                    v => done |= bit(v),
                }
            }
            if rules.full & !(once | done) != 0 {
                return None;
            }
            let w = if self.line[h.index()] { m.line } else { 1.0 };
            let mut single = once & !twice;
            while single != 0 {
                let d = first_digit(single);
                single &= single - 1;
                total += w;
                self.ways.push((w, Way::Hidden(h, d)));
            }
            if empty == 1 {
                total += m.full;
                self.ways.push((m.full, Way::Full(h)));
            }
        }
        for (i, &cand) in st.cand.iter().enumerate() {
            if st.values[i] == 0 {
                match cand.count_ones() {
                    0 => return None,
                    1 => {
                        total += m.naked;
                        self.ways.push((m.naked, Way::Naked(Cell::new(i))));
                    }
                    _ => {}
                }
            }
        }
        Some(total)
    }

    /// The placement of the way at `target` of the cumulative visibility.
    fn pick(&self, st: &State, target: f64) -> Option<(Cell, u8)> {
        let geo = &*self.rules.geo;
        let mut acc = 0.0;
        let mut chosen = None;
        for &(w, way) in &self.ways {
            if w <= 0.0 {
                continue;
            }
            chosen = Some(way);
            acc += w;
            if acc > target {
                break;
            }
        }
        match chosen? {
            Way::Hidden(h, d) => {
                let c = *geo
                    .house(h)
                    .iter()
                    .find(|c| st.cand[c.index()] & bit(d) != 0)?;
                Some((c, d))
            }
            Way::Naked(c) => Some((c, first_digit(st.cand[c.index()]))),
            Way::Full(h) => {
                let c = *geo.house(h).iter().find(|c| st.values[c.index()] == 0)?;
                let cand = st.cand[c.index()];
                (cand != 0).then(|| (c, first_digit(cand)))
            }
        }
    }
}

/// A non-negative number (NaN and negatives count as 0).
fn clean(x: f64) -> f64 {
    if x > 0.0 { x } else { 0.0 }
}

impl HumanModel {
    /// The parameters fitted on the 800 puzzles of the [module documentation](self).
    pub const CALIBRATED: HumanModel = HumanModel {
        look: 12.2,
        place: 2.6,
        line: 0.24,
        naked: 0.052,
        full: 6.0,
        stuck: 23.0,
        technique: 1.1,
        runs: 16,
    };

    /// The parameters with negative or NaN values at 0 and `runs` at least 1.
    fn cleaned(&self) -> HumanModel {
        HumanModel {
            look: clean(self.look),
            place: clean(self.place),
            line: clean(self.line),
            naked: clean(self.naked),
            full: clean(self.full),
            stuck: clean(self.stuck),
            technique: clean(self.technique),
            runs: self.runs.max(1),
        }
    }

    /// The estimated mean solving time of `puzzle`, given its A1–F `rating` (for its
    /// solution and its cells beyond singles; the steps need not be recorded).
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::{HumanModel, Rater};
    ///
    /// let puzzle = Puzzle::classic(
    ///     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?,
    /// )?;
    /// let rating = Rater::new().record_steps(false).rate(&puzzle)?;
    /// let time = HumanModel::default().estimate(&puzzle, &rating)?;
    /// assert_eq!(time, HumanModel::default().estimate(&puzzle, &rating)?); // deterministic
    /// assert!(time.techniques > 0.0, "it needs more than singles");
    /// assert!((time.singles + time.stuck + time.techniques - time.seconds).abs() < 1e-6);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GradeError::RatingMismatch`] if `rating` is not one of this puzzle: its solution is
    /// of another shape, does not hold the givens, or is not a solution of the puzzle's rules.
    pub fn estimate(&self, puzzle: &Puzzle, rating: &Rating) -> Result<HumanTime, GradeError> {
        let geo = puzzle.geometry();
        let sol = &rating.solution;
        if sol.shape() != puzzle.grid().shape()
            || !puzzle.grid().is_subset_of(sol)
            || !geo.is_solution(sol.cells())
        {
            return Err(GradeError::RatingMismatch);
        }
        let m = self.cleaned();
        let rules = Rules::new(Arc::clone(geo));
        let start = State::new(&rules, puzzle.cells());
        let look = m.look * rules.ncells as f64 / 81.0;
        let mut walk = Walk::new(&rules);
        let (mut singles, mut stuck, mut moments, mut vis, mut seen) = (0.0, 0.0, 0.0, 0.0, 0u64);
        let runs = m.runs;
        for run in 0..runs {
            let mut st = start.clone();
            let mut u = (f64::from(run) + 0.5) / f64::from(runs);
            while st.empty > 0 {
                let total = walk.ways(&m, &st).unwrap_or(0.0);
                let placed = if total > 0.0 {
                    singles += m.place + look / total;
                    vis += total;
                    seen += 1;
                    walk.pick(&st, u * total)
                } else {
                    None
                };
                let (c, d) = match placed {
                    Some(p) => p,
                    None => {
                        // Stuck (or the search broke): the solution's digit in the cell with
                        // fewest candidates.
                        stuck += m.place + m.stuck;
                        moments += 1.0;
                        let c = (0..rules.ncells)
                            .filter(|&c| st.values[c] == 0)
                            .min_by_key(|&c| st.cand[c].count_ones())
                            .unwrap_or_else(|| unreachable!("an empty cell is left"));
                        (Cell::new(c), sol.get(c))
                    }
                };
                place_free(&rules, &mut st, c, d);
                u = (u + PHI).fract();
            }
        }
        let r = f64::from(runs);
        let beyond: u32 = [Method::B, Method::C, Method::D, Method::E, Method::F]
            .iter()
            .map(|&x| x.base() * rating.counts.get(x))
            .sum();
        let techniques = m.technique * f64::from(beyond);
        let (singles, stuck) = (singles / r, stuck / r);
        Ok(HumanTime {
            seconds: singles + stuck + techniques,
            singles,
            stuck,
            techniques,
            stuck_moments: moments / r,
            visibility: if seen > 0 { vis / seen as f64 } else { 0.0 },
        })
    }
}

/// Places `d` in `c` whatever its candidates (the solution's digit when stuck).
fn place_free(rules: &Rules, st: &mut State, c: Cell, d: u8) {
    st.cand[c.index()] = bit(d);
    st.place(rules, c, d);
}

impl Rater {
    /// The estimated mean time a person takes to solve `puzzle`, with
    /// [`HumanModel::CALIBRATED`]: rates it (without recording steps), then
    /// [`HumanModel::estimate`].
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::Rater;
    /// let puzzle = Puzzle::classic(
    ///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?,
    /// )?;
    /// let time = Rater::new().human_time(&puzzle)?;
    /// println!("about {time}"); // about 170 s
    /// assert!(time.seconds > 0.0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`Rater::rate`].
    pub fn human_time(&self, puzzle: &Puzzle) -> Result<HumanTime, GradeError> {
        let rating = self.record_steps(false).rate(puzzle)?;
        HumanModel::CALIBRATED.estimate(puzzle, &rating)
    }
}
