//! Calibration (seed 002): three versions of one puzzle, and generation at a requested level.
//!
//! [`calibrate`] starts from a complete grid and removes givens one by one, always the one
//! easiest to recover, keeping the solution unique. "Easiest to recover" is the lowest cost
//! to re-derive that given: for each given whose removal keeps one solution, the puzzle
//! without it is rated and the removed cell's own cost (`base + rank × (|V| − 1)` of the
//! method credited to it, see [`Placement`](crate::Placement)) is read; the lowest cost wins,
//! ties broken by a seeded random order of the cells. It takes three snapshots sharing the
//! solution, each one's givens a superset of the next:
//!
//! - **Easy**: the last grid before the chosen removal would make the puzzle need B, C, D, E
//!   or F;
//! - **Intermediate**: the last grid before the chosen removal would make it need E or F;
//! - **Expert**: the minimal grid, where removing any given breaks uniqueness.
//!
//! The labels say where a snapshot was taken; each comes with its real [`Rating`]. The Easy
//! snapshot always rates Easy and the Intermediate one never needs E or F, but a minimal grid
//! is often only Easy or Intermediate (then the later snapshots coincide with it: over 100
//! seeds, the minimal grid rated Easy 39 times, Intermediate 38, Expert 23). A puzzle that
//! must have a level comes from [`generate_level`], which searches until the rating matches.

use rand::SeedableRng as _;
use rand::seq::SliceRandom as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::generate::{Generated, Generator};
use sudoku_core::{Geometry, Grid, Shape, Solver};

use crate::{GradeError, Level, Method, Rater, Rating};

/// One version of a calibrated puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Snapshot {
    /// Where it was taken (Easy, Intermediate or Expert).
    pub label: Level,
    /// The puzzle.
    pub puzzle: Grid,
    /// Its real rating.
    pub rating: Rating,
}

/// The three snapshots of [`calibrate`], from the most givens to the fewest.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Calibration {
    /// The shared solution.
    pub solution: Grid,
    /// Taken before the first removal needing more than A1–A2.
    pub easy: Snapshot,
    /// Taken before the first removal needing E or F.
    pub intermediate: Snapshot,
    /// The minimal grid.
    pub expert: Snapshot,
}

impl Calibration {
    /// The snapshots in order: easy, intermediate, expert.
    pub fn snapshots(&self) -> [&Snapshot; 3] {
        [&self.easy, &self.intermediate, &self.expert]
    }
}

/// The cost of re-deriving cell `c` in a rating of the puzzle without it.
fn recovery_cost(r: &Rating, c: usize, n: usize) -> u32 {
    r.placements
        .iter()
        .find(|p| p.cell.index(n) == c)
        .map_or(u32::MAX, |p| p.cost)
}

/// Calibrates a complete grid under `geometry`, breaking ties with `rng`.
///
/// Each candidate removal is first checked for uniqueness with `sudoku-core`'s solver, then
/// rated; see the [module documentation](self) for the order of removals and the snapshots.
///
/// ```
/// use sudoku_core::{Geometry, Shape};
/// use sudoku_grade::calibrate::calibrate;
///
/// let solution: sudoku_core::Grid = "123456456123231564564231312645645312".parse()?;
/// let geo = Geometry::classic(Shape::new(2, 3)?);
/// use rand::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
/// let cal = calibrate(&geo, &solution, &sudoku_grade::Rater::new(), &mut rng)?;
/// let [e, i, x] = cal.snapshots();
/// assert!(x.puzzle.is_subset_of(&i.puzzle) && i.puzzle.is_subset_of(&e.puzzle));
/// assert_eq!(e.rating.solution, solution);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`GradeError::NoSolution`] if `solution` is not a complete valid grid of the geometry,
/// [`GradeError::Geometry`] if the sizes differ, [`GradeError::Budget`] if the rater's budget
/// runs out on one of the trial puzzles (the minimal grid could not be guaranteed then).
pub fn calibrate<R: rand::Rng + ?Sized>(
    geometry: &Geometry,
    solution: &Grid,
    rater: &Rater,
    rng: &mut R,
) -> Result<Calibration, GradeError> {
    if solution.size() != geometry.size() {
        return Err(GradeError::Geometry {
            grid: solution.size(),
            geometry: geometry.size(),
        });
    }
    if !solution.is_complete() || !geometry.is_solution(solution.cells()) {
        return Err(GradeError::NoSolution);
    }
    let full = *rater;
    let rater = rater.record_steps(false);
    let n = geometry.size();
    let mut solver = Solver::new(geometry.clone());
    let mut order: Vec<usize> = (0..solution.cells().len()).collect();
    order.shuffle(rng);
    let mut current = solution.clone();
    let mut current_rating = rater.rate_with(geometry, &current)?;
    let mut easy: Option<(Grid, Rating)> = None;
    let mut intermediate: Option<(Grid, Rating)> = None;
    loop {
        let mut best: Option<(u32, usize, Rating)> = None;
        for &c in &order {
            if current.get(c) == 0 {
                continue;
            }
            let mut trial = current.clone();
            trial.set(c, 0).unwrap_or_else(|_| unreachable!());
            // Uniqueness first: rating a puzzle with several solutions is the slow path.
            if solver.count(&trial, 2).ok() != Some(1) {
                continue;
            }
            let r = rater.rate_with(geometry, &trial)?;
            let cost = recovery_cost(&r, c, n);
            // Strictly lower only: among equal costs the first in the seeded order stays.
            if best.as_ref().is_some_and(|(b, _, _)| *b <= cost) {
                continue;
            }
            best = Some((cost, c, r));
        }
        let Some((_, c, r)) = best else { break };
        let m = r.hardest.unwrap_or(Method::A1);
        if easy.is_none() && m > Method::A2 {
            easy = Some((current.clone(), current_rating.clone()));
        }
        if intermediate.is_none() && m >= Method::E {
            intermediate = Some((current.clone(), current_rating.clone()));
        }
        current.set(c, 0).unwrap_or_else(|_| unreachable!());
        current_rating = r;
    }
    let expert = (current, current_rating);
    let intermediate = intermediate.unwrap_or_else(|| expert.clone());
    let easy = easy.unwrap_or_else(|| intermediate.clone());
    // The search rated without recording steps; the snapshots get the caller's rating.
    let snap = |label, (puzzle, _): (Grid, Rating)| -> Result<Snapshot, GradeError> {
        let rating = full.rate_with(geometry, &puzzle)?;
        Ok(Snapshot {
            label,
            puzzle,
            rating,
        })
    };
    Ok(Calibration {
        solution: solution.clone(),
        easy: snap(Level::Easy, easy)?,
        intermediate: snap(Level::Intermediate, intermediate)?,
        expert: snap(Level::Expert, expert)?,
    })
}

/// Calibrates a random classic 9×9 grid made from `seed`: `rand_pcg::Pcg64Mcg` seeded by
/// `seed_from_u64(seed)` draws the grid, then the tie-breaking order.
/// The same seed gives the same three puzzles on every platform.
///
/// # Errors
/// As [`calibrate`].
pub fn calibrate_seeded(seed: u64, rater: &Rater) -> Result<Calibration, GradeError> {
    let geo = Geometry::classic(Shape::CLASSIC);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut solver = Solver::new(geo.clone());
    let empty = Grid::empty(Shape::CLASSIC);
    let solution = solver
        .random_solution(&empty, &mut rng)
        .map_err(|_| GradeError::Budget)?
        .ok_or(GradeError::NoSolution)?;
    calibrate(&geo, &solution, rater, &mut rng)
}

/// Generates puzzles with `generator` (`sudoku-core`'s minimal-clue generator, with its
/// geometry and symmetry) until one rates at `level`, trying at most `attempts` puzzles. A true Expert needs E or F; random minimal 9×9 puzzles
/// are Expert about one time in four or five, Easy about two in five.
///
/// ```
/// use sudoku_core::generate::Generator;
/// use sudoku_core::{Geometry, Shape};
/// use sudoku_grade::{Level, Rater, calibrate::generate_level};
///
/// let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC));
/// use rand::SeedableRng;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let (made, rating) = generate_level(&mut generator, Level::Intermediate, &Rater::new(), &mut rng, 200)?;
/// assert_eq!(rating.level, Level::Intermediate);
/// assert_eq!(rating.solution, made.solution);
/// # Ok::<(), sudoku_grade::GradeError>(())
/// ```
///
/// # Errors
/// [`GradeError::Budget`] if no puzzle of the level came within `attempts`,
/// [`GradeError::Generate`] if the generator fails.
pub fn generate_level<R: rand::Rng + ?Sized>(
    generator: &mut Generator,
    level: Level,
    rater: &Rater,
    rng: &mut R,
    attempts: usize,
) -> Result<(Generated, Rating), GradeError> {
    let geometry = generator.solver().geometry().clone();
    for _ in 0..attempts {
        let made = generator.generate(rng)?;
        match rater.rate_with(&geometry, &made.puzzle) {
            Ok(r) if r.level == level => return Ok((made, r)),
            Ok(_) | Err(GradeError::Budget) => {}
            Err(e) => return Err(e),
        }
    }
    Err(GradeError::Budget)
}
