//! Integration tests of `mahjong-solitaire`, in one binary.
//!
//! - `allocations`: `Board::legal_moves_into` reuses its vector.
//! - `data_layouts`: the small layouts of `tests/data/` (written for these tests) and their
//!   expected counts.
//! - `kmahjongg_files`: KMahjongg's 72 layout files, when the project's shared data folder is
//!   there (they are GPL and not shipped); skipped with a message otherwise.
//! - `limits`: hostile inputs (huge or undealable layouts, long texts) answer quickly.
//! - `no_panic`: no public function panics on arbitrary well-typed input (proptest).
//! - `properties`: proptest properties (reverse placement, solver, undo, round trips).
//! - `golden`: seeded outputs that must never change.
//! - `saved_games`: saving and restoring games through JSON (feature `serde`).
//! - `state_shape`: `Board` as a `grilles_game::GameState`, checked by `check_shape`.

mod allocations;
mod data_layouts;
mod golden;
mod kmahjongg_files;
mod limits;
mod no_panic;
mod properties;
#[cfg(feature = "serde")]
mod saved_games;
mod state_shape;
