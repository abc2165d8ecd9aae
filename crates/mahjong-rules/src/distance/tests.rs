use super::*;
use crate::decompose;
use crate::meld::Exposure;
use crate::test_support::{h, t};
use crate::waits;
use mahjong_tiles::{TileSet, Tiles};
use proptest::prelude::*;
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// The distance by brute force over whole hands: every pair and every set of melds of
/// the rules (triplets of any kind, sequences 1–7 of a suit) that the concealed tiles must
/// make, within the copies the melds laid apart leave; the fewest tiles lacking.
fn reference(hand: &Hand) -> u8 {
    let held = Tile::count_kinds(hand.concealed().iter().copied());
    let apart = Tile::count_kinds(hand.melds().iter().flat_map(Meld::tiles));
    let room: Vec<u8> = (0..KINDS).map(|i| 4 - apart[i]).collect();
    let mut shapes: Vec<Vec<usize>> = (0..KINDS).map(|i| vec![i, i, i]).collect();
    for suit in 0..3 {
        for r in 0..7 {
            let i = 9 * suit + r;
            shapes.push(vec![i, i + 1, i + 2]);
        }
    }
    let mut best = u8::MAX;
    for pair in 0..KINDS {
        if room[pair] < 2 {
            continue;
        }
        let mut target = [0u8; KINDS];
        target[pair] = 2;
        let melds = 4 - hand.melds().len();
        search(&shapes, &held, &room, &mut target, melds, 0, &mut best);
    }
    best
}

fn search(
    shapes: &[Vec<usize>],
    held: &[u8; Tile::COUNT],
    room: &[u8],
    target: &mut [u8; KINDS],
    melds: usize,
    from: usize,
    best: &mut u8,
) {
    let lacking: u8 = (0..KINDS).map(|i| target[i].saturating_sub(held[i])).sum();
    // One more meld never lacks fewer tiles.
    if lacking >= *best {
        return;
    }
    if melds == 0 {
        *best = lacking;
        return;
    }
    for (k, shape) in shapes.iter().enumerate().skip(from) {
        for &i in shape {
            target[i] += 1;
        }
        if shape.iter().all(|&i| target[i] <= room[i]) {
            search(shapes, held, room, target, melds - 1, k, best);
        }
        for &i in shape {
            target[i] -= 1;
        }
    }
}

/// A hand of `size` (13 or 14) from a shuffled set of 136, with up to `melds` melds laid
/// apart taken from the same tiles (exposed chows, pungs, kongs, or concealed kongs).
fn random_hand(rng: &mut Pcg64Mcg, size: usize, melds: usize) -> Hand {
    let mut wall = TileSet::WithoutBonus.to_vec();
    wall.shuffle(rng);
    let mut apart = Vec::new();
    let mut tries = 0;
    while apart.len() < melds && tries < 50 {
        tries += 1;
        let tile = wall[rng.random_range(0..wall.len())];
        let exposure = if rng.random_range(0..2) == 0 {
            Exposure::Exposed
        } else {
            Exposure::Concealed
        };
        let meld = match rng.random_range(0..4) {
            0 => Meld::kong(tile, exposure),
            1 => Meld::triplet(tile, Exposure::Exposed),
            _ => Meld::sequence(tile, Exposure::Exposed),
        };
        let Ok(meld) = meld else { continue };
        let mut left = wall.clone();
        let taken = meld
            .tiles()
            .iter()
            .all(|u| match left.iter().position(|w| w == u) {
                Some(p) => {
                    left.swap_remove(p);
                    true
                }
                None => false,
            });
        if taken {
            wall = left;
            apart.push(meld);
        }
    }
    let concealed = wall[..size - 3 * apart.len()].to_vec();
    Hand::new(concealed, apart, vec![]).expect("tiles from one set")
}

/// A complete hand of random melds (some laid apart) and a pair, less `missing` random
/// concealed tiles replaced from the rest of the set (the last one not replaced when
/// `size` is 13).
fn near_complete(rng: &mut Pcg64Mcg, size: usize, missing: usize) -> Option<Hand> {
    let mut left = [4u8; KINDS];
    let mut concealed = Vec::new();
    let mut apart = Vec::new();
    for _ in 0..4 {
        let tile = Tile::ALL[rng.random_range(0..KINDS)];
        let meld = if rng.random_range(0..2) == 0 {
            Meld::sequence(tile, Exposure::Concealed)
        } else {
            Meld::triplet(tile, Exposure::Concealed)
        }
        .ok()?;
        for u in meld.tiles() {
            left[u.index()] = left[u.index()].checked_sub(1)?;
        }
        if rng.random_range(0..4) == 0 {
            apart.push(meld.with_exposure(Exposure::Exposed));
        } else {
            concealed.extend(meld.tiles());
        }
    }
    let pair = Tile::ALL[rng.random_range(0..KINDS)];
    left[pair.index()] = left[pair.index()].checked_sub(2)?;
    concealed.extend([pair, pair]);
    for k in 0..missing {
        let gone = rng.random_range(0..concealed.len());
        concealed.swap_remove(gone);
        if k + 1 < missing || size == 14 {
            let new = Tile::ALL[rng.random_range(0..KINDS)];
            if left[new.index()] > 0 {
                left[new.index()] -= 1;
                concealed.push(new);
            } else {
                return None;
            }
        }
    }
    Hand::new(concealed, apart, vec![]).ok()
}

fn away(s: &str) -> u8 {
    tiles_away(&h(s))
}

#[test]
fn complete_hands_are_at_zero() {
    for s in [
        "123m 456p 789s 111z 55z",
        "111222333m 789p 55z",
        "11123455678999m",
        "55z [123m] [456p] [789s] [111z]",
        "123456789s 77z 111z",
        "22444666888s 666z",
        "123m 55z (1111p) [2222s] [777z]",
    ] {
        assert_eq!(away(s), 0, "{s}");
    }
}

#[test]
fn calling_hands_are_at_one() {
    for s in [
        "123m 456p 789s 111z 5z",
        "1112345678999m",
        "23m 456p 789s 111z 55z",
        "5z [123m] [456p] [789s] [111z]",
        "13m 456p 789s 55z [777z]",
    ] {
        assert_eq!(away(s), 1, "{s}");
    }
}

#[test]
fn known_distances() {
    // Five isolated tiles to grow: the farthest a hand of 13 can be.
    assert_eq!(away("159m 159p 159s 1234z"), 9);
    assert_eq!(away("159m 159p 159s 12345z"), 9);
    // Two partial melds (13m, 79p) and a spare tile: each partial lacks one.
    assert_eq!(away("13m 456p 79p 789s 11z 5z"), 2);
    // Fourteen, one discard (5z) from calling.
    assert_eq!(away("13m 456p 789s 111z 55z 6z"), 1);
}

#[test]
fn no_fifth_copy() {
    // Only a fifth 1m would pair the lone 1m.
    assert_eq!(away("1111m [222p] [333p] [444p]"), 2);
    // The same with the fourth copy in a meld laid apart.
    assert_eq!(away("5z 123m 456p 789s [555z]"), 2);
    // Four concealed 1m: 111 + 1 cannot wait on a fifth.
    assert_eq!(away("1111m 234p 567p 789s"), 2);
    assert!(
        waits::waits(&h("1111m 234p 567p 789s"), Wind::East)
            .unwrap()
            .is_empty()
    );
    // A declared kong leaves no copy: 23m waits on 4m only.
    let hand = h("23m 456p 789s 55z (1111m)");
    assert_eq!(tiles_away(&hand), 1);
    assert_eq!(useful_tiles(&hand).unwrap(), [t("4m")]);
    // By counts alone the table would allow a fifth: it must not.
    assert_eq!(away("2222m 456p 789s 111z"), 2);
}

#[test]
fn useful_tiles_of_calling_hands_are_their_regular_waits() {
    let hand = h("1112345678999m");
    assert_eq!(
        Tiles(useful_tiles(&hand).unwrap()).to_string(),
        "123456789m"
    );
    let hand = h("5z 123m 456p 789s [555z]");
    // No 5z can come; any tile that can pair with a new one... none at distance 1.
    let useful = useful_tiles(&hand).unwrap();
    assert!(!useful.contains(&t("5z")));
    assert_eq!(
        useful_tiles(&h("123m 456p 789s 111z 55z")),
        Err(DistanceError::FourteenTiles)
    );
}

#[test]
fn counts_are_checked() {
    let counts = Tile::count_kinds(mahjong_tiles::parse_tiles("123m 456p 789s 11z").unwrap());
    assert_eq!(
        tiles_away_counts(&counts, &[]),
        Err(DistanceError::WrongTileCount { count: 11 })
    );
    let pung = Meld::triplet(t("1m"), Exposure::Exposed).unwrap();
    let counts = Tile::count_kinds(mahjong_tiles::parse_tiles("123m 456p 789s 1z").unwrap());
    // The lone 1m and the pung make four copies: allowed. The 1z waits for its pair.
    assert_eq!(tiles_away_counts(&counts, &[pung]), Ok(1));
    let kong = Meld::kong(t("1m"), Exposure::Exposed).unwrap();
    assert_eq!(
        tiles_away_counts(&counts, &[kong]),
        Err(DistanceError::TooManyCopies {
            tile: t("1m"),
            count: 5
        })
    );
    // Five melds: too many tiles whatever the counts.
    assert_eq!(
        tiles_away_counts(&[0; Tile::COUNT], &[pung; 5]),
        Err(DistanceError::WrongTileCount { count: 15 })
    );
    // Flowers and seasons in the counts are ignored.
    let mut counts =
        Tile::count_kinds(mahjong_tiles::parse_tiles("123m 456p 789s 111z 5z").unwrap());
    counts[Tile::COUNT - 1] = 1;
    assert_eq!(tiles_away_counts(&counts, &[]), Ok(1));
    assert_eq!(
        useful_tiles_counts(&counts, &[]).map(Tiles),
        Ok(Tiles(vec![t("5z")]))
    );
}

#[test]
fn grand_jeu_targets_are_the_patterns() {
    for limit in LimitHand::ALL {
        for seat in Wind::ALL {
            let mut n = 0;
            for_each_target(limit, seat, |c| {
                n += 1;
                let tiles: Vec<Tile> = (0..KINDS)
                    .flat_map(|i| std::iter::repeat_n(Tile::ALL[i], usize::from(c[i])))
                    .collect();
                let hand = Hand::new(tiles, vec![], vec![]).unwrap();
                assert!(limit.matches(&hand, seat), "{limit:?} {hand}");
                assert_eq!(limit_hand_tiles_away(&hand, limit, seat), Some(0));
            });
            assert!(n > 0);
        }
    }
}

#[test]
fn grand_jeu_distances() {
    let cases = [
        ("19m 19p 19s 1234567z", LimitHand::ThirteenLanterns, Some(1)),
        (
            "19m 19p 19s 123456z 5m",
            LimitHand::ThirteenLanterns,
            Some(2),
        ),
        ("123456789p 1234z", LimitHand::LittleSnake, Some(1)),
        ("123456789s 77z 11z", LimitHand::GreatSnake, Some(1)),
        ("222444666s 666z 8s", LimitHand::GreatGreenHand, Some(1)),
        ("111122223333z 4z", LimitHand::MandarinMahJong, Some(1)),
        ("11112222333z 44z", LimitHand::MandarinMahJong, Some(1)),
        ("555566667777z 1z", LimitHand::ImperialMahJong, Some(1)),
        ("555566667777z 2z", LimitHand::ImperialMahJong, Some(2)),
        (
            "[111z] 222333444z 5m",
            LimitHand::FourfoldHappiness,
            Some(1),
        ),
        ("[1111z] 222333444z 5m", LimitHand::FourfoldHappiness, None),
        (
            "(1111z) (2222z) (3333z) 44z 55z",
            LimitHand::MandarinMahJong,
            None,
        ),
        ("1112345678999m", LimitHand::NineTiles, Some(1)),
        ("1112345678999m 5m", LimitHand::NineTiles, Some(0)),
    ];
    for (s, limit, expected) in cases {
        assert_eq!(
            limit_hand_tiles_away(&h(s), limit, Wind::East),
            expected,
            "{s} {limit:?}"
        );
    }
}

#[test]
fn bounded_grand_jeu_distances_agree_with_the_full_search() {
    let mut rng = Pcg64Mcg::seed_from_u64(11);
    let mut near = 0;
    for round in 0..4000 {
        let hand = if round % 2 == 0 {
            random_hand(&mut rng, 13 + round % 4 / 2, round % 3)
        } else {
            // A Grand Jeu with a few of its tiles replaced at random.
            let limit = LimitHand::ALL[rng.random_range(0..LimitHand::ALL.len())];
            let mut targets = Vec::new();
            for_each_target(limit, Wind::East, |c| targets.push(*c));
            let c = targets[rng.random_range(0..targets.len())];
            let mut tiles: Vec<Tile> = (0..KINDS)
                .flat_map(|i| std::iter::repeat_n(Tile::ALL[i], usize::from(c[i])))
                .collect();
            tiles.truncate(14);
            for _ in 0..rng.random_range(0..5) {
                let i = rng.random_range(0..tiles.len());
                tiles[i] = Tile::ALL[rng.random_range(0..KINDS)];
            }
            match Hand::new(tiles, vec![], vec![]) {
                Ok(hand) => hand,
                Err(_) => continue,
            }
        };
        for limit in LimitHand::ALL {
            for seat in Wind::ALL {
                let full = limit_hand_tiles_away(&hand, limit, seat);
                near += usize::from(full.is_some_and(|d| d <= 2));
                for max in 0..=4 {
                    assert_eq!(
                        limit_hand_tiles_away_within(&hand, limit, seat, max),
                        full.filter(|&d| d <= max),
                        "{hand} {limit:?} {seat:?} {max}"
                    );
                }
            }
        }
    }
    assert!(near > 1000, "{near}");
}

/// Whether one more `tile` completes four melds and a pair, a fifth copy excepted.
fn regular_wait(hand: &Hand, tile: Tile) -> bool {
    let mut counts = hand.concealed_counts();
    counts[tile.index()] += 1;
    decompose::is_complete(&counts)
}

#[test]
fn at_one_exactly_when_calling() {
    let mut rng = Pcg64Mcg::seed_from_u64(16);
    let (mut calling, mut not) = (0, 0);
    for _ in 0..3000 {
        let missing = rng.random_range(1..=3);
        let Some(hand) = near_complete(&mut rng, 13, missing) else {
            continue;
        };
        let w = waits::waits(&hand, Wind::East).unwrap();
        let regular = w.iter().any(|&t| regular_wait(&hand, t));
        let d = tiles_away(&hand);
        assert_eq!(d == 1, regular, "{hand}: {d}, waits {}", Tiles(w.clone()));
        // Useful tiles of a calling hand: its waits that make melds and a pair.
        if d == 1 {
            let mut expected: Vec<Tile> = w
                .iter()
                .copied()
                .filter(|&t| regular_wait(&hand, t))
                .collect();
            expected.sort();
            assert_eq!(useful_tiles(&hand).unwrap(), expected, "{hand}");
            calling += 1;
        } else {
            not += 1;
        }
        // With the Grands Jeux: at one exactly when there is a wait.
        let nearest = LimitHand::ALL
            .iter()
            .filter_map(|&l| limit_hand_tiles_away(&hand, l, Wind::East))
            .fold(d, u8::min);
        assert_eq!(nearest == 1, !w.is_empty(), "{hand}");
    }
    assert!(calling > 300 && not > 300, "{calling} calling, {not} not");
}

#[test]
fn useful_tiles_lower_the_distance() {
    let mut rng = Pcg64Mcg::seed_from_u64(17);
    for i in 0..300 {
        let hand = random_hand(&mut rng, 13, i % 5);
        let d = tiles_away(&hand);
        let mut expected = Vec::new();
        for tile in Tile::ALL.into_iter().take(KINDS) {
            if let Ok(more) = hand.with_tile(tile) {
                let e = tiles_away(&more);
                assert!(e + 1 >= d && e <= d, "{hand} + {tile}: {d} then {e}");
                if e < d {
                    expected.push(tile);
                }
            }
        }
        assert_eq!(useful_tiles(&hand).unwrap(), expected, "{hand}");
    }
}

#[test]
fn counts_and_hands_agree() {
    let mut rng = Pcg64Mcg::seed_from_u64(18);
    for i in 0..200 {
        let hand = random_hand(&mut rng, 13 + i % 2, i % 5);
        let counts = Tile::count_kinds(hand.concealed().iter().copied());
        assert_eq!(
            tiles_away_counts(&counts, hand.melds()),
            Ok(tiles_away(&hand))
        );
    }
}

#[test]
fn regular_grands_jeux_are_no_nearer_than_tiles_away() {
    let mut rng = Pcg64Mcg::seed_from_u64(19);
    for i in 0..300 {
        let hand = random_hand(&mut rng, 13 + i % 2, i % 3);
        let d = tiles_away(&hand);
        for limit in [
            LimitHand::GreatSnake,
            LimitHand::NineTiles,
            LimitHand::GreatGreenHand,
            LimitHand::FourfoldHappiness,
        ] {
            if let Some(g) = limit_hand_tiles_away(&hand, limit, Wind::East) {
                assert!(g >= d, "{hand}: {limit:?} at {g}, regular at {d}");
            }
        }
    }
}

proptest! {
    #[test]
    fn matches_brute_force(seed in any::<u64>(), fourteen in any::<bool>(), melds in 0usize..=4) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let hand = random_hand(&mut rng, 13 + usize::from(fourteen), melds);
        prop_assert_eq!(tiles_away(&hand), reference(&hand), "{}", hand);
    }

    #[test]
    fn near_hands_match_brute_force(seed in any::<u64>(), fourteen in any::<bool>(), missing in 1usize..=4) {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        if let Some(hand) = near_complete(&mut rng, 13 + usize::from(fourteen), missing) {
            prop_assert_eq!(tiles_away(&hand), reference(&hand), "{}", hand);
        }
    }
}
