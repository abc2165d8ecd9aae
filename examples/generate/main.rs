//! Generates minimal sudoku puzzles, one per line.
//!
//! ```text
//! cargo run --release --example generate -- --count N --seed S [--size 9] [--box RxC] [--symmetry none|central|quarter|mirror|diagonal] [--variant x] [--level easy|intermediate|expert]
//! ```
//!
//! - Prints N puzzles, one per line, in the one-line format with `.` for empty cells.
//! - Puzzle `i` (from 0) is made from seed `S + i` (`rand_pcg::Pcg64Mcg::seed_from_u64`):
//!   the same command prints the same puzzles on every machine.
//! - `--size N` picks the usual box shape of side N (4 → 2×2, 6 → 2×3, 9, 12 → 3×4, 16,
//!   25); `--box RxC` any other. Default 9×9, no symmetry, classic rules; `--variant x` adds
//!   the diagonals.
//! - With a symmetry, cells are emptied by orbits: the puzzle is unique and no orbit can be
//!   removed; without, it is minimal.
//! - `--level easy|intermediate|expert` (sudoku-grade): puzzle `i` is the first puzzle rated
//!   at that level among those the generator draws from seed `S + i`'s stream (at most
//!   10,000 draws, else an error); Easy needs only A1–A2, Intermediate up to D, Expert E or F.
//! - A summary goes to stderr (puzzles, seconds, puzzles/s, average givens); puzzles are
//!   made on every core (rayon), with progress on stderr when it is a terminal.

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
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::stderr().lock();
    match cli::run(&opts, &mut out, &mut err) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
