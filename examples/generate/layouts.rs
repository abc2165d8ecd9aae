//! `generate`'s path for layouts (`--variant samurai` and the others of `solve`): puzzles in
//! the frame format, separated by a blank line.

use std::io::Write;
use std::sync::Arc;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::Generator;
use sudoku_core::format::{WriteOptions, frame};
use sudoku_core::layout::Layout;
use sudoku_core::{Geometry, Solver};

use super::{Options, failed};
use crate::cli::CliError;
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
    let write_opts = WriteOptions {
        alphabet: opts.alphabet.clone(),
        ..Default::default()
    };
    super::run_chunks(
        opts,
        limit,
        (64, true, "givens"),
        out,
        err,
        |flag| {
            let solver = Solver::new(geometry.clone()).cancel_flag(flag);
            Generator::with_solver(solver).symmetry(opts.symmetry)
        },
        |generator, seed| {
            let made = generator
                .generate(&mut Pcg64Mcg::seed_from_u64(seed))
                .map_err(|e| e.to_string())?;
            Ok((
                frame::write(&made.puzzle, layout, &write_opts),
                made.puzzle.given_count(),
            ))
        },
    )
}
