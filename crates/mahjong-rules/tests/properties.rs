//! Properties: payments sum to zero and ignore the names of non-East seats; the hand notation
//! round-trips; every wait completes a scoreable Mah-jong.

use mahjong_rules::payment::settle;
use mahjong_rules::{Exposure, Hand, LimitHand, Meld, RuleOptions, Situation, Win, score, waits};
use mahjong_tiles::{Tile, TileSet, Wind};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A random valid hand (13 or 14 tiles, melds laid apart, bonus tiles) from a seed.
pub fn random_hand(seed: u64) -> Hand {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut left = [4u8; Tile::PLAYING_COUNT];
    let mut melds = Vec::new();
    for _ in 0..rng.random_range(0..5) {
        let t = Tile::ALL[rng.random_range(0..Tile::PLAYING_COUNT)];
        let exposure = if rng.random_range(0..3) == 0 {
            Exposure::Concealed
        } else {
            Exposure::Exposed
        };
        let m = match rng.random_range(0..3) {
            0 => Meld::sequence(t, Exposure::Exposed).ok(),
            1 => Meld::triplet(t, Exposure::Exposed).ok(),
            _ => Meld::kong(t, exposure).ok(),
        };
        let Some(m) = m else { continue };
        if m.tiles()
            .iter()
            .all(|t| left[t.index()] >= m.tiles().iter().filter(|u| *u == t).count() as u8)
        {
            for t in m.tiles() {
                left[t.index()] -= 1;
            }
            melds.push(m);
        }
    }
    let mut pool: Vec<Tile> = Tile::ALL[..Tile::PLAYING_COUNT]
        .iter()
        .flat_map(|t| std::iter::repeat_n(*t, left[t.index()] as usize))
        .collect();
    pool.shuffle(&mut rng);
    let size = 13 + rng.random_range(0..2);
    let concealed: Vec<Tile> = pool[..size - 3 * melds.len()].to_vec();
    let bonus: Vec<Tile> = Tile::ALL[Tile::PLAYING_COUNT..]
        .iter()
        .copied()
        .filter(|_| rng.random_range(0..4) == 0)
        .collect();
    Hand::new(concealed, melds, bonus).expect("generated hands are valid")
}

/// A random 13-tile concealed hand (no melds) from a deal.
fn dealt_hand(seed: u64) -> Hand {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut tiles = TileSet::WithoutBonus.to_vec();
    tiles.shuffle(&mut rng);
    Hand::new(tiles[..13].to_vec(), vec![], vec![]).expect("13 tiles")
}

/// A random complete hand (four melds, some laid apart, and a pair) less one concealed tile,
/// so most are calling; tiles are drawn from one or two suits and the honours to make
/// many waits.
fn near_complete_hand(seed: u64) -> Option<Hand> {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let suits: [usize; 2] = [rng.random_range(0..3), rng.random_range(0..3)];
    let pick = |rng: &mut Pcg64Mcg| -> Tile {
        match rng.random_range(0..5) {
            0 => Tile::ALL[Tile::EAST.index() + rng.random_range(0..7)],
            k => Tile::ALL[9 * suits[k % 2] + rng.random_range(0..9)],
        }
    };
    let mut left = [4u8; Tile::PLAYING_COUNT];
    let take = |tiles: &[Tile], left: &mut [u8; Tile::PLAYING_COUNT]| {
        let ok = tiles
            .iter()
            .all(|t| left[t.index()] as usize >= tiles.iter().filter(|u| *u == t).count());
        if ok {
            for t in tiles {
                left[t.index()] -= 1;
            }
        }
        ok
    };
    let mut concealed = Vec::new();
    let mut melds = Vec::new();
    while melds.len() + concealed.len() / 3 < 4 {
        let t = pick(&mut rng);
        let m = match rng.random_range(0..7) {
            0..=2 => Meld::sequence(t, Exposure::Concealed),
            3..=5 => Meld::triplet(t, Exposure::Concealed),
            _ => Meld::kong(t, Exposure::Exposed),
        };
        let Ok(m) = m else { continue };
        if !take(&m.tiles(), &mut left) {
            continue;
        }
        if m.is_kong() {
            melds.push(m);
        } else if rng.random_range(0..4) == 0 {
            melds.push(m.with_exposure(Exposure::Exposed));
        } else {
            concealed.extend(m.tiles());
        }
    }
    let p = pick(&mut rng);
    if !take(&[p, p], &mut left) {
        return None;
    }
    concealed.extend([p, p]);
    concealed.remove(rng.random_range(0..concealed.len()));
    Hand::new(concealed, melds, vec![]).ok()
}

/// The waits by brute force: every kind with a copy left that makes a complete hand, by the
/// arrangement walk or a Grand Jeu's pattern.
fn waits_by_brute_force(h: &Hand, seat: Wind) -> Vec<Tile> {
    Tile::ALL[..Tile::PLAYING_COUNT]
        .iter()
        .copied()
        .filter(|&t| {
            h.with_tile(t).is_ok_and(|full| {
                !full.decompositions().is_empty()
                    || LimitHand::ALL.iter().any(|l| l.matches(&full, seat))
            })
        })
        .collect()
}

fn seat(i: usize) -> Wind {
    Wind::ALL[i % 4]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn payments_sum_to_zero(scores in proptest::array::uniform4(0u64..20_000), winner in 0usize..5) {
        let scores: Vec<(Wind, u64)> = Wind::ALL.iter().copied().zip(scores).collect();
        let winner = (winner < 4).then(|| seat(winner));
        let s = settle(&scores, winner).unwrap();
        prop_assert_eq!(s.nets.iter().map(|(_, n)| n).sum::<i64>(), 0);
        let paid: i64 = s.transfers.iter().map(|t| t.amount as i64).sum();
        let received: i64 = s.nets.iter().map(|(_, n)| n.max(&0)).sum();
        prop_assert!(received <= paid);
        prop_assert!(s.transfers.iter().all(|t| t.amount > 0 && t.from != t.to));
    }

    #[test]
    fn relabelling_non_east_seats_changes_only_names(
        scores in proptest::array::uniform4(0u64..20_000),
        winner in 0usize..5,
        perm in 0usize..6,
    ) {
        let perms = [[1, 2, 3], [1, 3, 2], [2, 1, 3], [2, 3, 1], [3, 1, 2], [3, 2, 1]];
        let map = |w: Wind| -> Wind {
            if w == Wind::East { w } else { seat(perms[perm][w as usize - 1]) }
        };
        let original: Vec<(Wind, u64)> = Wind::ALL.iter().copied().zip(scores).collect();
        let renamed: Vec<(Wind, u64)> = original.iter().map(|&(w, s)| (map(w), s)).collect();
        let winner = (winner < 4).then(|| seat(winner));
        let a = settle(&original, winner).unwrap();
        let b = settle(&renamed, winner.map(map)).unwrap();
        let mut mapped: Vec<_> = a.transfers.iter().map(|t| (map(t.from), map(t.to), t.amount)).collect();
        let mut other: Vec<_> = b.transfers.iter().map(|t| (t.from, t.to, t.amount)).collect();
        mapped.sort();
        other.sort();
        prop_assert_eq!(mapped, other);
        for (w, n) in &a.nets {
            prop_assert_eq!(b.net(map(*w)), Some(*n));
        }
    }

    #[test]
    fn hand_notation_round_trips(seed in any::<u64>()) {
        let h = random_hand(seed);
        let text = h.to_string();
        let again: Hand = text.parse().unwrap();
        prop_assert_eq!(&again, &h);
        prop_assert_eq!(again.to_string(), text);
    }

    #[test]
    fn parser_never_panics_and_accepted_input_round_trips(text in "[1-9mpszfy \\[\\]()]{0,40}") {
        if let Ok(h) = text.parse::<Hand>() {
            let printed = h.to_string();
            prop_assert_eq!(printed.parse::<Hand>().unwrap(), h);
        }
    }

    #[test]
    fn every_wait_completes_a_scoreable_mah_jong(seed in any::<u64>()) {
        let h = dealt_hand(seed);
        let options = RuleOptions::default();
        for w in waits::waits(&h, Wind::South).unwrap() {
            let full = h.with_tile(w).unwrap();
            let sit = Situation::new(Wind::South, Wind::East).with_win(Win::self_drawn(w));
            let s = score(&full, &sit, &options).unwrap();
            prop_assert!(s.total > 0);
        }
        // A losing hand always scores.
        prop_assert!(score(&h, &Situation::new(Wind::South, Wind::East), &options).is_ok());
    }

    #[test]
    fn waits_agree_with_brute_force(seed in any::<u64>()) {
        for h in [near_complete_hand(seed), Some(dealt_hand(seed))].into_iter().flatten() {
            let seat = seat(seed as usize);
            prop_assert_eq!(waits::waits(&h, seat).unwrap(), waits_by_brute_force(&h, seat), "{}", h);
        }
    }

    #[test]
    fn a_score_adds_up_its_lines_and_reads_its_hand(seed in any::<u64>()) {
        // The total is points × 2^doubles capped at the limit (West: no East doubling), the
        // totals are the sums of the lines, and the arrangement scored is one of the hand's.
        let h = random_hand(seed);
        if h.size() == 13 {
            let options = RuleOptions::default();
            let sit = Situation::new(Wind::West, Wind::East);
            let s = score(&h, &sit, &options).unwrap();
            let (mut points, mut doubles) = (0, 0);
            for l in &s.lines {
                points += l.points();
                doubles += l.doubles();
            }
            prop_assert_eq!((points, doubles), (s.points, s.doubles));
            let raw = u64::from(points) << doubles.min(40);
            prop_assert_eq!(s.total, raw.min(options.limit));
            prop_assert_eq!(s.capped, raw > options.limit);
            let a = s.decomposition.clone().unwrap();
            prop_assert!(h.partial_decompositions().contains(&a));
            // Bonus tiles always score: 4 points each.
            prop_assert!(s.points >= 4 * h.bonus().len() as u32);
        }
    }
}

#[test]
fn near_complete_hands_are_mostly_calling_with_varied_waits() {
    // Guards the generator behind `waits_agree_with_brute_force`: it must exercise waits.
    let (mut calling, mut many, mut with_melds) = (0, 0, 0);
    for seed in 0..300 {
        let Some(h) = near_complete_hand(seed) else {
            continue;
        };
        let w = waits::waits(&h, Wind::East).unwrap();
        assert_eq!(w, waits_by_brute_force(&h, Wind::East), "{h}");
        calling += usize::from(!w.is_empty());
        many += usize::from(w.len() >= 3);
        with_melds += usize::from(!h.melds().is_empty());
    }
    assert!(calling >= 200, "{calling} calling hands");
    assert!(many >= 20, "{many} hands with three waits or more");
    assert!(with_melds >= 50, "{with_melds} hands with melds laid apart");
}

#[test]
fn waits_of_calling_hands_from_deals_are_nonempty_sometimes() {
    // Build calling hands by removing a tile from complete ones; every such hand waits on the
    // removed tile.
    for seed in 0..50u64 {
        let h = random_hand(seed);
        if h.size() != 14 {
            continue;
        }
        if !waits::is_mah_jong(&h, Wind::East) {
            continue;
        }
        for &t in h.concealed() {
            let less = h.without_tile(t).unwrap();
            assert!(waits::waits(&less, Wind::East).unwrap().contains(&t));
        }
    }
    let complete: Hand = "123m 456p 789s 111z 55z".parse().unwrap();
    for &t in complete.concealed() {
        let less = complete.without_tile(t).unwrap();
        assert!(
            waits::waits(&less, Wind::East).unwrap().contains(&t),
            "{less}"
        );
    }
}
