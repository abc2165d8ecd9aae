//! The distance to Mah-jong through the public API, on random hands with melds laid apart and
//! flowers: 0 exactly for four melds and a pair, 1 for a hand of 13 exactly when a wait makes
//! four melds and a pair, useful tiles one tile closer, counts and hands agreeing.

use mahjong_rules::distance::{self, DistanceError};
use mahjong_rules::distance::{tiles_away, useful_tiles};
use mahjong_rules::{Hand, LimitHand, waits};
use mahjong_tiles::{Tile, Wind};
use proptest::prelude::*;

use crate::properties::random_hand;

/// Whether the hand's concealed tiles make melds and a pair (with its melds laid apart, a
/// Mah-jong of four melds and a pair).
fn regular(hand: &Hand) -> bool {
    !hand.decompositions().is_empty()
}

proptest! {
    #[test]
    fn zero_exactly_for_four_melds_and_a_pair(seed in any::<u64>()) {
        let hand = random_hand(seed);
        let d = tiles_away(&hand);
        prop_assert_eq!(d == 0, hand.size() == 14 && regular(&hand), "{}", hand);
        // Flowers and seasons play no part; counts give the same answer.
        let counts = Tile::count_kinds(hand.concealed().iter().chain(hand.bonus()).copied());
        prop_assert_eq!(distance::tiles_away_counts(&counts, hand.melds()), Ok(d));
        let bare = Hand::new(hand.concealed().to_vec(), hand.melds().to_vec(), vec![]).unwrap();
        prop_assert_eq!(tiles_away(&bare), d);
    }

    #[test]
    fn one_exactly_when_a_wait_makes_melds_and_a_pair(seed in any::<u64>()) {
        let hand = random_hand(seed);
        prop_assume!(hand.size() == 13);
        let d = tiles_away(&hand);
        let w = waits::waits(&hand, Wind::East).unwrap();
        let regular_waits: Vec<Tile> = w
            .iter()
            .copied()
            .filter(|&t| hand.with_tile(t).is_ok_and(|h| regular(&h)))
            .collect();
        prop_assert_eq!(d == 1, !regular_waits.is_empty(), "{}", hand);
        // The useful tiles are those one tile closer: the regular waits of a calling hand.
        let useful = useful_tiles(&hand).unwrap();
        for t in Tile::ALL.into_iter().take(Tile::PLAYING_COUNT) {
            if let Ok(more) = hand.with_tile(t) {
                prop_assert_eq!(useful.contains(&t), tiles_away(&more) < d, "{} + {}", hand, t);
            }
        }
        if d == 1 {
            prop_assert_eq!(&useful, &regular_waits);
        }
        // With the Grands Jeux, at 1 exactly when calling.
        let nearest = LimitHand::ALL
            .into_iter()
            .filter_map(|l| distance::limit_hand_tiles_away(&hand, l, Wind::East))
            .fold(d, u8::min);
        prop_assert_eq!(nearest == 1, waits::is_calling(&hand, Wind::East), "{}", hand);
    }
}

#[test]
fn useful_tiles_are_asked_of_thirteen() {
    let hand: Hand = "123m 456p 789s 111z 55z".parse().unwrap();
    assert_eq!(useful_tiles(&hand), Err(DistanceError::FourteenTiles));
    assert_eq!(tiles_away(&hand), 0);
}
