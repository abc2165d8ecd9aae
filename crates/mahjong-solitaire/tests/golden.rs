//! Value stability: seeded deals must not change within a `rand` minor version (front ends
//! replay deals from their seeds). Each pinned deal is checked first: a random deal holds the
//! layout's tiles, a solvable deal is won by its placement reversed, and the solver's verdict
//! is replayed or agrees.

use mahjong_solitaire::{Board, BuiltinLayout, Outcome, Solver, random_deal, solvable_deal};
use mahjong_tiles::Tile;
use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_pcg::Pcg64Mcg;

fn rng(seed: u64) -> Pcg64Mcg {
    Pcg64Mcg::seed_from_u64(seed)
}

fn first_tiles(board: &Board, n: usize) -> String {
    let tiles: Vec<String> = board
        .remaining_tiles()
        .take(n)
        .map(|(_, t)| t.to_string())
        .collect();
    tiles.join(" ")
}

fn sorted_tiles(board: &Board) -> Vec<Tile> {
    let mut tiles: Vec<Tile> = board.remaining_tiles().map(|(_, t)| t).collect();
    tiles.sort_unstable();
    tiles
}

/// The generator itself: the draws every deal is made of (`rand`'s `shuffle` on
/// `Pcg64Mcg::seed_from_u64`).
#[test]
fn seeded_shuffle_is_pinned() {
    let mut v: Vec<u8> = (0..10).collect();
    v.shuffle(&mut rng(42));
    assert_eq!(v, GOLDEN_SHUFFLE);
}

const GOLDEN_SHUFFLE: [u8; 10] = [2, 7, 8, 1, 4, 9, 3, 5, 6, 0];

#[test]
fn random_turtle_deal_is_pinned() {
    let layout = BuiltinLayout::Turtle.layout();
    let board = random_deal(&layout, &mut rng(1));
    assert_eq!(sorted_tiles(&board), layout.tiles());
    assert_eq!(
        first_tiles(&board, 12),
        "5p 4m 5z 4s 8p 1f 6s 6p 3s 3m 5p 5s"
    );
    // The solver's verdict on it, replayed, and the nodes it takes.
    let analysis = Solver::new().solve(&board).expect("no budget: an answer");
    let Outcome::Winnable(moves) = &analysis.outcome else {
        panic!("seed 1: {:?}", analysis.outcome);
    };
    let mut replay = board.clone();
    for &m in moves {
        replay.play(m).unwrap();
    }
    assert!(replay.is_cleared());
    assert_eq!(analysis.nodes, 355);
}

#[test]
fn solvable_turtle_deal_is_pinned() {
    let layout = BuiltinLayout::Turtle.layout();
    let d = solvable_deal(&layout, &mut rng(1)).unwrap();
    assert_eq!(sorted_tiles(&d.board), layout.tiles());
    let mut replay = d.board.clone();
    for m in d.solution() {
        replay.play(m).unwrap();
    }
    assert!(replay.is_cleared());
    assert_eq!(
        first_tiles(&d.board, 12),
        "9m 3y 2s 7m 9m 5z 5p 4m 4y 6s 3p 5z"
    );
    let moves: Vec<String> = d.placement.iter().take(6).map(|m| m.to_string()).collect();
    assert_eq!(moves.join(" "), "55-68 37-85 9-17 64-69 38-67 29-86");
}
