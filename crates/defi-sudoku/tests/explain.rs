//! "Why is this entry right?": every entry of a game is explained from the position before it.

use defi_sudoku::bot::{Bot, Strategy};
use defi_sudoku::{Board, ExplainError, Game, Options, play_out};

#[test]
fn every_entry_of_a_game_is_explained() {
    let mut game = Game::with_player_count(Board::generate(31), 3, Options::default()).unwrap();
    let mut bots: Vec<Bot> = (0..3)
        .map(|p| Bot::with_skill(Strategy::Greedy, defi_sudoku::deduce::Method::A1, p))
        .collect();
    play_out(&mut game, &mut bots).unwrap();
    let mut explained = 0;
    for (t, turn) in game.turns().iter().enumerate() {
        for (e, entry) in turn.entries.iter().enumerate() {
            let why = game.explain_entry(t, e).unwrap();
            assert_eq!(why.cell, entry.cell);
            // A wrong entry's explanation is the correction's.
            assert_eq!(why.digit, game.board().solution()[usize::from(entry.cell)]);
            assert_eq!(why.digit == entry.digit, entry.correct);
            assert!(!why.to_string().is_empty());
            explained += 1;
        }
    }
    assert_eq!(explained, Board::generate(31).empty_cells());
    assert_eq!(
        game.explain_entry(0, 5),
        Err(ExplainError::NoSuchEntry { turn: 0, entry: 5 })
    );
    assert_eq!(
        game.explain_cell(0),
        Err(ExplainError::CellFilled { cell: 0 })
    );
}

#[test]
fn a_hint_explains_an_empty_cell_of_the_current_position() {
    let game = Game::with_player_count(Board::generate(32), 2, Options::default()).unwrap();
    let cell = game.cells().iter().position(|&d| d == 0).unwrap() as u8;
    let why = game.explain_cell(cell).unwrap();
    assert_eq!(why.digit, game.board().solution()[usize::from(cell)]);
    let text = why.to_string();
    assert!(text.starts_with(&format!(
        "r{}c{} is {}:",
        cell / 9 + 1,
        cell % 9 + 1,
        why.digit
    )));
}
