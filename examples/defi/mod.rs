//! The `defi` example's command line and output, separate from `main` so tests can call it.

use std::io::{self, Write};
use std::sync::atomic::{AtomicU64, Ordering};

use defi_sudoku::bot::Strategy;
use defi_sudoku::simulate::{BotSpec, HandicapTrial, HandicapVerdict, Simulation, Stats};
use defi_sudoku::{Challenge, FinalOrder, Handicap, Options, Team};
use rayon::prelude::*;

/// The usage line printed on a bad command line.
pub const USAGE: &str = "usage: defi --players N --games G --seed S [--handicap on|off] \
[--challenge regular|shortened|express] [--final increasing|status-quo] [--teams] \
[--bots greedy,blocking,search,...] [--record]";

/// What went wrong.
#[derive(Debug)]
pub enum CliError {
    /// A bad command line.
    Usage(String),
    /// Writing the output failed.
    Io(io::Error),
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> Self {
        CliError::Io(e)
    }
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

fn usage(message: impl Into<String>) -> CliError {
    CliError::Usage(message.into())
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
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| usage(format!("{name} needs a value")))
        };
        match flag.as_str() {
            "--players" => {
                let v = value("--players")?;
                players = Some(
                    v.parse::<usize>()
                        .map_err(|_| usage(format!("--players: not a number: {v:?}")))?,
                );
            }
            "--games" => {
                let v = value("--games")?;
                games = Some(
                    v.parse::<u64>()
                        .map_err(|_| usage(format!("--games: not a number: {v:?}")))?,
                );
            }
            "--seed" => {
                let v = value("--seed")?;
                seed = Some(
                    v.parse::<u64>()
                        .map_err(|_| usage(format!("--seed: not a number: {v:?}")))?,
                );
            }
            "--handicap" => {
                handicap = Some(
                    value("--handicap")?
                        .parse::<Handicap>()
                        .map_err(|e| usage(e.to_string()))?,
                );
            }
            "--challenge" => {
                options.challenge = value("--challenge")?
                    .parse::<Challenge>()
                    .map_err(|e| usage(e.to_string()))?;
            }
            "--final" => {
                options.final_order = value("--final")?
                    .parse::<FinalOrder>()
                    .map_err(|e| usage(e.to_string()))?;
            }
            "--teams" => options.teams = true,
            "--record" => record = true,
            "--bots" => {
                bots = value("--bots")?
                    .split(',')
                    .map(|b| b.trim().parse::<BotSpec>())
                    .collect::<Result<_, _>>()
                    .map_err(|e| usage(e.to_string()))?;
            }
            other => return Err(usage(format!("unknown argument {other:?}"))),
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
    let done = AtomicU64::new(0);
    let total = sim.games();
    let seats = sim.bots().len();
    let stats = (0..total)
        .into_par_iter()
        .fold(
            || Stats::new(seats),
            |mut stats, i| {
                stats.add(&sim.result(i));
                let n = done.fetch_add(1, Ordering::Relaxed) + 1;
                if progress && (n.is_multiple_of(50) || n == total) {
                    eprint!("\rhandicap {handicap}: {n}/{total} games");
                }
                stats
            },
        )
        .reduce(|| Stats::new(seats), Stats::merge);
    if progress {
        eprintln!();
    }
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
