//! Calibration (the three levels of Yokutai's "Six techniques de déduction"): three versions
//! of one puzzle ([`Rater::calibrate`]), and generation at a requested level
//! ([`Rater::generate_level`]).

use std::sync::Arc;

use sudoku_core::{Generated, Generator, Grid, Puzzle};

use crate::oracle::Counter;
use crate::rules::Rules;
use crate::{GradeError, Level, Method, Rater, Rating};

/// One version of a calibrated puzzle (see [`Rater::calibrate`]).
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

/// The three snapshots of [`Rater::calibrate`], from the most givens to the fewest.
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
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::{Level, Rater};
    /// let solution = Puzzle::classic("1234341221434321".parse()?)?;
    /// let cal = Rater::new().calibrate(&solution, &mut rand_pcg::Pcg64Mcg::seed_from_u64(7))?;
    /// let labels: Vec<Level> = cal.snapshots().iter().map(|s| s.label).collect();
    /// assert_eq!(labels, Level::ALL);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
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

impl Rater {
    /// Calibrates a complete grid (a solution, under its rules), breaking ties with `rng`:
    /// three versions of one puzzle, from the most givens to the fewest.
    ///
    /// It removes givens one by one, always the one easiest to recover, keeping the solution
    /// unique. "Easiest to recover" is the lowest cost to re-derive that given: for each
    /// given whose removal keeps one solution (`sudoku-core`'s solver checks that first),
    /// the puzzle without it is rated and the removed cell's own cost
    /// (`base + rank × (|V| − 1)` of the method credited to it, see [`Placement`](crate::Placement))
    /// is read; the lowest cost wins, ties broken by a random order of the cells drawn from
    /// `rng`. It takes three snapshots sharing the solution, each one's givens a superset of
    /// the next:
    ///
    /// - **Easy**: the last grid before the chosen removal would make the puzzle need B, C,
    ///   D, E or F;
    /// - **Intermediate**: the last grid before the chosen removal would make it need E or F;
    /// - **Expert**: the minimal grid, where removing any given breaks uniqueness.
    ///
    /// The labels say where a snapshot was taken; each comes with its real [`Rating`] (with
    /// steps if this rater records them). The Easy snapshot always rates Easy and the
    /// Intermediate one never needs E or F, but a minimal grid is often only Easy or
    /// Intermediate (then the later snapshots coincide with it). A puzzle that must have a
    /// level comes from [`generate_level`](Self::generate_level), which searches until the
    /// rating matches.
    ///
    /// The rater's budget caps the work of the whole calibration (every uniqueness check and
    /// every rating), and its cancel flag stops it.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use sudoku_core::Puzzle;
    /// use sudoku_grade::Rater;
    ///
    /// let solution = Puzzle::classic("123456456123231564564231312645645312".parse()?)?;
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
    /// let cal = Rater::new().calibrate(&solution, &mut rng)?;
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
    /// use sudoku_grade::Rater;
    ///
    /// let geometry = Geometry::classic(Shape::CLASSIC);
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let grid = Solver::new(geometry.clone())
    ///     .random_solution(&Grid::empty(Shape::CLASSIC), &mut rng)?
    ///     .expect("an empty grid has solutions");
    /// let cal = Rater::new().calibrate(&Puzzle::new(grid, geometry)?, &mut rng)?;
    /// assert!(cal.expert.puzzle.is_subset_of(&cal.solution));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GradeError::NoSolution`] if `solution` has an empty cell, [`GradeError::Interrupted`]
    /// past the rater's budget or once its cancel flag is raised (the minimal grid could not
    /// be guaranteed then).
    pub fn calibrate<R: rand::Rng + ?Sized>(
        &self,
        solution: &Puzzle,
        rng: &mut R,
    ) -> Result<Calibration, GradeError> {
        use rand::seq::SliceRandom as _;

        let full_grid = solution.grid();
        if !full_grid.is_complete() {
            return Err(GradeError::NoSolution);
        }
        let rules = Rules::new(Arc::clone(solution.geometry()));
        let quick = self.clone().record_steps(false);
        let limits = self.limits();
        let mut spent = 0u64;
        let mut counter = Counter::new(&rules, limits);
        let mut order: Vec<usize> = (0..full_grid.cells().len()).collect();
        order.shuffle(rng);
        let mut current = full_grid.clone();
        let mut current_rating = quick.rate_in(&rules, &current, &mut spent)?;
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
                // Uniqueness first, on one reused solver.
                if counter.count(&trial, 2, limits, &mut spent)? != 1 {
                    continue;
                }
                let r = quick.rate_in(&rules, &trial, &mut spent)?;
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
        // The search rated without recording steps; the snapshots get this rater's rating.
        let mut snap = |label, (puzzle, _): (Grid, Rating)| -> Result<Snapshot, GradeError> {
            let rating = self.rate_in(&rules, &puzzle, &mut spent)?;
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
    /// geometry, symmetry and its own limits) until one rates at `level`, trying at most
    /// `attempts` puzzles. A true Expert needs E or F; random minimal 9×9 puzzles are Expert
    /// about one time in four or five, Easy about two in five.
    ///
    /// The rater's budget caps the rating work of the whole call (every puzzle tried), and
    /// its cancel flag stops it; the generator's own budget and flag bound each generation.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use sudoku_core::{Generator, Geometry, Shape};
    /// use sudoku_grade::{GradeError, Level, Rater};
    ///
    /// let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC));
    /// let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(1);
    /// let (made, rating) = Rater::new().generate_level(&mut generator, Level::Intermediate, 200, &mut rng)?;
    /// assert_eq!(rating.level, Level::Intermediate);
    /// assert_eq!(rating.solution, made.solution);
    ///
    /// let tight = Rater::new().budget(10);
    /// let stop = tight.generate_level(&mut generator, Level::Expert, 200, &mut rng).unwrap_err();
    /// assert!(matches!(stop, GradeError::Interrupted(_)));
    /// # Ok::<(), GradeError>(())
    /// ```
    ///
    /// # Errors
    /// [`GradeError::LevelNotFound`] if no puzzle of the level came within `attempts`,
    /// [`GradeError::Generate`] if the generator fails (its budget or flag among others),
    /// [`GradeError::Interrupted`] past the rater's budget or once its cancel flag is raised.
    pub fn generate_level<R: rand::Rng + ?Sized>(
        &self,
        generator: &mut Generator,
        level: Level,
        attempts: usize,
        rng: &mut R,
    ) -> Result<(Generated, Rating), GradeError> {
        let rules = Rules::new(Arc::clone(generator.geometry()));
        let mut spent = 0u64;
        for _ in 0..attempts {
            let made = generator.generate(rng)?;
            let r = self.rate_in(&rules, &made.puzzle, &mut spent)?;
            if r.level == level {
                return Ok((made, r));
            }
        }
        Err(GradeError::LevelNotFound { level, attempts })
    }
}
