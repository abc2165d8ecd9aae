//! Fuzzes the tile notation parser: it never panics, and whatever it accepts prints to the
//! canonical form, which parses back to the same (sorted) tiles.
#![no_main]

use libfuzzer_sys::fuzz_target;
use mahjong_tiles::{Tile, Tiles};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(tiles) = text.parse::<Tiles>() {
        let printed = tiles.to_string();
        let again: Tiles = printed.parse().expect("canonical form must parse");
        assert_eq!(again, tiles.sorted());
        assert_eq!(again.to_string(), printed);
    }
    if let Ok(tile) = text.parse::<Tile>() {
        assert_eq!(tile.to_string().parse::<Tile>(), Ok(tile));
    }
});
