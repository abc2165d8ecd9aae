//! Fuzzes the mahjong-rules hand parser: it never panics; whatever it accepts is a valid hand
//! (13 or 14 tiles, at most four copies) that prints to a canonical form which parses back
//! to the same hand and prints identically; and scoring it as a losing or a winning hand
//! never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mahjong_rules::{Hand, RuleOptions, Situation, Win, score, waits};
use mahjong_tiles::Wind;

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
        if let Ok(w) = waits::waits(&hand, Wind::South) {
            for t in w {
                let full = hand.with_tile(t).expect("a wait fits in the hand");
                assert!(waits::is_mah_jong(&full, Wind::South));
            }
        }
    } else if let Some(&t) = hand.concealed().first() {
        let won = situation.with_win(Win::self_drawn(t));
        match score(&hand, &won, &options) {
            Ok(_) => assert!(waits::is_mah_jong(&hand, Wind::South)),
            Err(_) => assert!(!waits::is_mah_jong(&hand, Wind::South)),
        }
    }
});
