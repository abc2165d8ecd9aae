//! Mahjong solitaire: a winnable Turtle cleared by hints alone; picking pairs by keys and
//! clicks; the warning when the position is lost.

use crate::common::{app, screen, send};

#[test]
fn a_winnable_deal_is_cleared_by_hints_alone() {
    let mut app = app();
    send(&mut app, "3 <enter>");
    app.settle();
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Tiles 144"), "{text}");
    assert!(text.contains("Winnable"), "{text}");
    for n in 0..72 {
        send(&mut app, "h");
        app.settle();
        let text = screen(&mut app, 80, 24);
        assert!(text.contains("keeps the game winnable"), "pair {n}: {text}");
        send(&mut app, "h");
        app.settle();
    }
    let g = app.solitaire.as_ref().unwrap().game.as_ref().unwrap();
    assert!(g.board.is_cleared());
    assert_eq!(g.hints, 72);
    let text = screen(&mut app, 80, 24);
    assert!(text.contains("Cleared in"), "{text}");
    assert!(text.contains("Tiles 0"), "{text}");
}
