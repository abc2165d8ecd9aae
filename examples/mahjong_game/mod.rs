//! `mahjong_game`: plays whole games of French mahjong between computer players
//! (mahjong-rules' table engine) and sums them up, or records one game.
//!
//! ```text
//! cargo run --release --example mahjong_game -- --games N --seed S [--bots B,B,B,B]
//!     [--system simple|advanced] [--rounds K] [--discards chinese|japanese]
//!     [--calling on|off] [--round-wind on|off] [--draw-rotation rotate|stay]
//!     [--timeout SECONDS] [--json] [--record]
//! ```
//!
//! - `--games N`: how many games (default 1). Game `i` (from 0) deals and decides with
//!   `Pcg64Mcg::seed_from_u64(S + i)` (crate `rand_pcg`), so game `i` of a run is
//!   `--record --seed S+i` on its own.
//! - `--seed S`: the first game's seed (default 1).
//! - `--bots B,B,B,B`: the bots of the four players, in seat order East, South, West, North
//!   of the first round (one name for all four is allowed); names: those of
//!   `mahjong_rules::table::bots::NAMES` (default: `scorer`, the strongest bot that does
//!   not search, for all four; `expert` searches and plays about a hundred times slower).
//! - `--system simple|advanced`: the scoring system (default simple: East's score doubled,
//!   each score added to its player's total; advanced: East's gains and losses doubled,
//!   the round settled by payments).
//! - `--rounds K`: rounds per game (default 16, at most 256: `TableOptions::MAX_ROUNDS`).
//! - `--discards chinese|japanese`: every discard visible (default) or only the last; the
//!   Celestial Empire may be invoked only under the Chinese rule.
//! - `--calling on|off`: the calling-hand declaration (default off).
//! - `--round-wind on|off`: the round wind (default off).
//! - `--draw-rotation rotate|stay`: after a round nobody won, the winds rotate (default, the
//!   article's preference) or stay (East remains East): `RuleOptions::draw_rotation`.
//! - `--timeout SECONDS`: a wall-clock limit per game (fractions allowed; `0`, like the
//!   default, means none). A game is looked at between its rounds; one over its limit ends
//!   the run with exit status 3 and one line on stderr, `game I (seed S): over the time
//!   limit of T s after R of K rounds`. There is no default limit: a game is bounded by the
//!   table itself (at most 256 rounds of at most 440 actions, each decided in microseconds;
//!   the longest game, 256 rounds between scorers, plays in well under a second).
//!
//! Output (stdout):
//! - by default, after playing the games on every core (a progress line on stderr when it
//!   is a terminal), a readable summary: per seat the bot, its wins and mean net per round;
//!   the draw rate; East's advantage (East's mean net per round against the others'); how
//!   often each hand type and each Grand Jeu was won; rounds per second.
//! - `--json`: the same summary as one JSON object with the keys `games`, `rounds`,
//!   `draws`, `rounds_per_s`, `seats` (a list of `{bot, wins, mean_net}` in seat order E,
//!   S, W, N of the first round), `hands` (an object from a hand type or Grand Jeu name to
//!   how many rounds it won), and `seed`, `draw_rate`, `east` (`{mean_net,
//!   others_mean_net, advantage, wins}`), `threads`.
//! - `--record`: one game (`--games` must be 1 or absent; not with `--json`) as the crate's game record in
//!   JSON: `seed`, `options`, `players` (the bots, by player), `totals` (per player, in
//!   `players` order, at the end) and `rounds`, each with `seats` (an object from each wind
//!   letter E S W N to the index of the player sitting there), `dominant` (the wind letter
//!   of the breach wall's owner), `round_wind` (a letter, or null when the option is off),
//!   `deal` (the dice and the tiles in stack order), `actions` (in order, as text: `"E
//!   discard 5m"`, `"S pung"`…), and `outcome` with `winner` (a wind letter or null), `win`
//!   (null, or the winning `tile` and the booleans `self_drawn`, `last_wall_tile`,
//!   `last_discard`, `robbing_kong`), `calling` (the wind letters that declared a calling
//!   hand), `hands` (per wind letter, the final hand in the crate's notation, flowers and
//!   seasons included, as `mahjong_score` reads it), `scores` (per wind letter `points`,
//!   `doubles`, `total`), `payments` (a list of `{from, to, amount}` with wind letters;
//!   empty in the simple system), `nets` (per wind letter), `discards` (the tiles left in
//!   the discard area), `live_wall_left` and `dead_wall_left`. The record replays with
//!   `GameRecord::replay`.
//! - `--help`: the usage.
//!
//! Exit status: 0 on success and for `--help`, 2 for a bad command line (one line on
//! stderr says what), 3 when a game runs over `--timeout`, 1 if a game fails (a bug).

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use mahjong_rules::table::bots::{self, Bot, play_round};
use mahjong_rules::table::{Game, TableOptions};
use mahjong_rules::{DiscardRule, DrawRotation, ScoreRule, ScoringSystem};
use mahjong_tiles::Wind;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use serde_json::{Value, json};

use crate::cli::{self, Arg, CliError, Progress, Watchdog, excerpt, usage};

/// The usage, printed by `--help`.
pub const USAGE: &str = "\
usage: mahjong_game --games N --seed S [--bots B,B,B,B] [--system simple|advanced]
                    [--rounds K] [--discards chinese|japanese] [--calling on|off]
                    [--round-wind on|off] [--draw-rotation rotate|stay]
                    [--timeout SECONDS] [--json] [--record]
Plays games of French mahjong between computer players and sums them up.
  --games N        games to play (default 1); game i deals with seed S + i
  --seed S         the first game's seed (default 1)
  --bots B,B,B,B   the players' bots, East South West North of the first round
                   (one name for all four; names: random, efficient, scorer,
                   expert; default scorer)
  --system X       simple (default) or advanced scoring
  --rounds K       rounds per game (default 16, at most 256)
  --discards X     chinese (default: every discard visible) or japanese (only the last)
  --calling X      on or off (default): the calling-hand declaration
  --round-wind X   on or off (default): the round wind
  --draw-rotation X  rotate (default) or stay: the winds after a round nobody won
  --timeout S      seconds per game (0, the default: no limit); a game over it ends the
                   run with exit status 3
  --json           the summary as one JSON object
  --record         one game's whole record as JSON (N must be 1)";

/// What the command line asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    /// How many games.
    pub games: u64,
    /// The first game's seed.
    pub seed: u64,
    /// The bots' names, by player.
    pub bots: [String; 4],
    /// The table's options.
    pub table: TableOptions,
    /// JSON summary.
    pub json: bool,
    /// One game's record.
    pub record: bool,
    /// The time limit per game (`None`: no limit).
    pub timeout: Option<Duration>,
}

/// The bot used when `--bots` is not given.
pub fn default_bot() -> &'static str {
    "scorer"
}

fn on_off(p: &mut cli::Parser, name: &str) -> Result<bool, CliError> {
    cli::choice(p, name, &[("on", true), ("off", false)])
}

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, CliError> {
    let mut games: Option<u64> = None;
    let mut seed = 1u64;
    let mut bot_names: Option<[String; 4]> = None;
    let mut table = TableOptions::default();
    let (mut json, mut record) = (false, false);
    let mut timeout = None;
    let mut p = cli::parser(args);
    while let Some(arg) = cli::next(&mut p)? {
        match arg {
            Arg::Long("games") => games = Some(cli::value(&mut p, "--games")?),
            Arg::Long("seed") => seed = cli::value(&mut p, "--seed")?,
            Arg::Long("bots") => {
                let text = cli::text(&mut p, "--bots")?;
                let names: Vec<&str> = text.split(',').map(str::trim).collect();
                if let Some(bad) = names.iter().find(|n| bots::by_name(n).is_none()) {
                    return Err(usage(format!(
                        "--bots: unknown bot {:?}: expected {}",
                        excerpt(bad),
                        bots::NAMES.join(", ")
                    )));
                }
                bot_names = Some(match names[..] {
                    [one] => [one, one, one, one].map(String::from),
                    [a, b, c, d] => [a, b, c, d].map(String::from),
                    _ => {
                        return Err(usage(format!(
                            "--bots takes 4 names (or one for all), given {}",
                            names.len()
                        )));
                    }
                });
            }
            Arg::Long("system") => table.rules.system = cli::value(&mut p, "--system")?,
            Arg::Long("rounds") => {
                table.rounds = cli::value(&mut p, "--rounds")?;
                if table.rounds > TableOptions::MAX_ROUNDS {
                    return Err(usage(format!(
                        "--rounds {}: a game has at most {} rounds",
                        table.rounds,
                        TableOptions::MAX_ROUNDS
                    )));
                }
            }
            Arg::Long("discards") => {
                table.rules.discards = cli::choice(
                    &mut p,
                    "--discards",
                    &[
                        ("chinese", DiscardRule::Chinese),
                        ("japanese", DiscardRule::Japanese),
                    ],
                )?
            }
            Arg::Long("calling") => table.calling = on_off(&mut p, "--calling")?,
            Arg::Long("round-wind") => table.round_wind = on_off(&mut p, "--round-wind")?,
            Arg::Long("draw-rotation") => {
                table.rules.draw_rotation = cli::choice(
                    &mut p,
                    "--draw-rotation",
                    &[
                        ("rotate", DrawRotation::Rotate),
                        ("stay", DrawRotation::Stay),
                    ],
                )?
            }
            Arg::Long("json") => json = true,
            Arg::Long("record") => record = true,
            Arg::Long("timeout") => timeout = cli::timeout(&mut p)?,
            Arg::Short('h') | Arg::Long("help") => return Err(CliError::Help(USAGE.into())),
            other => return Err(cli::unexpected(other)),
        }
    }
    if record && json {
        return Err(usage(
            "--record prints the game as JSON already: --json does not apply",
        ));
    }
    cli::seed_range(seed, games.unwrap_or(1), "games")?;
    if record && games.is_some_and(|n| n != 1) {
        return Err(usage(
            "--record records one game: --games must be 1 or absent",
        ));
    }
    let games = games.unwrap_or(1);
    if games == 0 {
        return Err(usage("--games must be at least 1"));
    }
    let bots = bot_names.unwrap_or_else(|| [default_bot(); 4].map(String::from));
    Ok(Options {
        games,
        seed,
        bots,
        table,
        json,
        record,
        timeout,
    })
}

/// The bots of a game, by player.
fn make_bots(names: &[String; 4]) -> Result<[Box<dyn Bot>; 4], CliError> {
    let mut out = Vec::with_capacity(4);
    for n in names {
        out.push(bots::by_name(n).ok_or_else(|| usage(format!("unknown bot {:?}", excerpt(n))))?);
    }
    out.try_into()
        .map_err(|_| CliError::Failed("four bots are needed".into()))
}

/// The tallies of some games, added up.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games played.
    pub games: u64,
    /// Rounds played.
    pub rounds: u64,
    /// Rounds nobody won.
    pub draws: u64,
    /// Rounds won, by player.
    pub wins: [u64; 4],
    /// Sum of the nets, by player.
    pub nets: [i64; 4],
    /// Sum of East's nets.
    pub east_net: i64,
    /// Sum of the others' nets.
    pub others_net: i64,
    /// Rounds East won.
    pub east_wins: u64,
    /// Rounds won with each hand type or Grand Jeu.
    pub hands: BTreeMap<String, u64>,
}

impl Tally {
    fn add(mut self, o: Tally) -> Tally {
        self.games += o.games;
        self.rounds += o.rounds;
        self.draws += o.draws;
        for i in 0..4 {
            self.wins[i] += o.wins[i];
            self.nets[i] += o.nets[i];
        }
        self.east_net += o.east_net;
        self.others_net += o.others_net;
        self.east_wins += o.east_wins;
        for (k, v) in o.hands {
            *self.hands.entry(k).or_default() += v;
        }
        self
    }

    /// Counts the last finished round of `game`.
    fn count_round(&mut self, game: &Game) {
        let (Some(record), Some(scores)) = (game.rounds().last(), game.last_scores()) else {
            return;
        };
        let Some(outcome) = &record.outcome else {
            return;
        };
        self.rounds += 1;
        for (w, &net) in outcome.nets.iter() {
            self.nets[record.seats[w]] += net;
            if w == Wind::East {
                self.east_net += net;
            } else {
                self.others_net += net;
            }
        }
        let Some(winner) = outcome.winner else {
            self.draws += 1;
            return;
        };
        self.wins[record.seats[winner]] += 1;
        if winner == Wind::East {
            self.east_wins += 1;
        }
        let score = &scores[winner];
        if let Some(limit) = score.limit_hand {
            *self
                .hands
                .entry(limit.french_name().to_string())
                .or_default() += 1;
        }
        let mut seen: Vec<&str> = Vec::new();
        for line in &score.lines {
            let ScoreRule::Table(item) = line.rule else {
                continue;
            };
            let counts = line.value > 0;
            if item.is_mah_jong_only()
                && item != mahjong_rules::Item::MahJong
                && counts
                && !seen.contains(&item.description())
            {
                seen.push(item.description());
                *self
                    .hands
                    .entry(item.description().to_string())
                    .or_default() += 1;
            }
        }
    }
}

/// Plays game `index` of the run (seed `seed + index`) and tallies it, without a time limit.
pub fn play_one(options: &Options, index: u64) -> Result<(Game, Tally), CliError> {
    play_until(options, index, &AtomicBool::new(false))
}

/// Plays game `index` like [`play_one`], looking at `cancel` before each round (a round
/// takes well under a millisecond): once it is raised, the game ends with
/// [`CliError::Unanswered`] naming the game, its seed, `options.timeout` and the rounds
/// played.
pub fn play_until(
    options: &Options,
    index: u64,
    cancel: &AtomicBool,
) -> Result<(Game, Tally), CliError> {
    let mut rng = Pcg64Mcg::seed_from_u64(options.seed.wrapping_add(index));
    let mut bots = make_bots(&options.bots)?;
    let mut game = Game::new(options.bots.clone(), options.table.clone())
        .map_err(|e| usage(e.to_string()))?
        .with_seed(options.seed.wrapping_add(index));
    let mut tally = Tally {
        games: 1,
        ..Tally::default()
    };
    while !game.is_finished() {
        if cancel.load(Ordering::Relaxed) {
            return Err(CliError::Unanswered(format!(
                "game {index} (seed {}): over the time limit of {} s after {} of {} rounds",
                options.seed.wrapping_add(index),
                options.timeout.map_or(0.0, |t| t.as_secs_f64()),
                game.rounds().len(),
                options.table.rounds
            )));
        }
        play_round(&mut game, &mut bots, &mut rng)
            .map_err(|e| CliError::Failed(format!("game {index}: {e}")))?;
        tally.count_round(&game);
    }
    Ok((game, tally))
}

/// Plays game `index` within `options.timeout`, timed by `watchdog` (present when there
/// is a limit).
fn play_timed(
    options: &Options,
    index: u64,
    watchdog: Option<&Watchdog>,
) -> Result<(Game, Tally), CliError> {
    match watchdog {
        None => play_one(options, index),
        Some(w) => {
            let timer = w.timer();
            timer.start(options.timeout);
            let played = play_until(options, index, &timer.flag());
            timer.stop();
            played
        }
    }
}

/// Plays every game on every core and adds up their tallies; returns them with the seconds
/// taken. A game over `options.timeout` ends the run with [`CliError::Unanswered`].
pub fn simulate(options: &Options, progress: &Progress) -> Result<(Tally, f64), CliError> {
    let start = Instant::now();
    let watchdog = options.timeout.map(|_| Watchdog::new());
    let tally = (0..options.games)
        .into_par_iter()
        .map(|i| {
            let r = play_timed(options, i, watchdog.as_ref()).map(|(_, t)| t);
            progress.add(1);
            r
        })
        .try_reduce(Tally::default, |a, b| Ok(a.add(b)))?;
    progress.finish();
    Ok((tally, start.elapsed().as_secs_f64()))
}

fn per_round(sum: i64, rounds: u64) -> f64 {
    if rounds == 0 {
        0.0
    } else {
        sum as f64 / rounds as f64
    }
}

fn rate(n: u64, of: u64) -> f64 {
    if of == 0 { 0.0 } else { n as f64 / of as f64 }
}

/// The summary as JSON.
pub fn summary_json(options: &Options, tally: &Tally, seconds: f64) -> Value {
    let seats: Vec<Value> = (0..4)
        .map(|i| {
            json!({
                "bot": options.bots[i],
                "wins": tally.wins[i],
                "mean_net": per_round(tally.nets[i], tally.rounds),
            })
        })
        .collect();
    let east = per_round(tally.east_net, tally.rounds);
    let others = per_round(tally.others_net, 3 * tally.rounds);
    json!({
        "games": tally.games,
        "rounds": tally.rounds,
        "draws": tally.draws,
        "draw_rate": rate(tally.draws, tally.rounds),
        "rounds_per_s": if seconds > 0.0 { tally.rounds as f64 / seconds } else { 0.0 },
        "threads": rayon::current_num_threads(),
        "seed": options.seed,
        "seats": seats,
        "east": {
            "mean_net": east,
            "others_mean_net": others,
            "advantage": east - others,
            "wins": tally.east_wins,
        },
        "hands": tally.hands,
    })
}

/// The summary as text.
pub fn summary_text(options: &Options, tally: &Tally, seconds: f64) -> String {
    let t = &options.table;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} games, {} rounds ({} per game); {} system, {} discards, calling {}, round wind {}",
        tally.games,
        tally.rounds,
        t.rounds,
        match t.rules.system {
            ScoringSystem::Simple => "simple",
            ScoringSystem::Advanced => "advanced",
        },
        match t.rules.discards {
            DiscardRule::Chinese => "chinese",
            DiscardRule::Japanese => "japanese",
        },
        if t.calling { "on" } else { "off" },
        if t.round_wind { "on" } else { "off" },
    );
    let _ = writeln!(s, "seat  bot         wins  win rate  mean net per round");
    for (i, w) in Wind::ALL.iter().enumerate() {
        let _ = writeln!(
            s,
            "{}     {:<10} {:>5}  {:>7.1}%  {:>+10.1}",
            w.letter(),
            options.bots[i],
            tally.wins[i],
            100.0 * rate(tally.wins[i], tally.rounds),
            per_round(tally.nets[i], tally.rounds)
        );
    }
    let _ = writeln!(
        s,
        "draws: {} ({:.1}% of rounds)",
        tally.draws,
        100.0 * rate(tally.draws, tally.rounds)
    );
    let east = per_round(tally.east_net, tally.rounds);
    let others = per_round(tally.others_net, 3 * tally.rounds);
    let _ = writeln!(
        s,
        "East's advantage: {:+.1} per round (East {:+.1}, the others {:+.1}); East won {:.1}% of rounds",
        east - others,
        east,
        others,
        100.0 * rate(tally.east_wins, tally.rounds)
    );
    let wins: u64 = tally.wins.iter().sum();
    let _ = writeln!(s, "hands won ({wins} Mah-jongs):");
    let mut hands: Vec<(&String, &u64)> = tally.hands.iter().collect();
    hands.sort_by(|a, b| b.1.cmp(a.1).then(a.0.cmp(b.0)));
    for (name, n) in hands {
        let _ = writeln!(s, "  {name}: {n} ({:.1}%)", 100.0 * rate(*n, wins));
    }
    let _ = write!(
        s,
        "{:.0} rounds/s on {} threads",
        if seconds > 0.0 {
            tally.rounds as f64 / seconds
        } else {
            0.0
        },
        rayon::current_num_threads()
    );
    s
}

/// One game's record as JSON.
pub fn record_json(options: &Options) -> Result<Value, CliError> {
    let watchdog = options.timeout.map(|_| Watchdog::new());
    let (game, _) = play_timed(options, 0, watchdog.as_ref())?;
    serde_json::to_value(game.record()).map_err(|e| CliError::Failed(e.to_string()))
}

/// The whole example: the arguments in, the text to print out (`progress` shows the games
/// played).
pub fn run_with(
    args: &[String],
    progress: impl FnOnce(u64) -> Progress,
) -> Result<String, CliError> {
    let options = parse_args(args)?;
    if options.record {
        let v = record_json(&options)?;
        return serde_json::to_string_pretty(&v).map_err(|e| CliError::Failed(e.to_string()));
    }
    let progress = progress(options.games);
    let (tally, seconds) = simulate(&options, &progress)?;
    if options.json {
        Ok(summary_json(&options, &tally, seconds).to_string())
    } else {
        Ok(summary_text(&options, &tally, seconds))
    }
}

/// The example as the binary runs it: a progress line on stderr when it is a terminal.
pub fn run(args: &[String]) -> Result<String, CliError> {
    run_with(args, |n| {
        Progress::new(usize::try_from(n).unwrap_or(usize::MAX), "games")
    })
}
