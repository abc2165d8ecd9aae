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

#[test]
fn a_typed_16x16_is_played_to_the_end_with_letters() {
    use rand::SeedableRng;
    let geometry = sudoku_core::Geometry::classic(sudoku_core::Shape::new(4, 4).unwrap());
    let made = sudoku_core::Generator::new(geometry)
        .proof_budget(1_000)
        .generate(&mut rand_pcg::Pcg64Mcg::seed_from_u64(5))
        .unwrap();
    let mut app = app();
    send(
        &mut app,
        &format!("1 <down> <down> <down> {} <enter>", made.puzzle),
    );
    let text = screen(&mut app, 100, 32);
    assert!(text.contains("Sudoku 16×16"), "{text}");
    // At 100 columns the side panel is there, and the keys of the commands that letters
    // take are shown with Alt.
    assert!(text.contains("Empty "), "{text}");
    assert!(
        text.contains("Alt-a:auto") && text.contains("Alt-c:check"),
        "{text}"
    );
    send(&mut app, "?");
    assert!(screen(&mut app, 100, 32).contains("Alt-letter: its command"));
    send(&mut app, "<esc>");
    crate::variants::play_to_the_end(&mut app, 100, 32);
}

#[test]
fn a_generated_25x25_is_played_to_the_end_with_letters() {
    let mut app = app();
    send(&mut app, "1 <right> <right> <right> <right> <enter>");
    app.settle();
    let text = screen(&mut app, 160, 48);
    assert!(text.contains("Sudoku 25×25"), "{text}");
    // At 80×24 the grid does not fit: the screen says so.
    assert!(screen(&mut app, 80, 24).contains("too small"));
    crate::variants::play_to_the_end(&mut app, 160, 48);
}
