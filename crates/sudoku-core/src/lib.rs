//! Sudoku grids of every size: formats, solving, generation, equivalences and canonical form.
//!
//! This is a scaffold that only hosts the [`transform`] module (equivalence transformations,
//! random equivalents and canonical form); the full crate replaces it.
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for the data types ([`transform::Transform`] is
//!   validated when deserialized).

pub mod transform;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
