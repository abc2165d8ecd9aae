//! Records: complete, serializable, replayable.

use defi_sudoku::bot::{Bot, Strategy, play_out};
use defi_sudoku::simulate::BotSpec;
use defi_sudoku::{Challenge, FinalOrder, Game, Options, PlayError, ReplayError};
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use crate::common::{game, generated, no_handicap, play_right, play_wrong, rows};

fn bot_game(seed: u64, players: usize, options: Options) -> Game {
    let mut game = Game::with_player_count(generated(seed), players, options).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..players)
        .map(|p| BotSpec::new(Strategy::ALL[p % 3]).build())
        .collect();
    play_out(
        &mut game,
        &mut bots,
        &mut Pcg64Mcg::seed_from_u64(seed * 10),
    )
    .unwrap();
    game
}

#[test]
fn replay_equals_state() {
    let teams = Options {
        teams: true,
        ..Options::default()
    };
    for (seed, players, options) in [
        (1, 2, Options::default()),
        (2, 3, no_handicap()),
        (3, 4, teams),
        (
            4,
            5,
            Options {
                challenge: Challenge::Express,
                final_order: FinalOrder::StatusQuo,
                ..Options::default()
            },
        ),
    ] {
        let game = bot_game(seed, players, options);
        let record = game.record();
        assert_eq!(record.replay().unwrap(), game, "seed {seed}");
    }
}

#[test]
fn a_game_in_progress_replays_too() {
    let mut g = game(&rows(&[0, 4]), 3, Options::default());
    play_right(&mut g, 0);
    play_wrong(&mut g, 1);
    play_right(&mut g, 2);
    play_right(&mut g, 36);
    let replayed = g.record().replay().unwrap();
    assert_eq!(replayed, g);
    assert_eq!(replayed.to_act().first().copied(), Some(0));
    assert_eq!(replayed.digits_left(), 1);
}

#[cfg(feature = "serde")]
#[test]
fn the_json_record_has_the_keys_of_the_issue() {
    let game = bot_game(5, 3, Options::default());
    let json = serde_json::to_value(game.record()).unwrap();
    for key in [
        "puzzle", "solution", "options", "players", "turns", "scores",
    ] {
        assert!(json.get(key).is_some(), "missing {key}");
    }
    assert_eq!(json["puzzle"].as_str().unwrap().len(), 81);
    assert_eq!(json["solution"].as_str().unwrap().len(), 81);
    assert_eq!(json["players"][2], "Player 3");
    let turn = &json["turns"][0];
    for key in [
        "round",
        "player",
        "entries",
        "bonus",
        "handicap",
        "absent_bonus",
    ] {
        assert!(turn.get(key).is_some(), "missing turns[0].{key}");
    }
    let entry = &turn["entries"][0];
    for key in ["cell", "digit", "correct", "points"] {
        assert!(entry.get(key).is_some(), "missing entries[0].{key}");
    }
    assert!(entry.get("late").is_none(), "no chrono, no late flag");
    assert_eq!(json["options"]["challenge"], "regular");
    assert_eq!(json["options"]["final_order"], "increasing");
    let scores: Vec<u64> = json["scores"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    let totals: Vec<u64> = game.totals().into_iter().map(u64::from).collect();
    assert_eq!(scores, totals);
    // Back from JSON, the record replays.
    let text = serde_json::to_string(&game.record()).unwrap();
    let back: defi_sudoku::Record = serde_json::from_str(&text).unwrap();
    assert_eq!(back, game.record());
    assert_eq!(back.replay().unwrap(), game);
}

/// The keys of an object, sorted.
#[cfg(feature = "serde")]
fn keys(value: &serde_json::Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    keys
}

#[cfg(feature = "serde")]
#[test]
fn the_json_record_has_exactly_the_documented_shape() {
    let game = bot_game(8, 4, Options::default());
    let json = serde_json::to_value(game.record()).unwrap();
    // The issue's keys, plus "team_scores" and "winners".
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
    for key in ["puzzle", "solution"] {
        let text = json[key].as_str().unwrap();
        assert_eq!(text.chars().count(), 81, "{key}");
        assert!(text.chars().all(|c| c == '.' || c.is_ascii_digit()));
    }
    assert!(!json["solution"].as_str().unwrap().contains('.'));
    assert_eq!(
        keys(&json["options"]),
        ["challenge", "chrono", "final_order", "handicap", "teams"]
    );
    let players: Vec<&str> = json["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert_eq!(players, ["Player 1", "Player 2", "Player 3", "Player 4"]);
    for turn in json["turns"].as_array().unwrap() {
        // The issue's keys, plus "quota".
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
        assert!(turn["player"].as_u64().unwrap() < 4);
        for entry in turn["entries"].as_array().unwrap() {
            assert_eq!(keys(entry), ["cell", "correct", "digit", "points"]);
            assert!(entry["cell"].as_u64().unwrap() <= 80);
            assert!(entry["correct"].is_boolean());
        }
    }
    assert_eq!(json["scores"].as_array().unwrap().len(), 4);
    assert!(json["team_scores"].is_null());
    assert!(json["winners"].is_array());
}

#[cfg(feature = "serde")]
#[test]
fn a_game_serializes_as_its_record_and_reads_back_by_replay() {
    // A game in progress, with the chrono: the state comes back exactly.
    let options = Options {
        chrono: defi_sudoku::Chrono::With {
            limit: core::time::Duration::from_secs(20),
        },
        ..Options::default()
    };
    let mut g = game(&rows(&[0, 4]), 3, options);
    play_right(&mut g, 0);
    play_wrong(&mut g, 1);
    g.play_timed(
        defi_sudoku::Entry::new(2, defi_sudoku::sudoku_core::Cell::new(2), 3),
        core::time::Duration::from_secs(25),
    )
    .unwrap();
    let text = serde_json::to_string(&g).unwrap();
    assert_eq!(text, serde_json::to_string(&g.record()).unwrap());
    let back: Game = serde_json::from_str(&text).unwrap();
    assert_eq!(back, g);
    assert_eq!((back.to_act().first().copied(), back.round()), (Some(0), 2));
    // A late entry keeps its time.
    assert!(text.contains("\"late\":true,\"elapsed_ms\":25000"));
    // A record that does not replay is refused with the reason.
    let tampered = text.replace("\"scores\":[", "\"scores\":[1");
    let err = serde_json::from_str::<Game>(&tampered).unwrap_err();
    assert!(err.to_string().contains("differs"), "{err}");

    // Solved puzzles: two lines, checked when read.
    let solved = g.puzzle().clone();
    let json = serde_json::to_value(&solved).unwrap();
    assert_eq!(keys(&json), ["puzzle", "solution"]);
    assert_eq!(json["puzzle"], solved.puzzle().to_string());
    assert_eq!(
        serde_json::from_value::<defi_sudoku::SolvedPuzzle>(json).unwrap(),
        solved
    );
    let bad = serde_json::json!({ "puzzle": ".".repeat(81), "solution": "1".repeat(81) });
    let err = serde_json::from_value::<defi_sudoku::SolvedPuzzle>(bad).unwrap_err();
    assert!(err.to_string().contains("twice"), "{err}");
}

#[cfg(feature = "serde")]
#[test]
fn a_report_names_its_cell_by_number_and_its_houses_by_kind() {
    // Row 5 and box 5 complete with cell 40 (r5c5); column 5 keeps cell 4 empty.
    let mut blanks = rows(&[0]);
    blanks.push(40);
    let mut g = game(&blanks, 2, no_handicap());
    let report = play_right(&mut g, 40);
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["cell"], 40);
    assert_eq!(
        json["completed"],
        serde_json::json!([{ "Row": 4 }, { "Box": 4 }])
    );
    let back: defi_sudoku::EntryReport = serde_json::from_value(json).unwrap();
    assert_eq!(back, report);
}

#[test]
fn a_tampered_record_does_not_replay() {
    let game = bot_game(6, 2, Options::default());
    let record = game.record();

    let mut r = record.clone();
    r.scores[0] += 1;
    assert_eq!(
        r.replay(),
        Err(ReplayError::Mismatch {
            what: "scores".into()
        })
    );

    let mut r = record.clone();
    r.turns[3].bonus += 10;
    assert_eq!(
        r.replay(),
        Err(ReplayError::Mismatch {
            what: "turn 3".into()
        })
    );

    let mut r = record.clone();
    let first = r.turns[0].entries[0];
    r.turns[1].entries[0].cell = first.cell;
    assert!(matches!(
        r.replay(),
        Err(ReplayError::Play {
            turn: 1,
            entry: 0,
            error: PlayError::CellOccupied { .. }
        })
    ));

    let mut r = record.clone();
    r.turns[0].player = 1;
    assert!(matches!(
        r.replay(),
        Err(ReplayError::Play {
            error: PlayError::NotYourTurn { .. },
            ..
        })
    ));

    let mut r = record.clone();
    r.solution.replace_range(0..1, "0");
    assert!(matches!(r.replay(), Err(ReplayError::Puzzle(_))));

    let mut r = record;
    r.players.truncate(1);
    assert!(matches!(r.replay(), Err(ReplayError::Setup(_))));
}

#[test]
fn explained_positions_come_from_before_the_entry() {
    let mut g = game(&rows(&[0]), 2, no_handicap());
    play_right(&mut g, 4);
    play_right(&mut g, 5);
    let before = g.grid_before(1, 0).unwrap();
    assert_eq!(before.get(4), 5);
    assert_eq!(before.get(5), 0);
    assert_eq!(&g.grid_before(0, 0).unwrap(), g.puzzle().puzzle());
    assert_eq!(g.grid_before(1, 1), None);
    assert_eq!(g.grid_before(9, 0), None);
}
