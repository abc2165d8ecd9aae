//! Fuzzes the remaining text and serde forms of the mahjong crates. Byte 0 picks the form
//! (its value modulo 5), the rest is the text: `FromStr` of `ScoringSystem` (mahjong-rules),
//! solitaire `Move` and `BuiltinLayout` (mahjong-solitaire) and `Wind` (mahjong-tiles):
//! whatever reads prints back to a text that reads to the same value, and an error quotes at
//! most an excerpt of the text (40 characters, each escaped in at most 12); the serde form of a solitaire `Hint`: what deserializes
//! serializes back to the same value.
#![no_main]

use std::fmt::{Debug, Display};
use std::str::FromStr;

use libfuzzer_sys::fuzz_target;
use mahjong_rules::ScoringSystem;
use mahjong_solitaire::{BuiltinLayout, Hint, Move};
use mahjong_tiles::Wind;

/// Reads `text` as a `T`; what reads prints back to a text that reads to the same value;
/// an error's message holds at most an excerpt of the text: 40 characters, each escaped in
/// at most 12 (`\u{10ffff}` quoted), and at most 200 of its own.
fn text_round<T>(text: &str)
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    match text.parse::<T>() {
        Ok(value) => {
            let printed = value.to_string();
            match printed.parse::<T>() {
                Ok(again) => assert_eq!(again, value, "{printed:?}"),
                Err(_) => panic!("{value:?} prints as {printed:?}, which does not read"),
            }
        }
        Err(e) => {
            let message = e.to_string();
            assert!(message.chars().count() <= 40 * 12 + 200, "{message}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    match which % 5 {
        0 => text_round::<ScoringSystem>(text),
        1 => text_round::<Move>(text),
        2 => text_round::<BuiltinLayout>(text),
        3 => text_round::<Wind>(text),
        _ => {
            if let Ok(hint) = serde_json::from_str::<Hint>(text) {
                let printed = serde_json::to_string(&hint).expect("serializes");
                let again: Hint = serde_json::from_str(&printed).expect("reads back");
                assert_eq!(again, hint, "{printed}");
            }
        }
    }
});
