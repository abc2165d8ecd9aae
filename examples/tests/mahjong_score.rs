//! The command-line contract of `mahjong_score`, checked on the examples library's code.

use examples::cli::CliError;
use examples::mahjong_score::{USAGE, run};

fn out(args: &[&str]) -> Result<String, String> {
    run(&strings(args)).map_err(|e| e.to_string())
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| s.to_string()).collect()
}

#[test]
fn winning_hand_itemised_with_totals_last() {
    let text = out(&[
        "--seat",
        "S",
        "--dominant",
        "W",
        "--win",
        "5z",
        "234m 678m 999p 55z [777z] 2f",
    ])
    .unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines.contains(&"triplet of terminals 999p: 8 points"),
        "{text}"
    );
    assert!(
        lines.contains(&"triplet or kong of dragons [777z]: 1 double"),
        "{text}"
    );
    assert!(lines.contains(&"pair of dragons [55z]: 0 points"), "{text}");
    assert_eq!(*lines.last().unwrap(), "points 36 doubles 2 score 144");
}

#[test]
fn flags_change_the_score() {
    let base = ["--seat", "S", "--dominant", "W", "--win", "5m"];
    let hand = "123m 456p 789s 111z 55m";
    let last = |extra: &[&str]| {
        let mut a: Vec<&str> = base.to_vec();
        a.extend_from_slice(extra);
        a.push(hand);
        out(&a).unwrap().lines().last().unwrap().to_string()
    };
    assert_eq!(last(&[]), "points 28 doubles 0 score 28");
    assert_eq!(last(&["--self-drawn"]), "points 30 doubles 0 score 30");
    assert_eq!(
        last(&["--self-drawn", "--last-wall-tile"]),
        "points 30 doubles 1 score 60"
    );
    assert_eq!(last(&["--last-discard"]), "points 28 doubles 1 score 56");
    assert_eq!(last(&["--calling"]), "points 28 doubles 1 score 56");
    assert_eq!(last(&["--round", "E"]), "points 28 doubles 1 score 56");
}

#[test]
fn table_switches_the_non_classical_lines() {
    let args = [
        "--seat",
        "S",
        "--dominant",
        "W",
        "--win",
        "5m",
        "--self-drawn",
    ];
    let hand = "123m 456p 789s 111z 55m";
    let with = |table: Option<&str>| {
        let mut a: Vec<&str> = args.to_vec();
        if let Some(t) = table {
            a.extend(["--table", t]);
        }
        a.push(hand);
        out(&a).unwrap()
    };
    let classical = with(None);
    assert_eq!(classical, with(Some("classical")));
    assert!(!classical.contains("fully concealed hand"), "{classical}");
    assert_eq!(
        classical.lines().last(),
        Some("points 30 doubles 0 score 30")
    );
    let seed = with(Some("seed"));
    assert!(
        seed.lines().any(|l| l == "fully concealed hand: 1 double"),
        "{seed}"
    );
    assert_eq!(seed.lines().last(), Some("points 30 doubles 1 score 60"));
    assert!(
        out(&["--table", "pink", hand])
            .unwrap_err()
            .contains("expected classical or seed")
    );
}

#[test]
fn robbing_kong_and_east_doubling() {
    let text = out(&["--win", "2m", "--robbing-kong", "123m 456p 789s 111z 55m"]).unwrap();
    // East seat and dominant by default: 111z gives two doubles, plus robbing a kong.
    assert!(text.contains("East: score doubled (simple system)"));
    assert_eq!(
        text.lines().last().unwrap(),
        "points 28 doubles 3 score 448"
    );
}

#[test]
fn system_advanced_does_not_double_east() {
    let hand = "123m 456p 789s 111z 55m";
    let args = |system: Option<&str>| {
        let mut a = vec!["--win", "2m", "--robbing-kong"];
        if let Some(s) = system {
            a.extend(["--system", s]);
        }
        a.push(hand);
        out(&a).unwrap()
    };
    assert_eq!(args(None), args(Some("simple")));
    let advanced = args(Some("advanced"));
    assert!(!advanced.contains("East: score doubled"), "{advanced}");
    assert_eq!(
        advanced.lines().last().unwrap(),
        "points 28 doubles 3 score 224"
    );
    let e = out(&["--system", "chinese", hand]).unwrap_err();
    assert!(e.contains("expected simple or advanced"), "{e}");
}

#[test]
fn limit_hand_name_before_the_totals() {
    let text = out(&["--seat", "S", "--win", "9s", "123456789s 777z 11z"]).unwrap();
    assert_eq!(
        text.lines().last().unwrap(),
        "Grand serpent points 1400 doubles 0 score 1400"
    );
}

#[test]
fn losing_hand_without_win() {
    let text = out(&["--seat", "W", "--dominant", "S", "1112m 456p 799s 135z 3f"]).unwrap();
    assert_eq!(text.lines().last().unwrap(), "points 12 doubles 1 score 24");
}

#[test]
fn errors() {
    assert!(out(&[]).unwrap_err().contains("no HAND"));
    assert!(
        out(&["--seat"])
            .unwrap_err()
            .contains("--seat needs a value")
    );
    assert!(
        out(&["--seat", "X", "123m"])
            .unwrap_err()
            .contains("unknown wind")
    );
    assert!(
        out(&["--bogus", "123m"])
            .unwrap_err()
            .contains("unknown option")
    );
    assert!(
        out(&["--self-drawn", "123m 456p 789s 111z 5m"])
            .unwrap_err()
            .contains("need --win")
    );
    let e = out(&["--win", "1m", "124m 456p 789s 111z 55m"]).unwrap_err();
    assert!(e.contains("not a Mah-jong"), "{e}");
    let e = out(&["123m [456p"]).unwrap_err();
    assert!(e.contains("never closed"), "{e}");
    assert!(out(&["123m", "456p"]).unwrap_err().contains("one argument"));
}

#[test]
fn help_prints_the_usage() {
    for flag in ["--help", "-h"] {
        match run(&strings(&[flag])) {
            Err(e @ CliError::Help(_)) => {
                assert_eq!(e.to_string(), USAGE);
                assert_eq!(e.exit_code(), std::process::ExitCode::SUCCESS);
            }
            other => panic!("{flag}: {other:?}"),
        }
    }
    assert!(USAGE.starts_with("usage: mahjong_score "));
}

#[test]
fn errors_are_usage_errors_with_exit_status_2() {
    for args in [
        &["--bogus", "123m"][..],
        &["--win", "1m", "124m 456p 789s 111z 55m"],
    ] {
        let e = run(&strings(args)).unwrap_err();
        assert!(matches!(e, CliError::Usage(_)), "{e:?}");
        assert_eq!(e.exit_code(), std::process::ExitCode::from(2));
    }
    let e = out(&["--calling=yes", "123m"]).unwrap_err();
    assert!(e.contains("takes no value"), "{e}");
}

#[test]
fn long_arguments_are_quoted_in_part() {
    // A 131 KB hand, wind, tile, table or option: each message quotes 40 characters and the
    // length, never the whole argument.
    let huge = "1m".repeat(65_536);
    let bad_hand = format!("{huge}x");
    let cases: [Vec<String>; 7] = [
        vec![huge.clone()],
        vec![bad_hand.clone()],
        vec!["--seat".into(), huge.clone(), "123m".into()],
        vec!["--win".into(), huge.clone(), "123m".into()],
        vec!["--table".into(), huge.clone(), "123m".into()],
        vec!["--system".into(), huge.clone(), "123m".into()],
        vec![format!("--{huge}"), "123m".into()],
    ];
    for args in cases {
        let e = run(&args).unwrap_err().to_string();
        assert!(
            e.len() < 300,
            "{} bytes: {}",
            e.len(),
            &e[..300.min(e.len())]
        );
        assert!(e.contains("characters)"), "{e}");
    }
    // A hand over the notation's limit is refused as such, with its length.
    let e = run(&[bad_hand]).unwrap_err().to_string();
    assert!(e.starts_with("hand \"1m1m1m"), "{e}");
    assert!(e.contains("(131073 characters)"), "{e}");
    assert!(
        e.ends_with("a hand's text of 131073 bytes is too long: at most 1024 bytes are read"),
        "{e}"
    );
    // Under the limit, the hand's own error still says what is wrong, and where.
    let e = run(&[format!("{}x", "1m".repeat(300))])
        .unwrap_err()
        .to_string();
    assert!(e.contains("(601 characters)"), "{e}");
    assert!(
        e.ends_with("unexpected character 'x' at position 600"),
        "{e}"
    );
    let e = run(&["1m".repeat(500)]).unwrap_err().to_string();
    assert!(e.ends_with("500 copies of 1m: a set holds only 4"), "{e}");
}

/// Every hand of 200 seeded game records (of `mahjong_game`, over the option sets), scored
/// again from outside by `mahjong_score` with what the record says (seat, dominant and round
/// winds, calling hand, the win or `--draw`): the score the engine gave, exactly.
#[test]
fn every_hand_of_200_records_scores_as_the_engine_scored_it() {
    use examples::mahjong_game;
    use mahjong_tiles::Wind;

    let mut hands = 0;
    let mut drawn = 0;
    for seed in 0..200u64 {
        let bots = ["random", "efficient", "scorer"][(seed % 3) as usize];
        let system = if seed % 2 == 0 { "advanced" } else { "simple" };
        let on = |bit: u64| if (seed >> bit) & 1 == 1 { "on" } else { "off" };
        let args: Vec<String> = [
            "--seed",
            &seed.to_string(),
            "--rounds",
            "4",
            "--bots",
            bots,
            "--system",
            system,
            "--calling",
            on(1),
            "--round-wind",
            on(2),
            "--discards",
            if (seed >> 3) & 1 == 1 {
                "japanese"
            } else {
                "chinese"
            },
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        let options = mahjong_game::parse_args(&args).unwrap();
        let (game, _) = mahjong_game::play_one(&options, 0).unwrap();
        for round in game.rounds() {
            let outcome = round.outcome.as_ref().unwrap();
            for w in Wind::ALL {
                let mut a: Vec<String> = vec![
                    "--seat".into(),
                    w.letter().to_string(),
                    "--dominant".into(),
                    round.dominant.letter().to_string(),
                    "--system".into(),
                    system.into(),
                ];
                if let Some(r) = round.round_wind {
                    a.extend(["--round".into(), r.letter().to_string()]);
                }
                if outcome.calling.contains(&w) {
                    a.push("--calling".into());
                }
                match (outcome.winner, outcome.win) {
                    (Some(x), Some(win)) if x == w => {
                        a.extend(["--win".into(), win.tile.to_string()]);
                        for (on, flag) in [
                            (win.self_drawn, "--self-drawn"),
                            (win.last_wall_tile, "--last-wall-tile"),
                            (win.last_discard, "--last-discard"),
                            (win.robbing_kong, "--robbing-kong"),
                        ] {
                            if on {
                                a.push(flag.into());
                            }
                        }
                    }
                    (Some(_), _) => {}
                    (None, _) => {
                        a.push("--draw".into());
                        drawn += 1;
                    }
                }
                a.push(outcome.hands[w].to_string());
                let text = run(&a).unwrap_or_else(|e| panic!("seed {seed} {a:?}: {e}"));
                let last = text.lines().last().unwrap();
                let total: u64 = last.rsplit(' ').next().unwrap().parse().unwrap();
                assert_eq!(total, outcome.scores[w].total, "seed {seed} {a:?}\n{text}");
                hands += 1;
            }
        }
    }
    assert_eq!(hands, 200 * 4 * 4);
    assert!(drawn > 100, "{drawn}");
}
