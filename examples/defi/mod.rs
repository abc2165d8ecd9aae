//! `defi`: the Défi Sudoku simulator (defi-sudoku). Many seeded games between bots, win rates
//! and mean scores by seat, with the rules' handicap, without it, or with the balanced one;
//! one game's complete record as JSON; or, for a recorded game, why every entry is right.
//!
//! ```text
//! cargo run --release --example defi -- --players N --games G --seed S
//!     [--handicap on|off] [--challenge regular|shortened|express]
//!     [--final increasing|status-quo] [--teams] [--bots greedy,blocking,search,…] [--record]
//!     [--handicap balanced] [--chrono SECONDS] [--json]
//!     [--timeout SECONDS]
//! cargo run --release --example defi -- --explain FILE|- [--timeout SECONDS]
//! cargo run --release --example defi -- --ladder --bots B,B[,…] [--players N] [--games G]
//!     [--seed S] [--anchor B] [--handicap on|off|balanced] [--json] [--timeout SECONDS]
//! ```
//!
//! - `--players N`: 2 to 5 players (required).
//! - `--games G`: the number of games per handicap setting, at least 1 (required, except with
//!   `--record`, which plays one game).
//! - `--seed S`: game `i` is played on the puzzle generated from `game_seed(S, i)` by bots
//!   seeded from it, so the same command prints the same figures (required).
//! - `--handicap on|off|balanced`: only that setting (`on`: the rules' +4, +6, +8, +10;
//!   `balanced`: the points of `defi_sudoku::balanced`, which even the seats for equal bots);
//!   without the flag `on` and `off` are played, on the same puzzles, and the last line says
//!   whether the rules' handicap evens the seats.
//! - `--challenge`, `--final`: the options (defaults: regular, increasing). `--teams`: two
//!   against two (needs 4 players; seats 1 and 3 are team A, seats 2 and 4 team B).
//! - `--bots`: a comma-separated list of `greedy`, `blocking` or `search`, each optionally
//!   followed by `:LETTER`, the last technique the bot masters (A1, A2, B, C, D, E, F; default
//!   B), and by `@SPEED`, its thinking speed in percent of the reference player's (default
//!   100; it matters with the chrono only). The list is repeated to fill the seats; the default
//!   is `blocking` at every seat.
//! - `--chrono SECONDS`: the chrono option, a time limit per turn (a number above 0, decimals
//!   allowed; whole milliseconds are kept): bots think for the time of
//!   `defi_sudoku::thinking` and entries past the limit score nothing. Shown on the options
//!   line (`chrono 30 s per turn`), as a `late/game` column (late entries per game by seat)
//!   and in the record (each entry's `"elapsed_ms"`, and `"late": true` when past the limit).
//! - `--record`: plays game 0 (handicap on unless `--handicap` says otherwise) and prints its
//!   record as JSON instead: `"puzzle"` and `"solution"` (81-char strings, `.` for empty
//!   cells), `"options"`, `"players"` (names in the initial order), `"turns"` (a list of
//!   `{"round", "player", "quota", "entries": [{"cell" (0-80 row-major), "digit", "correct",
//!   "points"}], "bonus", "handicap", "absent_bonus"}`, entries adding `"late"` and
//!   `"elapsed_ms"` with the chrono), `"scores"` (totals by player index), `"team_scores"` and
//!   `"winners"`.
//! - `--json`: the simulation's summary as one JSON object instead of the tables: `"games"`,
//!   `"players"`, `"seed"`, `"options"` (`{"challenge", "final", "teams", "chrono_s"}`,
//!   `chrono_s` null without the chrono), `"bots"` (one name per seat) and `"settings"`: an
//!   object from each handicap setting played (`"on"`, `"off"`, `"balanced"`) to the list of
//!   seats in seat order, each `{"bot", "handicap" (its first-round points), "win_rate" (0 to 1,
//!   ties shared; in a team game the team's), "mean_score", "late_per_game"}`.
//! - `--explain FILE`: reads a record (as `--record` prints it; `-` reads it from stdin),
//!   replays it (a record that does not replay is refused), and prints every entry with why it
//!   is right, or that it was wrong and why the cell holds the solution's digit: sudoku-grade's
//!   steps from the position before the entry (`Game::explain_entry`). No other option goes
//!   with it.
//! - `--timeout SECONDS`: a time limit (wall clock, fractions allowed) for the whole task:
//!   every game of the simulation, the game of `--record`, or `--explain`. A task over it
//!   prints one line on stderr, `timeout: the simulation (games, handicap on) went over the
//!   time limit of 2 s (137 of 1000 games played)`, and exits with status 3; nothing is
//!   printed on stdout. The games are stopped within one bot decision (a few milliseconds).
//!   Défi games are always 9×9, so there is no default limit; `--timeout 0` is no limit. It
//!   may go with `--explain`.
//! - `--ladder`: rates the bots of `--bots` against each other instead, as `mahjong_ladder`
//!   rates mahjong bots: see [`ladder`].
//! - `--help`: the usage and these options, on stdout.
//!
//! Output without `--record`, `--json` or `--explain`, for each handicap setting, a table:
//!
//! ```text
//! handicap on
//! first-round points: 0, 4, 6
//! seat  bot          win rate  mean score
//!    1  blocking:B     27.10%      201.43
//!    …
//! chi-square 3.52 (2 df, 5% critical 5.99): the seats look even
//! ```
//!
//! (with `--teams`, a line per team and the teams' chi-square instead). The chi-square test
//! says whether the differences in win rates are within chance at 5%; with both `on` and `off`
//! a last line gives the verdict of `HandicapTrial::verdict` and the spread of win rates with
//! and without the handicap:
//!
//! ```text
//! the seed's handicap evens the seats: win-rate spread 4.00 points with it, 31.00 without
//! the seed's handicap evens the seats (they already look even without it): win-rate spread …
//! the seed's handicap does not even the seats (seat 1 wins most): win-rate spread …
//! ```
//!
//! ("teams" and "team A"/"team B" with `--teams`). `--explain` prints one line per turn
//! (`turn 3, round 2, Player 1:`), one line per entry (`  r4c7 = 9: right, 9 points`,
//! `  r2c2 = 3: wrong (it is 5), no points`, `… right but late (31.2 s), no points`) followed by
//! its explanation indented (`    r4c7 is 9: In box 6, 9 can only go in r4c7.`, or that first
//! line and the numbered steps below it when the cell needs several), the absent players'
//! `+10`, and the scores and winners last.
//!
//! Games are played on every core; progress goes to stderr when it is a terminal. Exit
//! status: 0 on success and for `--help`, 1 when a file cannot be read, a record does not
//! replay or the output cannot be written, 2 on a bad command line (the reason and the usage
//! line on stderr), 3 when the task went over `--timeout`.

use std::io::{self, IsTerminal, Read, Write};
use std::time::Duration;

use defi_sudoku::bot::Strategy;
use defi_sudoku::simulate::{
    BotSpec, GameResult, HandicapTrial, HandicapVerdict, Simulation, Stats,
};
use defi_sudoku::sudoku_core::Shape;
use defi_sudoku::{Chrono, Game, Handicap, Options, Record, Team};
use rayon::prelude::*;
use serde_json::json;

use crate::cli::{self, Arg, CliError, Parser, usage};

pub mod ladder;

/// The usage line printed on a bad command line.
/// Its start is the original line, which scripts may match; the options added since
/// (`--handicap balanced`, `--chrono`, `--json`, `--explain`) come at its end.
pub const USAGE: &str = "usage: defi --players N --games G --seed S [--handicap on|off] \
[--challenge regular|shortened|express] [--final increasing|status-quo] [--teams] \
[--bots greedy,blocking,search,...] [--record] [--handicap balanced] [--chrono SECONDS] [--json] \
[--timeout SECONDS] | defi --explain FILE|- [--timeout SECONDS] | defi --ladder --bots B,B[,...] \
[--players N] [--games G] [--seed S] [--anchor B] [--handicap on|off|balanced] [--json] \
[--timeout SECONDS]";

/// The text of `--help`: the usage line, then the options.
pub fn help() -> String {
    format!(
        "{USAGE}
Défi Sudoku simulator: seeded games between bots, win rates and mean scores by seat, with
and without the rules' handicap (the last line says whether it evens the seats), or with the
balanced handicap; one game's record; or why every entry of a recorded game is right.
  --players N        2 to 5 players (required)
  --games G          games per handicap setting, at least 1 (required, except with --record)
  --seed S           the same seed prints the same figures (required)
  --handicap SETTING on (the rules' +4, +6, +8, +10), off or balanced (the points that even
                     the seats for equal bots): only that setting (default: on and off, on
                     the same puzzles)
  --challenge NAME   regular, shortened or express (default regular)
  --final ORDER      increasing or status-quo (default increasing)
  --teams            two against two (4 players: seats 1 and 3 against 2 and 4)
  --bots LIST        greedy, blocking, search, each with an optional :LETTER skill
                     (A1, A2, B, C, D, E, F; default B) and @SPEED in percent of the
                     reference player (default 100), repeated to fill the seats
                     (default blocking)
  --chrono SECONDS   a time limit per turn: entries past it score nothing (bots think for
                     the time their finds take)
  --timeout SECONDS  a time limit for the whole task (the games, the record's game, or
                     --explain): over it, one line and exit status 3 (default and 0:
                     no limit)
  --record           print game 0's complete record as JSON instead
  --json             print the summary as one JSON object instead of the tables
  --explain FILE     why every entry of a recorded game (JSON, as --record prints it) is
                     right or wrong; - reads the record from stdin; no other option
  --ladder           rate the bots of --bots (two at least, distinct) by games of one bot
                     against N-1 copies of another, seats rotated (--players default 4,
                     --games 100, --seed 1, --handicap on; --anchor B: only tables
                     against B): margins with 95 % intervals, Bradley-Terry ratings
  -h, --help         this help"
    )
}

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Command {
    /// Simulate games (or record one).
    Simulate(Args),
    /// Explain a recorded game read from this file (`-`: stdin), within this time limit.
    Explain(String, Option<Duration>),
    /// Rate bots against each other (`--ladder`).
    Ladder(ladder::LadderArgs),
}

/// The simulator's command line, read.
#[derive(Debug, Clone, PartialEq)]
pub struct Args {
    /// Number of players.
    pub players: usize,
    /// Games per handicap setting.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// One handicap setting, or `on` and `off`.
    pub handicap: Option<Handicap>,
    /// The options but the handicap.
    pub options: Options,
    /// One bot per seat.
    pub bots: Vec<BotSpec>,
    /// Print one game's record instead.
    pub record: bool,
    /// Print the summary as JSON.
    pub json: bool,
    /// The time limit of the whole task (`--timeout`; `None`: no limit).
    pub timeout: Option<Duration>,
}

/// The value of option `name`, a whole number: `"{name}: not a number: \"x\""` otherwise.
fn number<T: std::str::FromStr>(parser: &mut Parser, name: &str) -> Result<T, CliError> {
    let v = cli::text(parser, name)?;
    v.parse()
        .map_err(|_| usage(format!("{name}: not a number: {:?}", cli::excerpt(&v))))
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

/// `--handicap`: on, off or balanced.
fn handicap(parser: &mut Parser) -> Result<Handicap, CliError> {
    let text = cli::text(parser, "--handicap")?;
    match text.parse::<Handicap>() {
        Ok(h @ (Handicap::With | Handicap::Without | Handicap::Balanced)) => Ok(h),
        _ => Err(usage(format!(
            "unknown handicap {:?} (expected one of: on, off, balanced)",
            cli::excerpt(&text)
        ))),
    }
}

/// `--chrono SECONDS`: a number of seconds above 0 (decimals allowed), at most a day.
fn chrono(parser: &mut Parser) -> Result<Duration, CliError> {
    let text = cli::text(parser, "--chrono")?;
    let seconds: f64 = text
        .parse()
        .map_err(|_| usage(format!("--chrono: not a number: {:?}", cli::excerpt(&text))))?;
    if !(seconds.is_finite() && seconds > 0.0 && seconds <= 86_400.0) {
        return Err(usage(format!(
            "--chrono must be above 0 and at most 86400 seconds, not {}",
            cli::excerpt(&text)
        )));
    }
    let limit = Duration::from_millis((seconds * 1000.0).round() as u64);
    if limit.is_zero() {
        return Err(usage(format!(
            "--chrono must be at least a millisecond, not {}",
            cli::excerpt(&text)
        )));
    }
    Ok(limit)
}

/// Reads the command line (without the program name).
pub fn parse(args: &[String]) -> Result<Command, CliError> {
    if args.iter().any(|a| a == "--ladder") {
        return ladder::parse(args).map(Command::Ladder);
    }
    let mut players = None;
    let mut games = None;
    let mut seed = None;
    let mut handicap_setting = None;
    let mut options = Options::default();
    let mut bots: Vec<BotSpec> = Vec::new();
    let mut record = false;
    let mut json = false;
    let mut explain = None;
    let mut timeout = None;
    // The simulator's options given, for `--explain`'s refusal.
    let mut given: Vec<&'static str> = Vec::new();
    let mut p = cli::parser(args);
    while let Some(arg) = cli::next(&mut p)? {
        let name = match arg {
            Arg::Long("players") => {
                players = Some(number(&mut p, "--players")?);
                "--players"
            }
            Arg::Long("games") => {
                games = Some(number(&mut p, "--games")?);
                "--games"
            }
            Arg::Long("seed") => {
                seed = Some(number(&mut p, "--seed")?);
                "--seed"
            }
            Arg::Long("handicap") => {
                handicap_setting = Some(handicap(&mut p)?);
                "--handicap"
            }
            Arg::Long("challenge") => {
                options.challenge = parsed(&mut p, "--challenge")?;
                "--challenge"
            }
            Arg::Long("final") => {
                options.final_order = parsed(&mut p, "--final")?;
                "--final"
            }
            Arg::Long("teams") => {
                options.teams = true;
                "--teams"
            }
            Arg::Long("record") => {
                record = true;
                "--record"
            }
            Arg::Long("json") => {
                json = true;
                "--json"
            }
            Arg::Long("chrono") => {
                options.chrono = Chrono::With {
                    limit: chrono(&mut p)?,
                };
                "--chrono"
            }
            Arg::Long("bots") => {
                bots = cli::text(&mut p, "--bots")?
                    .split(',')
                    .map(|b| b.trim().parse::<BotSpec>())
                    .collect::<Result<_, _>>()
                    .map_err(|e| usage(e.to_string()))?;
                "--bots"
            }
            Arg::Long("explain") => {
                explain = Some(cli::text(&mut p, "--explain")?);
                continue;
            }
            Arg::Long("timeout") => {
                timeout = cli::timeout(&mut p)?;
                continue;
            }
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(help())),
            other => return Err(cli::unexpected(other)),
        };
        if !given.contains(&name) {
            given.push(name);
        }
    }
    if let Some(file) = explain {
        return match given.first() {
            Some(other) => Err(usage(format!(
                "--explain takes no other option (given {other})"
            ))),
            None => Ok(Command::Explain(file, timeout)),
        };
    }
    let players: usize = players.ok_or_else(|| usage("--players is required"))?;
    if !(2..=5).contains(&players) {
        return Err(usage(format!(
            "--players: a game takes 2 to 5 players, not {players}"
        )));
    }
    if options.teams && players != 4 {
        return Err(usage(format!(
            "--teams: two against two needs 4 players, not {players}"
        )));
    }
    let seed = seed.ok_or_else(|| usage("--seed is required"))?;
    let games = match (games, record) {
        (Some(0), _) => return Err(usage("--games must be at least 1")),
        (Some(1) | None, true) => 1,
        (Some(g), true) => {
            return Err(usage(format!(
                "--record prints one game, not {g}: leave out --games or give --games 1"
            )));
        }
        (Some(g), false) => g,
        (None, false) => return Err(usage("--games is required")),
    };
    if record && json {
        return Err(usage(
            "--record prints the game as JSON already; --json is for the simulation's summary",
        ));
    }
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
    Ok(Command::Simulate(Args {
        players,
        games,
        seed,
        handicap: handicap_setting,
        options,
        bots,
        record,
        json,
        timeout,
    }))
}

/// The example's whole run on the process's arguments: the report on stdout, progress on
/// stderr when it is a terminal; a bad command line's message is followed by the usage line.
pub fn main(args: &[String]) -> Result<(), CliError> {
    let progress = io::stderr().is_terminal();
    let mut out = io::stdout().lock();
    let result = run_with_input(args, &mut io::stdin().lock(), &mut out, progress);
    out.flush()?;
    result.map_err(|e| match e {
        CliError::Usage(message) => CliError::Usage(format!("{message}\n{USAGE}")),
        other => other,
    })
}

/// Runs the command line, writing the report (or the record) to `out`; progress on stderr
/// when `progress` is set. `--explain -` reads the process's stdin.
pub fn run(args: &[String], out: &mut dyn Write, progress: bool) -> Result<(), CliError> {
    run_with_input(args, &mut io::stdin().lock(), out, progress)
}

/// As [`run`], with `input` standing for stdin (for `--explain -`).
pub fn run_with_input(
    args: &[String],
    input: &mut dyn Read,
    out: &mut dyn Write,
    progress: bool,
) -> Result<(), CliError> {
    match parse(args)? {
        Command::Explain(file, timeout) => explain(&file, timeout, input, out),
        Command::Simulate(args) if args.record => {
            let options = Options {
                handicap: args.handicap.unwrap_or(Handicap::With),
                ..args.options
            };
            let watchdog = cli::Watchdog::new();
            let timer = watchdog.timer();
            let sim = Simulation::new(options, args.bots.clone(), 1, args.seed)
                .map_err(|e| usage(e.to_string()))?
                .cancel_flag(timer.flag());
            timer.start(args.timeout);
            let game = sim.try_play(0);
            timer.stop();
            let record = game
                .map_err(|_| over_time("the game", args.timeout, "no record printed"))?
                .record();
            serde_json::to_writer_pretty(&mut *out, &record).map_err(io::Error::other)?;
            writeln!(out)?;
            Ok(())
        }
        Command::Simulate(args) => simulate(&args, out, progress),
        Command::Ladder(args) => ladder::run(&args, out, progress),
    }
}

/// The handicap settings played: the one asked for, or on and off.
fn settings(args: &Args) -> Vec<Handicap> {
    match args.handicap {
        Some(h) => vec![h],
        None => vec![Handicap::With, Handicap::Without],
    }
}

/// `chrono off` or `chrono 30 s per turn`.
fn chrono_text(chrono: Chrono) -> String {
    match chrono.limit() {
        None => "chrono off".into(),
        Some(limit) => format!("chrono {} s per turn", limit.as_secs_f64()),
    }
}

fn simulate(args: &Args, out: &mut dyn Write, progress: bool) -> Result<(), CliError> {
    let bot_names: Vec<String> = args.bots.iter().map(ToString::to_string).collect();
    let mut played = Vec::new();
    for handicap in settings(args) {
        let options = Options {
            handicap,
            ..args.options
        };
        let sim = Simulation::new(options, args.bots.clone(), args.games, args.seed)
            .map_err(|e| usage(e.to_string()))?;
        let stats = play_all(&sim, progress, handicap, args.timeout)?;
        played.push((handicap, options.handicap_points(args.players), stats));
    }
    if args.json {
        let mut settings = serde_json::Map::new();
        for (handicap, points, stats) in &played {
            let seats: Vec<serde_json::Value> = (0..args.players)
                .map(|seat| {
                    json!({
                        "bot": bot_names[seat],
                        "handicap": points[seat],
                        "win_rate": stats.win_rate(seat),
                        "mean_score": stats.mean_score(seat),
                        "late_per_game": stats.late_per_game(seat),
                    })
                })
                .collect();
            settings.insert(handicap.name().to_owned(), seats.into());
        }
        let summary = json!({
            "games": args.games,
            "players": args.players,
            "seed": args.seed,
            "options": {
                "challenge": args.options.challenge.name(),
                "final": args.options.final_order.name(),
                "teams": args.options.teams,
                "chrono_s": args.options.chrono.limit().map(|l| l.as_secs_f64()),
            },
            "bots": bot_names,
            "settings": settings,
        });
        serde_json::to_writer_pretty(&mut *out, &summary).map_err(io::Error::other)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "Défi Sudoku simulator: {} players, {} games, seed {}",
        args.players, args.games, args.seed
    )?;
    writeln!(
        out,
        "options: challenge {}, final {}, teams {}, {}",
        args.options.challenge,
        args.options.final_order,
        if args.options.teams { "on" } else { "off" },
        chrono_text(args.options.chrono)
    )?;
    writeln!(out, "bots: {}", bot_names.join(", "))?;
    let chrono = args.options.chrono.limit().is_some();
    for (handicap, points, stats) in &played {
        writeln!(out)?;
        writeln!(out, "handicap {handicap}")?;
        let points: Vec<String> = points[..args.players]
            .iter()
            .map(ToString::to_string)
            .collect();
        writeln!(out, "first-round points: {}", points.join(", "))?;
        write_table(out, stats, &bot_names, args.options.teams, chrono)?;
    }
    if let [(Handicap::With, _, with), (Handicap::Without, _, without)] = played.as_slice() {
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

/// The one line of a task over its time limit (exit status 3).
fn over_time(task: &str, limit: Option<Duration>, done: &str) -> CliError {
    let limit = limit.map_or(0.0, |l| l.as_secs_f64());
    CliError::Unanswered(format!(
        "timeout: {task} went over the time limit of {limit} s ({done})"
    ))
}

/// Plays every game of `sim` on every core, within `timeout` for them all.
fn play_all(
    sim: &Simulation,
    progress: bool,
    handicap: Handicap,
    timeout: Option<Duration>,
) -> Result<Stats, CliError> {
    let total = sim.games();
    let what = match handicap {
        Handicap::With => "games, handicap on",
        Handicap::Without => "games, handicap off",
        _ => "games, handicap balanced",
    };
    let shown = cli::Progress::with_display(usize::try_from(total).unwrap_or(0), what, progress);
    let seats = sim.bots().len();
    let watchdog = cli::Watchdog::new();
    let timer = watchdog.timer();
    let sim = sim.clone().cancel_flag(timer.flag());
    timer.start(timeout);
    let stats = (0..total)
        .into_par_iter()
        .try_fold(
            || Stats::new(seats),
            |mut stats, i| {
                let game = sim.try_play(i)?;
                stats.add(&GameResult::of_game(&game));
                shown.add(1);
                Ok(stats)
            },
        )
        .try_reduce(|| Stats::new(seats), |a, b| Ok(Stats::merge(a, b)));
    timer.stop();
    shown.finish();
    stats.map_err(|_: defi_sudoku::sudoku_core::Interrupted| {
        over_time(
            &format!("the simulation ({what})"),
            timeout,
            &format!("{} of {total} games played", shown.done()),
        )
    })
}

fn write_table(
    out: &mut dyn Write,
    stats: &Stats,
    bots: &[String],
    teams: bool,
    chrono: bool,
) -> io::Result<()> {
    writeln!(
        out,
        "seat  bot          win rate  mean score{}",
        if chrono { "  late/game" } else { "" }
    )?;
    for (seat, bot) in bots.iter().enumerate() {
        write!(
            out,
            "{:>4}  {:<11} {:>8.2}%  {:>10.2}",
            seat + 1,
            bot,
            100.0 * stats.win_rate(seat),
            stats.mean_score(seat)
        )?;
        if chrono {
            write!(out, "  {:>9.2}", stats.late_per_game(seat))?;
        }
        writeln!(out)?;
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

/// Reads a record from `file` (`-`: `input`) and replays it.
fn read_record(file: &str, input: &mut dyn Read) -> Result<Game, CliError> {
    let mut bytes = Vec::new();
    // One byte more than the limit tells a record over it.
    let limit = Record::MAX_TEXT_LEN as u64 + 1;
    let (source, read) = if file == "-" {
        (
            "stdin".to_owned(),
            input.take(limit).read_to_end(&mut bytes),
        )
    } else {
        (
            file.to_owned(),
            std::fs::File::open(file).and_then(|f| f.take(limit).read_to_end(&mut bytes)),
        )
    };
    read.map_err(|e| CliError::Failed(format!("{}: {e}", cli::excerpt(&source))))?;
    if bytes.len() > Record::MAX_TEXT_LEN {
        return Err(CliError::Failed(format!(
            "{}: a record has at most {} bytes; this one has more",
            cli::excerpt(&source),
            Record::MAX_TEXT_LEN
        )));
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        CliError::Failed(format!("{}: not a game record: {e}", cli::excerpt(&source)))
    })?;
    let record: Record = serde_json::from_str(&text).map_err(|e| {
        CliError::Failed(format!("{}: not a game record: {e}", cli::excerpt(&source)))
    })?;
    record.replay().map_err(|e| {
        CliError::Failed(format!(
            "{}: the record does not replay: {e}",
            cli::excerpt(&source)
        ))
    })
}

/// `--explain`: every entry of the recorded game with why it is right, or that it was wrong.
fn explain(
    file: &str,
    timeout: Option<Duration>,
    input: &mut dyn Read,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    // Written whole at the end, so that a task over its time limit prints nothing.
    let mut text = Vec::new();
    explain_into(file, timeout, input, &mut text)?;
    out.write_all(&text)?;
    Ok(())
}

fn explain_into(
    file: &str,
    timeout: Option<Duration>,
    input: &mut dyn Read,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let started = std::time::Instant::now();
    let over = || timeout.is_some_and(|l| started.elapsed() > l);
    let game = read_record(file, input)?;
    // The players' names come from the record: escaped, they cannot forge lines.
    let names: Vec<String> = game
        .players()
        .iter()
        .map(|n| cli::escape(n).into_owned())
        .collect();
    let options = game.options();
    writeln!(
        out,
        "record: {} players ({}); options: challenge {}, handicap {}, final {}, teams {}, {}",
        names.len(),
        names.join(", "),
        options.challenge,
        options.handicap,
        options.final_order,
        if options.teams { "on" } else { "off" },
        chrono_text(options.chrono)
    )?;
    let shape = Shape::CLASSIC;
    for (t, turn) in game.turns().iter().enumerate() {
        // Each entry's explanation is bounded (a 9×9 position); the limit is looked at
        // between turns.
        if over() {
            return Err(over_time(
                "explaining the record",
                timeout,
                &format!("{t} of {} turns explained", game.turns().len()),
            ));
        }
        let name = &names[turn.player];
        if turn.entries.is_empty() {
            if turn.absent_bonus > 0 {
                writeln!(
                    out,
                    "turn {}, round {}, {name}: not in the final round, +{}",
                    t + 1,
                    turn.round,
                    turn.absent_bonus
                )?;
            }
            continue;
        }
        write!(out, "turn {}, round {}, {name}:", t + 1, turn.round)?;
        if turn.handicap > 0 {
            write!(out, " handicap +{},", turn.handicap)?;
        }
        if turn.bonus > 0 {
            write!(out, " completion bonus +{},", turn.bonus)?;
        }
        writeln!(out, " {} points", turn.points())?;
        for (e, entry) in turn.entries.iter().enumerate() {
            let cell = entry.cell.display(shape);
            let solution = game.puzzle().solution().get(entry.cell.index());
            let verdict = match (entry.correct, entry.late) {
                (true, false) => format!("right, {} points", entry.points),
                (true, true) => format!(
                    "right but late ({} s), no points",
                    entry.elapsed_ms.unwrap_or(0) as f64 / 1000.0
                ),
                (false, _) => format!("wrong (it is {solution}), no points"),
            };
            writeln!(out, "  {cell} = {}: {verdict}", entry.value)?;
            match game.explain_entry(t, e) {
                Ok(why) => {
                    // `r4c7 is 9: …`, or that line and the numbered steps below it.
                    for (i, line) in why.to_string().lines().enumerate() {
                        let indent = if i == 0 { 4 } else { 6 };
                        writeln!(out, "{:indent$}{line}", "")?;
                    }
                }
                Err(error) => writeln!(
                    out,
                    "    no explanation: {}",
                    cli::escape(&error.to_string())
                )?,
            }
        }
    }
    let totals = game.totals();
    let scores: Vec<String> = names
        .iter()
        .zip(&totals)
        .map(|(n, s)| format!("{n} {s}"))
        .collect();
    writeln!(out, "scores: {}", scores.join(", "))?;
    if let Some([a, b]) = game.team_totals() {
        writeln!(out, "teams: A {a}, B {b}")?;
    }
    let winners: Vec<&str> = game.leaders().iter().map(|&p| names[p].as_str()).collect();
    if game.is_over() {
        writeln!(out, "winners: {}", winners.join(", "))?;
    } else {
        writeln!(out, "game in progress; leading: {}", winners.join(", "))?;
    }
    Ok(())
}
