//! Fuzzes the mahjong-rules hand parser: it never panics; whatever it accepts is a valid hand
//! (13 or 14 tiles, at most four copies) that prints to a canonical form which parses back
//! to the same hand and prints identically; scoring it as a losing or a winning hand never
//! panics; and the fast waits (block by block) agree with the arrangement walk: a tile is a
//! wait exactly when the hand with it has a complete arrangement or a Grand Jeu's shape.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mahjong_rules::{Hand, LimitHand, RuleOptions, Situation, Win, score, waits};
use mahjong_tiles::{Tile, Wind};

/// A complete hand by the slow, independent route: the arrangement walk or a pattern.
fn complete(hand: &Hand) -> bool {
    !hand.decompositions().is_empty() || LimitHand::ALL.iter().any(|l| l.matches(hand, Wind::South))
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(hand) = text.parse::<Hand>() else {
        return;
    };
    assert!(hand.size() == 13 || hand.size() == 14);
    let printed = hand.to_string();
    let again: Hand = printed.parse().expect("the canonical form must parse");
    assert_eq!(again, hand);
    assert_eq!(again.to_string(), printed);
    let options = RuleOptions::default();
    let situation = Situation::new(Wind::South, Wind::East);
    if hand.size() == 13 {
        let s = score(&hand, &situation, &options).expect("a losing hand of 13 scores");
        assert!(s.total <= 2 * options.limit);
        let w = waits::waits(&hand, Wind::South).expect("13 tiles");
        for t in Tile::ALL.into_iter().take(Tile::PLAYING_COUNT) {
            let by_walk = hand.with_tile(t).is_ok_and(|full| complete(&full));
            assert_eq!(w.contains(&t), by_walk, "{hand} + {t}");
        }
    } else if let Some(&t) = hand.concealed().first() {
        assert_eq!(waits::is_mah_jong(&hand, Wind::South), complete(&hand));
        let won = situation.with_win(Win::self_drawn(t));
        match score(&hand, &won, &options) {
            Ok(_) => assert!(waits::is_mah_jong(&hand, Wind::South)),
            Err(_) => assert!(!waits::is_mah_jong(&hand, Wind::South)),
        }
    }
});
