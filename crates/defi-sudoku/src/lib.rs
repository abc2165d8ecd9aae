//! Défi Sudoku: the competitive sudoku game for 2 to 5 players — turn quotas, face-value
//! scoring, completion bonuses, handicaps, the final round, two against two, the chrono —
//! with computer players that only enter what they can deduce, and a simulator that measures
//! whether the handicap evens the seats.
//!
//! # Quick start
//!
//! ```
//! use defi_sudoku::{Board, Entry, Game, Options, PlayError};
//! use defi_sudoku::bot::{Bot, Player, Strategy};
//!
//! // A board: a puzzle with a unique solution (here generated from a seed).
//! let board = Board::generate(2024);
//! let mut game = Game::new(board, ["Ann", "Bob", "Eve"], Options::default())?;
//!
//! // Round 1 of the regular challenge: one digit each. Ann is to move.
//! assert_eq!((game.round(), game.to_move(), game.digits_left()), (1, Some(0), 1));
//! assert_eq!(game.play(Entry::new(1, 0, 5)), Err(PlayError::NotYourTurn { player: 1, to_move: 0 }));
//!
//! // Computer players see the grid, never the solution.
//! let mut bots = [
//!     Bot::new(Strategy::Greedy, 1),
//!     Bot::new(Strategy::Blocking, 2),
//!     Bot::new(Strategy::Search, 3),
//! ];
//! while let Some(player) = game.to_move() {
//!     let entry = bots[player].choose(&game.view());
//!     game.play(entry).expect("bots play legal entries");
//! }
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
//! # Playing, checking, undoing
//!
//! [`Game::play`] takes `&mut self` and returns an [`EntryReport`] (what the entry scored and
//! completed) or a [`PlayError`]; on error the game is unchanged. This differs from
//! shakmaty's by-value `play(self, m) -> Result<Self, PlayError<Self>>` on purpose: a game owns
//! its record (every turn so far), so moving it through each entry would buy nothing, while the
//! report is what a front end shows after each digit. [`Game::check`] and [`Game::is_legal`]
//! test an entry without playing it, [`Game::legal_entries`] lists them; to try an entry and
//! go back (as a search does), clone the game.
//!
//! # Saving and restoring a game
//!
//! A game is saved as its [`Record`] ([`Game::record`]): the board, the options, the players
//! and every entry, with the points each turn brought. [`Record::replay`] rebuilds the game
//! from it, entry by entry, and checks that every figure comes out the same, so a stored
//! game cannot be edited into an inconsistent state. With the `serde` feature a [`Game`]
//! serializes as its record and deserializing replays it: `serde_json::to_string(&game)` and
//! `serde_json::from_str::<Game>(&text)` give back an equal game, in progress or over.
//!
//! ```
//! use defi_sudoku::{Board, Entry, Game, Options};
//! let mut game = Game::with_player_count(Board::generate(6), 2, Options::default())?;
//! let cell = game.cells().iter().position(|&d| d == 0).unwrap() as u8;
//! game.play(Entry::new(0, cell, 1)).unwrap(); // right or wrong, it is recorded
//! let saved = game.record();
//! let restored = saved.replay()?;
//! assert_eq!(restored, game);
//! assert_eq!(restored.to_move(), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules
//!
//! Seed 003 ("Défi Sudoku en famille ou entre amis") as `shared/spec/defi-sudoku.md` settles
//! it; [`game`] restates every rule next to the code that applies it, [`options`] the
//! options and their defaults. Two points the spec leaves open are settled here:
//! - with the chrono, a late entry is still placed (and corrected if wrong) and uses its digit,
//!   but scores nothing, so the final round stays the one anticipated ([`Chrono`]);
//! - in a two-against-two game the final round keeps the order A, B, A, B (team-mates never
//!   play one after the other, across the round boundary too: normal rounds end with a B
//!   player); Increasing orders each team's two players by score, lowest first.
//!
//! # Modules
//!
//! | module | holds |
//! |---|---|
//! | [`board`] | [`Board`] (puzzle + unique solution), cells, [`House`]s, [`BoardError`] |
//! | [`options`] | [`Options`]: [`Challenge`], [`Handicap`], [`Chrono`], teams, [`FinalOrder`] |
//! | [`setup`] | player count and option checks, [`SetupError`] |
//! | [`game`] | [`Game`], [`Entry`], [`EntryReport`], [`PlayError`]: the state machine |
//! | [`scoring`] | [`ScoreSheet`], [`Team`], the bonus constants |
//! | [`record`] | [`Record`] (serde), [`TurnRecord`], [`EntryRecord`], replay |
//! | [`clock`] | [`Clock`], [`SystemClock`], [`ManualClock`], [`TimedGame`] |
//! | [`view`] | [`View`]: what a player sees (no solution) |
//! | [`deduce`] | what a player can deduce with its techniques (sudoku-grade's ladder) |
//! | [`explain`] | "why is this entry right?": [`Explanation`] in sudoku-grade's steps |
//! | [`bot`] | computer players: greedy, blocking, search |
//! | [`simulate`] | [`Simulation`](simulate::Simulation), [`Stats`](simulate::Stats), [`HandicapTrial`](simulate::HandicapTrial): does the handicap even the seats? |
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for every data type: options, boards (two 81-character
//!   lines, checked when read), games (as their record, read back by replaying it), records,
//!   turns, entries and reports, score sheets, explanations, bot specs, simulations and their
//!   figures.
//! - `rayon`: [`Simulation::run_par`](simulate::Simulation::run_par) plays the games on every
//!   core.

pub mod board;
pub mod bot;
pub mod clock;
pub mod deduce;
pub mod explain;
pub mod game;
pub mod options;
pub mod record;
pub mod scoring;
pub mod setup;
pub mod simulate;
mod source;
pub mod view;

pub use board::{Board, BoardError, Cells, House};
pub use bot::play_out;
pub use clock::{Clock, ManualClock, SystemClock, TimedGame};
pub use explain::{ExplainError, Explanation};
pub use game::{Entry, EntryReport, Game, PlayError};
pub use options::{Challenge, Chrono, FinalOrder, Handicap, Options, ParseOptionError};
pub use record::{EntryRecord, Record, ReplayError, TurnRecord};
pub use scoring::{ScoreSheet, Team};
pub use setup::SetupError;
pub use view::View;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
