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
    // A count stopped at its limit prints as at least the limit.
    let (out, _) = solve("--count --limit 5", "................\n");
    assert_eq!(out, "≥ 5\n");
    // 2x3 given explicitly versus 3x2 boxes: both count 28,200,960 but a limit keeps it quick.
    let (out, _) = solve("--count --limit 1000 --box 3x2", &".".repeat(36));
    assert_eq!(out, "≥ 1000\n");
    let (out, _) = solve("--count --limit 289", "................\n");
    assert_eq!(out, "288\n");
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
    let n = n.exact().expect("an exact count");
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
        assert_eq!(solver.count(&g, 2).unwrap(), sudoku_core::Count::Exact(1));
        assert!(sudoku_core::Symmetry::Central.holds(&g));
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

/// The answer the library gives for one line (the general path: `line::parse` and a solver
/// per line), as the example should print it.
fn library_answer(text: &str, count: Option<u64>, engine: sudoku_core::Engine) -> String {
    use sudoku_core::format::{ReadOptions, line};
    let Ok(grid) = line::parse(text, &ReadOptions::default()) else {
        return "error".into();
    };
    let Ok(mut solver) = Solver::with_engine(Geometry::classic(grid.shape()), engine) else {
        return "error".into();
    };
    match count {
        Some(limit) => solver.count(&grid, limit).unwrap().to_string(),
        None => match solver.solve(&grid).unwrap() {
            Some(g) => g.to_string(),
            None => "none".into(),
        },
    }
}

/// 81-character lines take the fast path (bytes parsed in place, a reused solver and
/// grids): every answer is the library's, in input order, with the same line numbers in
/// the messages, for unique puzzles, puzzles with many solutions, clashes, `0` and other
/// empty markers, a letter, a non-ASCII character, CRLF line ends, whitespace around and
/// inside, comments, and other sizes mixed in; more lines than one batch.
#[test]
fn solve_fast_path_matches_the_library() {
    let sample = include_str!("../../crates/sudoku-core/tests/data/puzzles7_serg_benchmark.txt");
    let hard = include_str!("../../crates/sudoku-core/tests/data/puzzles6_forum_hardest_1106.txt");
    let mut lines: Vec<String> = Vec::new();
    let hardest = hard.lines().filter(|l| !l.starts_with('#')).take(12);
    for (i, l) in sample.lines().chain(hardest).enumerate() {
        lines.push(match i % 9 {
            1 if l.len() == 81 => l.replace('.', "0"),
            2 if l.len() == 81 => format!("  {l}\r"),
            3 if l.len() == 81 => format!("{}A{}", &l[..40], &l[41..]),
            4 if l.len() == 81 => format!("{} {}", &l[..40], &l[40..]),
            5 if l.len() == 81 => format!("{}é{}", &l[..40], &l[41..]),
            6 if l.len() == 81 => format!("11{}", &l[2..]),
            7 => "1...............".to_owned(),
            _ => l.to_owned(),
        });
    }
    // More than one batch of 4,096 lines.
    let repeated: Vec<String> = lines.iter().cycle().take(4500).cloned().collect();
    let input = repeated.join("\n") + "\n";
    for (args, count) in [
        ("", None),
        ("--count --limit 2", Some(2)),
        ("--engine fast --count --limit 3", Some(3)),
    ] {
        let engine = if args.contains("fast") {
            sudoku_core::Engine::Fast
        } else {
            sudoku_core::Engine::Auto
        };
        let (out, err) = solve(args, &input);
        let once: Vec<String> = lines
            .iter()
            .map(|l| library_answer(l.trim(), count, engine))
            .collect();
        let expected: Vec<(usize, String)> = repeated
            .iter()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty() && !l.trim().starts_with('#'))
            .map(|(i, _)| (i + 1, once[i % lines.len()].clone()))
            .collect();
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got.len(), expected.len(), "{args}");
        for ((lineno, e), g) in expected.iter().zip(&got) {
            assert_eq!(e, g, "{args}: line {lineno}");
            if e == "error" {
                assert!(
                    err.contains(&format!("line {lineno}: ")),
                    "{args}: line {lineno}"
                );
            }
        }
        assert!(got.iter().any(|g| g.len() == 81 || g.starts_with("≥ ")));
        assert!(
            err.contains(&format!("{} puzzles,", expected.len())),
            "{err}"
        );
    }
    let plain = lines.iter().find(|l| l.len() == 81 && !l.starts_with('#'));
    let (out, err) = solve("--engine fast --variant windoku", plain.unwrap());
    assert_eq!(out, "error\n");
    assert!(
        err.contains("line 1: the fast engine does not solve"),
        "{err}"
    );
}

/// A 25×25 grid with one given: counting its solutions cannot finish.
fn endless_25() -> String {
    format!("1{}\n", ".".repeat(624))
}

/// Counts beyond 2^64: an empty 25×25 prints as at least the limit, and a region map with a
/// region in two pieces (the rows, r1c1 and r2c1 swapped) admits no grid: 0, at 21×21 and
/// 25×25, with or without a limit.
#[test]
fn solve_counts_that_saturate_say_so() {
    let (out, _) = solve("--count", &format!("{}\n", ".".repeat(625)));
    assert_eq!(out, "≥ 18446744073709551615\n");
    let (out, _) = solve("--count --limit 5", &format!("{}\n", ".".repeat(625)));
    assert_eq!(out, "≥ 5\n");
    for n in [21usize, 25] {
        let labels: Vec<char> = ('A'..='Z').collect();
        let mut map: Vec<char> = (0..n * n).map(|i| labels[i / n]).collect();
        map.swap(0, n);
        let map: String = map.into_iter().collect();
        let path = std::env::temp_dir().join(format!("sudoku-cli-{}-map{n}", std::process::id()));
        std::fs::write(&path, &map).unwrap();
        let empty = format!("{}\n", ".".repeat(n * n));
        for limit in ["", " --limit 5"] {
            let (out, err) = solve(
                &format!("--regions {} --count{limit}", path.display()),
                &empty,
            );
            assert_eq!(out, "0\n", "side {n}{limit}: {err}");
        }
        std::fs::remove_file(&path).ok();
    }
}

#[test]
fn solve_timeout_prints_timeout_and_goes_on() {
    let input = format!("{}................\n{}", endless_25(), endless_25());
    let started = std::time::Instant::now();
    let (out, err) = solve("--count --timeout 0.5", &input);
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert_eq!(out, "timeout\n288\ntimeout\n");
    assert!(
        err.contains("line 1: over the time limit of 0.5 s")
            && err.contains("line 3: over the time limit of 0.5 s"),
        "{err}"
    );
    assert!(err.contains("3 puzzles"), "{err}");
    // Solving (not counting) too, and 9x9 lines under a limit keep their answers.
    let hard =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n";
    let (plain, _) = solve("", hard);
    let (limited, _) = solve("--timeout 30", hard);
    assert_eq!(plain, limited);
    let (out, _) = solve("--count --timeout 0.5", &format!("{hard}{}", endless_25()));
    assert_eq!(out, "1\ntimeout\n");
    // Options: the default above 9x9, 0 lifts it, bad values are usage errors.
    let five = Some(solve_cli::DEFAULT_TIMEOUT);
    assert_eq!(solve_cli::limit_for(None, 16), five);
    assert_eq!(solve_cli::limit_for(None, 25), five);
    assert_eq!(solve_cli::limit_for(None, 9), None);
    let o = solve_cli::parse_args(&args("--timeout 0")).unwrap();
    assert_eq!(o.timeout, Some(None));
    assert_eq!(solve_cli::limit_for(o.timeout, 25), None);
    assert!(matches!(
        solve_cli::parse_args(&args("--timeout -1")),
        Err(CliError::Usage(_))
    ));
}

#[test]
fn solve_refuses_huge_lines_without_holding_them() {
    let huge = format!("{}\n................\n", "1".repeat(3 << 20));
    let (out, err) = solve("--count", &huge);
    assert_eq!(out, "error\n288\n");
    assert!(
        err.contains("line 1: longer than 262144 bytes, not read"),
        "{err}"
    );
}

#[test]
fn generate_timeout_exits_with_status_3() {
    // A 25x25 puzzle takes minutes: a tiny limit stops it with one clear line.
    let opts = generate_cli::parse_args(&args("--count 2 --seed 3 --size 25 --timeout 0.05"))
        .expect("valid arguments");
    let mut out = Vec::new();
    let started = std::time::Instant::now();
    let e = generate_cli::run(&opts, &mut out, &mut Vec::new()).unwrap_err();
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert_eq!(e.exit_code(), std::process::ExitCode::from(3));
    assert_eq!(
        e.to_string(),
        "puzzle 0 (seed 3): over the time limit of 0.05 s (--timeout SECONDS raises it, \
         --timeout 0 lifts it)"
    );
    assert!(!e.to_string().contains('\n'));
    assert!(out.is_empty());
    // With --level the limit covers every draw and its rating (the rater watches the flag).
    let opts = generate_cli::parse_args(&args(
        "--count 1 --seed 3 --size 16 --level expert --timeout 0.05",
    ))
    .expect("valid arguments");
    let started = std::time::Instant::now();
    let e = generate_cli::run(&opts, &mut Vec::new(), &mut Vec::new()).unwrap_err();
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    assert_eq!(e.exit_code(), std::process::ExitCode::from(3), "{e}");
    // Without the option a 25x25 puzzle has the default limit, 9x9 none; 0 lifts it.
    let o = generate_cli::parse_args(&args("--size 25")).unwrap();
    assert_eq!(
        examples::solve::limit_for(o.timeout, 25),
        Some(examples::solve::DEFAULT_TIMEOUT)
    );
    let o = generate_cli::parse_args(&args("--size 25 --timeout 0")).unwrap();
    assert_eq!(examples::solve::limit_for(o.timeout, 25), None);
    // A generous limit changes nothing.
    let limited =
        generate_cli::parse_args(&args("--count 2 --seed 5 --size 9 --timeout 60")).unwrap();
    let plain = generate_cli::parse_args(&args("--count 2 --seed 5 --size 9")).unwrap();
    let (mut a, mut b) = (Vec::new(), Vec::new());
    generate_cli::run(&limited, &mut a, &mut Vec::new()).unwrap();
    generate_cli::run(&plain, &mut b, &mut Vec::new()).unwrap();
    assert_eq!(a, b);
}

#[test]
fn messages_name_the_line_once_and_skip_a_byte_order_mark() {
    let puzzle =
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    // A byte-order mark opening the input is not a cell (it made "82 cells").
    let (out, err) = solve("", &format!("\u{feff}{puzzle}\n"));
    assert_eq!(out.lines().count(), 1);
    assert_ne!(out, "error\n", "{err}");
    let (out, _) = solve("--count", "\u{feff}................\n");
    assert_eq!(out, "288\n");
    // The line is named once: "line 1: column 81", not "line 1: line 1, column 81".
    let bad = format!("{}Z", &puzzle[..80]);
    let (out, err) = solve("", &format!("{puzzle}\n{bad}\n"));
    assert_eq!(out.lines().nth(1), Some("error"));
    assert!(
        err.starts_with("line 2: column 81: unexpected character 'Z'\n"),
        "{err}"
    );
    // One cell: a 1×1 grid, read with its shape given.
    let (out, err) = solve("", "1\n");
    assert_eq!(out, "error\n");
    assert!(
        err.starts_with("line 1: 1 cell: a 1×1 grid is read with --box 1x1 (else 16, 36,"),
        "{err}"
    );
    assert!(!err.contains("square of 1..=25"), "{err}");
    let (out, _) = solve("--box 1x1", "1\n");
    assert_eq!(out, "1\n");
    // Text from the input reaches stderr escaped.
    let (_, err) = solve("", &format!("{}\u{1b}[2J\n", &puzzle[..80]));
    assert!(!err.contains('\u{1b}'), "{err:?}");
}
