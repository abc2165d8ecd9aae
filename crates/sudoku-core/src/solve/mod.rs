//! [`Solver`]: first solution, counts, lazy enumeration and random completion on every
//! engine ([`Engine`]), within a node budget and a cancel flag.

mod dlx;

use core::sync::atomic::AtomicBool;
use std::sync::Arc;

use grilles_game::{Interrupted, Limits as Bounds, StopReason, WorkUnit};

use crate::cell::{Cell, House};
use crate::count::Count;
use crate::fast9::{Fast9, RunReport};
use crate::geometry::Geometry;
use crate::grid::Grid;
use crate::shape::Shape;
use crate::variant::Regions;
use dlx::{DlxSudoku, Limits, min_budget};

/// The first cutoff of a random fill ([`Solver::random_solution`]), in search nodes a cell
/// of the grid; a search past it starts again with fresh draws and twice the cutoff.
const RESTART_NODES_PER_CELL: u64 = 1024;

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
    /// The bitboard engine for the classic 9×9 grid and Sudoku X.
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
            _ => Err(ParseEngineError {
                name: crate::format::excerpt(s),
            }),
        }
    }
}

/// An engine name that is not known.
///
/// ```
/// use sudoku_core::Engine;
/// let err = "dancing".parse::<Engine>().unwrap_err();
/// assert_eq!(err.to_string(), "unknown engine \"dancing\" (known: auto, dlx, fast)");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown engine {name:?} (known: auto, dlx, fast)")]
pub struct ParseEngineError {
    /// The name given (its first 40 characters and its length in bytes when longer).
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
    /// The grid has another number of cells than the solver's geometry (a grid of one
    /// square given to a solver of a layout, or the reverse).
    #[error("grid of {grid} cells given to a solver of {solver} cells")]
    Cells {
        /// Cells of the grid.
        grid: usize,
        /// Cells of the solver's geometry.
        solver: usize,
    },
    /// The budget ran out or the cancel flag was raised: the answer is unknown.
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

/// The engines behind a solver: the bitboard engine where it applies and is chosen, dancing
/// links for everything else (built on first use when the bitboard engine serves).
#[derive(Clone, Debug)]
struct Backend {
    dlx: Option<DlxSudoku>,
    fast: Option<Fast9>,
}

/// Whether the bitboard engine serves `geometry`: `Some(x)` for classic 9×9 (`x == false`)
/// and Sudoku X 9×9 (`x == true`).
fn fast_variant(geometry: &Geometry) -> Option<bool> {
    let v = geometry.variant();
    let plain = geometry.shape() == Shape::CLASSIC
        && geometry.layout().is_none()
        && *v.regions() == Regions::Boxes
        && !v.has_disjoint_groups()
        && !v.has_windows()
        && v.extra_houses().is_empty();
    plain.then(|| v.has_diagonals())
}

/// A reusable solver for one geometry: first solution, counting up to a limit, lazy
/// enumeration, random completion, with a node budget and a cancel flag.
///
/// A [`Solver`] is built once for a [`Geometry`] (shape + variant) and reused for any number
/// of grids of that geometry: it keeps its engine's data (the dancing-links matrix) between
/// calls and allocates nothing per search beyond the returned grids ([`Solver::solve_into`]
/// allocates nothing at all).
///
/// ```
/// use sudoku_core::{Count, Grid, Solver, Shape, Geometry};
///
/// let puzzle: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
/// let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
/// let solution = solver.solve(&puzzle)?.expect("solvable");
/// assert!(puzzle.is_subset_of(&solution) && solution.is_complete());
/// assert_eq!(solver.count(&puzzle, 2)?, Count::Exact(1));
///
/// // 288 complete 4×4 grids.
/// let mut small = Solver::new(Geometry::classic(Shape::new(2, 2)?));
/// assert_eq!(small.count(&Grid::empty(Shape::new(2, 2)?), u64::MAX)?, Count::Exact(288));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Engines
///
/// [`Engine`] names the algorithm; every engine gives the same answers. `Engine::Auto` picks
/// the fastest available for the geometry:
///
/// | engine | geometries | used by `Auto` for |
/// |---|---|---|
/// | [`Engine::Dlx`] (dancing links on the exact-cover matrix) | every shape, variant and [`layout`](crate::layout) (Samurai, Roxdoku…) | everything else |
/// | [`Engine::Fast`] (a bitboard engine: bands of three rows, locked candidates by table, singles by bitwise counters) | classic 9×9 and Sudoku X 9×9 | classic and X 9×9 |
///
/// [`Solver::new`] uses `Auto`; [`Solver::with_engine`] asks for one engine and refuses an
/// engine the geometry does not support; [`Solver::engine`] tells which engine serves.
/// On the fast engine, [`Solver::solve`], [`Solver::count`] and the generator's uniqueness
/// checks run on bitboards; [`Solver::solutions`] (lazy enumeration) and
/// [`Solver::random_solution`] always use dancing links, so random grids (and therefore
/// seeded generator output) do not depend on the engine.
///
/// # Budget and cancellation
///
/// [`Solver::budget`] caps the search nodes ([`WorkUnit::Nodes`](crate::WorkUnit)) of each
/// call: rows tried by dancing links, guesses by the fast engine. [`Solver::cancel_flag`]
/// shares an [`AtomicBool`] a caller can raise from another thread; the solver looks at it
/// when a call starts and then every 256 nodes. Either way a call returns
/// [`SolveError::Interrupted`] with an [`Interrupted`]: the answer is unknown, never a wrong
/// one.
///
/// The node is a steady unit: its cost depends on the side, not on how hard the grid is. It
/// costs about a microsecond or less at every size up to 25×25, so a budget of a million
/// nodes bounds a call to a second or two, and the flag is seen well within a millisecond.
#[derive(Clone, Debug)]
pub struct Solver {
    geometry: Arc<Geometry>,
    /// The budget of each call and the cancel flag.
    limits: Bounds,
    /// A cap on the nodes of the next calls besides the budget (the generator's budget left).
    cap: Option<u64>,
    backend: Backend,
    /// Search nodes of the last call.
    nodes: u64,
}

impl Solver {
    /// A solver for `geometry` with the fastest engine for it ([`Engine::Auto`]), no budget,
    /// no cancel flag.
    ///
    /// ```
    /// use sudoku_core::{Engine, Geometry, Shape, Solver};
    /// assert_eq!(Solver::new(Geometry::classic(Shape::CLASSIC)).engine(), Engine::Fast);
    /// assert_eq!(Solver::new(Geometry::classic(Shape::new(4, 4)?)).engine(), Engine::Dlx);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(geometry: impl Into<Arc<Geometry>>) -> Solver {
        let geometry = geometry.into();
        let fast = fast_variant(&geometry).map(Fast9::new);
        Solver::build(geometry, fast)
    }

    /// A solver for `geometry` on `engine` ([`Engine::Auto`]: as [`Solver::new`]).
    ///
    /// ```
    /// use sudoku_core::{Engine, Geometry, Shape, Solver};
    ///
    /// let nine = Solver::with_engine(Geometry::classic(Shape::CLASSIC), Engine::Dlx)?;
    /// assert_eq!(nine.engine(), Engine::Dlx);
    /// let six = Geometry::classic(Shape::new(2, 3)?);
    /// assert!(Solver::with_engine(six, Engine::Fast).is_err());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`UnsupportedEngine`] when `engine` does not solve the geometry ([`Engine::Fast`]
    /// serves classic and X 9×9 only).
    pub fn with_engine(
        geometry: impl Into<Arc<Geometry>>,
        engine: Engine,
    ) -> Result<Solver, UnsupportedEngine> {
        let geometry = geometry.into();
        let fast = match engine {
            Engine::Auto => fast_variant(&geometry).map(Fast9::new),
            Engine::Dlx => None,
            Engine::Fast => match fast_variant(&geometry) {
                Some(x) => Some(Fast9::new(x)),
                None => {
                    return Err(UnsupportedEngine {
                        engine,
                        shape: geometry.shape(),
                    });
                }
            },
        };
        Ok(Solver::build(geometry, fast))
    }

    fn build(geometry: Arc<Geometry>, fast: Option<Fast9>) -> Solver {
        let dlx = fast.is_none().then(|| DlxSudoku::new(&geometry));
        Solver {
            geometry,
            limits: Bounds::new(),
            cap: None,
            backend: Backend { dlx, fast },
            nodes: 0,
        }
    }

    /// The engine that serves [`solve`](Self::solve) and [`count`](Self::count):
    /// [`Engine::Fast`] or [`Engine::Dlx`] (never `Auto`).
    ///
    /// ```
    /// use sudoku_core::{Engine, Geometry, Shape, Solver, Variant};
    /// let jigsaw_free = Geometry::new(Shape::CLASSIC, &Variant::x())?;
    /// assert_eq!(Solver::new(jigsaw_free).engine(), Engine::Fast);
    /// let windoku = Geometry::new(Shape::CLASSIC, &Variant::classic().with_windows())?;
    /// assert_eq!(Solver::new(windoku).engine(), Engine::Dlx);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn engine(&self) -> Engine {
        if self.backend.fast.is_some() {
            Engine::Fast
        } else {
            Engine::Dlx
        }
    }

    /// The geometry solved, shared (it derefs to [`Geometry`]).
    ///
    /// ```
    /// use sudoku_core::{Geometry, Shape, Solver};
    /// assert_eq!(Solver::new(Geometry::classic(Shape::CLASSIC)).geometry().cell_count(), 81);
    /// ```
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Caps each call at `nodes` search nodes ([`WorkUnit::Nodes`]: rows tried by dancing
    /// links, guesses by the fast engine); `None` (the default) removes the cap. A node costs
    /// about a microsecond or less at every size (see
    /// [Budget and cancellation](Solver#budget-and-cancellation)).
    ///
    /// ```
    /// use sudoku_core::{Geometry, Grid, Shape, SolveError, Solver, StopReason};
    ///
    /// let empty = Grid::empty(Shape::new(4, 4)?);
    /// let mut solver = Solver::new(Geometry::classic(empty.shape())).budget(10);
    /// match solver.count(&empty, u64::MAX) {
    ///     Err(SolveError::Interrupted(stop)) => assert_eq!(stop.reason(), StopReason::Budget),
    ///     other => panic!("{other:?}"),
    /// }
    /// let mut unbounded = solver.budget(None);
    /// assert!(unbounded.solve(&empty)?.is_some());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn budget(mut self, nodes: impl Into<Option<u64>>) -> Solver {
        self.limits.set_budget(nodes);
        self
    }

    /// Stops any call soon after `flag` becomes true (looked at when a call starts, then
    /// every 256 nodes).
    ///
    /// ```
    /// use std::sync::Arc;
    /// use std::sync::atomic::{AtomicBool, Ordering};
    /// use sudoku_core::{Geometry, Grid, Shape, SolveError, Solver};
    ///
    /// let flag = Arc::new(AtomicBool::new(false));
    /// let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC)).cancel_flag(Arc::clone(&flag));
    /// assert!(solver.solve(&Grid::empty(Shape::CLASSIC))?.is_some());
    /// flag.store(true, Ordering::Relaxed); // another thread gave up
    /// assert!(matches!(solver.solve(&Grid::empty(Shape::CLASSIC)), Err(SolveError::Interrupted(i)) if i.is_cancelled()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Solver {
        self.limits.set_cancel_flag(flag);
        self
    }

    /// The search nodes of the last [`solve`](Self::solve), [`solve_into`](Self::solve_into),
    /// [`count`](Self::count), [`is_unique`](Self::is_unique) or
    /// [`random_solution`](Self::random_solution) that answered: guesses (branching
    /// decisions) on the fast engine, rows tried by dancing links. An interrupted call gives
    /// its nodes in [`Interrupted::spent`].
    ///
    /// ```
    /// use sudoku_core::{Engine, Geometry, Grid, Shape, Solver};
    ///
    /// let hard: Grid = "........8..3...4...9..2..6.....79.......612...6.5.2.7...8...5...1.....2.4.5.....3".parse()?;
    /// let mut solver = Solver::with_engine(Geometry::classic(Shape::CLASSIC), Engine::Dlx)?;
    /// solver.solve(&hard)?;
    /// assert!(solver.last_nodes() > 81);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn last_nodes(&self) -> u64 {
        self.nodes
    }

    /// The budget of each search (the solver's own, and the cap a generator set) and the
    /// cancel flag, for searches run outside the solver's engines (the generator's proof
    /// engines).
    pub(crate) fn limits(&self) -> (Option<u64>, Option<&AtomicBool>) {
        split(&self.limits, self.cap)
    }

    /// The budget of one call: the solver's own, within the cap.
    fn call_budget(&self) -> Option<u64> {
        min_budget(self.limits.units(), self.cap)
    }

    /// Sets the cap on the nodes of the next calls besides the budget (`None`: none): the
    /// generator's budget left.
    pub(crate) fn set_cap(&mut self, cap: Option<u64>) {
        self.cap = cap;
    }

    /// The solver with `flag` as its cancel flag (the generator's).
    pub(crate) fn set_cancel_flag(&mut self, flag: Arc<AtomicBool>) {
        self.limits.set_cancel_flag(flag);
    }

    /// The interruption of a call that finds its flag raised before it starts.
    fn look(&mut self) -> Result<(), Interrupted> {
        if self.limits.is_cancelled() {
            self.nodes = 0;
            return Err(Interrupted::new(StopReason::Cancelled, WorkUnit::Nodes, 0));
        }
        Ok(())
    }

    fn check(&self, grid: &Grid) -> Result<(), SolveError> {
        if grid.shape() != self.geometry.shape() {
            return Err(SolveError::Shape {
                grid: grid.shape(),
                solver: self.geometry.shape(),
            });
        }
        if grid.cells().len() != self.geometry.cell_count() {
            return Err(SolveError::Cells {
                grid: grid.cells().len(),
                solver: self.geometry.cell_count(),
            });
        }
        Ok(())
    }

    /// The first solution found, or `None` if there is none (clashing givens have none).
    ///
    /// ```
    /// use sudoku_core::{Geometry, Grid, Shape, Solver};
    ///
    /// let mut solver = Solver::new(Geometry::classic(Shape::new(2, 2)?));
    /// let solution = solver.solve(&"1...............".parse()?)?.expect("solvable");
    /// assert!(solution.is_complete() && solution.get(0) == 1);
    /// assert_eq!(solver.solve(&"11..............".parse()?)?, None); // a clash
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::Shape`] for a grid of another shape; [`SolveError::Interrupted`] when
    /// the budget or cancel flag stops the search.
    pub fn solve(&mut self, grid: &Grid) -> Result<Option<Grid>, SolveError> {
        let mut out = grid.clone();
        Ok(self.solve_into(grid, &mut out)?.then_some(out))
    }

    /// [`solve`](Self::solve) without allocating: the first solution is written to `out`
    /// (which must have the solver's shape; it is left unchanged when there is none). True
    /// if there is one. This is the call to reuse when solving many puzzles, with
    /// [`Grid::read_line`] (from text bytes) or [`Grid::copy_from`] (from cell values) to load
    /// each one into a grid kept between calls, and [`Grid::write_line`] to print the answer
    /// into a reused buffer.
    ///
    /// ```
    /// use sudoku_core::{Geometry, Grid, Shape, Solver};
    ///
    /// let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
    /// let (mut puzzle, mut solution) = (Grid::empty(Shape::CLASSIC), Grid::empty(Shape::CLASSIC));
    /// let mut cells = [0u8; 81];
    /// for line in ["4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"] {
    ///     for (cell, b) in cells.iter_mut().zip(line.bytes()) {
    ///         *cell = if b.is_ascii_digit() { b - b'0' } else { 0 };
    ///     }
    ///     puzzle.copy_from(&cells)?;
    ///     assert!(solver.solve_into(&puzzle, &mut solution)?);
    ///     assert!(puzzle.is_subset_of(&solution) && solution.is_complete());
    /// }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`solve`](Self::solve) (also [`SolveError::Shape`] when `out` has another shape).
    pub fn solve_into(&mut self, grid: &Grid, out: &mut Grid) -> Result<bool, SolveError> {
        self.check(grid)?;
        self.check(out)?;
        self.look()?;
        let (budget, cancel) = split(&self.limits, self.cap);
        if let Some(fast) = &mut self.backend.fast {
            let first = <&mut [u8; 81]>::try_from(out.cells_mut()).ok();
            let run = run_fast(fast, grid.cells(), None, 1, first, budget, cancel);
            self.nodes = run.guesses;
            return Ok(fast_answer(run)?.0 == 1);
        }
        let limits = Limits { budget, cancel };
        let dlx =
            self.backend.dlx.as_mut().unwrap_or_else(|| {
                unreachable!("dancing links serve when the fast engine does not")
            });
        let found = dlx.solve_into(grid.cells(), out.cells_mut(), limits, None);
        self.nodes = dlx.nodes;
        Ok(found?)
    }

    /// The number of solutions, counting stops at `limit`: [`Count::Exact`] when every
    /// solution was counted, [`Count::AtLeast`]`(limit)` when counting reached the limit
    /// (`count(g, 2) == Count::Exact(1)` is the uniqueness test; see also
    /// [`is_unique`](Self::is_unique)).
    ///
    /// An empty grid is counted with the values of its first house (row 1) fixed to 1..=N,
    /// the result multiplied by N!: the rules of every geometry are houses of N cells that
    /// hold each value once, so relabelling the values maps solutions to solutions, and each
    /// solution has exactly one relabelling with the first house in order. 28,200,960
    /// complete 6×6 grids are counted as 39,168 × 720; a side whose N! passes `u64::MAX`
    /// (21 and above) gives 0 when the rules admit no complete grid and
    /// [`Count::AtLeast`]`(limit)` otherwise. [`solutions`](Self::solutions) still
    /// enumerates every grid.
    ///
    /// ```
    /// use sudoku_core::{Count, Geometry, Grid, Shape, Solver};
    ///
    /// let six = Shape::new(2, 3)?;
    /// let mut solver = Solver::new(Geometry::classic(six));
    /// assert_eq!(solver.count(&Grid::empty(six), u64::MAX)?, Count::Exact(28_200_960));
    /// assert_eq!(solver.count(&Grid::empty(six), 1_000)?, Count::AtLeast(1_000));
    ///
    /// let big = Shape::new(5, 5)?;
    /// let mut solver = Solver::new(Geometry::classic(big));
    /// assert_eq!(solver.count(&Grid::empty(big), u64::MAX)?, Count::AtLeast(u64::MAX));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`solve`](Self::solve).
    pub fn count(&mut self, grid: &Grid, limit: u64) -> Result<Count, SolveError> {
        self.check(grid)?;
        self.look()?;
        let cells = grid.cells();
        let n = self.geometry.size();
        if limit > 1 && cells.iter().all(|&v| v == 0) {
            let mut fixed = cells.to_vec();
            let first = self.geometry.house(House::new(0));
            debug_assert_eq!(first.len(), n, "every house has N cells");
            for (v, c) in first.iter().enumerate() {
                fixed[c.index()] = v as u8 + 1;
            }
            let factorial = (1..=n as u64).try_fold(1u64, u64::checked_mul);
            let inner_limit = match factorial {
                Some(f) => limit.div_ceil(f),
                None => 1,
            };
            return Ok(match self.count_raw(&fixed, inner_limit)? {
                // Fewer than `inner_limit`: `c × N!` is below `limit` (and 0 when N! is
                // beyond u64).
                Count::Exact(c) => Count::Exact(c.saturating_mul(factorial.unwrap_or(u64::MAX))),
                // At least `inner_limit × N!` solutions, which is `limit` or more.
                Count::AtLeast(_) => Count::AtLeast(limit),
            });
        }
        Ok(self.count_raw(cells, limit)?)
    }

    /// Counts on raw cells (checked by the caller).
    pub(crate) fn count_raw(&mut self, cells: &[u8], limit: u64) -> Result<Count, Interrupted> {
        let (budget, cancel) = split(&self.limits, self.cap);
        if let Some(fast) = &mut self.backend.fast {
            let run = run_fast(fast, cells, None, limit, None, budget, cancel);
            self.nodes = run.guesses;
            return Ok(Count::stopped_at(fast_answer(run)?.0, limit));
        }
        let limits = Limits { budget, cancel };
        let dlx =
            self.backend.dlx.as_mut().unwrap_or_else(|| {
                unreachable!("dancing links serve when the fast engine does not")
            });
        let count = dlx.count(cells, limit, limits);
        self.nodes = dlx.nodes;
        count
    }

    /// Does the grid have exactly one solution (`count(grid, 2) == Count::Exact(1)`)?
    ///
    /// ```
    /// use sudoku_core::{Geometry, Grid, Shape, Solver};
    ///
    /// let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
    /// let unique: Grid = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
    /// assert!(solver.is_unique(&unique)?);
    /// assert!(!solver.is_unique(&Grid::empty(Shape::CLASSIC))?);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`solve`](Self::solve).
    pub fn is_unique(&mut self, grid: &Grid) -> Result<bool, SolveError> {
        Ok(self.count(grid, 2)? == Count::Exact(1))
    }

    /// Every solution, lazily, in search order (always by dancing links). Each item is a
    /// solution, or once an [`Interrupted`] error after which the iterator ends; the
    /// budget and cancel flag bound the whole enumeration.
    ///
    /// ```
    /// use sudoku_core::{Geometry, Grid, Shape, Solver};
    ///
    /// let mut solver = Solver::new(Geometry::classic(Shape::new(2, 2)?));
    /// let two: Grid = "12..34....1....2".parse()?;
    /// let all: Vec<Grid> = solver.solutions(&two)?.collect::<Result<_, _>>()?;
    /// assert_eq!(all.len(), solver.count(&two, u64::MAX)?.at_least() as usize);
    /// assert!(all.iter().all(|g| two.is_subset_of(g) && g.is_complete()));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::Shape`] for a grid of another shape.
    pub fn solutions(&mut self, grid: &Grid) -> Result<Solutions<'_>, SolveError> {
        self.check(grid)?;
        let (budget, cancel) = split(&self.limits, self.cap);
        let limits = Limits { budget, cancel };
        let base = grid.clone();
        let geometry = &self.geometry;
        let d = self
            .backend
            .dlx
            .get_or_insert_with(|| DlxSudoku::new(geometry));
        let n = d.size();
        let search = d.search(grid.cells(), &[], limits, None);
        Ok(Solutions {
            search,
            n,
            base,
            done: false,
        })
    }

    /// A random solution of `grid` (an empty grid gives a random complete grid), always by
    /// dancing links: the search tries the placements of each branching cell from one drawn
    /// from `rng` (`random_range`), and starts again with fresh draws when it passes a
    /// cutoff (doubling each time), which cuts the heavy tail of random searches on
    /// irregular houses. The same generator state gives the same grid on every platform
    /// (for a given minor version of `rand`).
    ///
    /// ```
    /// use rand::SeedableRng;
    /// use rand_pcg::Pcg64Mcg;
    /// use sudoku_core::{Geometry, Grid, Shape, Solver};
    ///
    /// let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
    /// let empty = Grid::empty(Shape::CLASSIC);
    /// let a = solver.random_solution(&empty, &mut Pcg64Mcg::seed_from_u64(1))?.expect("a grid");
    /// let b = solver.random_solution(&empty, &mut Pcg64Mcg::seed_from_u64(1))?.expect("a grid");
    /// assert!(a.is_complete() && a == b);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// As [`solve`](Self::solve).
    pub fn random_solution<R: rand::Rng + ?Sized>(
        &mut self,
        grid: &Grid,
        rng: &mut R,
    ) -> Result<Option<Grid>, SolveError> {
        self.check(grid)?;
        self.look()?;
        let mut out = grid.clone();
        // `&mut R` is a generator too, drawing the same values: sized, it fits `dyn`.
        let mut rng = rng;
        let found = self.random_solution_raw(grid.cells(), out.cells_mut(), &mut rng)?;
        Ok(found.then_some(out))
    }

    /// [`random_solution`](Self::random_solution) on raw cells (checked by the caller).
    ///
    /// Randomised backtracking has a heavy tail on irregular houses (a fill of some jigsaw
    /// maps ran for minutes where most take a millisecond), so a search that passes its
    /// cutoff starts again with fresh draws and twice the cutoff, from
    /// [`RESTART_NODES_PER_CELL`] nodes a cell: a fill that finishes within the first cutoff
    /// (every classic fill measured: at most 804 nodes a cell in 2,000 9×9 fills) draws
    /// exactly as one search would. The solver's budget counts the nodes of every attempt;
    /// a grid without solution is still answered `false` (the last attempt runs to the end),
    /// for at most about twice the work of one search.
    pub(crate) fn random_solution_raw(
        &mut self,
        cells: &[u8],
        out: &mut [u8],
        rng: &mut dyn rand::Rng,
    ) -> Result<bool, Interrupted> {
        let (budget, cancel) = split(&self.limits, self.cap);
        let geometry = &self.geometry;
        let dlx = self
            .backend
            .dlx
            .get_or_insert_with(|| DlxSudoku::new(geometry));
        let mut cutoff = RESTART_NODES_PER_CELL.saturating_mul(cells.len() as u64);
        let mut spent = 0u64;
        loop {
            let left = budget.map(|b| b.saturating_sub(spent));
            let this = left.map_or(cutoff, |l| l.min(cutoff));
            let limits = Limits {
                budget: Some(this),
                cancel,
            };
            let result = dlx.solve_into(cells, out, limits, Some(&mut *rng));
            spent += dlx.nodes;
            self.nodes = spent;
            match result {
                Ok(found) => return Ok(found),
                Err(e) if e.reason() == StopReason::Budget && left.is_none_or(|l| l > this) => {
                    cutoff = cutoff.saturating_mul(2);
                }
                Err(e) => return Err(Interrupted::new(e.reason(), e.unit(), spent)),
            }
        }
    }

    /// For the generator: given a puzzle `cells` that had the unique solution `solution`
    /// before the cells of `removed` were emptied, is there now another solution? When
    /// there is and `found` is given, the other solution is written there. Each search has
    /// the solver's budget; all of them together stay within the cap.
    pub(crate) fn has_other_solution(
        &mut self,
        cells: &[u8],
        solution: &[u8],
        removed: &[Cell],
        found: Option<&mut [u8]>,
    ) -> Result<bool, Interrupted> {
        let (budget, cancel) = (self.limits.units(), self.limits.flag().map(|f| &**f));
        let cap = self.cap;
        if let Some(fast) = &mut self.backend.fast {
            let mut first = [0u8; 81];
            let mut spent = 0u64;
            self.nodes = 0;
            for cell in removed.iter().map(|c| c.index()) {
                let exclude = Some((cell, solution[cell]));
                let out = found.is_some().then_some(&mut first);
                let this = min_budget(budget, cap.map(|c| c.saturating_sub(spent)));
                let run = run_fast(fast, cells, exclude, 1, out, this, cancel);
                spent += run.guesses;
                self.nodes = spent;
                let count = match fast_answer(run) {
                    Ok((count, _)) => count,
                    Err(e) => return Err(Interrupted::new(e.reason(), e.unit(), spent)),
                };
                if count == 1 {
                    if let Some(found) = found {
                        found.copy_from_slice(&first);
                    }
                    return Ok(true);
                }
            }
            return Ok(false);
        }
        let limits = Limits { budget, cancel };
        let dlx =
            self.backend.dlx.as_mut().unwrap_or_else(|| {
                unreachable!("dancing links serve when the fast engine does not")
            });
        let answer = dlx.has_other_solution(cells, solution, removed, limits, cap, found);
        self.nodes = dlx.nodes;
        answer
    }

    /// For the generator: is there a solution of `cells` using none of the `excluded`
    /// placements `(cell, value)`? The search runs on `proof` (a dancing-links engine for
    /// this solver's geometry, whatever engine the solver itself uses) and tries the values
    /// of `prefer` (a known solution) first; a solution found is written to `found` when
    /// given. `Ok(None)` when the search runs out of `proof_budget` nodes (the solver's own
    /// budget, its cap and its cancel flag still give errors). The nodes spent go to
    /// [`last_nodes`](Self::last_nodes).
    pub(crate) fn has_solution_avoiding(
        &mut self,
        proof: &mut ProofEngine,
        cells: &[u8],
        excluded: &[(usize, u8)],
        prefer: &[u8],
        proof_budget: Option<u64>,
        found: Option<&mut [u8]>,
    ) -> Result<Option<bool>, Interrupted> {
        let own = self.call_budget().unwrap_or(u64::MAX);
        let proof_nodes = proof_budget.unwrap_or(u64::MAX);
        let limits = Limits {
            budget: Some(own.min(proof_nodes)),
            cancel: self.limits.flag().map(|f| &**f),
        };
        let answer = proof
            .0
            .has_solution_avoiding(cells, excluded, prefer, limits, found);
        self.nodes = proof.0.nodes;
        match answer {
            Ok(found) => Ok(Some(found)),
            Err(e) if e.reason() == StopReason::Budget && proof_nodes < own => Ok(None),
            Err(e) => Err(e),
        }
    }
}

/// The budget of one call (the solver's own, within `cap`) and the cancel flag, borrowed.
fn split(limits: &Bounds, cap: Option<u64>) -> (Option<u64>, Option<&AtomicBool>) {
    (min_budget(limits.units(), cap), limits.flag().map(|f| &**f))
}

/// Runs the bitboard engine on 81 cells.
fn run_fast(
    fast: &mut Fast9,
    cells: &[u8],
    exclude: Option<(usize, u8)>,
    limit: u64,
    first: Option<&mut [u8; 81]>,
    budget: Option<u64>,
    cancel: Option<&AtomicBool>,
) -> RunReport {
    let cells = <&[u8; 81]>::try_from(cells)
        .unwrap_or_else(|_| unreachable!("the fast engine serves 9×9 grids only"));
    fast.run(cells, exclude, limit, first, budget, cancel)
}

/// The count and the guesses of a run of the bitboard engine, or its interruption.
fn fast_answer(run: RunReport) -> Result<(u64, u64), Interrupted> {
    match run.stop {
        None => Ok((run.count, run.guesses)),
        Some(reason) => Err(Interrupted::new(reason, WorkUnit::Nodes, run.guesses)),
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
                Some(Ok(self.base.with_cells(cells)))
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
