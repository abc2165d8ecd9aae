//! Measures the rater: the distribution of levels and hardest letters over random minimal
//! puzzles (beside the shares of Farid Mita's five types that the French Wikipedia article
//! "Sudoku" gives: 46/32/11/8/3 %), its speed, and how its score follows Sukaku Explainer's
//! ratings on puzzles of the Sudoku Exchange bank.
//!
//! ```text
//! cargo run --release -p benches --example grade_measure -- [DIR] [--random N] [--seed S]
//!     [--se FILE] [--per-rating K] [--threads T] [--without TECHNIQUE]…
//! ```
//!
//! - `DIR` (default: this package's `data` folder, `benches/data`): where the rated puzzles
//!   are read.
//! - `--random N` (default 10000): puzzles made by `sudoku_core::Generator` from
//!   seeds `S`, `S+1`, … (default `S = 0`), rated on every core; prints the level and letter
//!   tables (Markdown) and the puzzles/s of the rating alone on one core (the first 2,000
//!   puzzles, steps not recorded; the CPU time of the rating thread where Linux reports it,
//!   so that other processes sharing the machine disturb the figure less, wall-clock time
//!   elsewhere). `--random 0` skips this part.
//! - `--se FILE` (default `se-sample.txt`, 223 puzzles): the file of `DIR` holding lines
//!   `[<id>] <81 digits> <rating>` (`#` lines skipped), puzzles rated by Sukaku Explainer;
//!   the full bank sample is `se-2.5-to-9.3-max1000-per-rating.txt` (42,976 puzzles, not in
//!   the repository). Keeps at most K puzzles per rating value (default all), prints the
//!   Spearman rank correlation between our score and the file's rating and a table of the
//!   mean score, level shares and hardest letters per rating value. Skipped when the file is
//!   missing.
//! - `--threads T`: rayon threads (default: every core).
//! - `--without TECHNIQUE` (repeatable, e.g. `--without "hidden rectangle"`): rate without
//!   that technique, to see what it changes.
//! - `--help`: this usage. Progress goes to stderr when it is a terminal.

use std::collections::BTreeMap;
use std::io::IsTerminal;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use lexopt::{Arg, ValueExt as _};
use rand::SeedableRng as _;
use rayon::prelude::*;
use sudoku_core::Generator;
use sudoku_core::{Geometry, Grid, Puzzle, Shape};
use sudoku_grade::{Level, Method, Rater, Rating, Technique, Techniques, spearman};

const USAGE: &str = "usage: grade_measure [DIR] [--random N] [--seed S] [--se FILE] \
[--per-rating K] [--threads T] [--without TECHNIQUE]...";

const HELP: &str = "
Measures sudoku-grade: levels and hardest letters over random minimal 9x9 puzzles, the rating
speed on one core, and the agreement with Sukaku Explainer's ratings.
  DIR                  where --se is read (default: the benches package's data folder)
  --random N           random minimal puzzles to rate (default 10000; 0 skips)
  --seed S             the first generator seed (default 0)
  --se FILE            Sudoku Exchange puzzles with their SE rating, in DIR
                       (default se-sample.txt)
  --per-rating K       at most K puzzles per SE rating value (default all)
  --threads T          rayon threads (default: every core)
  --without TECHNIQUE  rate without that technique (repeatable)
  -h, --help           this help";

struct Opts {
    techniques: Techniques,
    random: usize,
    seed: u64,
    dir: PathBuf,
    se: String,
    per_rating: usize,
    threads: usize,
}

/// The command line; `Err(None)` for `--help`, `Err(Some(message))` for a bad one.
fn parse() -> Result<Opts, Option<String>> {
    let mut o = Opts {
        techniques: Techniques::all(),
        random: 10_000,
        seed: 0,
        dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("data"),
        se: "se-sample.txt".into(),
        per_rating: usize::MAX,
        threads: 0,
    };
    let mut p = lexopt::Parser::from_env();
    let bad = |e: lexopt::Error| Some(e.to_string());
    while let Some(arg) = p.next().map_err(bad)? {
        match arg {
            Arg::Long("random") => o.random = p.value().map_err(bad)?.parse().map_err(bad)?,
            Arg::Long("seed") => o.seed = p.value().map_err(bad)?.parse().map_err(bad)?,
            Arg::Long("se") => o.se = p.value().map_err(bad)?.string().map_err(bad)?,
            Arg::Long("per-rating") => {
                o.per_rating = p.value().map_err(bad)?.parse().map_err(bad)?
            }
            Arg::Long("threads") => o.threads = p.value().map_err(bad)?.parse().map_err(bad)?,
            Arg::Long("without") => {
                let name = p.value().map_err(bad)?.string().map_err(bad)?;
                let t: Technique = name.parse().map_err(|e| Some(format!("--without: {e}")))?;
                o.techniques = o.techniques.without(t);
            }
            Arg::Value(dir) => o.dir = PathBuf::from(dir),
            Arg::Short('h') | Arg::Long("help") => return Err(None),
            other => return Err(Some(other.unexpected().to_string())),
        }
    }
    Ok(o)
}

fn progress(done: &AtomicUsize, total: usize) {
    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
    if std::io::stderr().is_terminal() && (d.is_multiple_of(100) || d == total) {
        eprint!("\r{d}/{total}");
    }
}

/// Seconds this thread has spent on a CPU (Linux: `/proc/thread-self/schedstat`, in ns), so
/// that other processes sharing the cores count less; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns * 1e-9)
}

fn pct(k: usize, n: usize) -> String {
    format!("{:.1}%", 100.0 * k as f64 / n.max(1) as f64)
}

fn random_part(o: &Opts) {
    let n = o.random;
    let geo = Geometry::classic(Shape::CLASSIC);
    let done = AtomicUsize::new(0);
    let puzzles: Vec<Puzzle> = (0..n as u64)
        .into_par_iter()
        .map_init(
            || Generator::new(geo.clone()),
            |g, i| {
                progress(&done, n);
                let made = g
                    .generate(&mut rand_pcg::Pcg64Mcg::seed_from_u64(o.seed + i))
                    .expect("9x9 generation");
                Puzzle::classic(made.puzzle).expect("generated puzzles are valid")
            },
        )
        .collect();
    eprintln!();
    let rater = Rater::new().techniques(o.techniques);
    let (t, cpu) = (Instant::now(), cpu_seconds());
    let sample = n.min(2000);
    let quiet = rater.clone().record_steps(false);
    for p in &puzzles[..sample] {
        let _ = std::hint::black_box(quiet.rate(p));
    }
    let (secs, clock) = match (cpu, cpu_seconds()) {
        (Some(a), Some(b)) => (b - a, "CPU time of the rating thread"),
        _ => (t.elapsed().as_secs_f64(), "wall-clock time"),
    };
    let ratings: Vec<Rating> = puzzles
        .par_iter()
        .map(|p| rater.rate(p).expect("generated puzzles are unique"))
        .collect();
    println!(
        "## {n} random minimal 9x9 puzzles (sudoku-core generator, seeds {}..{})\n",
        o.seed,
        o.seed + n as u64
    );
    println!(
        "rating speed, one core, first {sample} puzzles, steps not recorded: {:.0} puzzles/s ({clock})\n",
        sample as f64 / secs
    );
    let mut letters = [0usize; 7];
    let mut levels = [0usize; 3];
    let mut score_sum = [0u64; 7];
    for r in &ratings {
        let m = r.hardest.unwrap_or(Method::A1);
        letters[m.index()] += 1;
        score_sum[m.index()] += u64::from(r.score);
        levels[r.level as usize] += 1;
    }
    println!("| hardest letter | puzzles | share | mean score | Mita type (share in \"Sudoku\") |");
    println!("|---|---|---|---|---|");
    let mita = [
        "1 (46% for types 1)",
        "1",
        "2 (32%)",
        "2–3",
        "3 (11%)",
        "4 (8%)",
        "5 (3%)",
    ];
    for m in Method::ALL {
        let k = letters[m.index()];
        println!(
            "| {m} | {k} | {} | {:.1} | {} |",
            pct(k, n),
            score_sum[m.index()] as f64 / k.max(1) as f64,
            mita[m.index()]
        );
    }
    println!();
    println!("| level | puzzles | share |");
    println!("|---|---|---|");
    for l in Level::ALL {
        println!(
            "| {l} | {} | {} |",
            levels[l as usize],
            pct(levels[l as usize], n)
        );
    }
    println!();
    println!(
        "Mita-type view: type 1 (A1–A2) {}, type 2 (B–C) {}, type 3 (D) {}, type 4 (E) {}, type 5 (F) {} (\"Sudoku\": 46/32/11/8/3 %)\n",
        pct(letters[0] + letters[1], n),
        pct(letters[2] + letters[3], n),
        pct(letters[4], n),
        pct(letters[5], n),
        pct(letters[6], n)
    );
}

fn se_part(o: &Opts) {
    let path = o.dir.join(&o.se);
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("(SE file {} not found: skipped)", path.display());
        return;
    };
    let mut per: BTreeMap<String, usize> = BTreeMap::new();
    let mut items: Vec<(f64, Puzzle)> = Vec::new();
    for line in text.lines() {
        // `[<id>] <81 digits> <rating>`: the rating last, the puzzle before it.
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 2 || line.starts_with('#') {
            continue;
        }
        let (puzzle, rating) = (f[f.len() - 2], f[f.len() - 1]);
        let Ok(grid) = puzzle.parse::<Grid>() else {
            continue;
        };
        let (Ok(puzzle), Ok(value)) = (Puzzle::classic(grid), rating.parse::<f64>()) else {
            continue;
        };
        let k = per.entry(rating.to_string()).or_default();
        if *k < o.per_rating {
            *k += 1;
            items.push((value, puzzle));
        }
    }
    let n = items.len();
    let done = AtomicUsize::new(0);
    let t = Instant::now();
    let rated: Vec<Option<Rating>> = items
        .par_iter()
        .map(|(_, g)| {
            progress(&done, n);
            Rater::new()
                .techniques(o.techniques)
                .record_steps(false)
                .rate(g)
                .ok()
        })
        .collect();
    eprintln!();
    let secs = t.elapsed().as_secs_f64();
    let ok: Vec<(f64, f64)> = items
        .iter()
        .zip(&rated)
        .filter_map(|((se, _), r)| r.as_ref().map(|r| (*se, f64::from(r.score))))
        .collect();
    let se: Vec<f64> = ok.iter().map(|x| x.0).collect();
    let ours: Vec<f64> = ok.iter().map(|x| x.1).collect();
    let rho = spearman(&se, &ours).unwrap_or(f64::NAN);
    println!(
        "## Sudoku Exchange puzzles rated by Sukaku Explainer ({n} puzzles, {} rated, {:.1} s on {} threads)\n",
        ok.len(),
        secs,
        rayon::current_num_threads()
    );
    println!("Spearman rank correlation between our score and the SE rating: **{rho:.3}**\n");
    let mut by: BTreeMap<u64, Vec<&Rating>> = BTreeMap::new();
    for ((s, _), r) in items.iter().zip(&rated) {
        if let Some(r) = r {
            by.entry((s * 10.0).round() as u64).or_default().push(r);
        }
    }
    println!(
        "| SE | puzzles | mean score | easy | intermediate | expert | hardest A2 / B / C / D / E / F |"
    );
    println!("|---|---|---|---|---|---|---|");
    for (k, rs) in &by {
        let m = rs.len();
        let mean = rs.iter().map(|r| f64::from(r.score)).sum::<f64>() / m as f64;
        let lv = |l: Level| pct(rs.iter().filter(|r| r.level == l).count(), m);
        let hl = |x: Method| rs.iter().filter(|r| r.hardest == Some(x)).count();
        println!(
            "| {:.1} | {m} | {mean:.1} | {} | {} | {} | {} / {} / {} / {} / {} / {} |",
            *k as f64 / 10.0,
            lv(Level::Easy),
            lv(Level::Intermediate),
            lv(Level::Expert),
            hl(Method::A2),
            hl(Method::B),
            hl(Method::C),
            hl(Method::D),
            hl(Method::E),
            hl(Method::F)
        );
    }
}

fn main() -> ExitCode {
    let o = match parse() {
        Ok(o) => o,
        Err(None) => {
            println!("{USAGE}{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(Some(e)) => {
            eprintln!("grade_measure: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if o.threads > 0 {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(o.threads)
            .build_global();
    }
    if o.random > 0 {
        random_part(&o);
    }
    se_part(&o);
    ExitCode::SUCCESS
}
