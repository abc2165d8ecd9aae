//! Measures what hostile input costs the mahjong crates: the peak memory of reading a huge
//! text, and the time of the table's longest calls (whole games of the most rounds, their
//! replay, each bot's decisions).
//!
//! ```sh
//! cargo run --release -p benches --example mahjong_hostile_measure -- memory --as hand --unit 1
//! cargo run --release -p benches --example mahjong_hostile_measure -- table [--games N]
//! ```
//!
//! - `memory --as KIND --unit TEXT [--megabytes M]`: builds a text of M megabytes (default
//!   100) by repeating TEXT, reads it as KIND (`hand`, `meld`, `action`, `tiles`, `wind`),
//!   and prints the growth of the process's peak resident memory (`VmHWM` in
//!   `/proc/self/status`, Linux only) and the time taken, with the error's first 100
//!   bytes. Run one case per process: the peak is a high-water mark.
//! - `table [--games N]`: for each bot, N games (default 10, seeds 0 to N−1) of
//!   `TableOptions::MAX_ROUNDS` rounds: the mean and slowest game, the replay of the first
//!   game's record; then every decision of N games of 16 rounds, timed one by one: the mean
//!   and the slowest. Wall-clock times of one thread: on a loaded machine the slowest
//!   figures include preemption (run it at `nice -n 10` and say the load).
//!
//! Exit status 2 for a bad command line.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use lexopt::prelude::*;
use mahjong_rules::table::bots::{self, Bot, play_game};
use mahjong_rules::table::{Action, Game, TableOptions};
use mahjong_rules::wall::Deal;
use mahjong_rules::{Hand, Meld};
use mahjong_tiles::{Tiles, Wind};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// The process's peak resident memory in bytes, if the system says.
fn peak() -> Option<usize> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn memory(kind: &str, unit: &str, megabytes: usize) -> Result<(), String> {
    if unit.is_empty() {
        return Err("--unit must not be empty".into());
    }
    let size = megabytes * 1_000_000;
    let mut text = unit.repeat(size / unit.len());
    text.push_str(&"x".repeat(size - text.len()));
    let before = peak();
    let started = Instant::now();
    let error = match kind {
        "hand" => text.parse::<Hand>().err().map(|e| e.to_string()),
        "meld" => text.parse::<Meld>().err().map(|e| e.to_string()),
        "action" => text.parse::<Action>().err().map(|e| e.to_string()),
        "tiles" => text.parse::<Tiles>().err().map(|e| e.to_string()),
        "wind" => text.parse::<Wind>().err().map(|e| e.to_string()),
        other => {
            return Err(format!(
                "--as {other}: expected hand, meld, action, tiles or wind"
            ));
        }
    };
    let took = started.elapsed();
    let error = error.unwrap_or_else(|| "accepted".into());
    let cut = error
        .char_indices()
        .nth(100)
        .map_or(error.len(), |(i, _)| i);
    match (before, peak()) {
        (Some(b), Some(a)) => println!(
            "{kind} of {megabytes} MB ({unit:?} repeated): peak {} MB → {} MB (+{} MB), {took:.2?}: {}",
            b >> 20,
            a >> 20,
            (a - b) >> 20,
            &error[..cut]
        ),
        _ => println!(
            "{kind}: no peak memory on this system, {took:.2?}: {}",
            &error[..cut]
        ),
    }
    Ok(())
}

fn players(bot: &str) -> [Box<dyn Bot>; 4] {
    core::array::from_fn(|_| bots::by_name(bot).expect("a bot of NAMES"))
}

fn names() -> [String; 4] {
    ["a", "b", "c", "d"].map(String::from)
}

fn table(games: u64) {
    let rounds = TableOptions::MAX_ROUNDS;
    // The searching bot is timed by expert_measure (256 rounds of four experts: hours).
    for bot in bots::NAMES.iter().copied().filter(|&b| b != "expert") {
        let (mut total, mut slowest) = (Duration::ZERO, Duration::ZERO);
        for seed in 0..games {
            let mut game = Game::new(names(), TableOptions::default().with_rounds(rounds))
                .expect("the most rounds");
            let started = Instant::now();
            play_game(
                &mut game,
                &mut players(bot),
                &mut Pcg64Mcg::seed_from_u64(seed),
            )
            .expect("bots play legal actions");
            let took = started.elapsed();
            total += took;
            slowest = slowest.max(took);
            if seed == 0 {
                let record = game.record();
                let started = Instant::now();
                let replayed = record.replay();
                let took = started.elapsed();
                assert_eq!(replayed.as_ref(), Ok(&game));
                let actions: usize = record.rounds.iter().map(|r| r.actions.len()).sum();
                println!(
                    "{bot}: the record of a {rounds}-round game ({actions} actions) replays in {took:.1?}"
                );
            }
        }
        println!(
            "{bot}: {games} games of {rounds} rounds: mean {:.1?}, slowest {slowest:.1?}",
            total / u32::try_from(games.max(1)).unwrap_or(u32::MAX)
        );
    }
    for bot in bots::NAMES {
        let (mut n, mut sum, mut worst) = (0u32, Duration::ZERO, Duration::ZERO);
        for seed in 0..games {
            let mut game =
                Game::new(names(), TableOptions::default().with_rounds(16)).expect("16 rounds");
            let mut players = players(bot);
            let mut rng = Pcg64Mcg::seed_from_u64(seed);
            while !game.is_finished() {
                if game.needs_deal() {
                    game.deal(Deal::random(game.options().tile_set, &mut rng))
                        .expect("a random deal");
                }
                while let Some(&seat) = game.to_act().first() {
                    let player = game.seats()[seat];
                    let Some(view) = game.view(seat) else { break };
                    let started = Instant::now();
                    let action = players[player].choose(&view, &mut rng);
                    let took = started.elapsed();
                    (n, sum, worst) = (n + 1, sum + took, worst.max(took));
                    game.play(action).expect("a legal action");
                }
            }
        }
        println!(
            "{bot}: {n} decisions: mean {:.1?}, slowest {worst:.1?}",
            sum / n.max(1)
        );
    }
}

fn run() -> Result<(), lexopt::Error> {
    let mut parser = lexopt::Parser::from_env();
    let (mut mode, mut kind, mut unit) = (None::<String>, None::<String>, None::<String>);
    let (mut megabytes, mut games) = (100usize, 10u64);
    while let Some(arg) = parser.next()? {
        match arg {
            Long("as") => kind = Some(parser.value()?.string()?),
            Long("unit") => unit = Some(parser.value()?.string()?),
            Long("megabytes") => megabytes = parser.value()?.parse()?,
            Long("games") => games = parser.value()?.parse()?,
            Long("help") | Short('h') => {
                println!(
                    "usage: mahjong_hostile_measure memory --as hand|meld|action|tiles|wind --unit TEXT [--megabytes M]\n       mahjong_hostile_measure table [--games N]"
                );
                return Ok(());
            }
            Value(v) if mode.is_none() => mode = Some(v.string()?),
            _ => return Err(arg.unexpected()),
        }
    }
    match mode.as_deref() {
        Some("memory") => {
            let (Some(kind), Some(unit)) = (kind, unit) else {
                return Err("memory needs --as KIND and --unit TEXT".into());
            };
            memory(&kind, &unit, megabytes).map_err(lexopt::Error::from)
        }
        Some("table") => {
            table(games);
            Ok(())
        }
        _ => Err("expected memory or table (see --help)".into()),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("mahjong_hostile_measure: {e}");
            ExitCode::from(2)
        }
    }
}
