//! How long a person takes: [`HumanModel`], [`HumanTime`], and [`spearman`], the rank
//! correlation the model is measured by.

use core::fmt;
use std::sync::Arc;

use sudoku_core::{Cell, HouseKind, Puzzle};

use crate::rules::Rules;
use crate::state::{State, bit, first_digit};
use crate::{GradeError, Method, Rater, Rating};

/// Spearman's rank correlation of `a` and `b` (ties get the mean of their ranks): how this
/// module's estimate is measured against measured solving times, and how a caller can
/// measure any difficulty score against their own times. `None` when the slices differ in
/// length, hold fewer than two values, or one of them is constant.
///
/// ```
/// use sudoku_grade::spearman;
///
/// let seconds = [30.0, 95.0, 41.0, 400.0];
/// assert_eq!(spearman(&[1.0, 3.0, 2.0, 4.0], &seconds), Some(1.0));
/// assert_eq!(spearman(&[4.0, 2.0, 3.0, 1.0], &seconds), Some(-1.0));
/// assert_eq!(spearman(&[1.0, 1.0, 1.0, 1.0], &seconds), None);
/// ```
pub fn spearman(a: &[f64], b: &[f64]) -> Option<f64> {
    if a.len() != b.len() || a.len() < 2 {
        return None;
    }
    let (a, b) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(&b) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma) * (x - ma);
        sbb += (y - mb) * (y - mb);
    }
    (saa > 0.0 && sbb > 0.0).then(|| sab / (saa * sbb).sqrt())
}

/// Ranks from 1, ties sharing the mean of their ranks.
fn ranks(x: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..x.len()).collect();
    idx.sort_by(|&a, &b| x[a].total_cmp(&x[b]));
    let mut r = vec![0.0; x.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && x[idx[j + 1]] == x[idx[i]] {
            j += 1;
        }
        for &k in &idx[i..=j] {
            r[k] = (i + j) as f64 / 2.0 + 1.0;
        }
        i = j + 1;
    }
    r
}

/// How long a person takes: the parameters of a simulated solver that looks for singles the
/// way people do, turned into an estimated mean solving time in seconds ([`HumanTime`]);
/// plain data, [`HumanModel::CALIBRATED`] by default. A negative or NaN value counts as 0;
/// `runs` of 0 as 1, above [`HumanModel::MAX_RUNS`] as that (the estimate's work grows with
/// it).
///
/// The A1–F score says which techniques a puzzle needs; it says little about how long a
/// person spends on it, because most published puzzles need only singles and what makes one
/// slower than another is how the path unfolds: how many placements are in sight at each
/// moment, and of which kind. The model follows the idea of R. Pelánek's "Difficulty rating
/// of Sudoku puzzles by a computational model" (2011): simulate the person, step by step.
///
/// # The model
///
/// The simulated person keeps no pencil marks: a cell's candidates are the digits its houses
/// do not hold yet. At each moment every single in sight is a *way* to the next placement,
/// found at its own rate (its *visibility*, a box's hidden single counting 1):
///
/// | way | visibility |
/// |---|---|
/// | a digit with one place left in a box (or jigsaw region) | 1 |
/// | a digit with one place left in a row, a column or another house | [`line`](HumanModel::line) |
/// | a cell with one candidate left (naked single) | [`naked`](HumanModel::naked) |
/// | the last empty cell of a house, once more per house | [`full`](HumanModel::full) |
///
/// A placement seen in several ways is found sooner: the rates add up. With the total
/// visibility `V` of the moment, finding the next placement takes `look / V` seconds (the
/// first of several independent searches to succeed: fewer moves in sight, a longer search),
/// and writing it in [`place`](HumanModel::place) seconds. The placement made is one of the
/// ways in sight, drawn in proportion to its visibility (a person sees the easy ones first).
/// When no single is in sight the person is stuck: [`stuck`](HumanModel::stuck) seconds, and
/// the digit of the solution goes into the cell with fewest candidates (what the harder
/// technique, whichever it is, leads to). The solving time is the mean over
/// [`runs`](HumanModel::runs) such paths, each drawing its placements at fixed quantiles (no
/// random generator: the estimate of a puzzle never changes), plus
/// [`technique`](HumanModel::technique) seconds per unit of the ladder's base cost (B 5,
/// C 10, D 20, E 50, F 75) of each cell the A1–F rating solves beyond singles.
///
/// # The parameters and how well they do
///
/// The values of [`HumanModel::CALIBRATED`] were fitted on 800 puzzles of a public puzzle
/// site with the mean solving time of their players (the CC0 data set
/// "synnwang/sudoku_dataset_difficulty", records of 2025-04-07, 10 to 38 players per
/// puzzle, 130 s to 6,192 s, median 356 s; most need only singles, a few need X-Wings,
/// chains or look-ahead): the weights to maximise the Spearman rank correlation between the
/// estimate and the measured time, then the seconds so that the median of estimate ÷
/// measured is 1.
///
/// | parameter | value |
/// |---|---|
/// | `look` | 23.8 s |
/// | `place` | 2.36 s |
/// | `line` | 0.42 |
/// | `naked` | 0.071 |
/// | `full` | 3.6 |
/// | `stuck` | 12.2 s |
/// | `technique` | 6.7 s |
/// | `runs` | 16 |
///
/// Spearman rank correlation with the measured mean time on those 800 puzzles:
///
/// | rating | Spearman |
/// |---|---|
/// | this model, parameters fitted on all 800 | 0.71 |
/// | this model, 2-fold cross-validation (fitted on one half, measured on the other, 10 random splits) | 0.70 ± 0.02 (0.66 to 0.74) |
/// | Sudoku Explainer 1.2.1's rating (ER) | 0.54 |
/// | the A1–F score of this crate | 0.31 |
///
/// The median of estimate ÷ measured is 1.00 on the whole set (0.98 to 1.03 on the halves
/// left out). The measured means are themselves noisy (a dozen players each), which bounds
/// any rank correlation.
///
/// # Other sizes and variants
///
/// The simulation runs on every shape and variant (houses are generic). The parameters come
/// from 9×9 puzzles only; on other sizes `look` is scaled by the number of cells over 81 (a
/// larger grid takes longer to scan), an untested guess: take the seconds of a 4×4 or a
/// 16×16 as a ranking among puzzles of that size rather than a prediction.
///
/// ```
/// use sudoku_core::Puzzle;
/// use sudoku_grade::{HumanModel, Rater};
///
/// let easy = Puzzle::classic(
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?,
/// )?;
/// let hard = Puzzle::classic(
///     "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..".parse()?,
/// )?;
/// let rater = Rater::new().record_steps(false);
/// let t_easy = HumanModel::CALIBRATED.estimate(&easy, &rater.rate(&easy)?)?;
/// let t_hard = rater.human_time(&hard)?;
/// assert!(t_easy.seconds < t_hard.seconds);
/// assert!(t_easy.seconds > 60.0 && t_easy.seconds < 600.0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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
///
/// ```
/// use sudoku_core::Puzzle;
/// use sudoku_grade::Rater;
/// let puzzle = Puzzle::classic(
///     "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?,
/// )?;
/// let time = Rater::new().human_time(&puzzle)?;
/// assert!((time.singles + time.stuck + time.techniques - time.seconds).abs() < 1e-6);
/// assert_eq!(time.to_string(), format!("{:.0} s", time.seconds));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
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

/// The golden ratio's fractional part: successive quantiles `k × φ` spread evenly.
const PHI: f64 = 0.618_033_988_749_894_9;

/// The simulated person's grid: digits, candidates (the digits the houses leave), per house
/// and digit the places left, and the singles in sight, all kept up to date placement by
/// placement.
#[derive(Clone)]
struct PersonGrid {
    values: Vec<u8>,
    cand: Vec<u32>,
    /// `pos[h * n + d − 1]`: bit `i` when the `i`-th cell of house `h` may hold `d`.
    pos: Vec<u32>,
    /// Digits placed in each house.
    done: Vec<u32>,
    /// Empty cells of each house.
    empty: Vec<u16>,
    /// Hidden singles in each house.
    singles: Vec<u16>,
    /// Empty cells left.
    left: usize,
    /// The ways in sight.
    sight: Sight,
    /// A digit lost its last place in a house, or a cell its last candidate.
    broken: bool,
}

/// The ways in sight, by kind.
#[derive(Clone, Copy, Default)]
struct Sight {
    boxes: i32,
    lines: i32,
    naked: i32,
    full: i32,
}

/// The geometry in the shape the walk needs.
struct Walk<'r> {
    rules: &'r Rules,
    n: usize,
    /// The cells of each house, flat (`n` per house).
    cells: Vec<u16>,
    /// Per house: true for a row, a column or another house that is not a box or region.
    line: Vec<bool>,
    /// The houses of each cell with the cell's place in them, flat from `of_start[c]`.
    of: Vec<(u16, u8)>,
    of_start: Vec<u32>,
}

impl<'r> Walk<'r> {
    fn new(rules: &'r Rules) -> Walk<'r> {
        let geo = &*rules.geo;
        let n = rules.n;
        let mut cells = Vec::with_capacity(geo.house_count() * n);
        let mut of = vec![Vec::new(); rules.ncells];
        for h in geo.houses() {
            for (i, &c) in geo.house(h).iter().enumerate() {
                cells.push(c.index() as u16);
                of[c.index()].push((h.index() as u16, i as u8));
            }
        }
        let mut of_start = vec![0u32];
        let mut flat = Vec::new();
        for o in of {
            flat.extend(o);
            of_start.push(flat.len() as u32);
        }
        Walk {
            rules,
            n,
            cells,
            line: geo
                .houses()
                .map(|h| !matches!(geo.house_kind(h), HouseKind::Box(_) | HouseKind::Region(_)))
                .collect(),
            of: flat,
            of_start,
        }
    }

    fn houses_of(&self, c: usize) -> &[(u16, u8)] {
        &self.of[self.of_start[c] as usize..self.of_start[c + 1] as usize]
    }

    /// The person's grid of a position.
    fn grid(&self, st: &State) -> PersonGrid {
        let n = self.n;
        let nh = self.line.len();
        let mut g = PersonGrid {
            values: st.values.clone(),
            cand: st.cand.clone(),
            pos: vec![0; nh * n],
            done: vec![0; nh],
            empty: vec![0; nh],
            singles: vec![0; nh],
            left: st.empty,
            sight: Sight::default(),
            broken: false,
        };
        for h in 0..nh {
            for (i, &c) in self.cells[h * n..(h + 1) * n].iter().enumerate() {
                let c = usize::from(c);
                match g.values[c] {
                    0 => {
                        g.empty[h] += 1;
                        let mut m = g.cand[c];
                        while m != 0 {
                            let d = m.trailing_zeros() as usize;
                            m &= m - 1;
                            g.pos[h * n + d] |= 1 << i;
                        }
                    }
                    v => g.done[h] |= bit(v),
                }
            }
            let mut placeable = g.done[h];
            for d in 0..n {
                let p = g.pos[h * n + d];
                if p != 0 {
                    placeable |= 1 << d;
                    if p.is_power_of_two() {
                        self.single(&mut g, h, 1);
                    }
                }
            }
            g.broken |= placeable != self.rules.full;
            g.sight.full += i32::from(g.empty[h] == 1);
        }
        for (&v, &m) in g.values.iter().zip(&g.cand) {
            if v == 0 {
                match m.count_ones() {
                    0 => g.broken = true,
                    1 => g.sight.naked += 1,
                    _ => {}
                }
            }
        }
        g
    }

    /// A hidden single of house `h` appears (`+1`) or goes (`−1`).
    #[inline]
    fn single(&self, g: &mut PersonGrid, h: usize, delta: i32) {
        g.singles[h] = (i32::from(g.singles[h]) + delta) as u16;
        if self.line[h] {
            g.sight.lines += delta;
        } else {
            g.sight.boxes += delta;
        }
    }

    /// Removes place `i` of house `h` for digit index `e`.
    #[inline]
    fn clear(&self, g: &mut PersonGrid, h: usize, e: usize, i: u8) {
        let k = h * self.n + e;
        let old = g.pos[k];
        let b = 1u32 << i;
        if old & b == 0 {
            return;
        }
        let new = old & !b;
        g.pos[k] = new;
        if new == 0 {
            self.single(g, h, -1);
            g.broken |= g.done[h] & (1 << e) == 0;
        } else if new.is_power_of_two() {
            self.single(g, h, 1);
        }
    }

    /// Puts `d` in the empty cell `c` and removes it from the peers' candidates.
    fn place(&self, g: &mut PersonGrid, c: usize, d: u8) {
        let b = bit(d);
        let e = usize::from(d) - 1;
        let m = g.cand[c] | b;
        if g.cand[c].count_ones() == 1 {
            g.sight.naked -= 1;
        }
        for &(h, i) in self.houses_of(c) {
            let h = usize::from(h);
            let k = h * self.n + e;
            if g.pos[k].is_power_of_two() {
                self.single(g, h, -1);
            }
            g.pos[k] = 0;
            g.done[h] |= b;
            let mut rest = m & !b;
            while rest != 0 {
                let x = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                self.clear(g, h, x, i);
            }
            g.empty[h] -= 1;
            match g.empty[h] {
                1 => g.sight.full += 1,
                0 => g.sight.full -= 1,
                _ => {}
            }
        }
        g.values[c] = d;
        g.cand[c] = 0;
        g.left -= 1;
        for &p in self.rules.geo.peers(Cell::new(c)) {
            let p = p.index();
            let old = g.cand[p];
            if old & b != 0 {
                g.cand[p] = old & !b;
                match old.count_ones() {
                    2 => g.sight.naked += 1,
                    1 => {
                        g.sight.naked -= 1;
                        g.broken = true;
                    }
                    _ => {}
                }
                for &(h, i) in self.houses_of(p) {
                    self.clear(g, usize::from(h), e, i);
                }
            }
        }
    }

    /// The total visibility in sight (0 when the grid broke).
    fn visibility(m: &HumanModel, g: &PersonGrid) -> f64 {
        if g.broken {
            return 0.0;
        }
        let s = g.sight;
        f64::from(s.boxes)
            + m.line * f64::from(s.lines)
            + m.naked * f64::from(s.naked)
            + m.full * f64::from(s.full)
    }

    /// The placement at `target` of the cumulative visibility of the ways in sight (hidden
    /// singles house by house, then naked singles, then last cells).
    fn pick(&self, m: &HumanModel, g: &PersonGrid, mut target: f64) -> Option<(usize, u8)> {
        let n = self.n;
        let mut last = None;
        for (h, &line) in self.line.iter().enumerate() {
            let w = if line { m.line } else { 1.0 };
            let k = g.singles[h];
            if k == 0 || w <= 0.0 {
                continue;
            }
            let span = w * f64::from(k);
            if target >= span {
                target -= span;
                continue;
            }
            for (d, &p) in g.pos[h * n..(h + 1) * n].iter().enumerate() {
                if p.is_power_of_two() {
                    let c = usize::from(self.cells[h * n + p.trailing_zeros() as usize]);
                    last = Some((c, d as u8 + 1));
                    target -= w;
                    if target < 0.0 {
                        return last;
                    }
                }
            }
        }
        if m.naked > 0.0 && g.sight.naked > 0 {
            for (c, (&v, &k)) in g.values.iter().zip(&g.cand).enumerate() {
                if v == 0 && k.count_ones() == 1 {
                    last = Some((c, first_digit(k)));
                    target -= m.naked;
                    if target < 0.0 {
                        return last;
                    }
                }
            }
        }
        if m.full > 0.0 && g.sight.full > 0 {
            for h in 0..self.line.len() {
                if g.empty[h] == 1 {
                    let c = self.cells[h * n..(h + 1) * n]
                        .iter()
                        .map(|&c| usize::from(c))
                        .find(|&c| g.values[c] == 0)?;
                    if g.cand[c] != 0 {
                        last = Some((c, first_digit(g.cand[c])));
                        target -= m.full;
                        if target < 0.0 {
                            return last;
                        }
                    }
                }
            }
        }
        last
    }
}

/// A non-negative number (NaN and negatives count as 0).
fn clean(x: f64) -> f64 {
    if x > 0.0 { x } else { 0.0 }
}

impl HumanModel {
    /// The most simulated paths an estimate averages (a larger `runs` counts as this).
    ///
    /// ```
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::{HumanModel, Rater};
    /// let puzzle = Puzzle::classic("12..341221434321".parse()?)?;
    /// let rating = Rater::new().rate(&puzzle)?;
    /// let many = HumanModel { runs: u32::MAX, ..HumanModel::CALIBRATED };
    /// let capped = HumanModel { runs: HumanModel::MAX_RUNS, ..HumanModel::CALIBRATED };
    /// assert_eq!(many.estimate(&puzzle, &rating)?, capped.estimate(&puzzle, &rating)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub const MAX_RUNS: u32 = 1024;

    /// The parameters fitted on the 800 puzzles of [the model's documentation](HumanModel#the-parameters-and-how-well-they-do).
    ///
    /// ```
    /// use sudoku_grade::HumanModel;
    /// assert_eq!(HumanModel::default(), HumanModel::CALIBRATED);
    /// assert_eq!(HumanModel::CALIBRATED.runs, 16);
    /// ```
    pub const CALIBRATED: HumanModel = HumanModel {
        look: 23.8,
        place: 2.36,
        line: 0.42,
        naked: 0.071,
        full: 3.6,
        stuck: 12.2,
        technique: 6.7,
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
            runs: self.runs.clamp(1, HumanModel::MAX_RUNS),
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
        let walk = Walk::new(&rules);
        let first = walk.grid(&start);
        let (mut singles, mut stuck, mut moments, mut vis, mut seen) = (0.0, 0.0, 0.0, 0.0, 0u64);
        let runs = m.runs;
        for run in 0..runs {
            let mut g = first.clone();
            let mut u = (f64::from(run) + 0.5) / f64::from(runs);
            while g.left > 0 {
                let total = Walk::visibility(&m, &g);
                let placed = if total > 0.0 && total.is_finite() {
                    singles += m.place + look / total;
                    vis += total;
                    seen += 1;
                    walk.pick(&m, &g, u * total)
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
                            .filter(|&c| g.values[c] == 0)
                            .min_by_key(|&c| g.cand[c].count_ones())
                            .unwrap_or_else(|| unreachable!("an empty cell is left"));
                        (c, sol.get(c))
                    }
                };
                walk.place(&mut g, c, d);
                u = (u + PHI).fract();
            }
        }
        let r = f64::from(runs);
        let beyond: f64 = [Method::B, Method::C, Method::D, Method::E, Method::F]
            .iter()
            .map(|&x| f64::from(x.base()) * f64::from(rating.counts.get(x)))
            .sum();
        let techniques = m.technique * beyond;
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
        let rating = self.clone().record_steps(false).rate(puzzle)?;
        HumanModel::CALIBRATED.estimate(puzzle, &rating)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sudoku_core::{Grid, Shape};

    const EASY: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    fn time(m: &HumanModel, grid: &Grid) -> HumanTime {
        let puzzle = Puzzle::classic(grid.clone()).unwrap();
        let rating = Rater::new().record_steps(false).rate(&puzzle).unwrap();
        m.estimate(&puzzle, &rating).unwrap()
    }

    #[test]
    fn one_empty_cell_costs_one_look_and_one_placement() {
        let m = HumanModel::CALIBRATED;
        let solution = Rater::new()
            .rate(&Puzzle::classic(EASY.parse().unwrap()).unwrap())
            .unwrap()
            .solution;
        assert_eq!(time(&m, &solution).seconds, 0.0);
        let mut one = solution.clone();
        one.set(40, 0).unwrap();
        // Seen four ways as a single (its box, its row, its column, alone in the cell) and
        // as the last empty cell of three houses.
        let v = 1.0 + 2.0 * m.line + m.naked + 3.0 * m.full;
        let t = time(&m, &one);
        assert!((t.seconds - (m.place + m.look / v)).abs() < 1e-9, "{t:?}");
        assert!((t.visibility - v).abs() < 1e-9);
        assert_eq!((t.stuck, t.techniques, t.stuck_moments), (0.0, 0.0, 0.0));
    }

    #[test]
    fn more_empty_cells_take_longer() {
        let m = HumanModel::CALIBRATED;
        let puzzle: Grid = EASY.parse().unwrap();
        let solution = time(&m, &puzzle);
        let sol = Rater::new()
            .rate(&Puzzle::classic(puzzle.clone()).unwrap())
            .unwrap()
            .solution;
        // The puzzle with k of its empty cells filled in, for fewer and fewer k.
        let empty: Vec<usize> = (0..81).filter(|&c| puzzle.get(c) == 0).collect();
        let mut previous = 0.0;
        for k in [48, 40, 30, 20, 10, 0] {
            let mut g = puzzle.clone();
            for &c in &empty[..k] {
                g.set(c, sol.get(c)).unwrap();
            }
            let t = time(&m, &g).seconds;
            assert!(t > previous, "{k} cells filled: {t} after {previous}");
            previous = t;
        }
        assert_eq!(previous, solution.seconds);
    }

    #[test]
    fn deterministic_and_safe_with_odd_parameters() {
        let grid: Grid =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4.."
                .parse()
                .unwrap();
        let m = HumanModel::CALIBRATED;
        let t = time(&m, &grid);
        assert_eq!(t, time(&m, &grid));
        assert!(t.techniques > 0.0, "E and F cells cost more: {t:?}");
        let odd = HumanModel {
            look: f64::NAN,
            line: -1.0,
            naked: 0.0,
            full: f64::INFINITY,
            runs: 0,
            ..m
        };
        let t = time(&odd, &grid);
        assert!(t.seconds.is_finite() && t.seconds > 0.0, "{t:?}");
    }

    #[test]
    fn the_sight_kept_up_to_date_is_the_sight_recounted() {
        for line in [
            EASY,
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
        ] {
            let grid: Grid = line.parse().unwrap();
            let puzzle = Puzzle::classic(grid).unwrap();
            let sol = Rater::new().rate(&puzzle).unwrap().solution;
            let rules = Rules::new(Arc::clone(puzzle.geometry()));
            let walk = Walk::new(&rules);
            let mut g = walk.grid(&State::new(&rules, puzzle.cells()));
            let m = HumanModel::CALIBRATED;
            let mut u = 0.3;
            while g.left > 0 {
                let again = walk.grid(&State {
                    values: g.values.clone(),
                    cand: g.cand.clone(),
                    empty: g.left,
                });
                let (a, b) = (g.sight, again.sight);
                assert_eq!(
                    (a.boxes, a.lines, a.naked, a.full),
                    (b.boxes, b.lines, b.naked, b.full)
                );
                assert_eq!(
                    (&g.pos, &g.singles, &g.empty, g.broken),
                    (&again.pos, &again.singles, &again.empty, again.broken)
                );
                let total = Walk::visibility(&m, &g);
                let (c, d) = match walk.pick(&m, &g, u * total) {
                    Some(p) if total > 0.0 => p,
                    _ => {
                        let c = (0..81).find(|&c| g.values[c] == 0).unwrap();
                        (c, sol.get(c))
                    }
                };
                assert_eq!(d, sol.get(c), "singles are sound");
                walk.place(&mut g, c, d);
                u = (u + PHI).fract();
            }
        }
    }

    #[test]
    fn a_rating_of_another_puzzle_is_refused() {
        let a = Puzzle::classic(EASY.parse().unwrap()).unwrap();
        let b = Puzzle::classic(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
                .parse()
                .unwrap(),
        )
        .unwrap();
        let rb = Rater::new().rate(&b).unwrap();
        assert_eq!(
            HumanModel::CALIBRATED.estimate(&a, &rb),
            Err(GradeError::RatingMismatch)
        );
    }

    #[test]
    fn other_sizes() {
        for line in [
            ".12..4.........1",
            "5..41.1........6.......2.3......2..6",
            "EA...D1...6..C.......9E.......A.....2.ACD.....5GG..F...3.....1.6.3..B.C..A...7.....2....3....A68...B.F7.....59....D..4G562C..F.3..A4.....F3B..9EC.297.......G...8...E.5..7.D..F4.BG...8.2C.1.57..E1.9.3..4F.B.C..24..1FEA...........5A...G.91.....6........7...5",
        ] {
            let grid: Grid = line.parse().unwrap();
            let puzzle = Puzzle::classic(grid).unwrap();
            let rating = Rater::new().record_steps(false).rate(&puzzle).unwrap();
            let t = HumanModel::CALIBRATED.estimate(&puzzle, &rating).unwrap();
            assert!(t.seconds.is_finite() && t.seconds > 0.0, "{line}: {t:?}");
            assert_ne!(puzzle.grid().shape(), Shape::CLASSIC);
        }
    }
}
