//! Sudoku: typed puzzles, hints, pencil marks, undo, saving.

use grilles::ScreenKind;

use crate::common::{app, screen, send};

const EASY: &str =
    "000000010400000000020000000000050407008000300001090000300400200050100000000806000";

#[test]
fn a_typed_puzzle_is_solved_by_hints_alone() {
    let mut app = app();
    send(&mut app, "1");
    assert_eq!(app.screen(), ScreenKind::Sudoku);
    assert!(screen(&mut app, 80, 24).contains("New sudoku"));
    send(&mut app, &format!("<down> <down> <down> {EASY} <enter>"));
    app.settle();
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Sudoku 9×9"), "{text}");
    let g = app
        .sudoku
        .as_ref()
        .and_then(|s| s.game.as_ref())
        .expect("a game");
    assert_eq!(g.empty_cells(), 64);
    let mut presses = 0;
    while !app
        .sudoku
        .as_ref()
        .unwrap()
        .game
        .as_ref()
        .unwrap()
        .is_solved()
    {
        send(&mut app, "h");
        let text = screen(&mut app, 80, 24);
        assert!(text.contains("(h: play"), "{text}");
        send(&mut app, "h");
        presses += 2;
        assert!(presses < 1000, "too many hints");
    }
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Solved in"), "{text}");
    assert!(text.contains("Level easy, difficulty 122"), "{text}");
}
