//! `mahjong_ladder`: rates computer players of French mahjong (mahjong-rules' bots) against
//! each other by seeded games with rotated seats, on every core.
//!
//! ```text
//! cargo run --release --example mahjong_ladder -- --games N --seed S --bots B,B[,B…]
//!     [--anchor B] [--system simple|advanced] [--rounds K] [--playouts P] [--json]
//! ```
//!
//! - `--bots B,B,…`: the bots to rate, at least two distinct names among
//!   `mahjong_rules::table::bots::NAMES` (required).
//! - Tables: one bot alone against three copies of another, for every ordered pair of the
//!   bots (`--anchor B`: only the tables of each other bot alone against three `B`, the
//!   cheap way to rate bots against one reference; `B` must be among `--bots`). Game `i`
//!   (from 0) is played at table `i mod T` (the T tables in the order of `--bots`), the
//!   lone bot at seat `(i / T) mod 4` of the first round (East, South, West, North), so
//!   the lone bot's seat rotates over the games and, within a game, with the winds.
//! - `--games N`: how many games (default 16). Game `i` deals and decides with
//!   `Pcg64Mcg::seed_from_u64(S + i)` (crate `rand_pcg`); `--seed S` (default 1).
//! - `--system simple|advanced`: the scoring system (default advanced: the round settled
//!   by payments, so the nets of a round add up to zero).
//! - `--rounds K`: rounds per game (default 16, at most 256).
//! - `--playouts P`: the `expert` bot's budget per decision (default its own,
//!   `ExpertBot::DEFAULT_PLAYOUTS`).
//! - `--json`: the result as one JSON object (below).
//! - `--help`: the usage.
//!
//! Output (stdout), after the games (a progress line on stderr, counting rounds, when
//! stderr is a terminal):
//! - per table, the lone bot's mean net per round against the three others, with a 95 %
//!   interval (mean ± 1.96 standard errors of the per-game means: rounds within a game
//!   are not independent, games are), and its share of wins seat against seat (each round
//!   compares its net with each of the three others': a win when above, half when equal;
//!   equal bots share them evenly);
//! - per bot, its mean net per round over every seat it held, with a 95 % interval the
//!   same way, and its rating.
//!
//! The rating is Elo-like: a Bradley–Terry model fitted by maximum likelihood (minorization–
//! maximization iterations) to the seat-against-seat wins and losses between each pair, with half a
//! round won and half lost added to each pair so that a bot that never loses still gets a
//! finite rating, on the Elo scale (400 × log10 of the strength, 1500 for the geometric
//! mean of the bots). A batch fit rather than TrueSkill: the ladder knows every result at
//! once, a fixed handful of bots plays thousands of rounds, and the maximum-likelihood
//! fit is the same whatever the order the cores finished the games in, where TrueSkill's
//! updates follow the order of the games and are made for many players with few games.
//!
//! `--json`: one object with the keys `games`, `rounds`, `seed`, `system`, `seconds`,
//! `threads`, `tables` (a list of `{bot, field, games, rounds, mean_net, ci95, won}`: the
//! lone bot, the bot of the three others, the interval's half-width, the share of its
//! seat-against-seat wins) and `bots` (a list of `{bot, rating, mean_net, ci95, rounds}`, best rating first;
//! `rounds` counts the seat-rounds it played).
//!
//! Exit status: 0 on success and for `--help`, 2 for a bad command line (one line on
//! stderr says what), 1 if a game fails (a bug).

use std::fmt::Write as _;
use std::time::Instant;

use mahjong_rules::table::bots::{self, Bot, ExpertBot, play_round};
use mahjong_rules::table::{Game, TableOptions};
use mahjong_rules::{RuleOptions, ScoringSystem};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use serde_json::{Value, json};

use crate::cli::{self, Arg, CliError, Progress, excerpt, usage};
use crate::ladder::{mean_ci, ratings, tables};

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: mahjong_ladder --games N --seed S --bots B,B[,B...] [--anchor B]
                      [--system simple|advanced] [--rounds K] [--playouts P] [--json]
Rates bots by games of one bot against three of another, seats rotated, on every core.
  --bots B,B,...   the bots to rate (names: random, efficient, scorer, expert)
  --anchor B       only tables of each other bot against three B
  --games N        games to play (default 16); game i deals with seed S + i
  --seed S         the first game's seed (default 1)
  --system X       advanced (default) or simple scoring
  --rounds K       rounds per game (default 16, at most 256)
  --playouts P     the expert's playouts per decision
  --json           the result as one JSON object";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// How many games.
    pub games: u64,
    /// The first game's seed.
    pub seed: u64,
    /// The bots rated.
    pub bots: Vec<String>,
    /// The tables: (lone bot, bot of the three others), indices into `bots`.
    pub tables: Vec<(usize, usize)>,
    /// The table's options.
    pub table: TableOptions,
    /// The expert's budget.
    pub playouts: Option<u64>,
    /// JSON output.
    pub json: bool,
}

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut games = 16u64;
    let mut seed = 1u64;
    let mut names: Option<Vec<String>> = None;
    let mut anchor: Option<String> = None;
    let mut table = TableOptions::default()
        .with_rules(RuleOptions::default().with_system(ScoringSystem::Advanced));
    let mut playouts = None;
    let mut json = false;
    let mut p = cli::parser(args);
    while let Some(arg) = cli::next(&mut p)? {
        match arg {
            Arg::Long("games") => games = cli::value(&mut p, "--games")?,
            Arg::Long("seed") => seed = cli::value(&mut p, "--seed")?,
            Arg::Long("bots") => {
                let text = cli::text(&mut p, "--bots")?;
                let list: Vec<String> = text.split(',').map(|n| n.trim().to_string()).collect();
                names = Some(list);
            }
            Arg::Long("anchor") => anchor = Some(cli::text(&mut p, "--anchor")?),
            Arg::Long("system") => table.rules.system = cli::value(&mut p, "--system")?,
            Arg::Long("rounds") => {
                table.rounds = cli::value(&mut p, "--rounds")?;
                if table.rounds == 0 || table.rounds > TableOptions::MAX_ROUNDS {
                    return Err(usage(format!(
                        "--rounds {}: a game has 1 to {} rounds",
                        table.rounds,
                        TableOptions::MAX_ROUNDS
                    )));
                }
            }
            Arg::Long("playouts") => {
                let n: u64 = cli::value(&mut p, "--playouts")?;
                if n == 0 {
                    return Err(usage("--playouts must be at least 1"));
                }
                playouts = Some(n);
            }
            Arg::Long("json") => json = true,
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(USAGE.into())),
            other => return Err(cli::unexpected(other)),
        }
    }
    if games == 0 {
        return Err(usage("--games must be at least 1"));
    }
    let bots = names.ok_or_else(|| usage("--bots is required (two names at least)"))?;
    for (i, n) in bots.iter().enumerate() {
        if bots::by_name(n).is_none() {
            return Err(usage(format!(
                "--bots: unknown bot {:?}: expected {}",
                excerpt(n),
                bots::NAMES.join(", ")
            )));
        }
        if bots[..i].contains(n) {
            return Err(usage(format!("--bots: {n} given twice")));
        }
    }
    if bots.len() < 2 {
        return Err(usage("--bots takes two names at least"));
    }
    let anchor = match anchor {
        None => None,
        Some(name) => Some(bots.iter().position(|n| *n == name).ok_or_else(|| {
            usage(format!(
                "--anchor {}: not among --bots ({})",
                excerpt(&name),
                bots.join(", ")
            ))
        })?),
    };
    let tables = tables(bots.len(), anchor);
    Ok(Options {
        games,
        seed,
        bots,
        tables,
        table,
        playouts,
        json,
    })
}

/// One game's results.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    /// The table played: (lone bot, bot of the three others).
    pub table: (usize, usize),
    /// Rounds played.
    pub rounds: u64,
    /// The lone bot's net, summed over the rounds.
    pub lone_net: i64,
    /// The three others' nets, summed over the rounds and the seats.
    pub field_net: i64,
    /// Seat against seat, the lone bot's wins against each of the three others over the
    /// rounds, in halves (2 a round it did better than that seat, 1 when equal).
    pub lone_won_halves: u64,
}

fn make_bot(name: &str, playouts: Option<u64>) -> Result<Box<dyn Bot>, CliError> {
    if name == "expert" {
        return Ok(Box::new(ExpertBot::new().budget(playouts)));
    }
    bots::by_name(name).ok_or_else(|| usage(format!("unknown bot {:?}", excerpt(name))))
}

/// The table of game `index` and the lone bot's seat in its first round.
pub fn seating(options: &Options, index: u64) -> ((usize, usize), usize) {
    let t = options.tables.len() as u64;
    let table = options.tables[(index % t) as usize];
    (table, ((index / t) % 4) as usize)
}

/// Plays game `index` of the run (seed `seed + index`).
pub fn play_one(
    options: &Options,
    index: u64,
    progress: &Progress,
) -> Result<GameResult, CliError> {
    let (table, lone) = seating(options, index);
    let seed = options.seed.wrapping_add(index);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let names: [String; 4] =
        core::array::from_fn(|p| options.bots[if p == lone { table.0 } else { table.1 }].clone());
    let mut seats = Vec::with_capacity(4);
    for n in &names {
        seats.push(make_bot(n, options.playouts)?);
    }
    let mut seats: [Box<dyn Bot>; 4] = seats
        .try_into()
        .map_err(|_| CliError::Failed("four bots are needed".into()))?;
    let mut game = Game::new(names, options.table.clone())
        .map_err(|e| usage(e.to_string()))?
        .with_seed(seed);
    let mut out = GameResult {
        table,
        rounds: 0,
        lone_net: 0,
        field_net: 0,
        lone_won_halves: 0,
    };
    while !game.is_finished() {
        play_round(&mut game, &mut seats, &mut rng)
            .map_err(|e| CliError::Failed(format!("game {index} (seed {seed}): {e}")))?;
        let Some(record) = game.rounds().last() else {
            continue;
        };
        let Some(outcome) = &record.outcome else {
            continue;
        };
        let (mut mine, mut theirs) = (0i64, 0i64);
        for (w, &net) in outcome.nets.iter() {
            if record.seats[w] == lone {
                mine += net;
            } else {
                theirs += net;
            }
        }
        // Against each of the three others: won when above its net, half when equal.
        for (w, &net) in outcome.nets.iter() {
            if record.seats[w] != lone {
                out.lone_won_halves += match mine.cmp(&net) {
                    std::cmp::Ordering::Greater => 2,
                    std::cmp::Ordering::Equal => 1,
                    std::cmp::Ordering::Less => 0,
                };
            }
        }
        out.rounds += 1;
        out.lone_net += mine;
        out.field_net += theirs;
        progress.add(1);
    }
    Ok(out)
}

/// What a run found.
#[derive(Debug, Clone)]
pub struct Ladder {
    /// Per table: (lone, field, games, rounds, mean net, ci95, share won).
    pub tables: Vec<(usize, usize, u64, u64, f64, f64, f64)>,
    /// Per bot: (rating, mean net per seat-round, ci95, seat-rounds).
    pub bots: Vec<(f64, f64, f64, u64)>,
    /// Games and rounds played.
    pub games: u64,
    /// Rounds played.
    pub rounds: u64,
    /// Seconds taken.
    pub seconds: f64,
}

/// Adds up the games' results.
pub fn summarize(options: &Options, results: &[GameResult], seconds: f64) -> Ladder {
    let m = options.bots.len();
    let mut wins = vec![vec![0f64; m]; m];
    let mut per_bot: Vec<Vec<f64>> = vec![Vec::new(); m];
    let mut seat_rounds = vec![0u64; m];
    let mut tables = Vec::new();
    for &(a, b) in &options.tables {
        let games: Vec<&GameResult> = results.iter().filter(|r| r.table == (a, b)).collect();
        let rounds: u64 = games.iter().map(|r| r.rounds).sum();
        let means: Vec<f64> = games
            .iter()
            .filter(|r| r.rounds > 0)
            .map(|r| r.lone_net as f64 / r.rounds as f64)
            .collect();
        let (mean, ci) = mean_ci(&means);
        let halves: u64 = games.iter().map(|r| r.lone_won_halves).sum();
        let won = if rounds == 0 {
            0.0
        } else {
            halves as f64 / (6 * rounds) as f64
        };
        wins[a][b] += halves as f64 / 2.0;
        wins[b][a] += (6 * rounds - halves) as f64 / 2.0;
        tables.push((a, b, games.len() as u64, rounds, mean, ci, won));
    }
    for r in results.iter().filter(|r| r.rounds > 0) {
        let n = r.rounds as f64;
        let (a, b) = r.table;
        per_bot[a].push(r.lone_net as f64 / n);
        per_bot[b].push(r.field_net as f64 / (3.0 * n));
        seat_rounds[a] += r.rounds;
        seat_rounds[b] += 3 * r.rounds;
    }
    let rating = ratings(&wins);
    let bots = (0..m)
        .map(|i| {
            let (mean, ci) = mean_ci(&per_bot[i]);
            (rating[i], mean, ci, seat_rounds[i])
        })
        .collect();
    Ladder {
        tables,
        bots,
        games: results.len() as u64,
        rounds: results.iter().map(|r| r.rounds).sum(),
        seconds,
    }
}

/// Plays every game on every core.
pub fn simulate(options: &Options, progress: &Progress) -> Result<Ladder, CliError> {
    let start = Instant::now();
    let results: Vec<GameResult> = (0..options.games)
        .into_par_iter()
        .map(|i| play_one(options, i, progress))
        .collect::<Result<_, _>>()?;
    progress.finish();
    Ok(summarize(options, &results, start.elapsed().as_secs_f64()))
}

fn system_name(options: &Options) -> &'static str {
    match options.table.rules.system {
        ScoringSystem::Simple => "simple",
        ScoringSystem::Advanced => "advanced",
    }
}

/// The best rating first.
fn order(l: &Ladder) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..l.bots.len()).collect();
    idx.sort_by(|&a, &b| l.bots[b].0.total_cmp(&l.bots[a].0).then(a.cmp(&b)));
    idx
}

/// The result as JSON.
pub fn ladder_json(options: &Options, l: &Ladder) -> Value {
    let tables: Vec<Value> = l
        .tables
        .iter()
        .map(|&(a, b, games, rounds, mean, ci, won)| {
            json!({
                "bot": options.bots[a], "field": options.bots[b], "games": games,
                "rounds": rounds, "mean_net": mean, "ci95": ci, "won": won,
            })
        })
        .collect();
    let bots: Vec<Value> = order(l)
        .into_iter()
        .map(|i| {
            let (rating, mean, ci, rounds) = l.bots[i];
            json!({"bot": options.bots[i], "rating": rating, "mean_net": mean, "ci95": ci, "rounds": rounds})
        })
        .collect();
    json!({
        "games": l.games,
        "rounds": l.rounds,
        "seed": options.seed,
        "system": system_name(options),
        "seconds": l.seconds,
        "threads": rayon::current_num_threads(),
        "tables": tables,
        "bots": bots,
    })
}

fn finite(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        "∞".into()
    }
}

/// The result as text.
pub fn ladder_text(options: &Options, l: &Ladder) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} games, {} rounds ({} per game), {} system, seeds {} to {}",
        l.games,
        l.rounds,
        options.table.rounds,
        system_name(options),
        options.seed,
        options.seed.wrapping_add(l.games.saturating_sub(1))
    );
    let _ = writeln!(
        s,
        "table                        games  rounds  mean net per round   won"
    );
    for &(a, b, games, rounds, mean, ci, won) in &l.tables {
        let name = format!("{} vs 3 {}", options.bots[a], options.bots[b]);
        let _ = writeln!(
            s,
            "{name:<28} {games:>5}  {rounds:>6}  {mean:>+8.1} ± {:<8} {:>5.1}%",
            finite(ci),
            100.0 * won
        );
    }
    let _ = writeln!(s, "bot          rating  mean net per round  seat-rounds");
    for i in order(l) {
        let (rating, mean, ci, rounds) = l.bots[i];
        let _ = writeln!(
            s,
            "{:<12} {rating:>6.0}  {mean:>+8.1} ± {:<8} {rounds:>8}",
            options.bots[i],
            finite(ci)
        );
    }
    let _ = write!(
        s,
        "{:.0} s on {} threads",
        l.seconds,
        rayon::current_num_threads()
    );
    s
}

/// The whole example: the arguments in, the text to print out (`progress` shows the rounds
/// played).
pub fn run_with(
    args: &[String],
    progress: impl FnOnce(u64) -> Progress,
) -> Result<String, CliError> {
    let options = parse_args(args)?;
    let progress = progress(options.games.saturating_mul(options.table.rounds as u64));
    let ladder = simulate(&options, &progress)?;
    if options.json {
        Ok(ladder_json(&options, &ladder).to_string())
    } else {
        Ok(ladder_text(&options, &ladder))
    }
}

/// The example as the binary runs it: a progress line on stderr when it is a terminal.
pub fn run(args: &[String]) -> Result<String, CliError> {
    run_with(args, |n| {
        Progress::new(usize::try_from(n).unwrap_or(usize::MAX), "rounds")
    })
}
