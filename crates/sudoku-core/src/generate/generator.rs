//! [`Generator`]: the generator's settings (symmetry, proof budget, certificates) and its
//! entry points, what it returns ([`Generated`]), reports ([`GenerateProgress`]) and fails with
//! ([`GenerateError`]).

use core::sync::atomic::AtomicBool;
use std::sync::Arc;

use grilles_game::{Interrupted, Limits, Meter, WorkUnit};
use rand::seq::SliceRandom as _;

use super::bitsearch::BitSearch;
use super::certificate::{Certificate, Found};
use super::logic::Logic;
use super::removal::FIRST_PASS;
use super::sat::Sat;
use super::symmetry::Symmetry;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::solve::{ProofEngine, Solver};

/// The generator's two counters, reported after each step as the generator of "Sudoku —
/// Solitaire de nombres" shows them: cells still holding a value, and cells still to visit
/// ("32 28": 28 to visit, 32 filled, so 4 were put back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct GenerateProgress {
    /// Non-empty cells.
    pub givens: usize,
    /// Cells not decided yet: not visited, or (above 16×16 without a proof budget) whose
    /// removal was put off to a later pass (see
    /// [Uniqueness tests](Generator#uniqueness-tests)).
    pub remaining: usize,
}

/// A generated puzzle with its solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The puzzle: unique, and irreducible with respect to the symmetry's orbits unless
    /// [`undecided`](Self::undecided) is above 0.
    pub puzzle: Grid,
    /// Its only solution.
    pub solution: Grid,
    /// Orbits kept as givens only because their uniqueness proof ran out of the
    /// [`Generator::proof_budget`]: each might have been removable. Always 0 without a
    /// proof budget.
    pub undecided: usize,
    /// With [`Generator::certificates`]: one [`Certificate`] for each orbit of givens
    /// (except the [`undecided`](Self::undecided) ones), by the order of their first cells;
    /// empty otherwise. They prove the puzzle irreducible without a search
    /// ([`check_minimality`](super::check_minimality)).
    pub certificates: Vec<Certificate>,
}

impl Generated {
    /// Is the puzzle known to be irreducible (no orbit removable while keeping a unique
    /// solution)? True unless a proof budget left some removal [`undecided`](Self::undecided).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Generator, Geometry, Shape};
    ///
    /// let mut generator = Generator::new(Geometry::classic(Shape::new(2, 2)?));
    /// let made = generator.generate(&mut Pcg64Mcg::seed_from_u64(1))?;
    /// assert!(made.is_irreducible()); // no proof budget: every removal was decided
    /// assert_eq!(made.undecided, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn is_irreducible(&self) -> bool {
        self.undecided == 0
    }
}

/// Why generation failed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GenerateError {
    /// The geometry has no complete grid at all (an impossible custom variant).
    #[error("the rules admit no complete grid")]
    NoSolution,
    /// [`Generator::generate_from`] was given a grid that is not a complete grid of the
    /// generator's rules.
    #[error("the grid given is not a complete grid of the rules ({cells} cells, {reason})")]
    NotASolution {
        /// Cells of the grid given.
        cells: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// The generator's budget or cancel flag (or the budget of its solver's searches)
    /// stopped it.
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
}

/// The minimal-clue generator of "Sudoku — Solitaire de nombres", with symmetric removal by
/// orbits, for every geometry (shapes up to 25×25, variants, [layouts](crate::layout)).
///
/// 1. Build a random complete grid ([`Solver::random_solution`]).
/// 2. Choose a random order of the cells, or of the *orbits* of the cells under the
///    requested [`Symmetry`].
/// 3. Along that order, empty the cell (every cell of the orbit); if the puzzle now has more
///    than one solution, put the values back.
///
/// The result has a unique solution and is *irreducible* with respect to the removal unit:
/// with [`Symmetry::None`] no given can be removed without a second solution (a minimal
/// puzzle); with a symmetry no orbit can be removed, though a single cell sometimes could.
/// As the French Wikipedia article on Sudoku notes, symmetry, uniqueness and irreducibility
/// cannot always hold together: keeping the symmetry, we keep uniqueness and give up
/// cell-by-cell irreducibility.
///
/// ```
/// use rand::SeedableRng;
/// use rand_pcg::Pcg64Mcg;
/// use sudoku_core::{Count, Generator, Geometry, Shape, Solver, Symmetry};
///
/// let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC)).symmetry(Symmetry::Central);
/// let made = generator.generate(&mut Pcg64Mcg::seed_from_u64(7))?;
/// assert!(Symmetry::Central.holds(&made.puzzle));
/// let mut check = Solver::new(Geometry::classic(Shape::CLASSIC));
/// assert_eq!(check.count(&made.puzzle, 2)?, Count::Exact(1));
/// assert!(made.is_irreducible() && made.puzzle.is_subset_of(&made.solution));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Uniqueness tests
///
/// The test after emptying an orbit does not count solutions: the puzzle had one solution
/// `S` before, so a second solution now must differ from `S` in an emptied cell. Three paths
/// answer it, all exact (the same grid and order give the same puzzle on each):
///
/// - Up to 9×9 (without [`proof_budget`](Self::proof_budget)): an emptied cell whose value
///   is a naked or hidden single of the givens needs no test; otherwise the solver searches,
///   for each emptied cell, a solution avoiding `S`'s value there (a first-solution search,
///   cheaper than counting to two).
/// - Up to 16×16, and at every size under a proof budget: candidate logic (singles, locked
///   candidates) on the givens with `S`'s value struck from the cell, which often decides
///   alone, then a dancing-links search that tries `S`'s values first (a second solution,
///   when there is one, is usually close to `S`).
/// - Above 16×16 without a proof budget, where that search can run for hours, two engines
///   take turns, each round with four times the nodes of the last, until one decides: a
///   search near `S` on candidate bitmasks (singles and locked candidates at every node,
///   branching only where a difference from `S` forces a choice), which refutes most
///   removals; and clause learning on the boolean encoding of the rules with the givens as
///   assumptions, whose learned clauses follow from the rules alone and so serve every later
///   test. A removal not decided in the first round is *put off* and tried again after the
///   last orbit, in passes with growing node counts, the last without a cap. This stays
///   exact (a removal decided later is decided on the puzzle as it is then, and a second
///   solution found with more givens stays one with fewer), but above 16×16 the puzzle is
///   not the one the plain random order would give.
///
/// # Budget and cancellation
///
/// [`budget`](Self::budget) caps the search nodes ([`WorkUnit::Nodes`]) of one
/// generation, all its searches together: the random grid and every uniqueness test (rows
/// tried by dancing links, guesses of the bitboard engine, branches of the search near the
/// solution, decisions of clause learning). [`cancel_flag`](Self::cancel_flag) stops a
/// generation soon after another thread raises it: it is looked at every 256 dancing-links
/// rows, 64 branches of the search near the solution and 16 propagation rounds of clause
/// learning, and the work between two looks is a candidate-logic pass over at most 625
/// cells, well under a millisecond. Either ends the call with
/// [`GenerateError::Interrupted`]: no puzzle rather than a wrong one. Neither changes the
/// puzzles made when it does not stop the generation.
///
/// The budget of the solver given to [`with_solver`](Self::with_solver), if any, caps each
/// of its searches (running out is an error too). A
/// [`proof_budget`](Self::proof_budget) is different: a uniqueness test that runs out of it
/// keeps its given instead, and the generation goes on. There are at most N² + 1 searches
/// per pass over the cells (N the side); only above 16×16 without a proof budget are there
/// several passes.
///
/// # Certificates
///
/// Each orbit the generator keeps, it keeps because it found a second solution of the
/// puzzle without that orbit. With [`certificates`](Self::certificates) it keeps those
/// solutions in [`Generated::certificates`], on every path and at every size. A
/// [`Certificate`] is checked in one pass over the grid, without a search
/// ([`Certificate::check`], [`check_minimality`](crate::check_minimality)), so anyone can
/// check irreducibility without trusting the generator's engines. Uniqueness has no such
/// short proof: count the solutions ([`Solver::count`]).
///
/// # Randomness
///
/// Randomness comes from the caller's generator (`R: rand::Rng`) through `rand`'s own draws
/// (`random_range`, `SliceRandom::shuffle`): a seeded generator such as
/// `rand_pcg::Pcg64Mcg::seed_from_u64(seed)` gives the same puzzles on every platform, for a
/// given minor version of `rand`.
#[derive(Clone, Debug)]
pub struct Generator {
    pub(super) solver: Solver,
    /// The budget of one generation and the cancel flag.
    limits: Limits,
    symmetry: Symmetry,
    pub(super) proof_budget: Option<u64>,
    certificates: bool,
    /// Candidate logic and a dancing-links engine for the uniqueness tests up to 16×16,
    /// built for the solver's geometry on first use.
    pub(super) logic: Option<(Logic, ProofEngine)>,
    /// The bitmask search and clause learning for the uniqueness tests above 16×16, built
    /// for the solver's geometry on first use.
    pub(super) proof: Option<(BitSearch, Sat)>,
}

impl Generator {
    /// A generator for `geometry` without symmetry, budget or cancel flag.
    ///
    /// ```
    /// use sudoku_core::{Generator, Geometry, Shape};
    /// let generator = Generator::new(Geometry::classic(Shape::CLASSIC));
    /// assert_eq!(generator.geometry().size(), 9);
    /// ```
    pub fn new(geometry: impl Into<Arc<Geometry>>) -> Generator {
        Generator::with_solver(Solver::new(geometry))
    }

    /// A generator on a configured solver: its engine, and its own budget, which caps each
    /// of its searches (running out of it is an error) and its cancel flag (which
    /// [`cancel_flag`](Self::cancel_flag) replaces).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Engine, Generator, Geometry, Shape, Solver};
    ///
    /// let solver = Solver::with_engine(Geometry::classic(Shape::CLASSIC), Engine::Dlx)?;
    /// let mut generator = Generator::with_solver(solver);
    /// assert_eq!(generator.solver().engine(), Engine::Dlx);
    /// let made = generator.generate(&mut Pcg64Mcg::seed_from_u64(1))?;
    /// // The same puzzle as on the default engine.
    /// let plain = Generator::new(Geometry::classic(Shape::CLASSIC)).generate(&mut Pcg64Mcg::seed_from_u64(1))?;
    /// assert_eq!(made.puzzle, plain.puzzle);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn with_solver(solver: Solver) -> Generator {
        Generator {
            solver,
            limits: Limits::new(),
            symmetry: Symmetry::None,
            proof_budget: None,
            certificates: false,
            logic: None,
            proof: None,
        }
    }

    /// Sets the symmetry of the givens (default: [`Symmetry::None`]).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Generator, Geometry, Shape, Symmetry};
    ///
    /// let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC)).symmetry(Symmetry::Central);
    /// let made = generator.generate(&mut Pcg64Mcg::seed_from_u64(3))?;
    /// assert!(Symmetry::Central.holds(&made.puzzle));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.symmetry = symmetry;
        self
    }

    /// Caps each generation at `nodes` search nodes ([`WorkUnit::Nodes`]) of all its solver
    /// calls together (`None`, the default: no cap). A generation that runs out ends with
    /// [`GenerateError::Interrupted`]; one that does not makes the same puzzle as without a
    /// budget. A node costs about a microsecond or less at every size.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{GenerateError, Generator, Geometry, Shape, StopReason, WorkUnit};
    ///
    /// let geo = Geometry::classic(Shape::CLASSIC);
    /// let mut tight = Generator::new(geo.clone()).budget(50);
    /// match tight.generate(&mut Pcg64Mcg::seed_from_u64(1)) {
    ///     Err(GenerateError::Interrupted(stop)) => {
    ///         assert_eq!((stop.reason(), stop.unit()), (StopReason::Budget, WorkUnit::Nodes));
    ///         assert!(stop.spent() <= 51);
    ///     }
    ///     other => panic!("{other:?}"),
    /// }
    /// let roomy = Generator::new(geo.clone()).budget(10_000_000).generate(&mut Pcg64Mcg::seed_from_u64(1))?;
    /// assert_eq!(roomy, Generator::new(geo).generate(&mut Pcg64Mcg::seed_from_u64(1))?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn budget(mut self, nodes: impl Into<Option<u64>>) -> Generator {
        self.limits.set_budget(nodes);
        self
    }

    /// Stops a generation soon after `flag` becomes true (see
    /// [Budget and cancellation](Self#budget-and-cancellation)); it is also the cancel flag
    /// of the generator's solver.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::AtomicBool;
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{GenerateError, Generator, Geometry, Shape};
    ///
    /// let raised = Arc::new(AtomicBool::new(true));
    /// let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC)).cancel_flag(raised);
    /// let err = generator.generate(&mut Pcg64Mcg::seed_from_u64(1)).unwrap_err();
    /// assert!(matches!(err, GenerateError::Interrupted(stop) if stop.is_cancelled()));
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Generator {
        self.solver.set_cancel_flag(Arc::clone(&flag));
        self.limits.set_cancel_flag(flag);
        self
    }

    /// The geometry of the puzzles made.
    ///
    /// ```
    /// use sudoku_core::{Generator, Geometry, Shape};
    ///
    /// let generator = Generator::new(Geometry::classic(Shape::CLASSIC));
    /// assert_eq!(generator.geometry().shape(), Shape::CLASSIC);
    /// ```
    pub fn geometry(&self) -> &Arc<Geometry> {
        self.solver.geometry()
    }

    /// Caps each uniqueness proof at `nodes` search nodes (`None`, the default: no cap). With
    /// a cap, every size takes the path of 16×16 grids (candidate logic, then a dancing-links
    /// search near the known solution, whose nodes are counted; see the
    /// [uniqueness tests](Generator#uniqueness-tests)): its proofs are cheap per node, so a capped 25×25
    /// puzzle takes about a second instead of the minutes of the exact path above 16×16.
    /// The solver's own [`Solver::budget`] caps them too, but running out of it is an error
    /// ([`GenerateError::Interrupted`]), and its cancel flag stops the proofs.
    ///
    /// Without a cap the result is always unique and irreducible, but on large grids some
    /// proofs grow quickly as the puzzle thins out (a 25×25 puzzle takes minutes).
    /// With a cap, a removal whose proof runs out is undone: the puzzle stays unique, but the
    /// orbits kept that way might have been removable: the result says how many in
    /// [`Generated::undecided`] ([`Generated::is_irreducible`] is then false).
    ///
    /// The puzzles are the same as without a cap whenever no proof runs out.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Count, Generator, Geometry, Shape, Solver};
    ///
    /// let geo = Geometry::classic(Shape::new(2, 3)?);
    /// let mut generator = Generator::new(geo.clone()).proof_budget(1_000);
    /// let made = generator.generate(&mut Pcg64Mcg::seed_from_u64(5))?;
    /// assert_eq!(Solver::new(geo).count(&made.puzzle, 2)?, Count::Exact(1));
    /// assert!(made.is_irreducible()); // 6×6 proofs are tiny
    /// assert_eq!(made.undecided, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn proof_budget(mut self, nodes: impl Into<Option<u64>>) -> Generator {
        self.proof_budget = nodes.into();
        self
    }

    /// Keeps a [`Certificate`] for each orbit of givens, in [`Generated::certificates`]
    /// (default: no). Each is a second solution the generator found when it tried to remove
    /// the orbit (the reason the orbit stayed), so they cost a copy of a grid per orbit
    /// kept, not a search; they let anyone check the result irreducible without trusting
    /// the generator ([`check_minimality`](super::check_minimality)). Every path gives them, at every size; only the
    /// [`undecided`](Generated::undecided) orbits of a proof budget have none. The puzzles
    /// are the same with or without them.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{check_minimality, Generator, Symmetry};
    /// use sudoku_core::{Geometry, Shape};
    ///
    /// let geo = Geometry::classic(Shape::new(2, 3)?);
    /// let made = Generator::new(geo.clone()).certificates(true).generate(&mut Pcg64Mcg::seed_from_u64(4))?;
    /// check_minimality(&geo, Symmetry::None, &made.puzzle, &made.solution, &made.certificates)?;
    /// let plain = Generator::new(geo).generate(&mut Pcg64Mcg::seed_from_u64(4))?;
    /// assert_eq!((plain.puzzle, plain.certificates.len()), (made.puzzle, 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn certificates(mut self, keep: bool) -> Generator {
        self.certificates = keep;
        self
    }

    /// The solver used (its engine, its own budget and flag).
    ///
    /// ```
    /// use sudoku_core::{Engine, Generator, Geometry, Shape};
    /// let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC));
    /// assert_eq!(generator.solver().engine(), Engine::Fast);
    /// ```
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// A puzzle from the caller's RNG.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Generator, Geometry, Shape, Solver};
    ///
    /// let six = Geometry::classic(Shape::new(2, 3)?);
    /// let made = Generator::new(six.clone()).generate(&mut Pcg64Mcg::seed_from_u64(9))?;
    /// assert!(Solver::new(six).is_unique(&made.puzzle)?);
    /// assert_eq!(made.undecided, 0);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::NoSolution`] if the rules have no complete grid;
    /// [`GenerateError::Interrupted`] when the budget or cancel flag stops it.
    pub fn generate<R: rand::Rng + ?Sized>(
        &mut self,
        rng: &mut R,
    ) -> Result<Generated, GenerateError> {
        self.generate_with_progress(rng, |_| {})
    }

    /// A puzzle, calling `progress` at the start and after each orbit visited (an orbit
    /// whose removal is put off is visited again later).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Generator, Geometry, Shape};
    ///
    /// let mut steps = Vec::new();
    /// let made = Generator::new(Geometry::classic(Shape::new(2, 2)?))
    ///     .generate_with_progress(&mut Pcg64Mcg::seed_from_u64(3), |p| steps.push(p))?;
    /// assert_eq!((steps[0].givens, steps[0].remaining), (16, 16));
    /// let last = steps.last().expect("a step");
    /// assert_eq!((last.givens, last.remaining), (made.puzzle.given_count(), 0));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`generate`](Self::generate).
    pub fn generate_with_progress<R: rand::Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        progress: impl FnMut(GenerateProgress),
    ) -> Result<Generated, GenerateError> {
        let limits = self.limits.clone();
        let mut work = Work::new(&limits);
        work.look()?;
        let count = self.solver.geometry().cell_count();
        let empty = vec![0u8; count];
        let mut solution = vec![0u8; count];
        // `&mut R` is a generator drawing the same values; sized, it fits `dyn`.
        let mut draws = &mut *rng;
        let filled = work.run(&mut self.solver, |solver| {
            solver.random_solution_raw(&empty, &mut solution, &mut draws)
        })?;
        if !filled {
            return Err(GenerateError::NoSolution);
        }
        self.reduce(solution, rng, progress, &mut work)
    }

    /// A minimal puzzle whose one solution is `solution`, a complete grid of the
    /// generator's rules chosen by the caller (a grid drawn with a jigsaw map by
    /// [`RegionMap::random_with_grid`](crate::RegionMap::random_with_grid), a Wordoku
    /// spelling a word…); the givens to remove are drawn from `rng`, as in
    /// [`generate`](Self::generate).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Generator, Geometry, RegionMap, Shape, Solver, Variant};
    ///
    /// let mut rng = Pcg64Mcg::seed_from_u64(3);
    /// let (map, grid) = RegionMap::random_with_grid(9, &mut rng)?;
    /// let geometry = Geometry::new(Shape::CLASSIC, &Variant::jigsaw(map))?;
    /// let made = Generator::new(geometry.clone()).generate_from(&grid, &mut rng)?;
    /// assert_eq!(made.solution, grid);
    /// assert!(Solver::new(geometry).is_unique(&made.puzzle)?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`GenerateError::NotASolution`] if `solution` is not a complete grid of the rules
    /// (wrong size, an empty cell, a house with a value twice); otherwise as
    /// [`generate`](Self::generate).
    pub fn generate_from<R: rand::Rng + ?Sized>(
        &mut self,
        solution: &Grid,
        rng: &mut R,
    ) -> Result<Generated, GenerateError> {
        let geometry = self.solver.geometry();
        let cells = solution.cells().len();
        let reason = if cells != geometry.cell_count() || solution.shape() != geometry.shape() {
            Some("not the rules' shape")
        } else if !geometry.is_solution(solution.cells()) {
            Some("an empty cell or a value twice in a house")
        } else {
            None
        };
        if let Some(reason) = reason {
            return Err(GenerateError::NotASolution { cells, reason });
        }
        let limits = self.limits.clone();
        let mut work = Work::new(&limits);
        work.look()?;
        self.reduce(solution.cells().to_vec(), rng, |_| {}, &mut work)
    }

    /// Removes givens from the complete grid `solution` down to a minimal puzzle.
    fn reduce<R: rand::Rng + ?Sized>(
        &mut self,
        solution: Vec<u8>,
        rng: &mut R,
        mut progress: impl FnMut(GenerateProgress),
        work: &mut Work<'_>,
    ) -> Result<Generated, GenerateError> {
        let geometry = self.solver.geometry().clone();
        let shape = geometry.shape();
        let count = geometry.cell_count();
        let sorted = geometry.orbits(self.symmetry);
        let mut orbits = sorted.clone();
        orbits.shuffle(rng);
        let mut cells = solution.clone();
        progress(GenerateProgress {
            givens: count,
            remaining: count,
        });
        let mut found = Found::new(self.certificates, count);
        let mut removal = Removal {
            orbits: &orbits,
            cells: &mut cells,
            solution: &solution,
            progress: &mut progress,
            found: &mut found,
            work,
        };
        let undecided = if self.proof_budget.is_none() && shape.size() <= 9 {
            self.remove_direct(&mut removal)?;
            0
        } else if self.proof_budget.is_some() || shape.size() <= 16 {
            self.remove_with_dlx(&mut removal)?
        } else {
            self.remove_with_learning(&mut removal, FIRST_PASS)?;
            0
        };
        let puzzle = geometry.grid(cells).unwrap_or_else(|_| unreachable!());
        let certificates = found.certificates(sorted, &puzzle);
        Ok(Generated {
            puzzle,
            solution: geometry.grid(solution).unwrap_or_else(|_| unreachable!()),
            undecided,
            certificates,
        })
    }
}

/// One removal loop's inputs: the orbits in the order drawn, the cells being emptied (the
/// complete `solution` at the start), the progress callback, the certificates kept and the
/// work spent.
pub(super) struct Removal<'a, 'w, P> {
    pub(super) orbits: &'a [Vec<crate::cell::Cell>],
    pub(super) cells: &'a mut [u8],
    pub(super) solution: &'a [u8],
    pub(super) progress: &'a mut P,
    pub(super) found: &'a mut Found,
    pub(super) work: &'a mut Work<'w>,
}

/// The search nodes of one generation, counted against the generator's budget.
#[derive(Debug)]
pub(super) struct Work<'a> {
    meter: Meter<'a>,
    bounded: bool,
}

impl<'a> Work<'a> {
    /// The count of a generation within `limits`.
    pub(super) fn new(limits: &'a Limits) -> Work<'a> {
        Work {
            meter: limits.meter(WorkUnit::Nodes),
            bounded: limits.units().is_some(),
        }
    }

    /// A stop when the cancel flag is raised now.
    pub(super) fn look(&self) -> Result<(), Interrupted> {
        self.meter.look()
    }

    /// What is left of the budget for the next search (`None`: no budget).
    pub(super) fn left(&self) -> Option<u64> {
        self.bounded.then(|| self.meter.remaining())
    }

    /// Runs one solver call within what is left of the budget and counts its nodes.
    pub(super) fn run<T>(
        &mut self,
        solver: &mut Solver,
        call: impl FnOnce(&mut Solver) -> Result<T, Interrupted>,
    ) -> Result<T, Interrupted> {
        solver.set_cap(self.left());
        let result = call(solver);
        solver.set_cap(None);
        self.count(solver.last_nodes(), result)
    }

    /// Counts `nodes` spent by a search that ended with `result`; an interruption then
    /// names the nodes of the whole generation.
    pub(super) fn count<T>(
        &mut self,
        nodes: u64,
        result: Result<T, Interrupted>,
    ) -> Result<T, Interrupted> {
        // A search stopped by its limit may count one node past it: the stop is then the
        // search's own.
        let _ = self.meter.spend(nodes);
        result.map_err(|e| self.meter.stop(e.reason()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Count;
    use crate::shape::Shape;
    use rand::SeedableRng as _;
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn progress_counters() {
        let mut g = Generator::new(Geometry::classic(Shape::new(2, 2).unwrap()));
        let mut seen = Vec::new();
        let made = g
            .generate_with_progress(&mut Pcg64Mcg::seed_from_u64(3), |p| seen.push(p))
            .unwrap();
        assert_eq!(
            seen[0],
            GenerateProgress {
                givens: 16,
                remaining: 16
            }
        );
        assert_eq!(seen.len(), 17);
        let last = seen.last().unwrap();
        assert_eq!(last.remaining, 0);
        assert_eq!(last.givens, made.puzzle.given_count());
        assert!(seen.windows(2).all(|w| w[1].givens <= w[0].givens));
    }

    /// A tiny proof budget leaves removals undecided; the puzzle stays unique.
    #[test]
    fn proof_budget_keeps_uniqueness() {
        let geo = Geometry::classic(Shape::CLASSIC);
        let mut exact = Generator::new(geo.clone());
        let mut capped = Generator::new(geo.clone()).proof_budget(2);
        let mut logic_path = Generator::new(geo.clone()).proof_budget(1 << 40);
        let mut check = Solver::new(geo);
        let mut undecided = 0;
        for seed in 0..4 {
            let a = exact.generate(&mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
            assert!(a.is_irreducible());
            // The logic path, with a budget that never runs out, makes the same puzzle.
            let c = logic_path
                .generate(&mut Pcg64Mcg::seed_from_u64(seed))
                .unwrap();
            assert_eq!((&a.puzzle, c.undecided), (&c.puzzle, 0));
            let b = capped.generate(&mut Pcg64Mcg::seed_from_u64(seed)).unwrap();
            undecided += b.undecided;
            assert_eq!(a.solution, b.solution);
            assert_eq!(check.count(&b.puzzle, 2).unwrap(), Count::Exact(1));
        }
        assert!(undecided > 0);
    }
}
