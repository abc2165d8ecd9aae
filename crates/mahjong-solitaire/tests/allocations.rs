//! `Board::legal_moves_into` allocates nothing once its vector is large enough. Its body
//! makes that evident (fixed arrays on the stack, pushes into the caller's vector, no sort);
//! this test checks the part a caller can see: the vector's buffer is reused, never grown
//! or replaced, along a whole game. (A counting global allocator would need `unsafe`, which
//! the workspace forbids.)

use mahjong_solitaire::{BuiltinLayout, Move, random_deal};
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;

#[test]
fn legal_moves_into_reuses_its_vector() {
    let mut board = random_deal(
        &BuiltinLayout::Turtle.layout(),
        &mut Pcg64Mcg::seed_from_u64(2),
    );
    let mut moves: Vec<Move> = Vec::with_capacity(256);
    let (buffer, capacity) = (moves.as_ptr(), moves.capacity());
    let mut seen = 0;
    loop {
        board.legal_moves_into(&mut moves);
        assert_eq!((moves.as_ptr(), moves.capacity()), (buffer, capacity));
        assert_eq!(moves, board.legal_moves());
        seen += moves.len();
        let Some(&m) = moves.first() else { break };
        board.play(m).unwrap();
    }
    assert!(seen > 20, "{seen}");
}
