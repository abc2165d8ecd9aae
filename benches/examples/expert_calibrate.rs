//! Measures how near to Mah-jong scorers' hands are at each point of a round: the table the
//! `expert` bot's worlds deal the other seats' hands by (`AWAY` in mahjong-rules'
//! `table/bots/worlds.rs`), printed as Rust.
//!
//! ```sh
//! cargo run --release -p benches --example expert_calibrate -- [--rounds N]
//! ```
//!
//! Round `i` (from 0, default N = 6,000) is dealt from `Pcg64Mcg::seed_from_u64(i)`
//! (advanced system) and played by four scorers. At every turn, each seat not on its turn
//! counts once: its distance to Mah-jong (`distance::tiles_away_counts`, 1 to 7 and more),
//! by the tiles left in the live wall (rows of eight: 0–7, …, 72 and more) and its melds laid
//! apart (0, 1, 2, 3 or more). A cell seen fewer than 100 times borrows the counts of the
//! cell with one meld fewer. The table gives each cell in thousandths (ties to even).
//!
//! Exit status 2 for a bad command line.

use std::process::ExitCode;

use lexopt::prelude::*;
use mahjong_rules::distance;
use mahjong_rules::table::bots::{Bot, ScorerBot};
use mahjong_rules::table::{Phase, Round, TableOptions};
use mahjong_rules::wall::Deal;
use mahjong_rules::{RuleOptions, ScoringSystem};
use mahjong_tiles::{Tile, TileSet, Wind};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

fn run() -> Result<(), lexopt::Error> {
    let mut rounds = 6000u64;
    let mut p = lexopt::Parser::from_env();
    while let Some(arg) = p.next()? {
        match arg {
            Long("rounds") => rounds = p.value()?.parse()?,
            Long("help") => {
                println!("expert_calibrate [--rounds N]");
                return Ok(());
            }
            _ => return Err(arg.unexpected()),
        }
    }
    let options = TableOptions::default()
        .with_rules(RuleOptions::default().with_system(ScoringSystem::Advanced));
    let mut seen = [[[0u64; 7]; 4]; 10];
    for seed in 0..rounds {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let setup = Deal::random(TileSet::Full, &mut rng)
            .setup(4)
            .expect("a deal");
        let mut round = Round::new(&setup, None, options.clone()).expect("a round");
        while let Some(&seat) = round.to_act().first() {
            if matches!(round.phase(), Phase::Turn { .. }) {
                let stage = (round.wall().live_len() / 8).min(9);
                for o in Wind::ALL.into_iter().filter(|&o| o != seat) {
                    let melds = round.melds(o);
                    let counts = Tile::count_kinds(round.concealed(o).iter().copied());
                    let away = distance::tiles_away_counts(&counts, melds).unwrap_or(7);
                    seen[stage][melds.len().min(3)][usize::from(away.clamp(1, 7)) - 1] += 1;
                }
            }
            let a = ScorerBot.choose(&round.view(seat), &mut rng);
            round.play(a).expect("a legal action");
        }
    }
    println!("const AWAY: [[[u16; 7]; 4]; 10] = [");
    for row in &seen {
        println!("    [");
        for m in 0..4 {
            let mut cell = row[m];
            if cell.iter().sum::<u64>() < 100 && m > 0 {
                for (c, &b) in cell.iter_mut().zip(&row[m - 1]) {
                    *c += b;
                }
            }
            let n = cell.iter().sum::<u64>().max(1) as f64;
            let per_mille: Vec<String> = cell
                .iter()
                .map(|&c| format!("{}", (1000.0 * c as f64 / n).round_ties_even()))
                .collect();
            println!("        [{}],", per_mille.join(", "));
        }
        println!("    ],");
    }
    println!("];");
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("expert_calibrate: {e}");
            ExitCode::from(2)
        }
    }
}
