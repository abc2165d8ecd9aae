//! Défi Sudoku simulator: many seeded games between bots, win rates and mean scores by seat,
//! with and without the seed's handicap; or one game's complete record as JSON.
//!
//! ```text
//! cargo run --release --example defi -- --players N --games G --seed S
//!     [--handicap on|off] [--challenge regular|shortened|express]
//!     [--final increasing|status-quo] [--teams] [--bots greedy,blocking,search,…] [--record]
//! ```
//!
//! - `--players N`: 2 to 5 players (required).
//! - `--games G`: the number of games per handicap setting (required, except with `--record`).
//! - `--seed S`: game `i` is played on the puzzle generated from `game_seed(S, i)` by bots
//!   seeded from it, so the same command prints the same figures (required).
//! - `--handicap on|off`: only that setting; without the flag both are played, on the same
//!   puzzles, and the last line says whether the seed's handicap evens the seats.
//! - `--challenge`, `--final`: the options (defaults: regular, increasing). `--teams`: two
//!   against two (needs 4 players; seats 1 and 3 are team A, seats 2 and 4 team B).
//! - `--bots`: a comma-separated list of `greedy`, `blocking` or `search`, each optionally
//!   followed by `:LETTER`, the last technique the bot masters (A1, A2, B, C, D, E, F; default
//!   B). The list is repeated to fill the seats; the default is `blocking` at every seat.
//! - `--record`: plays game 0 (handicap on unless `--handicap off`) and prints its record as
//!   JSON instead: `"puzzle"` and `"solution"` (81-char strings, `.` for empty cells),
//!   `"options"`, `"players"` (names in the initial order), `"turns"` (a list of `{"round",
//!   "player", "quota", "entries": [{"cell" (0-80 row-major), "digit", "correct", "points"}],
//!   "bonus", "handicap", "absent_bonus"}`), `"scores"` (totals by player index),
//!   `"team_scores"` and `"winners"`.
//!
//! Output without `--record`, for each handicap setting, a table:
//!
//! ```text
//! handicap on
//! seat  bot          win rate  mean score
//!    1  blocking:B     27.10%      201.43
//!    …
//! chi-square 3.52 (2 df, 5% critical 5.99): the seats look even
//! ```
//!
//! (with `--teams`, a line per team and the teams' chi-square instead). The chi-square test
//! says whether the differences in win rates are within chance at 5%; with both handicap
//! settings a last line gives the verdict of `HandicapTrial::verdict` and the spread of win
//! rates with and without the handicap:
//!
//! ```text
//! the seed's handicap evens the seats: win-rate spread 4.00 points with it, 31.00 without
//! the seed's handicap evens the seats (they already look even without it): win-rate spread …
//! the seed's handicap does not even the seats (seat 1 wins most): win-rate spread …
//! ```
//!
//! ("teams" and "team A"/"team B" with `--teams`). Games are played on every core;
//! progress goes to stderr when it is a terminal. Exit status 2 on a bad command line.

mod cli;

use std::io::{IsTerminal, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let progress = std::io::stderr().is_terminal();
    let mut out = std::io::stdout().lock();
    match cli::run(&args, &mut out, progress) {
        Ok(()) => ExitCode::SUCCESS,
        Err(cli::CliError::Usage(message)) => {
            let _ = out.flush();
            eprintln!("defi: {message}\n{}", cli::USAGE);
            ExitCode::from(2)
        }
        Err(cli::CliError::Io(e)) => {
            eprintln!("defi: {e}");
            ExitCode::FAILURE
        }
    }
}
