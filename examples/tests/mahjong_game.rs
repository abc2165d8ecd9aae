//! The command-line contract of `mahjong_game`, checked on the examples library's code.

use examples::cli::{CliError, Progress};
use examples::mahjong_game::{Options, USAGE, parse_args, play_one, run_with};
use examples::{mahjong_pay, mahjong_score};
use serde_json::Value;

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

fn run(args: &[&str]) -> Result<String, CliError> {
    run_with(&strings(args), |n| {
        Progress::with_display(n as usize, "games", false)
    })
}

fn json(args: &[&str]) -> Value {
    serde_json::from_str(&run(args).unwrap()).unwrap()
}

/// Small games with quick bots, for the tests.
const QUICK: [&str; 6] = ["--rounds", "4", "--bots", "random", "--seed", "3"];

fn with(extra: &[&str]) -> Vec<&'static str> {
    let mut v: Vec<&'static str> = QUICK.to_vec();
    for e in extra {
        v.push(Box::leak(e.to_string().into_boxed_str()));
    }
    v
}

#[test]
fn default_summary_is_readable() {
    let text = run(&with(&["--games", "3"])).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines[0].starts_with("3 games, 12 rounds (4 per game); simple system"),
        "{text}"
    );
    assert!(lines[1].starts_with("seat  bot"), "{text}");
    for (i, w) in ["E", "S", "W", "N"].iter().enumerate() {
        assert!(
            lines[2 + i].starts_with(&format!("{w}     random")),
            "{text}"
        );
    }
    assert!(lines[6].starts_with("draws: "), "{text}");
    assert!(lines[7].starts_with("East's advantage: "), "{text}");
    assert!(lines[8].starts_with("hands won ("), "{text}");
    assert!(lines.last().unwrap().contains("rounds/s on"), "{text}");
}

#[test]
fn json_summary_keys() {
    let v = json(&with(&["--games", "4", "--json", "--system", "advanced"]));
    assert_eq!(v["games"], 4);
    assert_eq!(v["rounds"], 16);
    assert!(v["draws"].is_u64());
    assert!(v["rounds_per_s"].is_number());
    let seats = v["seats"].as_array().unwrap();
    assert_eq!(seats.len(), 4);
    let mut wins = 0;
    let mut net = 0.0;
    for s in seats {
        assert_eq!(s["bot"], "random");
        wins += s["wins"].as_u64().unwrap();
        net += s["mean_net"].as_f64().unwrap();
    }
    assert_eq!(wins + v["draws"].as_u64().unwrap(), 16);
    // The advanced system's payments sum to zero.
    assert!(net.abs() < 1e-6, "{net}");
    assert!(v["hands"].is_object());
    for key in ["draw_rate", "east", "threads", "seed"] {
        assert!(v.get(key).is_some(), "{key}");
    }
    // The same seeds play the same games.
    let again = json(&with(&["--games", "4", "--json", "--system", "advanced"]));
    assert_eq!(again["seats"], v["seats"]);
    assert_eq!(again["hands"], v["hands"]);
}

fn opts(args: &[&str]) -> Options {
    parse_args(&strings(args)).unwrap()
}

#[test]
fn record_keys_and_checks_from_outside() {
    for system in ["simple", "advanced"] {
        let v = json(&with(&[
            "--record",
            "--system",
            system,
            "--round-wind",
            "on",
        ]));
        for key in ["seed", "options", "players", "totals", "rounds"] {
            assert!(v.get(key).is_some(), "{key}");
        }
        assert_eq!(v["players"].as_array().unwrap().len(), 4);
        let rounds = v["rounds"].as_array().unwrap();
        assert_eq!(rounds.len(), 4);
        let mut totals = [0i64; 4];
        for r in rounds {
            let seats = &r["seats"];
            let mut who: Vec<u64> = ["E", "S", "W", "N"]
                .iter()
                .map(|w| seats[w].as_u64().unwrap())
                .collect();
            who.sort_unstable();
            assert_eq!(who, [0, 1, 2, 3]);
            assert!(["E", "S", "W", "N"].contains(&r["dominant"].as_str().unwrap()));
            assert!(r["round_wind"].is_string());
            assert!(!r["actions"].as_array().unwrap().is_empty());
            let o = &r["outcome"];
            for key in [
                "winner",
                "win",
                "calling",
                "hands",
                "scores",
                "payments",
                "discards",
                "live_wall_left",
                "dead_wall_left",
            ] {
                assert!(o.get(key).is_some(), "{key}");
            }
            // Every tile is accounted for.
            let mut tiles =
                o["live_wall_left"].as_u64().unwrap() + o["dead_wall_left"].as_u64().unwrap();
            tiles += o["discards"].as_array().unwrap().len() as u64;
            for w in ["E", "S", "W", "N"] {
                let hand: mahjong_rules::Hand = o["hands"][w].as_str().unwrap().parse().unwrap();
                tiles += hand
                    .to_string()
                    .chars()
                    .filter(|c| c.is_ascii_digit())
                    .count() as u64;
                // mahjong_score reads the hand and gives the same score.
                let mut args = vec![
                    "--seat".to_string(),
                    w.into(),
                    "--dominant".into(),
                    r["dominant"].as_str().unwrap().into(),
                    "--round".into(),
                    r["round_wind"].as_str().unwrap().into(),
                    "--system".into(),
                    system.into(),
                ];
                if o["winner"] == w {
                    let win = &o["win"];
                    args.extend(["--win".to_string(), win["tile"].as_str().unwrap().into()]);
                    for flag in [
                        "self_drawn",
                        "last_wall_tile",
                        "last_discard",
                        "robbing_kong",
                    ] {
                        if win[flag] == true {
                            args.push(format!("--{}", flag.replace('_', "-")));
                        }
                    }
                }
                if o["calling"].as_array().unwrap().contains(&Value::from(w)) {
                    args.push("--calling".into());
                }
                args.push(o["hands"][w].as_str().unwrap().into());
                let text = mahjong_score::run(&args).unwrap();
                let s = &o["scores"][w];
                let last = format!(
                    "points {} doubles {} score {}",
                    s["points"], s["doubles"], s["total"]
                );
                assert!(
                    text.lines().last().unwrap().ends_with(&last),
                    "{text} vs {last}"
                );
            }
            assert_eq!(tiles, 144);
            // The payments: none in the simple system; mahjong_pay settles the same in the advanced.
            let payments = o["payments"].as_array().unwrap();
            if system == "simple" {
                assert!(payments.is_empty());
            } else {
                let winner = o["winner"].as_str().unwrap_or("none").to_string();
                let mut args = vec!["--winner".to_string(), winner];
                for w in ["E", "S", "W", "N"] {
                    args.push(format!("{w}={}", o["scores"][w]["total"]));
                }
                let text = mahjong_pay::run(&args).unwrap();
                let paid: Vec<String> = payments
                    .iter()
                    .map(|p| {
                        format!(
                            "{} pays {} {}",
                            p["from"].as_str().unwrap(),
                            p["to"].as_str().unwrap(),
                            p["amount"]
                        )
                    })
                    .collect();
                let lines: Vec<&str> = text.lines().filter(|l| l.contains(" pays ")).collect();
                assert_eq!(lines, paid);
            }
            for w in ["E", "S", "W", "N"] {
                let player = seats[w].as_u64().unwrap() as usize;
                totals[player] += o["nets"][w].as_i64().unwrap();
            }
        }
        let recorded: Vec<i64> = v["totals"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t.as_i64().unwrap())
            .collect();
        assert_eq!(recorded, totals);
        // And it replays.
        let record: mahjong_rules::table::GameRecord = serde_json::from_value(v).unwrap();
        assert!(record.replay().is_ok());
    }
}

#[test]
fn a_game_of_a_run_is_its_seed_recorded() {
    let run = opts(&with(&["--games", "3"]));
    let (third, _) = play_one(&run, 2).unwrap();
    let alone = opts(&[
        "--rounds", "4", "--bots", "random", "--seed", "5", "--record",
    ]);
    let (same, _) = play_one(&alone, 0).unwrap();
    assert_eq!(third, same);
}

#[test]
fn options_reach_the_table() {
    let o = opts(&[
        "--calling",
        "on",
        "--discards",
        "japanese",
        "--round-wind",
        "on",
        "--rounds",
        "8",
        "--bots",
        "random,random,random,random",
    ]);
    assert!(o.table.calling && o.table.round_wind);
    assert_eq!(o.table.rounds, 8);
    assert_eq!(o.table.rules.discards, mahjong_rules::DiscardRule::Japanese);
    let d = opts(&[]);
    assert_eq!((d.games, d.seed, d.record, d.json), (1, 1, false, false));
    assert_eq!(d.timeout, None);
    assert_eq!(opts(&["--timeout", "0"]).timeout, None);
    assert_eq!(
        opts(&["--timeout", "1.5"]).timeout,
        Some(std::time::Duration::from_millis(1500))
    );
    assert_eq!(d.bots[0], examples::mahjong_game::default_bot());
}

#[test]
fn errors_are_usage_errors() {
    for (args, part) in [
        (&["--record", "--games", "2"][..], "--games must be 1"),
        (&["--games", "0"], "at least 1"),
        (&["--bots", "random,random"], "4 names"),
        (&["--bots", "oracle"], "unknown bot"),
        (&["--system", "fancy"], "expected simple or advanced"),
        (&["--discards", "french"], "expected chinese or japanese"),
        (&["--calling", "yes"], "expected on or off"),
        (&["--round-wind", "1"], "expected on or off"),
        (&["--games", "x"], "--games x"),
        (&["--rounds", "257"], "at most 256 rounds"),
        (&["--timeout", "-1"], "--timeout -1: a number of seconds"),
        (
            &["--timeout", "1e300"],
            "--timeout 1e300: at most 1000000000 seconds",
        ),
        (
            &["--draw-rotation", "never"],
            "--draw-rotation never: expected rotate or stay",
        ),
        (&["--timeout", "soon"], "--timeout soon"),
        (&["--bogus"], "unknown argument"),
    ] {
        let e = run(args).unwrap_err();
        assert!(matches!(e, CliError::Usage(_)), "{args:?}: {e:?}");
        assert!(e.to_string().contains(part), "{args:?}: {e}");
        assert_eq!(e.exit_code(), std::process::ExitCode::from(2));
    }
    let huge = "x".repeat(100_000);
    let e = run(&["--bots", &huge]).unwrap_err().to_string();
    assert!(e.len() < 200, "{e}");
}

#[test]
fn help_prints_the_usage() {
    for flag in ["--help", "-h"] {
        match run(&[flag]) {
            Err(e @ CliError::Help(_)) => {
                assert_eq!(e.to_string(), USAGE);
                assert_eq!(e.exit_code(), std::process::ExitCode::SUCCESS);
            }
            other => panic!("{flag}: {other:?}"),
        }
    }
    assert!(USAGE.starts_with("usage: mahjong_game --games N --seed S "));
}

/// A game that cannot finish within its limit (256 rounds between scorers, a millisecond)
/// ends the run with exit status 3 and one line naming the game, its seed and how far it
/// went; with a generous limit, or `--timeout 0`, the same games are played alike.
#[test]
fn a_game_over_its_time_limit_ends_the_run_with_status_3() {
    let long = ["--rounds", "256", "--bots", "scorer", "--seed", "7"];
    for extra in [&["--games", "2"][..], &["--record"]] {
        let mut args = long.to_vec();
        args.extend_from_slice(extra);
        args.extend_from_slice(&["--timeout", "0.001"]);
        let started = std::time::Instant::now();
        let e = run(&args).unwrap_err();
        assert!(matches!(e, CliError::Unanswered(_)), "{args:?}: {e:?}");
        assert_eq!(e.exit_code(), std::process::ExitCode::from(3));
        let line = e.to_string();
        assert!(!line.contains('\n'), "{line}");
        assert!(
            line.starts_with("game ")
                && line.contains("(seed ")
                && line.ends_with(" of 256 rounds"),
            "{line}"
        );
        assert!(
            line.contains("over the time limit of 0.001 s after "),
            "{line}"
        );
        assert!(started.elapsed() < std::time::Duration::from_secs(10));
    }
    let quick = with(&["--games", "3", "--json"]);
    let limited = {
        let mut a = quick.clone();
        a.extend_from_slice(&["--timeout", "60"]);
        a
    };
    let unlimited = {
        let mut a = quick.clone();
        a.extend_from_slice(&["--timeout", "0"]);
        a
    };
    let strip = |mut v: Value| {
        v.as_object_mut().unwrap().remove("rounds_per_s");
        v
    };
    assert_eq!(strip(json(&limited)), strip(json(&quick)));
    assert_eq!(strip(json(&unlimited)), strip(json(&quick)));
}

/// `--draw-rotation stay`: after a round nobody won the winds stay; by default they rotate.
#[test]
fn draw_rotation_keeps_or_turns_the_winds_after_a_draw() {
    use examples::mahjong_game::{parse_args, play_one};
    let mut draws = 0;
    for (rule, stays) in [("stay", true), ("rotate", false)] {
        for seed in 0..6u64 {
            let args: Vec<String> = [
                "--seed",
                &seed.to_string(),
                "--bots",
                "random",
                "--draw-rotation",
                rule,
            ]
            .iter()
            .map(|s| s.to_string())
            .collect();
            let options = parse_args(&args).unwrap();
            let (game, _) = play_one(&options, 0).unwrap();
            for pair in game.rounds().windows(2) {
                if pair[0].outcome.as_ref().unwrap().winner.is_none() {
                    draws += 1;
                    assert_eq!(pair[0].seats == pair[1].seats, stays, "{rule} seed {seed}");
                }
            }
        }
    }
    assert!(draws > 10, "{draws}");
}
