//! Table rules: claim priorities, dealing with seeded randomness (golden values), rotation.

use mahjong_rules::claims::{
    Claim, ClaimError, ClaimKind, MahJongWay, check_claim, check_robbing_kong, rank_claims,
    winning_claim,
};
use mahjong_rules::wall::{self, Wall, locate_breach};
use mahjong_rules::{RuleOptions, waits};
use mahjong_tiles::{Tile, TileSet, Tiles, Wind::*};
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;

use crate::common::{hand, tile};

#[test]
fn mah_jong_beats_pung_beats_chow() {
    let five = tile("5p");
    let chow = check_claim(
        &hand("46p 123m 456m 789s 1z 9p"),
        South,
        East,
        five,
        ClaimKind::Chow,
    )
    .unwrap();
    let pung = check_claim(
        &hand("55p 123m 456m 789s 1z 9p"),
        West,
        East,
        five,
        ClaimKind::Pung,
    )
    .unwrap();
    let mj = check_claim(
        &hand("5p 123m 456m 789s 111z"),
        North,
        East,
        five,
        ClaimKind::MahJong,
    )
    .unwrap();
    let options = RuleOptions::default();
    assert_eq!(winning_claim(East, &[chow, pung], &options), Some(pung));
    assert_eq!(winning_claim(East, &[chow, pung, mj], &options), Some(mj));
    assert_eq!(winning_claim(East, &[], &options), None);
}

#[test]
fn between_mah_jong_claims_pung_chow_pair_then_turn_order() {
    let five = tile("5p");
    let by_pair = check_claim(
        &hand("5p 123m 456m 789s 111z"),
        South,
        East,
        five,
        ClaimKind::MahJong,
    )
    .unwrap();
    let by_chow = check_claim(
        &hand("46p 123m 456m 789s 11z"),
        West,
        East,
        five,
        ClaimKind::MahJong,
    )
    .unwrap();
    let by_pung = check_claim(
        &hand("55p 123m 456m 789s 11z"),
        North,
        East,
        five,
        ClaimKind::MahJong,
    )
    .unwrap();
    assert_eq!(by_pair.way, Some(MahJongWay::Pair));
    assert_eq!(by_chow.way, Some(MahJongWay::Chow));
    assert_eq!(by_pung.way, Some(MahJongWay::Pung));
    let options = RuleOptions::default();
    assert_eq!(
        winning_claim(East, &[by_pair, by_chow, by_pung], &options),
        Some(by_pung)
    );
    assert_eq!(
        winning_claim(East, &[by_pair, by_chow], &options),
        Some(by_chow)
    );
    // Equal ranks: the nearest in turn order after the discarder.
    let a = Claim {
        seat: North,
        ..by_pair
    };
    let b = Claim {
        seat: South,
        ..by_pair
    };
    assert_eq!(winning_claim(West, &[b, a], &options), Some(a));
    assert_eq!(winning_claim(East, &[a, b], &options), Some(b));
    let mut all = vec![by_pair, by_chow, by_pung];
    rank_claims(East, &mut all, &options);
    assert_eq!(all, vec![by_pung, by_chow, by_pair]);
}

#[test]
fn grand_jeu_priority_is_an_option() {
    let one = tile("1m");
    // North: thirteen lanterns completed by 1m (ranks as a pair).
    let lanterns = check_claim(
        &hand("9m 19p 19s 1234567z 1m"),
        North,
        East,
        one,
        ClaimKind::MahJong,
    )
    .unwrap();
    assert!(lanterns.grand_jeu);
    // South: Mah-jong by pung.
    let pung = check_claim(
        &hand("11m 123p 456p 789s 55z"),
        South,
        East,
        one,
        ClaimKind::MahJong,
    )
    .unwrap();
    assert_eq!(pung.way, Some(MahJongWay::Pung));
    let off = RuleOptions::default();
    assert_eq!(winning_claim(East, &[lanterns, pung], &off), Some(pung));
    let on = RuleOptions::default().with_grand_jeu_priority(true);
    assert_eq!(winning_claim(East, &[lanterns, pung], &on), Some(lanterns));
}

#[test]
fn claim_errors() {
    let h = hand("55p 123m 456m 789s 1z 9p");
    assert_eq!(
        check_claim(&h, East, East, tile("5p"), ClaimKind::Pung),
        Err(ClaimError::OwnDiscard { seat: East })
    );
    assert_eq!(
        check_claim(&h, South, East, tile("1f"), ClaimKind::Pung),
        Err(ClaimError::BonusTile { tile: tile("1f") })
    );
    assert_eq!(
        check_claim(&h, South, East, tile("7z"), ClaimKind::MahJong),
        Err(ClaimError::NotMahJong { tile: tile("7z") })
    );
    assert!(matches!(
        check_claim(
            &hand("55p 123m 456m 789s 11z 9p"),
            South,
            East,
            tile("5p"),
            ClaimKind::Pung
        ),
        Err(ClaimError::WrongHandSize { size: 14 })
    ));
}

#[test]
fn robbing_a_kong_only_for_mah_jong() {
    let h = hand("46p 123m 456m 789s 11z");
    assert!(check_robbing_kong(&h, West, tile("5p")).is_ok());
    assert!(check_robbing_kong(&h, West, tile("6p")).is_err());
    // A hand holding 5p already cannot rob a kong of 5p (the pung holds the other three).
    let held = hand("55p 123m 456m 789s 11z");
    assert_eq!(
        check_robbing_kong(&held, West, tile("5p")),
        Err(ClaimError::RobbedTileHeld { tile: tile("5p") })
    );
}

#[test]
fn seeded_setup_is_stable() {
    // Golden values: a change here means seeded deals changed.
    let mut rng = Pcg64Mcg::seed_from_u64(2024);
    let s = wall::setup(TileSet::Full, 4, &mut rng).unwrap();
    let dominant = s.wall.breach().dominant;
    let summary = format!(
        "{:?} {:?} {:?} {:?} {}",
        s.east_roll,
        s.dominant_roll,
        dominant,
        s.wall.breach().wall,
        s.wall.breach().stack
    );
    let hands: Vec<String> = s
        .hands
        .iter()
        .map(|h| {
            format!(
                "{} {} | {}",
                h.wind,
                Tiles(h.concealed.clone()),
                Tiles(h.bonus.clone())
            )
        })
        .collect();
    let golden = include_str!("data/setup_2024.txt");
    let got = format!("{summary}\n{}\n", hands.join("\n"));
    assert_eq!(got, golden, "got:\n{got}");
}

#[test]
fn every_deal_is_well_formed() {
    for seed in 0..40u64 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let set = if seed % 2 == 0 {
            TileSet::Full
        } else {
            TileSet::WithoutBonus
        };
        let s = wall::setup(set, 4, &mut rng).unwrap();
        for roll in [s.east_roll, s.dominant_roll] {
            assert!(roll.iter().all(|d| (1..=6).contains(d)), "{roll:?}");
        }
        let breach = locate_breach(
            s.east_roll[0] + s.east_roll[1],
            s.dominant_roll[0] + s.dominant_roll[1],
            set.len() / 8,
        )
        .unwrap();
        assert_eq!(s.wall.breach(), breach);
        let dominant = breach.dominant;
        let mut all: Vec<Tile> = s.wall.live_tiles().to_vec();
        all.extend(s.wall.dead_tiles());
        for h in &s.hands {
            let want = if h.wind == dominant { 14 } else { 13 };
            assert_eq!(h.concealed.len(), want);
            assert!(h.concealed.iter().all(|t| !t.is_bonus()));
            assert!(h.bonus.iter().all(|t| t.is_bonus()));
            all.extend(&h.concealed);
            all.extend(&h.bonus);
        }
        all.sort_unstable();
        assert_eq!(all, set.to_vec(), "no tile lost or doubled");
        // The dead wall gave one tile per bonus tile; 53 tiles came from the live wall.
        let bonus: usize = s.hands.iter().map(|h| h.bonus.len()).sum();
        assert_eq!(s.wall.dead_len(), 14 - bonus);
        assert_eq!(s.wall.live_len(), set.len() - 14 - 53);
    }
}

#[test]
fn setup_is_shuffle_dice_build_and_deal() {
    // `setup` draws the shuffle, then East's dice, then the dominant wind's, and deals the
    // wall those give: the seeded golden below follows from the steps tested on their own.
    for seed in [2024, 9, 0] {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let s = wall::setup(TileSet::Full, 4, &mut rng).unwrap();
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let mut tiles = TileSet::Full.to_vec();
        tiles.shuffle(&mut rng);
        let east = wall::roll_dice(&mut rng);
        let dominant = wall::roll_dice(&mut rng);
        let breach = locate_breach(east[0] + east[1], dominant[0] + dominant[1], 18).unwrap();
        let mut w = Wall::build(&tiles, breach).unwrap();
        let hands = wall::deal(&mut w, 4).unwrap();
        assert_eq!((s.east_roll, s.dominant_roll), (east, dominant));
        assert_eq!((s.wall, s.hands), (w, hands));
    }
}

#[test]
fn dice_and_shuffles_are_spread() {
    // Every face of a die comes up, and a tile lands anywhere in a shuffled set.
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut faces = [0u32; 7];
    let mut first = std::collections::HashSet::new();
    for _ in 0..2000 {
        for d in wall::roll_dice(&mut rng) {
            faces[usize::from(d)] += 1;
        }
        let mut tiles = TileSet::Full.to_vec();
        tiles.shuffle(&mut rng);
        first.insert(tiles[0]);
    }
    assert_eq!(faces[0], 0);
    assert!(
        faces[1..].iter().all(|&n| (560..=780).contains(&n)),
        "{faces:?}"
    );
    assert_eq!(first.len(), 42, "every kind opens some shuffled set");
}

#[test]
fn three_players_deal() {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let s = wall::setup(TileSet::Full, 3, &mut rng).unwrap();
    assert_eq!(s.hands.len(), 3);
    let sizes: usize = s.hands.iter().map(|h| h.concealed.len()).sum();
    assert_eq!(sizes, 13 * 3 + 1);
}

#[test]
fn article_breach_example_on_a_built_wall() {
    let tiles = TileSet::Full.to_vec();
    let w = Wall::build(&tiles, locate_breach(8, 6, 18).unwrap()).unwrap();
    assert_eq!((w.live_len(), w.dead_len()), (130, 14));
}

#[test]
fn waits_and_calling() {
    let h = hand("23m 456p 789s 111z 55z");
    assert_eq!(Tiles(waits::waits(&h, East).unwrap()).to_string(), "14m");
    assert!(waits::is_calling(&h, East));
    assert!(!waits::is_calling(&hand("1m 456p 79s 111z 2468s"), East));
}
