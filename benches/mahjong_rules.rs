//! mahjong-rules throughput: scoring winning and losing hands (best over every
//! arrangement), waits of 13-tile hands, and the distance to Mah-jong (`tiles_away`).
//!
//! Inputs are generated from fixed seeds (Pcg64Mcg), so every run measures the same hands:
//! 256 random complete hands (four melds and a pair, random winning tile, self-drawn or on a
//! discard) and 256 random 13-tile hands dealt from a shuffled set; for the distance, 256
//! hands of 14 and 256 of 13 drawn from a shuffled set of 136, and 256 hands of 14 with an
//! exposed pung and an exposed chow taken from the set first.
//!
//! Peer, in the same waits group on the same hands: `riichi-decomp` (crates.io), which lists
//! every regular waiting pattern of a closed Japanese-rules hand with its decomposition, plus
//! seven pairs and thirteen orphans. The rules differ (ours: four melds and a pair or a Grand
//! Jeu, no fifth copy), so the comparison is of the same job on the same tiles, not of
//! identical answers. Its lookup tables are built once before timing.
//!
//! Peer in the tiles_away group: `agari` (crates.io), whose `calculate_standard_shanten`
//! gives the Japanese shanten of the regular hand alone (four melds and a pair; its seven
//! pairs and thirteen orphans are other functions), fed its own counts (a `HashMap`) built
//! before timing. Its shanten plus one is our `tiles_away` when both are right; the bench
//! prints on how many of the hands they agree (agari does not rule out a fifth copy, and
//! counts blocks by a formula). Our table is built before timing.
//!
//! ```text
//! cargo bench -p benches --bench mahjong_rules -- --warm-up-time 1 --measurement-time 3
//! ```

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use mahjong_rules::{Exposure, Hand, Meld, RuleOptions, Situation, Win, distance, score, waits};
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

/// Random hands of `size` tiles from shuffled sets of 136.
fn wall_hands(seed: u64, size: usize) -> Vec<Hand> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    (0..HANDS)
        .map(|_| {
            let mut tiles = TileSet::WithoutBonus.to_vec();
            tiles.shuffle(&mut rng);
            Hand::new(tiles[..size].to_vec(), vec![], vec![]).expect("tiles of one set")
        })
        .collect()
}

/// Random hands of 14 with an exposed pung (of the first tile drawn) and an exposed chow (of
/// the first suited tile 1–7 drawn after it), then 8 concealed tiles from the same set.
fn exposed_hands(seed: u64) -> Vec<Hand> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < HANDS {
        let mut wall = TileSet::WithoutBonus.to_vec();
        wall.shuffle(&mut rng);
        let pung = Meld::triplet(wall[0], Exposure::Exposed).expect("a playing tile");
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
        if let Ok(hand) = Hand::new(wall[..8].to_vec(), vec![pung, chow], vec![]) {
            out.push(hand);
        }
    }
    out
}

fn tiles_away(c: &mut Criterion) {
    let fourteen = wall_hands(3, 14);
    let thirteen = wall_hands(4, 13);
    let exposed = exposed_hands(5);
    // Build the table outside the timing.
    black_box(distance::tiles_away(&fourteen[0]));
    let counts: Vec<[u8; Tile::COUNT]> = fourteen
        .iter()
        .map(|h| Tile::count_kinds(h.concealed().iter().copied()))
        .collect();

    let peer = |hands: &[Hand]| -> Vec<agari::parse::TileCounts> {
        hands
            .iter()
            .map(|h| {
                let c = Tile::count_kinds(h.concealed().iter().copied());
                agari::shanten::array_to_tilecounts(&core::array::from_fn(|i| c[i]))
            })
            .collect()
    };
    let (peer14, peer13) = (peer(&fourteen), peer(&thirteen));
    for (name, hands, peer) in [("14", &fourteen, &peer14), ("13", &thirteen, &peer13)] {
        let agree = hands
            .iter()
            .zip(peer)
            .filter(|(h, p)| {
                i16::from(distance::tiles_away(h))
                    == i16::from(agari::shanten::calculate_standard_shanten(p)) + 1
            })
            .count();
        eprintln!("tiles_away vs agari shanten + 1, hands of {name}: {agree}/{HANDS} agree");
    }

    let mut group = c.benchmark_group("mahjong_rules/tiles_away");
    group.throughput(Throughput::Elements(HANDS as u64));
    group.bench_function("fourteen_256", |b| {
        b.iter(|| {
            for h in &fourteen {
                black_box(distance::tiles_away(black_box(h)));
            }
        })
    });
    group.bench_function("thirteen_256", |b| {
        b.iter(|| {
            for h in &thirteen {
                black_box(distance::tiles_away(black_box(h)));
            }
        })
    });
    group.bench_function("counts_fourteen_256", |b| {
        b.iter(|| {
            for c in &counts {
                black_box(distance::tiles_away_counts(black_box(c), &[]).expect("14"));
            }
        })
    });
    group.bench_function("exposed_melds_fourteen_256", |b| {
        b.iter(|| {
            for h in &exposed {
                black_box(distance::tiles_away(black_box(h)));
            }
        })
    });
    group.bench_function("useful_tiles_thirteen_256", |b| {
        b.iter(|| {
            for h in &thirteen {
                black_box(distance::useful_tiles(black_box(h)).expect("13"));
            }
        })
    });
    group.bench_function("peer_agari_fourteen_256", |b| {
        b.iter(|| {
            for p in &peer14 {
                black_box(agari::shanten::calculate_standard_shanten(black_box(p)));
            }
        })
    });
    group.bench_function("peer_agari_thirteen_256", |b| {
        b.iter(|| {
            for p in &peer13 {
                black_box(agari::shanten::calculate_standard_shanten(black_box(p)));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, scoring, waiting, tiles_away);
criterion_main!(benches);
