//! Calibration (the three levels of Yokutai's "Six techniques de déduction"): three versions
//! of one puzzle, and generation at a requested level.
//!
//! [`calibrate`] starts from a complete grid and removes givens one by one, always the one
//! easiest to recover, keeping the solution unique. "Easiest to recover" is the lowest cost
//! to re-derive that given: for each given whose removal keeps one solution, the puzzle
//! without it is rated and the removed cell's own cost (`base + rank × (|V| − 1)` of the
//! method credited to it, see [`Placement`](crate::Placement)) is read; the lowest cost wins,
//! ties broken by a random order of the cells drawn from the caller's generator. It takes
//! three snapshots sharing the solution, each one's givens a superset of the next:
//!
//! - **Easy**: the last grid before the chosen removal would make the puzzle need B, C, D, E
//!   or F;
//! - **Intermediate**: the last grid before the chosen removal would make it need E or F;
//! - **Expert**: the minimal grid, where removing any given breaks uniqueness.
//!
//! The labels say where a snapshot was taken; each comes with its real [`Rating`]. The Easy
//! snapshot always rates Easy and the Intermediate one never needs E or F, but a minimal grid
//! is often only Easy or Intermediate (then the later snapshots coincide with it). A puzzle
//! that must have a level comes from [`generate_level`], which searches until the rating
//! matches.

use std::sync::Arc;

use sudoku_core::{Generated, Generator};
use sudoku_core::{Grid, Puzzle, Solver};

use crate::rules::Rules;
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
fn recovery_cost(r: &Rating, c: usize) -> u32 {
    r.placements
        .iter()
        .find(|p| p.cell.index() == c)
        .map_or(u32::MAX, |p| p.cost)
}

/// Calibrates a complete grid (a solution, under its rules), breaking ties with `rng`.
///
/// Each candidate removal is first checked for uniqueness with `sudoku-core`'s solver, then
/// rated; see the [module documentation](self) for the order of removals and the snapshots.
///
/// ```
/// use rand::SeedableRng;
/// use sudoku_core::{Puzzle, Shape};
/// use sudoku_grade::{Rater, calibrate::calibrate};
///
/// let solution = Puzzle::classic("123456456123231564564231312645645312".parse()?)?;
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
/// let cal = calibrate(&solution, &Rater::new(), &mut rng)?;
/// let [e, i, x] = cal.snapshots();
/// assert!(x.puzzle.is_subset_of(&i.puzzle) && i.puzzle.is_subset_of(&e.puzzle));
/// assert_eq!(&e.rating.solution, solution.grid());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A random classic grid to calibrate comes from `sudoku-core`'s solver:
///
/// ```
/// use rand::SeedableRng;
/// use sudoku_core::{Geometry, Grid, Puzzle, Shape, Solver};
/// use sudoku_grade::{Rater, calibrate::calibrate};
///
/// let geometry = Geometry::classic(Shape::CLASSIC);
/// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
/// let grid = Solver::new(geometry.clone())
///     .random_solution(&Grid::empty(Shape::CLASSIC), &mut rng)?
///     .expect("an empty grid has solutions");
/// let cal = calibrate(&Puzzle::new(grid, geometry)?, &Rater::new(), &mut rng)?;
/// assert!(cal.expert.puzzle.is_subset_of(&cal.solution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
/// [`GradeError::NoSolution`] if `solution` has an empty cell, [`GradeError::Interrupted`]
/// if the rater's budget runs out on one of the trial puzzles (the minimal grid could not be
/// guaranteed then).
pub fn calibrate<R: rand::Rng + ?Sized>(
    solution: &Puzzle,
    rater: &Rater,
    rng: &mut R,
) -> Result<Calibration, GradeError> {
    use rand::seq::SliceRandom as _;

    let full_grid = solution.grid();
    if !full_grid.is_complete() {
        return Err(GradeError::NoSolution);
    }
    let rules = Rules::new(Arc::clone(solution.geometry()));
    let full = rater.clone();
    let rater = rater.clone().record_steps(false);
    let mut solver = Solver::new(Arc::clone(&rules.geo));
    let mut order: Vec<usize> = (0..full_grid.cells().len()).collect();
    order.shuffle(rng);
    let mut current = full_grid.clone();
    let mut current_rating = rater.rate_in(&rules, &current)?;
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
            if solver.count(&trial, 2).ok() != Some(sudoku_core::Count::Exact(1)) {
                continue;
            }
            let r = rater.rate_in(&rules, &trial)?;
            let cost = recovery_cost(&r, c);
            // Strictly lower only: among equal costs the first in the random order stays.
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
        let rating = full.rate_in(&rules, &puzzle)?;
        Ok(Snapshot {
            label,
            puzzle,
            rating,
        })
    };
    Ok(Calibration {
        solution: full_grid.clone(),
        easy: snap(Level::Easy, easy)?,
        intermediate: snap(Level::Intermediate, intermediate)?,
        expert: snap(Level::Expert, expert)?,
    })
}

/// Generates puzzles with `generator` (`sudoku-core`'s minimal-clue generator, with its
/// geometry and symmetry) until one rates at `level`, trying at most `attempts` puzzles. A
/// true Expert needs E or F; random minimal 9×9 puzzles are Expert about one time in four or
/// five, Easy about two in five.
///
/// ```
/// use sudoku_core::Generator;
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
/// [`GradeError::LevelNotFound`] if no puzzle of the level came within `attempts`,
/// [`GradeError::Generate`] if the generator fails. A puzzle whose rating runs out of the
/// rater's budget counts as an attempt of another level.
pub fn generate_level<R: rand::Rng + ?Sized>(
    generator: &mut Generator,
    level: Level,
    rater: &Rater,
    rng: &mut R,
    attempts: usize,
) -> Result<(Generated, Rating), GradeError> {
    let rules = Rules::new(Arc::clone(generator.solver().geometry()));
    for _ in 0..attempts {
        let made = generator.generate(rng)?;
        match rater.rate_in(&rules, &made.puzzle) {
            Ok(r) if r.level == level => return Ok((made, r)),
            Ok(_) | Err(GradeError::Interrupted(_)) => {}
            Err(e) => return Err(e),
        }
    }
    Err(GradeError::LevelNotFound { level, attempts })
}
