//! Fuzzes the framed ASCII parser: it never panics, and whatever it accepts prints back to a
//! framed grid that parses to the same grid.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::format::{self, ReadOptions, WriteOptions};
use sudoku_core::EmptyMarker;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(grid) = format::ascii::parse(text, &ReadOptions::default()) {
        for empty in [EmptyMarker::Dot, EmptyMarker::Star, EmptyMarker::Zero] {
            let printed = format::ascii::write(
                &grid,
                &WriteOptions {
                    empty,
                    ..Default::default()
                },
            );
            let read = ReadOptions {
                shape: Some(grid.shape()),
                ..Default::default()
            };
            let again = format::ascii::parse(&printed, &read).expect("printed form must parse");
            assert_eq!(again, grid);
        }
    }
    // The LaTeX reader too: never a panic, and a round trip for what it accepts.
    if let Ok(grid) = format::latex::parse(text, &ReadOptions::default()) {
        let printed = format::latex::write(&grid, &WriteOptions::default());
        assert_eq!(
            format::latex::parse(&printed, &ReadOptions::default()).expect("parses"),
            grid
        );
    }
});
