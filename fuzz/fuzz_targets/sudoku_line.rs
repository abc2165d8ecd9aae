//! Fuzzes the one-line parser: it never panics, and whatever it accepts prints back to a text
//! that parses to the same grid (parse∘print∘parse = parse).
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::Grid;
use sudoku_core::format::{self, ReadOptions, WriteOptions};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(grid) = format::line::parse(text, &ReadOptions::default()) {
        let printed = format::line::write(&grid, &WriteOptions::default());
        let read = ReadOptions {
            shape: Some(grid.shape()),
            ..Default::default()
        };
        let again: Grid = format::line::parse(&printed, &read).expect("printed form must parse");
        assert_eq!(again, grid);
        assert_eq!(
            format::line::write(&again, &WriteOptions::default()),
            printed
        );
    }
});
