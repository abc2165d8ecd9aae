//! Integration tests of sudoku-core (one binary).

mod counts;
mod engines;
mod fast9;
mod formats;
mod generate;
mod killer;
mod layouts;
mod limits;
mod no_panic;
mod properties;
mod random_regions;
mod solve;
mod state;
mod stops;
mod transform;
