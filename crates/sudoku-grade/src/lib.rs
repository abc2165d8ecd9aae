//! Human-style sudoku rating: the A1–F technique ladder, the cost formula, levels, hints that
//! explain (from a puzzle or from a player's pencil marks), an estimate of how long a person
//! takes, and three-level calibration.
//!
//! The ladder comes from Yokutai's "Six techniques de déduction" (a rater of logic puzzles:
//! A1, A2, B, C, D, E, F, cheapest first), mapped onto sudoku techniques; a puzzle's score
//! adds up what each empty cell cost, and its level is set by the hardest method it needs.
//! Grids, rules (houses), cells and the solver are `sudoku-core`'s.
//!
//! # Quick start
//!
//! ```
//! use sudoku_core::Puzzle;
//! use sudoku_grade::{Level, MarkedGrid, Method, Rater, Technique};
//!
//! let puzzle = Puzzle::classic(
//!     "000000010400000000020000000000050407008000300001090000300400200050100000000806000".parse()?,
//! )?;
//! let rater = Rater::new();
//! let rating = rater.rate(&puzzle)?;
//! assert_eq!(rating.level, Level::Easy);
//! assert_eq!(rating.hardest, Some(Method::A2));
//! assert_eq!(rating.counts.total(), 64);          // one per empty cell
//! // The `grade` example's line: level, score, hardest letter, cells per letter.
//! assert_eq!(rating.summary_line(), "easy\t122\tA2\tA1=43 A2=21 B=0 C=0 D=0 E=0 F=0");
//!
//! // Hints: the rater's own steps, one at a time, each with a sentence.
//! let mut grid = MarkedGrid::new(&puzzle);
//! let step = rater.next_step(&grid)?;
//! assert_eq!(step.technique, Technique::NakedSingle);
//! assert_eq!(step.to_string(), "r7c5 can only be 7: every other digit is ruled out.");
//! grid.play(&step)?;
//!
//! // How long a person takes, in seconds (a model fitted on measured solving times).
//! let time = rater.human_time(&puzzle)?;
//! assert!(time.seconds > 60.0);
//!
//! // A hint from where a player is: their pencil marks, one token per cell.
//! let marks: MarkedGrid = grid.to_string().parse()?;
//! assert_eq!(rater.next_step(&marks)?, rater.next_step(&grid)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`rate`] is the shorthand for a grid under the classic rules of its shape.
//!
//! # What a rating needs
//!
//! A puzzle is rated only if it has exactly one solution: [`Rater::rate`] checks that first
//! and returns [`GradeError::MultipleSolutions`] or [`GradeError::NoSolution`] otherwise.
//! Every call of a [`Rater`] counts its work against a budget ([`Rater::budget`], in
//! [`WorkUnit::RatingWork`] units of about one scan of a 9×9 grid; none by default) and
//! watches a cancel flag ([`Rater::cancel_flag`], for a deadline); past either the call
//! returns [`GradeError::Interrupted`] with `grilles-game`'s [`Interrupted`], never a wrong
//! answer.
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
//! the search for that placement began ([`Method::cost`]). Givens cost nothing. See
//! [`Technique`] for each technique, and [`Technique::UniqueRectangle`]: unique rectangles and
//! BUG+1 assume uniqueness and are applied only once the rater's solver has confirmed that the
//! puzzle has one solution.
//!
//! Every technique works on every shape of `sudoku-core` (4×4 to 25×25) and every variant
//! (extra houses: X diagonals, jigsaw regions, disjoint groups…): houses are generic; fish
//! need rows and columns, which every sudoku has.
//!
//! # Items
//!
//! Every item lives at the crate root.
//!
//! | items | what |
//! |---|---|
//! | [`Method`], [`Level`], [`MethodCounts`], [`grid_score`] | the letters A1…F (base, rank, cost), the three levels, cells per method |
//! | [`Technique`], [`Techniques`] | the named techniques and a set of them to enable |
//! | [`Rater`], [`Rating`], [`Placement`], [`rate`] | rate a puzzle, the next step on a marked grid, a puzzle's solution |
//! | [`Step`], [`CellDigit`], [`ChainElimination`], [`Contradiction`] | a move of the ladder and its sentence |
//! | [`MarkedGrid`], [`MarkedGridError`] | a grid with its pencil marks, stepped by hints, read from text |
//! | [`HumanModel`], [`HumanTime`], [`spearman`] | the estimated solving time of a person, and how it is measured |
//! | [`Calibration`], [`Snapshot`] | the three-snapshot calibration ([`Rater::calibrate`]); graded generation ([`Rater::generate_level`]) |
//! | [`Quality`] | Farid Mita's "good puzzle" check ([`Rater::quality`]: unique, minimal, no guess) |
//! | [`GradeError`] | why a call failed; [`Interrupted`], [`StopReason`], [`WorkUnit`] (from `grilles-game`) for a call stopped by its budget or flag |
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for [`Method`], [`Level`], [`MethodCounts`],
//!   [`Technique`], [`Techniques`], [`Step`], [`CellDigit`], [`ChainElimination`],
//!   [`Contradiction`], [`Placement`], [`Rating`], [`HumanModel`], [`HumanTime`],
//!   [`Calibration`], [`Snapshot`] and [`Quality`] (enables `sudoku-core/serde` for its
//!   grids, cells, shapes and house kinds).

#![cfg_attr(docsrs, feature(doc_cfg))]

mod calibrate;
mod error;
mod human;
mod marked_grid;
mod method;
mod oracle;
mod quality;
mod rater;
mod rules;
mod state;
mod step;
mod technique;

pub use calibrate::{Calibration, Snapshot};
pub use error::GradeError;
pub use human::{HumanModel, HumanTime, spearman};
pub use marked_grid::{MarkedGrid, MarkedGridError};
pub use method::{Level, Method, MethodCounts, ParseMethodError, grid_score};
pub use quality::Quality;
pub use rater::{Placement, Rater, Rating, rate};
pub use step::{CellDigit, ChainElimination, Contradiction, Step};
pub use sudoku_core::{Interrupted, StopReason, WorkUnit};
pub use technique::{Technique, Techniques};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
