//! The command-line contracts of the `grade` example and `generate --level`.

use examples::generate as generate_cli;
use examples::grade as grade_cli;

use sudoku_core::Grid;
use sudoku_grade::{Level, rate};

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn grade(a: &str, input: &str) -> (String, String) {
    let opts = grade_cli::parse_args(&args(a)).unwrap();
    let mut out = Vec::new();
    let mut err = Vec::new();
    grade_cli::run(&opts, input, false, &mut out, &mut err).unwrap();
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const HARD: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

#[test]
fn one_tab_separated_line_per_puzzle() {
    let input = format!("# a comment\n{EASY}\n\nnot a puzzle\n{HARD}\n11..............\n");
    let (out, err) = grade("", &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(lines[0], "easy\t49\tA1\tA1=49 A2=0 B=0 C=0 D=0 E=0 F=0");
    let f: Vec<&str> = lines[2].split('\t').collect();
    assert_eq!(f.len(), 4);
    assert_eq!(f[0], "expert");
    let r = rate(&HARD.parse::<Grid>().unwrap()).unwrap();
    assert_eq!(f[1], r.score.to_string());
    assert_eq!(f[2], r.hardest.unwrap().to_string());
    assert_eq!(f[3], r.counts.to_string());
    let counts: Vec<&str> = f[3].split(' ').collect();
    assert_eq!(counts.len(), 7);
    for (c, m) in counts.iter().zip(["A1", "A2", "B", "C", "D", "E", "F"]) {
        assert!(c.starts_with(&format!("{m}=")));
    }
    assert_eq!(lines[1], "error");
    assert_eq!(lines[3], "error");
    assert!(err.contains("line 4: "), "{err}");
    assert!(err.contains("line 6: "), "{err}");
    assert!(err.contains("4 puzzles, "));
}

#[test]
fn explain_prints_the_steps() {
    let (out, _) = grade("--explain", &format!("{EASY}\n"));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1 + 49);
    assert!(lines[1].starts_with("  1. [A1 "), "{}", lines[1]);
    assert!(lines.iter().skip(1).all(|l| l.ends_with('.')));
}

#[test]
fn variant_x() {
    let (out, _) = grade("--variant x", &format!("{EASY}\n"));
    // The classic easy puzzle clashes on a diagonal or is graded; never a crash.
    assert_eq!(out.lines().count(), 1);
    assert!(grade_cli::parse_args(&args("--variant y")).is_err());
}

#[test]
fn calibrate_prints_three_nested_snapshots() {
    let (out, _) = grade("--calibrate --seed 1", "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    let mut previous: Option<Grid> = None;
    for (line, label) in lines.iter().zip(["easy", "intermediate", "expert"]) {
        let f: Vec<&str> = line.split('\t').collect();
        assert_eq!(f.len(), 6, "{line}");
        assert_eq!(f[0], label);
        let g: Grid = f[1].parse().unwrap();
        let r = rate(&g).unwrap();
        assert_eq!(f[2..].join("\t"), r.summary_line());
        if let Some(p) = previous {
            assert!(g.is_subset_of(&p));
        }
        previous = Some(g);
    }
    let (again, _) = grade("--calibrate --seed 1", "");
    assert_eq!(again, out);
}

#[test]
fn generate_level_flag() {
    for (level, want) in [
        ("easy", Level::Easy),
        ("intermediate", Level::Intermediate),
        ("expert", Level::Expert),
    ] {
        let opts = generate_cli::parse_args(&args(&format!("--count 2 --seed 9 --level {level}")))
            .unwrap();
        let mut out = Vec::new();
        generate_cli::run(&opts, &mut out, &mut Vec::new()).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text.lines().count(), 2);
        for line in text.lines() {
            assert_eq!(rate(&line.parse().unwrap()).unwrap().level, want);
        }
    }
    assert!(generate_cli::parse_args(&args("--level hard")).is_err());
}
