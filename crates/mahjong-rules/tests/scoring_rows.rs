//! One test per line of the points table (points and doubles), and the rules around it:
//! the limit, East's doubling, the round wind, the calling hand, the best arrangement.

use mahjong_rules::{
    HandOutcome,
    Item::{self, *},
    RuleOptions, ScoreRule, ScoringSystem, Situation, Win, score,
};
use mahjong_tiles::Wind::*;

use crate::common::Value::{Doubles, Points};
use crate::common::{classical, full_table, hand, tile, values};

/// South's losing hand; West is the dominant wind.
const LOSES: Situation = Situation::new(South, West);

fn wins(w: Win) -> Situation {
    LOSES.with_win(w)
}

fn discard(t: &str) -> Situation {
    wins(Win::discard(tile(t)))
}

fn drawn(t: &str) -> Situation {
    wins(Win::self_drawn(tile(t)))
}

macro_rules! row {
    ($name:ident, $hand:expr, $sit:expr, $item:expr, $want:expr) => {
        #[test]
        fn $name() {
            let s = classical($hand, $sit);
            assert_eq!(values(&s, $item), $want, "{}\n{s}", $hand);
        }
    };
}

// --- Points for combinations ---
row!(
    pair_of_seat_wind,
    "22z 123m 456p 789s 19m",
    LOSES,
    PairSeatWind,
    [Points(2)]
);
row!(
    pair_of_dominant_wind,
    "33z 123m 456p 789s 19m",
    LOSES,
    PairDominantWind,
    [Points(2)]
);
row!(
    pair_of_round_wind_concealed,
    "44z 123m 456p 789s 19m",
    LOSES.with_round_wind(North),
    PairRoundWind,
    [Points(2)]
);
row!(
    pair_of_round_wind_needs_the_option,
    "44z 123m 456p 789s 19m",
    LOSES,
    PairRoundWind,
    []
);
row!(
    pair_of_round_wind_exposed,
    "44z 123m 456p 789s 111m",
    discard("4z").with_round_wind(North),
    PairRoundWind,
    [Points(0)]
);
row!(
    pair_of_dragons_concealed,
    "55z 123m 456p 789s 19m",
    LOSES,
    PairDragon,
    [Points(2)]
);
row!(
    pair_of_dragons_exposed,
    "55z 123m 456p 789s 111m",
    discard("5z"),
    PairDragon,
    [Points(0)]
);
row!(
    sequences_score_nothing,
    "22z 123m 456p 789s 19m",
    LOSES,
    Sequence,
    [Points(0); 3]
);
row!(
    triplet_minor_concealed,
    "555m 13z 456p 789s 19m",
    LOSES,
    TripletMinor,
    [Points(4)]
);
row!(
    triplet_minor_exposed,
    "[555m] 13z 456p 789s 19m",
    LOSES,
    TripletMinor,
    [Points(2)]
);
row!(
    triplet_terminal_concealed,
    "999p 13z 456m 789s 19m",
    LOSES,
    TripletTerminal,
    [Points(8)]
);
row!(
    triplet_terminal_exposed,
    "[999p] 13z 456m 789s 19m",
    LOSES,
    TripletTerminal,
    [Points(4)]
);
row!(
    triplet_honour_concealed,
    "111z 35z 456m 789s 19m",
    LOSES,
    TripletHonour,
    [Points(8)]
);
row!(
    triplet_honour_exposed,
    "[111z] 35z 456m 789s 19m",
    LOSES,
    TripletHonour,
    [Points(4)]
);
row!(
    kong_minor_concealed,
    "(5555m) 13z 456p 789s 19m",
    LOSES,
    KongMinor,
    [Points(16)]
);
row!(
    kong_minor_exposed,
    "[5555m] 13z 456p 789s 19m",
    LOSES,
    KongMinor,
    [Points(8)]
);
row!(
    kong_terminal_concealed,
    "(9999p) 13z 456m 789s 19m",
    LOSES,
    KongTerminal,
    [Points(32)]
);
row!(
    kong_terminal_exposed,
    "[9999p] 13z 456m 789s 19m",
    LOSES,
    KongTerminal,
    [Points(16)]
);
row!(
    kong_honour_concealed,
    "(1111z) 35z 456m 789s 19m",
    LOSES,
    KongHonour,
    [Points(32)]
);
row!(
    kong_honour_exposed,
    "[1111z] 35z 456m 789s 19m",
    LOSES,
    KongHonour,
    [Points(16)]
);
row!(
    each_flower,
    "22z 123m 456p 789s 19m 3f 4f",
    LOSES,
    Flower,
    [Points(4), Points(4)]
);
row!(
    each_season,
    "22z 123m 456p 789s 19m 1y",
    LOSES,
    Season,
    [Points(4)]
);

// --- Doubles for combinations ---
row!(
    triplet_of_seat_wind,
    "[222z] 5z 456p 789s 19m 1z",
    LOSES,
    TripletSeatWind,
    [Doubles(1)]
);
row!(
    kong_of_seat_wind,
    "(2222z) 5z 456p 789s 19m 1z",
    LOSES,
    TripletSeatWind,
    [Doubles(1)]
);
row!(
    triplet_of_dominant_wind,
    "[333z] 5z 456p 789s 19m 1z",
    LOSES,
    TripletDominantWind,
    [Doubles(1)]
);
row!(
    triplet_of_round_wind,
    "[444z] 5z 456p 789s 19m 1z",
    LOSES.with_round_wind(North),
    TripletRoundWind,
    [Doubles(1)]
);
row!(
    triplet_of_round_wind_needs_the_option,
    "[444z] 5z 456p 789s 19m 1z",
    LOSES,
    TripletRoundWind,
    []
);
row!(
    triplet_of_dragons,
    "[666z] 5z 456p 789s 19m 1z",
    LOSES,
    TripletDragon,
    [Doubles(1)]
);
row!(
    kong_of_dragons,
    "(7777z) 5z 456p 789s 19m 1z",
    LOSES,
    TripletDragon,
    [Doubles(1)]
);
row!(
    own_flower,
    "22z 123m 456p 789s 19m 2f 3f",
    LOSES,
    OwnFlowerOrSeason,
    [Doubles(1)]
);
row!(
    own_season,
    "22z 123m 456p 789s 19m 2y",
    LOSES,
    OwnFlowerOrSeason,
    [Doubles(1)]
);
row!(
    own_flower_and_season,
    "22z 123m 456p 789s 19m 2f 2y",
    LOSES,
    OwnFlowerAndSeason,
    [Doubles(2)]
);
row!(
    own_flower_and_season_is_not_also_one,
    "22z 123m 456p 789s 19m 2f 2y",
    LOSES,
    OwnFlowerOrSeason,
    []
);
row!(
    all_four_flowers,
    "22z 123m 456p 789s 19m 1234f",
    LOSES,
    AllFlowersOrSeasons,
    [Doubles(4)]
);
row!(
    all_four_seasons,
    "22z 123m 456p 789s 19m 1234y",
    LOSES,
    AllFlowersOrSeasons,
    [Doubles(4)]
);
row!(
    all_flowers_and_seasons_count_once,
    "22z 123m 456p 789s 19m 1234f 1234y",
    LOSES,
    AllFlowersOrSeasons,
    [Doubles(4)]
);

// --- Points for the Mah-jong hand ---
row!(
    going_mah_jong,
    "123m 456p 789s 111z 55m",
    discard("5m"),
    MahJong,
    [Points(20)]
);
row!(
    losing_hands_have_no_mah_jong_items,
    "123m 456p 789s 111z 5m",
    LOSES,
    MahJong,
    []
);
row!(
    four_sequences_and_a_pair,
    "123m 456p 789s 234s 55m",
    discard("5m"),
    FourSequences,
    [Points(10)]
);
row!(
    three_sequences_are_not_four,
    "123m 456p 789s 111z 55m",
    discard("5m"),
    FourSequences,
    []
);
row!(
    winning_tile_from_the_wall,
    "123m 456p 789s 111z 55m",
    drawn("5m"),
    SelfDrawn,
    [Points(2)]
);
row!(
    winning_on_a_discard_is_not_self_drawn,
    "123m 456p 789s 111z 55m",
    discard("5m"),
    SelfDrawn,
    []
);

// --- Doubles for the Mah-jong hand ---
row!(
    no_sequence,
    "111m 999p 555s 777z 55m",
    discard("5m"),
    NoSequence,
    [Doubles(1)]
);
row!(
    fishing_the_moon,
    "123m 456p 789s 111z 55m",
    wins(Win {
        last_wall_tile: true,
        ..Win::self_drawn(tile("5m"))
    }),
    LastWallTile,
    [Doubles(1)]
);
row!(
    robbing_a_kong,
    "123m 456p 789s 111z 55m",
    wins(Win {
        robbing_kong: true,
        ..Win::discard(tile("2m"))
    }),
    RobbingKong,
    [Doubles(1)]
);
row!(
    half_flush,
    "123m 234m 789m 111z 55z",
    discard("5z"),
    HalfFlush,
    [Doubles(1)]
);
row!(
    half_flush_is_not_pure,
    "123m 234m 789m 111z 55z",
    discard("5z"),
    PureFlush,
    []
);
row!(
    pure_flush,
    "123m 456m 789m 222m 55m",
    discard("5m"),
    PureFlush,
    [Doubles(3)]
);
row!(
    last_discard,
    "123m 456p 789s 111z 55m",
    wins(Win {
        last_discard: true,
        ..Win::discard(tile("5m"))
    }),
    LastDiscard,
    [Doubles(1)]
);
row!(
    calling_hand_goes_mah_jong,
    "123m 456p 789s 111z 55m",
    discard("5m").with_calling(true),
    CallingHand,
    [Doubles(1)]
);
row!(
    fully_concealed_is_not_classical,
    "123m 456p 789s 111z 55m",
    drawn("5m"),
    FullyConcealed,
    []
);
row!(
    only_honours_is_not_classical,
    "111z 222z 333z 555z 66z",
    discard("6z"),
    OnlyHonours,
    []
);

#[test]
fn fully_concealed_with_the_full_table() {
    let s = full_table("123m 456p 789s 111z 55m", drawn("5m"));
    assert_eq!(values(&s, FullyConcealed), [Doubles(1)]);
    // A discard completes its group from outside: not fully concealed.
    let s = full_table("123m 456p 789s 111z 55m", discard("5m"));
    assert_eq!(values(&s, FullyConcealed), []);
    // An exposed meld, neither.
    let s = full_table("123m 456p 789s [111z] 55m", drawn("5m"));
    assert_eq!(values(&s, FullyConcealed), []);
    // Declared concealed kongs stay concealed.
    let s = full_table("123m 456p 789s (1111z) 55m", drawn("5m"));
    assert_eq!(values(&s, FullyConcealed), [Doubles(1)]);
}

#[test]
fn only_honours_with_the_full_table() {
    let s = full_table("111z 222z 333z 555z 66z", discard("6z"));
    assert_eq!(values(&s, OnlyHonours), [Doubles(1)]);
    assert_eq!(values(&s, HalfFlush), []);
}

#[test]
fn article_example_three_doubles_for_south() {
    // "si Sud est Vent dominant ET Vent du Tour, et que Vent du Sud réalise un Pung de Sud,
    // cela compte pour 3 doubles."
    let sit = Situation::new(South, South).with_round_wind(South);
    let s = classical("[222z] 5z 456p 789s 19m 1z", sit);
    assert_eq!(s.doubles, 3);
    for item in [TripletSeatWind, TripletDominantWind, TripletRoundWind] {
        assert_eq!(values(&s, item), [Doubles(1)]);
    }
}

#[test]
fn score_is_points_times_two_to_the_doubles() {
    // Mah-jong 20 + concealed terminals 8 + exposed dragons 4 + flower 4 = 36; doubles:
    // dragons, own flower → 144.
    let s = classical("234m 678m 999p 55z [777z] 2f", discard("5z"));
    assert_eq!((s.points, s.doubles, s.total), (36, 2, 144));
    assert!(!s.capped && !s.east_doubled);
}

#[test]
fn ordinary_hands_are_capped_at_1000() {
    // 20 + 3 kongs of honours 96 + concealed dragons 8 = 124; doubles: South's kong, two
    // dragon melds, no sequence = 4 → 1984, capped.
    let s = classical("(1111z) (2222z) (5555z) 777z 66z", discard("6z"));
    assert_eq!((s.points, s.doubles), (124, 4));
    assert!(s.capped);
    assert_eq!(s.total, 1000);
}

#[test]
fn east_is_doubled_in_the_simple_system_only() {
    let h = "(1111z) (2222z) (5555z) 777z 66z";
    let sit = Situation::new(East, West).with_win(Win::discard(tile("6z")));
    let simple = classical(h, sit);
    assert!(simple.east_doubled);
    assert_eq!(simple.total, 2000);
    let options = RuleOptions::default().with_system(ScoringSystem::Advanced);
    let advanced = score(&hand(h), &sit, &options).unwrap();
    assert!(!advanced.east_doubled);
    assert_eq!(advanced.total, 1000);
    assert!(simple.to_string().contains("East: score doubled"));
}

#[test]
fn calling_hand_that_loses_scores_only_its_bonus_tiles() {
    let h = "23m 456p 789s 111z 55z 2f";
    // Only the points of its flower (4): not the double of its own flower (South's 2f).
    let lost = classical(h, LOSES.with_calling(true));
    assert_eq!((lost.points, lost.doubles, lost.total), (4, 0, 4));
    assert!(
        lost.lines
            .iter()
            .all(|l| l.rule == ScoreRule::Table(Flower))
    );
    // Nobody won: it scores normally (triplet of East 8, pair of dragons 2, flower 4; own
    // flower 1 double).
    let drawn_round = classical(
        h,
        LOSES
            .with_calling(true)
            .with_outcome(HandOutcome::NobodyWon),
    );
    assert_eq!(
        (drawn_round.points, drawn_round.doubles, drawn_round.total),
        (14, 1, 28)
    );
}

#[test]
fn best_arrangement_triplets_over_sequences() {
    // 111 222 333m reads as three triplets (16 points) or three sequences (0).
    let s = classical("111222333m 789p 55z", drawn("9p"));
    assert_eq!(s.points, 20 + 2 + 8 + 4 + 4 + 2);
    let a = s.decomposition.expect("an arrangement");
    assert!(
        a.melds.iter().filter(|m| m.is_triplet_or_kong()).count() == 3,
        "{a}"
    );
}

#[test]
fn best_arrangement_moves_the_pair() {
    // 111 234 44 (terminal triplet 8) beats 11 123 444 (minor triplet 4).
    let s = classical("11123444m 789p 555z", drawn("7p"));
    assert_eq!((s.points, s.doubles, s.total), (20 + 2 + 8 + 8, 1, 76));
    assert_eq!(s.decomposition.unwrap().pair, Some(tile("4m")));
}

#[test]
fn best_placement_keeps_the_triplet_concealed() {
    // The discarded 1m completes 123m rather than 111m.
    let s = classical("111123m 456p 789s 55p", discard("1m"));
    assert_eq!(values(&s, TripletTerminal), [Points(8)]);
    // With the triplet the only place, it is exposed.
    let s = classical("111m 234m 456p 789s 55p", discard("1m"));
    assert_eq!(values(&s, TripletTerminal), [Points(4)]);
}

#[test]
fn losing_hand_scores_its_best_partial_arrangement() {
    let s = classical("1112m 456p 799s 135z", LOSES);
    assert_eq!((s.points, s.doubles, s.total), (8, 0, 8));
    // An undeclared kong is a concealed triplet, not a kong.
    let s = classical("1111m 456p 799s 135z", LOSES);
    assert_eq!(values(&s, TripletTerminal), [Points(8)]);
    assert_eq!(values(&s, KongTerminal), []);
}

#[test]
fn the_table_is_data() {
    let mut table = mahjong_rules::PointsTable::classical();
    table.set(
        MahJong,
        mahjong_rules::ItemValue {
            exposed: 10,
            concealed: 10,
            enabled: true,
        },
    );
    table.enable(TripletDragon, false);
    let options = RuleOptions::default().with_table(table);
    let s = score(
        &hand("234m 678m 999p 55z [777z] 2f"),
        &discard("5z"),
        &options,
    )
    .unwrap();
    assert_eq!((s.points, s.doubles, s.total), (26, 1, 52));
}

#[test]
fn every_item_has_a_test_above() {
    // A guard for the list: each table line is named in this file.
    let source = include_str!("scoring_rows.rs");
    for item in Item::ALL {
        let name = format!("{item:?}");
        assert!(source.contains(&format!(" {name},")), "{name} untested");
    }
}

#[test]
fn own_flower_and_all_four_flowers_add_up() {
    // South holds its own flower 2f among all four: 1 + 4 doubles ("additionnés").
    let s = classical("22z 123m 456p 789s 19m 1234f", LOSES);
    assert_eq!(values(&s, OwnFlowerOrSeason), [Doubles(1)]);
    assert_eq!(values(&s, AllFlowersOrSeasons), [Doubles(4)]);
    // Pair of own wind 2, four flowers 16; 5 doubles.
    assert_eq!((s.points, s.doubles, s.total), (18, 5, 576));
}

#[test]
fn robbing_a_kong_with_a_fifth_copy_is_refused() {
    // Another player's pung of 5m and its fourth: this hand cannot also hold 555m.
    let sit = LOSES.with_win(mahjong_rules::Win {
        robbing_kong: true,
        ..mahjong_rules::Win::discard(tile("5m"))
    });
    let err = score(
        &hand("123m 456p 789s 555m 11z"),
        &sit,
        &RuleOptions::default(),
    );
    assert_eq!(
        err,
        Err(mahjong_rules::ScoreError::RobbedTileHeld {
            tile: tile("5m"),
            count: 3
        })
    );
    // With the robbed tile its only copy, it scores.
    assert!(
        score(
            &hand("123m 456p 789s 456m 55z"),
            &sit,
            &RuleOptions::default()
        )
        .is_ok()
    );
}
