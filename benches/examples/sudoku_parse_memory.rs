//! Reads a file whole and hands it to one of sudoku-core's readers, to measure the reader's
//! peak memory on hostile input from outside (the file itself counts in the figure).
//!
//! ```sh
//! python3 -c "open('/tmp/cells.txt','w').write(('| ' + '1 ' * 48 + '|\n') * 1_000_000)"
//! cargo build --release -p benches --example sudoku_parse_memory
//! /usr/bin/time -v target/release/examples/sudoku_parse_memory ascii /tmp/cells.txt
//! ```
//!
//! Readers: `line`, `ascii`, `latex`, `regions` (`RegionMap`), `alphabet` (`Alphabet::new`).
//! Prints the reader, its time and the start of its answer on stderr.

use std::time::Instant;

use sudoku_core::format::{ReadOptions, ascii, latex, line};
use sudoku_core::{Alphabet, RegionMap};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [reader, file] = &args[..] else {
        eprintln!("usage: sudoku_parse_memory line|ascii|latex|regions|alphabet FILE");
        std::process::exit(2);
    };
    let text = match std::fs::read_to_string(file) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{file}: {e}");
            std::process::exit(1);
        }
    };
    let o = ReadOptions::default();
    let start = Instant::now();
    let answer = match reader.as_str() {
        "line" => line::parse(&text, &o).map(drop).map_err(|e| e.to_string()),
        "ascii" => ascii::parse(&text, &o).map(drop).map_err(|e| e.to_string()),
        "latex" => latex::parse(&text, &o).map(drop).map_err(|e| e.to_string()),
        "regions" => text
            .parse::<RegionMap>()
            .map(drop)
            .map_err(|e| e.to_string()),
        "alphabet" => Alphabet::new(&text).map(drop).map_err(|e| e.to_string()),
        other => {
            eprintln!("unknown reader {other:?}");
            std::process::exit(2);
        }
    };
    let shown = format!("{answer:?}");
    let cut = shown
        .char_indices()
        .nth(100)
        .map_or(shown.len(), |(i, _)| i);
    eprintln!(
        "{reader} {:.3} s {}",
        start.elapsed().as_secs_f64(),
        &shown[..cut]
    );
}
