//! The minimal-clue generator of seed 001, with symmetric removal by orbits.
//!
//! 1. Build a random complete grid ([`Solver::random_solution`]).
//! 2. Choose a random order of the cells, or of the *orbits* of the cells under the
//!    requested [`Symmetry`].
//! 3. Along that order, empty the cell (every cell of the orbit); if the puzzle now has more
//!    than one solution, put the values back.
//!
//! The result has a unique solution and is *irreducible* with respect to the removal unit:
//! with [`Symmetry::None`] no given can be removed without a second solution (a minimal
//! puzzle); with a symmetry no orbit can be removed, though a single cell sometimes could.
//! Seed 000 notes that symmetry, uniqueness and irreducibility cannot always hold together:
//! keeping the symmetry, we keep uniqueness and give up cell-by-cell irreducibility.
//!
//! The uniqueness test after emptying an orbit does not count solutions: the puzzle had
//! one solution `S` before, so a second solution now must differ from `S` in an emptied
//! cell. On grids up to 9×9 (without [`Generator::proof_budget`]), an emptied cell whose
//! value is a naked or hidden single of the givens needs no test, and otherwise the solver
//! searches, for each emptied cell, a solution avoiding `S`'s value there (a first-solution
//! search, cheaper than counting to two). Up to 16×16 (and at every size under a proof
//! budget), a test runs candidate logic (singles, locked candidates) on the givens with
//! `S`'s value struck from the cell, which often decides alone, and otherwise a
//! dancing-links search that tries `S`'s values first (a second solution, when there is
//! one, is usually close to `S`). Above 16×16 without a budget, where that search can run
//! for hours, each emptied cell `c` is tested by two exact engines taking turns:
//! 1. *A search near `S`* on candidate bitmasks with naked and
//!    hidden singles and locked candidates at every node, branching only where a difference
//!    from `S` forces a choice (a cell that lost its `S` value, a house whose `S` cell for a
//!    digit lost it): propagation alone refutes most removals.
//! 2. *Clause learning* (CDCL) on the boolean encoding of the rules, the givens and the
//!    struck value being *assumptions*: every learned clause follows from the rules alone,
//!    so what one test learns prunes all later tests of the loop (and of later puzzles of
//!    the same generator). It finds most second solutions.
//!
//! They take turns, each round with four times the nodes of the last (200 branches, then
//! 2,000 decisions, …), until one of them decides. A removal not decided in the first round
//! is *put off*: its cells stay given, and the put-off removals are tried again after the
//! last orbit of the random order, in passes with four times the nodes of the last, the
//! final one without a cap. This keeps the result exact: a removal decided later is
//! decided on the puzzle as it is then (so the puzzle stays unique), and a second solution
//! found when a given was emptied stays a second solution once more givens are gone (so
//! every given kept is still needed at the end). Put off, a removal is usually cheaper:
//! its second solution, when there is one, is easier to find in the sparser final puzzle.
//! The order of the decisions, not their soundness, depends on this, so above 16×16 the
//! puzzle is not the one the plain random order would give.
//!
//! Measured: the first path is about 2× faster at 16×16 and 1.5× at 12×12; the second makes
//! a minimal 25×25 puzzle in minutes where the first had not finished one in 28 minutes
//! (figures in the crate README).
//!
//! # Certificates
//!
//! Each orbit the generator keeps, it keeps because it found a second solution of the
//! puzzle without that orbit. With [`Generator::certificates`] it keeps those solutions
//! (the latest for each orbit: found when more givens were present, it is still a solution
//! of the final puzzle without the orbit) in [`Generated::certificates`], on every path and
//! at every size. A [`Certificate`] is checked in one pass over the grid, without a search
//! ([`Certificate::check`], [`check_minimality`]): a complete grid obeying the rules that
//! keeps every given outside the orbit and changes one inside shows that the puzzle without
//! the orbit has two solutions (it and the puzzle's own). So irreducibility can be checked
//! by anyone, apart from the generator's engines, even where a search would be long: the
//! 265 certificates of the crate's pinned 25×25 puzzle are checked in milliseconds, where
//! counting the solutions with each given removed by dancing links had not confirmed 25
//! givens in 859 s. Uniqueness has no such short proof: count the solutions
//! ([`Solver::count`]).
//!
//! Randomness comes from the caller's generator (`R: rand::Rng`) through `rand`'s own draws
//! (`random_range`, `SliceRandom::shuffle`): a seeded generator such as
//! `rand_pcg::Pcg64Mcg::seed_from_u64(seed)` gives the same puzzles on every platform, for a
//! given minor version of `rand`.
//!
//! ```
//! use rand::SeedableRng;
//! use sudoku_core::generate::{Generator, Symmetry};
//! use sudoku_core::{Geometry, Shape, Solver};
//!
//! let mut generator = Generator::new(Geometry::classic(Shape::CLASSIC)).symmetry(Symmetry::Central);
//! let made = generator.generate(&mut rand_pcg::Pcg64Mcg::seed_from_u64(7))?;
//! assert!(Symmetry::Central.holds(&made.puzzle));
//! let mut check = Solver::new(Geometry::classic(Shape::CLASSIC));
//! assert_eq!(check.count(&made.puzzle, 2)?, 1);
//! assert!(made.puzzle.is_subset_of(&made.solution));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use core::fmt;
use core::str::FromStr;
use std::sync::Arc;

use rand::seq::SliceRandom as _;

use crate::cell::Cell;
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::solve::{InterruptReason, Interrupted, ProofEngine, Solver};

mod bitsearch;
mod certificate;
mod logic;
mod sat;
use bitsearch::BitSearch;
use certificate::Found;
pub use certificate::{Certificate, CertificateError, check_minimality};
use sat::Sat;

/// The symmetry kept by the givens of a generated puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Symmetry {
    /// Cells removed one by one: the puzzle is minimal.
    #[default]
    None,
    /// Central symmetry (half-turn): cells in pairs `(r, c)`, `(N-1-r, N-1-c)`.
    Central,
    /// Quarter-turn rotations: orbits of up to four cells.
    Quarter,
    /// Both median axes (the middle row and column): orbits of up to four cells.
    Mirror,
    /// Both diagonals: orbits of up to four cells.
    Diagonal,
}

impl Symmetry {
    /// Every symmetry, in declaration order.
    pub const ALL: [Symmetry; 5] = [
        Symmetry::None,
        Symmetry::Central,
        Symmetry::Quarter,
        Symmetry::Mirror,
        Symmetry::Diagonal,
    ];

    /// The images of `(r, c)` under the symmetry's group (with repeats).
    fn images(self, n: usize, r: usize, c: usize) -> [(usize, usize); 4] {
        let m = n - 1;
        match self {
            Symmetry::None => [(r, c); 4],
            Symmetry::Central => [(r, c), (m - r, m - c), (r, c), (m - r, m - c)],
            Symmetry::Quarter => [(r, c), (c, m - r), (m - r, m - c), (m - c, r)],
            Symmetry::Mirror => [(r, c), (r, m - c), (m - r, c), (m - r, m - c)],
            Symmetry::Diagonal => [(r, c), (c, r), (m - c, m - r), (m - r, m - c)],
        }
    }

    /// The orbit of a cell: the cells removed together with it, sorted.
    ///
    /// ```
    /// use sudoku_core::generate::Symmetry;
    /// use sudoku_core::Shape;
    ///
    /// assert_eq!(Symmetry::Central.orbit(Shape::CLASSIC, 0), vec![0, 80]);
    /// assert_eq!(Symmetry::Quarter.orbit(Shape::CLASSIC, 1), vec![1, 17, 63, 79]);
    /// assert_eq!(Symmetry::Mirror.orbit(Shape::CLASSIC, 4), vec![4, 76]);
    /// assert_eq!(Symmetry::Diagonal.orbit(Shape::CLASSIC, 0), vec![0, 80]);
    /// assert_eq!(Symmetry::None.orbit(Shape::CLASSIC, 40), vec![40]);
    /// ```
    pub fn orbit(self, shape: Shape, cell: usize) -> Vec<usize> {
        let n = shape.size();
        let mut o: Vec<usize> = self
            .images(n, cell / n, cell % n)
            .iter()
            .map(|&(r, c)| r * n + c)
            .collect();
        o.sort_unstable();
        o.dedup();
        o
    }

    /// The partition of the cells into orbits, each sorted, ordered by their first cell.
    pub fn orbits(self, shape: Shape) -> Vec<Vec<usize>> {
        let mut seen = vec![false; shape.cell_count()];
        let mut out = Vec::new();
        for cell in 0..shape.cell_count() {
            if !seen[cell] {
                let o = self.orbit(shape, cell);
                for &c in &o {
                    seen[c] = true;
                }
                out.push(o);
            }
        }
        out
    }

    /// Does the pattern of givens of `grid` have this symmetry (each orbit all given or all
    /// empty)?
    pub fn holds(self, grid: &Grid) -> bool {
        let shape = grid.shape();
        self.orbits(shape).iter().all(|o| {
            let given = grid.get(o[0]) != 0;
            o.iter().all(|&c| (grid.get(c) != 0) == given)
        })
    }

    /// The name read by [`FromStr`]: `none`, `central`, `quarter`, `mirror`, `diagonal`.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Central => "central",
            Symmetry::Quarter => "quarter",
            Symmetry::Mirror => "mirror",
            Symmetry::Diagonal => "diagonal",
        }
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A symmetry name that is not known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown symmetry {name:?} (known: none, central, quarter, mirror, diagonal)")]
pub struct ParseSymmetryError {
    /// The name given.
    pub name: String,
}

impl FromStr for Symmetry {
    type Err = ParseSymmetryError;
    fn from_str(s: &str) -> Result<Symmetry, ParseSymmetryError> {
        Symmetry::ALL
            .into_iter()
            .find(|y| y.name() == s)
            .ok_or_else(|| ParseSymmetryError { name: s.to_owned() })
    }
}

/// Seed 001's two counters, reported after each step: cells still holding a value, and
/// cells still to visit ("32 28": 28 to visit, 32 filled, so 4 were put back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Progress {
    /// Non-empty cells.
    pub givens: usize,
    /// Cells not decided yet: not visited, or (above 16×16 without a proof budget) whose
    /// removal was put off to a later pass (see the [module documentation](self)).
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
    /// ([`check_minimality`]).
    pub certificates: Vec<Certificate>,
}

impl Generated {
    /// Is the puzzle known to be irreducible (no orbit removable while keeping a unique
    /// solution)? True unless a proof budget left some removal [`undecided`](Self::undecided).
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
    /// The solver's budget or cancel flag stopped a search.
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
}

/// The generator: a solver for the geometry and a symmetry.
#[derive(Clone, Debug)]
pub struct Generator {
    solver: Solver,
    symmetry: Symmetry,
    proof_budget: Option<u64>,
    certificates: bool,
    /// Candidate logic and a dancing-links engine for the uniqueness tests up to 16×16,
    /// built for the solver's geometry.
    logic: Option<(logic::Logic, ProofEngine)>,
    /// The bitmask search and clause learning for the uniqueness tests above 16×16, built
    /// for the solver's geometry.
    proof: Option<(BitSearch, Sat)>,
}

impl Generator {
    /// A generator for `geometry` without symmetry.
    pub fn new(geometry: impl Into<Arc<Geometry>>) -> Generator {
        Generator::with_solver(Solver::new(geometry))
    }

    /// A generator on a configured solver (engine, budget, cancel flag).
    pub fn with_solver(solver: Solver) -> Generator {
        Generator {
            solver,
            symmetry: Symmetry::None,
            proof_budget: None,
            certificates: false,
            logic: None,
            proof: None,
        }
    }

    /// Sets the symmetry.
    pub fn symmetry(mut self, symmetry: Symmetry) -> Generator {
        self.symmetry = symmetry;
        self
    }

    /// Caps each uniqueness proof at `nodes` search nodes (`None`, the default: no cap). With
    /// a cap, every size takes the path of 16×16 grids (candidate logic, then a dancing-links
    /// search near the known solution, whose nodes are counted; see the
    /// [module documentation](self)): its proofs are cheap per node, so a capped 25×25
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
    /// use sudoku_core::generate::Generator;
    /// use sudoku_core::{Geometry, Shape, Solver};
    ///
    /// let geo = Geometry::classic(Shape::new(2, 3)?);
    /// let mut generator = Generator::new(geo.clone()).proof_budget(1_000);
    /// let made = generator.generate(&mut Pcg64Mcg::seed_from_u64(5))?;
    /// assert_eq!(Solver::new(geo).count(&made.puzzle, 2)?, 1);
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
    /// the generator ([`check_minimality`]). Every path gives them, at every size; only the
    /// [`undecided`](Generated::undecided) orbits of a proof budget have none. The puzzles
    /// are the same with or without them.
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::generate::{check_minimality, Generator, Symmetry};
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

    /// The solver used.
    pub fn solver(&mut self) -> &mut Solver {
        &mut self.solver
    }

    /// A puzzle from the caller's RNG.
    ///
    /// # Errors
    /// [`GenerateError`] if the rules have no complete grid or the solver's budget or cancel
    /// flag stops it.
    pub fn generate<R: rand::Rng + ?Sized>(
        &mut self,
        rng: &mut R,
    ) -> Result<Generated, GenerateError> {
        self.generate_with_progress(rng, |_| {})
    }

    /// A puzzle, calling `progress` at the start and after each orbit visited (an orbit
    /// whose removal is put off is visited again later).
    ///
    /// # Errors
    /// As [`generate`](Self::generate).
    pub fn generate_with_progress<R: rand::Rng + ?Sized>(
        &mut self,
        rng: &mut R,
        mut progress: impl FnMut(Progress),
    ) -> Result<Generated, GenerateError> {
        let shape = self.solver.geometry().shape();
        let count = shape.cell_count();
        let empty = vec![0u8; count];
        let mut solution = vec![0u8; count];
        // `&mut R` is a generator drawing the same values; sized, it fits `dyn`.
        let mut draws = &mut *rng;
        if !self
            .solver
            .random_solution_raw(&empty, &mut solution, &mut draws)?
        {
            return Err(GenerateError::NoSolution);
        }
        let mut orbits = self.symmetry.orbits(shape);
        orbits.shuffle(rng);
        let mut cells = solution.clone();
        progress(Progress {
            givens: count,
            remaining: count,
        });
        let mut found = Found::new(self.certificates, count);
        let undecided = if self.proof_budget.is_none() && shape.size() <= 9 {
            self.remove_direct(&orbits, &mut cells, &solution, &mut progress, &mut found)?;
            0
        } else if self.proof_budget.is_some() || shape.size() <= 16 {
            self.remove_with_dlx(&orbits, &mut cells, &solution, &mut progress, &mut found)?
        } else {
            self.remove_with_learning(
                &orbits,
                &mut cells,
                &solution,
                &mut progress,
                FIRST_PASS,
                &mut found,
            )?;
            0
        };
        let puzzle = Grid::new(shape, cells).unwrap_or_else(|_| unreachable!());
        let certificates = found.certificates(self.symmetry, &puzzle);
        Ok(Generated {
            puzzle,
            solution: Grid::new(shape, solution).unwrap_or_else(|_| unreachable!()),
            undecided,
            certificates,
        })
    }

    /// The removal loop for grids up to 9×9 without a proof budget: a given forced by the
    /// givens alone (naked or hidden single) is removed without a search, otherwise the
    /// solver looks for a solution with another value in an emptied cell.
    fn remove_direct(
        &mut self,
        orbits: &[Vec<usize>],
        cells: &mut [u8],
        solution: &[u8],
        progress: &mut impl FnMut(Progress),
        found: &mut Found,
    ) -> Result<(), GenerateError> {
        let (mut givens, mut remaining) = (cells.len(), cells.len());
        let mut other = vec![0u8; if found.keeps() { cells.len() } else { 0 }];
        let geo = self.solver.geometry().clone();
        // Values given in each house, kept up to date.
        let mut masks: Vec<u32> = geo.house_masks(cells).iter().map(|m| m.bits()).collect();
        for orbit in orbits {
            for &c in orbit {
                let bit = 1u32 << (solution[c] - 1);
                for &h in geo.houses_of(Cell::new(c)) {
                    masks[h.index()] &= !bit;
                }
                cells[c] = 0;
            }
            let forced = orbit
                .iter()
                .all(|&c| forced_by_givens(&geo, cells, &masks, c, solution[c]));
            let keep = found.keeps().then_some(&mut other[..]);
            if !forced
                && self
                    .solver
                    .has_other_solution(cells, solution, orbit, keep)?
            {
                found.record(orbit[0], &other);
                for &c in orbit {
                    let bit = 1u32 << (solution[c] - 1);
                    for &h in geo.houses_of(Cell::new(c)) {
                        masks[h.index()] |= bit;
                    }
                    cells[c] = solution[c];
                }
            } else {
                givens -= orbit.len();
            }
            remaining -= orbit.len();
            progress(Progress { givens, remaining });
        }
        Ok(())
    }

    /// The removal loop for 10×10 to 16×16, and at every size under a proof budget: candidate
    /// logic on the givens with the removed cell's solution value struck (it often decides
    /// alone), then a dancing-links search near the known solution (a second solution, when
    /// there is one, is usually close to it).
    /// Measured faster than the engines of [`Generator::remove_with_learning`] up to 16×16
    /// (2× at 16×16), slower above. Returns the removals left undecided by the proof budget.
    fn remove_with_dlx(
        &mut self,
        orbits: &[Vec<usize>],
        cells: &mut [u8],
        solution: &[u8],
        progress: &mut impl FnMut(Progress),
        found: &mut Found,
    ) -> Result<usize, GenerateError> {
        let mut undecided = 0;
        let mut other = vec![0u8; if found.keeps() { cells.len() } else { 0 }];
        let geo = self.solver.geometry().clone();
        if self
            .logic
            .as_ref()
            .is_none_or(|(l, _)| !Arc::ptr_eq(&l.geo, &geo))
        {
            self.logic = Some((logic::Logic::new(geo.clone()), ProofEngine::new(&geo)));
        }
        let (logic, proof) = self.logic.as_mut().unwrap_or_else(|| unreachable!());
        let mut count = Progress {
            givens: cells.len(),
            remaining: cells.len(),
        };
        let orbits = orbits.iter().map(Vec::as_slice);
        remove_each_cell(orbits, cells, solution, &mut count, progress, |cells, c| {
            let answer = match logic.run(cells, c, solution[c]) {
                logic::Outcome::Contradiction => false,
                logic::Outcome::Solved => {
                    if found.keeps() {
                        logic.write_solution(&mut other);
                        found.record(c, &other);
                    }
                    true
                }
                logic::Outcome::Open => {
                    let (placed, excluded) = logic.reduced();
                    let keep = found.keeps().then_some(&mut other[..]);
                    match self.solver.has_solution_avoiding(
                        proof,
                        placed,
                        excluded,
                        solution,
                        self.proof_budget,
                        keep,
                    )? {
                        Some(true) => {
                            found.record(c, &other);
                            true
                        }
                        Some(false) => false,
                        None => {
                            // Undecided within the proof budget: keep the given.
                            undecided += 1;
                            true
                        }
                    }
                }
            };
            Ok(Some(answer))
        })?;
        Ok(undecided)
    }

    /// The removal loop above 16×16 without a proof budget: for each emptied cell,
    /// a search for a solution with another value there (the steps of the module
    /// documentation).
    ///
    /// A removal not decided within `first` nodes is put off: the orbit stays given and
    /// joins a queue, revisited after the last orbit in passes with four times the nodes of
    /// the last, the final pass without a cap. Sound: a revisit decides on the puzzle as it
    /// is then (a removal keeps it unique), and a second solution found for a puzzle stays
    /// one for every puzzle with fewer givens, so no given kept can be removed at the end.
    /// Returns the number of orbits put off. Exact: the solver's own budget or cancel flag
    /// stops it with an error.
    fn remove_with_learning(
        &mut self,
        orbits: &[Vec<usize>],
        cells: &mut [u8],
        solution: &[u8],
        progress: &mut impl FnMut(Progress),
        first: u64,
        found: &mut Found,
    ) -> Result<usize, GenerateError> {
        let geo = self.solver.geometry().clone();
        if self
            .proof
            .as_ref()
            .is_none_or(|p| !Arc::ptr_eq(&p.0.geo, &geo))
        {
            self.proof = Some((BitSearch::new(geo.clone()), Sat::new(geo.clone())));
        }
        let (near, proof) = self.proof.as_mut().unwrap_or_else(|| unreachable!());
        let (own, cancel) = self.solver.limits();
        let own = own.unwrap_or(u64::MAX);
        let mut count = Progress {
            givens: cells.len(),
            remaining: cells.len(),
        };
        let mut queue: Vec<&[usize]> = orbits.iter().map(Vec::as_slice).collect();
        let mut put_off = 0;
        let mut cap = first.min(own);
        loop {
            let later =
                remove_each_cell(queue, cells, solution, &mut count, progress, |cells, c| {
                    let q = Query {
                        cells,
                        at: c,
                        solution,
                    };
                    let (result, used) = decide(near, proof, q, cap, cancel, found);
                    match result {
                        Ok(other) => Ok(Some(other)),
                        Err(sat::Stop::Budget) if cap < own => Ok(None),
                        Err(stop) => Err(GenerateError::Interrupted(Interrupted {
                            reason: match stop {
                                sat::Stop::Budget => InterruptReason::Budget,
                                sat::Stop::Cancelled => InterruptReason::Cancelled,
                            },
                            nodes: used,
                            found: 0,
                        })),
                    }
                })?;
            if cap == first.min(own) {
                put_off = later.len();
            }
            if later.is_empty() {
                return Ok(put_off);
            }
            queue = later;
            cap = cap.saturating_mul(4).min(own);
        }
    }
}

/// The removal loop of the per-cell paths: empties each orbit, asks `other` whether a
/// solution with another value exists at each of its cells (`Some(true)`: yes, stopping
/// there; `Some(false)`: no; `None`: undecided), puts the orbit back unless every answer
/// was no, counts the decided cells in `count`, reports progress, and returns the orbits
/// put back undecided (to revisit).
fn remove_each_cell<'o>(
    orbits: impl IntoIterator<Item = &'o [usize]>,
    cells: &mut [u8],
    solution: &[u8],
    count: &mut Progress,
    progress: &mut impl FnMut(Progress),
    mut other: impl FnMut(&[u8], usize) -> Result<Option<bool>, GenerateError>,
) -> Result<Vec<&'o [usize]>, GenerateError> {
    let mut open = Vec::new();
    for orbit in orbits {
        for &c in orbit {
            cells[c] = 0;
        }
        let mut answer = Some(false);
        for &c in orbit {
            match other(cells, c)? {
                Some(true) => {
                    answer = Some(true);
                    break;
                }
                Some(false) => {}
                None => answer = None,
            }
        }
        if answer != Some(false) {
            for &c in orbit {
                cells[c] = solution[c];
            }
        }
        match answer {
            Some(false) => {
                count.givens -= orbit.len();
                count.remaining -= orbit.len();
            }
            Some(true) => count.remaining -= orbit.len(),
            None => open.push(orbit),
        }
        progress(*count);
    }
    Ok(open)
}

/// One uniqueness test: is there a solution of `cells` with another value than
/// `solution[at]` at `at`?
#[derive(Clone, Copy, Debug)]
struct Query<'a> {
    cells: &'a [u8],
    at: usize,
    solution: &'a [u8],
}

/// The nodes of a first attempt at each removal above 16×16 without a proof budget (one
/// round of each engine in [`decide`]); a removal not decided within them is put off.
const FIRST_PASS: u64 = 2_200;

/// Answers a [`Query`] with both engines in turn, each round with four times the nodes of
/// the last (the search near the solution from 200 branches, clause learning from 2,000
/// decisions, which keeps what it learned from one round to the next), until one of them
/// decides or `cap` nodes in all are spent. Returns the answer and the nodes spent; a
/// second solution found goes to `found`.
fn decide(
    near: &mut BitSearch,
    proof: &mut Sat,
    q: Query<'_>,
    cap: u64,
    cancel: Option<&core::sync::atomic::AtomicBool>,
    found: &mut Found,
) -> (Result<bool, sat::Stop>, u64) {
    let strike = q.solution[q.at];
    let mut used = 0u64;
    for round in 0u32.. {
        let scale = 1u64.checked_shl(2 * round).unwrap_or(u64::MAX);
        let limit = 200u64.saturating_mul(scale).min(cap - used);
        match near.solution_avoiding(q.cells, q.at, strike, q.solution, limit, cancel) {
            Ok(true) => {
                found.record(q.at, near.found());
                return (Ok(true), used);
            }
            Ok(false) => return (Ok(false), used),
            Err(bitsearch::Stop::Cancelled) => return (Err(sat::Stop::Cancelled), used),
            Err(bitsearch::Stop::Budget) => used += limit,
        }
        if used >= cap {
            break;
        }
        let limit = 2_000u64.saturating_mul(scale).min(cap - used);
        match proof.solution_avoiding(q.cells, q.at, strike, q.solution, limit, cancel) {
            Ok(true) => {
                found.record(q.at, proof.found());
                return (Ok(true), used);
            }
            Ok(false) => return (Ok(false), used),
            Err(sat::Stop::Cancelled) => return (Err(sat::Stop::Cancelled), used),
            Err(sat::Stop::Budget) => used += limit,
        }
        if used >= cap {
            break;
        }
    }
    (Err(sat::Stop::Budget), used)
}

/// Is the value `v` of the empty cell `cell` forced by the givens alone, as a naked single
/// (every other value is seen by the cell) or a hidden single (in some house of the cell,
/// every other empty cell sees a given `v`)? Then every solution has `v` there, so emptying
/// the cell keeps a unique puzzle unique, without a search.
fn forced_by_givens(geo: &Geometry, cells: &[u8], masks: &[u32], cell: usize, v: u8) -> bool {
    let bit = 1u32 << (v - 1);
    let all = (1u32 << geo.size()) - 1;
    let cell = Cell::new(cell);
    let seen = geo
        .houses_of(cell)
        .iter()
        .fold(0u32, |acc, &h| acc | masks[h.index()]);
    if seen | bit == all {
        return true;
    }
    geo.houses_of(cell).iter().any(|&h| {
        geo.house(h).iter().all(|&c| {
            c == cell
                || cells[c.index()] != 0
                || geo
                    .houses_of(c)
                    .iter()
                    .any(|&g| masks[g.index()] & bit != 0)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng as _;
    use rand_pcg::Pcg64Mcg;

    #[test]
    fn orbits_partition() {
        for shape in [
            Shape::CLASSIC,
            Shape::new(2, 2).unwrap(),
            Shape::new(2, 3).unwrap(),
        ] {
            for sym in Symmetry::ALL {
                let orbits = sym.orbits(shape);
                let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..shape.cell_count()).collect::<Vec<_>>());
                for o in &orbits {
                    for &c in o {
                        assert_eq!(&sym.orbit(shape, c), o);
                    }
                }
            }
        }
        assert_eq!(Symmetry::Quarter.orbits(Shape::CLASSIC).len(), 21);
        assert_eq!(Symmetry::Central.orbits(Shape::CLASSIC).len(), 41);
    }

    #[test]
    fn symmetry_names() {
        assert_eq!("quarter".parse::<Symmetry>(), Ok(Symmetry::Quarter));
        assert!("twist".parse::<Symmetry>().is_err());
    }

    #[test]
    fn progress_counters() {
        let mut g = Generator::new(Geometry::classic(Shape::new(2, 2).unwrap()));
        let mut seen = Vec::new();
        let made = g
            .generate_with_progress(&mut Pcg64Mcg::seed_from_u64(3), |p| seen.push(p))
            .unwrap();
        assert_eq!(
            seen[0],
            Progress {
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

    /// Both proof engines answer "is there a solution with another value at the cell?"
    /// exactly as counting does, on increasingly open grids of several sizes; a solution
    /// they find is one, keeps the givens and differs at the cell.
    #[test]
    fn proof_engines_agree_with_counting() {
        let mut answers = [0; 2];
        for (shape, seeds) in [
            (Shape::new(2, 2).unwrap(), 0..6),
            (Shape::new(2, 3).unwrap(), 0..3),
            (Shape::CLASSIC, 0..2),
        ] {
            let geo = Geometry::classic(shape);
            let mut near = BitSearch::new(geo.clone());
            let mut sat = Sat::new(geo.clone());
            let mut solver = Solver::new(geo.clone());
            for seed in seeds {
                let made = Generator::new(geo.clone())
                    .generate(&mut Pcg64Mcg::seed_from_u64(seed))
                    .unwrap();
                let sol = made.solution.cells();
                let mut cells = sol.to_vec();
                let mut order: Vec<usize> = (0..cells.len()).collect();
                order.shuffle(&mut Pcg64Mcg::seed_from_u64(seed));
                for &c in &order {
                    cells[c] = 0;
                    let mut other = 0;
                    for v in 1..=shape.size() as u8 {
                        if v != sol[c] {
                            let mut t = cells.clone();
                            t[c] = v;
                            other += solver.count_raw(&t, 1).unwrap();
                        }
                    }
                    let check = |found: &[u8]| {
                        assert!(geo.is_solution(found));
                        assert_ne!(found[c], sol[c]);
                        assert!(cells.iter().zip(found).all(|(&g, &f)| g == 0 || g == f));
                    };
                    let a = near
                        .solution_avoiding(&cells, c, sol[c], sol, u64::MAX, None)
                        .unwrap();
                    assert_eq!(a, other > 0, "bit search, seed {seed}, cell {c}");
                    if a {
                        check(near.found());
                    }
                    let b = sat
                        .solution_avoiding(&cells, c, sol[c], sol, u64::MAX, None)
                        .unwrap();
                    assert_eq!(b, other > 0, "clause learning, seed {seed}, cell {c}");
                    if b {
                        check(sat.found());
                    }
                    answers[usize::from(b)] += 1;
                }
            }
        }
        // Both answers happened.
        assert!(answers.iter().all(|&k| k > 0), "{answers:?}");
    }

    /// `cells` has one solution, and each of its givens is needed (independent count).
    fn assert_unique_minimal(check: &mut Solver, shape: Shape, cells: &[u8]) {
        let puzzle = Grid::new(shape, cells.to_vec()).unwrap();
        assert_eq!(check.count(&puzzle, 2).unwrap(), 1);
        for c in (0..cells.len()).filter(|&c| cells[c] != 0) {
            let mut fewer = cells.to_vec();
            fewer[c] = 0;
            let fewer = Grid::new(shape, fewer).unwrap();
            assert_eq!(check.count(&fewer, 2).unwrap(), 2, "given {c} needed");
        }
    }

    /// The two exact removal loops (candidate logic with dancing links, used up to 16×16;
    /// the search near the solution with clause learning, used above) decide every removal
    /// alike, so the same grid and order give the same puzzle, unique and minimal by an
    /// independent count.
    #[test]
    fn removal_loops_agree() {
        let mut put_off = 0;
        for (shape, seeds) in [
            (Shape::new(2, 3).unwrap(), 0..6u64),
            (Shape::CLASSIC, 0..4),
            (Shape::new(3, 4).unwrap(), 0..1),
        ] {
            let geo = Geometry::classic(shape);
            let mut generator = Generator::new(geo.clone());
            let mut check = Solver::new(geo.clone());
            for seed in seeds {
                let mut rng = Pcg64Mcg::seed_from_u64(seed);
                let solution = check
                    .random_solution(&Grid::empty(shape), &mut rng)
                    .unwrap()
                    .unwrap()
                    .into_cells();
                let mut orbits = Symmetry::None.orbits(shape);
                orbits.shuffle(&mut rng);
                let mut by_dlx = solution.clone();
                let mut by_learning = solution.clone();
                let cells = shape.cell_count();
                let (mut found_dlx, mut found_learning) =
                    (Found::new(true, cells), Found::new(true, cells));
                let u = generator
                    .remove_with_dlx(&orbits, &mut by_dlx, &solution, &mut |_| (), &mut found_dlx)
                    .unwrap();
                generator
                    .remove_with_learning(
                        &orbits,
                        &mut by_learning,
                        &solution,
                        &mut |_| (),
                        u64::MAX,
                        &mut found_learning,
                    )
                    .unwrap();
                assert_eq!(u, 0);
                assert_eq!(by_dlx, by_learning, "{shape:?} seed {seed}");
                assert_unique_minimal(&mut check, shape, &by_learning);
                let sol = Grid::new(shape, solution.clone()).unwrap();
                for (found, puzzle) in [(&found_dlx, &by_dlx), (&found_learning, &by_learning)] {
                    let puzzle = Grid::new(shape, puzzle.clone()).unwrap();
                    let certs = found.certificates(Symmetry::None, &puzzle);
                    check_minimality(&geo, Symmetry::None, &puzzle, &sol, &certs).unwrap();
                }
                // A first pass of one node puts removals off to later passes; the puzzle
                // is still unique and minimal, and certified so.
                let mut by_passes = solution.clone();
                let mut found_passes = Found::new(true, cells);
                put_off += generator
                    .remove_with_learning(
                        &orbits,
                        &mut by_passes,
                        &solution,
                        &mut |_| (),
                        1,
                        &mut found_passes,
                    )
                    .unwrap();
                assert_unique_minimal(&mut check, shape, &by_passes);
                let puzzle = Grid::new(shape, by_passes).unwrap();
                let certs = found_passes.certificates(Symmetry::None, &puzzle);
                check_minimality(&geo, Symmetry::None, &puzzle, &sol, &certs).unwrap();
            }
        }
        assert!(put_off > 0, "no removal was put off");
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
            assert_eq!(check.count(&b.puzzle, 2).unwrap(), 1);
        }
        assert!(undecided > 0);
    }

    /// Hard removal tests met by the 25×25 generator (`testdata/hard25.txt`), each decided
    /// by both engines in turn from fresh engines as the removal loop does, and checked
    /// against the recorded answer. Seconds each in release; run with
    /// `cargo test --release -p sudoku-core --lib -- --ignored hard_removals --nocapture`.
    #[test]
    #[ignore = "25×25 removal tests: about a minute in release"]
    fn hard_removals() {
        let geo = Geometry::classic(Shape::new(5, 5).unwrap());
        let decode = |s: &str| -> Vec<u8> {
            s.bytes()
                .map(|b| if b == b'.' { 0 } else { b - b'A' + 1 })
                .collect()
        };
        let mut total = 0.0;
        for line in include_str!("testdata/hard25.txt")
            .lines()
            .filter(|l| !l.starts_with('#'))
        {
            let f: Vec<&str> = line.split_whitespace().collect();
            let at: usize = f[0].parse().unwrap();
            let (cells, sol) = (decode(f[2]), decode(f[3]));
            assert!(geo.is_solution(&sol));
            assert_eq!(cells[at], 0);
            let mut near = BitSearch::new(geo.clone());
            let mut sat = Sat::new(geo.clone());
            let start = std::time::Instant::now();
            let q = Query {
                cells: &cells,
                at,
                solution: &sol,
            };
            let mut found = Found::new(false, cells.len());
            let (answer, _) = decide(&mut near, &mut sat, q, u64::MAX, None, &mut found);
            let took = start.elapsed().as_secs_f64();
            total += took;
            println!("cell {at}: {answer:?} in {took:.3} s");
            assert_eq!(answer, Ok(f[1] == "other"), "cell {at}");
        }
        println!("total {total:.3} s");
    }
}
