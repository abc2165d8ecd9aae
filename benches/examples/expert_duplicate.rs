//! Measures the `expert` bot against the `scorer` by duplicate rounds: each dealt round is
//! played once by four scorers, then four times with the expert in one seat (each seat in
//! turn) and scorers in the others; the expert's net in its seat is compared with the
//! scorer's net in the same seat of the same deal. Rounds stand alone (advanced system, the
//! dominant wind as the deal gives it), on every core.
//!
//! ```sh
//! cargo run --release -p benches --example expert_duplicate -- [--deals N] [--seed S] [--playouts P] [--bot NAME]
//! ```
//!
//! - `--deals N`: deals (default 200); deal `i` is `Deal::random` from
//!   `Pcg64Mcg::seed_from_u64(S + i)` (default `S` = 1), and the expert of seat `w` draws
//!   from `Pcg64Mcg::seed_from_u64((S + i) * 4 + w)`.
//! - `--playouts P`: the expert's budget per decision (default its own; 0: its own policy
//!   without a search).
//! - `--bot NAME`: another bot of `bots::NAMES` in the expert's place (`efficient`, …;
//!   default `expert`).
//!
//! Prints the mean of the paired differences (the bot's net less the scorer's, per seat and
//! deal) with a 95 % interval over the deals, the share of rounds won by the seat either
//! way, the share of seat-deals where the bot changed the net, and the time taken.
//! Paired on the same deals, the differences vary far less than the nets themselves, so a
//! few hundred deals tell variants apart that the ladder needs thousands of rounds for;
//! the ladder (`mahjong_ladder`) stays the measure of record, over whole games.
//!
//! Exit status 2 for a bad command line.

use std::process::ExitCode;
use std::time::Instant;

use lexopt::prelude::*;
use mahjong_rules::payment;
use mahjong_rules::table::bots::{self, Bot, ExpertBot, ScorerBot};
use mahjong_rules::table::{Round, TableOptions};
use mahjong_rules::wall::Deal;
use mahjong_rules::{RuleOptions, ScoringSystem};
use mahjong_tiles::{TileSet, Wind};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

/// The bot measured: `name` from `bots::by_name`, the expert with `playouts`.
fn bot(name: &str, playouts: Option<u64>) -> Box<dyn Bot> {
    match name {
        "expert" => Box::new(ExpertBot::new().budget(playouts)),
        _ => bots::by_name(name).unwrap_or_else(|| Box::new(ScorerBot)),
    }
}

/// The nets of a round played to its end with the bot `name` in `seat` (scorers everywhere
/// without one), and who won.
fn play(
    round: &Round,
    expert: Option<(Wind, u64)>,
    name: &str,
    playouts: Option<u64>,
) -> ([i64; 4], Option<Wind>) {
    let mut round = round.clone();
    let mut bot = bot(name, playouts);
    let mut rng = Pcg64Mcg::seed_from_u64(expert.map_or(0, |(_, s)| s));
    while let Some(&seat) = round.to_act().first() {
        let view = round.view(seat);
        let action = match expert {
            Some((w, _)) if w == seat => bot.choose(&view, &mut rng),
            _ => ScorerBot.choose(&view, &mut rng),
        };
        round.play(action).expect("a legal action");
    }
    let scores = round.scores().expect("a round over");
    let winner = round.win().map(|(w, _)| w);
    let list: Vec<(Wind, u64)> = Wind::ALL.iter().map(|&w| (w, scores[w].total)).collect();
    let s = payment::settle(&list, winner).expect("a settlement");
    (Wind::ALL.map(|w| s.net(w).unwrap_or(0)), winner)
}

/// One deal: per seat, (the bot's net less the scorer's, bot won, scorer won).
fn deal(seed: u64, name: &str, playouts: Option<u64>) -> [(i64, bool, bool); 4] {
    let options = TableOptions::default()
        .with_rules(RuleOptions::default().with_system(ScoringSystem::Advanced));
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let setup = Deal::random(TileSet::Full, &mut rng)
        .setup(4)
        .expect("a deal");
    let round = Round::new(&setup, None, options).expect("a round");
    let (base, base_winner) = play(&round, None, name, playouts);
    Wind::ALL.map(|w| {
        let (nets, winner) = play(&round, Some((w, seed * 4 + w as u64)), name, playouts);
        (
            nets[w as usize] - base[w as usize],
            winner == Some(w),
            base_winner == Some(w),
        )
    })
}

fn run() -> Result<(), lexopt::Error> {
    let (mut deals, mut seed, mut playouts) = (200u64, 1u64, None::<u64>);
    let mut name = String::from("expert");
    let mut p = lexopt::Parser::from_env();
    while let Some(arg) = p.next()? {
        match arg {
            Long("deals") => deals = p.value()?.parse()?,
            Long("seed") => seed = p.value()?.parse()?,
            Long("playouts") => playouts = Some(p.value()?.parse()?),
            Long("bot") => {
                name = p.value()?.string()?;
                if bots::by_name(&name).is_none() {
                    return Err(format!("unknown bot {name:?} (one of {:?})", bots::NAMES).into());
                }
            }
            Long("help") => {
                println!("expert_duplicate [--deals N] [--seed S] [--playouts P] [--bot NAME]");
                return Ok(());
            }
            _ => return Err(arg.unexpected()),
        }
    }
    let started = Instant::now();
    let results: Vec<[(i64, bool, bool); 4]> = (0..deals)
        .into_par_iter()
        .map(|i| deal(seed + i, &name, playouts))
        .collect();
    let per_deal: Vec<f64> = results
        .iter()
        .map(|r| r.iter().map(|x| x.0 as f64).sum::<f64>() / 4.0)
        .collect();
    let n = per_deal.len() as f64;
    let mean = per_deal.iter().sum::<f64>() / n;
    let var = per_deal.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let cells = results.iter().flatten();
    let seats = (4 * results.len()) as f64;
    let won = cells.clone().filter(|x| x.1).count() as f64 / seats;
    let base_won = cells.clone().filter(|x| x.2).count() as f64 / seats;
    let changed = cells.filter(|x| x.0 != 0).count() as f64 / seats;
    println!(
        "{deals} deals: {name} − scorer {mean:+.1} ± {:.1} a round (95 %), won {:.1} % vs {:.1} %, \
         changed {:.1} % of seat-deals, {:.0} s",
        1.96 * (var / n).sqrt(),
        100.0 * won,
        100.0 * base_won,
        100.0 * changed,
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("expert_duplicate: {e}");
            ExitCode::from(2)
        }
    }
}
