//! Hostile input: the written limits of records, setups and option texts are enforced with
//! typed errors, the limits hold every game the engine plays, and the simulator stops on its
//! budget or its cancel flag.

use core::time::Duration;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use defi_sudoku::bot::{Bot, Strategy, play_out};
use defi_sudoku::deduce;
use defi_sudoku::simulate::{BotSpec, Simulation};
use defi_sudoku::sudoku_core::{Grid, Shape, StopReason, WorkUnit};
use defi_sudoku::sudoku_grade::Method;
use defi_sudoku::{
    Challenge, Chrono, Game, Handicap, Options, Record, ReplayError, SetupError, TurnRecord,
};
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use crate::common::generated;

fn bots(players: usize) -> Vec<Box<dyn Bot>> {
    (0..players)
        .map(|p| BotSpec::new(Strategy::ALL[p % 3]).build())
        .collect()
}

/// A whole game between bots, `players` players with names of the longest length.
fn long_game(players: usize, options: Options, seed: u64) -> Game {
    let names: Vec<String> = (0..players)
        .map(|p| format!("{p}{}", "é".repeat((Game::MAX_NAME_LEN - 1) / 2)))
        .collect();
    let mut game = Game::new(generated(seed), names, options).unwrap();
    play_out(
        &mut game,
        &mut bots(players),
        &mut Pcg64Mcg::seed_from_u64(seed),
    )
    .unwrap();
    game
}

fn too_large(result: Result<Game, ReplayError>) -> (String, usize, usize) {
    match result {
        Err(ReplayError::TooLarge { what, count, limit }) => (what, count, limit),
        other => panic!("not refused by its size: {other:?}"),
    }
}

#[test]
fn every_game_played_fits_the_record_limits() {
    // Express with 5 players: the most turns; the chrono: every entry's time in the record.
    for (players, challenge, seed) in [
        (5, Challenge::Express, 1),
        (5, Challenge::Regular, 2),
        (2, Challenge::Regular, 3),
        (4, Challenge::Shortened, 4),
    ] {
        let options = Options {
            challenge,
            chrono: Chrono::With {
                limit: Duration::from_secs(20),
            },
            ..Options::default()
        };
        let game = long_game(players, options, seed);
        let record = game.record();
        assert!(
            record.turns.len() <= Record::MAX_TURNS,
            "{}",
            record.turns.len()
        );
        assert!(
            record
                .turns
                .iter()
                .all(|t| t.entries.len() <= TurnRecord::MAX_ENTRIES)
        );
        assert!(record.check_limits().is_ok());
        let entries: usize = record.turns.iter().map(|t| t.entries.len()).sum();
        assert_eq!(entries, generated(seed).empty_cells());
        #[cfg(feature = "serde")]
        {
            let text = serde_json::to_string_pretty(&record).unwrap();
            let limit = defi_sudoku::Record::MAX_TEXT_LEN;
            assert!(text.len() < limit / 4, "{} bytes", text.len());
        }
    }
}

#[test]
fn a_record_beyond_a_limit_is_refused_before_it_replays() {
    let game = long_game(3, Options::default(), 5);
    let record = game.record();
    assert_eq!(record.replay().unwrap(), game);

    let mut r = record.clone();
    let turn = r.turns[0].clone();
    r.turns.resize(Record::MAX_TURNS + 1, turn);
    assert_eq!(
        too_large(r.replay()),
        ("turns".to_owned(), Record::MAX_TURNS + 1, Record::MAX_TURNS)
    );

    let mut r = record.clone();
    let entry = r.turns[2].entries[0];
    r.turns[2]
        .entries
        .resize(TurnRecord::MAX_ENTRIES + 1, entry);
    assert_eq!(
        too_large(r.replay()),
        (
            "turn 2's entries".to_owned(),
            TurnRecord::MAX_ENTRIES + 1,
            TurnRecord::MAX_ENTRIES
        )
    );

    let mut r = record.clone();
    r.puzzle.push_str(&".".repeat(Record::MAX_LINE_LEN));
    let (what, _, limit) = too_large(r.replay());
    assert_eq!((what.as_str(), limit), ("puzzle", Record::MAX_LINE_LEN));

    let mut r = record.clone();
    r.players.resize(Game::MAX_PLAYERS + 1, "P".into());
    assert_eq!(
        too_large(r.replay()),
        (
            "players".to_owned(),
            Game::MAX_PLAYERS + 1,
            Game::MAX_PLAYERS
        )
    );

    let mut r = record.clone();
    r.winners = vec![0; Game::MAX_PLAYERS + 1];
    assert_eq!(too_large(r.replay()).0, "winners");

    // A name too long is the setup's refusal, with the player and its length.
    let mut r = record;
    r.players[1] = "x".repeat(Game::MAX_NAME_LEN + 1);
    assert_eq!(
        r.replay().unwrap_err(),
        ReplayError::Setup(SetupError::NameTooLong {
            player: 2,
            bytes: Game::MAX_NAME_LEN + 1
        })
    );
}

#[cfg(feature = "serde")]
#[test]
fn reading_a_record_stops_at_the_first_item_beyond_a_limit() {
    use defi_sudoku::Record;
    let record = long_game(2, Options::default(), 6).record();
    let json = serde_json::to_value(&record).unwrap();
    let refused = |edit: &dyn Fn(&mut serde_json::Value)| {
        let mut j = json.clone();
        edit(&mut j);
        serde_json::from_value::<Record>(j).unwrap_err().to_string()
    };
    let turn = json["turns"][0].clone();
    let e = refused(&|j| j["turns"] = vec![turn.clone(); Record::MAX_TURNS + 1].into());
    assert!(
        e.contains(&format!("more than {} turns", Record::MAX_TURNS)),
        "{e}"
    );
    let entry = json["turns"][0]["entries"][0].clone();
    let e = refused(&|j| {
        j["turns"][0]["entries"] = vec![entry.clone(); TurnRecord::MAX_ENTRIES + 1].into()
    });
    assert!(
        e.contains(&format!(
            "more than {} entries in a turn",
            TurnRecord::MAX_ENTRIES
        )),
        "{e}"
    );
    let e = refused(&|j| j["puzzle"] = ".".repeat(Record::MAX_LINE_LEN + 1).into());
    assert!(
        e.contains(&format!(
            "a line of {} bytes, more than {}",
            Record::MAX_LINE_LEN + 1,
            Record::MAX_LINE_LEN
        )),
        "{e}"
    );
    let e = refused(&|j| j["players"] = vec!["P"; 6].into());
    assert!(e.contains("more than 5 players"), "{e}");
    let e = refused(&|j| j["scores"] = vec![0; 6].into());
    assert!(e.contains("more than 5 seats"), "{e}");
    // Within the limits it reads and replays.
    let back: Record = serde_json::from_value(json).unwrap();
    assert_eq!(back, record);
}

#[test]
fn setups_beyond_the_limits_are_refused_with_what_and_where() {
    let at = |options: Options, names: Vec<String>| Game::new(generated(7), names, options);
    let names = |n: usize| (0..n).map(|i| format!("P{i}")).collect::<Vec<_>>();
    // Handicap points: Handicap::MAX_POINTS is accepted, one more is not.
    let custom = |points| Options {
        handicap: Handicap::Custom(points),
        ..Options::default()
    };
    assert!(at(custom([0, Handicap::MAX_POINTS, 0, 0, 0]), names(2)).is_ok());
    assert_eq!(
        at(custom([0, 1, Handicap::MAX_POINTS + 1, 0, 0]), names(3)).unwrap_err(),
        SetupError::HandicapTooLarge {
            seat: 3,
            points: Handicap::MAX_POINTS + 1
        }
    );
    // Points beyond the players do not count.
    assert!(at(custom([0, 1, u32::MAX, 0, 0]), names(2)).is_ok());
    // The chrono: up to a day.
    let chrono = |limit| Options {
        chrono: Chrono::With { limit },
        ..Options::default()
    };
    assert!(at(chrono(Chrono::MAX_LIMIT), names(2)).is_ok());
    assert_eq!(
        at(chrono(Duration::MAX), names(2)).unwrap_err(),
        SetupError::TimeLimitTooLong { ms: u64::MAX }
    );
    // Names: Game::MAX_NAME_LEN bytes of UTF-8.
    let mut long = names(2);
    long[0] = "é".repeat(Game::MAX_NAME_LEN / 2);
    assert!(at(Options::default(), long.clone()).is_ok());
    long[0].push('x');
    assert_eq!(
        at(Options::default(), long).unwrap_err(),
        SetupError::NameTooLong {
            player: 1,
            bytes: Game::MAX_NAME_LEN + 1
        }
    );
}

#[test]
fn long_option_texts_are_refused_and_quoted_in_part() {
    let long = "1".repeat(100_000);
    let e = long.parse::<Handicap>().unwrap_err();
    assert_eq!(e.text, format!("{}… (100000 bytes)", "1".repeat(32)));
    assert!(e.to_string().len() < 200, "{e}");
    let text = format!("regular{}", " ".repeat(Options::MAX_TEXT_LEN));
    let e = text.parse::<Challenge>().unwrap_err();
    assert!(
        e.text.ends_with(&format!("… ({} bytes)", text.len())),
        "{e}"
    );
    let e = format!("greedy@{long}").parse::<BotSpec>().unwrap_err();
    assert!(e.to_string().len() < 200, "{e}");
    // At the limit a text is read.
    let padded = format!("{:0>width$}", "7", width = Options::MAX_TEXT_LEN);
    assert_eq!(
        padded.parse::<Handicap>(),
        Ok(Handicap::Custom([7, 0, 0, 0, 0]))
    );
}

#[test]
fn the_simulator_stops_on_its_budget_or_its_flag() {
    let sim = Simulation::new(
        Options::default(),
        vec![BotSpec::new(Strategy::Greedy); 3],
        3,
        11,
    )
    .unwrap();
    // No limit: the same figures as run.
    assert_eq!(sim.try_run().unwrap(), sim.run());
    // A budget of decisions: three games need more than 100.
    let stopped = sim.clone().budget(100).try_run().unwrap_err();
    assert_eq!(stopped.reason(), StopReason::Budget);
    assert_eq!(stopped.unit(), WorkUnit::Decisions);
    assert_eq!(stopped.spent(), 100);
    assert_eq!(
        stopped.to_string(),
        "stopped by its budget after 100 decisions"
    );
    // A budget large enough, or none, changes nothing.
    assert_eq!(sim.clone().budget(3 * 81).try_run().unwrap(), sim.run());
    assert_eq!(
        sim.clone().budget(100).budget(None).try_run().unwrap(),
        sim.run()
    );
    // try_play: the same game as play.
    assert_eq!(sim.try_play(2).unwrap(), sim.play(2));

    // A billion games, cancelled from another thread after 50 ms: the run stops (it would
    // not end otherwise).
    let flag = Arc::new(AtomicBool::new(false));
    let huge = Simulation::new(
        Options::default(),
        vec![BotSpec::new(Strategy::Search); 2],
        1_000_000_000,
        1,
    )
    .unwrap()
    .cancel_flag(Arc::clone(&flag));
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        flag.store(true, Ordering::Relaxed);
    });
    let stopped = huge.try_run().unwrap_err();
    raiser.join().unwrap();
    assert_eq!(stopped.reason(), StopReason::Cancelled);
    assert_eq!(stopped.unit(), WorkUnit::Decisions);
    assert!(stopped.spent() < 81 * 1_000_000_000);
}

#[cfg(feature = "rayon")]
#[test]
fn the_parallel_simulator_stops_alike() {
    let sim = Simulation::new(
        Options::default(),
        vec![BotSpec::new(Strategy::Greedy); 2],
        4,
        12,
    )
    .unwrap();
    assert_eq!(sim.try_run_par().unwrap(), sim.run());
    let stopped = sim.budget(50).try_run_par().unwrap_err();
    assert_eq!(stopped.reason(), StopReason::Budget);
    assert!(stopped.spent() <= 50);
}

#[test]
fn deduce_gives_nothing_on_grids_that_are_not_9x9() {
    // Défi positions are 9×9; a 25×25 grid would cost seconds with the look-ahead.
    let big = Grid::empty(Shape::new(5, 5).unwrap());
    let knowledge = deduce(&big, Method::F);
    assert!(knowledge.placements.is_empty());
}

#[test]
fn play_out_with_too_few_players_is_an_error() {
    let mut game = Game::with_player_count(generated(8), 3, Options::default()).unwrap();
    let mut two = bots(2);
    // Seats 0 and 1 play; seat 2 has no player.
    let err = play_out(&mut game, &mut two, &mut Pcg64Mcg::seed_from_u64(1)).unwrap_err();
    assert_eq!(
        err,
        defi_sudoku::PlayError::UnknownPlayer {
            player: 2,
            players: 2
        }
    );
}
