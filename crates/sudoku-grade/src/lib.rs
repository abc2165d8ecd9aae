//! Human-style sudoku rating: the A1–F technique ladder, the cost formula, levels, hints that
//! explain, and three-level calibration.
//!
//! The ladder comes from a logic-puzzle rater (seed 002 of the project: A1, A2, B, C, D, E,
//! F, cheapest first) mapped onto sudoku techniques; a puzzle's score adds up what each empty
//! cell cost, and its level is set by the hardest method it needs.
//!
//! # Quick start
//!
//! ```
//! use sudoku_core::Grid;
//! use sudoku_grade::{Board, Level, Method, Technique, rate};
//!
//! let grid: Grid =
//!     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?;
//! let rating = rate(&grid)?;
//! assert_eq!(rating.level, Level::Easy);
//! assert_eq!(rating.hardest, Some(Method::A2));
//! assert_eq!(rating.counts.total(), 64);          // one per empty cell
//! println!("{}", rating.summary_line());           // easy  <score>  A2  A1=.. A2=.. B=0 …
//!
//! // Hints: the rater's own steps, one at a time, each with a sentence.
//! let mut board = Board::new(&grid)?;
//! let step = board.next_step()?;
//! assert!(matches!(step.technique, Technique::FullHouse | Technique::NakedSingle | Technique::HiddenSingle));
//! println!("{step}");                              // e.g. "In box 1, 4 can only go in r3c1."
//! board.apply(&step)?;
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The ladder
//!
//! | method | techniques | base | rank | level |
//! |---|---|---|---|---|
//! | A1 | full house, naked single | 1 | 0 | Easy |
//! | A2 | hidden single | 1 | 1 | Easy |
//! | B | pointing, claiming, other locked candidates | 5 | 1 | Intermediate |
//! | C | naked pair, triple, quad | 10 | 2 | Intermediate |
//! | D | hidden pair/triple/quad, X-Wing, Swordfish, Jellyfish (Squirmbag from 10×10), skyscraper, two-string kite, turbot fish, empty rectangle, XY-Wing, XYZ-Wing, W-Wing, unique rectangle types 1–4, hidden rectangle, BUG+1 | 20 | 3 | Intermediate |
//! | E | contradiction: assume a candidate, propagate with A1–D, eliminate it if the grid breaks | 50 | 4 | Expert |
//! | F | nothing else progresses: the solution's digit goes in the cell with fewest candidates | 75 | 5 | Expert |
//!
//! The rater always applies the cheapest technique that progresses; an elimination restarts
//! the ladder from A1. A placed cell is credited with the hardest method used since the
//! previous placement and costs `base + rank × (|V| − 1)`, |V| being its candidate count when
//! the search for that placement began. Givens cost nothing. See [`rater`] for details,
//! [`technique`] for each family, and [`Technique::UniqueRectangle`]: unique rectangles and
//! BUG+1 assume uniqueness and are applied only once the rater's solver has confirmed that the
//! puzzle has one solution.
//!
//! Every technique works on every shape of `sudoku-core` (4×4 to 25×25) and every variant
//! (extra houses: X diagonals, jigsaw regions, disjoint groups…): houses are generic; fish
//! need rows and columns, which every sudoku has.
//!
//! # Modules
//!
//! | module | holds |
//! |---|---|
//! | [`method`] | [`Method`] (A1…F, base, rank, cost), [`Level`], [`MethodCounts`] |
//! | [`technique`] | [`Technique`], [`Techniques`] (a set to enable), the techniques by family |
//! | [`step`] | [`Step`] (a move and its sentence), [`Cell`], [`Candidate`] |
//! | [`rater`] | [`Rater`], [`Rating`], [`Placement`], [`GradeError`], [`rate`], [`next_step`] |
//! | [`hint`] | [`Board`]: a grid with pencil marks, stepped by hints |
//! | [`calibrate`] | the three-snapshot calibration, generation at a requested level |
//! | [`quality`] | Farid Mita's "good puzzle" check (unique, minimal, no guess) |
//!
//! # Speed
//!
//! Random minimal 9×9 puzzles rate at about 1,850 puzzles/s per core of CPU time without
//! steps, 1,580 with steps and sentences (see the crate README and the `sudoku_grade` bench).
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for [`Method`], [`Level`], [`MethodCounts`],
//!   [`Technique`], [`Techniques`], [`Step`], [`Cell`], [`Candidate`], [`Placement`] and
//!   [`Rating`] (enables `sudoku-core/serde` for grids).

mod adapter;
pub mod calibrate;
pub mod hint;
mod layout;
pub mod method;
pub mod quality;
pub mod rater;
mod solver;
mod state;
pub mod step;
pub mod technique;

pub use hint::Board;
pub use method::{Level, Method, MethodCounts, ParseMethodError};
pub use rater::{GradeError, Placement, Rater, Rating, next_step, rate};
pub use step::{Candidate, Cell, ChainElimination, Contradiction, HouseName, Step};
pub use technique::{Technique, Techniques};

pub use sudoku_core::HouseKind;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

#[cfg(test)]
mod testutil {
    pub fn parse(s: &str) -> Vec<u8> {
        s.bytes()
            .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
            .collect()
    }
}
