//! `generate --variant jigsaw`: a random region map and a complete grid on it per puzzle,
//! then a minimal puzzle from that grid.
//!
//! Output: two lines per puzzle, the map (N×N labels `A`, `B`, … on one line, row by row)
//! then the puzzle (one-line format, `.` empty) — the pairs `solve --variant jigsaw` reads.

use std::io::Write;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use sudoku_core::{GenerateError, Generator};
use sudoku_core::{Geometry, RegionMap, Solver, StopReason, Variant};

use super::{Options, print};
use crate::cli::CliError;
use crate::solve::limit_for;

/// Region maps drawn for one puzzle before giving up: a map on which a uniqueness test of
/// the generator needs more than [`JIGSAW_BUDGET`] nodes is replaced by the next one drawn.
pub const JIGSAW_MAPS: usize = 16;

/// Search nodes of each solver call while making a jigsaw puzzle (about 0.1 s at 9×9).
pub const JIGSAW_BUDGET: u64 = 2_000_000;

/// A map on one line: its N×N labels row by row.
pub fn map_line(map: &RegionMap) -> String {
    map.to_string().split('\n').collect()
}

/// Puzzle `i`'s map and puzzle lines, from seed `seed`: a map and a complete grid on it are
/// drawn from the seed's stream, then the puzzle is made from that grid; a map on which the
/// generator needs more than its budget is replaced by the next one drawn.
fn make(
    opts: &Options,
    generator_flag: &std::sync::Arc<std::sync::atomic::AtomicBool>,
    seed: u64,
) -> Result<(String, String), String> {
    let size = opts.shape.size();
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    for _ in 0..JIGSAW_MAPS {
        let (map, grid) = RegionMap::random_with_grid(size, &mut rng).map_err(|e| e.to_string())?;
        let geometry =
            Geometry::new(opts.shape, &Variant::jigsaw(map.clone())).map_err(|e| e.to_string())?;
        let solver = Solver::new(geometry)
            .budget(JIGSAW_BUDGET)
            .cancel_flag(generator_flag.clone());
        let mut generator = Generator::with_solver(solver).symmetry(opts.symmetry);
        match generator.generate_from(&grid, &mut rng) {
            Ok(made) => return Ok((map_line(&map), print(&made.puzzle, opts))),
            Err(GenerateError::Interrupted(i)) if i.reason() == StopReason::Budget => {}
            Err(e) => return Err(e.to_string()),
        }
    }
    Err(format!(
        "no jigsaw puzzle made on {JIGSAW_MAPS} maps ({JIGSAW_BUDGET} search nodes a call)"
    ))
}

/// Generates `opts.count` jigsaw puzzles with their maps (see the module).
///
/// # Errors
/// As [`super::run`].
pub fn run(opts: &Options, out: &mut impl Write, err: &mut impl Write) -> Result<(), CliError> {
    let limit = limit_for(opts.timeout, opts.shape.size());
    super::run_chunks(
        opts,
        limit,
        (256, false, "givens"),
        out,
        err,
        |flag| flag,
        |flag, seed| {
            let (map, puzzle) = make(opts, flag, seed)?;
            let givens = puzzle.chars().filter(|&c| c != '.').count();
            Ok((format!("{map}\n{puzzle}"), givens))
        },
    )
}
