//! Each Grand Jeu accepted, and a near miss rejected.

use mahjong_rules::{LimitHand, RuleOptions, ScoreRule, ScoringSystem, Situation, Win, score};
use mahjong_tiles::Wind::{self, *};

use crate::common::{classical, hand, tile};

fn accepted(h: &str, seat: Wind, win: &str, limit: LimitHand) {
    let sit = Situation::new(seat, West).with_win(Win::discard(tile(win)));
    let s = classical(h, sit);
    assert_eq!(s.limit_hand, Some(limit), "{h}\n{s}");
    assert_eq!(s.points, limit.points());
    assert_eq!(s.doubles, 0);
    let east = if seat == East { 2 } else { 1 };
    assert_eq!(s.total, u64::from(limit.points()) * east);
    assert_eq!(s.lines.len(), 1);
    assert_eq!(s.lines[0].rule, ScoreRule::LimitHand(limit));
    assert!(s.to_string().ends_with(&format!(
        "{} points {} doubles 0 score {}",
        limit.french_name(),
        limit.points(),
        s.total
    )));
}

fn rejected(h: &str, seat: Wind, limit: LimitHand) {
    assert!(!limit.matches(&hand(h), seat), "{h} should not be {limit}");
}

#[test]
fn little_snake() {
    accepted("123456789p 1234z 5z", South, "5z", LimitHand::LittleSnake);
    // The fourteenth tile must be an honour.
    rejected("123456789p 1234z 5p", South, LimitHand::LittleSnake);
}

#[test]
fn great_snake() {
    accepted("123456789s 777z 11z", South, "9s", LimitHand::GreatSnake);
    // The triplet may be an exposed pung.
    accepted("123456789s [777z] 11z", South, "9s", LimitHand::GreatSnake);
    rejected("123456789s 777z 12z", South, LimitHand::GreatSnake);
}

#[test]
fn thirteen_lanterns() {
    accepted(
        "19m 19p 19s 1234567z 1m",
        North,
        "1m",
        LimitHand::ThirteenLanterns,
    );
    // The pairing tile must be a terminal, not an honour.
    rejected(
        "19m 19p 19s 1234567z 7z",
        North,
        LimitHand::ThirteenLanterns,
    );
}

#[test]
fn nine_tiles() {
    accepted("11123455678999m", South, "5m", LimitHand::NineTiles);
    rejected("1112345678999m 5p", South, LimitHand::NineTiles);
    // "brelan de 1, brelan de 9": a kong of 1s is not the triplet the seed asks for.
    rejected("(1111m) 2345678999m 5m", South, LimitHand::NineTiles);
    // The pairing tile is one of the seven tiles 2–8, not a fourth 1 or 9.
    rejected("11112345678999m", South, LimitHand::NineTiles);
    // Its 700 points lose to a better ordinary reading (pure flush, terminals): the best
    // score is kept.
    let sit = Situation::new(South, West).with_win(Win::self_drawn(tile("5m")));
    let s = classical("11123455678999m 1f 2f 3f 4f", sit);
    assert_eq!(s.limit_hand, None);
    assert_eq!(s.total, 1000);
}

#[test]
fn great_green_hand() {
    accepted(
        "222444666s 666z 88s",
        South,
        "8s",
        LimitHand::GreatGreenHand,
    );
    accepted(
        "[2222s] 444666s 666z 88s",
        South,
        "8s",
        LimitHand::GreatGreenHand,
    );
    rejected("222444666s 666z 33s", South, LimitHand::GreatGreenHand);
}

#[test]
fn fourfold_happiness() {
    accepted(
        "111222333444z 55m",
        South,
        "5m",
        LimitHand::FourfoldHappiness,
    );
    accepted(
        "[111z] [222z] 333444z 55m",
        South,
        "5m",
        LimitHand::FourfoldHappiness,
    );
    rejected("111222333z 44z 555m", South, LimitHand::FourfoldHappiness);
    // "4 Brelans des 4 Vents": the article writes no "(ou Carré)" here, so a kong does not
    // stand for a triplet (the hand is scored as an ordinary Mah-jong instead).
    rejected(
        "[1111z] 222333444z 55m",
        South,
        LimitHand::FourfoldHappiness,
    );
    let sit = Situation::new(South, West).with_win(Win::discard(tile("5m")));
    assert_eq!(
        classical("[1111z] 222333444z 55m", sit).limit_hand,
        None,
        "an ordinary hand"
    );
}

#[test]
fn mandarin_mah_jong() {
    accepted("111122223333z 44z", South, "4z", LimitHand::MandarinMahJong);
    // Declared kongs are not kept concealed.
    rejected(
        "(1111z) (2222z) (3333z) 44z 555m",
        South,
        LimitHand::MandarinMahJong,
    );
    rejected("111122223333z 55z", South, LimitHand::MandarinMahJong);
    // "3 Carrés naturels": a discard may complete the pair, not one of the kongs.
    let h = hand("111122223333z 44z");
    assert!(LimitHand::MandarinMahJong.is_won_with(&h, South, tile("4z"), false));
    assert!(LimitHand::MandarinMahJong.is_won_with(&h, South, tile("3z"), true));
    assert!(!LimitHand::MandarinMahJong.is_won_with(&h, South, tile("3z"), false));
    let on_discard = Situation::new(South, West).with_win(Win::discard(tile("3z")));
    assert!(matches!(
        score(&h, &on_discard, &RuleOptions::default()),
        Err(mahjong_rules::ScoreError::NotMahJong { .. })
    ));
    let drawn = Situation::new(South, West).with_win(Win::self_drawn(tile("3z")));
    assert_eq!(
        classical("111122223333z 44z", drawn).limit_hand,
        Some(LimitHand::MandarinMahJong)
    );
    // Nor may the kong tile be claimed to go Mah-jong.
    let before = hand("11112222333z 44z");
    assert_eq!(
        mahjong_rules::claims::mah_jong_way(&before, South, tile("3z")),
        None
    );
}

#[test]
fn imperial_mah_jong() {
    accepted("555566667777z 22z", South, "2z", LimitHand::ImperialMahJong);
    // The pair must be the player's own wind.
    rejected("555566667777z 22z", East, LimitHand::ImperialMahJong);
    // A discarded dragon cannot complete one of its kongs.
    let h = hand("555566667777z 22z");
    assert!(!LimitHand::ImperialMahJong.is_won_with(&h, South, tile("7z"), false));
    assert!(LimitHand::ImperialMahJong.is_won_with(&h, South, tile("7z"), true));
}

#[test]
fn east_doubles_a_grand_jeu_in_the_simple_system_only() {
    accepted("555566667777z 11z", East, "1z", LimitHand::ImperialMahJong);
    let sit = Situation::new(East, West).with_win(Win::discard(tile("1z")));
    let options = RuleOptions::default().with_system(ScoringSystem::Advanced);
    let s = score(&hand("555566667777z 11z"), &sit, &options).unwrap();
    assert_eq!(s.total, 6000);
}

#[test]
fn grand_jeu_beats_its_ordinary_reading() {
    // Fourfold happiness is also four triplets and a pair, but scores 2000.
    let sit = Situation::new(South, West).with_win(Win::self_drawn(tile("5m")));
    let s = classical("111222333444z 55m", sit);
    assert_eq!(s.limit_hand, Some(LimitHand::FourfoldHappiness));
    assert_eq!(s.total, 2000);
}
