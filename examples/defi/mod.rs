//! `defi`: the Défi Sudoku simulator (defi-sudoku). Many seeded games between bots, win rates
//! and mean scores by seat, with and without the rules' handicap; or one game's complete
//! record as JSON.
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
//!   puzzles, and the last line says whether the handicap evens the seats.
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
//! - `--help`: the usage and these options, on stdout.
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
//! progress goes to stderr when it is a terminal. Exit status: 0 on success and for `--help`,
//! 1 when the output cannot be written, 2 on a bad command line (the reason and the usage line
//! on stderr).

use std::io::{self, IsTerminal, Write};

use defi_sudoku::bot::Strategy;
use defi_sudoku::simulate::{BotSpec, HandicapTrial, HandicapVerdict, Simulation, Stats};
use defi_sudoku::{Handicap, Options, Team};
use rayon::prelude::*;

use crate::cli::{self, Arg, CliError, Parser, usage};

/// The usage line printed on a bad command line.
pub const USAGE: &str = "usage: defi --players N --games G --seed S [--handicap on|off] \
[--challenge regular|shortened|express] [--final increasing|status-quo] [--teams] \
[--bots greedy,blocking,search,...] [--record]";

/// The text of `--help`: the usage line, then the options.
pub fn help() -> String {
    format!(
        "{USAGE}
Défi Sudoku simulator: seeded games between bots, win rates and mean scores by seat, with
and without the rules' handicap (the last line says whether it evens the seats).
  --players N        2 to 5 players (required)
  --games G          games per handicap setting (required, except with --record)
  --seed S           the same seed prints the same figures (required)
  --handicap on|off  only that setting (default: both, on the same puzzles)
  --challenge NAME   regular, shortened or express (default regular)
  --final ORDER      increasing or status-quo (default increasing)
  --teams            two against two (4 players: seats 1 and 3 against 2 and 4)
  --bots LIST        greedy, blocking, search, each with an optional :LETTER skill
                     (A1, A2, B, C, D, E, F; default B), repeated to fill the seats
                     (default blocking)
  --record           print game 0's complete record as JSON instead
  -h, --help         this help"
    )
}

/// The command line, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Args {
    /// Number of players.
    pub players: usize,
    /// Games per handicap setting.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// One handicap setting, or both.
    pub handicap: Option<Handicap>,
    /// The options but the handicap.
    pub options: Options,
    /// One bot per seat.
    pub bots: Vec<BotSpec>,
    /// Print one game's record instead.
    pub record: bool,
}

/// The value of option `name`, a whole number: `"{name}: not a number: \"x\""` otherwise.
fn number<T: std::str::FromStr>(parser: &mut Parser, name: &str) -> Result<T, CliError> {
    let v = cli::text(parser, name)?;
    v.parse()
        .map_err(|_| usage(format!("{name}: not a number: {v:?}")))
}

/// The value of option `name`, parsed; the parse error alone as the message.
fn parsed<T>(parser: &mut Parser, name: &str) -> Result<T, CliError>
where
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    cli::text(parser, name)?
        .parse()
        .map_err(|e: T::Err| usage(e.to_string()))
}

/// Reads the command line (without the program name).
pub fn parse(args: &[String]) -> Result<Args, CliError> {
    let mut players = None;
    let mut games = None;
    let mut seed = None;
    let mut handicap = None;
    let mut options = Options::default();
    let mut bots: Vec<BotSpec> = Vec::new();
    let mut record = false;
    let mut p = cli::parser(args);
    while let Some(arg) = p.next().map_err(|e| usage(e.to_string()))? {
        match arg {
            Arg::Long("players") => players = Some(number(&mut p, "--players")?),
            Arg::Long("games") => games = Some(number(&mut p, "--games")?),
            Arg::Long("seed") => seed = Some(number(&mut p, "--seed")?),
            Arg::Long("handicap") => handicap = Some(parsed(&mut p, "--handicap")?),
            Arg::Long("challenge") => options.challenge = parsed(&mut p, "--challenge")?,
            Arg::Long("final") => options.final_order = parsed(&mut p, "--final")?,
            Arg::Long("teams") => options.teams = true,
            Arg::Long("record") => record = true,
            Arg::Long("bots") => {
                bots = cli::text(&mut p, "--bots")?
                    .split(',')
                    .map(|b| b.trim().parse::<BotSpec>())
                    .collect::<Result<_, _>>()
                    .map_err(|e| usage(e.to_string()))?;
            }
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(help())),
            other => return Err(cli::unexpected(other)),
        }
    }
    let players = players.ok_or_else(|| usage("--players is required"))?;
    let seed = seed.ok_or_else(|| usage("--seed is required"))?;
    let games = match (games, record) {
        (Some(g), _) => g,
        (None, true) => 1,
        (None, false) => return Err(usage("--games is required")),
    };
    if bots.is_empty() {
        bots.push(BotSpec::new(Strategy::Blocking));
    }
    if bots.len() > players {
        return Err(usage(format!(
            "--bots lists {} bots for {players} players",
            bots.len()
        )));
    }
    let bots: Vec<BotSpec> = bots.iter().copied().cycle().take(players).collect();
    // Check the setup now, for a clear message.
    Simulation::new(options, bots.clone(), games, seed).map_err(|e| usage(e.to_string()))?;
    Ok(Args {
        players,
        games,
        seed,
        handicap,
        options,
        bots,
        record,
    })
}

/// The example's whole run on the process's arguments: the report on stdout, progress on
/// stderr when it is a terminal; a bad command line's message is followed by the usage line.
pub fn main(args: &[String]) -> Result<(), CliError> {
    let progress = io::stderr().is_terminal();
    let mut out = io::stdout().lock();
    let result = run(args, &mut out, progress);
    out.flush()?;
    result.map_err(|e| match e {
        CliError::Usage(message) => CliError::Usage(format!("{message}\n{USAGE}")),
        other => other,
    })
}

/// Runs the command line, writing the report (or the record) to `out`; progress on stderr
/// when `progress` is set.
pub fn run(args: &[String], out: &mut dyn Write, progress: bool) -> Result<(), CliError> {
    let args = parse(args)?;
    if args.record {
        let options = Options {
            handicap: args.handicap.unwrap_or(Handicap::With),
            ..args.options
        };
        let sim = Simulation::new(options, args.bots.clone(), 1, args.seed)
            .map_err(|e| usage(e.to_string()))?;
        let record = sim.play(0).record();
        serde_json::to_writer_pretty(&mut *out, &record).map_err(io::Error::other)?;
        writeln!(out)?;
        return Ok(());
    }
    let bot_names: Vec<String> = args.bots.iter().map(ToString::to_string).collect();
    writeln!(
        out,
        "Défi Sudoku simulator: {} players, {} games, seed {}",
        args.players, args.games, args.seed
    )?;
    writeln!(
        out,
        "options: challenge {}, final {}, teams {}, chrono off",
        args.options.challenge,
        args.options.final_order,
        if args.options.teams { "on" } else { "off" }
    )?;
    writeln!(out, "bots: {}", bot_names.join(", "))?;
    let settings = match args.handicap {
        Some(h) => vec![h],
        None => vec![Handicap::With, Handicap::Without],
    };
    let mut verdicts = Vec::new();
    for handicap in settings {
        let options = Options {
            handicap,
            ..args.options
        };
        let sim = Simulation::new(options, args.bots.clone(), args.games, args.seed)
            .map_err(|e| usage(e.to_string()))?;
        let stats = play_all(&sim, progress, handicap);
        writeln!(out)?;
        writeln!(out, "handicap {handicap}")?;
        write_table(out, &stats, &bot_names, args.options.teams)?;
        verdicts.push((handicap, stats));
    }
    if let [(_, with), (_, without)] = verdicts.as_slice() {
        let trial = HandicapTrial {
            with: with.clone(),
            without: without.clone(),
            teams: args.options.teams,
        };
        writeln!(out)?;
        writeln!(
            out,
            "{}: win-rate spread {:.2} points with it, {:.2} without",
            verdict_sentence(&trial),
            100.0 * with.spread(),
            100.0 * without.spread()
        )?;
    }
    Ok(())
}

/// `the seed's handicap evens the seats`, `… (they already look even without it)`, or
/// `the seed's handicap does not even the seats (seat 1 wins most)` (teams: `team A`).
pub fn verdict_sentence(trial: &HandicapTrial) -> String {
    let what = if trial.teams { "teams" } else { "seats" };
    match trial.verdict() {
        HandicapVerdict::Evens => format!("the seed's handicap evens the {what}"),
        HandicapVerdict::AlreadyEven => {
            format!("the seed's handicap evens the {what} (they already look even without it)")
        }
        HandicapVerdict::Uneven { favoured } => {
            let who = if trial.teams {
                format!("team {}", Team::of_seat(favoured))
            } else {
                format!("seat {}", favoured + 1)
            };
            format!("the seed's handicap does not even the {what} ({who} wins most)")
        }
        _ => format!("the seed's handicap: {:?}", trial.verdict()),
    }
}

/// Whether the seats (or, in a team game, the teams) look even.
fn even(stats: &Stats, teams: bool) -> bool {
    if teams {
        stats.look_even_among(&[0, 1])
    } else {
        stats.seats_look_even()
    }
}

/// Plays every game of `sim` on every core.
fn play_all(sim: &Simulation, progress: bool, handicap: Handicap) -> Stats {
    let total = sim.games();
    let what = match handicap {
        Handicap::With => "games, handicap on",
        Handicap::Without => "games, handicap off",
    };
    let shown = cli::Progress::with_display(usize::try_from(total).unwrap_or(0), what, progress);
    let seats = sim.bots().len();
    let stats = (0..total)
        .into_par_iter()
        .fold(
            || Stats::new(seats),
            |mut stats, i| {
                stats.add(&sim.result(i));
                shown.add(1);
                stats
            },
        )
        .reduce(|| Stats::new(seats), Stats::merge);
    shown.finish();
    stats
}

fn write_table(out: &mut dyn Write, stats: &Stats, bots: &[String], teams: bool) -> io::Result<()> {
    writeln!(out, "seat  bot          win rate  mean score")?;
    for (seat, bot) in bots.iter().enumerate() {
        writeln!(
            out,
            "{:>4}  {:<11} {:>8.2}%  {:>10.2}",
            seat + 1,
            bot,
            100.0 * stats.win_rate(seat),
            stats.mean_score(seat)
        )?;
    }
    if teams {
        for team in [Team::A, Team::B] {
            let seats: Vec<usize> = (0..bots.len())
                .filter(|&s| Team::of_seat(s) == team)
                .collect();
            let mean: f64 = seats.iter().map(|&s| stats.mean_score(s)).sum();
            writeln!(
                out,
                "team {team} (seats {}): win rate {:.2}%, mean total {:.2}",
                seats
                    .iter()
                    .map(|s| (s + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(" and "),
                100.0 * stats.win_rate(seats[0]),
                mean
            )?;
        }
        writeln!(
            out,
            "chi-square {:.2} (1 df, 5% critical 3.841): the teams {}",
            stats.chi_square_among(&[0, 1]),
            if even(stats, true) {
                "look even"
            } else {
                "are not even"
            }
        )?;
    } else {
        let df = bots.len() - 1;
        let critical = [3.841, 5.991, 7.815, 9.488][df - 1];
        writeln!(
            out,
            "chi-square {:.2} ({df} df, 5% critical {critical}): the seats {}",
            stats.chi_square(),
            if stats.seats_look_even() {
                "look even"
            } else {
                "are not even"
            }
        )?;
    }
    Ok(())
}
