//! Ratings, explained steps and solving-time estimates (sudoku-grade).

use pyo3::prelude::*;
use sudoku_core::{Alphabet, Shape};
use sudoku_grade::{Method, Rating as RustRating, Step as RustStep};

/// A human-style rating: the level, the score (the sum of the cells' costs), the hardest
/// method used, the count of placements by method, and every explained step.
#[pyclass(module = "grilles.sudoku", frozen)]
#[derive(Debug)]
pub struct Rating {
    inner: RustRating,
    alphabet: Option<Alphabet>,
}

impl Rating {
    pub fn new(inner: RustRating, alphabet: Option<Alphabet>) -> Rating {
        Rating { inner, alphabet }
    }
}

#[pymethods]
impl Rating {
    /// ``easy`` (A1–A2), ``intermediate`` (up to D) or ``expert`` (E or F).
    #[getter]
    fn level(&self) -> String {
        self.inner.level.to_string()
    }

    /// The score: the sum over the empty cells of base + rank × (candidates − 1).
    #[getter]
    fn score(&self) -> u32 {
        self.inner.score
    }

    /// The hardest method credited (``A1`` … ``F``), ``None`` for a grid already full.
    #[getter]
    fn hardest(&self) -> Option<String> {
        self.inner.hardest.map(|m| m.to_string())
    }

    /// The hardest technique used (``hidden single``, ``X-Wing``…), if any.
    #[getter]
    fn hardest_technique(&self) -> Option<String> {
        self.inner.hardest_technique().map(|t| t.name().to_owned())
    }

    /// Placements by method: ``{"A1": 43, "A2": 21, "B": 0, …}``.
    #[getter]
    fn counts(&self) -> Vec<(String, u32)> {
        Method::ALL
            .into_iter()
            .map(|m| (m.to_string(), self.inner.counts.get(m)))
            .collect()
    }

    /// The steps of the solution path, each with its sentence.
    #[getter]
    fn steps(&self) -> Vec<Step> {
        self.inner.steps.iter().cloned().map(Step::new).collect()
    }

    /// Every placement of the solution path, in order, as (row, column, digit, method,
    /// cost): the cost is base + rank × (candidates − 1), and they add up to the score.
    #[getter]
    fn placements(&self) -> Vec<(usize, usize, u8, String, u32)> {
        let shape = self.inner.solution.shape();
        self.inner
            .placements
            .iter()
            .map(|p| {
                let i = p.cell.index();
                let (r, c) = if i < shape.cell_count() {
                    (shape.row_of(p.cell), shape.col_of(p.cell))
                } else {
                    (i / shape.size(), i % shape.size())
                };
                (r, c, p.digit, p.method.to_string(), p.cost)
            })
            .collect()
    }

    /// The solution, one line.
    #[getter]
    fn solution(&self) -> String {
        let opts = sudoku_core::format::WriteOptions {
            alphabet: self.alphabet.clone(),
            empty: sudoku_core::EmptyMarker::Dot,
        };
        sudoku_core::format::line::write(&self.inner.solution, &opts)
    }

    /// The work spent, in rating units (about a microsecond each).
    #[getter]
    fn work(&self) -> u64 {
        self.inner.work
    }

    /// The one-line summary: ``easy  122  A2  A1=43 A2=21 B=0 …``.
    fn summary(&self) -> String {
        self.inner.summary_line()
    }

    fn __str__(&self) -> String {
        self.inner.summary_line()
    }

    fn __repr__(&self) -> String {
        format!(
            "Rating(level={:?}, score={}, hardest={:?})",
            self.level(),
            self.inner.score,
            self.hardest()
        )
    }
}

/// One step of the rater: a technique, what it places or eliminates, and its sentence
/// (``str(step)``). Cells are (row, column), 0-based; digits 1..N.
#[pyclass(module = "grilles.sudoku", frozen)]
#[derive(Debug)]
pub struct Step {
    inner: RustStep,
}

impl Step {
    pub fn new(inner: RustStep) -> Step {
        Step { inner }
    }

    fn rc(&self, cell: sudoku_core::Cell) -> (usize, usize) {
        let shape: Shape = self.inner.shape;
        if cell.index() < shape.cell_count() {
            (shape.row_of(cell), shape.col_of(cell))
        } else {
            (cell.index() / shape.size(), cell.index() % shape.size())
        }
    }
}

#[pymethods]
impl Step {
    /// The technique's name (``naked single``, ``X-Wing``, ``contradiction``…).
    #[getter]
    fn technique(&self) -> &'static str {
        self.inner.technique.name()
    }

    /// The method letter of the A1–F ladder.
    #[getter]
    fn method(&self) -> String {
        self.inner.method().to_string()
    }

    /// The placement made, as (row, column, digit), if the step places one.
    #[getter]
    fn placement(&self) -> Option<(usize, usize, u8)> {
        self.inner.placement.map(|p| {
            let (r, c) = self.rc(p.cell);
            (r, c, p.digit)
        })
    }

    /// The candidates removed, as (row, column, digit).
    #[getter]
    fn eliminations(&self) -> Vec<(usize, usize, u8)> {
        self.inner
            .eliminations
            .iter()
            .map(|e| {
                let (r, c) = self.rc(e.cell);
                (r, c, e.digit)
            })
            .collect()
    }

    /// The cells the technique looks at, as (row, column).
    #[getter]
    fn cells(&self) -> Vec<(usize, usize)> {
        self.inner.cells.iter().map(|&c| self.rc(c)).collect()
    }

    /// The digits the technique uses.
    #[getter]
    fn digits(&self) -> Vec<u32> {
        self.inner.digits.iter().map(|&v| u32::from(v)).collect()
    }

    /// The sentence a person can follow.
    #[getter]
    fn text(&self) -> String {
        self.inner.to_string()
    }

    fn __str__(&self) -> String {
        self.inner.to_string()
    }

    fn __repr__(&self) -> String {
        format!(
            "Step(method={:?}, technique={:?})",
            self.method(),
            self.technique()
        )
    }
}

/// A person's estimated solving time: `seconds` = `singles` + `stuck` + `techniques`.
#[pyclass(module = "grilles.sudoku", frozen)]
#[derive(Debug)]
pub struct HumanTime {
    /// The estimated mean solving time, in seconds.
    #[pyo3(get)]
    seconds: f64,
    /// Seconds finding and writing in singles.
    #[pyo3(get)]
    singles: f64,
    /// Seconds with no single in sight.
    #[pyo3(get)]
    stuck: f64,
    /// Seconds of the techniques beyond singles.
    #[pyo3(get)]
    techniques: f64,
}

impl From<sudoku_grade::HumanTime> for HumanTime {
    fn from(t: sudoku_grade::HumanTime) -> HumanTime {
        HumanTime {
            seconds: t.seconds,
            singles: t.singles,
            stuck: t.stuck,
            techniques: t.techniques,
        }
    }
}

#[pymethods]
impl HumanTime {
    fn __float__(&self) -> f64 {
        self.seconds
    }

    fn __str__(&self) -> String {
        format!("{:.0} s", self.seconds)
    }

    fn __repr__(&self) -> String {
        format!("HumanTime(seconds={:.1})", self.seconds)
    }
}
