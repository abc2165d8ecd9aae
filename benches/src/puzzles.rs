//! The five puzzle sets of the sudoku benches: the 300-line samples kept in sudoku-core's test
//! data (always there), or the whole lists of the tdoku benchmark collection when a folder of
//! them is given.

use std::path::Path;

/// The five sets: a short name, the file name of the whole list in the tdoku collection, and
/// the 300-line sample kept in sudoku-core's test data (an evenly spread sample, one line in
/// k, with the source's header; see that folder's README).
pub const SETS: [(&str, &str, &str); 5] = [
    (
        "17_clue",
        "puzzles2_17_clue",
        include_str!("../../crates/sudoku-core/tests/data/puzzles2_17_clue.txt"),
    ),
    (
        "magictour_top1465",
        "puzzles3_magictour_top1465",
        include_str!("../../crates/sudoku-core/tests/data/puzzles3_magictour_top1465.txt"),
    ),
    (
        "forum_hardest_1905_11plus",
        "puzzles5_forum_hardest_1905_11+",
        include_str!("../../crates/sudoku-core/tests/data/puzzles5_forum_hardest_1905_11plus.txt"),
    ),
    (
        "forum_hardest_1106",
        "puzzles6_forum_hardest_1106",
        include_str!("../../crates/sudoku-core/tests/data/puzzles6_forum_hardest_1106.txt"),
    ),
    (
        "serg_benchmark",
        "puzzles7_serg_benchmark",
        include_str!("../../crates/sudoku-core/tests/data/puzzles7_serg_benchmark.txt"),
    ),
];

/// One puzzle line: 81 cells (`1`–`9` givens, anything else empty) after trimming, or `None`
/// for a comment, a blank or a short line.
pub fn parse_line(line: &str) -> Option<[u8; 81]> {
    let bytes = line.trim().as_bytes();
    if bytes.len() < 81 || bytes[0] == b'#' {
        return None;
    }
    let mut cells = [0u8; 81];
    for (cell, &ch) in cells.iter_mut().zip(bytes) {
        *cell = match ch {
            b'1'..=b'9' => ch - b'0',
            _ => 0,
        };
    }
    Some(cells)
}

/// Every puzzle of a text (see [`parse_line`]).
pub fn parse(text: &str) -> Vec<[u8; 81]> {
    text.lines().filter_map(parse_line).collect()
}

/// A set: its short name and its puzzles (81 cells each, 0 empty).
pub type Set = (&'static str, Vec<[u8; 81]>);

/// The five sets: from `whole` (a folder of the tdoku lists) when given, else the samples.
pub fn load(whole: Option<&Path>) -> std::io::Result<Vec<Set>> {
    SETS.iter()
        .map(|&(name, file, sample)| {
            let puzzles = match whole {
                Some(dir) => parse(&std::fs::read_to_string(dir.join(file))?),
                None => parse(sample),
            };
            Ok((name, puzzles))
        })
        .collect()
}
