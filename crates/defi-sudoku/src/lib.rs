//! Défi Sudoku: the competitive sudoku game for 2 to 5 players — turn quotas, face-value
//! scoring, completion bonuses, handicaps, the final round, two against two, the chrono —
//! with computer players that only enter what they can deduce, and a simulator that measures
//! whether the handicap evens the seats.
//!
//! # Quick start
//!
//! ```
//! use defi_sudoku::{Entry, Game, Options, PlayError, SolvedPuzzle};
//! use defi_sudoku::bot::{Bot, Player, Strategy};
//! use rand::SeedableRng;
//! use rand_pcg::Pcg64Mcg;
//! use sudoku_core::Cell;
//!
//! // The puzzle: a unique solution (here generated from a seeded generator).
//! let puzzle = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(2024));
//! let mut game = Game::new(puzzle, ["Ann", "Bob", "Eve"], Options::default())?;
//!
//! // Round 1 of the regular challenge: one digit each. Ann is to move.
//! assert_eq!((game.round(), game.to_move(), game.digits_left()), (1, Some(0), 1));
//! assert_eq!(
//!     game.play(Entry::new(1, Cell::new(0), 5)),
//!     Err(PlayError::NotYourTurn { player: 1, to_move: 0 })
//! );
//!
//! // Computer players see the grid, never the solution.
//! let mut bots = [Strategy::Greedy, Strategy::Blocking, Strategy::Search]
//!     .map(|strategy| Bot::new(strategy, Pcg64Mcg::seed_from_u64(strategy as u64)));
//! while let Some(player) = game.to_move() {
//!     let entry = bots[player].choose(&game.view());
//!     game.play(entry)?;
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
//! # Cells, grids and houses
//!
//! The vocabulary is sudoku-core's (re-exported as [`sudoku_core`]): a cell is a
//! [`Cell`](sudoku_core::Cell) (its row-major index 0–80, a number in JSON), a position a
//! [`Grid`](sudoku_core::Grid), a house a [`HouseKind`](sudoku_core::HouseKind) (`row 4`,
//! `column 2`, `box 5` for people), and text sudoku-core's one-line format.
//!
//! # Playing, checking, undoing
//!
//! An [`Entry`] (player, cell, digit) is the game's move. [`Game::play`] takes `&mut self` and
//! returns an [`EntryReport`] (what the entry scored and completed) or a [`PlayError`]; on
//! error the game is unchanged. [`Game::check`] and [`Game::is_legal`] test an entry without
//! playing it, [`Game::legal_moves`] lists them, and [`Game::undo`] takes the last one back.
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
//! assert_eq!(restored.to_move(), Some(1));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules
//!
//! They are those of "La jeune histoire du Défi Sudoku en famille ou entre amis"; [`game`]
//! restates every rule next to the code that applies it, [`options`] the options and their
//! defaults. Two points the rules leave open are settled here:
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
//! Computer players also say how long they think before each entry ([`thinking`]: the
//! effort sudoku-grade counts for the cell, at the player's speed), so games with the chrono
//! can be simulated, and their records keep every entry's time.
//!
//! # Input from strangers: limits and long calls
//!
//! A server may read records, options and puzzles from its clients. Every reader has a
//! written limit and refuses more with a typed error: a record's JSON text
//! ([`record::MAX_RECORD_BYTES`], for callers that read one), its turns
//! ([`record::MAX_TURNS`]), entries per turn ([`record::MAX_ENTRIES`]), puzzle lines
//! ([`record::MAX_LINE_BYTES`]) and players, all enforced by serde as it reads and by
//! [`Record::replay`] ([`ReplayError::TooLarge`]); names ([`setup::MAX_NAME_BYTES`]), handicap
//! points ([`setup::MAX_HANDICAP_POINTS`]) and the chrono's limit ([`setup::MAX_TIME_LIMIT`])
//! in [`SetupError`]; option texts ([`options::MAX_OPTION_TEXT`]), whose errors quote only an
//! excerpt.
//!
//! Every call on one game is cheap by construction, since the grid is always 9×9: a game has
//! at most 81 entries (each fills a cell), so [`Record::replay`] plays at most 81 after one
//! uniqueness check of the puzzle; a bot's decision looks at no more than 2,024 plans with a
//! look-ahead of at most 49 × 4 greedy replies, after a deduction on a 9×9 grid with a step
//! budget; [`deduce::deduce`] and [`explain::explain`] answer nothing on other sizes and have
//! step budgets on 9×9 ones. The one call that grows with its input is a simulation (its
//! number of games): [`Simulation::budget`](simulate::Simulation::budget) (in bot decisions)
//! and [`Simulation::cancel_flag`](simulate::Simulation::cancel_flag) bound
//! [`Simulation::try_run`](simulate::Simulation::try_run), which stops with
//! [`sudoku_core::Interrupted`].
//!
//! # Modules
//!
//! | module | holds |
//! |---|---|
//! | [`solved_puzzle`] | [`SolvedPuzzle`] (a 9×9 puzzle with its unique solution), [`SolvedPuzzleError`] |
//! | [`options`] | [`Options`]: [`Challenge`], [`Handicap`], [`Chrono`], teams, [`FinalOrder`] |
//! | [`balanced`] | the balanced handicap's table: the points that even the seats for equal players |
//! | [`setup`] | player count and option checks, [`SetupError`] |
//! | [`game`] | [`Game`], [`Entry`], [`EntryReport`], [`PlayError`]: the state machine |
//! | [`scoring`] | [`ScoreSheet`], [`Team`], the bonus constants |
//! | [`record`] | [`Record`] (serde), [`TurnRecord`], [`EntryRecord`], replay |
//! | [`clock`] | [`Clock`], [`SystemClock`], [`ManualClock`], [`TimedGame`] |
//! | [`view`] | [`View`]: what a player sees (no solution) |
//! | [`deduce`] | what a player can deduce with its techniques (sudoku-grade's ladder) |
//! | [`explain`] | "why is this entry right?": [`Explanation`] in sudoku-grade's steps |
//! | [`bot`] | computer players: greedy, blocking, search |
//! | [`thinking`] | how long a computer player thinks before an entry (for the chrono) |
//! | [`simulate`] | [`Simulation`](simulate::Simulation), [`Stats`](simulate::Stats), [`HandicapTrial`](simulate::HandicapTrial): does the handicap even the seats? |
//!
//! # Feature flags
//!
//! - `serde`: `Serialize`/`Deserialize` for every data type: options, solved puzzles (two
//!   81-character lines, checked when read), games (as their record, read back by replaying
//!   it), records, turns, entries and reports, score sheets, what a player deduces,
//!   explanations, bot specs, simulations and their figures.
//! - `rayon`: [`Simulation::run_par`](simulate::Simulation::run_par) and
//!   [`Simulation::try_run_par`](simulate::Simulation::try_run_par) play the games on every
//!   core.

#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod balanced;
pub mod bot;
pub mod clock;
pub mod deduce;
pub mod explain;
pub mod game;
mod houses;
pub mod options;
pub mod record;
pub mod scoring;
pub mod setup;
pub mod simulate;
pub mod solved_puzzle;
pub mod thinking;
pub mod view;

pub use bot::play_out;
pub use clock::{Clock, ManualClock, SystemClock, TimedGame};
pub use explain::{ExplainError, Explanation};
pub use game::{Entry, EntryReport, Game, PlayError};
pub use options::{Challenge, Chrono, FinalOrder, Handicap, Options, ParseOptionError};
pub use record::{EntryRecord, Record, ReplayError, TurnRecord};
pub use scoring::{ScoreSheet, Team};
pub use setup::SetupError;
pub use solved_puzzle::{SolvedPuzzle, SolvedPuzzleError};
/// The sudoku vocabulary this crate plays with (cells, grids, houses), re-exported so that
/// its version always matches.
pub use sudoku_core;
pub use view::View;

#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
