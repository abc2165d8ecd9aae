//! mahjong-rules' table engine: whole rounds played by four computer players, one thread.
//!
//! Each iteration plays 64 rounds dealt from fixed seeds (Pcg64Mcg), bots deciding from
//! their views, to the end of each round (Mah-jong or exhausted wall), scores and payments
//! included; the throughput is in rounds. The `random` group measures the engine under the
//! cheapest decisions.
//!
//! ```text
//! cargo bench -p benches --bench mahjong_game -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mahjong_rules::table::bots::{self, Bot, play_round};
use mahjong_rules::table::{Game, TableOptions};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

const ROUNDS: u64 = 64;

/// Plays `ROUNDS` one-round games with four bots of `name`; returns the winners' count.
fn rounds(name: &str) -> usize {
    let mut wins = 0;
    for seed in 0..ROUNDS {
        let mut bots: [Box<dyn Bot>; 4] = core::array::from_fn(|_| {
            bots::by_name(name).unwrap_or_else(|| panic!("no bot {name}"))
        });
        let mut game = Game::new(
            ["a", "b", "c", "d"].map(String::from),
            TableOptions::default().with_rounds(1),
        )
        .expect("a game of one round");
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        play_round(&mut game, &mut bots, &mut rng).expect("bots play legal actions");
        wins += usize::from(
            game.rounds()[0]
                .outcome
                .as_ref()
                .is_some_and(|o| o.winner.is_some()),
        );
    }
    wins
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("mahjong_game");
    g.throughput(Throughput::Elements(ROUNDS));
    // The searching bot has its own bench (mahjong_expert): four of it would take minutes.
    for name in bots::NAMES.iter().filter(|&&n| n != "expert") {
        g.bench_function(format!("{ROUNDS} rounds, four {name} bots"), |b| {
            b.iter(|| black_box(rounds(black_box(name))))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
