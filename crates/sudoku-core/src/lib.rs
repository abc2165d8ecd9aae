//! Sudoku grids of every size and variant, their text formats, a dancing-links exact-cover
//! solver, a minimal-clue generator with symmetries, and the equivalence group with a
//! canonical form.
//!
//! # Quick start
//!
//! ```
//! use rand::SeedableRng;
//! use rand_pcg::Pcg64Mcg;
//! use sudoku_core::{Count, Generator, Geometry, Grid, Puzzle, Shape, Solver, Symmetry, Variant};
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
//! [`Solver`] or [`Generator`] → grids → text. A [`Geometry`] is a [`Shape`]
//! (N = box_rows × box_cols, up to 25) plus a [`Variant`] turned into *houses*: rows,
//! columns, boxes or jigsaw regions, and extra houses (diagonals, disjoint groups, windows,
//! custom). The solver sees only houses, so every variant is solved the same way. A cell is
//! a [`Cell`] (its row-major index; row, column and box come from the [`Shape`]), a house a
//! [`House`] (its index in the [`Geometry`]; [`HouseKind`] says what it is and prints it
//! for people). A [`Puzzle`] is a one-player [`GameState`], played by [`Fill`] moves.
//!
//! # Items
//!
//! The types live at the crate root; the modules are namespaces of their own.
//!
//! | items | what |
//! |---|---|
//! | [`Shape`], [`Cell`], [`House`], [`HouseKind`] | the side and boxes, a cell (printed `r3c1`), a house of a geometry |
//! | [`Variant`], [`Regions`], [`RegionMap`] | the rules beyond rows and columns; jigsaw maps and their text form |
//! | [`Geometry`] | houses, houses of a cell ([`row_of`](Geometry::row_of), [`box_of`](Geometry::box_of)…), peers, `sees`, [`Intersection`]s, candidates |
//! | [`Alphabet`], [`EmptyMarker`] | symbols (1–9 then letters, hexadecimal, custom such as Wordoku) |
//! | [`Grid`], [`Candidates`] | raw cells; a `u32` bit set of values |
//! | [`Puzzle`], [`Fill`], [`CellCandidates`] | a validated grid, its move, the "Aide" of an empty cell |
//! | [`Solver`], [`Engine`], [`Count`], [`Solutions`] | first solution, counts that say when they are only lower bounds, lazy solutions, random solution |
//! | [`Generator`], [`Symmetry`], [`Generated`], [`Certificate`] | minimal puzzles with a symmetry, and their proofs of minimality |
//! | [`Interrupted`], [`StopReason`], [`WorkUnit`] | the one error of a call stopped by its budget or its cancel flag (from `grilles-game`) |
//! | [`format`](mod@format) | text formats: [`format::line`], [`format::ascii`], [`format::latex`], [`format::frame`] (layouts) |
//! | [`layout`] | several grids at offsets (Samurai…), cubes (Roxdoku) |
//! | [`killer`] | killer sudoku: cages with sums, their solver and generator, their text format |
//! | [`transform`] | the equivalence group, random equivalents, the canonical form |
//! | [`exact_cover`] | the generic dancing-links engine |
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for the data types. A [`Grid`] serializes as its shape
//!   and one-line string (with its cell count for the grid of a [`layout`]), a [`Cell`] and a
//!   [`House`] as their index, an [`Alphabet`] and a [`RegionMap`] as their text forms, the
//!   others (shapes, variants, symmetries, certificates, transforms, interruptions…) as plain
//!   data.

#![cfg_attr(docsrs, feature(doc_cfg))]

mod cell;
mod count;
pub mod exact_cover;
mod fast9;
pub mod format;
mod generate;
mod geometry;
mod grid;
pub mod killer;
pub mod layout;
mod puzzle;
mod shape;
mod solve;
mod symbol;
pub mod transform;
mod variant;

pub use cell::{Cell, CellDisplay, CellRangeError, House};
pub use count::Count;
pub use generate::{
    Certificate, CertificateError, GenerateError, GenerateProgress, Generated, Generator,
    ParseSymmetryError, Symmetry, check_minimality,
};
pub use geometry::{Geometry, HouseKind, Intersection, VariantError};
pub use grid::{Candidates, CandidatesError, CandidatesIter, Grid, GridError};
pub use grilles_game::{GameState, Interrupted, StopReason, WorkUnit};
pub use puzzle::{CellCandidates, Fill, PlayError, Puzzle, PuzzleError};
pub use shape::{Shape, ShapeError};
pub use solve::{Engine, ParseEngineError, Solutions, SolveError, Solver, UnsupportedEngine};
pub use symbol::{Alphabet, AlphabetError, EmptyMarker};
pub use variant::{
    ParseRegionMapError, RandomRegionsError, RegionMap, RegionMapError, Regions, Variant,
};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
