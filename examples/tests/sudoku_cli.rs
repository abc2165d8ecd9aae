//! The command-line contracts of the `solve` and `generate` examples, run on in-memory input
//! through the examples library.

use examples::cli::CliError;
use examples::generate as generate_cli;
use examples::solve as solve_cli;
use sudoku_core::{Geometry, Grid, Shape, Solver};

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_owned).collect()
}

fn solve(a: &str, input: &str) -> (String, String) {
    let opts = solve_cli::parse_args(&args(a)).expect("valid arguments");
    let mut out = Vec::new();
    let mut err = Vec::new();
    solve_cli::run(&opts, input.as_bytes(), &mut out, &mut err).expect("io");
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

#[test]
fn solve_counts_288() {
    let (out, err) = solve("--count", "................\n");
    assert_eq!(out, "288\n");
    assert!(
        err.contains("1 puzzles,") && err.contains("puzzles/s"),
        "{err}"
    );
}

#[test]
fn solve_lines_errors_and_skips() {
    let input = "# a comment\n\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n12x\n11..............\n";
    let (out, err) = solve("", input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    let sol: Grid = lines[0].parse().unwrap();
    assert!(Geometry::classic(Shape::CLASSIC).is_solution(sol.cells()));
    assert_eq!(lines[1], "error");
    assert_eq!(lines[2], "none");
    assert!(err.contains("line 4:"), "{err}");
    assert!(err.contains("3 puzzles"), "{err}");
}

#[test]
fn solve_limit_box_variant_engine() {
    let (out, _) = solve("--count --limit 5", "................\n");
    assert_eq!(out, "5\n");
    // 2x3 given explicitly versus 3x2 boxes: both count 28,200,960 but a limit keeps it quick.
    let (out, _) = solve("--count --limit 1000 --box 3x2", &".".repeat(36));
    assert_eq!(out, "1000\n");
    let (out, _) = solve("--count --box 3x3", "................\n");
    assert_eq!(out, "error\n");
    // Sudoku X on 4x4: every complete grid also has distinct diagonals.
    let (out, _) = solve("--count --variant x --engine dlx", "................\n");
    let mut geo =
        Solver::new(Geometry::new(Shape::new(2, 2).unwrap(), &sudoku_core::Variant::x()).unwrap());
    let n = geo
        .count(&Grid::empty(Shape::new(2, 2).unwrap()), u64::MAX)
        .unwrap();
    assert_eq!(out, format!("{n}\n"));
    assert!(n < 288 && n > 0);
    assert!(solve_cli::parse_args(&args("--engine turbo")).is_err());
    // The fast engine serves 9x9 only; both engines agree where it applies.
    let hard =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let (fast, _) = solve("--engine fast", hard);
    let (dlx, _) = solve("--engine dlx", hard);
    assert_eq!(fast, dlx);
    let (out, err) = solve("--count --engine fast", "................\n");
    assert_eq!(out, "error\n");
    assert!(err.contains("line 1:") && err.contains("fast"), "{err}");
    assert!(solve_cli::parse_args(&args("--limit")).is_err());
}

#[test]
fn generate_contract() {
    let opts =
        generate_cli::parse_args(&args("--count 3 --seed 5 --size 4 --symmetry central")).unwrap();
    let mut out = Vec::new();
    let mut err = Vec::new();
    generate_cli::run(&opts, &mut out, &mut err).unwrap();
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3);
    let mut solver = Solver::new(Geometry::classic(Shape::new(2, 2).unwrap()));
    for l in &lines {
        assert_eq!(l.len(), 16);
        assert!(l.chars().all(|c| c == '.' || ('1'..='4').contains(&c)));
        let g: Grid = l.parse().unwrap();
        assert_eq!(solver.count(&g, 2).unwrap(), 1);
        assert!(sudoku_core::generate::Symmetry::Central.holds(&g));
    }
    // Reproducible.
    let mut again = Vec::new();
    generate_cli::run(&opts, &mut again, &mut Vec::new()).unwrap();
    assert_eq!(String::from_utf8(again).unwrap(), text);
    assert!(generate_cli::parse_args(&args("--symmetry spiral")).is_err());
    assert!(String::from_utf8(err).unwrap().contains("3 puzzles"));
}

#[test]
fn help_and_usage_errors() {
    for parsed in [
        solve_cli::parse_args(&args("--help")).map(drop),
        generate_cli::parse_args(&args("-h")).map(drop),
    ] {
        assert!(matches!(parsed, Err(CliError::Help(ref u)) if u.starts_with("usage: ")));
    }
    let e = solve_cli::parse_args(&args("--engine turbo")).unwrap_err();
    assert!(matches!(&e, CliError::Usage(m) if m == "unknown engine \"turbo\" (dlx, fast)"));
    let e = generate_cli::parse_args(&args("--verbose")).unwrap_err();
    assert_eq!(e.to_string(), "unknown argument \"--verbose\"");
    let e = generate_cli::parse_args(&args("--count")).unwrap_err();
    assert_eq!(e.to_string(), "--count needs a value");
}
