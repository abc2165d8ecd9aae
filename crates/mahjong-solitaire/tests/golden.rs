//! Value stability: seeded deals must never change (front ends and saved games rely on them).

use mahjong_solitaire::{Board, BuiltinLayout, deal, random::rng_from_seed};

fn first_tiles(board: &Board, n: usize) -> String {
    let tiles: Vec<String> = board
        .remaining_tiles()
        .take(n)
        .map(|(_, t)| t.to_string())
        .collect();
    tiles.join(" ")
}

#[test]
fn random_turtle_deal_is_pinned() {
    let board = deal::random_deal(&BuiltinLayout::Turtle.layout(), &mut rng_from_seed(1));
    assert_eq!(
        first_tiles(&board, 12),
        "2m 4m 2s 3m 4p 2p 3p 9m 1m 6z 4s 2s"
    );
}

#[test]
fn solvable_turtle_deal_is_pinned() {
    let d = deal::solvable_deal(&BuiltinLayout::Turtle.layout(), &mut rng_from_seed(1)).unwrap();
    assert_eq!(
        first_tiles(&d.board, 12),
        "6m 1m 3s 4m 9s 3p 4y 4m 4z 4p 1f 8m"
    );
    let moves: Vec<String> = d.placement.iter().take(6).map(|m| m.to_string()).collect();
    assert_eq!(moves.join(" "), "2-26 38-65 54-97 25-53 12-70 69-119");
}
