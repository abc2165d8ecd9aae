//! "Why is this entry right?": every entry of a game is explained from the position before it.

use defi_sudoku::bot::{Bot, GreedyBot, play_out};
use defi_sudoku::sudoku_core::Cell;
use defi_sudoku::{ExplainError, Game, Options};
use rand::SeedableRng as _;
use rand_pcg::Pcg64Mcg;

use crate::common::{first_empty, generated};

#[test]
fn every_entry_of_a_game_is_explained() {
    let mut game = Game::with_player_count(generated(31), 3, Options::default()).unwrap();
    let mut bots: Vec<Box<dyn Bot>> = (0..3)
        .map(|_| {
            let bot = GreedyBot::new().with_skill(defi_sudoku::sudoku_grade::Method::A1);
            Box::new(bot) as Box<dyn Bot>
        })
        .collect();
    play_out(&mut game, &mut bots, &mut Pcg64Mcg::seed_from_u64(0)).unwrap();
    let mut explained = 0;
    for (t, turn) in game.turns().iter().enumerate() {
        for (e, entry) in turn.entries.iter().enumerate() {
            let why = game.explain_entry(t, e).unwrap();
            assert_eq!(why.cell, entry.cell);
            // A wrong entry's explanation is the correction's.
            assert_eq!(why.digit, game.puzzle().solution().get(entry.cell.index()));
            assert_eq!(why.digit == entry.value, entry.correct);
            assert!(!why.to_string().is_empty());
            explained += 1;
        }
    }
    assert_eq!(explained, generated(31).empty_cells());
    assert_eq!(
        game.explain_entry(0, 5),
        Err(ExplainError::NoSuchEntry { turn: 0, entry: 5 })
    );
    assert_eq!(
        game.explain_cell(Cell::new(0)),
        Err(ExplainError::CellFilled { cell: Cell::new(0) })
    );
}

#[test]
fn a_hint_explains_an_empty_cell_of_the_current_position() {
    let game = Game::with_player_count(generated(32), 2, Options::default()).unwrap();
    let cell = first_empty(&game);
    let why = game.explain_cell(Cell::new(cell)).unwrap();
    assert_eq!(why.digit, game.puzzle().solution().get(cell));
    let text = why.to_string();
    assert!(text.starts_with(&format!(
        "r{}c{} is {}:",
        cell / 9 + 1,
        cell % 9 + 1,
        why.digit
    )));
}
