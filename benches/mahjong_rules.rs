//! mahjong-rules throughput: scoring winning and losing hands (best over every
//! arrangement), and waits of 13-tile hands.
//!
//! Inputs are generated from fixed seeds (Pcg64Mcg), so every run measures the same hands:
//! 256 random complete hands (four melds and a pair, random winning tile, self-drawn or on a
//! discard) and 256 random 13-tile hands dealt from a shuffled set.
//!
//! Peer, in the same waits group on the same hands: `riichi-decomp` (crates.io), which lists
//! every regular waiting pattern of a closed Japanese-rules hand with its decomposition, plus
//! seven pairs and thirteen orphans. The rules differ (ours: four melds and a pair or a Grand
//! Jeu, no fifth copy), so the comparison is of the same job on the same tiles, not of
//! identical answers. Its lookup tables are built once before timing.
//!
//! ```text
//! cargo bench -p benches --bench mahjong_rules -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mahjong_rules::{Exposure, Hand, Meld, RuleOptions, Situation, Win, score, waits};
use mahjong_tiles::{Tile, TileSet, Wind};
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

const HANDS: usize = 256;

/// Random complete hands with their situation.
fn winning_hands() -> Vec<(Hand, Situation)> {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut out = Vec::new();
    while out.len() < HANDS {
        let mut left = [4u8; 34];
        let mut tiles = Vec::new();
        let mut ok = true;
        for _ in 0..4 {
            let t = Tile::ALL[rng.random_range(0..Tile::PLAYING_COUNT)];
            let meld = if rng.random_range(0..2) == 0 {
                Meld::sequence(t, Exposure::Concealed)
            } else {
                Meld::triplet(t, Exposure::Concealed)
            };
            let Ok(m) = meld else {
                ok = false;
                break;
            };
            for u in m.tiles() {
                if left[u.index()] == 0 {
                    ok = false;
                }
                left[u.index()] = left[u.index()].saturating_sub(1);
                tiles.push(u);
            }
        }
        let p = Tile::ALL[rng.random_range(0..Tile::PLAYING_COUNT)];
        if !ok || left[p.index()] < 2 {
            continue;
        }
        tiles.extend([p, p]);
        let win = tiles[rng.random_range(0..14)];
        let Ok(hand) = Hand::new(tiles, vec![], vec![]) else {
            continue;
        };
        let w = if rng.random_range(0..2) == 0 {
            Win::self_drawn(win)
        } else {
            Win::discard(win)
        };
        out.push((hand, Situation::new(Wind::South, Wind::East).with_win(w)));
    }
    out
}

/// Random 13-tile hands from shuffled sets.
fn dealt_hands() -> Vec<Hand> {
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    (0..HANDS)
        .map(|_| {
            let mut tiles = TileSet::WithoutBonus.to_vec();
            tiles.shuffle(&mut rng);
            Hand::new(tiles[..13].to_vec(), vec![], vec![]).expect("13 tiles")
        })
        .collect()
}

fn scoring(c: &mut Criterion) {
    let options = RuleOptions::default();
    let winners = winning_hands();
    let losers = dealt_hands();
    let mut group = c.benchmark_group("mahjong_rules/score");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.bench_function("winning_256", |b| {
        b.iter(|| {
            for (h, s) in &winners {
                black_box(score(black_box(h), s, &options).expect("complete"));
            }
        })
    });
    let losing = Situation::new(Wind::West, Wind::East);
    group.bench_function("losing_256", |b| {
        b.iter(|| {
            for h in &losers {
                black_box(score(black_box(h), &losing, &options).expect("13 tiles"));
            }
        })
    });
    group.finish();
}

fn waiting(c: &mut Criterion) {
    let hands = dealt_hands();
    // Calling hands: a complete hand less one tile.
    let calling: Vec<Hand> = winning_hands()
        .iter()
        .map(|(h, _)| h.without_tile(h.concealed()[0]).expect("14 tiles"))
        .collect();
    let mut group = c.benchmark_group("mahjong_rules/waits");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.bench_function("dealt_256", |b| {
        b.iter(|| {
            for h in &hands {
                black_box(waits::waits(black_box(h), Wind::East).expect("13"));
            }
        })
    });
    group.bench_function("calling_256", |b| {
        b.iter(|| {
            for h in &calling {
                black_box(waits::waits(black_box(h), Wind::East).expect("13"));
            }
        })
    });
    let mut decomposer = riichi_decomp::Decomposer::new();
    let to_peer = |h: &Hand| {
        let counts = Tile::count_kinds(h.concealed().iter().copied());
        riichi_elements::tile_set::TileSet34(core::array::from_fn(|i| counts[i]))
    };
    let dealt_peer: Vec<_> = hands.iter().map(to_peer).collect();
    let calling_peer: Vec<_> = calling.iter().map(to_peer).collect();
    // Warm the peer's lazily built tables outside the timing.
    let _ = riichi_decomp::WaitSet::from_tile_set(&mut decomposer, &calling_peer[0]);
    group.bench_function("peer_riichi_decomp_dealt_256", |b| {
        b.iter(|| {
            for t in &dealt_peer {
                black_box(riichi_decomp::WaitSet::from_tile_set(
                    &mut decomposer,
                    black_box(t),
                ));
            }
        })
    });
    group.bench_function("peer_riichi_decomp_calling_256", |b| {
        b.iter(|| {
            for t in &calling_peer {
                black_box(riichi_decomp::WaitSet::from_tile_set(
                    &mut decomposer,
                    black_box(t),
                ));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, scoring, waiting);
criterion_main!(benches);
