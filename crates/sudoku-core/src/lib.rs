//! Sudoku grids of every size and variant, their text formats, a dancing-links exact-cover
//! solver, a minimal-clue generator with symmetries, and the equivalence group with a
//! canonical form.
//!
//! # Quick start
//!
//! ```
//! use rand::SeedableRng;
//! use rand_pcg::Pcg64Mcg;
//! use sudoku_core::generate::{Generator, Symmetry};
//! use sudoku_core::{Geometry, Grid, Puzzle, Shape, Solver, Variant};
//!
//! // Read a puzzle (one-line format; the example of "Sudoku — Solitaire de nombres"),
//! // validate it, solve it.
//! let grid: Grid = "1--4--7-94--7------8-----6-21------63----5-7---817-3----59-2-3-87--3-5----2-8----".parse()?;
//! let puzzle = Puzzle::classic(grid)?;
//! let mut solver = Solver::new(Geometry::classic(Shape::CLASSIC));
//! let solution = solver.solve(puzzle.grid())?.expect("a solution");
//! assert!(solution.is_complete() && puzzle.grid().is_subset_of(&solution));
//! println!("{solution:#}"); // the framed ASCII grid
//!
//! // Count: 288 complete 4×4 grids.
//! let four = Shape::new(2, 2)?;
//! assert_eq!(Solver::new(Geometry::classic(four)).count(&Grid::empty(four), u64::MAX)?, Count::Exact(288));
//!
//! // A Sudoku X, generated with central symmetry from a seeded generator.
//! let x = Geometry::new(Shape::CLASSIC, &Variant::x())?;
//! let made = Generator::new(x).symmetry(Symmetry::Central).generate(&mut Pcg64Mcg::seed_from_u64(2024))?;
//! assert!(Symmetry::Central.holds(&made.puzzle));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Model
//!
//! Data flows one way: text → [`Grid`] (raw cells: row-major `u8`, 0 empty, 1..=N values) →
//! [`Puzzle`] (a grid validated against a [`Geometry`]: no value twice in a house) → a
//! [`Solver`] or [`Generator`](generate::Generator) → grids → text. A [`Geometry`] is a
//! [`Shape`] (N = box_rows × box_cols, up to 25) plus a [`Variant`] turned into *houses*:
//! rows, columns, boxes or jigsaw regions, and extra houses (diagonals, disjoint groups,
//! windows, custom). The solver sees only houses, so every variant is solved the same way.
//! A cell is a [`Cell`] (its row-major index; row, column and box come from the [`Shape`]),
//! a house a [`House`] (its index in the [`Geometry`]; [`HouseKind`] says what it is and
//! prints it for people). A [`Puzzle`] is played by [`Fill`] moves.
//!
//! # Modules
//!
//! | module | holds |
//! |---|---|
//! | [`shape`] | [`Shape`]: N = box_rows × box_cols, the row, column and box of a cell |
//! | [`cell`] | [`Cell`] (a cell as its row-major index, printed `r3c1`), [`House`] (a house of a geometry) |
//! | [`variant`] | [`Variant`], [`Regions`], [`RegionMap`] (jigsaw map and its text form) |
//! | [`layout`] | [`Layout`](layout::Layout): several grids at offsets (Samurai…), cubes (Roxdoku); their geometries |
//! | [`geometry`] | [`Geometry`]: houses, houses of a cell, peers, `sees`, rows and columns, [`Intersection`]s, candidates; [`HouseKind`] |
//! | [`symbol`] | [`Alphabet`] (1–9 then letters, hexadecimal, custom such as Wordoku), [`EmptyMarker`] |
//! | [`grid`] | [`Grid`] and [`Candidates`] (a `u32` bit set of values) |
//! | [`puzzle`] | [`Puzzle`], [`Fill`] (its move: check, play), [`Hint`] (the "Aide") |
//! | [`format`](mod@format) | [`format::line`](mod@format::line), [`format::ascii`], [`format::latex`]: read and write |
//! | [`exact_cover`] | the generic dancing-links engine ([`ExactCover`](exact_cover::ExactCover)) |
//! | [`solve`] | [`Solver`]: first solution, count, lazy solutions, random solution, budget, cancel; its engines ([`Engine`]: dancing links, and a bitboard engine for classic and X 9×9); [`Interrupted`] |
//! | [`transform`] | the equivalence group ([`Transform`](transform::Transform)), random equivalents, canonical form |
//! | [`generate`] | [`Generator`](generate::Generator), [`Symmetry`](generate::Symmetry), [`Progress`](generate::Progress) |
//! | [`killer`] | killer sudoku: [`KillerPuzzle`](killer::KillerPuzzle) (cages with sums), [`KillerSolver`](killer::KillerSolver), [`KillerGenerator`](killer::KillerGenerator), the killer cages format |
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for the data types. A [`Grid`] serializes as its shape
//!   and one-line string (with its cell count for the grid of a [`layout`]), a [`Cell`] and a [`House`] as their index, an [`Alphabet`] and a
//!   [`RegionMap`] as their text forms, the others (shapes, variants, symmetries,
//!   certificates, transforms…) as plain data.

#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod cell;
mod count;
pub mod exact_cover;
mod fast9;
pub mod format;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod killer;
pub mod layout;
pub mod puzzle;
pub mod shape;
pub mod solve;
pub mod symbol;
pub mod transform;
pub mod variant;

pub use cell::{Cell, CellDisplay, CellRangeError, House};
pub use format::ascii::ParseAsciiError;
pub use format::latex::ParseLatexError;
pub use format::line::ParseLineError;
pub use geometry::{Geometry, HouseKind, Intersection, VariantError};
pub use grid::{Candidates, CandidatesError, Grid, GridError};
pub use puzzle::{CellCandidates, Fill, PlayError, Puzzle, PuzzleError};
pub use shape::{Shape, ShapeError};
pub use count::Count;
pub use grilles_game::{GameState, Interrupted, StopReason, WorkUnit};
pub use solve::{Engine, SolveError, Solver, UnsupportedEngine};
pub use symbol::{Alphabet, AlphabetError, EmptyMarker};
pub use variant::{
    ParseRegionMapError, RandomRegionsError, RegionMap, RegionMapError, Regions, Variant,
};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
