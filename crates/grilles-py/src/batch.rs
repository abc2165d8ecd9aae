//! Batch functions over many puzzles: a list of one-line strings or a NumPy `uint8` array of
//! shape (n, cells). They release the GIL, use every core (rayon; `threads` sets how many),
//! and take a per-item `timeout` in seconds (an item over it gives an `Interrupted` in place
//! of its answer, and the batch goes on). Ctrl-C stops the whole batch.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use numpy::{PyArray1, PyArrayMethods, PyReadonlyArray2, PyUntypedArrayMethods};
use pyo3::IntoPyObjectExt;
use pyo3::prelude::*;
use rayon::prelude::*;
use sudoku_core::format::{ReadOptions, line};
use sudoku_core::{Geometry, Grid, Puzzle, Shape, SolveError, Solver, Symmetry, Variant};
use sudoku_grade::{GradeError, Level};

use crate::errors::{Interrupted, ParseError, value_err};
use crate::stop::{self, Watchdog};
use crate::sudoku::{Count, shape_of, variant_of};

/// Status codes of the NumPy forms.
const SOLVED: i8 = 1;
const AT_LEAST: i8 = 2;
const NONE: i8 = 0;
const ERROR: i8 = -1;
const TIMEOUT: i8 = -2;

/// What one item gave.
enum Item<T> {
    Done(T),
    Error(String),
    Timeout,
}

/// The puzzles of a batch, as the caller gave them.
enum Input {
    Lines(Vec<String>),
    Cells {
        rows: Vec<u8>,
        n: usize,
        width: usize,
    },
}

impl Input {
    fn read(puzzles: &Bound<'_, PyAny>) -> PyResult<Input> {
        if let Ok(array) = puzzles.extract::<PyReadonlyArray2<'_, u8>>() {
            let shape = array.shape();
            let (n, width) = (shape[0], shape[1]);
            let rows = array.as_array().iter().copied().collect();
            return Ok(Input::Cells { rows, n, width });
        }
        if puzzles.is_instance_of::<pyo3::types::PyString>() {
            return Err(value_err("give a list of puzzles, not one string"));
        }
        Ok(Input::Lines(puzzles.extract()?))
    }

    fn len(&self) -> usize {
        match self {
            Input::Lines(l) => l.len(),
            Input::Cells { n, .. } => *n,
        }
    }

    fn is_numpy(&self) -> bool {
        matches!(self, Input::Cells { .. })
    }
}

/// A worker's geometries by shape.
type Geometries = Vec<(Shape, Arc<Geometry>)>;

/// The rules of a batch: a fixed box shape or one per item, and a variant.
struct Rules {
    shape: Option<Shape>,
    variant: Variant,
    classic9: Arc<Geometry>,
}

impl Rules {
    fn new(
        size: Option<usize>,
        box_shape: Option<(usize, usize)>,
        variant: &str,
    ) -> PyResult<Rules> {
        let variant = variant_of(variant, None)?;
        let classic9 = Arc::new(Geometry::new(Shape::CLASSIC, &variant).map_err(value_err)?);
        Ok(Rules {
            shape: shape_of(size, box_shape)?,
            variant,
            classic9,
        })
    }

    /// The geometry of `shape` from a worker's own `cache`: each worker builds its own, as
    /// the engines clone the `Arc` all the time and one shared count would bounce between
    /// the cores.
    fn geometry(&self, shape: Shape, cache: &mut Geometries) -> Result<Arc<Geometry>, String> {
        if let Some((_, g)) = cache.iter().find(|(s, _)| *s == shape) {
            return Ok(Arc::clone(g));
        }
        let g = Arc::new(Geometry::new(shape, &self.variant).map_err(|e| e.to_string())?);
        cache.push((shape, Arc::clone(&g)));
        Ok(g)
    }

    /// Item `i` as a grid.
    fn grid(&self, input: &Input, i: usize) -> Result<Grid, String> {
        match input {
            Input::Lines(lines) => {
                let opts = ReadOptions {
                    shape: self.shape,
                    alphabet: None,
                };
                line::parse(&lines[i], &opts).map_err(|e| e.to_string())
            }
            Input::Cells { rows, width, .. } => {
                let cells = &rows[i * width..(i + 1) * width];
                let shape = match self.shape {
                    Some(s) => s,
                    None => Shape::from_cell_count(*width)
                        .ok_or_else(|| format!("{width} cells: not a square grid"))?,
                };
                Grid::new(shape, cells.to_vec()).map_err(|e| e.to_string())
            }
        }
    }
}

/// Runs `f` on every item, on `threads` workers, each item under the watchdog.
fn map_items<S, T: Send>(
    dog: &Watchdog,
    pool: Option<&rayon::ThreadPool>,
    n: usize,
    init: impl Fn(&Arc<AtomicBool>) -> S + Sync,
    f: impl Fn(&mut S, usize) -> Result<T, Stop> + Sync,
) -> Vec<Item<T>> {
    let one = |state: &mut S, worker: usize, i: usize| {
        dog.start(worker);
        let out = f(state, i);
        let late = dog.finish(worker);
        match out {
            Ok(v) => Item::Done(v),
            Err(Stop::Error(e)) => Item::Error(e),
            Err(Stop::Interrupted(_)) if late => Item::Timeout,
            Err(Stop::Interrupted(msg)) => Item::Error(msg),
        }
    };
    dog.watch(|| match pool {
        None => {
            let mut state = init(&dog.flag(0));
            (0..n).map(|i| one(&mut state, 0, i)).collect()
        }
        Some(pool) => pool.install(|| {
            (0..n)
                .into_par_iter()
                .map_init(
                    || {
                        let w = rayon::current_thread_index().unwrap_or(0);
                        (w, init(&dog.flag(w)))
                    },
                    |(w, state), i| one(state, *w, i),
                )
                .collect()
        }),
    })
}

/// Why an item gave no answer.
enum Stop {
    Error(String),
    Interrupted(String),
}

impl From<SolveError> for Stop {
    fn from(e: SolveError) -> Stop {
        match e {
            SolveError::Interrupted(i) => Stop::Interrupted(i.to_string()),
            e => Stop::Error(e.to_string()),
        }
    }
}

impl From<GradeError> for Stop {
    fn from(e: GradeError) -> Stop {
        match e {
            GradeError::Interrupted(i) => Stop::Interrupted(i.to_string()),
            GradeError::Generate(sudoku_core::GenerateError::Interrupted(i)) => {
                Stop::Interrupted(i.to_string())
            }
            e => Stop::Error(e.to_string()),
        }
    }
}

/// Runs a batch of `n` items: the pool (none for one thread), the watchdog, Ctrl-C.
fn run_batch<S, T: Send>(
    py: Python<'_>,
    n: usize,
    threads: Option<usize>,
    timeout: Option<f64>,
    init: impl Fn(&Arc<AtomicBool>) -> S + Sync + Send,
    f: impl Fn(&mut S, usize) -> Result<T, Stop> + Sync + Send,
) -> PyResult<Vec<Item<T>>> {
    let limit = stop::duration(timeout)?;
    let pool = match threads {
        Some(1) => None,
        t => Some(stop::pool(t)?),
    };
    let workers = pool.as_ref().map_or(1, |p| p.current_num_threads());
    stop::run(py, None, |cancel| {
        let dog = Watchdog::new(workers, limit, Arc::clone(cancel));
        Ok(map_items(&dog, pool.as_ref(), n, init, f))
    })
}

/// What a worker of `solve_batch` keeps from item to item.
struct Worker9 {
    flag: Arc<AtomicBool>,
    geos: Geometries,
    solver: Solver,
    grid: Grid,
    out: Grid,
}

fn item_error(py: Python<'_>, msg: String) -> Py<PyAny> {
    ParseError::new_err(msg).into_value(py).into_any()
}

fn item_timeout(py: Python<'_>, timeout: Option<f64>) -> Py<PyAny> {
    let t = timeout.unwrap_or(0.0);
    Interrupted::new_err(format!("timed out after {t} s"))
        .into_value(py)
        .into_any()
}

/// Solves every puzzle. A list gives a list of solution lines (``None``: no solution; an
/// exception instance for a bad line or a timeout); a NumPy array gives ``(solutions,
/// status)``: a ``uint8`` array of the same shape (zeros where unsolved) and an ``int8``
/// array (1 solved, 0 no solution, -1 error, -2 timeout).
///
/// >>> from grilles.sudoku import solve_batch
/// >>> solve_batch(["12..\n..12\n2...\n...4", "11..............", "12"])
/// ['1243431224313124', None, ParseError('2 cells: expected 16, 36, 64, 81, 144, 256, 625 or another square of 1..=25')]
#[pyfunction]
#[pyo3(signature = (puzzles, *, size=None, box_shape=None, variant="classic", threads=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
pub fn solve_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    size: Option<usize>,
    box_shape: Option<(usize, usize)>,
    variant: &str,
    threads: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<Py<PyAny>> {
    let input = Input::read(puzzles)?;
    let rules = Rules::new(size, box_shape, variant)?;
    let n = input.len();
    let numpy = input.is_numpy();
    let fast = rules.shape.is_none_or(|s| s == Shape::CLASSIC);
    let items = run_batch(
        py,
        n,
        threads,
        timeout,
        |flag| Worker9 {
            flag: Arc::clone(flag),
            // Without a limit per item the 9×9 engine runs unflagged (a puzzle takes
            // microseconds) and the call's flag is looked at between puzzles.
            solver: if timeout.is_some() {
                Solver::new(Arc::new(Geometry::clone(&rules.classic9)))
                    .cancel_flag(Arc::clone(flag))
            } else {
                Solver::new(Arc::new(Geometry::clone(&rules.classic9)))
            },
            geos: Vec::new(),
            grid: Grid::empty(Shape::CLASSIC),
            out: Grid::empty(Shape::CLASSIC),
        },
        |w, i| {
            // The fast path of 9×9 items: read in place, solved into a kept grid.
            let read = match &input {
                Input::Lines(lines) if fast && lines[i].len() == 81 => {
                    w.grid.read_line(lines[i].as_bytes()).is_ok()
                }
                Input::Cells {
                    rows, width: 81, ..
                } if fast => w.grid.copy_from(&rows[i * 81..(i + 1) * 81]).is_ok(),
                _ => false,
            };
            let bytes = |g: &Grid| {
                if numpy {
                    g.cells().to_vec()
                } else {
                    let mut line = Vec::with_capacity(g.cells().len());
                    g.write_line(&mut line);
                    line
                }
            };
            if read {
                if w.flag.load(std::sync::atomic::Ordering::Relaxed) {
                    return Err(Stop::Interrupted("cancelled".to_owned()));
                }
                return Ok(w
                    .solver
                    .solve_into(&w.grid, &mut w.out)?
                    .then(|| bytes(&w.out)));
            }
            let grid = rules.grid(&input, i).map_err(Stop::Error)?;
            let geo = rules
                .geometry(grid.shape(), &mut w.geos)
                .map_err(Stop::Error)?;
            let solved = Solver::new(geo)
                .cancel_flag(Arc::clone(&w.flag))
                .solve(&grid)?;
            Ok(solved.as_ref().map(bytes))
        },
    )?;
    if let Input::Cells { width, .. } = input {
        let mut out = vec![0u8; n * width];
        let mut status = vec![NONE; n];
        for (i, item) in items.into_iter().enumerate() {
            status[i] = match item {
                Item::Done(Some(cells)) => {
                    out[i * width..(i + 1) * width].copy_from_slice(&cells);
                    SOLVED
                }
                Item::Done(None) => NONE,
                Item::Error(_) => ERROR,
                Item::Timeout => TIMEOUT,
            };
        }
        let out = PyArray1::from_vec(py, out).reshape([n, width])?;
        let status = PyArray1::from_vec(py, status);
        return (out, status).into_py_any(py);
    }
    let list: Vec<Py<PyAny>> = items
        .into_iter()
        .map(|item| match item {
            Item::Done(Some(line)) => String::from_utf8_lossy(&line).into_py_any(py),
            Item::Done(None) => Ok(py.None()),
            Item::Error(e) => Ok(item_error(py, e)),
            Item::Timeout => Ok(item_timeout(py, timeout)),
        })
        .collect::<PyResult<_>>()?;
    list.into_py_any(py)
}

/// Counts the solutions of every puzzle up to `limit`. A list gives :class:`Count` values
/// (or exception instances); a NumPy array gives ``(counts, status)``: ``int64`` counts and
/// ``int8`` status (1 exact, 2 at least, -1 error, -2 timeout).
#[pyfunction]
#[pyo3(signature = (puzzles, limit=2, *, size=None, box_shape=None, variant="classic", threads=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
pub fn count_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    limit: u64,
    size: Option<usize>,
    box_shape: Option<(usize, usize)>,
    variant: &str,
    threads: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<Py<PyAny>> {
    let limit = crate::stop::limit(limit)?;
    let input = Input::read(puzzles)?;
    let rules = Rules::new(size, box_shape, variant)?;
    let n = input.len();
    let init = |flag: &Arc<AtomicBool>| (Arc::clone(flag), Geometries::new());
    let items = run_batch(py, n, threads, timeout, init, |(flag, geos), i| {
        let grid = rules.grid(&input, i).map_err(Stop::Error)?;
        let geo = rules.geometry(grid.shape(), geos).map_err(Stop::Error)?;
        let mut s = Solver::new(geo).cancel_flag(Arc::clone(flag));
        Ok(Count::from(s.count(&grid, limit)?))
    })?;
    if input.is_numpy() {
        let mut counts = vec![0i64; n];
        let mut status = vec![ERROR; n];
        for (i, item) in items.into_iter().enumerate() {
            status[i] = match item {
                Item::Done(c) => {
                    counts[i] = i64::try_from(c.value()).unwrap_or(i64::MAX);
                    if c.is_exact() { SOLVED } else { AT_LEAST }
                }
                Item::Error(_) => ERROR,
                Item::Timeout => TIMEOUT,
            };
        }
        let counts = PyArray1::from_vec(py, counts);
        let status = PyArray1::from_vec(py, status);
        return (counts, status).into_py_any(py);
    }
    let list: Vec<Py<PyAny>> = items
        .into_iter()
        .map(|item| match item {
            Item::Done(c) => Py::new(py, c).map(|c| c.into_any()),
            Item::Error(e) => Ok(item_error(py, e)),
            Item::Timeout => Ok(item_timeout(py, timeout)),
        })
        .collect::<PyResult<_>>()?;
    list.into_py_any(py)
}

/// Rates every puzzle (sudoku-grade): a list of :class:`Rating` (or exception instances:
/// a bad line, no or several solutions, a timeout). A NumPy array input gives the same list.
#[pyfunction]
#[pyo3(signature = (puzzles, *, size=None, box_shape=None, variant="classic", threads=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
pub fn grade_batch<'py>(
    py: Python<'py>,
    puzzles: &Bound<'py, PyAny>,
    size: Option<usize>,
    box_shape: Option<(usize, usize)>,
    variant: &str,
    threads: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<Vec<Py<PyAny>>> {
    let input = Input::read(puzzles)?;
    let rules = Rules::new(size, box_shape, variant)?;
    let items = run_batch(
        py,
        input.len(),
        threads,
        timeout,
        |flag| {
            let rater = sudoku_grade::Rater::new().cancel_flag(Arc::clone(flag));
            (rater, Geometries::new())
        },
        |(rater, geos), i| {
            let grid = rules.grid(&input, i).map_err(Stop::Error)?;
            let geo = rules.geometry(grid.shape(), geos).map_err(Stop::Error)?;
            let puzzle = Puzzle::new(grid, geo).map_err(|e| Stop::Error(e.to_string()))?;
            Ok(rater.rate(&puzzle)?)
        },
    )?;
    items
        .into_iter()
        .map(|item| match item {
            Item::Done(r) => Py::new(py, crate::grade::Rating::new(r, None)).map(|r| r.into_any()),
            Item::Error(e) => Ok(crate::errors::NoSolutionError::new_err(e)
                .into_value(py)
                .into_any()),
            Item::Timeout => Ok(item_timeout(py, timeout)),
        })
        .collect()
}

/// Generates `count` puzzles, puzzle ``i`` from seed ``seed + i`` (the same seeds give the
/// same puzzles whatever the number of threads). With ``grade=True`` each item is
/// ``(line, level, score)``, else the line. A puzzle over `timeout` gives an
/// :class:`grilles.Interrupted` instance in its place.
///
/// >>> from grilles.sudoku import generate_batch
/// >>> generate_batch(5, 2) == generate_batch(5, 2, threads=1)
/// True
#[pyfunction]
#[pyo3(signature = (seed, count, *, size=None, box_shape=None, symmetry="none", variant="classic", level=None, grade=false, threads=None, timeout=None))]
#[allow(clippy::too_many_arguments)]
pub fn generate_batch(
    py: Python<'_>,
    seed: u64,
    count: u64,
    size: Option<usize>,
    box_shape: Option<(usize, usize)>,
    symmetry: &str,
    variant: &str,
    level: Option<&str>,
    grade: bool,
    threads: Option<usize>,
    timeout: Option<f64>,
) -> PyResult<Vec<Py<PyAny>>> {
    let seeds = stop::seeds(seed, count)?;
    let n = usize::try_from(count).map_err(value_err)?;
    let shape = shape_of(size, box_shape)?.unwrap_or(Shape::CLASSIC);
    let variant = variant_of(variant, None)?;
    Geometry::new(shape, &variant).map_err(value_err)?;
    let symmetry: Symmetry = symmetry.parse().map_err(value_err)?;
    let level: Option<Level> = level.map(str::parse).transpose().map_err(value_err)?;
    // Each worker has its own geometry: the engines clone its `Arc` all the time, and one
    // shared count would bounce between the cores.
    let init = |flag: &Arc<AtomicBool>| {
        let geo = Geometry::new(shape, &variant).map(Arc::new);
        (
            Arc::clone(flag),
            geo.unwrap_or_else(|_| Geometry::classic(shape)),
        )
    };
    let items = run_batch(py, n, threads, timeout, init, |(flag, geo), i| {
        let grid = crate::sudoku::generate_one(geo, symmetry, level, seeds.start + i as u64, flag)?;
        if !grade {
            return Ok((grid.to_string(), None));
        }
        let puzzle = Puzzle::new(grid, Arc::clone(geo)).map_err(|e| Stop::Error(e.to_string()))?;
        let r = sudoku_grade::Rater::new()
            .cancel_flag(Arc::clone(flag))
            .rate(&puzzle)?;
        Ok((
            puzzle.grid().to_string(),
            Some((r.level.to_string(), r.score)),
        ))
    })?;
    items
        .into_iter()
        .map(|item| match item {
            Item::Done((line, None)) => line.into_py_any(py),
            Item::Done((line, Some((lv, score)))) => (line, lv, score).into_py_any(py),
            Item::Error(e) => Ok(crate::errors::GrillesError::new_err(e)
                .into_value(py)
                .into_any()),
            Item::Timeout => Ok(item_timeout(py, timeout)),
        })
        .collect()
}

/// Registers the batch functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(solve_batch, m)?)?;
    m.add_function(wrap_pyfunction!(count_batch, m)?)?;
    m.add_function(wrap_pyfunction!(grade_batch, m)?)?;
    m.add_function(wrap_pyfunction!(generate_batch, m)?)?;
    Ok(())
}
