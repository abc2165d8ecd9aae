//! The one state shape: `Game` through `grilles_game::GameState`, checked by the shared
//! drivers on small seeded games.

use defi_sudoku::sudoku_core::Cell;
use defi_sudoku::{Entry, Game, Options, PlayError, SolvedPuzzle};
use grilles_game::{GameState, Limits, StopReason, check_shape, perft};

use crate::common::generated;

/// A generated puzzle with all but `empty` of its empty cells filled in.
fn small(seed: u64, empty: usize) -> SolvedPuzzle {
    let full = generated(seed);
    let mut grid = full.solution().clone();
    for cell in (0..81).filter(|&c| full.puzzle().get(c) == 0).take(empty) {
        grid.set(cell, 0).unwrap();
    }
    SolvedPuzzle::new(grid, full.solution().clone()).unwrap()
}

/// Moves the game must refuse whatever the position: out-of-range cells, digits and
/// players, and every player's entry in a given cell.
fn probes(game: &Game) -> Vec<Entry> {
    let given = (0..81)
        .find(|&c| game.puzzle().puzzle().get(c) != 0)
        .unwrap();
    let empty = (0..81)
        .find(|&c| game.puzzle().puzzle().get(c) == 0)
        .unwrap();
    let mut probes = vec![
        Entry::new(0, Cell::new(81), 1),
        Entry::new(0, Cell::new(empty), 0),
        Entry::new(0, Cell::new(empty), 10),
        Entry::new(9, Cell::new(empty), 1),
    ];
    for player in 0..game.player_count() {
        probes.push(Entry::new(player, Cell::new(given), 1));
        probes.push(Entry::new(player, Cell::new(empty), 5));
    }
    probes
}

#[test]
fn a_game_keeps_the_one_state_shape() {
    for (players, empty) in [(2, 4), (3, 5)] {
        let game = Game::with_player_count(small(41, empty), players, Options::default()).unwrap();
        let checked = check_shape(&game, 8, 6, &probes(&game), &Limits::new()).unwrap();
        assert!(checked > 100, "{checked} states");
    }
}

#[test]
fn perft_counts_every_line_of_entries() {
    // Each entry fills one of the empty cells with one of nine digits (wrong digits are
    // corrected), whoever plays it: n cells give 9n × 9(n - 1) × … lines.
    let game = Game::with_player_count(small(42, 3), 2, Options::default()).unwrap();
    let limits = Limits::new();
    assert_eq!(perft(&game, 0, &limits), Ok(1));
    assert_eq!(perft(&game, 1, &limits), Ok(27));
    assert_eq!(perft(&game, 2, &limits), Ok(27 * 18));
    assert_eq!(perft(&game, 3, &limits), Ok(27 * 18 * 9));
    // A fourth entry does not exist: the grid is full after three.
    assert_eq!(perft(&game, 4, &limits), Ok(0));
    let stopped = perft(&game, 3, &Limits::new().budget(100)).unwrap_err();
    assert_eq!(stopped.reason(), StopReason::Budget);
}

#[test]
fn the_trait_and_the_inherent_methods_agree() {
    let mut game = Game::with_player_count(small(43, 6), 3, Options::default()).unwrap();
    while !game.is_over() {
        assert_eq!(GameState::to_act(&game), game.to_act());
        assert_eq!(GameState::legal_moves(&game), game.legal_moves());
        let m = game.legal_moves()[0];
        assert_eq!(GameState::check(&game, m), Ok(()));
        GameState::play(&mut game, m).unwrap();
    }
    assert!(GameState::is_over(&game) && GameState::to_act(&game).is_empty());
    assert_eq!(
        GameState::play(&mut game, Entry::new(0, Cell::new(0), 1)),
        Err(PlayError::GameOver)
    );
}
