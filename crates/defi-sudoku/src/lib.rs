//! Défi Sudoku: the competitive sudoku game for 2 to 5 players — turn quotas, face-value
//! scoring, completion bonuses, handicaps, the final round, two against two, the chrono —
//! with computer players that enter what their techniques deduce (guessing, sometimes wrongly,
//! only when these find nothing), and a simulator that measures whether the handicap evens
//! the seats.
//!
//! # Quick start
//!
//! ```
//! use defi_sudoku::bot::{self, Bot, GreedyBot, play_out};
//! use defi_sudoku::{Entry, Game, Options, PlayError, SolvedPuzzle};
//! use rand::SeedableRng;
//! use sudoku_core::Cell;
//!
//! // The puzzle: a unique solution (here generated from a seeded generator).
//! let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(2024);
//! let puzzle = SolvedPuzzle::generate(&mut rng);
//! let mut game = Game::new(puzzle, ["Ann", "Bob", "Eve"], Options::default())?;
//!
//! // Round 1 of the regular challenge: one digit each. Ann is to move.
//! assert_eq!((game.round(), game.to_act(), game.digits_left()), (1, vec![0], 1));
//! let refused = game.play(Entry::new(1, Cell::new(0), 5)).unwrap_err();
//! assert!(matches!(refused, PlayError::NotYourTurn { player: 1, to_move: 0, .. }));
//! assert_eq!(refused.to_string(), "Bob cannot play: it is Ann's turn");
//!
//! // Computer players of any kinds see the grid, never the solution.
//! let mut table: Vec<Box<dyn Bot>> = vec![
//!     Box::new(GreedyBot::new()),
//!     bot::by_name("blocking").unwrap(),
//!     bot::by_name("search").unwrap(),
//! ];
//! play_out(&mut game, &mut table, &mut rng)?;
//! assert!(game.is_over());
//!
//! // Every point comes from a face value, a completion bonus, a handicap or an absence.
//! let totals = game.totals();
//! let sheets = game.sheets();
//! assert_eq!(sheets[1].handicap, 4);
//! assert_eq!(totals[2], sheets[2].face + sheets[2].bonus + 6 + sheets[2].absent);
//!
//! // The record replays to the same game.
//! assert_eq!(game.record().replay()?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Cells, grids and houses
//!
//! The vocabulary is sudoku-core's (re-exported as [`sudoku_core`], and sudoku-grade's
//! technique letters as [`sudoku_grade`]): a cell is a
//! [`Cell`](sudoku_core::Cell) (its row-major index 0–80, a number in JSON), a position a
//! [`Grid`](sudoku_core::Grid), a house a [`HouseKind`](sudoku_core::HouseKind) (`row 4`,
//! `column 2`, `box 5` for people), and text sudoku-core's one-line format.
//!
//! # Playing, checking, undoing
//!
//! An [`Entry`] (player, cell, value) is the game's move. [`Game::play`] takes `&mut self` and
//! returns an [`EntryReport`] (what the entry scored and completed) or a [`PlayError`] (which
//! names players by name and cells as `r1c2`); on error the game is unchanged.
//! [`Game::check`] and [`Game::is_legal`] test an entry without playing it,
//! [`Game::legal_moves`] lists them, [`Game::to_act`] says who is to move and
//! [`Game::is_over`] whether the grid is full, and [`Game::undo`] takes the last entry back.
//! These are the methods of the workspace's one state shape, [`grilles_game::GameState`],
//! which `Game` implements, so code written once for every game (`perft`, `check_shape`,
//! environments) plays it too.
//!
//! # Saving and restoring a game
//!
//! A game is saved as its [`Record`] ([`Game::record`]): the puzzle and its solution, the
//! options, the players and every entry, with the points each turn brought. [`Record::replay`]
//! rebuilds the game from it, entry by entry, and checks that every figure comes out the same,
//! so a stored game cannot be edited into an inconsistent state. With the `serde` feature a
//! [`Game`] serializes as its record and deserializing replays it: `serde_json::to_string(&game)`
//! and `serde_json::from_str::<Game>(&text)` give back an equal game, in progress or over.
//!
//! ```
//! use defi_sudoku::{Entry, Game, Options, SolvedPuzzle};
//! use sudoku_core::Cell;
//!
//! let puzzle: SolvedPuzzle =
//!     "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let mut game = Game::with_player_count(puzzle, 2, Options::default())?;
//! game.play(Entry::new(0, Cell::new(1), 1))?; // right or wrong, it is recorded
//! let saved = game.record();
//! let restored = saved.replay()?;
//! assert_eq!(restored, game);
//! assert_eq!(restored.to_act(), [1]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules
//!
//! They are those of "La jeune histoire du Défi Sudoku en famille ou entre amis"; [`Game`]
//! restates every rule, [`Options`] the options and their defaults. Two points the rules
//! leave open are settled here:
//! - with the chrono, a late entry is still placed (and corrected if wrong) and uses its digit,
//!   but scores nothing, so the final round stays the one anticipated ([`Chrono`]);
//! - in a two-against-two game the final round keeps the order A, B, A, B (team-mates never
//!   play one after the other, across the round boundary too: normal rounds end with a B
//!   player); Increasing orders each team's two players by score, lowest first.
//!
//! # Handicaps and the chrono, for computer players
//!
//! The rules' handicap (+4, +6, +8, +10 for players #2–#5) is meant to even the seats. The
//! simulator shows that for equal computer players it does not (the first player still wins
//! most with 2 or 3 players, the last seats win most with 4): [`Handicap::Balanced`] plays
//! instead the points of the [`balanced`] table, found by a seeded search so that equal
//! players win equally often from every seat. It evens the seats, not the players: a stronger
//! player still wins most.
//!
//! Computer players also say how long they think before each entry ([`ThinkingTime`]: the
//! effort sudoku-grade counts for the cell, at the player's speed), so games with the chrono
//! can be simulated, and their records keep every entry's time.
//!
//! # Input from strangers: limits and long calls
//!
//! A server may read records, options and puzzles from its clients. Every reader has a
//! written limit and refuses more with a typed error: a record's JSON text
//! ([`Record::MAX_TEXT_LEN`], for callers that read one), its turns ([`Record::MAX_TURNS`]),
//! entries per turn ([`TurnRecord::MAX_ENTRIES`]), puzzle lines ([`Record::MAX_LINE_LEN`])
//! and players ([`Game::MAX_PLAYERS`]), all enforced by serde as it reads and by
//! [`Record::replay`] ([`ReplayError::TooLarge`]); names ([`Game::MAX_NAME_LEN`]), handicap
//! points ([`Handicap::MAX_POINTS`]) and the chrono's limit ([`Chrono::MAX_LIMIT`]) in
//! [`SetupError`]; option texts ([`Options::MAX_TEXT_LEN`]), whose errors quote only an
//! excerpt.
//!
//! Every call on one game is cheap by construction, since the grid is always 9×9: a game has
//! at most 81 entries (each fills a cell), so [`Record::replay`] plays at most 81 after one
//! uniqueness check of the puzzle; a bot's decision looks at no more than 2,024 plans with a
//! look-ahead of at most 49 × 4 greedy replies, after a deduction on a 9×9 grid with a step
//! budget; [`deduce()`] and [`explain()`] answer nothing on other sizes and have step budgets
//! on 9×9 ones. The one call that grows with its input is a simulation (its number of games):
//! [`Simulation::budget`](simulate::Simulation::budget) (in bot decisions) and
//! [`Simulation::cancel_flag`](simulate::Simulation::cancel_flag) bound
//! [`Simulation::try_run`](simulate::Simulation::try_run), which stops with
//! [`grilles_game::Interrupted`] (re-exported by sudoku-core as `sudoku_core::Interrupted`).
//!
//! # Types and namespaces
//!
//! | where | holds |
//! |---|---|
//! | the root | [`Game`], [`Entry`], [`EntryReport`], [`PlayError`], [`View`]: the state machine; [`SolvedPuzzle`]; [`Options`] with [`Challenge`], [`Handicap`], [`Chrono`], [`FinalOrder`]; [`SetupError`]; [`ScoreSheet`], [`Team`]; [`Record`], [`TurnRecord`], [`EntryRecord`], [`ReplayError`]; [`TimedGame`] and its [`Clock`]s; [`deduce()`] and [`Knowledge`]; [`explain()`] and [`Explanation`]; [`ThinkingTime`] |
//! | [`bot`] | computer players: the [`Bot`](bot::Bot) trait, [`GreedyBot`](bot::GreedyBot), [`BlockingBot`](bot::BlockingBot), [`SearchBot`](bot::SearchBot), [`NAMES`](bot::NAMES), [`by_name`](bot::by_name), [`play_out`](bot::play_out) |
//! | [`simulate`] | [`Simulation`](simulate::Simulation), [`Stats`](simulate::Stats), [`HandicapTrial`](simulate::HandicapTrial): does the handicap even the seats? |
//! | [`balanced`] | the balanced handicap's table: the points that even the seats for equal players |
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for every data type: options, solved puzzles (two
//!   81-character lines, checked when read), games (as their record, read back by replaying
//!   it), records, turns, entries and reports, score sheets, what a player deduces,
//!   explanations, bot specs, simulations and their figures.
//! - `rayon`: `Simulation::run_par` and `Simulation::try_run_par` play the games on every
//!   core.

#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod balanced;
pub mod bot;
mod clock;
mod deduce;
mod explain;
mod game;
mod houses;
mod options;
mod record;
mod scoring;
mod setup;
pub mod simulate;
mod solved_puzzle;
mod thinking;
mod view;

pub use clock::{Clock, ManualClock, SystemClock, TimedGame};
pub use deduce::{Knowledge, deduce};
pub use explain::{ExplainError, Explanation, explain};
pub use game::{Entry, EntryReport, Game, PlayError};
pub use options::{Challenge, Chrono, FinalOrder, Handicap, Options, ParseOptionError};
pub use record::{EntryRecord, Record, ReplayError, TurnRecord};
pub use scoring::{ScoreSheet, Team};
pub use setup::SetupError;
pub use solved_puzzle::{SolvedPuzzle, SolvedPuzzleError};
/// The sudoku vocabulary this crate plays with (cells, grids, houses), re-exported so that
/// its version always matches.
pub use sudoku_core;
/// The rater whose technique letters ([`Method`](sudoku_grade::Method)) the computer players
/// master, re-exported so that its version always matches.
pub use sudoku_grade;
pub use thinking::ThinkingTime;
pub use view::View;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
