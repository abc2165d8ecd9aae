//! mahjong-rules' searching bot: the `expert`'s decision time at its default budget, one
//! thread.
//!
//! Positions come from rounds dealt from fixed seeds (Pcg64Mcg) and played by four scorers,
//! advanced system. Two groups of 16 decisions an iteration: positions with a choice (a
//! turn's discard or a claim, one every few actions: most are not searched, the expert then
//! answers at once), and positions the expert searches (a claim, or a turn whose best
//! discard leaves the hand calling), where it spends `ExpertBot::DEFAULT_PLAYOUTS`
//! playouts. Throughput is in decisions.
//!
//! ```text
//! cargo bench -p benches --bench mahjong_expert -- --warm-up-time 1 --measurement-time 10
//! ```

use std::hint::black_box;

use benches::expert::searched;
use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mahjong_rules::table::bots::{Bot, ExpertBot, ScorerBot};
use mahjong_rules::table::{Round, TableOptions};
use mahjong_rules::wall::Deal;
use mahjong_rules::{RuleOptions, ScoringSystem};
use mahjong_tiles::{TileSet, Wind};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

const POSITIONS: usize = 16;

/// Positions with a choice (or, with `only_searched`, that the expert searches): the round
/// and the seat to decide.
fn positions(only_searched: bool) -> Vec<(Round, Wind)> {
    let options = TableOptions::default()
        .with_rules(RuleOptions::default().with_system(ScoringSystem::Advanced));
    let mut out = Vec::new();
    let mut seed = 0u64;
    while out.len() < POSITIONS {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        seed += 1;
        let setup = Deal::random(TileSet::Full, &mut rng)
            .setup(4)
            .expect("a deal");
        let mut round = Round::new(&setup, None, options.clone()).expect("a round");
        let mut step = 0;
        while !round.is_over() && out.len() < POSITIONS {
            let seat = round.to_act()[0];
            step += 1;
            let pick = if only_searched {
                step % 5 == 0 && searched(&round, seat)
            } else {
                step % 23 == 0 && round.legal_actions(seat).len() > 1
            };
            if pick {
                out.push((round.clone(), seat));
            }
            let a = ScorerBot.choose(&round.view(seat), &mut rng);
            round.play(a).expect("a legal action");
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("mahjong_expert");
    g.throughput(Throughput::Elements(POSITIONS as u64));
    g.sample_size(10);
    for (what, only_searched) in [("with a choice", false), ("searched", true)] {
        let positions = positions(only_searched);
        g.bench_function(
            format!(
                "{POSITIONS} decisions {what}, {} playouts each",
                ExpertBot::DEFAULT_PLAYOUTS
            ),
            |b| {
                b.iter(|| {
                    let mut rng = Pcg64Mcg::seed_from_u64(7);
                    for (round, seat) in &positions {
                        let mut expert = ExpertBot::new();
                        black_box(expert.choose(&round.view(*seat), &mut rng));
                    }
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
