//! Rates sudoku puzzles with the A1–F ladder, explains them step by step, or calibrates.
//!
//! ```text
//! cargo run --release --example grade -- [--explain] [--variant x] < puzzles.txt
//! cargo run --release --example grade -- --calibrate --seed S
//! ```
//!
//! - Reads puzzles from stdin, one per line in the one-line format (size from the length:
//!   16, 36, 64, 81, 144, 256 or 625 cells; `.`, `0`, `-`, `*` for empty cells; `#` lines and
//!   blank lines skipped). Prints one line per puzzle, tab-separated:
//!   `level<TAB>score<TAB>hardest<TAB>A1=n A2=n B=n C=n D=n E=n F=n`, where level is
//!   `easy`, `intermediate` or `expert`, score the grid score of the cost formula, hardest
//!   the hardest method credited to a cell (`-` for a grid with no empty cell), then the
//!   count of cells per method.
//! - `--explain`: after each puzzle's line, one line per step, `  N. [M Technique] sentence`
//!   (M the method letter), in the order the rater applied them.
//! - `--variant x`: the diagonals are houses too (Sudoku X).
//! - A line that is not a puzzle, or a puzzle with clashing givens or no solution, prints
//!   `error` on stdout and a message with the line number on stderr; the run goes on.
//! - `--calibrate --seed S`: no input; makes a random 9×9 grid from seed `S` and prints its
//!   three calibration snapshots (`sudoku_grade::calibrate`), one per line:
//!   `label<TAB>puzzle<TAB>level<TAB>score<TAB>hardest<TAB>A1=n …`, label `easy`,
//!   `intermediate`, `expert` (where the snapshot was taken), the rest its real rating. The
//!   same seed prints the same lines on every machine.
//! - A summary (puzzles, seconds, puzzles/s) goes to stderr. Puzzles are rated on every
//!   core (rayon), output in input order, with progress on stderr when it is a terminal.

mod cli;

use std::io::{IsTerminal, Read};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let opts = match cli::parse_args(&args) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let mut input = String::new();
    if !opts.calibrate && std::io::stdin().read_to_string(&mut input).is_err() {
        eprintln!("stdin is not UTF-8 text");
        return ExitCode::FAILURE;
    }
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut err = std::io::stderr().lock();
    let progress = std::io::stderr().is_terminal();
    match cli::run(&opts, &input, progress, &mut out, &mut err) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("{e}");
            ExitCode::FAILURE
        }
    }
}
