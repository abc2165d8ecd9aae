//! `solve --variant jigsaw`: pairs of lines, a region map then a puzzle on it, as
//! `generate --variant jigsaw` prints them.

use std::io::{BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Instant;

use rayon::prelude::*;
use sudoku_core::format::{ReadOptions, line};
use sudoku_core::{Geometry, Grid, Shape, Solver, Variant};

use super::{Options, read_line_capped};
use crate::cli::{self, Timer, Watchdog};

/// [`Grid::MAX_TEXT_LEN`], as this module uses it in messages.
const MAX_TEXT_LEN: usize = Grid::MAX_TEXT_LEN;

/// One pair of input lines: (line number, text) of the map, and of the puzzle if any (each
/// line without its line end, at most [`Grid::MAX_TEXT_LEN`] + 1 bytes of it kept).
pub type Pair = ((usize, Vec<u8>), Option<(usize, Vec<u8>)>);

/// Pairs read at a time.
pub const BATCH: usize = 1024;

/// The kept bytes of a batch past which it ends, so that long lines cannot fill memory.
pub const BATCH_BYTES: usize = 16 << 20;

/// Reads the next batch of pairs of `input`: at most [`BATCH`] pairs, ending once
/// [`BATCH_BYTES`] bytes were read. Blank and `#` lines are skipped, lines are numbered on
/// from `lineno`, and each is kept up to [`Grid::MAX_TEXT_LEN`] + 1 bytes (the rest is
/// skipped, never held). A map line whose puzzle line has not come yet waits in `pending`
/// for the next batch; at the end of the input it comes alone. Returns the pairs and whether
/// the input ended.
///
/// # Errors
/// The reader's errors.
pub fn read_pairs(
    input: &mut impl BufRead,
    lineno: &mut usize,
    pending: &mut Option<(usize, Vec<u8>)>,
) -> std::io::Result<(Vec<Pair>, bool)> {
    let mut pairs: Vec<Pair> = Vec::new();
    let mut bytes = 0usize;
    while pairs.len() < BATCH && bytes < BATCH_BYTES {
        let mut buf = Vec::new();
        if read_line_capped(input, &mut buf, MAX_TEXT_LEN + 1)? == 0 {
            pairs.extend(pending.take().map(|m| (m, None)));
            return Ok((pairs, true));
        }
        *lineno += 1;
        bytes += buf.len();
        while matches!(buf.last(), Some(b'\n' | b'\r')) {
            buf.pop();
        }
        let t = buf.trim_ascii();
        if t.is_empty() || t[0] == b'#' {
            continue;
        }
        match pending.take() {
            None => *pending = Some((*lineno, buf)),
            Some(map) => pairs.push((map, Some((*lineno, buf)))),
        }
    }
    Ok((pairs, false))
}

/// The answer to one pair: the text for stdout and, on error, the message for stderr.
fn answer(
    opts: &Options,
    timer: &Timer,
    flag: &AtomicBool,
    pair: &Pair,
) -> (String, Option<String>) {
    let ((map_no, map_bytes), puzzle) = pair;
    let error = |lineno: usize, e: &dyn std::fmt::Display| {
        ("error".to_owned(), Some(format!("line {lineno}: {e}")))
    };
    let Some((lineno, puzzle)) = puzzle else {
        return error(*map_no, &"a region map without its puzzle line");
    };
    if map_bytes.len() > MAX_TEXT_LEN || puzzle.len() > MAX_TEXT_LEN {
        return error(
            *map_no,
            &format!("longer than {MAX_TEXT_LEN} bytes, not read"),
        );
    }
    let (Ok(map_line), Ok(text)) = (std::str::from_utf8(map_bytes), std::str::from_utf8(puzzle))
    else {
        return error(*map_no, &"not UTF-8");
    };
    let map = match map_line.parse::<sudoku_core::RegionMap>() {
        Ok(m) => m,
        Err(e) => return error(*map_no, &format!("region map: {e}")),
    };
    let Some(shape) = Shape::for_size(map.size()) else {
        return error(*map_no, &format!("no grid of side {}", map.size()));
    };
    let read = ReadOptions {
        shape: Some(shape),
        alphabet: opts.alphabet.clone(),
    };
    let grid: Grid = match line::parse(text.trim(), &read) {
        Ok(g) => g,
        Err(e) => {
            return error(
                *lineno,
                &super::line_error(&e, "a 1×1 grid is read with --box 1x1"),
            );
        }
    };
    let geometry = match Geometry::new(shape, &Variant::jigsaw(map)) {
        Ok(g) => g,
        Err(e) => return error(*lineno, &e),
    };
    let mut solver = Solver::new(geometry).cancel_flag(timer.flag());
    super::solve_timed(opts, &mut solver, timer, flag, *lineno, &grid)
}

/// Runs `solve --variant jigsaw`: pairs of lines from `input` (blank and `#` lines skipped),
/// one answer line per pair to `out`, messages and the summary to `err`. Returns the number
/// of puzzles answered. Pairs are read in batches of 1,024 (or 16 MiB) and answered on every
/// core.
pub fn run(
    opts: &Options,
    mut input: impl BufRead,
    out: &mut impl Write,
    err: &mut impl Write,
) -> std::io::Result<usize> {
    let progress = cli::Progress::with_display(0, "puzzles", opts.progress);
    let watchdog = Watchdog::new();
    let begin = Instant::now();
    let (mut done, mut lineno) = (0usize, 0usize);
    let mut pending: Option<(usize, Vec<u8>)> = None;
    let mut end = false;
    while !end {
        let pairs;
        (pairs, end) = read_pairs(&mut input, &mut lineno, &mut pending)?;
        let answers: Vec<(String, Option<String>)> = pairs
            .par_iter()
            .map_init(
                || {
                    let timer = watchdog.timer();
                    let flag = timer.flag();
                    (timer, flag)
                },
                |(timer, flag), pair| answer(opts, timer, flag, pair),
            )
            .collect();
        super::write_answers(out, err, &answers)?;
        done += answers.len();
        progress.add(answers.len());
    }
    super::summary(out, err, &progress, begin, done)
}
