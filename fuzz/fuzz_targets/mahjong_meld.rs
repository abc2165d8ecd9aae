//! Fuzzes the meld notation both ways. Text: the parser never panics, refuses texts over
//! `Meld::MAX_TEXT_LEN`, and whatever it accepts prints to a canonical form that parses
//! back to the same meld and prints identically (parse∘print is the identity on what it
//! accepts). Structure: a meld built from a tile, a kind and an exposure prints to a text
//! the parser reads back to it, and its tiles rebuild it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mahjong_rules::{Exposure, Meld, ParseMeldError};
use mahjong_tiles::Tile;

fuzz_target!(|data: &[u8]| {
    if let [kind, tile, exposure, ..] = data {
        let tile = Tile::ALL[usize::from(*tile) % Tile::COUNT];
        let exposure = if exposure & 1 == 0 {
            Exposure::Exposed
        } else {
            Exposure::Concealed
        };
        let built = match kind % 3 {
            0 => Meld::sequence(tile, exposure),
            1 => Meld::triplet(tile, exposure),
            _ => Meld::kong(tile, exposure),
        };
        if let Ok(meld) = built {
            let text = meld.to_string();
            assert!(text.len() <= Meld::MAX_TEXT_LEN, "{text}");
            assert_eq!(text.parse::<Meld>(), Ok(meld), "{text}");
            assert_eq!(Meld::from_tiles(&meld.tiles(), exposure), Ok(meld));
            assert!(meld.tiles().iter().all(|&t| meld.contains(t)));
        }
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match text.parse::<Meld>() {
        Ok(meld) => {
            assert!(text.len() <= Meld::MAX_TEXT_LEN);
            assert!(meld.len() == 3 || meld.len() == 4);
            let printed = meld.to_string();
            assert_eq!(printed.parse::<Meld>(), Ok(meld), "{text:?} → {printed}");
            assert_eq!(printed.parse::<Meld>().map(|m| m.to_string()), Ok(printed));
        }
        Err(ParseMeldError::TooLong { length, max }) => {
            assert_eq!((length, max), (text.len(), Meld::MAX_TEXT_LEN));
            assert!(length > max);
        }
        Err(e) => assert!(e.to_string().len() < 400, "{e}"),
    }
});
