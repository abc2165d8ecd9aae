//! The command-line contract of `mahjong_ladder`, checked on the examples library's code.

use examples::cli::{CliError, Progress};
use examples::ladder::ratings;
use examples::mahjong_ladder::{USAGE, parse_args, run_with, seating};
use serde_json::Value;

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

fn out(args: &[&str]) -> Result<String, String> {
    run_with(&strings(args), |n| {
        Progress::with_display(usize::try_from(n).unwrap_or(0), "rounds", false)
    })
    .map_err(|e| e.to_string())
}

fn json(args: &[&str]) -> Value {
    let mut a = args.to_vec();
    a.push("--json");
    serde_json::from_str(&out(&a).unwrap()).unwrap()
}

#[test]
fn help_prints_the_usage() {
    match run_with(&strings(&["--help"]), |_| {
        Progress::with_display(0, "", false)
    }) {
        Err(CliError::Help(text)) => assert_eq!(text, USAGE),
        other => panic!("{other:?}"),
    }
    assert!(USAGE.contains("--bots") && USAGE.contains("--anchor") && USAGE.contains("--json"));
}

#[test]
fn bad_command_lines_say_what() {
    let err = |args: &[&str]| out(args).unwrap_err();
    assert!(err(&[]).contains("--bots is required"));
    assert!(err(&["--bots", "scorer"]).contains("two names at least"));
    assert!(err(&["--bots", "scorer,oracle"]).contains("unknown bot \"oracle\""));
    assert!(err(&["--bots", "scorer,scorer"]).contains("scorer given twice"));
    assert!(err(&["--bots", "scorer,random", "--anchor", "expert"]).contains("not among --bots"));
    assert!(err(&["--bots", "scorer,random", "--games", "0"]).contains("at least 1"));
    assert!(err(&["--bots", "scorer,random", "--rounds", "300"]).contains("1 to 256"));
    assert!(err(&["--bots", "scorer,random", "--playouts", "0"]).contains("at least 1"));
}

#[test]
fn tables_are_every_ordered_pair_or_the_anchors() {
    let o = parse_args(&strings(&["--bots", "random,efficient,scorer"])).unwrap();
    assert_eq!(o.tables, [(0, 1), (0, 2), (1, 0), (1, 2), (2, 0), (2, 1)]);
    let o = parse_args(&strings(&[
        "--bots",
        "random,efficient,scorer",
        "--anchor",
        "scorer",
    ]))
    .unwrap();
    assert_eq!(o.tables, [(0, 2), (1, 2)]);
    // The lone bot's seat turns with the games.
    let seats: Vec<usize> = (0..8).map(|i| seating(&o, i).1).collect();
    assert_eq!(seats, [0, 0, 1, 1, 2, 2, 3, 3]);
    assert_eq!(seating(&o, 3).0, (1, 2));
}

#[test]
fn a_seeded_ladder_is_the_same_every_time_and_adds_up() {
    let args = [
        "--bots",
        "random,scorer",
        "--games",
        "8",
        "--rounds",
        "2",
        "--seed",
        "5",
    ];
    let a = json(&args);
    let mut b = json(&args);
    for v in [&a, &mut b] {
        assert_eq!(v["games"], 8);
        assert_eq!(v["rounds"], 16);
        assert_eq!(v["system"], "advanced");
    }
    let strip = |v: &Value| {
        let mut v = v.clone();
        v["seconds"] = Value::Null;
        v
    };
    assert_eq!(strip(&a), strip(&b));
    let tables = a["tables"].as_array().unwrap();
    assert_eq!(tables.len(), 2);
    assert_eq!(tables[0]["bot"], "random");
    assert_eq!(tables[0]["field"], "scorer");
    assert_eq!(tables[0]["games"], 4);
    // Zero-sum: the scorer is far ahead of random and rated above it.
    let bots = a["bots"].as_array().unwrap();
    assert_eq!(bots[0]["bot"], "scorer");
    assert!(bots[0]["rating"].as_f64().unwrap() > bots[1]["rating"].as_f64().unwrap());
    assert!(bots[0]["mean_net"].as_f64().unwrap() > 0.0);
    assert_eq!(
        bots[0]["rounds"].as_u64().unwrap() + bots[1]["rounds"].as_u64().unwrap(),
        64
    );
    let text = out(&args).unwrap();
    assert!(text.starts_with("8 games, 16 rounds (2 per game), advanced system, seeds 5 to 12"));
    assert!(text.contains("random vs 3 scorer"));
}

#[test]
fn the_expert_plays_in_the_ladder() {
    let v = json(&[
        "--bots",
        "expert,scorer",
        "--anchor",
        "scorer",
        "--games",
        "1",
        "--rounds",
        "1",
        "--playouts",
        "8",
    ]);
    assert_eq!(v["tables"][0]["bot"], "expert");
    assert_eq!(v["rounds"], 1);
}

#[test]
fn ratings_follow_the_wins() {
    // Equal results: equal ratings at 1500.
    let r = ratings(&[vec![0.0, 10.0], vec![10.0, 0.0]]);
    assert!((r[0] - 1500.0).abs() < 1e-6 && (r[1] - 1500.0).abs() < 1e-6);
    // 3 wins for 1 (with the half added each way: 30.5 / 10.5): a gap of 400·log10 of it.
    let r = ratings(&[vec![0.0, 30.0], vec![10.0, 0.0]]);
    let gap = 400.0 * (30.5f64 / 10.5).log10();
    assert!((r[0] - r[1] - gap).abs() < 1e-6, "{r:?}");
    // Never losing still gives a finite rating.
    let r = ratings(&[vec![0.0, 5.0], vec![0.0, 0.0]]);
    assert!(r[0].is_finite() && r[0] > r[1]);
}
