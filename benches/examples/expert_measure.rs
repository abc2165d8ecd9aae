//! Times the `expert` bot's decisions one by one, in games of one expert against three
//! scorers (advanced system), on one thread.
//!
//! ```sh
//! cargo run --release -p benches --example expert_measure -- [--games N] [--seed S] [--playouts P]
//! ```
//!
//! - `--games N`: games of 16 rounds (default 4); game `i` is seeded `S + i` (default
//!   `S` = 1) and the expert sits at seat `i mod 4` of the first round.
//! - `--playouts P`: the expert's budget per decision (default: `ExpertBot::DEFAULT_PLAYOUTS`).
//!
//! Prints the decisions timed, those with a choice (more than one legal action), those the
//! expert searches (a claim, or a turn whose best discard leaves the hand calling: the
//! others return at once), the median, 90th and 99th percentiles and the slowest decision (all
//! decisions and searched ones), and the expert's mean net per round. Wall-clock times of
//! one thread: on a loaded machine the tail includes preemption (say the load).
//!
//! Exit status 2 for a bad command line.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use benches::expert;
use lexopt::prelude::*;
use mahjong_rules::table::bots::{Bot, ExpertBot, ScorerBot};
use mahjong_rules::table::{Game, TableOptions};
use mahjong_rules::wall::Deal;
use mahjong_rules::{RuleOptions, ScoringSystem};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[i.min(sorted.len() - 1)]
}

fn line(what: &str, d: &mut [Duration]) {
    d.sort_unstable();
    println!(
        "{what}: {} decisions, median {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        d.len(),
        percentile(d, 0.5).as_secs_f64() * 1e3,
        percentile(d, 0.9).as_secs_f64() * 1e3,
        percentile(d, 0.99).as_secs_f64() * 1e3,
        d.last().copied().unwrap_or_default().as_secs_f64() * 1e3,
    );
}

fn run() -> Result<(), lexopt::Error> {
    let (mut games, mut seed, mut playouts) = (4u64, 1u64, None::<u64>);
    let mut p = lexopt::Parser::from_env();
    while let Some(arg) = p.next()? {
        match arg {
            Long("games") => games = p.value()?.parse()?,
            Long("seed") => seed = p.value()?.parse()?,
            Long("playouts") => playouts = Some(p.value()?.parse()?),
            Long("help") => {
                println!("expert_measure [--games N] [--seed S] [--playouts P]");
                return Ok(());
            }
            _ => return Err(arg.unexpected()),
        }
    }
    let options = TableOptions::default()
        .with_rules(RuleOptions::default().with_system(ScoringSystem::Advanced));
    let (mut all, mut choice, mut searched) = (Vec::new(), Vec::new(), Vec::new());
    let (mut net, mut rounds) = (0i64, 0u64);
    for i in 0..games {
        let lone = (i % 4) as usize;
        let mut rng = Pcg64Mcg::seed_from_u64(seed + i);
        let mut expert = ExpertBot::new().budget(playouts);
        let names = ["a", "b", "c", "d"].map(String::from);
        let mut game = Game::new(names, options.clone()).expect("a game");
        while !game.is_finished() {
            game.deal(Deal::random(game.options().tile_set, &mut rng))
                .expect("a deal");
            while let Some(&seat) = game.to_act().first() {
                let player = game.seats()[seat];
                let action = {
                    let view = game.view(seat).expect("a round");
                    if player == lone {
                        let search = game.round().is_some_and(|r| expert::searched(r, seat));
                        let started = Instant::now();
                        let a = expert.choose(&view, &mut rng);
                        let took = started.elapsed();
                        all.push(took);
                        if view.legal_actions().len() > 1 {
                            choice.push(took);
                        }
                        if search {
                            searched.push(took);
                        }
                        a
                    } else {
                        ScorerBot.choose(&view, &mut rng)
                    }
                };
                game.play(action).expect("a legal action");
            }
            let last = game
                .rounds()
                .last()
                .and_then(|r| r.outcome.as_ref().map(|o| (r, o)));
            if let Some((r, o)) = last
                && let Some((w, _)) = r.seats.iter().find(|&(_, &p)| p == lone)
            {
                net += o.nets[w];
                rounds += 1;
            }
        }
    }
    line("all", &mut all);
    line("with a choice", &mut choice);
    line("searched", &mut searched);
    println!(
        "expert's mean net per round against three scorers: {:+.1} over {rounds} rounds",
        net as f64 / rounds.max(1) as f64
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("expert_measure: {e}");
            ExitCode::from(2)
        }
    }
}
