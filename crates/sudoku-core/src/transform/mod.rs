//! Equivalences: the transformation group of a box shape, random equivalents and the canonical
//! form.
//!
//! The French Wikipedia article on Sudoku (after Gordon Royle) lists the six operations that turn a
//! solution grid into another one of the "same" grid: (1) a permutation of the symbols, (2)
//! transposition, (3) a permutation of the rows inside one band, (4) of the columns inside one
//! stack, (5) of the bands, (6) of the stacks. They act on puzzles just as well (an empty cell
//! stays empty), and a puzzle and its solution transform together. Transposition is a symmetry only
//! when the boxes are square (`box_rows == box_cols`): for 2×3 boxes it would give 3×2 boxes.
//!
//! | item | what |
//! |---|---|
//! | [`Transform`] | one element of the group: compose ([`Transform::then`]), invert, apply |
//! | [`TransformParts`] | its raw, unchecked parts (serialized form) |
//! | [`Transform::random`], [`random_equivalent`] | a uniform draw from the group ("bouton E") |
//! | [`canonical_form`], [`Canonical`], [`is_equivalent`], [`Canonicalizer`] (with a budget and a cancel flag) | the minimal lexicographic representative |
//! | [`group_order`] | the size of the group |
//! | [`Grid::transformed`](crate::Grid::transformed), [`Grid::canonical`](crate::Grid::canonical), [`Grid::random_equivalent`](crate::Grid::random_equivalent), [`Grid::is_equivalent_to`](crate::Grid::is_equivalent_to) | the same on a [`Grid`](crate::Grid) |
//! | [`TransformError`] | what went wrong |
//!
//! Cells are row-major slices of `N × N` bytes, `0` for an empty cell and `1..=N` for a symbol,
//! with `N = box_rows × box_cols`. Bands are the `box_cols` horizontal groups of `box_rows` rows,
//! stacks the `box_rows` vertical groups of `box_cols` columns.
//!
//! # Counting
//! For 9×9 the group has `9! · 6^8 · 2 = 1,218,998,108,160` transformations
//! ([`group_order`]): `9!` relabellings, `3!^3 · 3!` row maps, `3!^3 · 3!` column maps, and
//! transposition. "Sudoku — Solitaire de nombres" counts `9! · 6^4 · 2 · 2 = 1,881,169,920`
//! grids made from one grid by its subset of the operations (the first band and stack stay in
//! place). The French Wikipedia article on Sudoku gives 6,670,903,752,021,072,936,960
//! complete 9×9 grids and 5,472,730,538 essentially different ones (classes under this
//! group).
//!
//! # Example
//! ```
//! use rand::SeedableRng;
//! use rand_pcg::Pcg64Mcg;
//! use sudoku_core::transform::{canonical_form, is_equivalent, Transform};
//!
//! let grid: Vec<u8> = "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
//!     .bytes().map(|b| b - b'0').collect();
//! let mut rng = Pcg64Mcg::seed_from_u64(2024);
//! let t = Transform::random(3, 3, &mut rng)?;
//! let other = t.apply(&grid)?;
//! assert!(is_equivalent(3, 3, &grid, &other)?);
//! assert_eq!(t.inverse().apply(&other)?, grid);
//!
//! let canon = canonical_form(3, 3, &other)?;
//! assert_eq!(&canon.cells()[..9], [1, 2, 3, 4, 5, 6, 7, 8, 9]);
//! assert_eq!(canon.transform().apply(&other)?, canon.cells());
//! # Ok::<(), sudoku_core::transform::TransformError>(())
//! ```

mod canon;
mod dims;
mod error;
mod group;
mod on_grid;
mod random;

pub use canon::{Canonical, Canonicalizer, canonical_form, is_equivalent, supports_canonical_form};
pub use error::{PermutationKind, TransformError};
pub use group::{Transform, TransformParts};
pub use random::{group_order, random_equivalent};
