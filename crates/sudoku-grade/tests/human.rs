//! The solving-time model against measured mean human solving times
//! (`data/human-times-dev.tsv`: 800 puzzles of a public puzzle site, CC0; see its header).

use sudoku_core::Puzzle;
use sudoku_grade::spearman;
use sudoku_grade::{HumanModel, Level, Rater};

const DATA: &str = include_str!("data/human-times-dev.tsv");

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
    let rho = spearman(&est, &measured).unwrap();
    assert!(rho >= 0.65, "Spearman {rho}");
    assert!(rho > spearman(&se, &measured).unwrap() + 0.1);
    assert!(rho > spearman(&score, &measured).unwrap() + 0.2);
    let mut ratios: Vec<f64> = est.iter().zip(&measured).map(|(e, t)| e / t).collect();
    ratios.sort_by(f64::total_cmp);
    let median = (ratios[199] + ratios[200]) / 2.0;
    assert!((0.67..=1.5).contains(&median), "median ratio {median}");
}
