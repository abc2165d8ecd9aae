//! No public function panics on arbitrary well-typed input: options with any numbers, names,
//! entries with any player, cell and digit, any indices, hand-made records and score sheets,
//! any text for the parsers. The only escapes are typed errors (or the documented seat-count
//! checks of `Stats::add` and `Stats::merge`, not called here with mismatched seats).

use core::time::Duration;
use std::sync::OnceLock;

use defi_sudoku::ScoreSheet;
use defi_sudoku::ThinkingTime;
use defi_sudoku::bot::{Bot, SearchBot, Strategy as BotStrategy};
use defi_sudoku::explain;
use defi_sudoku::simulate::{BotSpec, GameResult, Stats};
use defi_sudoku::sudoku_core::{Cell, Grid, Shape};
use defi_sudoku::{
    Challenge, Chrono, Entry, EntryRecord, FinalOrder, Game, Handicap, Options, Record,
    SolvedPuzzle, TurnRecord, balanced,
};
use proptest::prelude::*;
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use crate::common::generated;

fn puzzle() -> &'static SolvedPuzzle {
    static PUZZLE: OnceLock<SolvedPuzzle> = OnceLock::new();
    PUZZLE.get_or_init(|| generated(4242))
}

fn options() -> impl Strategy<Value = Options> {
    (
        0usize..3,
        prop_oneof![
            Just(Handicap::With),
            Just(Handicap::Without),
            Just(Handicap::Balanced),
            prop::array::uniform5(any::<u32>()).prop_map(Handicap::Custom),
        ],
        prop::option::of(any::<u64>()),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(c, handicap, limit, teams, status_quo)| Options {
            challenge: Challenge::ALL[c],
            handicap,
            chrono: limit.map_or(Chrono::Without, |ms| Chrono::With {
                limit: Duration::from_millis(ms),
            }),
            teams,
            final_order: if status_quo {
                FinalOrder::StatusQuo
            } else {
                FinalOrder::Increasing
            },
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A game under any setup and any entries: every call answers or returns an error.
    #[test]
    fn games_never_panic(
        options in options(),
        names in prop::collection::vec("[a-zA-Zé ]{0,60}", 0..8),
        entries in prop::collection::vec(
            (any::<usize>(), any::<u16>(), any::<u8>(), any::<u64>()),
            0..40,
        ),
        index in any::<usize>(),
        count in any::<usize>(),
    ) {
        let Ok(mut game) = Game::new(puzzle().clone(), names, options) else {
            return Ok(());
        };
        for (i, &(player, cell, digit, ms)) in entries.iter().enumerate() {
            // Half the time the player to move, so the game goes on.
            let player = if i % 2 == 0 { game.to_act().first().copied().unwrap_or(player) } else { player };
            let entry = Entry::new(player, Cell::new(usize::from(cell) % 625), digit);
            let _ = game.check(entry);
            let _ = game.play_timed(entry, Duration::from_millis(ms));
            if ms % 7 == 0 {
                let _ = game.undo();
            }
        }
        let _ = game.sheet(index);
        let _ = game.team_of(index);
        let _ = game.grid_before(index, count);
        let _ = game.explain_entry(index % 90, count % 4);
        let _ = game.explain_cell(Cell::new(index % 100));
        let _ = game.upcoming_turns(count);
        let _ = game.view().upcoming_turns(count);
        let _ = game.legal_moves().len();
        let record = game.record();
        prop_assert_eq!(record.replay().unwrap(), game);
    }

    /// Hand-made records with any numbers replay to a game or a typed error.
    #[test]
    fn any_record_replays_or_is_refused(
        options in options(),
        players in prop::collection::vec("[a-z]{0,4}", 0..7),
        turns in prop::collection::vec(
            (any::<u32>(), 0usize..6, any::<u8>(),
             prop::collection::vec((0u16..90, 0u8..12, any::<bool>(), any::<u32>(), any::<bool>(), prop::option::of(any::<u64>())), 0..4),
             any::<u32>(), any::<u32>(), any::<u32>()),
            0..12,
        ),
        scores in prop::collection::vec(any::<u32>(), 0..7),
        winners in prop::collection::vec(any::<usize>(), 0..7),
    ) {
        let turns: Vec<TurnRecord> = turns
            .into_iter()
            .map(|(round, player, quota, entries, bonus, handicap, absent_bonus)| TurnRecord {
                round,
                player,
                quota,
                entries: entries
                    .into_iter()
                    .map(|(cell, digit, correct, points, late, elapsed_ms)| EntryRecord {
                        cell: Cell::new(usize::from(cell)),
                        value: digit,
                        correct,
                        points,
                        late,
                        elapsed_ms,
                    })
                    .collect(),
                bonus,
                handicap,
                absent_bonus,
            })
            .collect();
        for t in &turns {
            let _ = t.points();
        }
        let record = Record {
            puzzle: puzzle().puzzle().to_string(),
            solution: puzzle().solution().to_string(),
            options,
            players,
            turns,
            scores,
            team_scores: None,
            winners,
        };
        if let Ok(game) = record.replay() {
            prop_assert_eq!(game.record(), record);
        }
    }

    /// Any numbers in the plain data types and any seats asked of the figures.
    #[test]
    fn plain_data_never_panics(
        sheet in prop::array::uniform4(any::<u32>()),
        players in any::<usize>(),
        round in any::<u32>(),
        cost in any::<u32>(),
        speed in any::<u32>(),
        times in prop::array::uniform3(any::<u64>()),
        seat in any::<usize>(),
        seats in prop::collection::vec(any::<usize>(), 0..6),
        games in 0u64..4,
    ) {
        let [face, bonus, handicap, absent] = sheet;
        let _ = ScoreSheet { face, bonus, handicap, absent }.total();
        for c in Challenge::ALL {
            let _ = c.quota(round);
            let _ = balanced::points(players, c, players % 2 == 0);
            for h in [Handicap::With, Handicap::Balanced, Handicap::Custom(sheet_points(sheet))] {
                let _ = h.points(players, c, seat % 2 == 0);
            }
        }
        let t = ThinkingTime {
            write: Duration::from_millis(times[0]),
            per_cost: Duration::from_millis(times[1]),
            guess: Duration::from_millis(times[2]),
        };
        let _ = t.for_cost(cost, speed);
        let _ = t.for_guess(speed);
        let mut stats = Stats::new(players % 8);
        let n = stats.seats();
        for g in 0..games {
            stats.add(&GameResult {
                totals: vec![g as u32; n],
                win_share: vec![1.0 / n.max(1) as f64; n],
                late: Vec::new(),
            });
        }
        let _ = (stats.win_rate(seat), stats.mean_score(seat), stats.late_per_game(seat));
        let _ = (stats.win_rate_ci95(seat), stats.wins(seat), stats.spread());
        let _ = (stats.chi_square(), stats.chi_square_among(&seats), stats.look_even_among(&seats));
        let _ = stats.seats_look_even();
    }

    /// Any text for every parser: a value or a typed error, and what is read prints back.
    #[test]
    fn parsers_never_panic(text in ".{0,100}", digits in "[0-9,]{0,40}") {
        for t in [&text, &digits] {
            if let Ok(h) = t.parse::<Handicap>() {
                prop_assert_eq!(h.to_string().parse::<Handicap>(), Ok(h));
            }
            if let Ok(b) = t.parse::<BotSpec>() {
                prop_assert_eq!(b.to_string().parse::<BotSpec>(), Ok(b));
            }
            let _ = t.parse::<Challenge>();
            let _ = t.parse::<FinalOrder>();
            let _ = t.parse::<BotStrategy>();
            let _ = t.parse::<SolvedPuzzle>();
        }
    }

}

proptest! {
    // Explanations of sparse grids are the slowest calls here (a look-ahead bounded by its
    // budget, up to about half a second each): few cases.
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Deductions, explanations and bot decisions on any 9×9 grid: answers or typed errors.
    #[test]
    fn any_grid_is_answered(cells in prop::collection::vec((0usize..81, 1u8..=9), 0..30), cell in 0usize..90) {
        let mut grid = Grid::empty(Shape::CLASSIC);
        for (c, d) in cells {
            let _ = grid.set(c, d);
        }
        let _ = defi_sudoku::deduce(&grid, defi_sudoku::sudoku_grade::Method::B);
        let _ = explain(&grid, Cell::new(cell));
        let _ = SolvedPuzzle::from_puzzle(grid);
    }
}

fn sheet_points(sheet: [u32; 4]) -> [u32; 5] {
    [sheet[0], sheet[1], sheet[2], sheet[3], 0]
}

/// A bot asked for a decision on every position of a game, including after its end.
#[test]
fn bots_decide_on_every_position() {
    let mut game = Game::with_player_count(puzzle().clone(), 2, Options::default()).unwrap();
    let mut bot = SearchBot::new();
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    while !game.is_over() {
        let (entry, _) = bot.think(&game.view(), &mut rng);
        game.play(entry).unwrap();
    }
    // The grid is full: a decision is still an entry (refused by the game), not a panic.
    let (entry, _) = bot.think(&game.view(), &mut rng);
    assert!(game.play(entry).is_err());
}
