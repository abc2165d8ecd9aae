//! The minimal-clue generator of "Sudoku — Solitaire de nombres", with symmetric removal by
//! orbits.
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
//! As the French Wikipedia article on Sudoku notes, symmetry, uniqueness and irreducibility
//! cannot always hold together: keeping the symmetry, we keep uniqueness and give up
//! cell-by-cell irreducibility.
//!
//! # Uniqueness tests
//!
//! The test after emptying an orbit does not count solutions: the puzzle had one solution
//! `S` before, so a second solution now must differ from `S` in an emptied cell. Three paths
//! answer it, all exact (the same grid and order give the same puzzle on each):
//!
//! - Up to 9×9 (without [`Generator::proof_budget`]): an emptied cell whose value is a naked
//!   or hidden single of the givens needs no test; otherwise the solver searches, for each
//!   emptied cell, a solution avoiding `S`'s value there (a first-solution search, cheaper
//!   than counting to two).
//! - Up to 16×16, and at every size under a proof budget: candidate logic (singles, locked
//!   candidates) on the givens with `S`'s value struck from the cell, which often decides
//!   alone, then a dancing-links search that tries `S`'s values first (a second solution,
//!   when there is one, is usually close to `S`).
//! - Above 16×16 without a budget, where that search can run for hours, two engines take
//!   turns, each round with four times the nodes of the last, until one decides: a search
//!   near `S` on candidate bitmasks (singles and locked candidates at every node, branching
//!   only where a difference from `S` forces a choice), which refutes most removals; and
//!   clause learning on the boolean encoding of the rules with the givens as assumptions,
//!   whose learned clauses follow from the rules alone and so serve every later test. A
//!   removal not decided in the first round is *put off* and tried again after the last
//!   orbit, in passes with growing node counts, the last without a cap. This stays exact (a
//!   removal decided later is decided on the puzzle as it is then, and a second solution
//!   found with more givens stays one with fewer), but above 16×16 the puzzle is not the one
//!   the plain random order would give.
//!
//! # Bounds
//!
//! A generation is bounded by its [`Solver`]'s limits ([`Generator::with_solver`]):
//!
//! - the solver's cancel flag stops every search of the generation (the random grid, each
//!   uniqueness test), looked at every 256 dancing-links rows, 64 branches of the search near
//!   the solution and 16 propagation rounds of clause learning; the rest of the work between
//!   two looks is a candidate-logic pass over at most 625 cells. Measured from raising the
//!   flag to the return of [`Generator::generate`]: under 2 ms on 16×16 and 25×25 (up to
//!   about 20 ms the first time on 25×25, when the clause-learning engine is built), on a
//!   shared machine (load 15 on 2 cores). This is the way to give a generation a deadline.
//! - the solver's budget caps each search (an error when one runs out); with a
//!   [`Generator::proof_budget`] a uniqueness test that runs out of it keeps its given
//!   instead. There are at most N² + 1 searches per pass over the cells (N the side);
//!   only above 16×16 without a proof budget are there several passes, their caps growing
//!   fourfold up to the solver's budget.
//!
//! # Certificates
//!
//! Each orbit the generator keeps, it keeps because it found a second solution of the
//! puzzle without that orbit. With [`Generator::certificates`] it keeps those solutions in
//! [`Generated::certificates`], on every path and at every size. A [`Certificate`] is
//! checked in one pass over the grid, without a search ([`Certificate::check`],
//! [`check_minimality`]), so anyone can check irreducibility without trusting the
//! generator's engines. Uniqueness has no such short proof: count the solutions
//! ([`Solver::count`]).
//!
//! # Randomness
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
//! assert_eq!(check.count(&made.puzzle, 2)?, Count::Exact(1));
//! assert!(made.puzzle.is_subset_of(&made.solution));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Modules
//!
//! | module | holds |
//! |---|---|
//! | `symmetry` | [`Symmetry`] and its orbits |
//! | `generator` | [`Generator`] (settings and entry points), [`Generated`], [`GenerateProgress`], [`GenerateError`] |
//! | `removal` | the three removal loops and the choice between the two engines above 16×16 |
//! | `certificate` | [`Certificate`], [`check_minimality`] |
//! | `logic` | candidate logic for the path up to 16×16 |
//! | `bitsearch` | the search near the known solution (above 16×16) |
//! | `sat` | clause learning (above 16×16) |

#[cfg(doc)]
use crate::solve::Solver;

mod bitsearch;
mod certificate;
mod generator;
mod logic;
mod removal;
mod sat;
mod symmetry;

pub use certificate::{Certificate, CertificateError, check_minimality};
pub use generator::{GenerateError, GenerateProgress, Generated, Generator};
pub use symmetry::{ParseSymmetryError, Symmetry};
