//! The chrono end to end: computer players' thinking times (the model of `thinking`), timed
//! entries in simulated games, late entries scoring nothing, and records that keep the times.

use core::time::Duration;

use defi_sudoku::ThinkingTime;
use defi_sudoku::bot::Strategy;
use defi_sudoku::deduce;
use defi_sudoku::simulate::{BotSpec, Simulation};
use defi_sudoku::sudoku_grade::Method;
use defi_sudoku::{Chrono, Game, Handicap, Options};

fn chrono(seconds: u64) -> Options {
    Options {
        chrono: Chrono::With {
            limit: Duration::from_secs(seconds),
        },
        handicap: Handicap::Without,
        ..Options::default()
    }
}

fn spec(strategy: Strategy, skill: Method, speed: u32) -> BotSpec {
    BotSpec {
        strategy,
        skill,
        speed,
    }
}

/// The time of the first entry of each turn (recorded from the start of the turn) is the
/// model's for that cell, found from the position when the turn began with the bot's skill
/// and speed, or the model's guess time when the bot knew nothing.
fn check_first_entries(game: &Game, bots: &[BotSpec]) {
    let model = ThinkingTime::REFERENCE;
    let mut checked = 0;
    for (t, turn) in game.turns().iter().enumerate() {
        let Some(first) = turn.entries.first() else {
            continue;
        };
        let bot = bots[turn.player];
        let grid = game.grid_before(t, 0).unwrap();
        let knowledge = deduce(&grid, bot.skill);
        let expected = match knowledge.placements.iter().find(|p| p.cell == first.cell) {
            Some(p) => model.for_placement(p, bot.speed),
            None => {
                assert!(
                    knowledge
                        .placements
                        .iter()
                        .all(|p| model.for_placement(p, bot.speed)
                            > game.options().chrono.limit().unwrap())
                        || knowledge.placements.is_empty(),
                    "turn {t}: a guess while a digit could be found in time"
                );
                model.for_guess(bot.speed)
            }
        };
        assert_eq!(
            first.elapsed_ms,
            Some(expected.as_millis() as u64),
            "turn {t}"
        );
        checked += 1;
    }
    assert!(checked > 10);
}

#[test]
fn simulated_games_with_the_chrono_are_timed_by_the_model_and_reproducible() {
    let bots = vec![
        spec(Strategy::Greedy, Method::A2, 100),
        spec(Strategy::Blocking, Method::C, 60),
        spec(Strategy::Search, Method::B, 250),
    ];
    let sim = Simulation::new(chrono(25), bots.clone(), 3, 77).unwrap();
    for i in 0..3 {
        let game = sim.play(i);
        // Deterministic: the same game, times included, every time.
        assert_eq!(sim.play(i), game);
        assert_eq!(game.record().replay().unwrap(), game);
        check_first_entries(&game, &bots);
        for turn in game.turns() {
            let mut previous = 0;
            for entry in &turn.entries {
                // Times add up over the turn; an entry is late exactly when past the limit.
                let ms = entry.elapsed_ms.expect("timed with the chrono");
                assert!(ms > previous);
                previous = ms;
                assert_eq!(entry.late, ms > 25_000);
                if entry.late {
                    assert_eq!(entry.points, 0);
                }
            }
        }
    }
}

#[test]
fn a_faster_bot_thinks_in_proportion_and_a_tighter_limit_costs_points() {
    // A limit no entry reaches: the bots play as without the chrono, at their own pace.
    let day = |speed| {
        let bots = vec![spec(Strategy::Blocking, Method::B, speed); 2];
        Simulation::new(chrono(86_400), bots, 1, 5).unwrap().play(0)
    };
    let (slow, fast) = (day(100), day(200));
    let times = |g: &Game| -> Vec<u64> {
        g.turns()
            .iter()
            .flat_map(|t| t.entries.iter().map(|e| e.elapsed_ms.unwrap()))
            .collect()
    };
    assert_eq!(slow.totals(), fast.totals());
    let halves: Vec<u64> = times(&slow).iter().map(|ms| ms / 2).collect();
    assert_eq!(times(&fast), halves);
    assert!(
        times(&slow).iter().all(|&ms| ms >= 5_000),
        "a find takes 5 s at least"
    );
    // The same games with a 6-second limit: only a naked single written at once counts.
    let tight = |seconds| {
        let bots = vec![BotSpec::new(Strategy::Greedy); 2];
        Simulation::new(chrono(seconds), bots, 4, 9).unwrap().run()
    };
    let (loose, strict) = (tight(600), tight(6));
    for seat in 0..2 {
        assert!(strict.mean_score(seat) < loose.mean_score(seat));
        assert!(strict.late_per_game(seat) > loose.late_per_game(seat));
    }
    assert_eq!(loose.late_per_game(0), 0.0);
}

#[test]
fn without_the_chrono_nothing_is_timed() {
    let bots = vec![BotSpec::new(Strategy::Search); 2];
    let options = Options::default();
    let game = Simulation::new(options, bots, 1, 3).unwrap().play(0);
    assert!(
        game.turns()
            .iter()
            .flat_map(|t| &t.entries)
            .all(|e| e.elapsed_ms.is_none() && !e.late)
    );
}
