//! Solves puzzles read from standard input, one per line.
//!
//! ```text
//! cargo run --release --example solve -- [--box RxC] [--variant x] [--count] [--limit N] [--engine dlx] < puzzles.txt
//! ```
//!
//! - Input: one puzzle per line in the one-line format (`.`, `0`, `-`, `*` for empty cells,
//!   `1`–`9` then letters); the size comes from the length (16, 36, 64, 81, 144, 256 or 625
//!   cells, usual box shape); `--box RxC` gives another box shape (boxes of R rows and C
//!   columns). Blank lines and lines starting with `#` are skipped.
//! - `--variant x` adds both diagonals (Sudoku X); `latin`, `windoku`, `disjoint` also work.
//! - Output: one line per puzzle: a solution in the same one-line format (`1`–`9`, then
//!   `A`, `B`, …), or `none`. With `--count`, the number of solutions instead; `--limit N`
//!   stops counting at N.
//! - A malformed line prints `error` on stdout and a message with its line number on stderr;
//!   the run goes on.
//! - `--engine dlx` chooses the dancing-links engine (the only one for now; it is also the
//!   default).
//! - At the end, a summary on stderr: `P puzzles, S s, R puzzles/s`. Puzzles are solved on
//!   every core (rayon); progress is shown on stderr when it is a terminal.
//!
//! ```text
//! $ echo ................ | cargo run --release --example solve -- --count
//! 288
//! ```

mod cli;

use std::io::IsTerminal;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut opts = match cli::parse_args(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    opts.progress = std::io::stderr().is_terminal();
    let stdin = std::io::stdin().lock();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::stderr().lock();
    match cli::run(&opts, stdin, &mut out, &mut err) {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
