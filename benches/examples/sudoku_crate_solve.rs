//! The `sudoku` crate's whole process solving a puzzle file, the peer of the `solve` example
//! in the whole-process comparison: it reads standard input (one 81-character puzzle a line,
//! `#` comment lines and blank lines skipped), and prints for each puzzle the number of
//! solutions up to 2 (default, as `solve --count --limit 2`) or with `--first` the first
//! solution found, or `none` (as `solve`), one line each. Single-threaded.
//!
//! ```sh
//! cargo build --release -p benches --example sudoku_crate_solve --example fast9_rate
//! cargo build --release --example solve
//! time target/release/examples/sudoku_crate_solve < puzzles2_17_clue > /dev/null
//! time RAYON_NUM_THREADS=1 target/release/examples/solve --engine fast --count --limit 2 < puzzles2_17_clue > /dev/null
//! ```
//!
//! A line the `sudoku` crate does not read prints `error`. Exit status: 0, 1 when reading or
//! writing fails, 2 on a bad command line.

use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

use sudoku::Sudoku;

fn run(first: bool) -> std::io::Result<()> {
    let stdin = std::io::stdin().lock();
    let mut out = BufWriter::new(std::io::stdout().lock());
    for line in stdin.lines() {
        let line = line?;
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match Sudoku::from_str_line(t) {
            Err(_) => writeln!(out, "error")?,
            Ok(s) if first => match s.some_solution() {
                Some(sol) => writeln!(out, "{}", sol.to_str_line())?,
                None => writeln!(out, "none")?,
            },
            Ok(s) => writeln!(out, "{}", s.solutions_count_up_to(2))?,
        }
    }
    out.flush()
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let first = match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        [] => false,
        ["--first"] => true,
        ["--help" | "-h"] => {
            println!("usage: sudoku_crate_solve [--first] < puzzles");
            return ExitCode::SUCCESS;
        }
        _ => {
            eprintln!("sudoku_crate_solve: unknown arguments (see --help)");
            return ExitCode::from(2);
        }
    };
    match run(first) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sudoku_crate_solve: {e}");
            ExitCode::FAILURE
        }
    }
}
