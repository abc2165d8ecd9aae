//! Properties: payments sum to zero and ignore the names of non-East seats; the hand notation
//! round-trips; every wait completes a scoreable Mah-jong.

use mahjong_rules::payment::settle;
use mahjong_rules::wall::{below, shuffle};
use mahjong_rules::{Exposure, Hand, Meld, RuleOptions, Situation, Win, score, waits};
use mahjong_tiles::{Tile, TileSet, Wind};
use proptest::prelude::*;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// A random valid hand (13 or 14 tiles, melds laid apart, bonus tiles) from a seed.
pub fn random_hand(seed: u64) -> Hand {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut left = [4u8; Tile::PLAYING_COUNT];
    let mut melds = Vec::new();
    for _ in 0..below(&mut rng, 5) {
        let t = Tile::ALL[below(&mut rng, 34) as usize];
        let exposure = if below(&mut rng, 3) == 0 {
            Exposure::Concealed
        } else {
            Exposure::Exposed
        };
        let m = match below(&mut rng, 3) {
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
    let mut pool: Vec<Tile> = Tile::ALL[..34]
        .iter()
        .flat_map(|t| std::iter::repeat_n(*t, left[t.index()] as usize))
        .collect();
    shuffle(&mut pool, &mut rng);
    let size = 13 + below(&mut rng, 2) as usize;
    let concealed: Vec<Tile> = pool[..size - 3 * melds.len()].to_vec();
    let bonus: Vec<Tile> = Tile::ALL[34..]
        .iter()
        .copied()
        .filter(|_| below(&mut rng, 4) == 0)
        .collect();
    Hand::new(concealed, melds, bonus).expect("generated hands are valid")
}

/// A random 13-tile concealed hand (no melds) from a deal.
fn dealt_hand(seed: u64) -> Hand {
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut tiles = TileSet::WithoutBonus.to_vec();
    shuffle(&mut tiles, &mut rng);
    Hand::new(tiles[..13].to_vec(), vec![], vec![]).expect("13 tiles")
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
    fn best_score_is_at_least_every_reading(seed in any::<u64>()) {
        // Any hand's losing score is at least the score of its empty arrangement (its melds
        // laid apart and bonus tiles alone).
        let h = random_hand(seed);
        if h.size() == 13 {
            let options = RuleOptions::default();
            let sit = Situation::new(Wind::West, Wind::East);
            let s = score(&h, &sit, &options).unwrap();
            let bare = Hand::new(vec![], vec![], vec![]).err();
            prop_assert!(bare.is_some());
            prop_assert!(s.total >= u64::from(h.bonus().len() as u32 * 4).min(options.limit));
        }
    }
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
