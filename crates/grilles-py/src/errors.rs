//! The exceptions of the package: one base class, `GrillesError` (a `ValueError`), and a
//! subclass per kind of failure. Each carries the library's message unchanged.

use std::fmt::Display;

use grilles_game::{Interrupted as RustInterrupted, StopReason};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    grilles,
    GrillesError,
    PyValueError,
    "The base class of every error of the package (a ValueError): the message is the engine's."
);
create_exception!(
    grilles,
    ParseError,
    GrillesError,
    "A text (a grid, a hand, a tile, an action, a layout, a record) could not be read."
);
create_exception!(
    grilles,
    IllegalMoveError,
    GrillesError,
    "A move or an action was refused: the game is unchanged."
);
create_exception!(
    grilles,
    RecordError,
    GrillesError,
    "A saved game or a record does not replay (tampered, truncated, or of other rules)."
);
create_exception!(
    grilles,
    Interrupted,
    GrillesError,
    "A call stopped by its budget, its timeout or its cancel flag, before its answer."
);
create_exception!(
    grilles,
    NoSolutionError,
    GrillesError,
    "The puzzle has no solution, or more than one where one is needed."
);

/// A `GrillesError` with the message of `e`.
pub fn value_err(e: impl Display) -> PyErr {
    GrillesError::new_err(e.to_string())
}

/// A `ParseError` with the message of `e`.
pub fn parse_err(e: impl Display) -> PyErr {
    ParseError::new_err(e.to_string())
}

/// An `IllegalMoveError` with the message of `e`.
pub fn play_err(e: impl Display) -> PyErr {
    IllegalMoveError::new_err(e.to_string())
}

/// A `RecordError` with the message of `e`.
pub fn record_err(e: impl Display) -> PyErr {
    RecordError::new_err(e.to_string())
}

/// The exception of a call stopped by the library's `Interrupted`: a timeout when the flag
/// was raised by the timer, else the library's message.
pub fn stopped(e: &RustInterrupted, timeout: Option<f64>) -> PyErr {
    match (e.reason(), timeout) {
        (StopReason::Cancelled, Some(t)) => Interrupted::new_err(format!("timed out after {t} s")),
        _ => Interrupted::new_err(e.to_string()),
    }
}

/// Registers the exception classes on the module.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("GrillesError", py.get_type::<GrillesError>())?;
    m.add("ParseError", py.get_type::<ParseError>())?;
    m.add("IllegalMoveError", py.get_type::<IllegalMoveError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("Interrupted", py.get_type::<Interrupted>())?;
    m.add("NoSolutionError", py.get_type::<NoSolutionError>())?;
    Ok(())
}
