//! Killer sudoku (sudoku-core's `killer`): cages with sums, solved, counted and generated.

use std::sync::Arc;

use pyo3::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use sudoku_core::killer::{
    GenerateKillerError, KillerGenerator, KillerGrid, KillerPuzzle, KillerSolver, format,
};
use sudoku_core::{Geometry, Grid, Symmetry, Variant};

use crate::errors::{parse_err, stopped, value_err};
use crate::stop;
use crate::sudoku::Count;

/// A killer sudoku: cages whose cells add up to their sums (and no value twice in a cage
/// or a house), with or without givens, in the killer cages format (``SUM: r1c1 r1c2 …``,
/// one cage a line).
///
/// >>> from grilles.sudoku import Killer
/// >>> k = Killer.generate(seed=1, size=4)
/// >>> k.count().value
/// 1
/// >>> Killer(str(k)) == k
/// True
#[pyclass(module = "grilles.sudoku", frozen)]
#[derive(Clone, Debug)]
pub struct Killer {
    puzzle: KillerPuzzle,
}

fn geometry(grid: &KillerGrid, x: bool) -> PyResult<Arc<Geometry>> {
    let variant = if x { Variant::x() } else { Variant::classic() };
    Geometry::new(grid.shape(), &variant)
        .map(Arc::new)
        .map_err(value_err)
}

#[pymethods]
impl Killer {
    /// Reads one puzzle in the killer cages format; ``x=True`` adds both diagonals.
    #[new]
    #[pyo3(signature = (text, *, x=false))]
    fn new(text: &str, x: bool) -> PyResult<Killer> {
        let grid = format::parse_puzzle(text, 1).map_err(parse_err)?;
        let geo = geometry(&grid, x)?;
        Ok(Killer {
            puzzle: KillerPuzzle::new(grid, geo).map_err(parse_err)?,
        })
    }

    /// A killer puzzle with one solution and no givens, from `seed`: `size` 4 to 16 (usual
    /// boxes), ``x=True`` for the diagonals, `symmetry` of the cage layout.
    #[staticmethod]
    #[pyo3(signature = (*, seed=0, size=9, x=false, symmetry="none", timeout=None, budget=None))]
    fn generate(
        py: Python<'_>,
        seed: u64,
        size: usize,
        x: bool,
        symmetry: &str,
        timeout: Option<f64>,
        budget: Option<u64>,
    ) -> PyResult<Killer> {
        let shape = crate::sudoku::shape_of(Some(size), None)?.unwrap_or_default();
        let variant = if x { Variant::x() } else { Variant::classic() };
        let geo = Arc::new(Geometry::new(shape, &variant).map_err(value_err)?);
        let symmetry: Symmetry = symmetry.parse().map_err(value_err)?;
        let made = stop::run(py, timeout, |flag| {
            KillerGenerator::new(geo)
                .symmetry(symmetry)
                .budget(budget)
                .cancel_flag(Arc::clone(flag))
                .generate(&mut Pcg64Mcg::seed_from_u64(seed))
                .map_err(|e| match e {
                    GenerateKillerError::Interrupted(i) => stopped(&i, timeout),
                    e => value_err(e),
                })
        })?;
        Ok(Killer {
            puzzle: made.puzzle,
        })
    }

    /// The cages, as (sum, [(row, column), …]).
    #[getter]
    fn cages(&self) -> Vec<(u16, Vec<(usize, usize)>)> {
        let shape = self.puzzle.givens().shape();
        self.puzzle
            .cages()
            .iter()
            .map(|c| {
                let cells = c
                    .cells
                    .iter()
                    .map(|&x| (shape.row_of(x), shape.col_of(x)))
                    .collect();
                (c.sum, cells)
            })
            .collect()
    }

    /// The side of the grid.
    #[getter]
    fn size(&self) -> usize {
        self.puzzle.givens().shape().size()
    }

    /// The first solution as a line, or ``None``.
    #[pyo3(signature = (*, timeout=None, budget=None))]
    fn solve(
        &self,
        py: Python<'_>,
        timeout: Option<f64>,
        budget: Option<u64>,
    ) -> PyResult<Option<String>> {
        let found = stop::run(py, timeout, |flag| {
            KillerSolver::new()
                .budget(budget)
                .cancel_flag(Arc::clone(flag))
                .solve(&self.puzzle)
                .map_err(|e| stopped(&e, timeout))
        })?;
        Ok(found.map(|g: Grid| g.to_string()))
    }

    /// The number of solutions up to `limit` (a :class:`Count`).
    #[pyo3(signature = (limit=2, *, timeout=None, budget=None))]
    fn count(
        &self,
        py: Python<'_>,
        limit: u64,
        timeout: Option<f64>,
        budget: Option<u64>,
    ) -> PyResult<Count> {
        let limit = crate::stop::limit(limit)?;
        stop::run(py, timeout, |flag| {
            KillerSolver::new()
                .budget(budget)
                .cancel_flag(Arc::clone(flag))
                .count(&self.puzzle, limit)
                .map(Count::from)
                .map_err(|e| stopped(&e, timeout))
        })
    }

    /// The ASCII drawing of the cages (and of `values`, a line, when given).
    #[pyo3(signature = (values=None))]
    fn ascii(&self, values: Option<&str>) -> PyResult<String> {
        let values = match values {
            Some(v) => v.parse::<Grid>().map_err(parse_err)?,
            None => self.puzzle.givens().clone(),
        };
        Ok(format::ascii(self.puzzle.grid(), &values))
    }

    fn __str__(&self) -> String {
        format::write_all(std::slice::from_ref(self.puzzle.grid()))
    }

    fn __repr__(&self) -> String {
        format!(
            "Killer({} cages, {}x{})",
            self.puzzle.cages().len(),
            self.size(),
            self.size()
        )
    }

    fn __eq__(&self, other: &Killer) -> bool {
        self.puzzle.grid() == other.puzzle.grid()
            && self.puzzle.geometry() == other.puzzle.geometry()
    }
}
