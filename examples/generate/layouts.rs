//! `generate`'s path for layouts (`--variant samurai` and the others of `solve`): puzzles in
//! the frame format, separated by a blank line.

use std::io::Write;
use std::sync::Arc;
use std::time::Instant;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use sudoku_core::format::{WriteOptions, frame};
use sudoku_core::generate::{GenerateError, Generator};
use sudoku_core::layout::Layout;
use sudoku_core::{Geometry, Solver};

use super::Options;
use crate::cli::{self, CliError};
use crate::solve::layouts::DEFAULT_TIMEOUT;

/// Generates `opts.count` puzzles of `layout` (puzzle `i` from seed `opts.seed + i`), prints
/// them in the frame format separated by blank lines, and a summary to `err`.
pub(crate) fn run(
    opts: &Options,
    layout: &Layout,
    out: &mut impl Write,
    err: &mut impl Write,
) -> Result<(), CliError> {
    let geometry = Arc::new(Geometry::from_layout(layout.clone()).map_err(failed)?);
    let limit = opts.timeout.unwrap_or(Some(DEFAULT_TIMEOUT));
    let watchdog = cli::Watchdog::new();
    let progress = cli::Progress::with_display(
        usize::try_from(opts.count).unwrap_or(usize::MAX),
        "puzzles",
        opts.progress,
    );
    let write_opts = WriteOptions {
        alphabet: opts.alphabet.clone(),
        ..Default::default()
    };
    let start = Instant::now();
    const CHUNK: u64 = 64;
    let (mut first, mut givens) = (0u64, 0usize);
    while first < opts.count {
        let last = (first + CHUNK).min(opts.count);
        let made: Vec<Result<(String, usize), CliError>> = (first..last)
            .into_par_iter()
            .map_init(
                || {
                    let timer = watchdog.timer();
                    let solver = Solver::new(geometry.clone()).cancel_flag(timer.flag());
                    let generator = Generator::with_solver(solver).symmetry(opts.symmetry);
                    (timer, generator)
                },
                |(timer, generator), i| {
                    timer.start(limit);
                    let seed = opts.seed.wrapping_add(i);
                    let result = generator.generate(&mut Pcg64Mcg::seed_from_u64(seed));
                    let late = timer.stop();
                    progress.add(1);
                    match result {
                        Ok(m) => Ok((
                            frame::write(&m.puzzle, layout, &write_opts),
                            m.puzzle.given_count(),
                        )),
                        Err(GenerateError::Interrupted(_)) if late => Err(CliError::Unanswered(
                            format!("puzzle {i} (seed {seed}): over the time limit"),
                        )),
                        Err(e) => Err(failed(e)),
                    }
                },
            )
            .collect();
        for (k, m) in made.into_iter().enumerate() {
            let (text, g) = m?;
            if first + k as u64 > 0 {
                out.write_all(b"\n")?;
            }
            out.write_all(text.as_bytes())?;
            givens += g;
        }
        first = last;
    }
    super::summary(
        out,
        err,
        &progress,
        start,
        opts.count,
        (givens, opts.count, "givens"),
    )
}

/// A failure while running, from any error.
fn failed(e: impl std::fmt::Display) -> CliError {
    CliError::Failed(e.to_string())
}
