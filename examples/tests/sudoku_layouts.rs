//! The command-line contracts of `solve --variant samurai` (and the other layouts) and
//! `generate --variant samurai`, run on in-memory input through the examples library.

use examples::cli::CliError;
use examples::generate as generate_cli;
use examples::solve as solve_cli;
use sudoku_core::format::{ReadOptions, frame};
use sudoku_core::layout::Layout;
use sudoku_core::{Alphabet, Geometry, Solver};

/// A published Samurai and its solution (the puzzlekit documentation; see the data file).
const PUBLISHED: &str = include_str!("../../crates/sudoku-core/tests/data/samurai_puzzlekit.txt");

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_owned).collect()
}

fn solve(a: &str, input: &str) -> (String, String) {
    let opts = solve_cli::parse_args(&args(a)).expect("valid arguments");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    solve_cli::run(&opts, input.as_bytes(), &mut out, &mut err).expect("io");
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    )
}

fn generate(a: &str) -> Result<(String, String), CliError> {
    let opts = generate_cli::parse_args(&args(a)).expect("valid arguments");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    generate_cli::run(&opts, &mut out, &mut err)?;
    Ok((
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
    ))
}

/// The published puzzle and solution blocks, lines at full width.
fn published() -> (String, String) {
    let blocks: Vec<(usize, String)> = frame::blocks(PUBLISHED).collect();
    let full = |b: &str| -> String { b.lines().map(|l| format!("{l:<21}\n")).collect() };
    (full(&blocks[0].1), full(&blocks[1].1))
}

#[test]
fn solve_samurai_blocks() {
    let (puzzle, solution) = published();
    // Two equal givens in the first row of the top-left grid: no solution.
    let clash = puzzle.replacen("92.43....", "99.43....", 1);
    let broken = puzzle.replacen("92.43....", "92x43....", 1);
    let input = format!("# published\n{puzzle}\n{broken}\n\n{clash}");
    let (out, err) = solve("--variant samurai", &input);
    assert_eq!(out, format!("{solution}\nerror\n\nnone\n"));
    assert!(
        err.contains("puzzle at line 24: line 1, column 3: unexpected character 'x'"),
        "{err}"
    );
    assert!(err.contains("3 puzzles,"), "{err}");
    let (out, _) = solve("--variant samurai --count", &puzzle);
    assert_eq!(out, "1\n");
}

#[test]
fn solve_samurai_count_limit_and_timeout() {
    let empty = frame::write(
        &Geometry::from_layout(Layout::samurai())
            .unwrap()
            .empty_grid(),
        &Layout::samurai(),
        &Default::default(),
    );
    let (out, _) = solve("--variant samurai --count --limit 3", &empty);
    assert_eq!(out, "≥ 3\n");
    // Counting every complete Samurai cannot end in a millisecond.
    let (out, err) = solve(
        "--variant samurai --count --timeout 0.001",
        &format!("{empty}\n{empty}"),
    );
    assert_eq!(out, "timeout\n\ntimeout\n");
    assert!(err.contains("over the time limit"), "{err}");
}

#[test]
fn generate_samurai_unique_reproducible() {
    let (out, err) = generate("--variant samurai --count 2 --seed 5").unwrap();
    assert!(err.contains("2 puzzles,"), "{err}");
    let again = generate("--variant samurai --count 2 --seed 5").unwrap().0;
    assert_eq!(out, again);
    let layout = Layout::samurai();
    let mut solver = Solver::new(Geometry::from_layout(layout.clone()).unwrap());
    let blocks: Vec<(usize, String)> = frame::blocks(&out).collect();
    assert_eq!(blocks.len(), 2);
    assert_eq!(out.lines().count(), 2 * 21 + 1);
    for (_, block) in &blocks {
        assert!(block.lines().all(|l| l.chars().count() == 21));
        let puzzle = frame::parse(block, &layout, &ReadOptions::default()).unwrap();
        assert_eq!(
            solver.count(&puzzle, 2).unwrap(),
            sudoku_core::Count::Exact(1)
        );
    }
    // What generate prints, solve reads.
    let (solved, _) = solve("--variant samurai", &out);
    assert_eq!(frame::blocks(&solved).count(), 2);
}

#[test]
fn generate_tiny_samurai_minimal() {
    let (out, _) = generate("--variant tiny-samurai --count 3 --seed 9").unwrap();
    let layout = Layout::tiny_samurai();
    let geo = Geometry::from_layout(layout.clone()).unwrap();
    let mut solver = Solver::new(geo.clone());
    for (_, block) in frame::blocks(&out) {
        let puzzle = frame::parse(&block, &layout, &ReadOptions::default()).unwrap();
        assert_eq!(
            solver.count(&puzzle, 2).unwrap(),
            sudoku_core::Count::Exact(1)
        );
        let mut cells = puzzle.cells().to_vec();
        for c in 0..cells.len() {
            let v = cells[c];
            if v != 0 {
                cells[c] = 0;
                assert_eq!(
                    solver.count(&geo.grid(cells.clone()).unwrap(), 2).unwrap(),
                    sudoku_core::Count::AtLeast(2)
                );
                cells[c] = v;
            }
        }
    }
}

#[test]
fn roxdoku_and_alphabets() {
    let (out, _) = generate("--variant roxdoku --count 1 --seed 1 --alphabet ABCDEFGHI").unwrap();
    assert_eq!(out.lines().count(), 3);
    assert!(out.lines().all(|l| l.chars().count() == 11), "{out}");
    assert!(!out.chars().any(|c| c.is_ascii_digit()), "{out}");
    let (solved, _) = solve("--variant roxdoku --alphabet ABCDEFGHI", &out);
    let layout = Layout::cube(3).unwrap();
    let read = ReadOptions {
        shape: None,
        alphabet: Some(Alphabet::new("ABCDEFGHI").unwrap()),
    };
    let grid = frame::parse(&solved, &layout, &read).unwrap();
    assert!(
        Geometry::from_layout(layout)
            .unwrap()
            .is_solution(grid.cells())
    );
    // The one-line path takes an alphabet too: a 4×4 in letters.
    let (out, _) = solve("--alphabet WORD", "WO..............\n");
    assert_eq!(out.trim().len(), 16);
    assert!(
        out.starts_with("WO") && out.trim().chars().all(|c| "WORD".contains(c)),
        "{out}"
    );
}

#[test]
fn layout_usage_errors() {
    for (a, needle) in [
        ("--variant samurai --box 3x3", "--box does not apply"),
        ("--variant samurai --engine fast", "--engine does not apply"),
        ("--variant nope", "layouts: samurai, tiny-samurai"),
        ("--alphabet AAB", "--alphabet"),
    ] {
        match solve_cli::parse_args(&args(a)) {
            Err(CliError::Usage(m)) => assert!(m.contains(needle), "{a}: {m}"),
            other => panic!("{a}: {other:?}"),
        }
    }
    match generate_cli::parse_args(&args("--variant samurai --size 9")) {
        Err(CliError::Usage(m)) => assert!(m.contains("--size/--box"), "{m}"),
        other => panic!("{other:?}"),
    }
}

/// Writes `text` to a fresh file in the temporary directory and returns its path.
fn temp_file(name: &str, text: &str) -> String {
    let path = std::env::temp_dir().join(format!("sudoku-layouts-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn jigsaw_regions_in_solve_and_generate() {
    // A 9×9 jigsaw: the classic boxes with two cells swapped between the first two box rows,
    // written on one line of 81 labels.
    let map_text =
        "AAABBBCCCAAABBBCCCAADBBBCCCDADEEEFFFDDDEEEFFFDDDEEEFFFGGGHHHIIIGGGHHHIIIGGGHHHIII";
    let path = temp_file("map9.txt", map_text);
    let (out, err) = generate(&format!("--regions {path} --count 2 --seed 3")).unwrap();
    assert!(err.contains("2 puzzles,"), "{err}");
    let map: sudoku_core::RegionMap = map_text
        .as_bytes()
        .chunks(9)
        .map(|r| std::str::from_utf8(r).unwrap().to_owned() + "\n")
        .collect::<String>()
        .parse()
        .unwrap();
    let geo = Geometry::new(
        sudoku_core::Shape::CLASSIC,
        &sudoku_core::Variant::jigsaw(map),
    )
    .unwrap();
    let mut solver = Solver::new(geo.clone());
    for line in out.lines() {
        let puzzle: sudoku_core::Grid = line.parse().unwrap();
        assert_eq!(
            solver.count(&puzzle, 2).unwrap(),
            sudoku_core::Count::Exact(1),
            "{line}"
        );
        let mut cells = puzzle.cells().to_vec();
        for c in 0..cells.len() {
            let v = cells[c];
            if v != 0 {
                cells[c] = 0;
                let fewer =
                    sudoku_core::Grid::new(sudoku_core::Shape::CLASSIC, cells.clone()).unwrap();
                assert_eq!(
                    solver.count(&fewer, 2).unwrap(),
                    sudoku_core::Count::AtLeast(2)
                );
                cells[c] = v;
            }
        }
    }
    let (solved, _) = solve(&format!("--regions {path}"), &out);
    for (puzzle, solution) in out.lines().zip(solved.lines()) {
        let p: sudoku_core::Grid = puzzle.parse().unwrap();
        let s: sudoku_core::Grid = solution.parse().unwrap();
        assert!(geo.is_solution(s.cells()) && p.is_subset_of(&s));
    }
    // The map on six lines, for 6×6 puzzles; a 9×9 line on it is an error.
    let six = temp_file(
        "map6.txt",
        "AAABBB\nAACBBB\nACCCDD\nEECDDD\nEECFFD\nEEFFFF\n",
    );
    let (out, _) = generate(&format!(
        "--regions {six} --count 1 --seed 1 --symmetry central"
    ))
    .unwrap();
    assert_eq!(out.trim().len(), 36);
    let (answers, err) = solve(
        &format!("--regions {six}"),
        &format!("{out}{}\n", ".".repeat(81)),
    );
    assert_eq!(answers.lines().nth(1), Some("error"), "{answers}");
    assert!(err.contains("line 2:"), "{err}");
    match solve_cli::parse_args(&args("--regions /nonexistent/map.txt")) {
        Err(CliError::Usage(m)) => assert!(m.contains("--regions"), "{m}"),
        other => panic!("{other:?}"),
    }
    match solve_cli::parse_args(&args(&format!("--variant samurai --regions {six}"))) {
        Err(CliError::Usage(m)) => assert!(m.contains("--regions does not apply"), "{m}"),
        other => panic!("{other:?}"),
    }
}
