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

/// Fills every empty cell with the solution's symbol, by a click and the key of the symbol
/// (letters from 10 on, lower case for one half, upper case for the other).
fn play_by_keys(app: &mut grilles::App, w: u16, h: u16) {
    let text = screen(app, w, h);
    assert!(!text.contains("too small"), "{text}");
    let (shape, solution) = {
        let g = app.sudoku.as_ref().unwrap().game.as_ref().unwrap();
        (g.shape(), g.solution().clone())
    };
    let map = app.sudoku.as_ref().unwrap().map.clone();
    let n = shape.size();
    for cell in shape.cells() {
        let g = app.sudoku.as_ref().unwrap().game.as_ref().unwrap();
        if g.value(cell) != 0 {
            continue;
        }
        let (r, c) = (shape.row_of(cell), shape.col_of(cell));
        app.handle(&grilles::keys::click(map.cols[c], map.rows[r]));
        let v = solution.get(cell.index());
        let mut symbol = grilles::sudoku::symbol(n, v);
        if cell.index() % 2 == 0 {
            symbol = symbol.to_ascii_lowercase();
        }
        app.handle(&grilles::keys::char(symbol));
        let g = app.sudoku.as_ref().unwrap().game.as_ref().unwrap();
        assert_eq!(g.value(cell), v, "{symbol:?} in {}", cell.display(shape));
    }
    let text = screen(app, w, h);
    assert!(text.contains("Solved in"), "{text}");
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
    play_by_keys(&mut app, 100, 32);
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
    play_by_keys(&mut app, 160, 48);
}
