//! One scenario per rule sentence of "La jeune histoire du Défi Sudoku en famille ou entre amis".

use core::time::Duration;

use defi_sudoku::sudoku_core::{Cell, HouseKind};
use defi_sudoku::{
    Challenge, Chrono, Entry, FinalOrder, Game, ManualClock, Options, PlayError, SetupError, Team,
    TimedGame,
};

use crate::common::{
    first_empty, game, generated, no_handicap, play_right, play_wrong, puzzle, right, rows, wrong,
};

// --- Setup -------------------------------------------------------------------------------

#[test]
fn two_to_five_players() {
    for count in [0, 1, 6, 9] {
        assert_eq!(
            Game::with_player_count(puzzle(&rows(&[0])), count, Options::default()),
            Err(SetupError::PlayerCount { count })
        );
    }
    for count in 2..=5 {
        let game = Game::with_player_count(puzzle(&rows(&[0])), count, Options::default()).unwrap();
        assert_eq!(game.player_count(), count);
        assert_eq!(game.players()[count - 1], format!("Player {count}"));
    }
}

#[test]
fn two_against_two_only_with_four_players() {
    let teams = Options {
        teams: true,
        ..Options::default()
    };
    for count in [2, 3, 5] {
        assert_eq!(
            Game::with_player_count(puzzle(&rows(&[0])), count, teams),
            Err(SetupError::TeamsNeedFourPlayers { count })
        );
    }
    assert!(Game::with_player_count(puzzle(&rows(&[0])), 4, teams).is_ok());
}

#[test]
fn a_chrono_needs_a_limit() {
    let options = Options {
        chrono: Chrono::With {
            limit: Duration::ZERO,
        },
        ..Options::default()
    };
    assert_eq!(
        Game::with_player_count(puzzle(&rows(&[0])), 2, options),
        Err(SetupError::ZeroTimeLimit)
    );
}

#[test]
fn everyone_plays_on_the_same_grid() {
    let mut g = game(&rows(&[0, 4]), 2, no_handicap());
    play_right(&mut g, 0);
    play_right(&mut g, 1);
    assert_ne!(g.grid().get(0), 0);
    assert_ne!(g.grid().get(1), 0);
    assert_eq!(g.empty_cells(), 16);
}

// --- Options: the challenge -------------------------------------------------------------

/// Plays a game to its end with right digits in the first empty cell; returns it.
fn play_through(blanks: &[usize], players: usize, options: Options) -> Game {
    let mut g = game(blanks, players, options);
    while !g.is_over() {
        let cell = first_empty(&g);
        play_right(&mut g, cell);
    }
    g
}

#[test]
fn each_challenge_follows_its_quota_sequence() {
    let blanks = rows(&[0, 4, 8]); // 27 empty cells
    for (challenge, expected) in [
        (Challenge::Regular, [1, 2, 3, 1, 2, 3]),
        (Challenge::Shortened, [1, 2, 3, 3, 3, 3]),
        (Challenge::Express, [3, 3, 3, 3, 3, 3]),
    ] {
        let g = play_through(
            &blanks,
            2,
            Options {
                challenge,
                ..Options::default()
            },
        );
        for turn in g.turns() {
            assert_eq!(turn.quota, challenge.quota(turn.round));
        }
        let quotas: Vec<u8> = (1..=6)
            .filter_map(|r| g.turns().iter().find(|t| t.round == r).map(|t| t.quota))
            .collect();
        assert_eq!(quotas, expected[..quotas.len()], "{challenge}");
        // Every turn used its whole quota except where the grid ran out.
        let played: usize = g.turns().iter().map(|t| t.entries.len()).sum();
        assert_eq!(played, 27);
        for turn in &g.turns()[..g.turns().len() - 2] {
            assert_eq!(turn.entries.len(), usize::from(turn.quota), "{challenge}");
        }
    }
}

#[test]
fn rounds_before_the_final_keep_the_initial_order() {
    let g = play_through(&rows(&[0, 4, 8]), 3, Options::default());
    let final_round = g.final_round().expect("the game reached its final round");
    for round in 1..final_round {
        let order: Vec<usize> = g
            .turns()
            .iter()
            .filter(|t| t.round == round)
            .map(|t| t.player)
            .collect();
        assert_eq!(order, [0, 1, 2], "round {round}");
    }
}

// --- A turn ----------------------------------------------------------------------------

#[test]
fn a_turn_takes_its_quota_one_digit_at_a_time_in_empty_cells() {
    let mut g = game(&rows(&[0, 4]), 2, no_handicap());
    // Round 1: one digit each.
    assert_eq!((g.to_act().first().copied(), g.digits_left()), (Some(0), 1));
    assert!(play_right(&mut g, 0).turn_over);
    assert_eq!((g.to_act().first().copied(), g.digits_left()), (Some(1), 1));
    // A filled cell is refused, and the game is unchanged.
    let before = g.clone();
    assert_eq!(
        g.play(Entry::new(1, Cell::new(0), 1)),
        Err(PlayError::CellOccupied {
            cell: Cell::new(0),
            value: 1
        })
    );
    assert_eq!(
        g.play(Entry::new(0, Cell::new(1), 2)),
        Err(PlayError::NotYourTurn {
            player: 0,
            name: "Player 1".into(),
            to_move: 1,
            to_move_name: "Player 2".into(),
        })
    );
    assert_eq!(
        g.check(Entry::new(0, Cell::new(1), 2))
            .unwrap_err()
            .to_string(),
        "Player 1 cannot play: it is Player 2's turn"
    );
    assert_eq!(
        g.check(Entry::new(1, Cell::new(0), 1))
            .unwrap_err()
            .to_string(),
        "r1c1 already holds 1"
    );
    assert_eq!(g, before);
    play_right(&mut g, 1);
    // Round 2: two digits each.
    assert_eq!(
        (g.round(), g.to_act().first().copied(), g.digits_left()),
        (2, Some(0), 2)
    );
    assert!(!play_right(&mut g, 2).turn_over);
    assert_eq!(g.digits_left(), 1);
    assert!(play_right(&mut g, 3).turn_over);
    assert_eq!(g.to_act().first().copied(), Some(1));
}

#[test]
fn a_wrong_digit_is_corrected_scores_nothing_and_uses_a_digit() {
    // Cell 40 is alone in its row, column and box.
    let mut blanks = rows(&[0]);
    blanks.push(40);
    let mut g = game(&blanks, 2, no_handicap());
    let report = play_wrong(&mut g, 40);
    assert!(!report.correct);
    assert_eq!(report.value, wrong(&g, 40));
    assert_eq!(report.solution, 9);
    assert_eq!(g.grid().get(40), 9, "the cell receives the right digit");
    assert_eq!(report.points, 0);
    // It completed its row and box (column 5 still has cell 4 empty), but a wrong entry
    // cannot earn the bonus.
    assert_eq!(report.completed, [HouseKind::Row(4), HouseKind::Box(4)]);
    assert_eq!(report.bonus, 0);
    assert!(
        report.turn_over,
        "the wrong entry used player 1's only digit"
    );
    assert_eq!(g.sheet(0).total(), 0);
    let turn = &g.turns()[0];
    assert_eq!(turn.entries.len(), 1);
    assert!(!turn.entries[0].correct);
    assert_eq!(turn.bonus, 0);
}

#[test]
fn a_wrong_entry_leaves_the_bonus_available_for_a_later_entry_of_the_turn() {
    let mut blanks = rows(&[0]);
    blanks.extend([40, 80]);
    let options = Options {
        challenge: Challenge::Express,
        ..no_handicap()
    };
    let mut g = game(&blanks, 2, options);
    assert_eq!(play_wrong(&mut g, 40).bonus, 0);
    let report = play_right(&mut g, 80);
    assert!(report.completed.contains(&HouseKind::Row(8)));
    assert_eq!(report.bonus, 10);
    assert_eq!(g.sheet(0).bonus, 10);
}

// --- Scoring ---------------------------------------------------------------------------

#[test]
fn a_correct_digit_scores_its_face_value() {
    let mut g = game(&rows(&[0, 4]), 2, no_handicap());
    let report = play_right(&mut g, 36); // r5c1 holds 5
    assert_eq!((report.value, report.points, report.bonus), (5, 5, 0));
    assert_eq!(g.sheet(0).face, 5);
    let report = play_right(&mut g, 44); // r5c9 holds 4
    assert_eq!(report.points, 4);
    assert_eq!(g.totals(), [5, 4]);
}

#[test]
fn completing_houses_earns_at_most_ten_per_round() {
    // Row 1 empty, and cells 30, 40 (box 5), 60, 80 (box 9) alone in their rows.
    let mut blanks = rows(&[0]);
    blanks.extend([40, 80, 60, 30]);
    let options = Options {
        challenge: Challenge::Express,
        ..no_handicap()
    };
    let mut g = game(&blanks, 2, options);

    // Round 1, player 1: two entries that each complete a row: +10 once.
    let first = play_right(&mut g, 40);
    assert_eq!(first.completed, [HouseKind::Row(4)]);
    assert_eq!(first.bonus, 10);
    let second = play_right(&mut g, 80);
    assert_eq!(second.completed, [HouseKind::Row(8)]);
    assert_eq!(second.bonus, 0, "at most 10 per round");
    let third = play_right(&mut g, 0);
    assert_eq!(third.bonus, 0);
    assert_eq!(g.turns()[0].bonus, 10);
    assert_eq!(g.sheet(0).total(), 9 + 8 + 1 + 10);

    // Round 1, player 2: one entry completing two houses (row 7 and box 9): +10.
    let report = play_right(&mut g, 60);
    assert_eq!(report.completed, [HouseKind::Row(6), HouseKind::Box(8)]);
    assert_eq!(report.bonus, 10);
    play_right(&mut g, 1);
    play_right(&mut g, 2);
    assert_eq!(g.sheet(1).bonus, 10);

    // Round 2: player 1 may earn another 10.
    assert_eq!(g.round(), 2);
    let report = play_right(&mut g, 30);
    assert_eq!(report.completed, [HouseKind::Row(3), HouseKind::Box(4)]);
    assert_eq!(report.bonus, 10);
    assert_eq!(g.sheet(0).bonus, 20);
}

#[test]
fn handicaps_are_added_in_the_first_round() {
    let g = game(&rows(&[0, 4, 8]), 5, Options::default());
    let handicaps: Vec<u32> = g.sheets().iter().map(|s| s.handicap).collect();
    assert_eq!(handicaps, [0, 4, 6, 8, 10]);
    assert_eq!(g.totals(), [0, 4, 6, 8, 10]);

    let done = play_through(&rows(&[0, 4, 8]), 5, Options::default());
    for turn in done.turns() {
        let expected = if turn.round == 1 {
            [0, 4, 6, 8, 10][turn.player]
        } else {
            0
        };
        assert_eq!(turn.handicap, expected, "{turn:?}");
    }
    for (players, expected) in [(2, vec![0, 4]), (3, vec![0, 4, 6]), (4, vec![0, 4, 6, 8])] {
        let g = game(&rows(&[0]), players, Options::default());
        let handicaps: Vec<u32> = g.sheets().iter().map(|s| s.handicap).collect();
        assert_eq!(handicaps, expected);
    }

    let without = game(&rows(&[0, 4, 8]), 5, no_handicap());
    assert_eq!(without.totals(), [0; 5]);
}

// --- The final round -------------------------------------------------------------------

/// 3 players, regular challenge, no handicap; 10 empty cells: row 1 and cell 40.
/// Round 1 (3 digits < 10 empty): player 1 enters 9 in cell 8 (completing column 9: +10),
/// players 2 and 3 enter wrong digits. Round 2 (6 < 7): everyone enters wrong digits.
/// Round 3: 9 digits >= 1 empty cell: the final round.
fn final_round_game(final_order: FinalOrder) -> Game {
    let mut blanks = rows(&[0]);
    blanks.push(40);
    let options = Options {
        final_order,
        ..no_handicap()
    };
    let mut g = game(&blanks, 3, options);
    let first = play_right(&mut g, 8);
    assert_eq!((first.points, first.bonus), (9, 10));
    play_wrong(&mut g, 7);
    play_wrong(&mut g, 6);
    assert_eq!(g.final_round(), None);
    assert_eq!(g.round(), 2);
    for cell in [5, 4, 3, 2, 1, 0] {
        play_wrong(&mut g, cell);
    }
    assert_eq!(g.totals(), [19, 0, 0]);
    assert_eq!(g.empty_cells(), 1);
    g
}

#[test]
fn the_final_round_is_the_first_whose_quotas_reach_the_empty_cells() {
    let g = final_round_game(FinalOrder::Increasing);
    assert_eq!(g.round(), 3);
    assert_eq!(g.final_round(), Some(3));
    assert!(g.is_final_round());
    // Quota 3, but a single empty cell: the turn takes one digit.
    assert_eq!(g.quota(), 3);
    assert_eq!(g.digits_left(), 1);
}

#[test]
fn increasing_final_order_lowest_first_ties_in_initial_order_absent_players_get_ten() {
    let mut g = final_round_game(FinalOrder::Increasing);
    // Scores 19, 0, 0: players 2 and 3 are tied and keep their initial order.
    assert_eq!(g.round_order(), [1, 2, 0]);
    assert_eq!(g.to_act().first().copied(), Some(1));
    let report = play_right(&mut g, 40);
    assert!(report.game_over && report.turn_over);
    assert_eq!((report.points, report.bonus), (9, 10));
    assert!(g.is_over());
    // Players 3 and 1 would have played after the grid was full: +10 each.
    assert_eq!(g.sheet(2).absent, 10);
    assert_eq!(g.sheet(0).absent, 10);
    assert_eq!(g.sheet(1).absent, 0);
    assert_eq!(g.totals(), [29, 19, 10]);
    assert_eq!(g.leaders(), [0]);
    let last: Vec<(u32, usize, usize, u32)> = g.turns()[g.turns().len() - 3..]
        .iter()
        .map(|t| (t.round, t.player, t.entries.len(), t.absent_bonus))
        .collect();
    assert_eq!(last, [(3, 1, 1, 0), (3, 2, 0, 10), (3, 0, 0, 10)]);
}

#[test]
fn status_quo_final_order_keeps_the_initial_order() {
    let mut g = final_round_game(FinalOrder::StatusQuo);
    assert_eq!(g.round_order(), [0, 1, 2]);
    play_right(&mut g, 40);
    assert_eq!(g.totals(), [19 + 19, 10, 10]);
}

#[test]
fn increasing_final_order_counts_handicaps() {
    // 2 players with handicaps 0 and 4, regular: 4 empty cells; round 1 (2 digits < 4) both
    // players wrong; round 2 (4 digits >= 2) is final and ordered with the handicaps.
    let blanks = [0, 8, 40, 80];
    let mut g = game(&blanks, 2, Options::default());
    play_wrong(&mut g, 0);
    play_wrong(&mut g, 8);
    assert_eq!(g.totals(), [0, 4]);
    assert_eq!(g.round_order(), [0, 1]);
    // Now make player 2 the lower one: a new game where player 1 scores.
    let mut g = game(&blanks, 2, Options::default());
    play_right(&mut g, 0); // 1 point, +10 (completes column 1)
    play_wrong(&mut g, 8);
    assert_eq!(g.totals(), [11, 4]);
    assert_eq!(g.final_round(), Some(2));
    assert_eq!(g.round_order(), [1, 0]);
}

#[test]
fn nobody_is_absent_when_the_quotas_exactly_fill_the_grid() {
    // 2 players, express: 6 empty cells, round 1 is final and fills them exactly.
    let blanks = [0, 10, 20, 30, 40, 50];
    let options = Options {
        challenge: Challenge::Express,
        ..no_handicap()
    };
    let g = play_through(&blanks, 2, options);
    assert_eq!(g.final_round(), Some(1));
    assert!(g.sheets().iter().all(|s| s.absent == 0));
    assert_eq!(g.turns().len(), 2);
}

// --- Two against two -------------------------------------------------------------------

fn team_options() -> Options {
    Options {
        teams: true,
        ..no_handicap()
    }
}

#[test]
fn teams_alternate_a_b_a_b_and_win_on_their_total() {
    // 5 empty cells: row 1's cells 0, 2, 4, 8 and cell 40. Round 1 (4 < 5): players 1, 3, 4
    // right (each completing a column), player 2 wrong. Round 2 is final.
    let blanks = [0, 2, 4, 8, 40];
    let mut g = game(&blanks, 4, team_options());
    assert_eq!(g.round_order(), [0, 1, 2, 3]);
    let teams: Vec<Team> = (0..4).map(|p| g.team_of(p).unwrap()).collect();
    assert_eq!(teams, [Team::A, Team::B, Team::A, Team::B]);
    assert_eq!(play_right(&mut g, 8).bonus, 10); // player 1: 9 + 10
    play_wrong(&mut g, 0); // player 2: 0
    play_right(&mut g, 4); // player 3: 5 + 10
    play_right(&mut g, 2); // player 4: 3 + 10 (row 1 and box 1 too: still 10)
    assert_eq!(g.totals(), [19, 0, 15, 13]);
    assert_eq!(g.team_totals(), Some([34, 13]));

    // Final round, increasing: the teams still alternate A, B, A, B (player 4 ended round 1),
    // each sending its lower score first: players 3 (15), 2 (0), 1 (19), 4 (13). A plain sort
    // by score would give 2, 4, 3, 1.
    assert_eq!(g.final_round(), Some(2));
    assert_eq!(g.round_order(), [2, 1, 0, 3]);
    let report = play_right(&mut g, 40);
    assert!(report.game_over);
    assert_eq!(g.totals(), [29, 10, 34, 23]);
    assert_eq!(g.team_totals(), Some([63, 33]));
    assert_eq!(g.leading_teams(), [Team::A]);
    assert_eq!(g.leaders(), [0, 2]);
    for turns in g.turns().windows(2) {
        assert_ne!(
            Team::of_seat(turns[0].player),
            Team::of_seat(turns[1].player),
            "team-mates played one after the other"
        );
    }
}

#[test]
fn teams_status_quo_final_round_keeps_a_b_a_b() {
    let blanks = [0, 2, 4, 8, 40];
    let options = Options {
        final_order: FinalOrder::StatusQuo,
        ..team_options()
    };
    let mut g = game(&blanks, 4, options);
    for cell in [8, 0, 4, 2] {
        play_right(&mut g, cell);
    }
    assert_eq!(g.round_order(), [0, 1, 2, 3]);
    assert_eq!(g.team_of(3), Some(Team::B));
    assert!(
        Game::with_player_count(puzzle(&blanks), 2, Options::default())
            .unwrap()
            .team_totals()
            .is_none()
    );
}

// --- The chrono ------------------------------------------------------------------------

#[test]
fn with_the_chrono_only_digits_entered_within_the_limit_count() {
    let options = Options {
        chrono: Chrono::With {
            limit: Duration::from_secs(10),
        },
        ..no_handicap()
    };
    let mut blanks = rows(&[0]);
    blanks.push(40);
    let clock = ManualClock::new();
    let mut timed = TimedGame::new(game(&blanks, 2, options), &clock);
    let entry = |g: &Game, cell: usize| Entry::new(g.to_act()[0], Cell::new(cell), right(g, cell));

    // Player 1 takes 5 s: in time.
    clock.advance(Duration::from_secs(5));
    let e = entry(timed.game(), 6);
    let report = timed.play(e).unwrap();
    assert!(!report.late);
    assert_eq!(report.points, 7);
    assert_eq!(report.bonus, 10, "cell 6 completes column 7");

    // Player 2's time started when player 1 finished: 11 s is too long. The late digit is
    // placed, scores nothing and cannot earn the bonus.
    assert_eq!(timed.time_left(), Some(Duration::from_secs(10)));
    clock.advance(Duration::from_secs(11));
    assert_eq!(timed.time_left(), Some(Duration::ZERO));
    let e = entry(timed.game(), 40);
    let report = timed.play(e).unwrap();
    assert!(report.correct && report.late);
    assert_eq!((report.points, report.bonus), (0, 0));
    assert_eq!(report.completed, [HouseKind::Row(4), HouseKind::Box(4)]);
    assert_eq!(timed.game().grid().get(40), 9);

    // Round 2, player 1: one digit at 3 s, one at 12 s.
    clock.advance(Duration::from_secs(3));
    let e = entry(timed.game(), 8);
    assert_eq!(timed.play(e).unwrap().points, 9);
    clock.advance(Duration::from_secs(9));
    let e = entry(timed.game(), 7);
    let report = timed.play(e).unwrap();
    assert!(report.late);
    assert_eq!(report.points, 0);

    let game = timed.into_game();
    assert_eq!(game.totals(), [7 + 10 + 9 + 10, 0]);
    let times: Vec<(Option<u64>, bool)> = game
        .turns()
        .iter()
        .flat_map(|t| t.entries.iter().map(|e| (e.elapsed_ms, e.late)))
        .collect();
    assert_eq!(
        times,
        [
            (Some(5000), false),
            (Some(11000), true),
            (Some(3000), false),
            (Some(12000), true)
        ]
    );
    // The record keeps the times, so the replay scores the same.
    assert_eq!(game.record().replay().unwrap(), game);
}

#[test]
fn without_the_chrono_time_does_not_matter() {
    let mut g = game(&rows(&[0]), 2, no_handicap());
    let cell = 6;
    let report = g
        .play_timed(
            Entry::new(0, Cell::new(cell), right(&g, cell)),
            Duration::from_secs(3600),
        )
        .unwrap();
    assert!(!report.late);
    assert_eq!(report.points, 7);
    assert_eq!(g.turns()[0].entries[0].elapsed_ms, None);
}

// --- Game over -------------------------------------------------------------------------

#[test]
fn the_game_is_over_when_the_grid_is_full() {
    let mut g = play_through(&rows(&[0]), 3, Options::default());
    assert!(g.is_over());
    assert_eq!(g.to_act().first().copied(), None);
    assert_eq!(g.digits_left(), 0);
    assert!(g.legal_moves().is_empty());
    assert_eq!(
        g.play(Entry::new(0, Cell::new(0), 1)),
        Err(PlayError::GameOver)
    );
    assert!(g.grid().is_complete());
    assert_eq!(g.grid(), g.puzzle().solution());
}

#[test]
fn the_view_hides_the_solution_but_shows_the_turns_ahead() {
    let g = game(&rows(&[0, 4, 8]), 3, Options::default());
    let view = g.view();
    assert_eq!(view.grid(), g.grid());
    assert_eq!(view.digits_left(), 1);
    // Round 1: players 2 and 3 with one digit, then round 2 with two.
    assert_eq!(
        view.upcoming_turns(5),
        [(1, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
    );
    // Near the end, the final round's order is predicted from the scores.
    let g = final_round_game(FinalOrder::Increasing);
    assert_eq!(g.upcoming_turns(5), []);
    let g = Game::with_player_count(generated(1), 2, Options::default()).unwrap();
    let total: usize = g
        .upcoming_turns(1000)
        .iter()
        .map(|&(_, q)| usize::from(q))
        .sum();
    assert!(total + 1 >= g.empty_cells());
}

#[test]
fn a_first_round_can_be_the_final_one_absent_players_keep_their_handicap() {
    // 3 players, express, handicaps on: 4 empty cells, 9 digits in round 1 >= 4: round 1 is
    // final, ordered by the handicaps (0, 4, 6: the initial order). Player 1 fills three
    // cells, player 2 the last one, player 3 is absent: +6 handicap and +10.
    let blanks = [0, 10, 20, 40];
    let options = Options {
        challenge: Challenge::Express,
        ..Options::default()
    };
    let mut g = game(&blanks, 3, options);
    assert_eq!(g.final_round(), Some(1));
    assert_eq!(g.round_order(), [0, 1, 2]);
    for cell in [0, 10, 20] {
        play_right(&mut g, cell);
    }
    assert_eq!(g.to_act().first().copied(), Some(1));
    assert_eq!(
        g.digits_left(),
        1,
        "one cell left: fewer digits than the quota"
    );
    let report = play_right(&mut g, 40);
    assert!(report.game_over);
    let absent = g.turns().last().unwrap();
    assert_eq!(
        (absent.round, absent.player, absent.entries.len()),
        (1, 2, 0)
    );
    assert_eq!((absent.handicap, absent.absent_bonus), (6, 10));
    assert_eq!(absent.points(), 16);
    assert_eq!(g.sheet(2).total(), 16);
    // Every point is in the turns.
    let by_turns: Vec<u32> = (0..3)
        .map(|p| {
            g.turns()
                .iter()
                .filter(|t| t.player == p)
                .map(|t| t.points())
                .sum()
        })
        .collect();
    assert_eq!(by_turns, g.totals());
}

#[test]
fn tied_leaders_all_win() {
    // 2 players, no handicap, 2 empty cells holding the same digit: each scores 5 + 10.
    // Cells 4 and 36 hold 5 and are each the only gap of their row, column and box.
    let mut g = game(&[4, 36], 2, no_handicap());
    assert_eq!(right(&g, 4), 5);
    assert_eq!(right(&g, 36), 5);
    play_right(&mut g, 4);
    play_right(&mut g, 36);
    assert!(g.is_over());
    assert_eq!(g.totals(), [15, 15]);
    assert_eq!(g.leaders(), [0, 1]);
    assert_eq!(g.record().winners, [0, 1]);
}
