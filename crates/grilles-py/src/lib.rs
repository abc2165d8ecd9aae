//! The native module of the `grilles` Python package (`grilles._native`): thin bindings over
//! the public APIs of sudoku-core, sudoku-grade, defi-sudoku, mahjong-tiles,
//! mahjong-solitaire and mahjong-rules. The Python package (`python/grilles`) re-exports
//! them by game and adds the environments and the Ray jobs.

mod batch;
mod convert;
mod defi;
mod errors;
mod grade;
mod killer;
mod mahjong;
mod mahjong_table;
mod solitaire;
mod stop;
mod sudoku;

use pyo3::prelude::*;

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    errors::register(m)?;
    m.add_class::<sudoku::Sudoku>()?;
    m.add_class::<sudoku::Count>()?;
    m.add_class::<killer::Killer>()?;
    m.add_class::<grade::Rating>()?;
    m.add_class::<grade::Step>()?;
    m.add_class::<grade::HumanTime>()?;
    m.add_function(wrap_pyfunction!(sudoku::generate, m)?)?;
    batch::register(m)?;
    defi::register(m)?;
    solitaire::register(m)?;
    mahjong::register(m)?;
    mahjong_table::register(m)?;
    Ok(())
}
