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
//! use sudoku_grade::{Level, Method, Position, Rater, Technique};
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
//! let mut position = Position::new(&puzzle);
//! let step = rater.next_step(&position)?;
//! assert_eq!(step.technique, Technique::NakedSingle);
//! assert_eq!(step.to_string(), "r7c5 can only be 7: every other digit is ruled out.");
//! position.play(&step)?;
//!
//! // How long a person takes, in seconds (a model fitted on measured solving times).
//! let time = rater.human_time(&puzzle)?;
//! assert!(time.seconds > 60.0);
//!
//! // A hint from where a player is: their pencil marks, one token per cell.
//! let marks: Position = position.to_string().parse()?;
//! assert_eq!(rater.next_step(&marks)?, rater.next_step(&position)?);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! [`rate`] is the shorthand for a grid under the classic rules of its shape.
//!
//! # What a rating needs
//!
//! A puzzle is rated only if it has exactly one solution: [`Rater::rate`] checks that first
//! and returns [`GradeError::MultipleSolutions`] or [`GradeError::NoSolution`] otherwise.
//! Every call takes a work budget ([`Rater::budget`], in steady units of about one scan of a
//! 9×9 grid, about a microsecond; none by default) and a cancel flag
//! ([`Rater::cancel_flag`], for a deadline); past either the call returns
//! [`GradeError::Interrupted`], never a wrong answer.
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
//! | [`step`] | [`Step`] (a move and its sentence), [`Candidate`], [`Contradiction`] |
//! | [`rater`] | [`Rater`] (rate a puzzle, the next step on a position), [`Rating`], [`Placement`], [`GradeError`], [`rate`] |
//! | [`position`] | [`Position`]: a grid with its pencil marks, stepped by hints, read from text ([`PositionError`]) |
//! | [`human`] | [`HumanModel`], [`HumanTime`]: the estimated solving time of a person |
//! | [`calibrate`] | the three-snapshot calibration, generation at a requested level |
//! | [`quality`] | Farid Mita's "good puzzle" check (unique, minimal, no guess) |
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for [`Method`], [`Level`], [`MethodCounts`],
//!   [`Technique`], [`Techniques`], [`Step`], [`Candidate`], [`ChainElimination`],
//!   [`Contradiction`], [`Placement`], [`Rating`], [`HumanModel`], [`HumanTime`],
//!   [`calibrate::Calibration`], [`calibrate::Snapshot`] and [`quality::Quality`] (enables
//!   `sudoku-core/serde` for its grids, cells, shapes and house kinds).

pub mod calibrate;
pub mod human;
pub mod method;
mod oracle;
pub mod position;
pub mod quality;
pub mod rater;
mod rules;
mod state;
pub mod step;
pub mod technique;

pub use human::{HumanModel, HumanTime};
pub use method::{Level, Method, MethodCounts, ParseMethodError};
pub use position::{Position, PositionError};
pub use rater::{GradeError, Placement, Rater, Rating, rate};
pub use step::{Candidate, ChainElimination, Contradiction, Step};
pub use technique::{Technique, Techniques};

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
