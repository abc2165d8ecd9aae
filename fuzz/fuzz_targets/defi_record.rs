//! Fuzzes the reading of Défi Sudoku records (the JSON of `defi --record`, read back by
//! `defi --explain`): arbitrary text never panics; a record that replays gives back itself,
//! serializes as the same record, reads back as an equal game, and its first entry can be
//! explained (or the explanation fails with a typed error).
#![no_main]

use defi_sudoku::{Game, Record};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(record) = serde_json::from_slice::<Record>(data) else {
        return;
    };
    let Ok(game) = record.replay() else {
        return;
    };
    assert_eq!(game.record(), record);
    let text = serde_json::to_string(&game).expect("a game serializes");
    let again: Game = serde_json::from_str(&text).expect("a replayed game reads back");
    assert_eq!(again, game);
    if let Some(t) = game.turns().iter().position(|t| !t.entries.is_empty()) {
        let _ = game.explain_entry(t, 0);
    }
});
