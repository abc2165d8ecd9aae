//! Fuzzes the examples' own input readers, through the examples library. Byte 0 picks the
//! reader (its value modulo 5), the rest is the input:
//! 0. `canon`'s batches (`Canon::read_batch`); 1. `grade`'s (`grade::read_batch`);
//! 2. `solve --variant jigsaw`'s pairs of lines (`solve::jigsaw::read_pairs`);
//! 3. `solve --variant samurai…`'s blocks (`solve::layouts::read_blocks`);
//! 4. `solitaire --layout FILE` (`solitaire::load_layout` on the bytes written to a file).
//!
//! Each is checked against the input's own lines: every line that is not blank or a comment
//! comes once, in order, under its number, with its text (canon's read by `parse_line`,
//! grade's trimmed, jigsaw's paired with the next); a batch never holds more than its
//! batch size; reading stops early exactly at the first line that is not UTF-8, and the
//! error names it. A layout file reads exactly when `Layout::read` reads its bytes, to the
//! same positions.
#![no_main]

use std::io::Cursor;

use examples::{canon, grade, solitaire, solve};
use libfuzzer_sys::fuzz_target;
use mahjong_solitaire::Layout;

/// The lines of `data` as a reader sees them: split at `\n`, a last line without one too.
fn lines(data: &[u8]) -> Vec<&[u8]> {
    let mut all: Vec<&[u8]> = data.split(|&b| b == b'\n').collect();
    if all.last().is_some_and(|l| l.is_empty()) {
        all.pop();
    }
    all
}

/// A line without its line end (and any `\r` before it).
fn bare(line: &[u8]) -> &[u8] {
    let mut l = line;
    while let [rest @ .., b'\r' | b'\n'] = l {
        l = rest;
    }
    l
}

/// Whether a line is skipped by every reader: blank, or a comment.
fn skipped(text: &str) -> bool {
    text.trim().is_empty() || text.trim_start().starts_with('#')
}

/// The number (from 1) of the first line after `after` that is not UTF-8, if any.
fn first_bad(all: &[&[u8]], after: usize) -> Option<usize> {
    (after..all.len())
        .find(|&i| std::str::from_utf8(all[i]).is_err())
        .map(|i| i + 1)
}

/// The text of line `n` (from 1) of `all` as a batch reader keeps it (without its line end
/// and a byte-order mark), after checking that the lines between the last one kept (`seen`)
/// and it were skipped.
fn kept(all: &[&[u8]], seen: usize, n: usize) -> String {
    assert!(n > seen && n <= all.len(), "line {n} after {seen}");
    let text = |i: usize| {
        let t = std::str::from_utf8(bare(all[i])).expect("UTF-8 up to a line kept");
        t.strip_prefix('\u{feff}').unwrap_or(t).to_owned()
    };
    for i in seen..n - 1 {
        assert!(skipped(&text(i)), "line {} left out", i + 1);
    }
    let line = text(n - 1);
    assert!(!skipped(&line), "line {n} kept");
    line
}

/// Checks the end of a batch: a stop is at the first line after `seen` that is not UTF-8,
/// with `message` naming it; an empty batch passed over none. Whether reading is over.
fn ended(all: &[&[u8]], seen: usize, stop: Option<String>, empty: bool, message: &str) -> bool {
    if let Some(e) = stop {
        let bad = first_bad(all, seen).expect("stopped at a line that is not UTF-8");
        assert_eq!(e, format!("line {bad}: {message}"));
        return true;
    }
    if empty {
        assert_eq!(
            first_bad(all, seen),
            None,
            "a line not UTF-8 was passed over"
        );
    }
    empty
}

fn canon_batches(data: &[u8]) {
    let all = lines(data);
    let options = canon::parse_args(&[]).expect("no arguments");
    let mut run = canon::Canon::new(&options, false);
    let mut input = Cursor::new(data);
    let mut seen = 0usize;
    loop {
        let (batch, stop) = run.read_batch(&mut input).expect("reading memory");
        assert!(batch.len() <= canon::BATCH);
        for (n, grid) in &batch {
            assert_eq!(grid, &canon::parse_line(&kept(&all, seen, *n)), "line {n}");
            seen = *n;
        }
        let stop = stop.map(|e| e.to_string());
        if ended(&all, seen, stop, batch.is_empty(), "not UTF-8") {
            return;
        }
    }
}

fn grade_batches(data: &[u8]) {
    let all = lines(data);
    let mut input = Cursor::new(data);
    let (mut line, mut seen) = (0usize, 0usize);
    loop {
        let (batch, stop) = grade::read_batch(&mut input, &mut line).expect("reading memory");
        assert!(batch.len() <= grade::BATCH);
        for (n, text) in &batch {
            assert_eq!(
                text.as_deref(),
                Some(kept(&all, seen, *n).trim()),
                "line {n}"
            );
            seen = *n;
        }
        if stop.is_none() && batch.is_empty() {
            assert_eq!(line, all.len(), "every line read");
        }
        let stop = stop.map(|e| e.to_string());
        if ended(&all, seen, stop, batch.is_empty(), "not UTF-8 text") {
            return;
        }
    }
}

fn jigsaw_pairs(data: &[u8]) {
    // The lines kept, with their numbers, then paired in order.
    let kept: Vec<(usize, Vec<u8>)> = lines(data)
        .iter()
        .enumerate()
        .map(|(i, l)| (i + 1, bare(l).to_vec()))
        .filter(|(_, l)| {
            let t = l.trim_ascii();
            !t.is_empty() && t[0] != b'#'
        })
        .collect();
    let mut input = Cursor::new(data);
    let (mut lineno, mut pending) = (0usize, None);
    let mut pairs = Vec::new();
    loop {
        let (batch, end) =
            solve::jigsaw::read_pairs(&mut input, &mut lineno, &mut pending).expect("memory");
        assert!(batch.len() <= solve::jigsaw::BATCH);
        pairs.extend(batch);
        if end {
            break;
        }
    }
    assert!(pending.is_none());
    let expected: Vec<solve::jigsaw::Pair> = kept
        .chunks(2)
        .map(|c| (c[0].clone(), c.get(1).cloned()))
        .collect();
    assert_eq!(pairs, expected);
}

fn layout_blocks(data: &[u8]) {
    match (solve::layouts::read_blocks(data), std::str::from_utf8(data)) {
        (Ok(blocks), Ok(text)) => {
            let all: Vec<&str> = text.lines().collect();
            let mut last = 0;
            for (n, block) in &blocks {
                assert!(*n > last, "blocks in order");
                assert_eq!(
                    block.split('\n').next(),
                    Some(all[n - 1]),
                    "block at line {n}"
                );
                last = *n;
            }
        }
        (Err(e), Err(bad)) => {
            let at = bad.valid_up_to();
            let line = 1 + data[..at].iter().filter(|&&b| b == b'\n').count();
            assert!(e.to_string().ends_with(&format!("(line {line})")), "{e}");
        }
        (read, text) => panic!("read {read:?} but UTF-8 {:?}", text.is_ok()),
    }
}

fn layout_file(data: &[u8]) {
    let path = std::env::temp_dir().join(format!("examples-readers-{}.layout", std::process::id()));
    std::fs::write(&path, data).expect("a temporary file");
    let spec = path.to_str().expect("a UTF-8 path");
    let read = solitaire::load_layout(spec);
    let _ = std::fs::remove_file(&path);
    match (read, Layout::read(data)) {
        (Ok(a), Ok(b)) => {
            assert_eq!(a.positions(), b.positions());
            assert!(!a.name().is_empty());
        }
        (Err(a), Err(b)) => assert_eq!(a.to_string(), format!("{spec}: {b}")),
        (a, b) => panic!("the example {a:?}, the library {b:?}"),
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    match which % 5 {
        0 => canon_batches(rest),
        1 => grade_batches(rest),
        2 => jigsaw_pairs(rest),
        3 => layout_blocks(rest),
        _ => layout_file(rest),
    }
});
