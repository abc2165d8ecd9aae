//! The `defi` example's command-line contract (see the docs of `examples::defi`), checked on
//! the examples library's code.

use defi_sudoku::bot::Strategy;
use defi_sudoku::simulate::{BotSpec, GameResult, HandicapTrial, Simulation, Stats};
use examples::cli::CliError;
use examples::defi as cli;

fn run(args: &str) -> Result<String, String> {
    let args: Vec<String> = args.split_whitespace().map(str::to_owned).collect();
    let mut out = Vec::new();
    match cli::run(&args, &mut out, false) {
        Ok(()) => Ok(String::from_utf8(out).expect("UTF-8 output")),
        Err(CliError::Usage(m)) => Err(m),
        Err(e) => panic!("unexpected error {e:?}"),
    }
}

/// The per-seat rows of a table: (win rate %, mean score).
fn rows(table: &str) -> Vec<(f64, f64)> {
    table
        .lines()
        .filter(|l| {
            l.trim_start()
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_digit())
        })
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            (
                f[2].trim_end_matches('%').parse().unwrap(),
                f[3].parse().unwrap(),
            )
        })
        .collect()
}

#[test]
fn prints_win_rates_and_mean_scores_per_seat_with_and_without_handicap() {
    let text = run("--players 3 --games 6 --seed 9").unwrap();
    assert!(text.starts_with("Défi Sudoku simulator: 3 players, 6 games, seed 9\n"));
    assert!(text.contains("bots: blocking:B, blocking:B, blocking:B"));
    let on = text.find("\nhandicap on\n").expect("a handicap-on table");
    let off = text.find("\nhandicap off\n").expect("a handicap-off table");
    let (with, without) = (rows(&text[on..off]), rows(&text[off..]));
    assert_eq!(with.len(), 3);
    assert_eq!(without.len(), 3);
    for table in [&with, &without] {
        let total: f64 = table.iter().map(|r| r.0).sum();
        assert!((total - 100.0).abs() < 0.05, "win rates add up to {total}");
        assert!(table.iter().all(|r| r.1 > 0.0));
    }
    assert!(text.contains("chi-square"));
    // The verdict, last: the library's, on the same games.
    let last = text.lines().last().unwrap();
    let options = defi_sudoku::Options::default();
    let bots = vec![BotSpec::new(Strategy::Blocking); 3];
    let trial = Simulation::new(options, bots, 6, 9)
        .unwrap()
        .handicap_trial();
    let spread = format!(
        ": win-rate spread {:.2} points with it, {:.2} without",
        100.0 * trial.with.spread(),
        100.0 * trial.without.spread()
    );
    assert_eq!(last, format!("{}{spread}", cli::verdict_sentence(&trial)));
    assert!(last.starts_with("the seed's handicap "));
    // Reproducible.
    assert_eq!(run("--players 3 --games 6 --seed 9").unwrap(), text);
}

#[test]
fn verdict_sentences() {
    let stats = |wins: &[usize]| {
        let mut stats = Stats::new(wins.len());
        for (seat, &n) in wins.iter().enumerate() {
            for _ in 0..n {
                let mut win_share = vec![0.0; wins.len()];
                win_share[seat] = 1.0;
                stats.add(&GameResult {
                    totals: vec![100; wins.len()],
                    win_share,
                });
            }
        }
        stats
    };
    let trial = |with: &[usize], without: &[usize], teams| HandicapTrial {
        with: stats(with),
        without: stats(without),
        teams,
    };
    assert_eq!(
        cli::verdict_sentence(&trial(&[50, 50], &[80, 20], false)),
        "the seed's handicap evens the seats"
    );
    assert_eq!(
        cli::verdict_sentence(&trial(&[50, 50], &[55, 45], false)),
        "the seed's handicap evens the seats (they already look even without it)"
    );
    assert_eq!(
        cli::verdict_sentence(&trial(&[80, 20, 20], &[90, 10, 20], false)),
        "the seed's handicap does not even the seats (seat 1 wins most)"
    );
    assert_eq!(
        cli::verdict_sentence(&trial(&[20, 80, 0, 0], &[50, 50, 0, 0], true)),
        "the seed's handicap does not even the teams (team B wins most)"
    );
}

#[test]
fn options_and_bots_are_read() {
    let text = run(
        "--players 4 --games 3 --seed 1 --handicap off --challenge express \
         --final status-quo --teams --bots greedy,search:A2",
    )
    .unwrap();
    assert!(text.contains("options: challenge express, final status-quo, teams on"));
    assert!(text.contains("bots: greedy:B, search:A2, greedy:B, search:A2"));
    assert!(!text.contains("handicap on"));
    assert!(text.contains("\nhandicap off\n"));
    assert!(text.contains("team A (seats 1 and 3)"));
    assert!(text.contains("team B (seats 2 and 4)"));
    assert!(text.contains("(1 df, 5% critical 3.841): the teams "));
    assert_eq!(rows(&text).len(), 4);
}

#[test]
fn record_prints_one_game_as_json() {
    let text = run("--players 2 --seed 3 --record --bots search").unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    // Exactly the issue's keys, plus the documented "team_scores", "winners" and turns'
    // "quota".
    let keys = |v: &serde_json::Value| {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    assert_eq!(
        keys(&json),
        [
            "options",
            "players",
            "puzzle",
            "scores",
            "solution",
            "team_scores",
            "turns",
            "winners"
        ]
    );
    for turn in json["turns"].as_array().unwrap() {
        assert_eq!(
            keys(turn),
            [
                "absent_bonus",
                "bonus",
                "entries",
                "handicap",
                "player",
                "quota",
                "round"
            ]
        );
        for e in turn["entries"].as_array().unwrap() {
            assert_eq!(keys(e), ["cell", "correct", "digit", "points"]);
        }
    }
    assert_eq!(json["players"], serde_json::json!(["Player 1", "Player 2"]));
    for key in ["puzzle", "solution"] {
        assert_eq!(json[key].as_str().unwrap().len(), 81, "{key}");
    }
    assert_eq!(json["players"][0], "Player 1");
    assert_eq!(json["options"]["handicap"], "with");
    let turns = json["turns"].as_array().unwrap();
    let mut points = [0u64; 2];
    for turn in turns {
        let p = turn["player"].as_u64().unwrap() as usize;
        assert!(turn["round"].as_u64().unwrap() >= 1);
        for e in turn["entries"].as_array().unwrap() {
            assert!(e["cell"].as_u64().unwrap() <= 80);
            assert!((1..=9).contains(&e["digit"].as_u64().unwrap()));
            assert!(e["correct"].is_boolean());
            points[p] += e["points"].as_u64().unwrap();
        }
        for key in ["bonus", "handicap", "absent_bonus"] {
            points[p] += turn[key].as_u64().unwrap();
        }
    }
    let scores: Vec<u64> = json["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    assert_eq!(scores, points);
    // The record replays.
    let record: defi_sudoku::Record = serde_json::from_str(&text).unwrap();
    record.replay().unwrap();
    // --handicap off reaches the record.
    let off = run("--players 2 --seed 3 --record --handicap off").unwrap();
    assert!(off.contains("\"handicap\": \"without\""));
}

#[test]
fn bad_command_lines_are_refused_with_a_reason() {
    for (args, reason) in [
        ("--games 3 --seed 1", "--players is required"),
        ("--players 3 --seed 1", "--games is required"),
        ("--players 3 --games 3", "--seed is required"),
        ("--players 1 --games 3 --seed 1", "2 to 5 players"),
        ("--players 6 --games 3 --seed 1", "2 to 5 players"),
        (
            "--players 3 --games 3 --seed 1 --teams",
            "two against two needs 4 players",
        ),
        ("--players 3 --games x --seed 1", "--games: not a number"),
        (
            "--players 3 --games 3 --seed 1 --handicap maybe",
            "unknown handicap",
        ),
        (
            "--players 3 --games 3 --seed 1 --challenge fast",
            "unknown challenge",
        ),
        (
            "--players 3 --games 3 --seed 1 --final last",
            "unknown final order",
        ),
        (
            "--players 3 --games 3 --seed 1 --bots greedy,clever",
            "unknown bot",
        ),
        (
            "--players 3 --games 3 --seed 1 --bots greedy:Z",
            "unknown skill",
        ),
        (
            "--players 2 --games 3 --seed 1 --bots greedy,greedy,greedy",
            "3 bots for 2 players",
        ),
        (
            "--players 2 --games 3 --seed 1 --verbose",
            "unknown argument",
        ),
        ("--players 2 --games 3 --seed", "--seed needs a value"),
    ] {
        let err = run(args).expect_err(args);
        assert!(err.contains(reason), "{args}: {err}");
    }
}

#[test]
fn usage_states_the_issue_command_line() {
    assert!(cli::USAGE.starts_with(
        "usage: defi --players N --games G --seed S [--handicap on|off] \
         [--challenge regular|shortened|express] [--final increasing|status-quo] [--teams] \
         [--bots greedy,blocking,search,...]"
    ));
}

#[test]
fn help_prints_the_usage_and_the_options() {
    let args = vec!["--help".to_owned()];
    let err = cli::run(&args, &mut Vec::new(), false).unwrap_err();
    let CliError::Help(text) = err else {
        panic!("--help is not an error: {err:?}")
    };
    assert!(text.starts_with(cli::USAGE));
    for option in [
        "--players",
        "--games",
        "--seed",
        "--bots",
        "--record",
        "--help",
    ] {
        assert!(text.contains(option), "{option}");
    }
    let short = cli::parse(&["-h".to_owned()]).unwrap_err();
    assert!(matches!(short, CliError::Help(_)));
}
