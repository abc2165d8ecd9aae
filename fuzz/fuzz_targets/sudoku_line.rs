//! Fuzzes the one-line parser: it never panics, and whatever it accepts prints back to a text
//! that parses to the same grid (parse∘print∘parse = parse). The in-place reader
//! `Grid::read_line` (bytes, no allocation up to 9×9) agrees with `line::parse` given the
//! grid's shape on every input: the same grid or the same error (a byte that is not UTF-8
//! is the character U+FFFD), the grid unchanged on error; `Grid::write_line` prints what
//! `Display` prints.
#![no_main]

use libfuzzer_sys::fuzz_target;
use sudoku_core::format::line::ParseLineError;
use sudoku_core::format::{self, ReadOptions, WriteOptions};
use sudoku_core::{Grid, Shape};

fuzz_target!(|data: &[u8]| {
    for shape in [Shape::new(2, 2), Shape::new(2, 3), Ok(Shape::CLASSIC)] {
        let shape = shape.expect("a valid shape");
        let mut grid = Grid::empty(shape);
        grid.set(0, 1).expect("a value of the shape");
        let before = grid.clone();
        let read = grid.read_line(data);
        let Ok(text) = std::str::from_utf8(data) else {
            assert!(matches!(
                read,
                Err(ParseLineError::Character {
                    character: '\u{fffd}',
                    ..
                }) | Ok(())
            ));
            if read.is_err() {
                assert_eq!(grid, before);
            }
            continue;
        };
        let opts = ReadOptions {
            shape: Some(shape),
            ..Default::default()
        };
        match (format::line::parse(text, &opts), read) {
            (Ok(parsed), Ok(())) => {
                assert_eq!(grid, parsed);
                let mut out = Vec::new();
                grid.write_line(&mut out);
                assert_eq!(out, parsed.to_string().into_bytes());
            }
            (Err(a), Err(b)) => {
                assert_eq!(a, b);
                assert_eq!(grid, before);
            }
            (a, b) => panic!("line::parse {a:?}, read_line {b:?}"),
        }
    }
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
