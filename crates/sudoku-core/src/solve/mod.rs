//! Solving sudoku of every size and variant: first solution, counting up to a limit, lazy
//! enumeration, random completion, with a node budget and a cancel flag.
//!
//! A [`Solver`] is built once for a [`Geometry`] (shape + variant) and reused for any number
//! of grids of that geometry: it keeps its engine's data (the dancing-links matrix) between
//! calls and allocates nothing per search beyond the returned grids.
//!
//! ```
//! use sudoku_core::{Grid, Solver, Shape, Geometry};
//!
//! let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
//! let solution = solver.solve(&puzzle)?.expect("solvable");
//! assert!(puzzle.is_subset_of(&solution) && solution.is_complete());
//! assert_eq!(solver.count(&puzzle, 2)?, 1);
//!
//! // 288 complete 4×4 grids.
//! let mut small = Solver::new(Geometry::classic(Shape::new(2, 2)?));
//! assert_eq!(small.count(&Grid::empty(Shape::new(2, 2)?), u64::MAX)?, 288);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Engines
//!
//! [`Engine`] names the algorithm; every engine gives the same answers. `Engine::Auto` picks
//! the fastest available for the geometry:
//!
//! | engine | geometries | used by `Auto` for |
//! |---|---|---|
//! | [`Engine::Dlx`] (dancing links on the exact-cover matrix) | every shape and variant | everything else |
//! | [`Engine::Fast`] (the bitboard engine of [`fast9`](crate::fast9)) | classic 9×9 and Sudoku X 9×9 | classic and X 9×9 |
//!
//! On the fast engine, [`Solver::solve`], [`Solver::count`] and the generator's uniqueness
//! checks run on bitboards; [`Solver::solutions`] (lazy enumeration) and
//! [`Solver::random_solution`] always use dancing links, so random grids (and therefore
//! seeded generator output) do not depend on the engine. [`Solver::active_engine`] tells which
//! engine serves a solver; [`Solver::try_engine`] refuses an engine the geometry does not
//! support, [`Solver::engine`] falls back to dancing links.
//!
//! # Budget and cancellation
//!
//! [`Solver::budget`] caps the search nodes of each call (rows tried by dancing links,
//! guesses by the fast engine); [`Solver::cancel_flag`] shares an
//! [`AtomicBool`] a caller can raise from another thread. Either way a call returns
//! [`SolveError::Interrupted`]: the answer is unknown, never a wrong one.

mod dlx;

use core::sync::atomic::AtomicBool;
use std::sync::Arc;

pub use crate::exact_cover::{InterruptReason, Interrupted};
use crate::fast9::{Fast9, Increasing, RunReport, Stop};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::variant::Regions;
use dlx::{DlxSudoku, Limits};

/// The solving algorithm.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub enum Engine {
    /// The fastest engine available for the geometry.
    #[default]
    Auto,
    /// Dancing links (Algorithm X) on the exact-cover matrix: every shape and variant.
    Dlx,
    /// The bitboard engine for the classic 9×9 grid and Sudoku X ([`fast9`](crate::fast9)).
    Fast,
}

impl core::fmt::Display for Engine {
    /// `auto`, `dlx` or `fast`, as [`str::parse`] reads them.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Engine::Auto => "auto",
            Engine::Dlx => "dlx",
            Engine::Fast => "fast",
        })
    }
}

impl core::str::FromStr for Engine {
    type Err = ParseEngineError;
    /// `auto`, `dlx` or `fast`.
    fn from_str(s: &str) -> Result<Engine, ParseEngineError> {
        match s {
            "auto" => Ok(Engine::Auto),
            "dlx" => Ok(Engine::Dlx),
            "fast" => Ok(Engine::Fast),
            _ => Err(ParseEngineError { name: s.to_owned() }),
        }
    }
}

/// An engine name that is not known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine {name:?} (known: auto, dlx, fast)")]
pub struct ParseEngineError {
    /// The name given.
    pub name: String,
}

/// Why a solver call has no answer.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The grid's shape is not the solver's.
    #[error("grid of shape {grid} given to a solver of shape {solver}")]
    Shape {
        /// Shape of the grid.
        grid: Shape,
        /// Shape of the solver's geometry.
        solver: Shape,
    },
    /// The budget ran out or the search was cancelled: the answer is unknown.
    #[error(transparent)]
    Interrupted(#[from] Interrupted),
}

/// An engine asked for that does not serve the solver's geometry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "the {engine} engine does not solve this geometry ({shape}); it serves classic and X 9x9 only"
)]
pub struct UnsupportedEngine {
    /// The engine asked for.
    pub engine: Engine,
    /// The geometry's shape.
    pub shape: Shape,
}

/// The engines behind a solver: dancing links always (enumeration, random completion, and
/// every geometry), the bitboard engine where it applies and is chosen.
#[derive(Clone, Debug)]
struct Backend {
    dlx: DlxSudoku,
    fast: Option<Fast9>,
}

/// Whether the bitboard engine serves `geometry`: `Some(x)` for classic 9×9 (`x == false`)
/// and Sudoku X 9×9 (`x == true`).
fn fast_variant(geometry: &Geometry) -> Option<bool> {
    let v = geometry.variant();
    let plain = geometry.shape() == Shape::CLASSIC
        && *v.regions() == Regions::Boxes
        && !v.has_disjoint_groups()
        && !v.has_windows()
        && v.extra_houses().is_empty();
    plain.then(|| v.has_diagonals())
}

/// A reusable solver for one geometry. See the [module documentation](self).
#[derive(Clone, Debug)]
pub struct Solver {
    geometry: Arc<Geometry>,
    engine: Engine,
    budget: Option<u64>,
    cancel: Option<Arc<AtomicBool>>,
    backend: Backend,
}

impl Solver {
    /// A solver for `geometry` with the [`Engine::Auto`] engine, no budget, no cancel flag.
    pub fn new(geometry: impl Into<Arc<Geometry>>) -> Solver {
        let geometry = geometry.into();
        let backend = Self::backend(&geometry, Engine::Auto);
        Solver {
            geometry,
            engine: Engine::Auto,
            budget: None,
            cancel: None,
            backend,
        }
    }

    /// The single dispatch point from (geometry, engine) to an implementation.
    fn backend(geometry: &Geometry, engine: Engine) -> Backend {
        let fast = match engine {
            Engine::Auto | Engine::Fast => fast_variant(geometry).map(Fast9::new),
            Engine::Dlx => None,
        };
        Backend {
            dlx: DlxSudoku::new(geometry),
            fast,
        }
    }

    /// Uses `engine`; an engine that does not serve the geometry falls back to dancing links
    /// ([`active_engine`](Self::active_engine) tells which one runs).
    pub fn engine(mut self, engine: Engine) -> Solver {
        if engine != self.engine {
            self.engine = engine;
            self.backend = Self::backend(&self.geometry, engine);
        }
        self
    }

    /// Uses `engine`, or fails if it does not serve the geometry ([`Engine::Fast`] serves
    /// classic and X 9×9 only).
    ///
    /// ```
    /// use sudoku_core::{Engine, Geometry, Shape, Solver};
    ///
    /// let nine = Solver::new(Geometry::classic(Shape::CLASSIC)).try_engine(Engine::Fast)?;
    /// assert_eq!(nine.active_engine(), Engine::Fast);
    /// let six = Solver::new(Geometry::classic(Shape::new(2, 3)?));
    /// assert!(six.try_engine(Engine::Fast).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`UnsupportedEngine`] when the geometry is not served by `engine`.
    pub fn try_engine(self, engine: Engine) -> Result<Solver, UnsupportedEngine> {
        if engine == Engine::Fast && fast_variant(&self.geometry).is_none() {
            return Err(UnsupportedEngine {
                engine,
                shape: self.geometry.shape(),
            });
        }
        Ok(self.engine(engine))
    }

    /// The engine that serves [`solve`](Self::solve) and [`count`](Self::count):
    /// [`Engine::Fast`] or [`Engine::Dlx`] (never `Auto`).
    pub fn active_engine(&self) -> Engine {
        if self.backend.fast.is_some() {
            Engine::Fast
        } else {
            Engine::Dlx
        }
    }

    /// Runs the bitboard engine on 81 cells, turning an early stop into [`Interrupted`].
    fn run_fast(
        fast: &mut Fast9,
        cells: &[u8],
        exclude: Option<(usize, u8)>,
        limit: u64,
        first: Option<&mut [u8; 81]>,
        budget: Option<u64>,
        cancel: Option<&AtomicBool>,
    ) -> Result<u64, Interrupted> {
        let mut grid = [0u8; 81];
        grid.copy_from_slice(cells);
        let RunReport {
            count,
            guesses,
            stop,
        } = fast.run(&grid, exclude, limit, first, budget, cancel, Increasing);
        match stop {
            None => Ok(count),
            Some(stop) => Err(Interrupted {
                reason: match stop {
                    Stop::Budget => InterruptReason::Budget,
                    Stop::Cancelled => InterruptReason::Cancelled,
                },
                nodes: guesses,
                found: count,
            }),
        }
    }

    /// Caps each call at `nodes` search nodes (rows tried); `None` removes the cap.
    pub fn budget(mut self, nodes: impl Into<Option<u64>>) -> Solver {
        self.budget = nodes.into();
        self
    }

    /// Stops any call soon after `flag` becomes true (checked every 1,024 nodes).
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Solver {
        self.cancel = Some(flag);
        self
    }

    /// Changes the budget of a solver in place.
    pub fn set_budget(&mut self, nodes: Option<u64>) {
        self.budget = nodes;
    }

    /// The geometry solved.
    pub fn geometry(&self) -> &Geometry {
        &self.geometry
    }

    /// The shared geometry.
    pub fn geometry_arc(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// The budget and cancel flag, for searches run outside the solver's engines (the
    /// generator's proof engine).
    pub(crate) fn limits(&self) -> (Option<u64>, Option<&AtomicBool>) {
        (self.budget, self.cancel.as_deref())
    }

    /// The engine asked for.
    pub fn engine_kind(&self) -> Engine {
        self.engine
    }

    fn check(&self, grid: &Grid) -> Result<(), SolveError> {
        if grid.shape() != self.geometry.shape() {
            return Err(SolveError::Shape {
                grid: grid.shape(),
                solver: self.geometry.shape(),
            });
        }
        Ok(())
    }

    fn check_cells(&self, cells: &[u8]) -> Result<(), SolveError> {
        let n = self.geometry.size();
        if cells.len() != self.geometry.cell_count() || cells.iter().any(|&v| v as usize > n) {
            let shape = Shape::from_cell_count(cells.len()).unwrap_or(self.geometry.shape());
            return Err(SolveError::Shape {
                grid: shape,
                solver: self.geometry.shape(),
            });
        }
        Ok(())
    }

    /// The first solution found, or `None` if there is none (clashing givens have none).
    ///
    /// # Errors
    /// [`SolveError::Shape`] for a grid of another shape; [`SolveError::Interrupted`] when
    /// the budget or cancel flag stops the search.
    pub fn solve(&mut self, grid: &Grid) -> Result<Option<Grid>, SolveError> {
        self.check(grid)?;
        let mut out = vec![0u8; grid.cells().len()];
        if self.solve_cells(grid.cells(), &mut out)? {
            Ok(Some(
                Grid::new(grid.shape(), out).unwrap_or_else(|_| unreachable!()),
            ))
        } else {
            Ok(None)
        }
    }

    /// Raw form of [`solve`](Self::solve): `cells` row-major (0 empty), the solution written
    /// to `out`; true if there is one.
    ///
    /// # Errors
    /// [`SolveError::Shape`] if `cells` or `out` do not have N×N cells or a value exceeds
    /// N; [`SolveError::Interrupted`] on budget or cancellation.
    pub fn solve_cells(&mut self, cells: &[u8], out: &mut [u8]) -> Result<bool, SolveError> {
        self.check_cells(cells)?;
        self.check_cells(out)?;
        let limits = Limits {
            budget: self.budget,
            cancel: self.cancel.as_deref(),
            shuffle: None,
        };
        if let Some(fast) = &mut self.backend.fast {
            let mut first = [0u8; 81];
            let found = Self::run_fast(
                fast,
                cells,
                None,
                1,
                Some(&mut first),
                self.budget,
                self.cancel.as_deref(),
            )?;
            if found == 1 {
                out.copy_from_slice(&first);
            }
            return Ok(found == 1);
        }
        Ok(self.backend.dlx.solve_into(cells, out, limits)?)
    }

    /// The number of solutions, counting stops at `limit` (`count(g, 2) == 1` is the
    /// uniqueness test).
    ///
    /// # Errors
    /// As [`solve`](Self::solve); on interruption [`Interrupted::found`] is a lower bound.
    pub fn count(&mut self, grid: &Grid, limit: u64) -> Result<u64, SolveError> {
        self.check(grid)?;
        self.count_cells(grid.cells(), limit)
    }

    /// Raw form of [`count`](Self::count).
    ///
    /// An empty grid is counted with the symbols of row 0 fixed to 1..=N, the result
    /// multiplied by N! (every variant here is a set of houses, so relabelling the symbols
    /// maps solutions to solutions, and each solution has exactly one relabelling with row 0
    /// in order): 28,200,960 complete 6×6 grids are counted as 39,168 × 720.
    /// [`solutions`](Self::solutions) still enumerates every grid.
    ///
    /// # Errors
    /// As [`solve_cells`](Self::solve_cells).
    pub fn count_cells(&mut self, cells: &[u8], limit: u64) -> Result<u64, SolveError> {
        self.check_cells(cells)?;
        let n = self.geometry.size();
        if limit > 1 && cells.iter().all(|&v| v == 0) {
            let mut fixed = cells.to_vec();
            for (v, c) in fixed.iter_mut().take(n).enumerate() {
                *c = v as u8 + 1;
            }
            let factorial = (1..=n as u64).try_fold(1u64, u64::checked_mul);
            let inner_limit = match factorial {
                Some(f) => limit.div_ceil(f),
                None => 1,
            };
            let c = self.count_raw(&fixed, inner_limit)?;
            return Ok(match factorial.and_then(|f| c.checked_mul(f)) {
                Some(total) => total.min(limit),
                None => limit,
            });
        }
        self.count_raw(cells, limit)
    }

    fn count_raw(&mut self, cells: &[u8], limit: u64) -> Result<u64, SolveError> {
        let limits = Limits {
            budget: self.budget,
            cancel: self.cancel.as_deref(),
            shuffle: None,
        };
        if let Some(fast) = &mut self.backend.fast {
            let (budget, cancel) = (self.budget, self.cancel.as_deref());
            return Ok(Self::run_fast(
                fast, cells, None, limit, None, budget, cancel,
            )?);
        }
        Ok(self.backend.dlx.count(cells, limit, limits)?)
    }

    /// Does the grid have exactly one solution?
    ///
    /// # Errors
    /// As [`solve`](Self::solve).
    pub fn is_unique(&mut self, grid: &Grid) -> Result<bool, SolveError> {
        Ok(self.count(grid, 2)? == 1)
    }

    /// Every solution, lazily, in search order. Each item is a solution, or once an
    /// [`Interrupted`] error after which the iterator ends.
    ///
    /// # Errors
    /// [`SolveError::Shape`] for a grid of another shape.
    pub fn solutions(&mut self, grid: &Grid) -> Result<Solutions<'_>, SolveError> {
        self.check(grid)?;
        let limits = Limits {
            budget: self.budget,
            cancel: self.cancel.as_deref(),
            shuffle: None,
        };
        let base = grid.clone();
        let d = &mut self.backend.dlx;
        let n = d.size();
        let search = d.search(grid.cells(), &[], limits);
        Ok(Solutions {
            search,
            n,
            base,
            done: false,
        })
    }

    /// A random solution of `grid` (an empty grid gives a random complete grid): the search
    /// tries the placements of each branching cell from a random one, drawn from `rng`.
    /// The same RNG state gives the same grid on every platform.
    ///
    /// # Errors
    /// As [`solve`](Self::solve).
    pub fn random_solution<R: rand::Rng + ?Sized>(
        &mut self,
        grid: &Grid,
        rng: &mut R,
    ) -> Result<Option<Grid>, SolveError> {
        self.check(grid)?;
        let mut out = vec![0u8; grid.cells().len()];
        if self.random_solution_cells(grid.cells(), &mut out, rng.next_u64())? {
            Ok(Some(
                Grid::new(grid.shape(), out).unwrap_or_else(|_| unreachable!()),
            ))
        } else {
            Ok(None)
        }
    }

    /// Raw form of [`random_solution`](Self::random_solution) with the seed of the search's
    /// own SplitMix64 sequence.
    ///
    /// # Errors
    /// As [`solve_cells`](Self::solve_cells).
    pub fn random_solution_cells(
        &mut self,
        cells: &[u8],
        out: &mut [u8],
        seed: u64,
    ) -> Result<bool, SolveError> {
        self.check_cells(cells)?;
        self.check_cells(out)?;
        let limits = Limits {
            budget: self.budget,
            cancel: self.cancel.as_deref(),
            shuffle: Some(seed),
        };
        Ok(self.backend.dlx.solve_into(cells, out, limits)?)
    }

    /// For the generator: given a puzzle `cells` that had the unique solution `solution`
    /// before the cells of `removed` were emptied, is there now another solution? When
    /// there is and `found` is given, the other solution is written there.
    pub(crate) fn has_other_solution(
        &mut self,
        cells: &[u8],
        solution: &[u8],
        removed: &[usize],
        found: Option<&mut [u8]>,
    ) -> Result<bool, SolveError> {
        let limits = Limits {
            budget: self.budget,
            cancel: self.cancel.as_deref(),
            shuffle: None,
        };
        if let Some(fast) = &mut self.backend.fast {
            let (budget, cancel) = (self.budget, self.cancel.as_deref());
            let mut first = [0u8; 81];
            for &cell in removed {
                let exclude = Some((cell, solution[cell]));
                let out = found.is_some().then_some(&mut first);
                if Self::run_fast(fast, cells, exclude, 1, out, budget, cancel)? == 1 {
                    if let Some(found) = found {
                        found.copy_from_slice(&first);
                    }
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        Ok(self
            .backend
            .dlx
            .has_other_solution(cells, solution, removed, limits, found)?)
    }

    /// For the generator: is there a solution of `cells` using none of the `excluded`
    /// placements `(cell, value)`? The search runs on `proof` (a dancing-links engine for
    /// this solver's geometry, whatever engine the solver itself uses) and tries the values
    /// of `prefer` (a known solution) first; a solution found is written to `found` when
    /// given. `None` when the search runs out of `proof_budget` nodes (the solver's own
    /// budget and cancel flag still give errors).
    pub(crate) fn has_solution_avoiding(
        &self,
        proof: &mut ProofEngine,
        cells: &[u8],
        excluded: &[(usize, u8)],
        prefer: &[u8],
        proof_budget: Option<u64>,
        found: Option<&mut [u8]>,
    ) -> Result<Option<bool>, SolveError> {
        let own = self.budget.unwrap_or(u64::MAX);
        let proof_nodes = proof_budget.unwrap_or(u64::MAX);
        let limits = Limits {
            budget: Some(own.min(proof_nodes)),
            cancel: self.cancel.as_deref(),
            shuffle: None,
        };
        match proof
            .0
            .has_solution_avoiding(cells, excluded, prefer, limits, found)
        {
            Ok(found) => Ok(Some(found)),
            Err(e) if e.reason == InterruptReason::Budget && proof_nodes < own => Ok(None),
            Err(e) => Err(e.into()),
        }
    }
}

/// The generator's dancing-links engine for the uniqueness proofs of
/// [`Solver::has_solution_avoiding`], kept apart from the solver's own engine.
#[derive(Clone, Debug)]
pub(crate) struct ProofEngine(DlxSudoku);

impl ProofEngine {
    /// The engine for `geometry`.
    pub(crate) fn new(geometry: &Geometry) -> ProofEngine {
        ProofEngine(DlxSudoku::new(geometry))
    }
}

/// Lazy iterator over the solutions of a grid; see [`Solver::solutions`].
#[derive(Debug)]
pub struct Solutions<'a> {
    search: crate::exact_cover::Search<'a>,
    n: usize,
    base: Grid,
    done: bool,
}

impl Iterator for Solutions<'_> {
    type Item = Result<Grid, Interrupted>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        match self.search.advance() {
            Ok(true) => {
                let mut cells = self.base.cells().to_vec();
                DlxSudoku::decode(self.n, &self.search, &mut cells);
                Some(Ok(
                    Grid::new(self.base.shape(), cells).unwrap_or_else(|_| unreachable!())
                ))
            }
            Ok(false) => {
                self.done = true;
                None
            }
            Err(e) => {
                self.done = true;
                Some(Err(e))
            }
        }
    }
}
