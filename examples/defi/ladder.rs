//! `defi --ladder`: rates Défi Sudoku bots against each other by seeded games with rotated
//! seats, on every core (the same ladder as `mahjong_ladder`).
//!
//! - Tables: one bot alone against `N − 1` copies of another, for every ordered pair of the
//!   bots of `--bots` (`--anchor B`: only each other bot alone against `B`). Game `i` (from
//!   0) is played at table `i mod T`, the lone bot in seat `(i / T) mod N + 1`, on the
//!   puzzle and with the bots' generators of game `i` of a simulation seeded `S`
//!   (`defi_sudoku::simulate::game_seed(S, i)`).
//! - Per table: the lone bot's mean score per game less the mean of the others' (its margin),
//!   with a 95 % interval (games are independent), and its share of wins seat against seat
//!   (a game won against each other seat whose total it beats, half when equal). Per bot: its
//!   mean score per game over every seat it held, with its interval, and its rating
//!   ([`ratings`]: Bradley–Terry on the seat-against-seat results, Elo scale).

use std::fmt::Write as _;
use std::io::{self, Write};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use defi_sudoku::simulate::{BotSpec, GameResult, Simulation};
use defi_sudoku::{Handicap, Options};
use rayon::prelude::*;
use serde_json::json;

use crate::cli::{self, Arg, CliError, usage};
use crate::ladder::{mean_ci, ratings, tables};

use super::{handicap, number, over_time};

/// What `defi --ladder` asks for.
#[derive(Debug, Clone, PartialEq)]
pub struct LadderArgs {
    /// Players per game.
    pub players: usize,
    /// Games.
    pub games: u64,
    /// The seed.
    pub seed: u64,
    /// The bots rated.
    pub bots: Vec<BotSpec>,
    /// The tables: (lone bot, bot of the others), indices into `bots`.
    pub tables: Vec<(usize, usize)>,
    /// The options (the handicap among them).
    pub options: Options,
    /// Print one JSON object.
    pub json: bool,
    /// The time limit of the whole run.
    pub timeout: Option<Duration>,
}

/// Reads a `--ladder` command line: `--bots` (two distinct bots at least), `--players`
/// (default 4), `--games` (default 100), `--seed` (default 1), `--anchor`, `--handicap`
/// (default on), `--json`, `--timeout`.
pub fn parse(args: &[String]) -> Result<LadderArgs, CliError> {
    let (mut players, mut games, mut seed) = (4usize, 100u64, 1u64);
    let mut bots: Vec<BotSpec> = Vec::new();
    let mut anchor: Option<BotSpec> = None;
    let mut options = Options {
        handicap: Handicap::With,
        ..Options::default()
    };
    let (mut json, mut timeout) = (false, None);
    let mut p = cli::parser(args);
    while let Some(arg) = cli::next(&mut p)? {
        match arg {
            Arg::Long("ladder") => {}
            Arg::Long("players") => players = number(&mut p, "--players")?,
            Arg::Long("games") => games = number(&mut p, "--games")?,
            Arg::Long("seed") => seed = number(&mut p, "--seed")?,
            Arg::Long("handicap") => options.handicap = handicap(&mut p)?,
            Arg::Long("bots") => {
                bots = cli::text(&mut p, "--bots")?
                    .split(',')
                    .map(|b| b.trim().parse::<BotSpec>())
                    .collect::<Result<_, _>>()
                    .map_err(|e| usage(e.to_string()))?;
            }
            Arg::Long("anchor") => {
                let text = cli::text(&mut p, "--anchor")?;
                anchor = Some(
                    text.trim()
                        .parse()
                        .map_err(|e| usage(format!("--anchor: {e}")))?,
                );
            }
            Arg::Long("json") => json = true,
            Arg::Long("timeout") => timeout = cli::timeout(&mut p)?,
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(super::help())),
            other => {
                let e = cli::unexpected(other);
                return Err(usage(format!("{e} (with --ladder)")));
            }
        }
    }
    if !(2..=5).contains(&players) {
        return Err(usage(format!(
            "--players: a game takes 2 to 5 players, not {players}"
        )));
    }
    if games == 0 {
        return Err(usage("--games must be at least 1"));
    }
    if bots.len() < 2 {
        return Err(usage("--ladder rates two bots at least: --bots A,B[,...]"));
    }
    for (i, b) in bots.iter().enumerate() {
        if bots[..i].contains(b) {
            return Err(usage(format!("--bots: {b} given twice")));
        }
    }
    let anchor = match anchor {
        None => None,
        Some(spec) => Some(bots.iter().position(|&x| x == spec).ok_or_else(|| {
            let names: Vec<String> = bots.iter().map(ToString::to_string).collect();
            usage(format!(
                "--anchor {spec}: not among --bots ({})",
                names.join(", ")
            ))
        })?),
    };
    let tables = tables(bots.len(), anchor);
    Simulation::new(options, vec![bots[0]; players], games, seed)
        .map_err(|e| usage(e.to_string()))?;
    Ok(LadderArgs {
        players,
        games,
        seed,
        bots,
        tables,
        options,
        json,
        timeout,
    })
}

/// Game `index`'s table and the lone bot's seat (from 0).
pub fn seating(args: &LadderArgs, index: u64) -> ((usize, usize), usize) {
    let t = args.tables.len() as u64;
    let table = args.tables[(index % t) as usize];
    (table, ((index / t) % args.players as u64) as usize)
}

/// One game: its table, the lone bot's total, the others' totals, the lone bot's
/// seat-against-seat wins in halves.
#[derive(Debug, Clone, PartialEq)]
pub struct LadderGame {
    /// (lone bot, bot of the others).
    pub table: (usize, usize),
    /// The lone bot's total.
    pub lone: f64,
    /// The others' totals.
    pub field: Vec<f64>,
    /// Against each other seat: 2 when the lone bot's total is higher, 1 when equal.
    pub won_halves: u64,
}

/// Plays game `index` of the ladder, stopping when `flag` is raised (then
/// `CliError::Unanswered`).
pub fn play(args: &LadderArgs, index: u64, flag: &Arc<AtomicBool>) -> Result<LadderGame, CliError> {
    let (table, lone) = seating(args, index);
    let mut seats = vec![args.bots[table.1]; args.players];
    seats[lone] = args.bots[table.0];
    let sim = Simulation::new(args.options, seats, args.games, args.seed)
        .map_err(|e| usage(e.to_string()))?
        .cancel_flag(flag.clone());
    let game = sim
        .try_play(index)
        .map_err(|_| CliError::Unanswered(String::new()))?;
    let r = GameResult::of_game(&game);
    let mine = f64::from(r.totals[lone]);
    let field: Vec<f64> = (0..args.players)
        .filter(|&s| s != lone)
        .map(|s| f64::from(r.totals[s]))
        .collect();
    let won_halves = field
        .iter()
        .map(|&x| match mine.total_cmp(&x) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        })
        .sum();
    Ok(LadderGame {
        table,
        lone: mine,
        field,
        won_halves,
    })
}

/// Plays every game on every core and prints the tables and the ratings (or JSON).
pub fn run(args: &LadderArgs, out: &mut dyn Write, progress: bool) -> Result<(), CliError> {
    let started = Instant::now();
    let shown =
        cli::Progress::with_display(usize::try_from(args.games).unwrap_or(0), "games", progress);
    let watchdog = cli::Watchdog::new();
    let timer = watchdog.timer();
    let flag = timer.flag();
    timer.start(args.timeout);
    let results: Result<Vec<LadderGame>, CliError> = (0..args.games)
        .into_par_iter()
        .map(|i| {
            let g = play(args, i, &flag);
            shown.add(1);
            g
        })
        .collect();
    timer.stop();
    shown.finish();
    let results = results.map_err(|e| match e {
        CliError::Unanswered(_) => over_time(
            "the ladder",
            args.timeout,
            &format!("{} of {} games played", shown.done(), args.games),
        ),
        other => other,
    })?;
    let names: Vec<String> = args.bots.iter().map(ToString::to_string).collect();
    let m = names.len();
    let mut wins = vec![vec![0f64; m]; m];
    let mut tables = Vec::new();
    for &(a, b) in &args.tables {
        let games: Vec<&LadderGame> = results.iter().filter(|g| g.table == (a, b)).collect();
        let margins: Vec<f64> = games
            .iter()
            .map(|g| g.lone - g.field.iter().sum::<f64>() / g.field.len() as f64)
            .collect();
        let (margin, ci) = mean_ci(&margins);
        let halves: u64 = games.iter().map(|g| g.won_halves).sum();
        let meetings = (games.len() * (args.players - 1)) as u64;
        wins[a][b] += halves as f64 / 2.0;
        wins[b][a] += (2 * meetings - halves) as f64 / 2.0;
        let won = if meetings == 0 {
            0.0
        } else {
            halves as f64 / (2 * meetings) as f64
        };
        tables.push((a, b, games.len(), margin, ci, won));
    }
    let rating = ratings(&wins);
    let mut scores: Vec<Vec<f64>> = vec![Vec::new(); m];
    for g in &results {
        scores[g.table.0].push(g.lone);
        scores[g.table.1].push(g.field.iter().sum::<f64>() / g.field.len() as f64);
    }
    let mut order: Vec<usize> = (0..m).collect();
    order.sort_by(|&x, &y| rating[y].total_cmp(&rating[x]).then(x.cmp(&y)));
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        let tables: Vec<serde_json::Value> = tables
            .iter()
            .map(|&(a, b, games, margin, ci, won)| {
                json!({"bot": names[a], "field": names[b], "games": games,
                       "margin": margin, "ci95": ci, "won": won})
            })
            .collect();
        let bots: Vec<serde_json::Value> = order
            .iter()
            .map(|&i| {
                let (mean, ci) = mean_ci(&scores[i]);
                json!({"bot": names[i], "rating": rating[i], "mean_score": mean, "ci95": ci})
            })
            .collect();
        let summary = json!({
            "games": args.games, "players": args.players, "seed": args.seed,
            "handicap": args.options.handicap.name(), "seconds": seconds,
            "tables": tables, "bots": bots,
        });
        serde_json::to_writer_pretty(&mut *out, &summary).map_err(io::Error::other)?;
        writeln!(out)?;
        return Ok(());
    }
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Défi Sudoku ladder: {} games of {} players, seed {}, handicap {}",
        args.games, args.players, args.seed, args.options.handicap
    );
    let _ = writeln!(
        s,
        "table                              games  margin per game       won"
    );
    for &(a, b, games, margin, ci, won) in &tables {
        let name = format!("{} vs {} {}", names[a], args.players - 1, names[b]);
        let _ = writeln!(
            s,
            "{name:<34} {games:>5}  {margin:>+8.1} ± {ci:<8.1} {:>5.1}%",
            100.0 * won
        );
    }
    let _ = writeln!(s, "bot                rating  mean score per game");
    for &i in &order {
        let (mean, ci) = mean_ci(&scores[i]);
        let _ = writeln!(
            s,
            "{:<18} {:>6.0}  {mean:>8.1} ± {ci:.1}",
            names[i], rating[i]
        );
    }
    let _ = writeln!(
        s,
        "{seconds:.0} s on {} threads",
        rayon::current_num_threads()
    );
    out.write_all(s.as_bytes())?;
    Ok(())
}
