//! The command-line contracts of the `grade` example and `generate --level`.

use examples::generate as generate_cli;
use examples::grade as grade_cli;

use std::process::ExitCode;

use sudoku_core::{Grid, Puzzle};
use sudoku_grade::{HumanModel, Level, MarkedGrid, Rater, rate};

fn args(s: &str) -> Vec<String> {
    s.split_whitespace().map(String::from).collect()
}

fn grade(a: &str, input: &str) -> (String, String) {
    let (out, err, _) = grade_summary(a, input);
    (out, err)
}

fn grade_summary(a: &str, input: &str) -> (String, String, grade_cli::Summary) {
    let opts = grade_cli::parse_args(&args(a)).unwrap();
    let mut out = Vec::new();
    let mut err = Vec::new();
    let summary = grade_cli::run(&opts, &mut input.as_bytes(), false, &mut out, &mut err).unwrap();
    (
        String::from_utf8(out).unwrap(),
        String::from_utf8(err).unwrap(),
        summary,
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
    // The sentence, then after a tab the placement's tally.
    assert!(
        lines
            .iter()
            .skip(1)
            .all(|l| l.split('\t').next().unwrap().ends_with('.'))
    );
    assert!(
        lines[1].contains("\tr") && lines[1].contains(": A1, |V| = "),
        "{}",
        lines[1]
    );
}

/// The `cost … = c, total t` tallies of `--explain` lines: (cost, total) per placement.
fn tallies(lines: &[&str]) -> Vec<(u32, u32)> {
    lines
        .iter()
        .filter_map(|l| l.split_once('\t'))
        .map(|(_, tally)| {
            let (cost, total) = tally.split_once(", total ").unwrap();
            let cost = cost.rsplit(" = ").next().unwrap().parse().unwrap();
            (cost, total.parse().unwrap())
        })
        .collect()
}

#[test]
fn explain_lines_add_up_to_the_score() {
    // Easy, Intermediate and Expert puzzles (B–F placements cost more than 1).
    let input = format!(
        "{EASY}\n{HARD}\n4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n"
    );
    let (out, _) = grade("--explain", &input);
    let mut blocks: Vec<Vec<&str>> = Vec::new();
    for l in out.lines() {
        if l.starts_with("  ") {
            blocks.last_mut().unwrap().push(l);
        } else {
            blocks.push(vec![l]);
        }
    }
    assert_eq!(blocks.len(), 3);
    let mut beyond_a = false;
    for b in &blocks {
        let score: u32 = b[0].split('\t').nth(1).unwrap().parse().unwrap();
        let t = tallies(&b[1..]);
        let empty = b[0].split('\t').nth(3).unwrap().split(' ');
        let cells: u32 = empty
            .map(|c| c[c.find('=').unwrap() + 1..].parse::<u32>().unwrap())
            .sum();
        assert_eq!(t.len() as u32, cells, "one tally per placed cell");
        let mut running = 0;
        for &(cost, total) in &t {
            running += cost;
            assert_eq!(total, running);
        }
        assert_eq!(running, score, "the costs add up to the score");
        beyond_a |= t.iter().any(|&(c, _)| c > 5);
        // Each tally shows the cost formula: base + rank × (|V| − 1) = cost.
        for l in &b[1..] {
            if let Some((_, tally)) = l.split_once('\t') {
                let formula = tally.split("cost ").nth(1).unwrap();
                let (sum, rest) = formula.split_once(" = ").unwrap();
                let (base, rank_v) = sum.split_once(" + ").unwrap();
                let (rank, v1) = rank_v.split_once(" × ").unwrap();
                let [base, rank, v1]: [u32; 3] = [base, rank, v1].map(|x| x.parse().unwrap());
                let cost: u32 = rest.split(',').next().unwrap().parse().unwrap();
                assert_eq!(base + rank * v1, cost, "{l}");
            }
        }
    }
    assert!(beyond_a);
}

#[test]
fn lines_not_rated_print_a_word_and_say_why_once() {
    let empty16 = ".".repeat(256);
    let input = format!(
        "1{}\n12....3....3....\n{EASY}abcd\n{EASY}\tmy puzzle\n{empty16}\n{EASY} # comment\n",
        ".".repeat(80)
    );
    let start = std::time::Instant::now();
    let (out, err, summary) = grade_summary("", &input);
    let lines: Vec<&str> = out.lines().collect();
    let easy = "easy\t49\tA1\tA1=49 A2=0 B=0 C=0 D=0 E=0 F=0";
    assert_eq!(
        lines,
        ["multiple", "none", "error", easy, "multiple", easy],
        "{err}"
    );
    let msgs: Vec<&str> = err.lines().collect();
    assert_eq!(msgs[0], "line 1: the puzzle has more than one solution");
    assert_eq!(msgs[1], "line 2: the puzzle has no solution");
    assert!(
        msgs[2].starts_with(
            "line 3: 85 characters: a puzzle line holds 81 cells (16, 36, 64, 144, 256 or 625 for other sizes), then optional whitespace and a comment"
        ),
        "{}",
        msgs[2]
    );
    assert_eq!(msgs[3], "line 5: the puzzle has more than one solution");
    assert!(msgs[4].starts_with("6 puzzles, "), "{err}");
    assert!(msgs[4].ends_with("; 4 not rated (multiple 2, none 1, budget 0, timeout 0, error 1)"));
    assert_eq!(msgs.len(), 5, "one message per line not rated: {err}");
    assert_eq!(
        (
            summary.multiple,
            summary.none,
            summary.budget,
            summary.error
        ),
        (2, 1, 0, 1)
    );
    // The empty 16×16 grid is answered at once.
    assert!(start.elapsed().as_secs() < 20);
    assert_eq!(grade_cli::exit_status(Ok(summary)), ExitCode::from(3));
    let (_, _, rated) = grade_summary("", &format!("{EASY}\n"));
    assert_eq!(rated.not_rated(), 0);
    assert_eq!(grade_cli::exit_status(Ok(rated)), ExitCode::SUCCESS);
}

/// A 25×25 puzzle with one solution (made by sudoku-core's generator, 265 givens) that the
/// rater does not finish in a hundred million units (about half a minute).
const SLOW_25: &str = ".K.I3O...68....A.1.N279HJ.DP..4...HN.MJ5BO..KG.L..5..9....G.P......8..F......C.N3L....AIBG.J.D.1O..5...G.D...J2.6.O...HLM........K6....M.7.C..B.O.FD....1...E..D3..4.8.....9.26.65H.C.4...L.9.I3....BJO.2C....7L1...P8.....6..K...7....8H...O..BJ5.ADCMP..OA..7..G6.1...2...E..LC...M...J43.......N..K....9GB.32...7C.5DGKI.FJ..........JGP.KEO4.CM.....I6...ADP...L.I5A63F...H.B.O..N77NKA.....4.5.2..1..3H...F1....2.5.M7N.C3H.LJ..6IK.....H...L....O....9PD.5....M......EBPDIFKN....2G...F..J..1D.KE..H6.....C7P3..A........M.....P.9..FL.6.I..K.E.1O..H..B.MF.....NJ...H.2.GA8.....I3.K...M..D.O...9...5...G...A...PM9BC47.A.....DE.2.6.J..GI";

#[test]
fn a_line_over_its_time_limit_prints_timeout_and_the_run_goes_on() {
    let input = format!("{EASY}\n{SLOW_25}\n{EASY}\n");
    let start = std::time::Instant::now();
    let (out, err, summary) = grade_summary("--timeout 0.2 --budget 1000000000", &input);
    let took = start.elapsed();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert!(lines[0].starts_with("easy\t"), "{out}");
    assert_eq!(lines[1], "timeout");
    assert_eq!(lines[2], lines[0]);
    assert!(
        err.contains(
            "line 2: over the time limit of 0.2 s (--timeout SECONDS changes it, 0 lifts it)"
        ),
        "{err}"
    );
    assert_eq!(summary.timeout, 1);
    assert_eq!(summary.not_rated(), 1);
    assert_eq!(grade_cli::exit_status(Ok(summary)), ExitCode::from(3));
    assert!(took < std::time::Duration::from_secs(20), "{took:?}");
    // --hint is limited alike.
    let (out, _, summary) = grade_summary(
        "--hint --timeout 0.2 --budget 1000000000",
        &format!("{SLOW_25}\n"),
    );
    assert_eq!(out, "timeout\n");
    assert_eq!(summary.timeout, 1);
}

#[test]
fn a_line_over_its_budget_prints_budget() {
    let needed = Rater::new()
        .rate(&Puzzle::classic(HARD.parse().unwrap()).unwrap())
        .unwrap()
        .work;
    let input = format!("{HARD}\n{EASY}\n");
    let (out, err, summary) = grade_summary(&format!("--budget {}", needed - 1), &input);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "budget");
    assert!(lines[1].starts_with("easy\t"));
    assert!(
        err.starts_with(&format!(
            "line 1: over the work budget of {} units (--budget N raises it)",
            needed - 1
        )),
        "{err}"
    );
    assert_eq!(summary.budget, 1);
    let (out, _, summary) = grade_summary(&format!("--budget {needed}"), &input);
    assert!(out.starts_with("expert\t"));
    assert_eq!(summary.not_rated(), 0);
}

#[test]
fn human_adds_one_field_of_seconds() {
    let input = format!("{EASY}\n{HARD}\nnot a puzzle\n");
    let (plain, _) = grade("", &input);
    let (human, _) = grade("--human", &input);
    let rater = Rater::new().record_steps(false);
    for ((p, h), puzzle) in plain.lines().zip(human.lines()).zip([EASY, HARD, ""]) {
        if p == "error" {
            assert_eq!(h, "error");
            continue;
        }
        let (rest, seconds) = h.rsplit_once('\t').unwrap();
        assert_eq!(rest, p, "nothing else changes");
        let seconds: u64 = seconds.parse().unwrap();
        let puzzle = Puzzle::classic(puzzle.parse().unwrap()).unwrap();
        let t = HumanModel::CALIBRATED
            .estimate(&puzzle, &rater.rate(&puzzle).unwrap())
            .unwrap();
        assert_eq!(seconds, t.seconds.round() as u64);
    }
}

#[test]
fn hints_from_a_puzzle_and_from_pencil_marks() {
    let puzzle = Puzzle::classic(HARD.parse().unwrap()).unwrap();
    let rater = Rater::new();
    let first = rater.next_step(&MarkedGrid::new(&puzzle)).unwrap();
    let (out, _) = grade("--hint", &format!("{HARD}\tfrom the puzzle\n"));
    assert_eq!(
        out,
        format!("{}\t{}\t{first}\n", first.method(), first.technique)
    );
    // Play the rater's steps up to its first elimination and beyond: the marks then say
    // more than the digits, and the hint follows the marks.
    let mut position = MarkedGrid::new(&puzzle);
    loop {
        let s = rater.next_step(&position).unwrap();
        position.play(&s).unwrap();
        if s.placement.is_none() {
            break;
        }
    }
    let want = rater.next_step(&position).unwrap();
    let digits_only = rater
        .next_step(&MarkedGrid::new(&Puzzle::classic(position.grid()).unwrap()))
        .unwrap();
    assert_ne!(want, digits_only, "the eliminations matter");
    let line = format!("{}\t{}\t{want}\n", want.method(), want.technique);
    let (out, err) = grade(
        "--hint",
        &format!("{position}\n{}\n", position.candidate_string()),
    );
    assert_eq!(out, format!("{line}{line}"), "{err}");
    // Solved, broken and unreadable positions.
    let solution = rate(&HARD.parse().unwrap()).unwrap().solution;
    let mut wrong = position.to_string();
    let at = wrong.find('[').unwrap();
    let end = at + wrong[at..].find(']').unwrap();
    wrong.replace_range(at..=end, "[]");
    let (out, err, summary) = grade_summary(
        "--hint",
        &format!("{solution}\n{wrong}\n[12\n{}\n", ".".repeat(81)),
    );
    assert_eq!(
        out.lines().collect::<Vec<_>>(),
        ["solved", "error", "error", "multiple"],
        "{err}"
    );
    assert!(err.contains("line 2: r"), "{err}");
    assert!(err.contains("has no candidate left"), "{err}");
    assert!(
        err.contains("line 3: column 1: '[' without its ']'"),
        "{err}"
    );
    assert_eq!(summary.not_rated(), 3);
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

#[test]
fn input_is_streamed_and_bad_lines_stop_it_after_the_lines_before() {
    // Three batches and a bit of a complete 4×4 grid, then a line that is not UTF-8.
    let mut input = "1234341221434321\n".repeat(3 * 4096 + 3).into_bytes();
    input.extend_from_slice(b"12\xff4\n1234341221434321\n");
    let opts = grade_cli::parse_args(&[]).unwrap();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let e = grade_cli::run(&opts, &mut &input[..], false, &mut out, &mut err).unwrap_err();
    assert!(matches!(&e, examples::cli::CliError::Failed(_)));
    assert_eq!(
        e.to_string(),
        format!("line {}: not UTF-8 text", 3 * 4096 + 4)
    );
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.lines().count(), 3 * 4096 + 3);
    // A line too long to hold prints error, and the run goes on.
    let long = format!("{}\n{EASY}\n", "1".repeat(grade_cli::MAX_LINE_LEN + 1));
    let (out, err, summary) = grade_summary("", &long);
    assert_eq!(out.lines().next(), Some("error"));
    assert_eq!(out.lines().count(), 2);
    assert!(
        err.starts_with("line 1: longer than 262144 bytes, not read\n"),
        "{err}"
    );
    assert_eq!(summary.error, 1);
}

#[test]
fn a_byte_order_mark_is_not_a_cell() {
    let (out, err, summary) = grade_summary("", &format!("\u{feff}{EASY}\n"));
    assert_eq!(summary.not_rated(), 0, "{err}");
    assert!(out.starts_with("easy\t"), "{out}");
    let (out, err, _) = grade_summary("--hint", &format!("\u{feff}{EASY}\n"));
    assert!(!out.starts_with("error"), "{out} {err}");
}
