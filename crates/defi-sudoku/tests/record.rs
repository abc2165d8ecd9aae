//! Records: complete, serializable, replayable.

use defi_sudoku::bot::{Bot, Strategy};
use defi_sudoku::{Board, Challenge, FinalOrder, Game, Options, PlayError, ReplayError, play_out};

use crate::common::{game, no_handicap, play_right, play_wrong, rows};

fn bot_game(seed: u64, players: usize, options: Options) -> Game {
    let mut game = Game::with_player_count(Board::generate(seed), players, options).unwrap();
    let mut bots: Vec<Bot> = (0..players)
        .map(|p| Bot::new(Strategy::ALL[p % 3], seed * 10 + p as u64))
        .collect();
    play_out(&mut game, &mut bots).unwrap();
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
    assert_eq!(replayed.to_move(), Some(0));
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
    assert!(matches!(r.replay(), Err(ReplayError::Board(_))));

    let mut r = record;
    r.players.truncate(1);
    assert!(matches!(r.replay(), Err(ReplayError::Setup(_))));
}

#[test]
fn explained_positions_come_from_before_the_entry() {
    let mut g = game(&rows(&[0]), 2, no_handicap());
    play_right(&mut g, 4);
    play_right(&mut g, 5);
    let before = g.cells_before(1, 0).unwrap();
    assert_eq!(before[4], 5);
    assert_eq!(before[5], 0);
    assert_eq!(g.cells_before(0, 0).unwrap(), *g.board().puzzle());
    assert_eq!(g.cells_before(1, 1), None);
    assert_eq!(g.cells_before(9, 0), None);
}
