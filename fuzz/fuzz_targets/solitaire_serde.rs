//! Fuzzes the serde input of mahjong solitaire's public types (as JSON): a board (its saved
//! game, checked when read), a layout, a move and a saved game never panic the reader;
//! whatever is accepted writes back to JSON that reads to the same value, and an accepted
//! board holds together (its history replays on its layout, its save restores it).
#![no_main]

use libfuzzer_sys::fuzz_target;
use mahjong_solitaire::{Board, Layout, Move, SavedGame};

fn round_trip<T>(value: &T)
where
    T: serde::Serialize + serde::de::DeserializeOwned + PartialEq + std::fmt::Debug,
{
    let json = serde_json::to_string(value).expect("writes");
    let again: T = serde_json::from_str(&json).expect("what was read writes back readable");
    assert_eq!(&again, value);
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(board) = serde_json::from_str::<Board>(text) {
        assert!(board.layout().len() <= Layout::MAX_POSITIONS);
        assert!(2 * board.history().len() <= board.layout().len());
        assert_eq!(
            Board::restore(board.save()).expect("a save restores"),
            board
        );
        round_trip(&board);
    }
    if let Ok(layout) = serde_json::from_str::<Layout>(text) {
        assert!(layout.len() <= Layout::MAX_POSITIONS);
        round_trip(&layout);
    }
    if let Ok(saved) = serde_json::from_str::<SavedGame>(text) {
        assert!(saved.tiles.len() <= Layout::MAX_POSITIONS);
        round_trip(&saved);
        let _ = Board::restore(saved);
    }
    if let Ok(m) = serde_json::from_str::<Move>(text) {
        round_trip(&m);
    }
});
