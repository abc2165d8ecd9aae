//! The balanced handicap of `defi-sudoku`: the seeded search that makes its table, the check
//! of every handicap over fresh games, and the games between bots of different strengths.
//!
//! ```sh
//! cargo run --release -p benches --example defi_handicap -- search [--games N] [--seed S]
//!     [--iterations K] [--only SETTING] [--write FILE]
//! cargo run --release -p benches --example defi_handicap -- check [--games N] [--seed S]
//!     [--only SETTING] [--bots LIST] [--final ORDER]
//! cargo run --release -p benches --example defi_handicap -- mixed [--games N] [--seed S]
//! ```
//!
//! - `search`: for every game of the table (2 to 5 players with each challenge, then two
//!   against two with each challenge), plays `N` games (default 10,000) seeded `S` (default 1)
//!   with the rules' handicap, then with points moved toward even seats, the same games each
//!   time (see `search` below and the docs of `defi_sudoku::balanced`), at most `K` steps
//!   (default 8) before polishing one point at a time; the points whose games were the most
//!   even are kept. Prints each evaluation on stderr and the table on stdout as the Rust
//!   source of `crates/defi-sudoku/src/balanced_table.rs`; `--write FILE` writes it there.
//! - `check`: plays `N` games (default 10,000) seeded `S` (default 2, a range the search did
//!   not use) for every game of the table with the rules' handicap, none and the balanced one,
//!   and prints a Markdown table of the seats' win rates with their 95% confidence intervals,
//!   the largest gap to the mean and whether it is within ±2 points. `--bots` seats other bots
//!   (as the `defi` example's `--bots`; default `blocking`).
//! - `mixed`: greedy against search (both orders, 2 players; and one search bot among greedy
//!   ones at each seat, 4 players), regular challenge, with each handicap; `N` default 10,000,
//!   `S` default 3.
//! - `--final increasing|status-quo`: the final round's order (default increasing, the
//!   rules' default, with which the table was made) for `search` and `check`.
//! - `--only SETTING`: one game of the table, `P` or `P:CHALLENGE` or `4:CHALLENGE:teams`
//!   (`3:express`, `4:regular:teams`).
//!
//! Games are played on every core (rayon). Game `i` of seed `S` is the simulator's
//! (`Simulation::play`), so any figure is reproducible from the command line.

use std::fmt::Write as _;
use std::process::ExitCode;
use std::time::Instant;

use defi_sudoku::bot::Strategy;
use defi_sudoku::simulate::{BotSpec, GameResult, Simulation, Stats};
use defi_sudoku::{Challenge, FinalOrder, Handicap, Options};
use lexopt::prelude::*;
use rayon::prelude::*;

const USAGE: &str = "usage: defi_handicap search|check|mixed [--games N] [--seed S] \
[--iterations K] [--only SETTING] [--write FILE] [--bots LIST] [--final ORDER]";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    Search,
    Check,
    Mixed,
}

#[derive(Debug)]
struct Args {
    mode: Mode,
    games: u64,
    seed: u64,
    iterations: usize,
    only: Option<(usize, Option<Challenge>, bool)>,
    write: Option<String>,
    bots: Vec<BotSpec>,
    final_order: FinalOrder,
}

fn parse_args() -> Result<Args, String> {
    let mut parser = lexopt::Parser::from_env();
    let err = |e: lexopt::Error| e.to_string();
    let mut mode = None;
    let (mut games, mut seed, mut iterations) = (10_000u64, None, 8usize);
    let (mut only, mut write, mut bots) = (None, None, Vec::new());
    let mut final_order = FinalOrder::Increasing;
    while let Some(arg) = parser.next().map_err(err)? {
        match arg {
            Long("help") | Short('h') => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            Value(v) if mode.is_none() => {
                mode = Some(match v.string().map_err(err)?.as_str() {
                    "search" => Mode::Search,
                    "check" => Mode::Check,
                    "mixed" => Mode::Mixed,
                    other => return Err(format!("unknown mode {other:?}")),
                })
            }
            Long("games") => games = parser.value().map_err(err)?.parse().map_err(err)?,
            Long("seed") => seed = Some(parser.value().map_err(err)?.parse().map_err(err)?),
            Long("iterations") => iterations = parser.value().map_err(err)?.parse().map_err(err)?,
            Long("write") => write = Some(parser.value().map_err(err)?.string().map_err(err)?),
            Long("only") => {
                let text = parser.value().map_err(err)?.string().map_err(err)?;
                only = Some(parse_only(&text)?);
            }
            Long("final") => {
                let text = parser.value().map_err(err)?.string().map_err(err)?;
                final_order = text.parse().map_err(|e| format!("--final: {e}"))?;
            }
            Long("bots") => {
                let text = parser.value().map_err(err)?.string().map_err(err)?;
                bots = text
                    .split(',')
                    .map(|b| b.trim().parse::<BotSpec>().map_err(|e| e.to_string()))
                    .collect::<Result<_, _>>()?;
            }
            other => return Err(other.unexpected().to_string()),
        }
    }
    let mode = mode.ok_or("search, check or mixed?")?;
    if games == 0 {
        return Err("--games must be at least 1".into());
    }
    let seed = seed.unwrap_or(match mode {
        Mode::Search => 1,
        Mode::Check => 2,
        Mode::Mixed => 3,
    });
    if bots.is_empty() {
        bots.push(BotSpec::new(Strategy::Blocking));
    }
    Ok(Args {
        mode,
        games,
        seed,
        iterations,
        only,
        write,
        bots,
        final_order,
    })
}

fn parse_only(text: &str) -> Result<(usize, Option<Challenge>, bool), String> {
    let mut parts = text.split(':');
    let players = parts
        .next()
        .and_then(|p| p.parse().ok())
        .filter(|p| (2..=5).contains(p))
        .ok_or_else(|| format!("--only {text}: 2 to 5 players first"))?;
    let challenge = match parts.next() {
        Some(c) => Some(c.parse().map_err(|e| format!("--only {text}: {e}"))?),
        None => None,
    };
    let teams = match parts.next() {
        Some("teams") if players == 4 => true,
        Some(_) => return Err(format!("--only {text}: `teams` with 4 players only")),
        None => false,
    };
    Ok((players, challenge, teams))
}

/// Every game of the table: (players, challenge, teams), in the table's order.
fn settings(only: Option<(usize, Option<Challenge>, bool)>) -> Vec<(usize, Challenge, bool)> {
    let mut all = Vec::new();
    for players in 2..=5 {
        for challenge in Challenge::ALL {
            all.push((players, challenge, false));
        }
    }
    for challenge in Challenge::ALL {
        all.push((4, challenge, true));
    }
    all.retain(|&(p, c, t)| {
        only.is_none_or(|(op, oc, ot)| op == p && oc.is_none_or(|oc| oc == c) && ot == t)
    });
    all
}

fn label(players: usize, challenge: Challenge, teams: bool) -> String {
    if teams {
        format!("{players} players, {challenge}, two against two")
    } else {
        format!("{players} players, {challenge}")
    }
}

/// Plays games `0..games` of the simulation on every core.
fn results(sim: &Simulation) -> Vec<GameResult> {
    (0..sim.games())
        .into_par_iter()
        .map(|i| sim.result(i))
        .collect()
}

fn stats_of(results: &[GameResult], seats: usize) -> Stats {
    let mut stats = Stats::new(seats);
    for r in results {
        stats.add(r);
    }
    stats
}

/// The seats compared: every seat, or team A (seat 0) and team B (seat 1).
fn compared(seats: usize, teams: bool) -> Vec<usize> {
    if teams {
        vec![0, 1]
    } else {
        (0..seats).collect()
    }
}

/// The largest gap between a compared seat's win rate and the mean (1/seats, or 1/2 for the
/// teams), in points.
fn largest_gap(stats: &Stats, teams: bool) -> f64 {
    let seats = compared(stats.seats(), teams);
    let mean = 1.0 / seats.len() as f64;
    seats
        .iter()
        .map(|&s| (stats.win_rate(s) - mean).abs())
        .fold(0.0, f64::max)
        * 100.0
}

fn simulation(
    args: &Args,
    players: usize,
    challenge: Challenge,
    teams: bool,
    handicap: Handicap,
) -> Simulation {
    let (bots, games, seed) = (&args.bots, args.games, args.seed);
    let options = Options {
        challenge,
        teams,
        handicap,
        final_order: args.final_order,
        ..Options::default()
    };
    let bots: Vec<BotSpec> = bots.iter().copied().cycle().take(players).collect();
    Simulation::new(options, bots, games, seed).expect("a game of the table")
}

/// The points of a team game whose team B has `d` more points than team A (fewer when
/// negative), shared by the team's two players as evenly as whole points allow.
fn team_points(d: i64) -> [u32; 5] {
    let (a, b) = if d >= 0 { (0, d) } else { (-d, 0) };
    let p = [(a + 1) / 2, (b + 1) / 2, a / 2, b / 2, 0];
    p.map(|x| u32::try_from(x).unwrap_or(0))
}

/// Team B's points minus team A's.
fn team_difference(points: [u32; 5]) -> i64 {
    i64::from(points[1] + points[3]) - i64::from(points[0] + points[2])
}

/// The points by seat, the lowest at 0.
fn lowest_at_zero(h: &[i64], players: usize) -> [u32; 5] {
    let low = h[..players].iter().copied().min().unwrap_or(0);
    core::array::from_fn(|s| {
        if s < players {
            u32::try_from(h[s] - low).unwrap_or(0)
        } else {
            0
        }
    })
}

/// The figures of one evaluation of the search: the largest gap to the mean win rate (in
/// points), the sum of the squared gaps, and the win rates of the compared seats.
type Figures = (f64, f64, Vec<f64>);

fn search(args: &Args) -> Result<String, String> {
    let mut rows = Vec::new();
    for (players, challenge, teams) in settings(args.only) {
        let started = Instant::now();
        let name = label(players, challenge, teams);
        let seats = compared(players, teams);
        let mean = 1.0 / seats.len() as f64;
        // Every evaluation: the points and their figures.
        let mut cache: Vec<([u32; 5], Figures)> = Vec::new();
        let mut evaluate = |points: [u32; 5]| -> Figures {
            if let Some((_, e)) = cache.iter().find(|(p, _)| *p == points) {
                return e.clone();
            }
            let sim = simulation(args, players, challenge, teams, Handicap::Custom(points));
            let stats = stats_of(&results(&sim), players);
            let rates: Vec<f64> = seats.iter().map(|&s| stats.win_rate(s)).collect();
            let gap = largest_gap(&stats, teams);
            let squares = rates.iter().map(|r| (r - mean).powi(2)).sum();
            eprintln!(
                "{name}: points {:?}: win rates {} (largest gap {gap:.2} points), {:.0} s",
                &points[..players],
                rates
                    .iter()
                    .map(|r| format!("{:.2}", 100.0 * r))
                    .collect::<Vec<_>>()
                    .join(" "),
                started.elapsed().as_secs_f64()
            );
            cache.push((points, (gap, squares, rates.clone())));
            (gap, squares, rates)
        };
        // 1. The controller: each seat's points move by its gap to the mean win rate divided
        //    by the effect of one point above the seats' mean points, measured on the
        //    previous steps (first guess: 20 points of win rate, divided by the number of
        //    seats compared).
        let first = 0.2 / seats.len() as f64;
        let mut slope = first;
        let mut points = Handicap::With.points(players, challenge, teams);
        let (mut gap, mut squares, mut rates) = evaluate(points);
        let mut best = (points, (gap, squares));
        let mut seen = vec![points];
        for _ in 1..args.iterations {
            let next = if teams {
                let d = team_difference(points) as f64 + (mean - rates[1]) / slope;
                team_points(d.round() as i64)
            } else {
                let h: Vec<i64> = (0..players)
                    .map(|s| (f64::from(points[s]) + (mean - rates[s]) / slope).round() as i64)
                    .collect();
                lowest_at_zero(&h, players)
            };
            if seen.contains(&next) {
                break;
            }
            seen.push(next);
            let (g, q, r) = evaluate(next);
            // The effect of one point seen on this step (seats whose points moved relative
            // to the others'); kept within a factor 4 of the first guess.
            let moved: Vec<f64> = if teams {
                vec![team_difference(next) as f64 - team_difference(points) as f64]
            } else {
                let shift: Vec<f64> = (0..players)
                    .map(|s| f64::from(next[s]) - f64::from(points[s]))
                    .collect();
                let m = shift.iter().sum::<f64>() / players as f64;
                shift.iter().map(|x| x - m).collect()
            };
            let mut effects: Vec<f64> = moved
                .iter()
                .enumerate()
                .filter(|(_, d)| d.abs() >= 0.99)
                .map(|(i, d)| {
                    let seat = if teams { 1 } else { i };
                    (r[seat] - rates[seat]) / d
                })
                .filter(|e| *e > 0.0)
                .collect();
            if !effects.is_empty() {
                effects.sort_by(f64::total_cmp);
                slope = effects[effects.len() / 2].clamp(first / 4.0, first * 4.0);
            }
            (points, gap, squares, rates) = (next, g, q, r);
            if (gap, squares) < best.1 {
                best = (points, (gap, squares));
            }
        }
        // 2. The polish: one point more or less for one seat (or one team), while that
        //    lowers the largest gap (then the sum of squares). In a team game only the
        //    teams' difference moves: a run that also moved the split inside a team (which
        //    sets the order of its two players in an increasing final round) found the same
        //    win rates for every split of the same difference.
        loop {
            let (current, key) = best;
            let mut neighbours = Vec::new();
            if teams {
                let d = team_difference(current);
                neighbours.push(team_points(d - 1));
                neighbours.push(team_points(d + 1));
            } else {
                for s in 0..players {
                    for step in [-1i64, 1] {
                        let mut h: Vec<i64> =
                            current[..players].iter().map(|&x| i64::from(x)).collect();
                        h[s] += step;
                        neighbours.push(lowest_at_zero(&h, players));
                    }
                }
            }
            let mut improved = false;
            for n in neighbours {
                let (g, q, _) = evaluate(n);
                if (g, q) < best.1 {
                    best = (n, (g, q));
                    improved = true;
                }
            }
            if !improved || best.1 >= key {
                break;
            }
        }
        let (points, (gap, _)) = best;
        eprintln!(
            "{name}: kept {:?} (largest gap {gap:.2} points on the search's games), {:.0} s",
            &points[..players],
            started.elapsed().as_secs_f64()
        );
        rows.push((players, challenge, teams, points));
    }
    let mut out = String::new();
    writeln!(
        out,
        "// The balanced handicap table. Generated by\n// `cargo run --release -p benches --example defi_handicap -- search --games {} --seed {} --iterations {} --write crates/defi-sudoku/src/balanced_table.rs`;\n// do not edit by hand.\n[",
        args.games, args.seed, args.iterations
    )
    .expect("a String");
    for (players, challenge, teams, points) in rows {
        let variant = match challenge {
            Challenge::Regular => "Regular",
            Challenge::Shortened => "Shortened",
            Challenge::Express => "Express",
        };
        writeln!(
            out,
            "    Row {{ players: {players}, challenge: Challenge::{variant}, teams: {teams}, points: {points:?} }},"
        )
        .expect("a String");
    }
    out.push_str("]\n");
    Ok(out)
}

/// `48.90 ± 0.98`
fn rate_ci(stats: &Stats, seat: usize) -> String {
    format!(
        "{:.2} ± {:.2}",
        100.0 * stats.win_rate(seat),
        100.0 * stats.win_rate_ci95(seat)
    )
}

fn check(args: &Args) -> String {
    let mut out = String::new();
    let bots: Vec<String> = args.bots.iter().map(ToString::to_string).collect();
    writeln!(
        out,
        "{} games per row, seed {}, bots {}, final order {}; win rates in % with their 95% confidence intervals\n",
        args.games,
        args.seed,
        bots.join(","),
        args.final_order
    )
    .expect("a String");
    writeln!(
        out,
        "| game | handicap | points | win rate by seat (teams: A, B) | largest gap | within ±2 |"
    )
    .expect("a String");
    writeln!(out, "|---|---|---|---|---:|---|").expect("a String");
    for (players, challenge, teams) in settings(args.only) {
        for handicap in [Handicap::With, Handicap::Without, Handicap::Balanced] {
            let started = Instant::now();
            let sim = simulation(args, players, challenge, teams, handicap);
            let stats = stats_of(&results(&sim), players);
            let gap = largest_gap(&stats, teams);
            let rates: Vec<String> = compared(players, teams)
                .iter()
                .map(|&s| rate_ci(&stats, s))
                .collect();
            let points = handicap.points(players, challenge, teams);
            writeln!(
                out,
                "| {} | {handicap} | {:?} | {} | {gap:.2} | {} |",
                label(players, challenge, teams),
                &points[..players],
                rates.join(", "),
                if gap <= 2.0 { "yes" } else { "no" }
            )
            .expect("a String");
            eprintln!(
                "{} {handicap}: {:.0} s",
                label(players, challenge, teams),
                started.elapsed().as_secs_f64()
            );
        }
    }
    out
}

fn mixed(args: &Args) -> String {
    let greedy = BotSpec::new(Strategy::Greedy);
    let search = BotSpec::new(Strategy::Search);
    let mut lineups = vec![vec![search, greedy], vec![greedy, search]];
    for seat in 0..4 {
        let mut lineup = vec![greedy; 4];
        lineup[seat] = search;
        lineups.push(lineup);
    }
    let mut out = String::new();
    writeln!(
        out,
        "{} games per row, seed {}, regular challenge; win rates in % with their 95% confidence intervals\n",
        args.games, args.seed
    )
    .expect("a String");
    writeln!(out, "| bots by seat | handicap | win rate by seat |").expect("a String");
    writeln!(out, "|---|---|---|").expect("a String");
    for lineup in lineups {
        for handicap in [Handicap::With, Handicap::Without, Handicap::Balanced] {
            let started = Instant::now();
            let players = lineup.len();
            let options = Options {
                handicap,
                ..Options::default()
            };
            let sim = Simulation::new(options, lineup.clone(), args.games, args.seed)
                .expect("2 or 4 bots");
            let stats = stats_of(&results(&sim), players);
            let names: Vec<String> = lineup.iter().map(|b| b.strategy.to_string()).collect();
            let rates: Vec<String> = (0..players).map(|s| rate_ci(&stats, s)).collect();
            writeln!(
                out,
                "| {} | {handicap} | {} |",
                names.join(", "),
                rates.join(", ")
            )
            .expect("a String");
            eprintln!(
                "{} {handicap}: {:.0} s",
                names.join(","),
                started.elapsed().as_secs_f64()
            );
        }
    }
    out
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("defi_handicap: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let started = Instant::now();
    let text = match args.mode {
        Mode::Search => match search(&args) {
            Ok(text) => text,
            Err(e) => {
                eprintln!("defi_handicap: {e}");
                return ExitCode::FAILURE;
            }
        },
        Mode::Check => check(&args),
        Mode::Mixed => mixed(&args),
    };
    match &args.write {
        Some(path) => {
            if let Err(e) = std::fs::write(path, &text) {
                eprintln!("defi_handicap: {path}: {e}");
                return ExitCode::FAILURE;
            }
        }
        None => print!("{text}"),
    }
    eprintln!("done in {:.0} s", started.elapsed().as_secs_f64());
    ExitCode::SUCCESS
}
