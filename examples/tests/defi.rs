//! The `defi` example's command-line contract (see the docs of `examples::defi`), checked on
//! the examples library's code.

use defi_sudoku::bot::Strategy;
use defi_sudoku::simulate::{BotSpec, GameResult, HandicapTrial, Simulation, Stats};
use examples::cli::CliError;
use examples::defi as cli;

fn run(args: &str) -> Result<String, String> {
    run_with_stdin(args, "")
}

/// Runs the command line with `stdin` as the process's standard input.
fn run_with_stdin(args: &str, stdin: &str) -> Result<String, String> {
    let args: Vec<String> = args.split_whitespace().map(str::to_owned).collect();
    let mut out = Vec::new();
    match cli::run_with_input(&args, &mut stdin.as_bytes(), &mut out, false) {
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
                    late: vec![],
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
        // Every bad combination is refused with one line that says why.
        (
            "--players 2 --games 0 --seed 1",
            "--games must be at least 1",
        ),
        (
            "--players 0 --games 3 --seed 1",
            "--players: a game takes 2 to 5 players, not 0",
        ),
        (
            "--players 0 --games 3 --seed 1 --bots greedy,search",
            "--players: a game takes 2 to 5 players, not 0",
        ),
        (
            "--players 6 --games 3 --seed 1",
            "--players: a game takes 2 to 5 players, not 6",
        ),
        (
            "--players 2 --games 3 --seed 1 --record",
            "--record prints one game, not 3",
        ),
        (
            "--players 2 --seed 1 --record --json",
            "--record prints the game as JSON already",
        ),
        (
            "--players 5 --games 3 --seed 1 --teams",
            "--teams: two against two needs 4 players, not 5",
        ),
        (
            "--players 2 --games 3 --seed 1 --chrono 0",
            "--chrono must be above 0",
        ),
        (
            "--players 2 --games 3 --seed 1 --chrono -5",
            "--chrono must be above 0",
        ),
        (
            "--players 2 --games 3 --seed 1 --chrono 1e9",
            "at most 86400 seconds",
        ),
        (
            "--players 2 --games 3 --seed 1 --chrono 0.0001",
            "at least a millisecond",
        ),
        (
            "--players 2 --games 3 --seed 1 --chrono soon",
            "--chrono: not a number",
        ),
        (
            "--players 2 --games 3 --seed 1 --chrono",
            "--chrono needs a value",
        ),
        (
            "--players 2 --games 3 --seed 1 --handicap 0,5",
            "unknown handicap \"0,5\" (expected one of: on, off, balanced)",
        ),
        (
            "--players 2 --games 3 --seed 1 --bots greedy@0",
            "unknown speed \"0\"",
        ),
        (
            "--explain game.json --players 2",
            "--explain takes no other option (given --players)",
        ),
        (
            "--seed 4 --explain game.json",
            "--explain takes no other option (given --seed)",
        ),
        ("--explain", "--explain needs a value"),
        (
            "--players 2 --games 3 --seed 1 --json=yes",
            "--json takes no value",
        ),
    ] {
        let err = run(args).expect_err(args);
        assert!(err.contains(reason), "{args}: {err}");
        assert_eq!(err.lines().count(), 1, "{args}: one line: {err}");
    }
}

#[test]
fn the_usage_line_follows_every_refusal_on_stderr() {
    let args: Vec<String> = ["--players", "2", "--games", "0", "--seed", "1"]
        .map(str::to_owned)
        .to_vec();
    // `main` adds the usage line to the one line of the reason (stderr, exit status 2).
    let err = cli::main(&args).unwrap_err();
    assert!(matches!(err, CliError::Usage(_)));
    assert_eq!(err.exit_code(), std::process::ExitCode::from(2));
    assert_eq!(
        err.to_string(),
        format!("--games must be at least 1\n{}", cli::USAGE)
    );
}

#[test]
fn handicap_balanced_plays_only_the_balanced_table() {
    let text = run("--players 2 --games 4 --seed 5 --handicap balanced").unwrap();
    assert!(text.contains("\nhandicap balanced\n"));
    assert!(!text.contains("\nhandicap on\n") && !text.contains("\nhandicap off\n"));
    let points = defi_sudoku::balanced::points(2, defi_sudoku::Challenge::Regular, false).unwrap();
    assert!(text.contains(&format!(
        "\nfirst-round points: {}, {}\n",
        points[0], points[1]
    )));
    assert_eq!(rows(&text).len(), 2);
    // One setting: no verdict line.
    assert!(!text.contains("the seed's handicap"));
    // The rules' handicap shows its points too.
    let on = run("--players 3 --games 2 --seed 5 --handicap on").unwrap();
    assert!(on.contains("\nhandicap on\nfirst-round points: 0, 4, 6\n"));
}

#[test]
fn json_summary_has_games_players_and_every_setting_played() {
    let text = run("--players 3 --games 5 --seed 8 --json").unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(json["games"], 5);
    assert_eq!(json["players"], 3);
    assert_eq!(json["seed"], 8);
    assert_eq!(json["options"]["challenge"], "regular");
    assert_eq!(json["options"]["chrono_s"], serde_json::Value::Null);
    let settings = json["settings"].as_object().unwrap();
    let mut keys: Vec<&String> = settings.keys().collect();
    keys.sort();
    assert_eq!(keys, ["off", "on"]);
    // The same figures as the library's, seat by seat.
    let bots = vec![BotSpec::new(Strategy::Blocking); 3];
    let trial = Simulation::new(defi_sudoku::Options::default(), bots, 5, 8)
        .unwrap()
        .handicap_trial();
    for (key, stats, points) in [
        ("on", &trial.with, [0, 4, 6]),
        ("off", &trial.without, [0, 0, 0]),
    ] {
        let seats = settings[key].as_array().unwrap();
        assert_eq!(seats.len(), 3);
        let mut total = 0.0;
        for (seat, value) in seats.iter().enumerate() {
            assert_eq!(value["bot"], "blocking:B");
            assert_eq!(value["handicap"], points[seat]);
            let rate = value["win_rate"].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&rate));
            assert!((rate - stats.win_rate(seat)).abs() < 1e-12);
            assert!((value["mean_score"].as_f64().unwrap() - stats.mean_score(seat)).abs() < 1e-9);
            total += rate;
        }
        assert!((total - 1.0).abs() < 1e-9, "ties shared: {total}");
    }
    // One setting asked: only that key.
    let text =
        run("--players 2 --games 2 --seed 8 --json --handicap balanced --chrono 40").unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    let keys: Vec<&String> = json["settings"].as_object().unwrap().keys().collect();
    assert_eq!(keys, ["balanced"]);
    assert_eq!(json["options"]["chrono_s"], 40.0);
}

#[test]
fn the_chrono_is_played_shown_and_recorded() {
    let text = run("--players 2 --games 4 --seed 6 --chrono 12 --handicap off").unwrap();
    assert!(
        text.contains(
            "options: challenge regular, final increasing, teams off, chrono 12 s per turn"
        )
    );
    assert!(text.contains("seat  bot          win rate  mean score  late/game"));
    // Without the chrono: "chrono off" and no late column.
    let plain = run("--players 2 --games 4 --seed 6 --handicap off").unwrap();
    assert!(plain.contains("teams off, chrono off"));
    assert!(!plain.contains("late/game"));
    // A tight limit makes entries late and costs points (the same puzzles and bots).
    let score = |text: &str| -> f64 { rows(text).iter().map(|r| r.1).sum() };
    let tight = run("--players 2 --games 4 --seed 6 --chrono 4 --handicap off").unwrap();
    assert!(score(&tight) < score(&plain), "{tight}\n{plain}");
    // The record keeps each entry's time and whether it was late, and replays.
    let record = run("--players 2 --seed 6 --record --chrono 6 --bots greedy@50,search").unwrap();
    let json: serde_json::Value = serde_json::from_str(&record).unwrap();
    assert_eq!(json["options"]["chrono"]["with"]["limit"], 6000);
    let entries: Vec<&serde_json::Value> = json["turns"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["entries"].as_array().unwrap())
        .collect();
    assert!(
        entries
            .iter()
            .all(|e| e["elapsed_ms"].as_u64().unwrap() > 0)
    );
    // The slow greedy bot (half speed: 10 s for a naked single) is late at least once.
    assert!(entries.iter().any(|e| e["late"] == true));
    let replayed: defi_sudoku::Record = serde_json::from_str(&record).unwrap();
    replayed.replay().unwrap();
}

#[test]
fn explain_prints_why_every_entry_is_right_or_wrong() {
    let record = run("--players 2 --seed 3 --record --bots greedy:A1").unwrap();
    let game = serde_json::from_str::<defi_sudoku::Record>(&record)
        .unwrap()
        .replay()
        .unwrap();
    let path = std::env::temp_dir().join(format!("defi-explain-{}.json", std::process::id()));
    std::fs::write(&path, &record).unwrap();
    let text = run(&format!("--explain {}", path.display())).unwrap();
    std::fs::remove_file(&path).unwrap();
    // From stdin: the same.
    assert_eq!(run_with_stdin("--explain -", &record).unwrap(), text);
    let mut lines = text.lines();
    assert_eq!(
        lines.next().unwrap(),
        "record: 2 players (Player 1, Player 2); options: challenge regular, handicap on, \
         final increasing, teams off, chrono off"
    );
    // Every entry has its line, then its explanation (the library's, indented).
    let mut entries = 0;
    for (t, turn) in game.turns().iter().enumerate() {
        for (e, entry) in turn.entries.iter().enumerate() {
            let cell = entry.cell.display(defi_sudoku::sudoku_core::Shape::CLASSIC);
            let solution = game.puzzle().solution().get(entry.cell.index());
            let line = if entry.correct {
                format!("  {cell} = {}: right, {} points", entry.value, entry.value)
            } else {
                format!(
                    "  {cell} = {}: wrong (it is {solution}), no points",
                    entry.value
                )
            };
            let why = game.explain_entry(t, e).unwrap().to_string();
            let block: String = why
                .lines()
                .enumerate()
                .map(|(i, l)| format!("\n{}{l}", if i == 0 { "    " } else { "      " }))
                .collect();
            assert!(text.contains(&format!("{line}{block}\n")), "{line}{block}");
            entries += 1;
        }
    }
    assert_eq!(entries, game.puzzle().empty_cells());
    // Bots mastering only naked singles guess, and some guesses are wrong.
    assert!(text.contains(": wrong (it is "));
    assert!(text.contains("turn 1, round 1, Player 1: "));
    assert!(text.contains("turn 2, round 1, Player 2: handicap +4,"));
    let totals = game.totals();
    assert!(text.contains(&format!(
        "\nscores: Player 1 {}, Player 2 {}\n",
        totals[0], totals[1]
    )));
    assert!(text.ends_with(&format!(
        "winners: {}\n",
        game.leaders()
            .iter()
            .map(|&p| format!("Player {}", p + 1))
            .collect::<Vec<_>>()
            .join(", ")
    )));
}

#[test]
fn explain_refuses_what_is_not_a_record_that_replays() {
    let fails = |args: &str, stdin: &str| {
        let args: Vec<String> = args.split_whitespace().map(str::to_owned).collect();
        match cli::run_with_input(&args, &mut stdin.as_bytes(), &mut Vec::new(), false) {
            Err(CliError::Failed(message)) => message,
            other => panic!("{args:?}: {other:?}"),
        }
    };
    assert!(fails("--explain /no/such/file.json", "").starts_with("/no/such/file.json: "));
    assert!(fails("--explain -", "{").starts_with("stdin: not a game record: "));
    // A record whose scores were edited does not replay.
    let record = run("--players 2 --seed 3 --record").unwrap();
    let mut json: serde_json::Value = serde_json::from_str(&record).unwrap();
    json["scores"][0] = serde_json::json!(999);
    let edited = serde_json::to_string(&json).unwrap();
    assert!(fails("--explain -", &edited).starts_with("stdin: the record does not replay: "),);
}

#[test]
fn usage_states_the_issue_command_line() {
    // The original line is kept as the start; the new options come at its end.
    assert!(cli::USAGE.starts_with(
        "usage: defi --players N --games G --seed S [--handicap on|off] \
         [--challenge regular|shortened|express] [--final increasing|status-quo] [--teams] \
         [--bots greedy,blocking,search,...] [--record]"
    ));
    assert!(cli::USAGE.contains(
        "[--record] [--handicap balanced] [--chrono SECONDS] [--json] [--timeout SECONDS] \
         | defi --explain FILE|- [--timeout SECONDS]"
    ));
    assert!(cli::USAGE.ends_with(
        "| defi --ladder --bots B,B[,...] [--players N] [--games G] [--seed S] [--anchor B] \
         [--handicap on|off|balanced] [--json] [--timeout SECONDS]"
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
        "--handicap",
        "--challenge",
        "--final",
        "--teams",
        "--bots",
        "--chrono",
        "--record",
        "--json",
        "--explain",
        "--help",
    ] {
        assert!(text.contains(option), "{option}");
    }
    let short = cli::parse(&["-h".to_owned()]).unwrap_err();
    assert!(matches!(short, CliError::Help(_)));
}

/// Runs a command line that must end unanswered (exit status 3): its one line.
fn unanswered(args: &str, stdin: &str) -> String {
    let args: Vec<String> = args.split_whitespace().map(str::to_owned).collect();
    let mut out = Vec::new();
    match cli::run_with_input(&args, &mut stdin.as_bytes(), &mut out, false) {
        Err(e @ CliError::Unanswered(_)) => {
            assert_eq!(e.exit_code(), std::process::ExitCode::from(3));
            assert!(out.is_empty(), "{args:?}: nothing on stdout");
            let line = e.to_string();
            assert_eq!(line.lines().count(), 1, "{args:?}: one line: {line}");
            line
        }
        other => panic!("{args:?}: {other:?}"),
    }
}

#[test]
fn a_task_over_its_timeout_exits_with_status_3_and_one_line() {
    // A million games cannot be played in 50 ms: the run stops within a bot decision.
    let started = std::time::Instant::now();
    let line = unanswered("--players 3 --games 1000000 --seed 1 --timeout 0.05", "");
    assert!(
        line.starts_with(
            "timeout: the simulation (games, handicap on) went over the time limit of 0.05 s ("
        ) && line.ends_with(" of 1000000 games played)"),
        "{line}"
    );
    assert!(
        started.elapsed().as_secs_f64() < 5.0,
        "{:?}",
        started.elapsed()
    );
    // With --json and a single setting alike.
    let line = unanswered(
        "--players 2 --games 1000000 --seed 1 --json --handicap balanced --timeout 0.05",
        "",
    );
    assert!(line.contains("(games, handicap balanced)"), "{line}");
    // --explain: replaying and explaining a record takes more than a microsecond.
    let record = run("--players 2 --seed 3 --record").unwrap();
    let line = unanswered("--explain - --timeout 0.000001", &record);
    assert!(
        line.starts_with("timeout: explaining the record went over the time limit of 1e-6 s (")
            || line.starts_with(
                "timeout: explaining the record went over the time limit of 0.000001 s ("
            ),
        "{line}"
    );
}

#[test]
fn timeout_0_or_a_generous_one_changes_nothing() {
    let plain = run("--players 3 --games 6 --seed 4").unwrap();
    assert_eq!(
        run("--players 3 --games 6 --seed 4 --timeout 0").unwrap(),
        plain
    );
    assert_eq!(
        run("--players 3 --games 6 --seed 4 --timeout 600").unwrap(),
        plain
    );
    let record = run("--players 2 --seed 3 --record").unwrap();
    assert_eq!(
        run("--players 2 --seed 3 --record --timeout 600").unwrap(),
        record
    );
    let explained = run_with_stdin("--explain -", &record).unwrap();
    assert_eq!(
        run_with_stdin("--explain - --timeout 600", &record).unwrap(),
        explained
    );
    for bad in ["x", "-1", "inf"] {
        let err = run(&format!("--players 3 --games 6 --seed 4 --timeout {bad}")).unwrap_err();
        assert!(err.starts_with("--timeout "), "{err}");
        assert_eq!(err.lines().count(), 1);
    }
}

#[test]
fn a_record_over_the_size_limit_is_refused_before_it_is_parsed() {
    let limit = defi_sudoku::Record::MAX_TEXT_LEN;
    let record = run("--players 2 --seed 3 --record").unwrap();
    // The same record padded with spaces past the limit: refused by its size.
    let padded = format!("{record}{}", " ".repeat(limit + 1 - record.len()));
    let args = vec!["--explain".to_owned(), "-".to_owned()];
    let err =
        cli::run_with_input(&args, &mut padded.as_bytes(), &mut Vec::new(), false).unwrap_err();
    assert!(
        matches!(&err, CliError::Failed(m) if m == &format!(
            "stdin: a record has at most {limit} bytes; this one has more"
        )),
        "{err:?}"
    );
    // At the limit exactly, it is read.
    let at_limit = &padded[..limit];
    assert!(run_with_stdin("--explain -", at_limit).is_ok());
}

#[test]
fn explain_escapes_player_names_from_the_record() {
    let record = run("--players 2 --seed 3 --record --bots greedy:A1").unwrap();
    assert!(record.contains("\"Player 1\""));
    let forged = record.replace(
        "\"Player 1\"",
        r#""\u001b]0;owned\u0007\u001b[2J\r\nturn 99, round 1, forged: 1000 points""#,
    );
    let text = run_with_stdin("--explain -", &forged).unwrap();
    assert!(!text.chars().any(|c| c.is_control() && c != '\n'), "{text}");
    assert!(!text.lines().any(|l| l.starts_with("turn 99")), "{text}");
    assert!(
        text.contains(r"\u{1b}]0;owned\u{7}\u{1b}[2J\r\nturn 99, round 1, forged: 1000 points")
    );
}

#[test]
fn the_ladder_rates_bots_by_rotated_seats() {
    let text = run("--ladder --bots greedy,blocking --players 3 --games 12 --seed 4").unwrap();
    assert!(
        text.starts_with("Défi Sudoku ladder: 12 games of 3 players, seed 4"),
        "{text}"
    );
    assert!(text.contains("greedy:B vs 2 blocking:B"), "{text}");
    assert!(text.contains("blocking:B vs 2 greedy:B"), "{text}");
    // Two ratings around 1500, best first.
    let ratings: Vec<f64> = text
        .lines()
        .filter(|l| {
            !l.contains(" vs ") && (l.starts_with("greedy:B ") || l.starts_with("blocking:B "))
        })
        .map(|l| l.split_whitespace().nth(1).unwrap().parse().unwrap())
        .collect();
    assert_eq!(ratings.len(), 2, "{text}");
    assert!(ratings[0] >= ratings[1]);
    assert!(
        ((ratings[0] + ratings[1]) / 2.0 - 1500.0).abs() < 1.0,
        "{text}"
    );
    // The same seed gives the same figures; the JSON has every table and bot.
    assert_eq!(
        run("--ladder --bots greedy,blocking --players 3 --games 12 --seed 4")
            .unwrap()
            .lines()
            .take(5)
            .collect::<Vec<_>>(),
        text.lines().take(5).collect::<Vec<_>>()
    );
    let json: serde_json::Value = serde_json::from_str(
        &run("--ladder --bots greedy,blocking,search --anchor greedy --games 6 --seed 4 --json")
            .unwrap(),
    )
    .unwrap();
    assert_eq!(json["tables"].as_array().unwrap().len(), 2);
    assert_eq!(json["bots"].as_array().unwrap().len(), 3);
    assert_eq!(json["tables"][0]["field"], "greedy:B");
    for t in json["tables"].as_array().unwrap() {
        assert_eq!(t["games"], 3);
        let won = t["won"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&won));
    }
}

#[test]
fn the_ladders_seats_turn_with_the_games() {
    let args: Vec<String> = "--ladder --bots greedy,blocking --players 4"
        .split_whitespace()
        .map(str::to_owned)
        .collect();
    let cli::Command::Ladder(l) = cli::parse(&args).unwrap() else {
        panic!("a ladder")
    };
    let seats: Vec<((usize, usize), usize)> = (0..8).map(|i| cli::ladder::seating(&l, i)).collect();
    assert_eq!(
        seats,
        [
            ((0, 1), 0),
            ((1, 0), 0),
            ((0, 1), 1),
            ((1, 0), 1),
            ((0, 1), 2),
            ((1, 0), 2),
            ((0, 1), 3),
            ((1, 0), 3)
        ]
    );
}

#[test]
fn bad_ladder_command_lines_say_what() {
    let err = |args: &str| run(args).unwrap_err();
    assert!(err("--ladder --bots greedy").contains("two bots at least"));
    assert!(err("--ladder --bots greedy,greedy").contains("greedy:B given twice"));
    assert!(err("--ladder --bots greedy,blocking --anchor search").contains("not among --bots"));
    assert!(err("--ladder --bots greedy,blocking --players 6").contains("2 to 5 players"));
    assert!(err("--ladder --bots greedy,blocking --games 0").contains("at least 1"));
    assert!(err("--ladder --bots greedy,blocking --record").contains("with --ladder"));
}
