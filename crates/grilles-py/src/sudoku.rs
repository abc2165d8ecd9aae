//! Sudoku (sudoku-core): the `Sudoku` class (a validated puzzle of any size, variant or
//! layout), its text forms, solving, counting, the canonical form and generation.

use std::sync::Arc;

use pyo3::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use sudoku_core::format::{ReadOptions, WriteOptions, ascii, frame, latex, line};
use sudoku_core::layout::Layout;
use sudoku_core::transform::Canonicalizer;
use sudoku_core::{
    Alphabet, Cell, Count as RustCount, EmptyMarker, Fill, GenerateError, Generator, Geometry,
    Grid, Puzzle, RegionMap, Shape, SolveError, Solver, Symmetry, Variant,
};
use sudoku_grade::{GradeError, Level, Rater};

use crate::errors::{NoSolutionError, parse_err, play_err, stopped, value_err};
use crate::grade::Rating;
use crate::stop;

/// A shape from `size` (the usual boxes) or `box_shape` (rows, columns of a box).
pub fn shape_of(size: Option<usize>, box_shape: Option<(usize, usize)>) -> PyResult<Option<Shape>> {
    match (size, box_shape) {
        (Some(_), Some(_)) => Err(value_err("give size or box_shape, not both")),
        (Some(n), None) => Shape::for_size(n)
            .map(Some)
            .ok_or_else(|| value_err(format!("no usual box shape for size {n}: give box_shape"))),
        (None, Some((r, c))) => Shape::new(r, c).map(Some).map_err(value_err),
        (None, None) => Ok(None),
    }
}

/// The rules named `variant` (`classic`, `x`, `latin`, `windoku`, `disjoint`), on the
/// regions of `regions` (a jigsaw map) when given.
pub fn variant_of(variant: &str, regions: Option<&str>) -> PyResult<Variant> {
    let base = match regions {
        Some(text) => Variant::jigsaw(text.parse::<RegionMap>().map_err(parse_err)?),
        None => Variant::classic(),
    };
    Ok(match variant {
        "classic" => base,
        "x" => base.with_diagonals(),
        "latin" if regions.is_none() => Variant::latin(),
        "windoku" => base.with_windows(),
        "disjoint" => base.with_disjoint_groups(),
        v => {
            return Err(value_err(format!(
                "unknown variant {v:?} (classic, x, latin, windoku, disjoint)"
            )));
        }
    })
}

/// A layout of several grids by its name.
pub fn layout_of(name: &str) -> PyResult<Layout> {
    let cube = |side| Layout::cube(side).map_err(value_err);
    Ok(match name {
        "samurai" => Layout::samurai(),
        "tiny-samurai" => Layout::tiny_samurai(),
        "twin" => Layout::twin(),
        "butterfly" => Layout::butterfly(),
        "flower" => Layout::flower(),
        "roxdoku" => cube(3)?,
        "roxdoku4" => cube(4)?,
        _ => {
            return Err(value_err(format!(
                "unknown layout {name:?} (samurai, tiny-samurai, twin, butterfly, flower, roxdoku, roxdoku4)"
            )));
        }
    })
}

fn alphabet_of(symbols: Option<&str>) -> PyResult<Option<Alphabet>> {
    symbols.map(Alphabet::new).transpose().map_err(value_err)
}

/// The exception of a failed solve.
pub fn solve_err(e: SolveError, timeout: Option<f64>) -> PyErr {
    match e {
        SolveError::Interrupted(i) => stopped(&i, timeout),
        e => value_err(e),
    }
}

/// The exception of a failed rating.
pub fn grade_err(e: GradeError, timeout: Option<f64>) -> PyErr {
    match e {
        GradeError::Interrupted(i) => stopped(&i, timeout),
        GradeError::Generate(GenerateError::Interrupted(i)) => stopped(&i, timeout),
        e @ (GradeError::NoSolution | GradeError::MultipleSolutions) => {
            NoSolutionError::new_err(e.to_string())
        }
        e => value_err(e),
    }
}

/// A count of solutions: exact, or "at least" when it stopped at its limit.
///
/// >>> from grilles.sudoku import Sudoku
/// >>> c = Sudoku("................").count(limit=10)
/// >>> c.value, c.exact, str(c)
/// (10, False, 'at least 10')
#[pyclass(module = "grilles.sudoku", frozen, eq, hash)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Count {
    /// The number counted (a lower bound when not exact).
    #[pyo3(get)]
    value: u64,
    /// Whether the count is exact (it stopped below its limit).
    #[pyo3(get)]
    exact: bool,
}

impl From<RustCount> for Count {
    fn from(c: RustCount) -> Count {
        Count {
            value: c.at_least(),
            exact: c.is_exact(),
        }
    }
}

impl Count {
    pub(crate) fn value(&self) -> u64 {
        self.value
    }

    pub(crate) fn is_exact(&self) -> bool {
        self.exact
    }
}

#[pymethods]
impl Count {
    fn __int__(&self) -> u64 {
        self.value
    }

    fn __str__(&self) -> String {
        if self.exact {
            self.value.to_string()
        } else {
            format!("at least {}", self.value)
        }
    }

    fn __repr__(&self) -> String {
        format!(
            "Count(value={}, exact={})",
            self.value,
            if self.exact { "True" } else { "False" }
        )
    }
}

/// A sudoku puzzle of any size (4×4 to 25×25), variant or layout of several grids: a grid
/// whose values clash in no house, played cell by cell.
///
/// The one-line format reads row by row, ``.`` or ``0`` for an empty cell, ``1``-``9``
/// then letters; the size comes from the length.
///
/// >>> from grilles.sudoku import Sudoku
/// >>> s = Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
/// >>> s.size, s.givens
/// (9, 17)
/// >>> s.count().exact
/// True
/// >>> str(s.solve())[:9]
/// '417369825'
#[pyclass(module = "grilles.sudoku")]
#[derive(Clone, Debug)]
pub struct Sudoku {
    pub(crate) puzzle: Puzzle,
    pub(crate) alphabet: Option<Alphabet>,
}

impl Sudoku {
    pub(crate) fn from_grid(
        grid: Grid,
        geo: Arc<Geometry>,
        alphabet: Option<Alphabet>,
    ) -> PyResult<Sudoku> {
        Ok(Sudoku {
            puzzle: Puzzle::new(grid, geo).map_err(parse_err)?,
            alphabet,
        })
    }

    fn with_grid(&self, grid: Grid) -> PyResult<Sudoku> {
        Sudoku::from_grid(
            grid,
            Arc::clone(self.puzzle.geometry()),
            self.alphabet.clone(),
        )
    }

    fn write_options(&self, empty: EmptyMarker) -> WriteOptions {
        WriteOptions {
            alphabet: self.alphabet.clone(),
            empty,
        }
    }

    fn shape(&self) -> Shape {
        self.puzzle.grid().shape()
    }

    fn cell(&self, row: usize, col: usize) -> PyResult<Cell> {
        let n = self.size();
        if self.puzzle.geometry().layout().is_some() {
            let layout = self.puzzle.geometry().layout().cloned();
            return layout.and_then(|l| l.cell_at(row, col)).ok_or_else(|| {
                value_err(format!("no cell at row {row}, column {col} of the layout"))
            });
        }
        if row >= n || col >= n {
            return Err(value_err(format!(
                "row and column go from 0 to {} (got {row}, {col})",
                n - 1
            )));
        }
        Ok(self.shape().cell(row, col))
    }

    fn solver(&self, flag: &Arc<std::sync::atomic::AtomicBool>, budget: Option<u64>) -> Solver {
        Solver::new(Arc::clone(self.puzzle.geometry()))
            .budget(budget)
            .cancel_flag(Arc::clone(flag))
    }

    pub(crate) fn rater(flag: &Arc<std::sync::atomic::AtomicBool>, budget: Option<u64>) -> Rater {
        Rater::new().budget(budget).cancel_flag(Arc::clone(flag))
    }
}

#[pymethods]
impl Sudoku {
    /// Reads a puzzle in the one-line format. `size` or `box_shape` give the box shape when
    /// the length does not (``box_shape=(2, 3)`` for a 6×6 with boxes of 2 rows and 3
    /// columns); `variant` is ``classic``, ``x``, ``latin``, ``windoku`` or ``disjoint``;
    /// `regions` a jigsaw region map (N×N labels); `alphabet` other symbols (Wordoku).
    #[new]
    #[pyo3(signature = (text, *, size=None, box_shape=None, variant="classic", regions=None, alphabet=None))]
    fn new(
        text: &str,
        size: Option<usize>,
        box_shape: Option<(usize, usize)>,
        variant: &str,
        regions: Option<&str>,
        alphabet: Option<&str>,
    ) -> PyResult<Sudoku> {
        let alphabet = alphabet_of(alphabet)?;
        let opts = ReadOptions {
            shape: shape_of(size, box_shape)?,
            alphabet: alphabet.clone(),
        };
        let grid = line::parse(text, &opts).map_err(parse_err)?;
        let geo = Geometry::new(grid.shape(), &variant_of(variant, regions)?).map_err(value_err)?;
        Sudoku::from_grid(grid, Arc::new(geo), alphabet)
    }

    /// Reads a framed ASCII grid (as :meth:`ascii` writes it).
    ///
    /// >>> from grilles.sudoku import Sudoku
    /// >>> s = Sudoku("12..\n..12\n2...\n...4")
    /// >>> Sudoku.from_ascii(s.ascii()) == s
    /// True
    #[staticmethod]
    #[pyo3(signature = (text, *, variant="classic", alphabet=None))]
    fn from_ascii(text: &str, variant: &str, alphabet: Option<&str>) -> PyResult<Sudoku> {
        let alphabet = alphabet_of(alphabet)?;
        let opts = ReadOptions {
            shape: None,
            alphabet: alphabet.clone(),
        };
        let grid = ascii::parse(text, &opts).map_err(parse_err)?;
        let geo = Geometry::new(grid.shape(), &variant_of(variant, None)?).map_err(value_err)?;
        Sudoku::from_grid(grid, Arc::new(geo), alphabet)
    }

    /// Reads a layout of several grids in the frame format: for ``samurai`` 21 lines of 21
    /// characters (a space outside the five grids); also ``tiny-samurai``, ``twin``,
    /// ``butterfly``, ``flower``, ``roxdoku`` and ``roxdoku4``.
    #[staticmethod]
    #[pyo3(signature = (text, layout="samurai", *, alphabet=None))]
    fn from_frame(text: &str, layout: &str, alphabet: Option<&str>) -> PyResult<Sudoku> {
        let alphabet = alphabet_of(alphabet)?;
        let layout = layout_of(layout)?;
        let opts = ReadOptions {
            shape: None,
            alphabet: alphabet.clone(),
        };
        let grid = frame::parse(text, &layout, &opts).map_err(parse_err)?;
        let geo = Geometry::from_layout(layout).map_err(value_err)?;
        Sudoku::from_grid(grid, Arc::new(geo), alphabet)
    }

    /// An empty layout of several grids (see :meth:`from_frame` for the names).
    #[staticmethod]
    fn empty_layout(layout: &str) -> PyResult<Sudoku> {
        let layout = layout_of(layout)?;
        let geo = Geometry::from_layout(layout).map_err(value_err)?;
        let grid = geo.empty_grid();
        Sudoku::from_grid(grid, Arc::new(geo), None)
    }

    /// A puzzle from its cell values (0 for empty), row by row: a list or a NumPy array.
    #[staticmethod]
    #[pyo3(signature = (cells, *, box_shape=None, variant="classic", regions=None))]
    fn from_cells(
        cells: Vec<u8>,
        box_shape: Option<(usize, usize)>,
        variant: &str,
        regions: Option<&str>,
    ) -> PyResult<Sudoku> {
        let shape = match shape_of(None, box_shape)? {
            Some(s) => s,
            None => Shape::from_cell_count(cells.len())
                .ok_or_else(|| value_err(format!("{} cells: not a square grid", cells.len())))?,
        };
        let grid = Grid::new(shape, cells).map_err(parse_err)?;
        let geo = Geometry::new(shape, &variant_of(variant, regions)?).map_err(value_err)?;
        Sudoku::from_grid(grid, Arc::new(geo), None)
    }

    /// The side N of the grid (of each grid of a layout).
    #[getter]
    fn size(&self) -> usize {
        self.shape().size()
    }

    /// The box shape: (rows, columns) of a box.
    #[getter]
    fn box_shape(&self) -> (usize, usize) {
        (self.shape().box_rows(), self.shape().box_cols())
    }

    /// How many cells are filled.
    #[getter]
    fn givens(&self) -> usize {
        self.puzzle.grid().given_count()
    }

    /// The values, row by row (0 for an empty cell).
    #[getter]
    fn cells(&self) -> Vec<u32> {
        self.puzzle.cells().iter().map(|&v| u32::from(v)).collect()
    }

    /// Whether every cell is filled.
    fn is_complete(&self) -> bool {
        self.puzzle.grid().is_complete()
    }

    /// Whether no empty cell has a candidate left (complete, or stuck by a wrong value).
    fn is_over(&self) -> bool {
        self.puzzle.is_over()
    }

    /// The value at (row, column), 0-based (0: empty).
    fn get(&self, row: usize, col: usize) -> PyResult<u8> {
        Ok(self.puzzle.cells()[self.cell(row, col)?.index()])
    }

    /// The values that may go in (row, column) by the rules (none for a filled cell).
    fn candidates(&self, row: usize, col: usize) -> PyResult<Vec<u32>> {
        let cell = self.cell(row, col)?;
        if self.puzzle.cells()[cell.index()] != 0 {
            return Ok(Vec::new());
        }
        Ok(self.puzzle.candidates(cell).iter().map(u32::from).collect())
    }

    /// Fills (row, column) with `value` (0 clears a cell filled by play), checked: an
    /// illegal move raises :class:`grilles.IllegalMoveError` and changes nothing.
    ///
    /// >>> from grilles.sudoku import Sudoku
    /// >>> s = Sudoku("12..\n..12\n2...\n...4")
    /// >>> s.play(0, 2, 1)
    /// Traceback (most recent call last):
    /// ...
    /// grilles.IllegalMoveError: cannot place 1 in r1c3: not a candidate
    fn play(&mut self, row: usize, col: usize, value: u8) -> PyResult<()> {
        let cell = self.cell(row, col)?;
        self.puzzle.play(Fill { cell, value }).map_err(play_err)
    }

    /// Every move :meth:`play` accepts now, as (row, column, value).
    fn legal_moves(&self) -> Vec<(usize, usize, u8)> {
        let shape = self.shape();
        let layout = self.puzzle.geometry().layout().cloned();
        self.puzzle
            .legal_moves()
            .into_iter()
            .map(|f| {
                let (r, c) = match &layout {
                    Some(l) => l.position(f.cell),
                    None => (shape.row_of(f.cell), shape.col_of(f.cell)),
                };
                (r, c, f.value)
            })
            .collect()
    }

    /// The one-line form (``empty`` is the character of an empty cell: ``.`` or ``0``).
    /// A layout of several grids gives its frame.
    #[pyo3(signature = (empty="."))]
    fn line(&self, empty: &str) -> PyResult<String> {
        let marker = match empty {
            "." => EmptyMarker::Dot,
            "0" => EmptyMarker::Zero,
            e => {
                return Err(value_err(format!(
                    "the empty marker is \".\" or \"0\", not {e:?}"
                )));
            }
        };
        if self.puzzle.geometry().layout().is_some() {
            return Ok(self.frame());
        }
        Ok(line::write(self.puzzle.grid(), &self.write_options(marker)))
    }

    /// The framed ASCII grid (a layout: its drawing).
    fn ascii(&self) -> String {
        let opts = self.write_options(EmptyMarker::Dot);
        match self.puzzle.geometry().layout() {
            Some(_) => frame::write_ascii(self.puzzle.grid(), self.puzzle.geometry(), &opts),
            None => ascii::write(self.puzzle.grid(), &opts),
        }
    }

    /// A LaTeX document drawing the grid.
    fn latex(&self) -> String {
        let opts = self.write_options(EmptyMarker::Dot);
        match self.puzzle.geometry().layout() {
            Some(_) => frame::write_latex(self.puzzle.grid(), self.puzzle.geometry(), &opts),
            None => latex::write(self.puzzle.grid(), &opts),
        }
    }

    /// The frame form of a layout of several grids (as :meth:`from_frame` reads it).
    fn frame(&self) -> String {
        match self.puzzle.geometry().layout() {
            Some(l) => frame::write(self.puzzle.grid(), l, &self.write_options(EmptyMarker::Dot)),
            None => self.ascii(),
        }
    }

    /// The values as a NumPy ``uint8`` array of shape (cells,).
    fn to_numpy<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<u8>> {
        numpy::PyArray1::from_slice(py, self.puzzle.cells())
    }

    /// The first solution, or ``None`` when there is none. `timeout` (seconds) and
    /// `budget` (search nodes) bound the search: past either, :class:`grilles.Interrupted`.
    #[pyo3(signature = (*, timeout=None, budget=None))]
    fn solve(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        budget: Option<u64>,
    ) -> PyResult<Option<Sudoku>> {
        let grid = self.puzzle.grid().clone();
        let found = stop::run(py, timeout, |flag| {
            self.solver(flag, budget)
                .solve(&grid)
                .map_err(|e| solve_err(e, timeout))
        })?;
        found.map(|g| self.with_grid(g)).transpose()
    }

    /// The number of solutions, counted up to `limit`: a :class:`Count`, exact below the
    /// limit and "at least" at it.
    #[pyo3(signature = (limit=2, *, timeout=None, budget=None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: u64,
        timeout: Option<f64>,
        budget: Option<u64>,
    ) -> PyResult<Count> {
        let limit = crate::stop::limit(limit)?;
        let grid = self.puzzle.grid().clone();
        stop::run(py, timeout, |flag| {
            self.solver(flag, budget)
                .count(&grid, limit)
                .map(Count::from)
                .map_err(|e| solve_err(e, timeout))
        })
    }

    /// Whether the puzzle has exactly one solution.
    #[pyo3(signature = (*, timeout=None))]
    fn is_unique(&self, py: Python<'_>, timeout: Option<f64>) -> PyResult<bool> {
        Ok(self.count(py, 2, timeout, None)?.value == 1)
    }

    /// The canonical form: the least equivalent grid under relabelling, transposition and
    /// the permutations of rows, columns, bands and stacks (classic rules only). Two
    /// puzzles are equivalent exactly when their canonical forms are equal.
    ///
    /// >>> from grilles.sudoku import Sudoku
    /// >>> a = Sudoku("12..\n..12\n2...\n...4")
    /// >>> b = Sudoku("21..\n..21\n1...\n...4")
    /// >>> a.canonical() == b.canonical()
    /// True
    #[pyo3(signature = (*, timeout=None, budget=None))]
    fn canonical(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        budget: Option<u64>,
    ) -> PyResult<Sudoku> {
        if !self.puzzle.geometry().variant().is_classic()
            || self.puzzle.geometry().layout().is_some()
        {
            return Err(value_err(
                "the canonical form is defined for classic rules only",
            ));
        }
        let shape = self.shape();
        let cells = self.puzzle.cells().to_vec();
        let form = stop::run(py, timeout, |flag| {
            Canonicalizer::new()
                .budget(budget)
                .cancel_flag(Arc::clone(flag))
                .canonical_form(shape.box_rows(), shape.box_cols(), &cells)
                .map_err(|e| match e {
                    sudoku_core::transform::TransformError::Interrupted(i) => stopped(&i, timeout),
                    e => value_err(e),
                })
        })?;
        let grid = Grid::new(shape, form.cells().to_vec()).map_err(value_err)?;
        self.with_grid(grid)
    }

    /// The human-style rating (sudoku-grade's A1–F ladder): level, score, hardest method,
    /// and the explained steps. The puzzle must have one solution
    /// (:class:`grilles.NoSolutionError` otherwise).
    ///
    /// >>> from grilles.sudoku import Sudoku
    /// >>> r = Sudoku("000000010400000000020000000000050407008000300001090000300400200050100000000806000").grade()
    /// >>> r.level, r.hardest
    /// ('easy', 'A2')
    #[pyo3(signature = (*, timeout=None, budget=None))]
    fn grade(&self, py: Python<'_>, timeout: Option<f64>, budget: Option<u64>) -> PyResult<Rating> {
        let puzzle = self.puzzle.clone();
        let rating = stop::run(py, timeout, |flag| {
            Sudoku::rater(flag, budget)
                .rate(&puzzle)
                .map_err(|e| grade_err(e, timeout))
        })?;
        Ok(Rating::new(rating, self.alphabet.clone()))
    }

    /// The next step of the rater from this position, or from a player's pencil marks
    /// (`marks`: one token per cell, ``[129]`` a cell's candidates, or the candidate
    /// string), with its sentence: a hint.
    ///
    /// >>> from grilles.sudoku import Sudoku
    /// >>> s = Sudoku("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    /// >>> step = s.hint()
    /// >>> step.method in ("A1", "A2", "B", "C", "D", "E", "F")
    /// True
    #[pyo3(signature = (marks=None, *, timeout=None, budget=None))]
    fn hint(
        &self,
        py: Python<'_>,
        marks: Option<&str>,
        timeout: Option<f64>,
        budget: Option<u64>,
    ) -> PyResult<crate::grade::Step> {
        let grid = match marks {
            Some(text) => {
                sudoku_grade::MarkedGrid::parse_in(text, Arc::clone(self.puzzle.geometry()))
                    .map_err(parse_err)?
            }
            None => sudoku_grade::MarkedGrid::new(&self.puzzle),
        };
        let step = stop::run(py, timeout, |flag| {
            Sudoku::rater(flag, budget)
                .next_step(&grid)
                .map_err(|e| grade_err(e, timeout))
        })?;
        Ok(crate::grade::Step::new(step))
    }

    /// A person's estimated solving time (:class:`HumanTime`, in seconds).
    #[pyo3(signature = (*, timeout=None))]
    fn human_time(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
    ) -> PyResult<crate::grade::HumanTime> {
        let puzzle = self.puzzle.clone();
        stop::run(py, timeout, |flag| {
            Sudoku::rater(flag, None)
                .human_time(&puzzle)
                .map(crate::grade::HumanTime::from)
                .map_err(|e| grade_err(e, timeout))
        })
    }

    fn __str__(&self) -> PyResult<String> {
        self.line(".")
    }

    fn __repr__(&self) -> PyResult<String> {
        Ok(format!("Sudoku({:?})", self.line(".")?))
    }

    fn __eq__(&self, other: &Sudoku) -> bool {
        self.puzzle.cells() == other.puzzle.cells()
            && self.puzzle.geometry() == other.puzzle.geometry()
    }

    fn __copy__(&self) -> Sudoku {
        self.clone()
    }
}

/// Generates a minimal puzzle with a unique solution (the same seed, the same puzzle).
///
/// `size` (or `box_shape`) gives the grid, `symmetry` one of ``none``, ``central``,
/// ``quarter``, ``mirror``, ``diagonal``, `variant` the rules (``classic``, ``x``…),
/// `layout` a layout of several grids (``samurai``…) in place of one grid; `level`
/// (``easy``, ``intermediate``, ``expert``) keeps the first puzzle of that level drawn from
/// the seed's stream (at most 10,000 draws).
///
/// >>> from grilles.sudoku import generate
/// >>> a = generate(seed=3, symmetry="central")
/// >>> a == generate(seed=3, symmetry="central") and a.is_unique()
/// True
#[pyfunction]
#[pyo3(signature = (size=None, *, box_shape=None, symmetry="none", variant="classic", layout=None, level=None, seed=0, timeout=None))]
#[allow(clippy::too_many_arguments)]
pub fn generate(
    py: Python<'_>,
    size: Option<usize>,
    box_shape: Option<(usize, usize)>,
    symmetry: &str,
    variant: &str,
    layout: Option<&str>,
    level: Option<&str>,
    seed: u64,
    timeout: Option<f64>,
) -> PyResult<Sudoku> {
    let geo: Arc<Geometry> = match layout {
        Some(name) => Arc::new(Geometry::from_layout(layout_of(name)?).map_err(value_err)?),
        None => {
            let shape = shape_of(size, box_shape)?.unwrap_or(Shape::CLASSIC);
            Arc::new(Geometry::new(shape, &variant_of(variant, None)?).map_err(value_err)?)
        }
    };
    let symmetry: Symmetry = symmetry.parse().map_err(value_err)?;
    let level: Option<Level> = level.map(str::parse).transpose().map_err(value_err)?;
    let made = stop::run(py, timeout, |flag| {
        generate_one(&geo, symmetry, level, seed, flag).map_err(|e| grade_err(e, timeout))
    })?;
    Sudoku::from_grid(made, geo, None)
}

/// The attempts of a generation by level.
pub const LEVEL_ATTEMPTS: usize = 10_000;

/// Puzzle of seed `seed` (at `level` when given), stopped by `flag`.
pub fn generate_one(
    geo: &Arc<Geometry>,
    symmetry: Symmetry,
    level: Option<Level>,
    seed: u64,
    flag: &Arc<std::sync::atomic::AtomicBool>,
) -> Result<Grid, GradeError> {
    let mut g = Generator::new(Arc::clone(geo))
        .symmetry(symmetry)
        .cancel_flag(Arc::clone(flag));
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    match level {
        None => Ok(g.generate(&mut rng)?.puzzle),
        Some(level) => Ok(Rater::new()
            .cancel_flag(Arc::clone(flag))
            .generate_level(&mut g, level, LEVEL_ATTEMPTS, &mut rng)?
            .0
            .puzzle),
    }
}
