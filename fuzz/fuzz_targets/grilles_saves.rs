//! Fuzzes the terminal game's four save readers (sudoku, Défi Sudoku, mahjong solitaire,
//! French mahjong) through `grilles::resave`, the path its screens take: a bounded read, the
//! JSON, then the game's own checks. Byte 0 picks the game, the rest is the file. Nothing
//! panics; a save that comes back saves a text that comes back to the same text (read, check
//! and save again change nothing more), and a sudoku save keeps at most `MAX_UNDO` states of
//! each history list.
#![no_main]

use grilles::sudoku::{MAX_UNDO, SudokuSave};
use grilles::{ScreenKind, resave};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, file)) = data.split_first() else {
        return;
    };
    let kind = ScreenKind::GAMES[usize::from(which % 4)];
    let Ok(saved) = resave(kind, file) else {
        return;
    };
    let again = resave(kind, saved.as_bytes()).expect("what a restored game saves comes back");
    assert_eq!(again, saved, "saved again, a restored game writes the same");
    if kind == ScreenKind::Sudoku {
        let save: SudokuSave = serde_json::from_str(&saved).expect("a sudoku save");
        assert!(save.undo.len() <= MAX_UNDO && save.redo.len() <= MAX_UNDO);
    }
});
