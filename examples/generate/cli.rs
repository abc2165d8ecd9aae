//! The logic of the `generate` example, kept apart from `main` so the integration tests of
//! the examples package can check the command-line contract.

use std::io::Write;
use std::time::Instant;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use sudoku_core::generate::{Generator, Symmetry};
use sudoku_core::{Geometry, Shape, Variant};
use sudoku_grade::calibrate::generate_level;
use sudoku_grade::{Level, Rater};

/// The parsed command line.
#[derive(Clone, Debug)]
pub struct Options {
    /// `--count N` (default 1).
    pub count: u64,
    /// `--seed S` (default 0).
    pub seed: u64,
    /// `--size N` or `--box RxC` (default 9×9).
    pub shape: Shape,
    /// `--symmetry NAME` (default none).
    pub symmetry: Symmetry,
    /// `--variant x` (also `latin`, `windoku`, `disjoint`).
    pub variant: Variant,
    /// `--level easy|intermediate|expert` (sudoku-grade): only puzzles rated at that level.
    pub level: Option<Level>,
    /// Show progress on stderr.
    pub progress: bool,
}

/// Puzzles drawn per requested level before giving up (`--level`).
pub const LEVEL_ATTEMPTS: usize = 10_000;

/// Reads the arguments (without the program name).
pub fn parse_args(args: &[String]) -> Result<Options, String> {
    let mut o = Options {
        count: 1,
        seed: 0,
        shape: Shape::CLASSIC,
        symmetry: Symmetry::None,
        variant: Variant::classic(),
        level: None,
        progress: false,
    };
    let mut it = args.iter();
    while let Some(a) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .cloned()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match a.as_str() {
            "--count" => {
                let v = value("--count")?;
                o.count = v
                    .parse()
                    .map_err(|_| format!("--count {v}: not a number"))?;
            }
            "--seed" => {
                let v = value("--seed")?;
                o.seed = v.parse().map_err(|_| format!("--seed {v}: not a number"))?;
            }
            "--size" => {
                let v = value("--size")?;
                let n: usize = v.parse().map_err(|_| format!("--size {v}: not a number"))?;
                o.shape = Shape::for_size(n).ok_or(format!("--size {v}: not in 1..=25"))?;
            }
            "--box" => {
                let v = value("--box")?;
                o.shape = v.parse().map_err(|e| format!("--box {v}: {e}"))?;
            }
            "--symmetry" => {
                let v = value("--symmetry")?;
                o.symmetry = v.parse().map_err(|e| format!("{e}"))?;
            }
            "--variant" => {
                o.variant = match value("--variant")?.as_str() {
                    "x" => Variant::x(),
                    "classic" => Variant::classic(),
                    "latin" => Variant::latin(),
                    "windoku" => Variant::classic().with_windows(),
                    "disjoint" => Variant::classic().with_disjoint_groups(),
                    v => {
                        return Err(format!(
                            "unknown variant {v:?} (x, classic, latin, windoku, disjoint)"
                        ));
                    }
                }
            }
            "--level" => {
                let v = value("--level")?;
                o.level = Some(v.parse().map_err(|e| format!("--level {v}: {e}"))?);
            }
            "-h" | "--help" => {
                return Err("usage: generate --count N --seed S [--size 9] [--box RxC] [--symmetry none|central|quarter|mirror|diagonal] [--variant x] [--level easy|intermediate|expert]".into());
            }
            other => return Err(format!("unknown argument {other:?}")),
        }
    }
    Ok(o)
}

/// Generates `opts.count` puzzles (puzzle `i` from seed `opts.seed + i`), prints them one
/// per line to `out` and a summary to `err`.
pub fn run(opts: &Options, out: &mut impl Write, err: &mut impl Write) -> Result<(), String> {
    let geometry = Geometry::new(opts.shape, &opts.variant).map_err(|e| e.to_string())?;
    let generator = Generator::new(geometry).symmetry(opts.symmetry);
    let start = Instant::now();
    const CHUNK: u64 = 256;
    let mut first = 0u64;
    let mut givens = 0usize;
    while first < opts.count {
        let last = (first + CHUNK).min(opts.count);
        let made: Vec<Result<String, String>> = (first..last)
            .into_par_iter()
            .map_init(
                || generator.clone(),
                |g, i| match opts.level {
                    None => g
                        .generate(&mut Pcg64Mcg::seed_from_u64(opts.seed.wrapping_add(i)))
                        .map(|m| m.puzzle.to_string())
                        .map_err(|e| e.to_string()),
                    Some(level) => generate_level(
                        g,
                        level,
                        &Rater::new(),
                        &mut Pcg64Mcg::seed_from_u64(opts.seed.wrapping_add(i)),
                        LEVEL_ATTEMPTS,
                    )
                    .map(|(m, _)| m.puzzle.to_string())
                    .map_err(|e| format!("no {level} puzzle in {LEVEL_ATTEMPTS} attempts: {e}")),
                },
            )
            .collect();
        for m in made {
            let p = m?;
            givens += p.chars().filter(|&c| c != '.').count();
            writeln!(out, "{p}").map_err(|e| e.to_string())?;
        }
        first = last;
        if opts.progress {
            let _ = write!(err, "\r{first}/{} puzzles", opts.count);
            let _ = err.flush();
        }
    }
    out.flush().map_err(|e| e.to_string())?;
    let secs = start.elapsed().as_secs_f64();
    if opts.progress {
        let _ = writeln!(err);
    }
    let _ = writeln!(
        err,
        "{} puzzles, {secs:.3} s, {:.1} puzzles/s, {:.1} givens on average",
        opts.count,
        opts.count as f64 / secs.max(1e-9),
        givens as f64 / opts.count.max(1) as f64
    );
    Ok(())
}
