//! Properties over random games (random options, random and often wrong digits, random
//! times): every point is accounted for, and the record replays to the same game.

use core::time::Duration;
use std::sync::OnceLock;

use defi_sudoku::sudoku_core::{Cell, Geometry, Shape};
use defi_sudoku::{Challenge, Chrono, Entry, FinalOrder, Game, Handicap, Options, SolvedPuzzle};
use proptest::prelude::*;

use crate::common::generated;

fn puzzles() -> &'static [SolvedPuzzle] {
    static PUZZLES: OnceLock<Vec<SolvedPuzzle>> = OnceLock::new();
    PUZZLES.get_or_init(|| (0..4).map(|s| generated(900 + s)).collect())
}

#[derive(Debug, Clone)]
struct Setup {
    players: usize,
    options: Options,
    puzzle: usize,
    /// (which empty cell, digit, seconds into the turn) per entry.
    moves: Vec<(u8, u8, u8)>,
}

fn setup() -> impl Strategy<Value = Setup> {
    (
        2usize..=5,
        0usize..3,
        (0usize..4, prop::array::uniform5(0u32..30)),
        any::<bool>(),
        any::<bool>(),
        prop::option::of(1u64..10),
        0usize..4,
        prop::collection::vec((any::<u8>(), 1u8..=9, 0u8..20), 81),
    )
        .prop_map(
            |(players, challenge, handicap, status_quo, teams, limit, puzzle, moves)| Setup {
                players,
                options: Options {
                    challenge: Challenge::ALL[challenge],
                    handicap: match handicap {
                        (0, _) => Handicap::With,
                        (1, _) => Handicap::Without,
                        (2, _) => Handicap::Balanced,
                        (_, points) => Handicap::Custom(points),
                    },
                    chrono: limit.map_or(Chrono::Without, |s| Chrono::With {
                        limit: Duration::from_secs(s),
                    }),
                    teams: teams && players == 4,
                    final_order: if status_quo {
                        FinalOrder::StatusQuo
                    } else {
                        FinalOrder::Increasing
                    },
                },
                puzzle,
                moves,
            },
        )
}

fn play(setup: &Setup) -> Game {
    let puzzle = puzzles()[setup.puzzle].clone();
    let mut game = Game::with_player_count(puzzle, setup.players, setup.options).unwrap();
    for &(pick, digit, secs) in &setup.moves {
        let Some(player) = game.to_act().first().copied() else {
            break;
        };
        let empties: Vec<Cell> = Shape::CLASSIC
            .cells()
            .filter(|&c| game.grid().get(c.index()) == 0)
            .collect();
        let cell = empties[usize::from(pick) % empties.len()];
        game.play_timed(
            Entry::new(player, cell, digit),
            Duration::from_secs(u64::from(secs)),
        )
        .unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn every_point_is_a_face_value_a_bonus_a_handicap_or_an_absence(setup in setup()) {
        let game = play(&setup);
        prop_assert!(game.is_over());
        let solution = game.puzzle().solution();
        let geometry = Geometry::classic(Shape::CLASSIC);
        let limit = setup.options.chrono.limit();
        let n = setup.players;
        let mut face = vec![0u32; n];
        let mut bonus = vec![0u32; n];
        let mut handicap = vec![0u32; n];
        let mut absent = vec![0u32; n];
        let mut cells = game.puzzle().puzzle().cells().to_vec();
        let final_round = game.final_round().unwrap();
        let mut filler_seen = false;
        let turns = game.turns();
        for (t, turn) in turns.iter().enumerate() {
            let p = turn.player;
            let mut earned = false;
            for e in &turn.entries {
                let cell = e.cell.index();
                prop_assert_eq!(cells[cell], 0);
                prop_assert_eq!(e.correct, e.value == solution.get(cell));
                let late = limit.is_some_and(|l| Duration::from_millis(e.elapsed_ms.unwrap()) > l);
                prop_assert_eq!(e.late, late);
                let counts = e.correct && !late;
                prop_assert_eq!(e.points, if counts { u32::from(e.value) } else { 0 });
                cells[cell] = solution.get(cell);
                let completes = geometry
                    .houses_of(e.cell)
                    .iter()
                    .any(|&h| geometry.house(h).iter().all(|c| cells[c.index()] != 0));
                earned |= counts && completes;
                face[p] += e.points;
            }
            // The bonus: 10 when an entry that counts completed a house, never more.
            prop_assert_eq!(turn.bonus, if earned { 10 } else { 0 });
            bonus[p] += turn.bonus;
            // Handicaps in round 1 only, by seat.
            let seat_handicap = setup.options.handicap_points(setup.players)[p];
            prop_assert_eq!(turn.handicap, if turn.round == 1 { seat_handicap } else { 0 });
            handicap[p] += turn.handicap;
            // Absent players: only in the final round, after the grid filled, with no entry.
            if turn.entries.is_empty() {
                prop_assert_eq!(turn.round, final_round);
                prop_assert!(filler_seen);
                prop_assert_eq!(turn.absent_bonus, 10);
            } else {
                prop_assert!(!filler_seen);
                prop_assert_eq!(turn.absent_bonus, 0);
                if cells.iter().all(|&d| d != 0) {
                    filler_seen = true;
                } else {
                    // A turn ends early only when the grid is full.
                    prop_assert_eq!(turn.entries.len(), usize::from(turn.quota), "turn {}", t);
                }
            }
            absent[p] += turn.absent_bonus;
            prop_assert_eq!(turn.quota, setup.options.challenge.quota(turn.round));
        }
        prop_assert!(filler_seen);
        // Every player has exactly one turn per round.
        for round in 1..=final_round {
            let mut seen: Vec<usize> = turns.iter().filter(|t| t.round == round).map(|t| t.player).collect();
            seen.sort_unstable();
            prop_assert_eq!(seen, (0..n).collect::<Vec<_>>());
        }
        for p in 0..n {
            let sheet = game.sheet(p);
            prop_assert_eq!(sheet.face, face[p]);
            prop_assert_eq!(sheet.bonus, bonus[p]);
            prop_assert_eq!(sheet.handicap, handicap[p]);
            prop_assert_eq!(sheet.absent, absent[p]);
            prop_assert_eq!(game.totals()[p], face[p] + bonus[p] + handicap[p] + absent[p]);
        }
        prop_assert_eq!(game.record().replay().unwrap(), game.clone());
    }

    #[test]
    fn the_final_round_is_the_first_whose_quotas_reach_the_empty_cells(setup in setup()) {
        let game = play(&setup);
        let n = setup.players;
        let mut empty = puzzles()[setup.puzzle].empty_cells();
        for round in 1.. {
            let quota = usize::from(setup.options.challenge.quota(round));
            if n * quota >= empty {
                prop_assert_eq!(game.final_round(), Some(round));
                break;
            }
            empty -= n * quota;
        }
    }

    #[test]
    fn the_final_round_is_ordered_by_the_option_and_teams_alternate(setup in setup()) {
        let game = play(&setup);
        let n = setup.players;
        let final_round = game.final_round().unwrap();
        let turns = game.turns();
        // The scores when the final round began: handicaps, then every earlier turn.
        let mut before = vec![0u32; n];
        for (p, b) in before.iter_mut().enumerate() {
            *b = setup.options.handicap_points(n)[p];
        }
        for t in turns.iter().filter(|t| t.round < final_round) {
            before[t.player] += t.points() - t.handicap;
        }
        let order: Vec<usize> = turns
            .iter()
            .filter(|t| t.round == final_round)
            .map(|t| t.player)
            .collect();
        let team = |p: usize| p % 2;
        match (setup.options.final_order, setup.options.teams) {
            (FinalOrder::StatusQuo, _) => prop_assert_eq!(order, (0..n).collect::<Vec<_>>()),
            (FinalOrder::Increasing, false) => {
                // Lowest first; ties in the initial order.
                for w in order.windows(2) {
                    prop_assert!((before[w[0]], w[0]) < (before[w[1]], w[1]), "{:?} {:?}", order, before);
                }
            }
            (FinalOrder::Increasing, true) => {
                // A, B, A, B; each team's lower score first (ties in the initial order).
                prop_assert_eq!(order.iter().map(|&p| team(p)).collect::<Vec<_>>(), [0, 1, 0, 1]);
                for (first, second) in [(order[0], order[2]), (order[1], order[3])] {
                    prop_assert!((before[first], first) < (before[second], second));
                }
            }
        }
        if setup.options.teams {
            for w in turns.windows(2) {
                prop_assert_ne!(team(w[0].player), team(w[1].player), "team-mates in a row");
            }
        }
    }
}
