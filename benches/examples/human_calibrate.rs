//! Calibrates and evaluates sudoku-grade's solving-time model (`HumanModel`) on puzzles with
//! measured mean human solving times, beside Sudoku Explainer's rating and the A1–F score.
//!
//! ```text
//! cargo run --release -p benches --example human_calibrate -- [FILE] [--fit] [--cv K]
//!     [--reps R] [--seed S] [--runs N] [--threads T]
//! ```
//!
//! - `FILE` (default: sudoku-grade's `tests/data/human-times-dev.tsv`, 800 puzzles): lines
//!   `game_no<TAB>puzzle<TAB>n_completed<TAB>avg_time_s<TAB>se_er` (`#` lines and the header
//!   skipped).
//! - Always: the Spearman rank correlation with the measured time of the A1–F score, of the
//!   file's Sudoku Explainer rating (`se_er`), and of the model with its calibrated
//!   parameters, and the model's median of estimate ÷ measured.
//! - `--fit`: fits the parameters on the whole file and prints them as Rust: from the round
//!   starting values of [`START`] (not the calibrated ones, so that a fit never starts from
//!   what it is measured on), a coordinate search over the weights and seconds, by factors
//!   2, 1.4, 1.15 and 1.05, maximising the Spearman rank correlation, then one common factor
//!   on the seconds so that the median ratio is 1.
//! - `--cv K` (with `--reps R`, default 10, and `--seed S`, default 1): K-fold
//!   cross-validation, R times: the puzzles are shuffled (`rand_pcg::Pcg64Mcg` seeded with
//!   `S + r` for repetition `r`), cut in K parts; the model is fitted as by `--fit` on K − 1
//!   parts and measured on the part left out. Prints each fold's Spearman and median ratio,
//!   then their mean, standard deviation, minimum and maximum.
//! - `--runs N`: simulated paths per puzzle (default: the calibrated value).
//! - `--threads T`: rayon threads (default: every core).
//! - `--help`: this usage.

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use lexopt::{Arg, ValueExt as _};
use rand::SeedableRng as _;
use rand::seq::SliceRandom as _;
use rayon::prelude::*;
use sudoku_core::{Grid, Puzzle};
use sudoku_grade::{HumanModel, Rater, Rating, spearman};

const USAGE: &str = "usage: human_calibrate [FILE] [--fit] [--cv K] [--reps R] [--seed S] \
[--runs N] [--threads T]";

const HELP: &str = "
Measures sudoku-grade's solving-time model against measured mean human solving times:
Spearman rank correlations of the model, Sudoku Explainer's rating and the A1-F score.
  FILE         game_no, puzzle, n_completed, avg_time_s, se_er (tab-separated)
               (default: sudoku-grade's tests/data/human-times-dev.tsv)
  --fit        fit the parameters on the whole file and print them
  --cv K       K-fold cross-validation of the fit
  --reps R     repetitions of the cross-validation (default 10)
  --seed S     seed of the first shuffle (default 1)
  --runs N     simulated paths per puzzle (default: the calibrated value)
  --threads T  rayon threads (default: every core)
  -h, --help   this help";

struct Opts {
    file: PathBuf,
    fit: bool,
    cv: usize,
    reps: u64,
    seed: u64,
    runs: Option<u32>,
    threads: usize,
}

/// The command line; `Err(None)` for `--help`, `Err(Some(message))` for a bad one.
fn parse() -> Result<Opts, Option<String>> {
    let mut o = Opts {
        file: PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("../crates/sudoku-grade/tests/data/human-times-dev.tsv"),
        fit: false,
        cv: 0,
        reps: 10,
        seed: 1,
        runs: None,
        threads: 0,
    };
    let mut p = lexopt::Parser::from_env();
    let bad = |e: lexopt::Error| Some(e.to_string());
    while let Some(arg) = p.next().map_err(bad)? {
        match arg {
            Arg::Long("fit") => o.fit = true,
            Arg::Long("cv") => o.cv = p.value().map_err(bad)?.parse().map_err(bad)?,
            Arg::Long("reps") => o.reps = p.value().map_err(bad)?.parse().map_err(bad)?,
            Arg::Long("seed") => o.seed = p.value().map_err(bad)?.parse().map_err(bad)?,
            Arg::Long("runs") => o.runs = Some(p.value().map_err(bad)?.parse().map_err(bad)?),
            Arg::Long("threads") => o.threads = p.value().map_err(bad)?.parse().map_err(bad)?,
            Arg::Value(file) => o.file = PathBuf::from(file),
            Arg::Short('h') | Arg::Long("help") => return Err(None),
            other => return Err(Some(other.unexpected().to_string())),
        }
    }
    if o.cv == 1 {
        return Err(Some("--cv needs 2 parts or more".into()));
    }
    Ok(o)
}

/// Where every fit starts: round values chosen before any fit.
const START: HumanModel = HumanModel {
    look: 10.0,
    place: 3.0,
    line: 0.3,
    naked: 0.1,
    full: 5.0,
    stuck: 20.0,
    technique: 1.0,
    runs: 16,
};

/// One puzzle of the file, rated.
struct Item {
    puzzle: Puzzle,
    rating: Rating,
    seconds: f64,
    se: f64,
}

fn load(o: &Opts) -> Result<Vec<Item>, String> {
    let text =
        std::fs::read_to_string(&o.file).map_err(|e| format!("{}: {e}", o.file.display()))?;
    let rows: Vec<(usize, Vec<&str>)> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.starts_with("game_no") && !l.trim().is_empty())
        .map(|(i, l)| (i + 1, l.split('\t').collect()))
        .collect();
    rows.par_iter()
        .map(|(n, f)| {
            let bad = |what: &str| format!("line {n}: {what}");
            if f.len() < 5 {
                return Err(bad("5 tab-separated fields expected"));
            }
            let grid: Grid = f[1].parse().map_err(|e| bad(&format!("{e}")))?;
            let puzzle = Puzzle::classic(grid).map_err(|e| bad(&e.to_string()))?;
            let rating = Rater::new()
                .record_steps(false)
                .rate(&puzzle)
                .map_err(|e| bad(&e.to_string()))?;
            let seconds = f[3]
                .parse()
                .map_err(|_| bad("avg_time_s is not a number"))?;
            let se = f[4].parse().map_err(|_| bad("se_er is not a number"))?;
            Ok(Item {
                puzzle,
                rating,
                seconds,
                se,
            })
        })
        .collect()
}

fn median(mut x: Vec<f64>) -> f64 {
    x.sort_by(f64::total_cmp);
    let n = x.len();
    if n == 0 {
        return f64::NAN;
    }
    if n % 2 == 1 {
        x[n / 2]
    } else {
        (x[n / 2 - 1] + x[n / 2]) / 2.0
    }
}

/// The model's estimates of `items`.
fn estimates(m: &HumanModel, items: &[&Item]) -> Vec<f64> {
    items
        .par_iter()
        .map(|it| {
            m.estimate(&it.puzzle, &it.rating)
                .expect("the rating is the puzzle's")
                .seconds
        })
        .collect()
}

/// Spearman and median ratio of `m` on `items`.
fn score(m: &HumanModel, items: &[&Item]) -> (f64, f64) {
    let est = estimates(m, items);
    let measured: Vec<f64> = items.iter().map(|it| it.seconds).collect();
    let ratio = median(est.iter().zip(&measured).map(|(e, t)| e / t).collect());
    (spearman(&est, &measured).unwrap_or(f64::NAN), ratio)
}

/// The parameters a fit moves (all but `runs`).
fn params(m: &mut HumanModel) -> [&mut f64; 7] {
    [
        &mut m.look,
        &mut m.place,
        &mut m.line,
        &mut m.naked,
        &mut m.full,
        &mut m.stuck,
        &mut m.technique,
    ]
}

/// Fits `start` on `items`: coordinate search on the Spearman rank correlation, then the
/// seconds scaled for a median ratio of 1.
fn fit(start: HumanModel, items: &[&Item]) -> HumanModel {
    let mut best = start;
    let mut best_rho = score(&best, items).0;
    for factor in [2.0, 1.4, 1.15, 1.05] {
        for _ in 0..6 {
            let mut improved = false;
            for i in 0..7 {
                for f in [factor, 1.0 / factor] {
                    let mut m = best;
                    *params(&mut m)[i] *= f;
                    let rho = score(&m, items).0;
                    if rho > best_rho + 1e-6 {
                        (best, best_rho, improved) = (m, rho, true);
                    }
                }
            }
            if !improved {
                break;
            }
        }
    }
    let ratio = score(&best, items).1;
    for p in [
        &mut best.look,
        &mut best.place,
        &mut best.stuck,
        &mut best.technique,
    ] {
        *p /= ratio;
    }
    best
}

fn show(m: &HumanModel) -> String {
    format!(
        "HumanModel {{ look: {:.3}, place: {:.3}, line: {:.4}, naked: {:.4}, full: {:.3}, stuck: {:.3}, technique: {:.4}, runs: {} }}",
        m.look, m.place, m.line, m.naked, m.full, m.stuck, m.technique, m.runs
    )
}

fn stats(x: &[f64]) -> String {
    let n = x.len() as f64;
    let mean = x.iter().sum::<f64>() / n;
    let sd = (x.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1.0).max(1.0)).sqrt();
    let min = x.iter().copied().fold(f64::INFINITY, f64::min);
    let max = x.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    format!(
        "mean {mean:.3}, sd {sd:.3}, min {min:.3}, max {max:.3} ({} folds)",
        x.len()
    )
}

fn main() -> ExitCode {
    let o = match parse() {
        Ok(o) => o,
        Err(None) => {
            println!("{USAGE}{HELP}");
            return ExitCode::SUCCESS;
        }
        Err(Some(e)) => {
            eprintln!("human_calibrate: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if o.threads > 0 {
        let _ = rayon::ThreadPoolBuilder::new()
            .num_threads(o.threads)
            .build_global();
    }
    let t = Instant::now();
    let items = match load(&o) {
        Ok(items) => items,
        Err(e) => {
            eprintln!("human_calibrate: {e}");
            return ExitCode::FAILURE;
        }
    };
    let all: Vec<&Item> = items.iter().collect();
    let mut model = HumanModel::CALIBRATED;
    if let Some(r) = o.runs {
        model.runs = r;
    }
    let measured: Vec<f64> = all.iter().map(|it| it.seconds).collect();
    let a1f: Vec<f64> = all.iter().map(|it| f64::from(it.rating.score)).collect();
    let se: Vec<f64> = all.iter().map(|it| it.se).collect();
    let t_model = Instant::now();
    let (rho, ratio) = score(&model, &all);
    let model_secs = t_model.elapsed().as_secs_f64();
    println!(
        "## {} puzzles of {} (rated in {:.1} s)\n",
        all.len(),
        o.file.display(),
        t.elapsed().as_secs_f64() - model_secs
    );
    println!("| rating | Spearman with the measured mean time |");
    println!("|---|---|");
    println!(
        "| A1–F score | {:.3} |",
        spearman(&a1f, &measured).unwrap_or(f64::NAN)
    );
    println!(
        "| Sudoku Explainer (se_er) | {:.3} |",
        spearman(&se, &measured).unwrap_or(f64::NAN)
    );
    println!(
        "| HumanModel (runs {}) | {rho:.3} (median estimate / measured {ratio:.3}; {:.1} s for the estimates on {} threads) |\n",
        model.runs,
        model_secs,
        rayon::current_num_threads()
    );
    if o.fit {
        let t = Instant::now();
        let fitted = fit(
            HumanModel {
                runs: model.runs,
                ..START
            },
            &all,
        );
        let (rho, ratio) = score(&fitted, &all);
        println!(
            "fitted on all {} puzzles in {:.0} s: Spearman {rho:.3}, median ratio {ratio:.3}\n{}\n",
            all.len(),
            t.elapsed().as_secs_f64(),
            show(&fitted)
        );
    }
    if o.cv >= 2 {
        let mut rhos = Vec::new();
        let mut ratios = Vec::new();
        println!(
            "## {}-fold cross-validation, {} repetitions (seeds {}..{})\n",
            o.cv,
            o.reps,
            o.seed,
            o.seed + o.reps
        );
        println!(
            "| repetition | fold | Spearman (left out) | median ratio (left out) | Spearman (fitted part) |"
        );
        println!("|---|---|---|---|---|");
        for r in 0..o.reps {
            let mut order: Vec<usize> = (0..all.len()).collect();
            order.shuffle(&mut rand_pcg::Pcg64Mcg::seed_from_u64(o.seed + r));
            for k in 0..o.cv {
                let test: Vec<&Item> = order
                    .iter()
                    .skip(k)
                    .step_by(o.cv)
                    .map(|&i| all[i])
                    .collect();
                let train: Vec<&Item> = order
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| j % o.cv != k)
                    .map(|(_, &i)| all[i])
                    .collect();
                let fitted = fit(
                    HumanModel {
                        runs: model.runs,
                        ..START
                    },
                    &train,
                );
                let (rho_train, _) = score(&fitted, &train);
                let (rho, ratio) = score(&fitted, &test);
                println!(
                    "| {} | {} | {rho:.3} | {ratio:.3} | {rho_train:.3} |",
                    o.seed + r,
                    k + 1
                );
                rhos.push(rho);
                ratios.push(ratio);
            }
        }
        println!("\nSpearman on the parts left out: {}", stats(&rhos));
        println!("median ratio on the parts left out: {}", stats(&ratios));
    }
    ExitCode::SUCCESS
}
