//! The `canon` example's command-line contract, through the examples library.

use examples::canon::{Options, parse_args, run};
use examples::cli::CliError;

fn lines(text: &str) -> Vec<String> {
    text.lines().map(str::to_string).collect()
}

const PUZZLE: &str =
    "1--4--7-94--7------8-----6-21------63----5-7---817-3----59-2-3-87--3-5----2-8----";
const GRID: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

#[test]
fn prints_one_canonical_form_per_line() {
    let o = parse_args(&[]).unwrap();
    let input = format!("# a comment\n{PUZZLE}\n\n{GRID}\n");
    let out = run(&o, &lines(&input)).unwrap();
    assert_eq!(out.len(), 2);
    assert_eq!(out[0].len(), 81);
    assert_eq!(out[0].chars().filter(|&c| c != '.').count(), 28);
    assert!(out[1].starts_with("123456789"));
    assert!(!out[1].contains('.'));
    // Idempotent: the form of a form is itself.
    assert_eq!(run(&o, &out).unwrap(), out);
}

#[test]
fn random_equivalents_are_seeded_and_equivalent() {
    let args: Vec<String> = ["--random-equivalent", "--seed", "7"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let o = parse_args(&args).unwrap();
    assert_eq!(
        o,
        Options {
            random_equivalent: true,
            seed: 7,
            files: vec![],
            timeout: None,
        }
    );
    let input = lines(&format!("{PUZZLE}\n{GRID}"));
    let a = run(&o, &input).unwrap();
    assert_eq!(a, run(&o, &input).unwrap());
    assert_ne!(a[1], GRID);
    let canon = parse_args(&[]).unwrap();
    assert_eq!(run(&canon, &a).unwrap(), run(&canon, &input).unwrap());
}

#[test]
fn bad_lines_name_their_number() {
    let o = parse_args(&[]).unwrap();
    let err = run(&o, &lines(&format!("{GRID}\n12345"))).unwrap_err();
    assert!(
        matches!(&err, CliError::Failed(m) if m.starts_with("line 2:")),
        "{err}"
    );
    assert!(matches!(
        parse_args(&["--bogus".to_string()]),
        Err(CliError::Usage(_))
    ));
    assert!(matches!(
        parse_args(&["--seed".to_string()]),
        Err(CliError::Usage(_))
    ));
    assert!(matches!(
        parse_args(&["--help".to_string()]),
        Err(CliError::Help(_))
    ));
}

#[test]
fn other_sizes_use_their_own_group() {
    let o = parse_args(&[]).unwrap();
    // Two 4×4 puzzles related by a column swap inside a stack share one form.
    let out = run(&o, &lines("1.......2.......\n.1.......2......")).unwrap();
    assert_eq!(out[0].len(), 16);
    assert_eq!(out[0], out[1]);
}

/// A sparse 12×12 puzzle whose canonical form takes a long search: about 0.1 s in a release
/// build (the slowest of a few thousand random sparse 12×12 puzzles), against a
/// millisecond or less for `PUZZLE`; the limit of the test below lies between, ten times
/// away from each.
const SLOW_12: &str = "........1....1................1.....1......................1.......1.........1................1...1..................1......1..........1........";

#[test]
fn a_form_over_its_limit_prints_timeout_and_the_run_goes_on() {
    let args: Vec<String> = ["--timeout", "0.01"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let o = parse_args(&args).unwrap();
    assert_eq!(o.timeout, Some(Some(std::time::Duration::from_millis(10))));
    let input = lines(&format!("{SLOW_12}\n{PUZZLE}\n{SLOW_12}\n"));
    let started = std::time::Instant::now();
    let (out, messages) = examples::canon::run_with_messages(&o, &input).unwrap();
    assert!(started.elapsed() < std::time::Duration::from_secs(20));
    let plain = run(&parse_args(&[]).unwrap(), &lines(PUZZLE)).unwrap();
    assert_eq!(out, ["timeout", plain[0].as_str(), "timeout"]);
    assert_eq!(
        messages,
        [
            "line 1: over the time limit of 0.01 s",
            "line 3: over the time limit of 0.01 s"
        ]
    );
    let zero: Vec<String> = ["--timeout", "0"].iter().map(|s| s.to_string()).collect();
    assert_eq!(parse_args(&zero).unwrap().timeout, Some(None));
    let bad: Vec<String> = ["--timeout", "soon"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert!(matches!(parse_args(&bad), Err(CliError::Usage(_))));
}

#[test]
fn messages_name_the_line_once() {
    let o = parse_args(&[]).unwrap();
    let bad = format!("{}Z", &GRID[..80]);
    let err = run(&o, &lines(&format!("{GRID}\n{bad}"))).unwrap_err();
    assert_eq!(
        err.to_string(),
        "line 2: column 81: unexpected character 'Z'"
    );
    let err = run(&o, &lines("1")).unwrap_err().to_string();
    assert!(err.starts_with("line 1: 1 cell: "), "{err}");
    assert!(!err.contains("square of 1..=25"), "{err}");
}
