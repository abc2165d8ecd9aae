//! Unit tests of the state machine.

use core::time::Duration;

use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use sudoku_core::Cell;

use super::*;

/// A puzzle with exactly `empty` empty cells: the first empty cells of a generated
/// puzzle, the others filled with the solution's digits.
fn puzzle_with_empty(empty: usize) -> SolvedPuzzle {
    let full = SolvedPuzzle::generate(&mut Pcg64Mcg::seed_from_u64(3));
    let mut puzzle = full.solution().clone();
    let givens = full.puzzle();
    for cell in (0..81).filter(|&c| givens.get(c) == 0).take(empty) {
        puzzle.set(cell, 0).unwrap();
    }
    SolvedPuzzle::new(puzzle, full.solution().clone())
        .expect("a sub-puzzle of a unique puzzle is unique")
}

fn first(puzzle: &SolvedPuzzle, filled: bool) -> Cell {
    let grid = puzzle.puzzle();
    Cell::new((0..81).find(|&c| (grid.get(c) != 0) == filled).unwrap())
}

#[test]
fn a_wrong_digit_is_corrected_and_uses_the_quota() {
    let puzzle = puzzle_with_empty(10);
    let mut game = Game::with_player_count(puzzle.clone(), 2, Options::default()).unwrap();
    let cell = first(&puzzle, false);
    let right = puzzle.solution().get(cell.index());
    let wrong = if right == 9 { 1 } else { right + 1 };
    let report = game.play(Entry::new(0, cell, wrong)).unwrap();
    assert!(!report.correct);
    assert_eq!(report.points, 0);
    assert_eq!(game.grid().get(cell.index()), right);
    assert!(report.turn_over);
    assert_eq!(game.to_act(), [1]);
    assert_eq!(game.sheet(0).total(), 0);
}

#[test]
fn errors_leave_the_game_unchanged() {
    let puzzle = puzzle_with_empty(10);
    let mut game = Game::with_player_count(puzzle.clone(), 2, Options::default()).unwrap();
    let before = game.clone();
    let filled = first(&puzzle, true);
    let empty = first(&puzzle, false);
    assert_eq!(
        game.play(Entry::new(1, empty, 1)),
        Err(PlayError::NotYourTurn {
            player: 1,
            name: "Player 2".into(),
            to_move: 0,
            to_move_name: "Player 1".into(),
        })
    );
    assert_eq!(
        game.play(Entry::new(0, filled, 1)),
        Err(PlayError::CellOccupied {
            cell: filled,
            value: puzzle.puzzle().get(filled.index())
        })
    );
    assert_eq!(
        game.play(Entry::new(0, Cell::new(81), 1)),
        Err(PlayError::CellOutOfRange {
            cell: Cell::new(81)
        })
    );
    assert_eq!(
        game.play(Entry::new(0, empty, 0)),
        Err(PlayError::DigitOutOfRange {
            cell: empty,
            value: 0
        })
    );
    assert_eq!(
        game.play(Entry::new(0, empty, 10)),
        Err(PlayError::DigitOutOfRange {
            cell: empty,
            value: 10
        })
    );
    assert_eq!(
        game.play(Entry::new(7, empty, 1)),
        Err(PlayError::UnknownPlayer {
            player: 7,
            players: 2
        })
    );
    assert_eq!(game, before);
}

#[test]
fn legal_moves_are_every_digit_of_every_empty_cell() {
    let game = Game::with_player_count(puzzle_with_empty(7), 3, Options::default()).unwrap();
    let legal: Vec<Entry> = game.legal_moves();
    assert_eq!(legal.len(), 7 * 9);
    assert!(legal.iter().all(|&e| game.is_legal(e) && e.player == 0));
}

#[test]
fn times_count_in_whole_milliseconds_and_replay_alike() {
    let options = Options {
        chrono: crate::Chrono::With {
            limit: Duration::from_secs(10),
        },
        ..Options::default()
    };
    let puzzle = puzzle_with_empty(9);
    let cell = first(&puzzle, false);
    let digit = puzzle.solution().get(cell.index());
    for (elapsed, late, ms) in [
        (Duration::from_micros(10_000_400), true, 10_001),
        (Duration::from_millis(10_000), false, 10_000),
        (Duration::from_micros(9_999_200), false, 10_000),
    ] {
        let mut game = Game::with_player_count(puzzle.clone(), 2, options).unwrap();
        let report = game
            .play_timed(Entry::new(0, cell, digit), elapsed)
            .unwrap();
        assert_eq!(report.late, late, "{elapsed:?}");
        assert_eq!(game.turns()[0].entries[0].elapsed_ms, Some(ms));
        assert_eq!(game.record().replay().as_ref(), Ok(&game));
        assert!(game.undo().is_some());
    }
}

#[test]
fn undo_takes_back_one_entry_at_a_time() {
    let mut game = Game::with_player_count(puzzle_with_empty(9), 3, Options::default()).unwrap();
    assert_eq!(game.undo(), None);
    let mut states = vec![game.clone()];
    let mut played = Vec::new();
    while let Some(&entry) = game.legal_moves().get(played.len() % 5) {
        game.play(entry).unwrap();
        played.push(entry);
        states.push(game.clone());
    }
    assert!(game.is_over());
    states.pop();
    while let Some(entry) = game.undo() {
        assert_eq!(Some(entry), played.pop());
        assert_eq!(Some(&game), states.last());
        states.pop();
    }
    assert!(played.is_empty() && states.is_empty());
}
