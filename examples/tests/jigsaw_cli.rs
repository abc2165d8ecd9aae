//! The `--variant jigsaw` contracts of `generate` (a random region map per puzzle, printed as
//! a map line then a puzzle line) and `solve` (reading those pairs back), through the
//! examples library. Uniqueness and minimality are checked by a small backtracking counter
//! written here, independent of sudoku-core's solver.

use examples::cli::CliError;
use examples::generate as generate_cli;
use examples::solve as solve_cli;
use sudoku_core::RegionMap;

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(str::to_owned).collect()
}

fn generate(a: &str) -> String {
    let opts = generate_cli::parse_args(&args(a)).expect("valid arguments");
    let mut out = Vec::new();
    generate_cli::run(&opts, &mut out, &mut Vec::new()).expect("generated");
    String::from_utf8(out).unwrap()
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

/// The houses (rows, columns, regions) of a map of side `n`, as cell lists.
fn houses(map: &RegionMap) -> Vec<Vec<usize>> {
    let n = map.size();
    let mut h: Vec<Vec<usize>> = Vec::new();
    h.extend((0..n).map(|r| (0..n).map(|c| r * n + c).collect()));
    h.extend((0..n).map(|c| (0..n).map(|r| r * n + c).collect()));
    h.extend((0..n).map(|g| (0..n * n).filter(|&x| map.region(x) == g).collect()));
    h
}

/// Solutions of `cells` (0 empty) under `houses`, counted up to `limit` by plain
/// backtracking on the cell with the fewest candidates or the (house, value) with the fewest
/// places (bit sets of the values used in each house).
fn count(cells: &mut [u8], n: usize, houses: &[Vec<usize>], limit: u64) -> u64 {
    let of: Vec<Vec<usize>> = (0..cells.len())
        .map(|x| {
            (0..houses.len())
                .filter(|&h| houses[h].contains(&x))
                .collect()
        })
        .collect();
    let mut used = vec![0u32; houses.len()];
    for (h, house) in houses.iter().enumerate() {
        for &x in house {
            if cells[x] != 0 {
                if used[h] & 1 << cells[x] != 0 {
                    return 0;
                }
                used[h] |= 1 << cells[x];
            }
        }
    }
    let all = ((1u32 << (n + 1)) - 1) & !1;
    struct Search<'a> {
        cells: &'a mut [u8],
        houses: &'a [Vec<usize>],
        of: Vec<Vec<usize>>,
        used: Vec<u32>,
        all: u32,
        limit: u64,
    }
    fn go(s: &mut Search<'_>) -> u64 {
        // Branch on the empty cell with the fewest values, or on the (house, value) with
        // the fewest places, whichever is fewer.
        let mut best: Option<Vec<(usize, u32)>> = None;
        let free_at =
            |s: &Search<'_>, x: usize| s.all & !s.of[x].iter().fold(0, |m, &h| m | s.used[h]);
        for x in 0..s.cells.len() {
            if s.cells[x] == 0 {
                let free = free_at(s, x);
                if best
                    .as_ref()
                    .is_none_or(|b| (free.count_ones() as usize) < b.len())
                {
                    let mut f = free;
                    let mut options = Vec::new();
                    while f != 0 {
                        options.push((x, f.trailing_zeros()));
                        f &= f - 1;
                    }
                    best = Some(options);
                }
            }
        }
        let Some(mut best) = best else { return 1 };
        for (h, house) in s.houses.iter().enumerate() {
            let mut missing = s.all & !s.used[h];
            while missing != 0 && best.len() > 1 {
                let v = missing.trailing_zeros();
                missing &= missing - 1;
                let places: Vec<(usize, u32)> = house
                    .iter()
                    .filter(|&&x| s.cells[x] == 0 && free_at(s, x) & 1 << v != 0)
                    .map(|&x| (x, v))
                    .collect();
                if places.len() < best.len() {
                    best = places;
                }
            }
        }
        let mut found = 0;
        for (x, v) in best {
            if found >= s.limit {
                break;
            }
            s.cells[x] = v as u8;
            for i in 0..s.of[x].len() {
                let h = s.of[x][i];
                s.used[h] |= 1 << v;
            }
            s.limit -= found;
            let more = go(s);
            s.limit += found;
            found += more;
            for i in 0..s.of[x].len() {
                let h = s.of[x][i];
                s.used[h] &= !(1 << v);
            }
            s.cells[x] = 0;
        }
        found
    }
    go(&mut Search {
        cells,
        houses,
        of,
        used,
        all,
        limit,
    })
}

fn cells_of(line: &str) -> Vec<u8> {
    line.chars()
        .map(|c| match c {
            '.' => 0,
            c => c.to_digit(36).unwrap() as u8,
        })
        .collect()
}

/// Every pair of `text` (map line, puzzle line): maps connected with N regions of N cells,
/// puzzles unique and minimal on their map by the independent counter.
fn check_pairs(text: &str, n: usize, pairs: usize) -> Vec<(RegionMap, String)> {
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 2 * pairs, "{text}");
    lines
        .chunks(2)
        .map(|pair| {
            assert_eq!(pair[0].len(), n * n);
            assert_eq!(pair[1].len(), n * n);
            let map: RegionMap = pair[0].parse().unwrap();
            assert_eq!(map.size(), n);
            assert!(map.is_connected(), "{map}");
            let h = houses(&map);
            let mut cells = cells_of(pair[1]);
            assert_eq!(count(&mut cells, n, &h, 2), 1, "not unique: {}", pair[1]);
            for x in 0..cells.len() {
                if cells[x] != 0 {
                    let v = std::mem::replace(&mut cells[x], 0);
                    assert_eq!(count(&mut cells, n, &h, 2), 2, "not minimal at {x}");
                    cells[x] = v;
                }
            }
            (map, pair[1].to_owned())
        })
        .collect()
}

#[test]
fn generate_jigsaw_is_reproducible_unique_and_minimal() {
    let text = generate("--variant jigsaw --count 2 --seed 11");
    assert_eq!(text, generate("--variant jigsaw --count 2 --seed 11"));
    let pairs = check_pairs(&text, 9, 2);
    // Puzzle i is made from seed S + i alone.
    let second = generate("--variant jigsaw --count 1 --seed 12");
    assert_eq!(
        second.lines().collect::<Vec<_>>(),
        text.lines().skip(2).collect::<Vec<_>>()
    );
    // Each puzzle its own map.
    assert_ne!(pairs[0].0, pairs[1].0);
    // The default side is 9 and other sides work.
    let six = generate("--variant jigsaw --size 6 --count 4 --seed 2");
    check_pairs(&six, 6, 4);
}

#[test]
fn solve_reads_generate_back() {
    let text = generate("--variant jigsaw --count 3 --seed 40 --size 6");
    let input = format!("# made by generate\n\n{}", text.replace('\n', "\n\n"));
    let (out, err) = solve("--variant jigsaw", &input);
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(answers.len(), 3, "{out}{err}");
    let lines: Vec<&str> = text.lines().collect();
    for (k, solution) in answers.iter().enumerate() {
        let map: RegionMap = lines[2 * k].parse().unwrap();
        let puzzle = cells_of(lines[2 * k + 1]);
        let cells = cells_of(solution);
        assert!(puzzle.iter().zip(&cells).all(|(p, c)| *p == 0 || p == c));
        for house in houses(&map) {
            let mut seen: Vec<u8> = house.iter().map(|&x| cells[x]).collect();
            seen.sort_unstable();
            assert_eq!(seen, (1..=6).collect::<Vec<u8>>(), "{solution}");
        }
    }
    assert!(err.contains("3 puzzles,"), "{err}");
    let (out, _) = solve("--variant jigsaw --count", &text);
    assert_eq!(out, "1\n1\n1\n");
    // A map line alone is also a `--regions` file.
    let path = std::env::temp_dir().join(format!("jigsaw-cli-{}-map", std::process::id()));
    std::fs::write(&path, lines[0]).unwrap();
    let (out, _) = solve(
        &format!("--regions {}", path.display()),
        &format!("{}\n", lines[1]),
    );
    std::fs::remove_file(&path).ok();
    assert_eq!(out, format!("{}\n", answers[0]));
}

#[test]
fn solve_jigsaw_counts_errors_and_limits() {
    let map = "AABBAABBCCDDCCDD";
    // 4x4 with 2x2 boxes as regions: 288 grids; a limit stops the count.
    let input = format!("{map}\n................\n{map}\n................\n");
    let (out, _) = solve("--variant jigsaw --count", &input);
    assert_eq!(out, "288\n288\n");
    // A count stopped at its limit says "at least".
    let (out, _) = solve("--variant jigsaw --count --limit 5", &input);
    assert_eq!(out, "≥ 5\n≥ 5\n");
    let (out, _) = solve("--variant jigsaw --count --limit 288", &input);
    assert_eq!(out, "≥ 288\n≥ 288\n");
    let (out, _) = solve("--variant jigsaw --count --limit 289", &input);
    assert_eq!(out, "288\n288\n");
    // A bad map, a puzzle of the wrong size, a contradiction, and a map left alone.
    let input =
        format!("AABC\n................\n{map}\n.........\n{map}\n11..............\n{map}\n");
    let (out, err) = solve("--variant jigsaw", &input);
    assert_eq!(out, "error\nerror\nnone\nerror\n");
    assert!(err.contains("line 1: region map"), "{err}");
    assert!(err.contains("line 4:"), "{err}");
    assert!(
        err.contains("line 7: a region map without its puzzle line"),
        "{err}"
    );
}

#[test]
fn solve_jigsaw_timeout() {
    // Counting every 9x9 grid on a map cannot finish in 50 ms: `timeout`, and the run goes on.
    let map: String = (0..9)
        .flat_map(|r| (0..9).map(move |c| (b'A' + (r / 3 * 3 + c / 3) as u8) as char))
        .collect();
    let input = format!(
        "{map}\n{}\nAABBAABBCCDDCCDD\n................\n",
        ".".repeat(81)
    );
    let (out, err) = solve("--variant jigsaw --count --timeout 0.05", &input);
    assert_eq!(out, "timeout\n288\n");
    assert!(
        err.contains("line 2: over the time limit of 0.05 s"),
        "{err}"
    );
}

#[test]
fn generate_jigsaw_timeout_exits_with_status_3() {
    let opts = generate_cli::parse_args(&args(
        "--variant jigsaw --size 16 --count 2 --seed 3 --timeout 0.01",
    ))
    .expect("valid arguments");
    let e = generate_cli::run(&opts, &mut Vec::new(), &mut Vec::new()).unwrap_err();
    assert_eq!(e.exit_code(), std::process::ExitCode::from(3));
    assert!(
        e.to_string()
            .starts_with("puzzle 0 (seed 3): over the time limit of 0.01 s"),
        "{e}"
    );
}

#[test]
fn jigsaw_command_lines() {
    let usage = |r: Result<_, CliError>| matches!(r, Err(CliError::Usage(_)));
    assert!(usage(
        generate_cli::parse_args(&args("--variant jigsaw --box 3x3")).map(drop)
    ));
    assert!(usage(
        generate_cli::parse_args(&args("--variant jigsaw --level easy")).map(drop)
    ));
    assert!(usage(
        solve_cli::parse_args(&args("--variant jigsaw --box 3x3")).map(drop)
    ));
    assert!(usage(
        solve_cli::parse_args(&args("--variant jigsaw --engine fast")).map(drop)
    ));
    let help = generate_cli::parse_args(&args("--help")).map(drop);
    assert!(matches!(help, Err(CliError::Help(h)) if h.contains("--variant jigsaw")));
    let help = solve_cli::parse_args(&args("--help")).map(drop);
    assert!(matches!(help, Err(CliError::Help(h)) if h.contains("--variant jigsaw")));
}
