//! Measures `mahjong_rules::distance` on seeded random hands, one core: the time per hand
//! (the fastest of several passes over the same 256 hands, which filters out preemption on
//! a loaded machine), and a checksum of the answers.
//!
//! ```sh
//! cargo run --release -p benches --example distance_measure -- [--hands KIND] [--passes N] [--seed S]
//! ```
//!
//! - `--hands KIND`: `fourteen` (default) or `thirteen`, hands of 14 or 13 tiles drawn from
//!   a shuffled set of 136, measured with `tiles_away`; `counts`, the hands of 14 given as
//!   counts to `tiles_away_counts`; `exposed`, hands of 14 with an exposed pung (of the
//!   first tile drawn) and an exposed chow (of the first suited tile 1–7 after it) and 8
//!   concealed tiles; `useful`, the hands of 13 measured with `useful_tiles`. The same
//!   kinds of hands as the `mahjong_rules/tiles_away` bench group.
//! - `--passes N`: passes over the hands (default 200); 0 builds the hands and the table
//!   only.
//! - `--seed S`: the hands' seed (default 3; `Pcg64Mcg::seed_from_u64`).
//!
//! Instructions per hand, exact whatever the load: run it under
//! `valgrind --tool=cachegrind --cache-sim=no` with `--passes 0` and with `--passes 40`, and
//! divide the difference of the instruction counts by 40 × 256.
//!
//! Exit status 2 for a bad command line.

use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use lexopt::prelude::*;
use mahjong_rules::{Exposure, Hand, Meld, distance};
use mahjong_tiles::{Tile, TileSet};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;

const USAGE: &str = "usage: distance_measure [--hands fourteen|thirteen|counts|exposed|useful] \
[--passes N] [--seed S]";

const HANDS: usize = 256;

/// The parsed command line.
#[derive(Debug)]
struct Args {
    hands: String,
    passes: u32,
    seed: u64,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        hands: "fourteen".to_string(),
        passes: 200,
        seed: 3,
    };
    let mut parser = lexopt::Parser::from_env();
    let err = |e: lexopt::Error| e.to_string();
    while let Some(arg) = parser.next().map_err(err)? {
        match arg {
            Long("help") | Short('h') => {
                println!("{USAGE}");
                std::process::exit(0);
            }
            Long("hands") => {
                let kind = parser.value().map_err(err)?.string().map_err(err)?;
                if !["fourteen", "thirteen", "counts", "exposed", "useful"].contains(&&*kind) {
                    return Err(format!("unknown kind of hands {kind:?}"));
                }
                args.hands = kind;
            }
            Long("passes") => args.passes = parser.value().map_err(err)?.parse().map_err(err)?,
            Long("seed") => args.seed = parser.value().map_err(err)?.parse().map_err(err)?,
            _ => return Err(arg.unexpected().to_string()),
        }
    }
    Ok(args)
}

/// Hands of the kind asked, from shuffled sets of 136.
fn hands(kind: &str, seed: u64) -> Vec<Hand> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut out = Vec::with_capacity(HANDS);
    while out.len() < HANDS {
        let mut wall = TileSet::WithoutBonus.to_vec();
        wall.shuffle(&mut rng);
        let hand = match kind {
            "exposed" => {
                let Ok(pung) = Meld::triplet(wall[0], Exposure::Exposed) else {
                    continue;
                };
                let Some(chow) = wall[1..]
                    .iter()
                    .find_map(|&t| Meld::sequence(t, Exposure::Exposed).ok())
                else {
                    continue;
                };
                let mut take = |t: Tile| {
                    let i = wall.iter().position(|&w| w == t);
                    i.map(|i| wall.remove(i)).is_some()
                };
                if !pung.tiles().into_iter().chain(chow.tiles()).all(&mut take) {
                    continue;
                }
                Hand::new(wall[..8].to_vec(), vec![pung, chow], vec![])
            }
            "thirteen" | "useful" => Hand::new(wall[..13].to_vec(), vec![], vec![]),
            _ => Hand::new(wall[..14].to_vec(), vec![], vec![]),
        };
        if let Ok(hand) = hand {
            out.push(hand);
        }
    }
    out
}

/// One pass over the hands: the sum of the answers.
fn pass(kind: &str, hands: &[Hand], counts: &[[u8; Tile::COUNT]]) -> usize {
    let mut sum = 0;
    for (h, c) in hands.iter().zip(counts) {
        sum += match kind {
            "counts" => {
                usize::from(distance::tiles_away_counts(black_box(c), &[]).unwrap_or(u8::MAX))
            }
            "useful" => distance::useful_tiles(black_box(h)).map_or(0, |u| u.len()),
            _ => usize::from(distance::tiles_away(black_box(h))),
        };
    }
    sum
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("distance_measure: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let hands = hands(&args.hands, args.seed);
    let counts: Vec<[u8; Tile::COUNT]> = hands
        .iter()
        .map(|h| Tile::count_kinds(h.concealed().iter().copied()))
        .collect();
    let start = Instant::now();
    black_box(distance::tiles_away(&hands[0]));
    println!(
        "table built in {:.1} ms",
        start.elapsed().as_secs_f64() * 1e3
    );
    let (mut fastest, mut sum) = (f64::INFINITY, 0);
    for _ in 0..args.passes {
        let start = Instant::now();
        sum = pass(&args.hands, &hands, &counts);
        fastest = fastest.min(start.elapsed().as_secs_f64());
    }
    if args.passes > 0 {
        println!(
            "{}: {HANDS} hands, {} passes: {:.0} ns a hand (fastest pass), checksum {sum}",
            args.hands,
            args.passes,
            fastest * 1e9 / HANDS as f64
        );
    }
    ExitCode::SUCCESS
}
