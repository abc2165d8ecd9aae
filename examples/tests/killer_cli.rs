//! The command-line contracts of `solve --variant killer` and `generate --variant killer`,
//! run on in-memory input through the examples library.

use examples::cli::CliError;
use examples::generate::killer as generate_killer;
use examples::solve::killer as solve_killer;
use sudoku_core::killer::format::parse_all;
use sudoku_core::killer::{KillerPuzzle, KillerSolver};
use sudoku_core::{Geometry, Grid, Shape, Variant};

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_owned).collect()
}

fn solve(a: &str, input: &str) -> (String, String) {
    let opts = solve_killer::parse_args(&args(a)).expect("valid arguments");
    let mut out = Vec::new();
    let mut err = Vec::new();
    solve_killer::run(&opts, input.as_bytes(), &mut out, &mut err).expect("io");
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn generate(a: &str) -> Result<(String, String), CliError> {
    let opts = generate_killer::parse_args(&args(a))?;
    let mut out = Vec::new();
    let mut err = Vec::new();
    generate_killer::run(&opts, &mut out, &mut err)?;
    Ok((
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    ))
}

/// A killer puzzle of the generator: the 9×9 puzzle of seed 0 (unique, no givens).
fn seed0() -> String {
    generate("--variant killer --count 1 --seed 0").unwrap().0
}

#[test]
fn the_killer_variants_are_dispatched() {
    assert!(solve_killer::requested(&args("--variant killer --count")));
    assert!(solve_killer::requested(&args("--count --variant=killer-x")));
    assert!(!solve_killer::requested(&args("--variant x")));
    assert!(!solve_killer::requested(&args("--count killer")));
    let help = solve_killer::parse_args(&args("--variant killer --help")).unwrap_err();
    assert!(matches!(help, CliError::Help(t) if t.contains("killer cages")));
    let bad = solve_killer::parse_args(&args("--variant killer --engine fast")).unwrap_err();
    assert_eq!(bad.exit_code(), CliError::Usage(String::new()).exit_code());
    assert!(generate_killer::parse_args(&args("--variant killer --max-cage 1")).is_err());
}

#[test]
fn solve_prints_one_81_character_line_per_puzzle() {
    let puzzle = seed0();
    // The puzzle, a malformed one, one with givens and a clash, a comment, and the puzzle again.
    let input = format!(
        "{puzzle}\n3: r1c1 r1c2\n7 r2c1\n\n# a comment\n3: r1c1 r1c2\ngivens: 11{}\n\n{puzzle}",
        ".".repeat(79)
    );
    let (out, err) = solve("--variant killer", &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    let grid = parse_all(&puzzle).unwrap().remove(0);
    let killer = KillerPuzzle::classic(grid).unwrap();
    let solution: Grid = lines[0].parse().unwrap();
    assert_eq!(lines[0].len(), 81);
    assert!(killer.is_solution(&solution));
    assert_eq!(lines[1], "error");
    assert_eq!(lines[2], "error");
    assert_eq!(lines[3], lines[0]);
    let first_of_second = puzzle.lines().count() + 2;
    assert!(
        err.contains(&format!(
            "line {}, column 3: expected `:`",
            first_of_second + 1
        )),
        "{err}"
    );
    assert!(
        err.contains("4 puzzles,") && err.contains("puzzles/s"),
        "{err}"
    );
}

#[test]
fn solve_counts_with_a_limit_and_x() {
    let (out, _) = solve("--variant killer --count", &seed0());
    assert_eq!(out, "1\n");
    let (out, _) = solve("--variant killer --count --limit 7", "3: r1c1 r1c2\n");
    assert_eq!(out, "≥ 7\n");
    // The same cages under Sudoku X: count checked against the library.
    let puzzle = seed0();
    let (out, _) = solve("--variant killer-x --count --limit 3", &puzzle);
    let grid = parse_all(&puzzle).unwrap().remove(0);
    let x = Geometry::new(Shape::CLASSIC, &Variant::x()).unwrap();
    let n = KillerSolver::new()
        .count(&KillerPuzzle::new(grid, x).unwrap(), 3)
        .unwrap();
    assert_eq!(out, format!("{n}\n"));
    // Cages that cannot be met: `none`.
    let (out, _) = solve(
        "--variant killer",
        "3: r1c1 r1c2\n3: r2c1 r2c2\n3: r3c1 r3c2\n",
    );
    assert_eq!(out, "none\n");
}

#[test]
fn solve_timeout_prints_timeout_and_goes_on() {
    // Counting every grid of one cage cannot end in a second; the next puzzle takes a few
    // milliseconds (a limit of 1 s keeps the test sound on a loaded machine).
    let input = format!("3: r1c1 r1c2\n\n{}", seed0());
    let (out, err) = solve("--variant killer --count --timeout 1", &input);
    assert_eq!(out, "timeout\n1\n");
    // The timeout says so on stderr, naming the puzzle's first line.
    assert!(
        err.starts_with("line 1: over the time limit of 1 s\n"),
        "{err}"
    );
    assert!(solve_killer::parse_args(&args("--variant killer --timeout x")).is_err());
}

#[test]
fn solve_refuses_a_puzzle_beyond_the_limit() {
    let long = "3: r1c1\n".repeat(3000);
    let input = format!("{long}\n{}", seed0());
    let (out, err) = solve("--variant killer --count", &input);
    assert_eq!(out, "error\n1\n");
    assert!(err.contains("line 1:") && err.contains("16384"), "{err}");
}

#[test]
fn generate_is_seeded_unique_and_reproducible() {
    let (out, err) = generate("--variant killer --count 3 --seed 5").unwrap();
    let puzzles = parse_all(&out).unwrap();
    assert_eq!(puzzles.len(), 3);
    assert!(
        err.contains("3 puzzles,") && err.contains("cages on average"),
        "{err}"
    );
    for p in &puzzles {
        assert_eq!(p.givens.given_count(), 0);
        let puzzle = KillerPuzzle::classic(p.clone()).unwrap();
        assert_eq!(
            KillerSolver::new().count(&puzzle, 2).unwrap(),
            sudoku_core::Count::Exact(1)
        );
    }
    // Puzzle i comes from seed S + i.
    let (again, _) = generate("--variant killer --count 1 --seed 6").unwrap();
    assert_eq!(parse_all(&again).unwrap()[0], puzzles[1]);
    // Killer X: the diagonals hold in the solution.
    let (x, _) = generate("--variant killer-x --count 1 --seed 5").unwrap();
    let grid = parse_all(&x).unwrap().remove(0);
    let geo = Geometry::new(Shape::CLASSIC, &Variant::x()).unwrap();
    let puzzle = KillerPuzzle::new(grid, geo).unwrap();
    assert_eq!(
        KillerSolver::new().count(&puzzle, 2).unwrap(),
        sudoku_core::Count::Exact(1)
    );
}

#[test]
fn generate_symmetric_cage_layouts() {
    // (name, the maps of the cells (row, column) it keeps, besides the identity)
    type Map = fn(usize, usize) -> (usize, usize);
    let cases: [(&str, Vec<Map>); 2] = [
        ("central", vec![|r, c| (8 - r, 8 - c)]),
        (
            "diagonal",
            vec![|r, c| (c, r), |r, c| (8 - c, 8 - r), |r, c| (8 - r, 8 - c)],
        ),
    ];
    for (name, maps) in cases {
        let (out, _) = generate(&format!(
            "--variant killer --count 2 --seed 3 --symmetry {name}"
        ))
        .unwrap();
        for grid in parse_all(&out).unwrap() {
            let cages: Vec<Vec<usize>> = grid
                .cages
                .iter()
                .map(|c| c.cells.iter().map(|x| x.index()).collect())
                .collect();
            for cage in &cages {
                for map in &maps {
                    let mut image: Vec<usize> = cage
                        .iter()
                        .map(|&x| {
                            let (r, c) = map(x / 9, x % 9);
                            r * 9 + c
                        })
                        .collect();
                    image.sort_unstable();
                    assert!(cages.contains(&image), "{name}: {cage:?} -> {image:?}");
                }
            }
            let puzzle = KillerPuzzle::classic(grid).unwrap();
            assert_eq!(
                KillerSolver::new().count(&puzzle, 2).unwrap(),
                sudoku_core::Count::Exact(1)
            );
        }
    }
    // `none` is the default: the same puzzles as without the option.
    assert_eq!(
        generate("--variant killer --count 1 --seed 3 --symmetry none")
            .unwrap()
            .0,
        generate("--variant killer --count 1 --seed 3").unwrap().0
    );
    assert!(generate("--variant killer --symmetry spiral").is_err());
}

#[test]
fn generate_other_sides_read_back_by_solve() {
    for (size, cells) in [(4, 16), (6, 36), (8, 64)] {
        let (out, _) = generate(&format!(
            "--variant killer --count 2 --seed 1 --size {size}"
        ))
        .unwrap();
        let puzzles = parse_all(&out).unwrap();
        assert_eq!(puzzles.len(), 2);
        for grid in &puzzles {
            assert_eq!(grid.givens.cells().len(), cells);
            assert_eq!(grid.givens.given_count(), 0);
            let puzzle = KillerPuzzle::classic(grid.clone()).unwrap();
            assert_eq!(
                KillerSolver::new().count(&puzzle, 2).unwrap(),
                sudoku_core::Count::Exact(1)
            );
        }
        // `solve --variant killer` reads them back: one solution line of N² values each.
        let (solved, _) = solve("--variant killer", &out);
        let lines: Vec<&str> = solved.lines().collect();
        assert_eq!(lines.len(), 2, "{solved}");
        assert!(lines.iter().all(|l| l.len() == cells), "{solved}");
    }
    for bad in ["--size 25", "--size 0", "--max-cage 17"] {
        assert!(
            generate(&format!("--variant killer {bad}")).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn generate_single_puzzle_over_its_limit_exits_3() {
    let e = generate("--variant killer --count 1 --seed 0 --timeout 0.000001").unwrap_err();
    assert!(matches!(e, CliError::Unanswered(_)), "{e}");
    assert_eq!(
        e.exit_code(),
        CliError::Unanswered(String::new()).exit_code()
    );
}
