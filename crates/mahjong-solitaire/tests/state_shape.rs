//! The one state shape: `Board` drives through `grilles_game::GameState` and keeps its
//! contract (`check_shape`), on boards of a small layout and of the Turtle.

use mahjong_solitaire::{
    Board, BuiltinLayout, GameState, Layout, Move, PlayError, random_deal, solvable_deal,
};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

/// Moves no state may list: out of range, a tile with itself, far out.
fn probes(n: usize) -> Vec<Move> {
    vec![
        Move::new(0, 0),
        Move::new(1, 1),
        Move::new(n - 1, n - 1),
        Move::new(0, n),
        Move::new(n, n + 1),
        Move::new(3, usize::MAX),
        Move::new(usize::MAX, usize::MAX),
        // Real pairs, legal or not depending on the state.
        Move::new(0, 1),
        Move::new(0, n - 1),
        Move::new(n / 2, n / 2 + 1),
    ]
}

/// Drives any state to its end through the trait only, always playing the first listed
/// move: the number of moves played.
fn play_out<S: GameState>(state: &mut S) -> usize {
    let mut played = 0;
    while !state.is_over() {
        assert_eq!(state.to_act().len(), 1);
        let m = state.legal_moves()[0];
        state.play(m).expect("a listed move plays");
        played += 1;
    }
    assert!(state.to_act().is_empty() && state.legal_moves().is_empty());
    played
}

#[test]
fn small_boards_keep_the_contract() {
    let layout: Layout = "0 0: 0-10\n0 2: 0-10\n1 1: 3-7\n2 1: 5\n0 6: 0-2\n"
        .parse()
        .unwrap();
    let n = layout.len();
    for seed in 0..6 {
        let mut rng = Pcg64Mcg::seed_from_u64(seed);
        let board = if seed % 2 == 0 {
            random_deal(&layout, &mut rng)
        } else {
            solvable_deal(&layout, &mut rng).unwrap().board
        };
        let states =
            grilles_game::check_shape(&board, 9, 3, &probes(n), &grilles_game::Limits::new())
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        // A solvable deal has a line of all its nine moves.
        assert!(seed % 2 == 0 || states >= 10, "seed {seed}: {states}");
        let mut copy = board.clone();
        let played = play_out(&mut copy);
        assert_eq!(copy.remaining() + 2 * played, n);
    }
}

#[test]
fn turtle_boards_keep_the_contract() {
    let layout = BuiltinLayout::Turtle.layout();
    let n = layout.len();
    for seed in [1, 2] {
        let board = solvable_deal(&layout, &mut Pcg64Mcg::seed_from_u64(seed))
            .unwrap()
            .board;
        let states =
            grilles_game::check_shape(&board, 6, 2, &probes(n), &grilles_game::Limits::new())
                .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
        assert!(states >= 7, "seed {seed}: {states}");
    }
    // A line to the end of a random deal, through the trait.
    let mut board = random_deal(&layout, &mut Pcg64Mcg::seed_from_u64(3));
    assert!(play_out(&mut board) > 0);
    assert!(GameState::is_over(&board));
}

#[test]
fn the_trait_and_the_board_agree() {
    let mut board = random_deal(
        &BuiltinLayout::Pyramid.layout(),
        &mut Pcg64Mcg::seed_from_u64(4),
    );
    let m = board.legal_moves()[0];
    assert_eq!(GameState::legal_moves(&board), board.legal_moves());
    assert_eq!(GameState::check(&board, m), board.check(m));
    assert!(!GameState::is_legal(&board, Move::new(0, 0)));
    let err: PlayError = GameState::play(&mut board, Move::new(0, 0)).unwrap_err();
    assert!(matches!(
        err,
        PlayError::SameTile { .. } | PlayError::NotFree { .. }
    ));
    GameState::play(&mut board, m).unwrap();
    assert_eq!(board.history(), [m]);
    assert_eq!(GameState::to_act(&board), [()]);
    assert_eq!(board.is_over(), GameState::is_over(&board));
    let _: &Board = &board;
}
