//! Measures what the `expert` bot's choices are worth against the `scorer`'s, decision by
//! decision: each dealt round is played with the expert in one seat (each seat in turn) and
//! scorers in the others, and wherever the expert chooses otherwise than a scorer would in
//! its place, both actions are played on from the true round (every hand as it is) in `K`
//! futures — the tiles not drawn yet shuffled again, four scorers playing on — and the mean
//! difference of the seat's net is that choice's advantage. A round's advantages add up to
//! the expert's expected gain over the scorer in it (the performance-difference identity:
//! the scorer's value plus, along the expert's own path, each choice's advantage under the
//! scorer's play), without the chaos of one real future after each choice.
//!
//! ```sh
//! cargo run --release -p benches --example expert_advantage -- [--deals N] [--seed S] [--playouts P] [--futures K]
//! ```
//!
//! - `--deals N` (default 100): deal `i` is `Deal::random` from
//!   `Pcg64Mcg::seed_from_u64(S + i)` (default `S` = 1), advanced system, the round alone;
//!   the expert of seat `w` draws from `Pcg64Mcg::seed_from_u64((S + i) * 4 + w)`.
//! - `--playouts P`: the expert's budget (default its own); `--futures K` (default 48).
//!
//! Prints the mean advantage per round (per seat and deal) with a 95 % interval over the
//! deals and how many choices differed, then, by kind of choice (on a turn, how near to
//! Mah-jong the scorer's discard would have left the hand; on a claim; what the expert chose
//! for what the scorer would have), their number and mean advantage.
//!
//! Exit status 2 for a bad command line.

use std::process::ExitCode;
use std::time::Instant;

use lexopt::prelude::*;
use mahjong_rules::payment;
use mahjong_rules::table::bots::{Bot, ExpertBot, ScorerBot};
use mahjong_rules::table::{Action, Phase, Round, TableOptions};
use mahjong_rules::wall::{Deal, Setup, Wall};
use mahjong_rules::{RuleOptions, ScoringSystem};
use mahjong_tiles::{Tile, TileSet, Wind};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

/// The seat's net once the round is over.
fn net(round: &Round, seat: Wind) -> i64 {
    let scores = round.scores().expect("a round over");
    let winner = round.win().map(|(w, _)| w);
    let list: Vec<(Wind, u64)> = Wind::ALL.iter().map(|&w| (w, scores[w].total)).collect();
    payment::settle(&list, winner)
        .expect("a settlement")
        .net(seat)
        .unwrap_or(0)
}

/// Plays on with four scorers.
fn finish(mut round: Round) -> Round {
    let mut rng = Pcg64Mcg::seed_from_u64(0);
    while let Some(&s) = round.to_act().first() {
        let a = ScorerBot.choose(&round.view(s), &mut rng);
        round.play(a).expect("a legal action");
    }
    round
}

/// `round` (played from `setup`) with the tiles it has not drawn yet shuffled again, or
/// `None` if the walls cannot be told apart.
fn reshuffled(
    setup: &Setup,
    round: &Round,
    options: &TableOptions,
    rng: &mut Pcg64Mcg,
) -> Option<Round> {
    let live0 = setup.wall.live_tiles();
    let dead0 = setup.wall.dead_tiles();
    let live = round.wall().live_tiles();
    let dead = round.wall().dead_tiles();
    let a =
        (0..=live0.len().checked_sub(live.len())?).find(|&a| &live0[a..a + live.len()] == live)?;
    let dn = dead0.len().checked_sub(dead.len())?;
    let mut rest: Vec<Tile> = live.iter().chain(dead).copied().collect();
    rest.shuffle(rng);
    let mut new_live = live0[..a].to_vec();
    new_live.extend(&rest[..live.len()]);
    new_live.extend(&live0[a + live.len()..]);
    let mut new_dead = dead0[..dn].to_vec();
    new_dead.extend(&rest[live.len()..]);
    let mut s = setup.clone();
    s.wall = Wall::from_parts(new_live, new_dead, setup.wall.breach());
    let mut r = Round::new(&s, None, options.clone()).ok()?;
    for &h in round.history() {
        r.play(h).ok()?;
    }
    Wind::ALL
        .iter()
        .all(|&w| r.concealed(w) == round.concealed(w))
        .then_some(r)
}

/// What the expert's choices in one seat of one deal were worth.
#[derive(Default)]
struct SeatResult {
    /// The sum of its advantages.
    advantage: f64,
    /// Choices that differed from the scorer's on turns, on claims.
    turns: u32,
    claims: u32,
    /// Each such choice's kind and advantage.
    choices: Vec<(String, f64)>,
}

/// One deal, the expert in each seat in turn.
fn deal(seed: u64, playouts: Option<u64>, futures: usize) -> [SeatResult; 4] {
    let options = TableOptions::default()
        .with_rules(RuleOptions::default().with_system(ScoringSystem::Advanced));
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let setup = Deal::random(TileSet::Full, &mut rng)
        .setup(4)
        .expect("a deal");
    Wind::ALL.map(|w| {
        let mut round = Round::new(&setup, None, options.clone()).expect("a round");
        let mut bot = ExpertBot::new().budget(playouts);
        let mut rng = Pcg64Mcg::seed_from_u64(seed * 4 + w as u64);
        let mut future_rng = Pcg64Mcg::seed_from_u64(seed ^ 0x5eed_f00d);
        let mut out = SeatResult::default();
        while let Some(&seat) = round.to_act().first() {
            let view = round.view(seat);
            let base = ScorerBot.choose(&view, &mut rng);
            let action = if seat == w {
                bot.choose(&view, &mut rng)
            } else {
                base
            };
            if action != base {
                match round.phase() {
                    Phase::Turn { .. } => out.turns += 1,
                    _ => out.claims += 1,
                }
                let mut sum = 0.0;
                let mut n = 0;
                for _ in 0..futures {
                    let Some(future) = reshuffled(&setup, &round, &options, &mut future_rng) else {
                        continue;
                    };
                    let value = |a: Action| {
                        let mut f = future.clone();
                        f.play(a).expect("a legal action");
                        net(&finish(f), w) as f64
                    };
                    sum += value(action) - value(base);
                    n += 1;
                }
                if n > 0 {
                    out.advantage += sum / f64::from(n);
                    out.choices
                        .push((kind(&round, seat, base, action), sum / f64::from(n)));
                }
            }
            round.play(action).expect("a legal action");
        }
        out
    })
}

fn run() -> Result<(), lexopt::Error> {
    let (mut deals, mut seed, mut playouts, mut futures) = (100u64, 1u64, None::<u64>, 48usize);
    let mut p = lexopt::Parser::from_env();
    while let Some(arg) = p.next()? {
        match arg {
            Long("deals") => deals = p.value()?.parse()?,
            Long("seed") => seed = p.value()?.parse()?,
            Long("playouts") => playouts = Some(p.value()?.parse()?),
            Long("futures") => futures = p.value()?.parse()?,
            Long("help") => {
                println!("expert_advantage [--deals N] [--seed S] [--playouts P] [--futures K]");
                return Ok(());
            }
            _ => return Err(arg.unexpected()),
        }
    }
    let started = Instant::now();
    let results: Vec<[SeatResult; 4]> = (0..deals)
        .into_par_iter()
        .map(|i| deal(seed + i, playouts, futures))
        .collect();
    let per_deal: Vec<f64> = results
        .iter()
        .map(|r| r.iter().map(|x| x.advantage).sum::<f64>() / 4.0)
        .collect();
    let n = per_deal.len() as f64;
    let mean = per_deal.iter().sum::<f64>() / n;
    let var = per_deal.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let turns: u32 = results.iter().flatten().map(|x| x.turns).sum();
    let claims: u32 = results.iter().flatten().map(|x| x.claims).sum();
    println!(
        "{deals} deals: expert's advantage over the scorer {mean:+.1} ± {:.1} a round (95 %), \
         {:.2} choices differed a round ({turns} turns, {claims} claims), {:.0} s",
        1.96 * (var / n).sqrt(),
        f64::from(turns + claims) / (4.0 * n),
        started.elapsed().as_secs_f64()
    );
    let mut kinds: std::collections::BTreeMap<String, (u32, f64)> = Default::default();
    for (k, a) in results.iter().flatten().flat_map(|x| x.choices.iter()) {
        let e = kinds.entry(k.clone()).or_default();
        e.0 += 1;
        e.1 += a;
    }
    for (k, (n, a)) in kinds {
        println!(
            "  {k:<28} {n:>5} choices, {:+8.1} each, {:+6.2} a round",
            a / f64::from(n),
            a / (4.0 * deals as f64)
        );
    }
    Ok(())
}

/// What kind of choice the expert made: on a turn, how near to Mah-jong the scorer's
/// discard left it; on a claim, what each chose.
fn kind(round: &Round, seat: Wind, base: Action, chosen: Action) -> String {
    let word = |a: Action| match a {
        Action::Pass { .. } => "pass",
        Action::Pung { .. } => "pung",
        Action::Chow { .. } => "chow",
        Action::Kong { .. } => "kong",
        Action::MahJong { .. } => "mahjong",
        Action::Discard { .. } => "discard",
        Action::Calling { .. } => "calling",
        _ => "other",
    };
    match round.phase() {
        Phase::Turn { .. } => {
            let mut hand = round.concealed(seat).to_vec();
            let tile = match base {
                Action::Discard { tile, .. } | Action::Calling { tile, .. } => Some(tile),
                _ => None,
            };
            if let Some(t) = tile
                && let Some(i) = hand.iter().position(|&x| x == t)
            {
                hand.remove(i);
            }
            let away = mahjong_rules::distance::tiles_away_counts(
                &Tile::count_kinds(hand.iter().copied()),
                round.melds(seat),
            )
            .unwrap_or(9);
            format!("turn, {away} away, {} for {}", word(chosen), word(base))
        }
        _ => format!("claim, {} for {}", word(chosen), word(base)),
    }
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("expert_advantage: {e}");
            ExitCode::from(2)
        }
    }
}
