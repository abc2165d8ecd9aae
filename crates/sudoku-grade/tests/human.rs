//! The solving-time model against measured mean human solving times
//! (`data/human-times-dev.tsv`: 800 puzzles of a public puzzle site, CC0; see its header).

use sudoku_core::Puzzle;
use sudoku_grade::{HumanModel, Level, Rater};

const DATA: &str = include_str!("data/human-times-dev.tsv");

fn ranks(x: &[f64]) -> Vec<f64> {
    let mut idx: Vec<usize> = (0..x.len()).collect();
    idx.sort_by(|&a, &b| x[a].total_cmp(&x[b]));
    let mut r = vec![0.0; x.len()];
    let mut i = 0;
    while i < idx.len() {
        let mut j = i;
        while j + 1 < idx.len() && x[idx[j + 1]] == x[idx[i]] {
            j += 1;
        }
        for &k in &idx[i..=j] {
            r[k] = (i + j) as f64 / 2.0 + 1.0;
        }
        i = j + 1;
    }
    r
}

fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (a, b) = (ranks(a), ranks(b));
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let (mut sab, mut saa, mut sbb) = (0.0, 0.0, 0.0);
    for (x, y) in a.iter().zip(&b) {
        sab += (x - ma) * (y - mb);
        saa += (x - ma) * (x - ma);
        sbb += (y - mb) * (y - mb);
    }
    sab / (saa * sbb).sqrt()
}

#[test]
fn the_estimate_follows_measured_times() {
    // Every other puzzle of the file (400): rank correlation and scale, well above the A1–F
    // score and Sudoku Explainer's rating on the same puzzles.
    let rater = Rater::new().record_steps(false);
    let (mut est, mut measured, mut se, mut score) = (vec![], vec![], vec![], vec![]);
    for line in DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.starts_with("game_no"))
        .step_by(2)
    {
        let f: Vec<&str> = line.split('\t').collect();
        let puzzle = Puzzle::classic(f[1].parse().unwrap()).unwrap();
        let rating = rater.rate(&puzzle).unwrap();
        est.push(
            HumanModel::CALIBRATED
                .estimate(&puzzle, &rating)
                .unwrap()
                .seconds,
        );
        measured.push(f[3].parse::<f64>().unwrap());
        se.push(f[4].parse::<f64>().unwrap());
        score.push(f64::from(rating.score));
        assert!(rating.level <= Level::Expert);
    }
    assert_eq!(est.len(), 400);
    let rho = spearman(&est, &measured);
    assert!(rho >= 0.65, "Spearman {rho}");
    assert!(rho > spearman(&se, &measured) + 0.1);
    assert!(rho > spearman(&score, &measured) + 0.2);
    let mut ratios: Vec<f64> = est.iter().zip(&measured).map(|(e, t)| e / t).collect();
    ratios.sort_by(f64::total_cmp);
    let median = (ratios[199] + ratios[200]) / 2.0;
    assert!((0.67..=1.5).contains(&median), "median ratio {median}");
}
